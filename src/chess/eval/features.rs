//! The feature layout: where each evaluation term's weights sit in the one flat weight
//! vector.
//!
//! The evaluation and its trace both address weights by these offsets, so a term is
//! defined once and the `eval` table names exactly what the engine adds up. Indices
//! inside a section are documented beside each offset; "rank" always means the rank seen
//! from the piece owner's side (0 = its first rank).

/// Piece values, pawn to queen.
pub const MATERIAL: usize = 0;
/// Piece-square tables, `kind * 32 + rank * 4 + folded file` (files mirrored a<->h).
pub const PSQT: usize = MATERIAL + 5;
/// Knight mobility by number of safe squares (0..=8).
pub const MOBILITY_KNIGHT: usize = PSQT + 6 * 32;
/// Bishop mobility by number of safe squares (0..=13).
pub const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9;
/// Rook mobility by number of safe squares (0..=14).
pub const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14;
/// Queen mobility by number of safe squares (0..=27).
pub const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15;
/// Both bishops.
pub const BISHOP_PAIR: usize = MOBILITY_QUEEN + 28;
/// Rook on a file without pawns.
pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
/// Rook on a file with enemy pawns only.
pub const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// Pawn with an own pawn in front of it on its file.
pub const DOUBLED_PAWN: usize = ROOK_SEMI_OPEN_FILE + 1;
/// Pawn with no own pawn on either neighbouring file.
pub const ISOLATED_PAWN: usize = DOUBLED_PAWN + 1;
/// Pawn that no own pawn can support and whose stop square an enemy pawn guards.
pub const BACKWARD_PAWN: usize = ISOLATED_PAWN + 1;
/// Pawn with an own pawn beside it, by rank.
pub const PHALANX_PAWN: usize = BACKWARD_PAWN + 1;
/// Pawn defended by an own pawn, by rank.
pub const SUPPORTED_PAWN: usize = PHALANX_PAWN + 8;
/// Passed pawn, by rank.
pub const PASSED_PAWN: usize = SUPPORTED_PAWN + 8;
/// Passed pawn whose stop square is occupied, by rank.
pub const PASSED_BLOCKED: usize = PASSED_PAWN + 8;
/// Passed pawn whose path to promotion is empty and not attacked by the enemy, by rank.
pub const PASSED_FREE_PATH: usize = PASSED_BLOCKED + 8;
/// Passed pawn: distance of its own king to the stop square, per step, by rank.
pub const PASSED_OWN_KING_DISTANCE: usize = PASSED_FREE_PATH + 8;
/// Passed pawn: distance of the enemy king to the stop square, per step, by rank.
pub const PASSED_ENEMY_KING_DISTANCE: usize = PASSED_OWN_KING_DISTANCE + 8;
/// Per enemy king-zone square attacked, by attacker kind (knight, bishop, rook, queen).
pub const KING_ZONE_ATTACK: usize = PASSED_ENEMY_KING_DISTANCE + 8;
/// Number of pieces attacking the enemy king zone (0..=7, more counts as 7).
pub const KING_ATTACKERS: usize = KING_ZONE_ATTACK + 4;
/// Safe squares from which a knight, bishop, rook or queen can give check.
pub const SAFE_CHECK: usize = KING_ATTACKERS + 8;
/// Own pawn shielding the king on its file or a neighbouring one, by the pawn's rank
/// (0: no such pawn).
pub const PAWN_SHIELD: usize = SAFE_CHECK + 4;
/// Enemy pawn storming the king's file or a neighbouring one, by its rank seen from the
/// king's side (0: no such pawn).
pub const PAWN_STORM: usize = PAWN_SHIELD + 8;
/// File next to (or of) the king with no pawn at all.
pub const KING_OPEN_FILE: usize = PAWN_STORM + 8;
/// File next to (or of) the king with enemy pawns only.
pub const KING_SEMI_OPEN_FILE: usize = KING_OPEN_FILE + 1;
/// Enemy knight, bishop, rook or queen attacked by one of our pawns.
pub const THREAT_BY_PAWN: usize = KING_SEMI_OPEN_FILE + 1;
/// Enemy knight, bishop, rook or queen attacked by one of our knights or bishops.
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 4;
/// Enemy queen attacked by one of our rooks.
pub const THREAT_BY_ROOK_ON_QUEEN: usize = THREAT_BY_MINOR + 4;
/// Enemy piece other than the king that we attack and it does not defend.
pub const HANGING: usize = THREAT_BY_ROOK_ON_QUEEN + 1;
/// Having the move.
pub const TEMPO: usize = HANGING + 1;
/// Number of weights.
pub const NUM_FEATURES: usize = TEMPO + 1;

