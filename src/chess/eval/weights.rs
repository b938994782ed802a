//! The evaluation weights: packed (midgame, endgame) centipawn pairs laid out as in
//! [`super::features`], in the format the tuner prints (`texel-tune`, source in
//! scripts/texel_tune.rs). Change them by re-tuning rather than by hand.
//!
//! Hand-set starting values (centralisation, material, structure guesses), not yet tuned.

use super::features::NUM_FEATURES;
use super::score::{s, S};

/// Every weight of the evaluation, indexed by the offsets in [`super::features`].
#[rustfmt::skip]
pub const WEIGHTS: [S; NUM_FEATURES] = [
    // material: pawn, knight, bishop, rook, queen
    s(  80,  100), s( 320,  300), s( 330,  320), s( 460,  520), s( 950,  980),
    // pawn square table
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   3,    8), s(   3,    8), s(   3,    8), s(   3,    8),
    s(   6,   16), s(   6,   16), s(  11,   16), s(  16,   16),
    s(   9,   24), s(   9,   24), s(  14,   24), s(  19,   24),
    s(  12,   32), s(  12,   32), s(  12,   32), s(  12,   32),
    s(  15,   40), s(  15,   40), s(  15,   40), s(  15,   40),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // knight square table
    s( -12,  -14), s( -12,  -14), s( -12,  -14), s( -12,  -14),
    s( -12,  -14), s(  -4,   -6), s(  -4,   -6), s(  -4,   -6),
    s( -12,  -14), s(  -4,   -6), s(   4,    2), s(   4,    2),
    s( -12,  -14), s(  -4,   -6), s(   4,    2), s(  12,   10),
    s( -12,  -14), s(  -4,   -6), s(   4,    2), s(  12,   10),
    s( -12,  -14), s(  -4,   -6), s(   4,    2), s(   4,    2),
    s( -12,  -14), s(  -4,   -6), s(  -4,   -6), s(  -4,   -6),
    s( -12,  -14), s( -12,  -14), s( -12,  -14), s( -12,  -14),
    // bishop square table
    s(  -6,   -6), s(  -6,   -6), s(  -6,   -6), s(  -6,   -6),
    s(  -6,   -6), s(  -2,   -2), s(  -2,   -2), s(  -2,   -2),
    s(  -6,   -6), s(  -2,   -2), s(   2,    2), s(   2,    2),
    s(  -6,   -6), s(  -2,   -2), s(   2,    2), s(   6,    6),
    s(  -6,   -6), s(  -2,   -2), s(   2,    2), s(   6,    6),
    s(  -6,   -6), s(  -2,   -2), s(   2,    2), s(   2,    2),
    s(  -6,   -6), s(  -2,   -2), s(  -2,   -2), s(  -2,   -2),
    s(  -6,   -6), s(  -6,   -6), s(  -6,   -6), s(  -6,   -6),
    // rook square table
    s(   0,    0), s(   0,    0), s(   5,    0), s(   5,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(  15,   10), s(  15,   10), s(  15,   10), s(  15,   10),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // queen square table
    s(  -6,  -10), s(  -6,  -10), s(  -6,  -10), s(  -6,  -10),
    s(  -6,  -10), s(  -4,   -4), s(  -4,   -4), s(  -4,   -4),
    s(  -6,  -10), s(  -4,   -4), s(  -2,    2), s(  -2,    2),
    s(  -6,  -10), s(  -4,   -4), s(  -2,    2), s(   0,    8),
    s(  -6,  -10), s(  -4,   -4), s(  -2,    2), s(   0,    8),
    s(  -6,  -10), s(  -4,   -4), s(  -2,    2), s(  -2,    2),
    s(  -6,  -10), s(  -4,   -4), s(  -4,   -4), s(  -4,   -4),
    s(  -6,  -10), s(  -6,  -10), s(  -6,  -10), s(  -6,  -10),
    // king square table
    s(  20,  -16), s(  25,  -16), s(   5,  -16), s( -10,  -16),
    s(   5,  -16), s(   5,   -4), s( -10,   -4), s( -20,   -4),
    s( -30,  -16), s( -30,   -4), s( -30,    8), s( -30,    8),
    s( -40,  -16), s( -40,   -4), s( -40,    8), s( -40,   20),
    s( -50,  -16), s( -50,   -4), s( -50,    8), s( -50,   20),
    s( -60,  -16), s( -60,   -4), s( -60,    8), s( -60,    8),
    s( -70,  -16), s( -70,   -4), s( -70,   -4), s( -70,   -4),
    s( -80,  -16), s( -80,  -16), s( -80,  -16), s( -80,  -16),
    // knight mobility
    s( -20,  -20), s( -15,  -15), s( -10,  -10), s(  -5,   -5), s(   0,    0),
    s(   5,    5), s(  10,   10), s(  15,   15), s(  20,   20),
    // bishop mobility
    s( -30,  -30), s( -25,  -25), s( -20,  -20), s( -15,  -15), s( -10,  -10),
    s(  -5,   -5), s(   0,    0), s(   5,    5), s(  10,   10), s(  15,   15),
    s(  20,   20), s(  25,   25), s(  30,   30), s(  35,   35),
    // rook mobility
    s( -14,  -28), s( -12,  -24), s( -10,  -20), s(  -8,  -16), s(  -6,  -12),
    s(  -4,   -8), s(  -2,   -4), s(   0,    0), s(   2,    4), s(   4,    8),
    s(   6,   12), s(   8,   16), s(  10,   20), s(  12,   24), s(  14,   28),
    // queen mobility
    s( -13,  -26), s( -12,  -24), s( -11,  -22), s( -10,  -20), s(  -9,  -18),
    s(  -8,  -16), s(  -7,  -14), s(  -6,  -12), s(  -5,  -10), s(  -4,   -8),
    s(  -3,   -6), s(  -2,   -4), s(  -1,   -2), s(   0,    0), s(   1,    2),
    s(   2,    4), s(   3,    6), s(   4,    8), s(   5,   10), s(   6,   12),
    s(   7,   14), s(   8,   16), s(   9,   18), s(  10,   20), s(  11,   22),
    s(  12,   24), s(  13,   26), s(  14,   28),
    // bishop pair
    s(  30,   50),
    // rook on open file
    s(  40,   10),
    // rook on semi-open file
    s(  15,   10),
    // doubled pawn
    s( -10,  -20),
    // isolated pawn
    s( -10,  -10),
    // backward pawn
    s(  -8,   -8),
    // phalanx pawn by rank
    s(   0,    0), s(   5,    2), s(   8,    4), s(  12,    6),
    s(  20,   10), s(  40,   20), s(  60,   30), s(   0,    0),
    // supported pawn by rank
    s(   0,    0), s(   0,    0), s(   8,    8), s(  10,   10),
    s(  15,   15), s(  25,   25), s(  40,   40), s(   0,    0),
    // passed pawn by rank
    s(   0,    0), s(   5,   10), s(  10,   15), s(  15,   30),
    s(  30,   50), s(  50,   80), s(  80,  120), s(   0,    0),
    // blocked passed pawn by rank
    s(   0,    0), s(   0,   -5), s(   0,  -10), s(   0,  -15),
    s(   0,  -20), s(   0,  -25), s(   0,  -30), s(   0,    0),
    // passed pawn with a free path by rank
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    5),
    s(   0,   10), s(   0,   20), s(   0,   40), s(   0,    0),
    // passed pawn: own king distance by rank
    s(   0,    0), s(   0,    0), s(   0,   -1), s(   0,   -2),
    s(   0,   -3), s(   0,   -5), s(   0,   -7), s(   0,    0),
    // passed pawn: enemy king distance by rank
    s(   0,    0), s(   0,    0), s(   0,    2), s(   0,    4),
    s(   0,    6), s(   0,   10), s(   0,   14), s(   0,    0),
    // king zone attacks: knight, bishop, rook, queen
    s(   6,    0), s(   5,    0), s(   8,    0), s(  10,    0),
    // king attackers by count
    s(   0,    0), s(   0,    0), s(  20,    0), s(  50,    0),
    s(  80,    0), s( 110,    0), s( 130,    0), s( 150,    0),
    // safe checks: knight, bishop, rook, queen
    s(  40,    5), s(  25,    5), s(  45,    5), s(  35,    5),
    // pawn shield by rank
    s( -25,    0), s(  20,    0), s(  12,    0), s(   0,    0),
    s(  -5,    0), s( -15,    0), s( -15,    0), s(   0,    0),
    // pawn storm by rank
    s(   0,    0), s( -30,    0), s( -30,    0), s( -15,    0),
    s(  -5,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // open file at the king
    s( -25,    0),
    // semi-open file at the king
    s( -12,    0),
    // threats by pawn on knight, bishop, rook, queen
    s(  50,   30), s(  50,   30), s(  60,   40), s(  60,   40),
    // threats by minor on knight, bishop, rook, queen
    s(  20,   20), s(  20,   20), s(  40,   30), s(  40,   30),
    // threat by rook on queen
    s(  40,   30),
    // hanging piece
    s(  30,   20),
    // tempo
    s(  20,   10),
];
