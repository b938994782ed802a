//! Prints a weight vector as the source of `weights.rs`, so the tuner's output is the file
//! the engine compiles, section by section with the names of [`super::features`].

use super::features::{NUM_FEATURES, SECTIONS};
use super::score::S;
use std::fmt::Write;

/// The whole `weights.rs` for `weights`, with `provenance` (how they were obtained) in the
/// module header.
pub fn render_weights(weights: &[S; NUM_FEATURES], provenance: &str) -> String {
    let mut out = String::new();
    out.push_str(
        "//! The evaluation weights: packed (midgame, endgame) centipawn pairs laid out as in\n",
    );
    out.push_str(
        "//! [`super::features`], in the format the tuner prints (`texel-tune`, source in\n",
    );
    out.push_str(
        "//! scripts/texel_tune.rs). Change them by re-tuning rather than by hand.\n//!\n",
    );
    for line in provenance.lines() {
        out.push_str(format!("//! {line}").trim_end());
        out.push('\n');
    }
    out.push_str("\nuse super::features::NUM_FEATURES;\nuse super::score::{s, S};\n\n");
    out.push_str(&render_table(weights));
    out
}

/// The `WEIGHTS` constant alone.
pub(super) fn render_table(weights: &[S; NUM_FEATURES]) -> String {
    let mut out = String::new();
    out.push_str(
        "/// Every weight of the evaluation, indexed by the offsets in [`super::features`].\n",
    );
    out.push_str("#[rustfmt::skip]\npub const WEIGHTS: [S; NUM_FEATURES] = [\n");
    for section in &SECTIONS {
        let _ = writeln!(out, "    // {}", section.name);
        let block = &weights[section.offset..section.offset + section.len];
        for row in block.chunks(section.per_line) {
            let cells: Vec<String> = row
                .iter()
                .map(|w| format!("s({:4}, {:4}),", w.mg(), w.eg()))
                .collect();
            let _ = writeln!(out, "    {}", cells.join(" "));
        }
    }
    out.push_str("];\n");
    out
}