/// One named block of the weight vector, for the `eval` table.
pub struct Section {
    /// Name printed in the `eval` table.
    pub name: &'static str,
    /// First index.
    pub offset: usize,
    /// Number of weights.
    pub len: usize,
}

/// Every block in order; together they cover `0..NUM_FEATURES` exactly once.
pub const SECTIONS: [Section; 36] = [
    section("material: pawn, knight, bishop, rook, queen", MATERIAL, 5),
    section("pawn square table", PSQT, 32),
    section("knight square table", PSQT + 32, 32),
    section("bishop square table", PSQT + 64, 32),
    section("rook square table", PSQT + 96, 32),
    section("queen square table", PSQT + 128, 32),
    section("king square table", PSQT + 160, 32),
    section("knight mobility", MOBILITY_KNIGHT, 9),
    section("bishop mobility", MOBILITY_BISHOP, 14),
    section("rook mobility", MOBILITY_ROOK, 15),
    section("queen mobility", MOBILITY_QUEEN, 28),
    section("bishop pair", BISHOP_PAIR, 1),
    section("rook on open file", ROOK_OPEN_FILE, 1),
    section("rook on semi-open file", ROOK_SEMI_OPEN_FILE, 1),
    section("doubled pawn", DOUBLED_PAWN, 1),
    section("isolated pawn", ISOLATED_PAWN, 1),
    section("backward pawn", BACKWARD_PAWN, 1),
    section("phalanx pawn by rank", PHALANX_PAWN, 8),
    section("supported pawn by rank", SUPPORTED_PAWN, 8),
    section("passed pawn by rank", PASSED_PAWN, 8),
    section("blocked passed pawn by rank", PASSED_BLOCKED, 8),
    section("passed pawn with a free path by rank", PASSED_FREE_PATH, 8),
    section(
        "passed pawn: own king distance by rank",
        PASSED_OWN_KING_DISTANCE,
        8,
    ),
    section(
        "passed pawn: enemy king distance by rank",
        PASSED_ENEMY_KING_DISTANCE,
        8,
    ),
    section(
        "king zone attacks: knight, bishop, rook, queen",
        KING_ZONE_ATTACK,
        4,
    ),
    section("king attackers by count", KING_ATTACKERS, 8),
    section("safe checks: knight, bishop, rook, queen", SAFE_CHECK, 4),
    section("pawn shield by rank", PAWN_SHIELD, 8),
    section("pawn storm by rank", PAWN_STORM, 8),
    section("open file at the king", KING_OPEN_FILE, 1),
    section("semi-open file at the king", KING_SEMI_OPEN_FILE, 1),
    section(
        "threats by pawn on knight, bishop, rook, queen",
        THREAT_BY_PAWN,
        4,
    ),
    section(
        "threats by minor on knight, bishop, rook, queen",
        THREAT_BY_MINOR,
        4,
    ),
    section("threat by rook on queen", THREAT_BY_ROOK_ON_QUEEN, 1),
    section("hanging piece", HANGING, 1),
    section("tempo", TEMPO, 1),
];

const fn section(name: &'static str, offset: usize, len: usize) -> Section {
    Section { name, offset, len }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_tile_the_weight_vector() {
        let mut next = 0;
        for sec in &SECTIONS {
            assert_eq!(
                sec.offset, next,
                "{} starts where the previous ends",
                sec.name
            );
            next += sec.len;
        }
        assert_eq!(next, NUM_FEATURES);
    }
}
