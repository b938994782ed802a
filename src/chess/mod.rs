//! Chess rules: board representation, move generation, notation, draw rules and perft.
