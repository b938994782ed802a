//! International draughts (10x10, FMJD) rules: board, move generation, notation, draw rules
//! and perft.
