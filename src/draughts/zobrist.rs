//! Zobrist keys, computed at compile time from a fixed seed so hashes are reproducible across
//! runs and builds and the hot path reads plain constants.

/// Key index of a white man; add 1 for a king, 2 for black.
pub const WHITE_MAN: usize = 0;

/// Keys per piece kind (white man, white king, black man, black king) and bit index.
pub const PIECE_KEYS: [[u64; 64]; 4] = {
    let mut keys = [[0u64; 64]; 4];
    let mut state = 0x7476_696c_6c69_6e67u64;
    let mut kind = 0;
    while kind < 4 {
        let mut bit = 0;
        while bit < 64 {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            keys[kind][bit] = splitmix(state);
            bit += 1;
        }
        kind += 1;
    }
    keys
};

/// Key toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix(0x6472_6175_6768_7473);

const fn splitmix(seed: u64) -> u64 {
    let mut z = seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
