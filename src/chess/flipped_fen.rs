//! For the tests of both evaluations: a position's colour-flipped twin, written out as text
//! so that it does not lean on the board code it helps to test.

/// The same position with colours swapped and the board turned upside down: side to move,
/// castling rights and the en-passant square follow.
pub(crate) fn colour_flipped_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let swap_case = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<String> = fields[0].split('/').rev().map(swap_case).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling: String = if fields[2] == "-" {
        "-".to_string()
    } else {
        let mut rights: Vec<char> = swap_case(fields[2]).chars().collect();
        rights.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
        rights.into_iter().collect()
    };
    let ep = if fields[3] == "-" {
        "-".to_string()
    } else {
        let rank = if &fields[3][1..] == "6" { "3" } else { "6" };
        format!("{}{}", &fields[3][..1], rank)
    };
    format!(
        "{} {side} {castling} {ep} {} {}",
        board.join("/"),
        fields[4],
        fields[5]
    )
}
