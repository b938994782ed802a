//! The evaluation weights: packed (midgame, endgame) centipawn pairs laid out as in
//! [`super::features`].
//!
//! Tuned by texel-tune on 148837 positions (2000 epochs, Adam rate 1, L2 1e-9): K = 1.1125,
//! mean squared error 0.093798 -> 0.084976. The tuner (scripts/texel_tune.rs) and its data
//! generator (scripts/gen_selfplay.py) were removed once the network became the default;
//! `git log --diff-filter=D -- scripts/texel_tune.rs` finds them.

use super::features::NUM_FEATURES;
use super::score::{s, S};

/// Every weight of the evaluation, indexed by the offsets in [`super::features`].
#[rustfmt::skip]
pub const WEIGHTS: [S; NUM_FEATURES] = [
    // material: pawn, knight, bishop, rook, queen
    s(  50,  101), s( 292,  334), s( 345,  336), s( 480,  624), s(1152,  995),
    // pawn square table
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,   17), s(   7,  -13), s(  -5,   29), s(  -4,  -31),
    s(   8,   31), s(  42,  -13), s(  30,    4), s(  -2,   15),
    s(  12,   18), s(  15,   -9), s(  20,    3), s(  17,  -30),
    s(  32,   32), s( -32,   34), s( -26,   49), s( -43,    3),
    s( -53,   71), s( -21,   86), s(  38,   53), s(  56,   31),
    s(  40,  -49), s(  18,   53), s(  49,   64), s( -20,   34),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // knight square table
    s(  -1,  -42), s(  16,  -45), s( -63,   26), s(  13,   14),
    s(   0,   42), s( -88,   26), s( -50,  -70), s( -11,  -12),
    s(  -5,  -41), s( -13,  -14), s(   0,  -29), s( -30,    7),
    s(  22,  -13), s( -28,    2), s(  16,   23), s( -16,   -5),
    s( -33,   23), s(  23,  -18), s(  48,    9), s(  38,   -7),
    s( -62,   16), s(  29,   -9), s(   6,    3), s( -13,  -10),
    s(   0,   -3), s(  -2,   10), s(  44,   -5), s(  74,   18),
    s( -37,  -45), s( -24,    7), s( -38,  -60), s(  -4,   12),
    // bishop square table
    s(  -1,  -10), s(  94,  -59), s(  -4,  -33), s(  21,   15),
    s(  -5,  -51), s( -23,  -11), s(  38,  -33), s( -19,   10),
    s( -16,    2), s(   9,  -21), s( -12,   15), s(  -6,   20),
    s(  -3,  -41), s( -38,   -5), s(  16,  -26), s( -14,   21),
    s(  28,   15), s(   0,   10), s(   5,    2), s(   3,   17),
    s( -85,   -9), s( 103,   -8), s( -72,   24), s(   6,   24),
    s( -11,   51), s(   1,  -17), s(  12,   23), s( -53,   36),
    s( -12,   29), s(  23,   17), s( -43,  -48), s(  -6,  -21),
    // rook square table
    s(   0,  -15), s(  15,  -18), s(   0,  -11), s(   9,  -16),
    s( -20,    5), s(   3,    0), s( -14,   -4), s(  17,   -9),
    s(  -3,  -18), s( -67,   14), s( -41,   17), s(  19,  -11),
    s(   4,    2), s( -62,   12), s(  -2,   30), s(  31,   -6),
    s(  34,   27), s(  19,  -30), s(   0,   18), s(  25,   -1),
    s( -22,    6), s(  35,   13), s(  32,   20), s(   5,   -5),
    s(  70,   -3), s(  54,   16), s(   3,   43), s(  -7,   34),
    s(   1,  -21), s(  20,    0), s( -65,   54), s(  -3,    2),
    // queen square table
    s( -41,  -41), s( -12,  -32), s(  12,  -82), s( -11,  -62),
    s(  22,  -51), s( -11,  -20), s(  20,   24), s(   1,  -16),
    s( -14,   20), s( -22,   51), s( -12,   27), s(  -5,  -37),
    s(  11,   64), s(  37,  -55), s(  12,  -17), s( -23,   18),
    s(  31,   18), s( -11,  -11), s(   7,   -1), s( -13,   84),
    s( -19,  -14), s(  49,  -10), s(  53,   -2), s( -67,   48),
    s(  16,    2), s(  14,  -13), s(   3,  -11), s( -10,   -3),
    s(  42,   -9), s(  -2,  -33), s(  11,   15), s(  -1,   14),
    // king square table
    s( -15,  -12), s(  21,  -15), s( -70,  -11), s( -42,   30),
    s( -21,   -1), s( -21,    6), s( -26,    8), s( -19,  -10),
    s( -25,  -14), s( -20,   -4), s(  59,  -13), s(  15,   10),
    s( -68,  -12), s(   2,   -5), s( -44,    8), s( -56,   28),
    s( -29,  -30), s( -25,   -3), s( -52,   23), s( -53,   26),
    s( -40,  -61), s( -38,    8), s( -84,   -2), s( -44,   -9),
    s( -75,  -63), s( -73,    2), s( -67,    2), s( -71,   -6),
    s( -83,  -27), s( -80,  -22), s( -77,   -8), s( -77,    0),
    // knight mobility
    s(-159,  -30), s( -18,  -17), s( -27,  -31), s(   5,  -22), s(  22,   18),
    s(  33,   20), s(  37,   36), s(  49,   47), s(  30,   13),
    // bishop mobility
    s( -57,   32), s( -16,    0), s( -14,  -15), s( -11,   -4), s(   2,    3),
    s( -10,   20), s(   3,   18), s(  -1,   11), s(  -9,    6), s( -17,   30),
    s(  62,   10), s(  61,   16), s(  54,  -52), s(   2,  -23),
    // rook mobility
    s( -54, -121), s( -31,  -46), s( -12,   -7), s( -13,  -28), s(   5,   -9),
    s( -10,   31), s(  -4,   22), s(  -2,   10), s(  -4,   19), s(   8,   39),
    s(  30,   29), s(  43,   24), s(  12,   55), s(   9,   48), s(  44,   37),
    // queen mobility
    s( -13,  -26), s( -23,  -29), s(  45,   -9), s( -40,  -54), s( -39,  -27),
    s(  -2,  -45), s(  -3,  -36), s(  -6,   24), s(  11,  -17), s(  -1,   48),
    s(   8,   16), s(  14,   28), s(  33,    4), s(  21,   21), s(   5,   58),
    s(  27,   18), s(  18,   52), s(   9,   51), s(  24,    3), s(  48,   20),
    s(  -6,    0), s(  43,  -21), s(  16,  -19), s(  18,    2), s(  -8,   -7),
    s(  -7,  -39), s(  15,   21), s(  10,    9),
    // bishop pair
    s(  -1,   81),
    // rook on open file
    s(  18,   -9),
    // rook on semi-open file
    s(  36,  -22),
    // doubled pawn
    s(   2,  -11),
    // isolated pawn
    s( -13,  -25),
    // backward pawn
    s(   6,  -25),
    // phalanx pawn by rank
    s(   0,    0), s(  14,    4), s(  -2,  -12), s(  13,   10),
    s(  32,   27), s(  18,   62), s(  62,   36), s(   0,    0),
    // supported pawn by rank
    s(   0,    0), s(   0,    0), s(  17,   -7), s(  -4,    9),
    s(  55,  -18), s(  76,   15), s(  60,   65), s(   0,    0),
    // passed pawn by rank
    s(   0,    0), s(   0,   19), s(  32,    4), s( -28,   72),
    s( 118,   57), s(  42,   52), s( 108,   61), s(   0,    0),
    // blocked passed pawn by rank
    s(   0,    0), s(  -3,   36), s(  13,  -14), s(  -2,   -9),
    s( -45,    1), s(  22,  -15), s( -81,  -47), s(   0,    0),
    // passed pawn with a free path by rank
    s(   0,    0), s( -10,   19), s( -17,    2), s( -19,   -1),
    s(   6,   26), s(  13,   65), s(  16,   63), s(   0,    0),
    // passed pawn: own king distance by rank
    s(   0,    0), s(  25,  -24), s(  35,  -18), s(  41,  -16),
    s( -10,  -18), s( -11,  -15), s(  16,  -22), s(   0,    0),
    // passed pawn: enemy king distance by rank
    s(   0,    0), s(  -6,    8), s( -29,   20), s( -42,   19),
    s(  -9,   24), s(  15,   24), s(   3,   39), s(   0,    0),
    // king zone attacks: knight, bishop, rook, queen
    s(  -3,   -3), s(  43,   -7), s(  17,   -9), s(  29,  -13),
    // king attackers by count
    s(  32,  -18), s(   6,   -8), s(   0,   15), s(  40,   14),
    s(  71,   -3), s( 110,    0), s( 130,    0), s( 150,    0),
    // safe checks: knight, bishop, rook, queen
    s(  32,   -7), s(  18,   24), s(  33,    1), s(  65,  -47),
    // pawn shield by rank
    s(   6,   17), s(   4,   -4), s( -13,   -3), s(   2,  -13),
    s(   7,  -19), s( -18,  -16), s( -16,   37), s(   0,    0),
    // pawn storm by rank
    s(  -1,    6), s( -56,   87), s( -16,  -14), s(  -5,  -17),
    s(   4,  -27), s(   0,  -25), s(  -7,  -10), s(   0,    0),
    // open file at the king
    s( -21,  -37),
    // semi-open file at the king
    s( -17,   13),
    // threats by pawn on knight, bishop, rook, queen
    s(  51,   47), s(  41,   38), s(  65,   32), s(   8,   10),
    // threats by minor on knight, bishop, rook, queen
    s(   9,   11), s(  39,   21), s(  87,   -5), s(  31,    6),
    // threat by rook on queen
    s(  46,   27),
    // hanging piece
    s(   4,   36),
    // tempo
    s(  12,    9),
];
