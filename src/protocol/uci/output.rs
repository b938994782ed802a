//! Every engine-to-GUI line, formatted here rather than by vampirc 0.11.1, whose `info`
//! prints the bound keyword wrongly and whose `id` drops the author.
//!
//! Functions return the line without its newline; the session writes and flushes. Moves
//! are formatted by a caller-supplied closure, so this module never needs the chess rules
//! (and Chess960 castling notation stays the session's decision).

use super::wdl::Wdl;
use crate::engine::{nodes_per_second, Bound, Score, SearchInfo, SearchResult};
use std::fmt::Write;

/// The `id` lines of the `uci` answer: name with version, then author.
pub fn id_lines() -> [String; 2] {
    [
        format!("id name tvilling {}", env!("CARGO_PKG_VERSION")),
        "id author the tvilling developers".to_string(),
    ]
}

/// The `bestmove` of a root without a legal move (or of a search that could not start).
pub const NO_BESTMOVE: &str = "bestmove 0000";

/// Closes the `uci` answer.
pub const UCIOK: &str = "uciok";

/// Answers `isready`.
pub const READYOK: &str = "readyok";

/// Free text for the GUI as one `info string` line; line breaks become spaces so that a
/// message can never inject a second protocol line.
pub fn info_string(message: &str) -> String {
    let flat: String = message
        .chars()
        .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
        .collect();
    format!("info string {}", flat.trim_end())
}

/// `bestmove X [ponder Y]`, or `bestmove 0000` when the root has no legal move.
pub fn bestmove_line<M>(result: &SearchResult<M>, show: impl Fn(&M) -> String) -> String {
    match (&result.best, &result.ponder) {
        (Some(best), Some(ponder)) => format!("bestmove {} ponder {}", show(best), show(ponder)),
        (Some(best), None) => format!("bestmove {}", show(best)),
        (None, _) => NO_BESTMOVE.to_string(),
    }
}

/// The UCI score of a search score: centipawns, or mate in moves (negative when mated).
pub fn score_text(score: Score) -> String {
    match score {
        Score::Value(cp) => format!("cp {cp}"),
        // A win in p plies is our move, theirs, ..., ours: (p + 1) / 2 of our moves.
        Score::Win(plies) => format!("mate {}", plies.div_ceil(2)),
        // A loss in p plies ends with their move: p / 2 of ours (p is even; odd rounds up).
        Score::Loss(plies) => format!("mate -{}", plies.div_ceil(2)),
    }
}

/// One search `info` line; `wdl` is appended after the score when `UCI_ShowWDL` is on.
pub fn info_line<M>(
    info: &SearchInfo<M>,
    wdl: Option<Wdl>,
    format_move: impl Fn(&M) -> String,
) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text(info.score)
    );
    match info.bound {
        Bound::Exact => {}
        Bound::Lower => line.push_str(" lowerbound"),
        Bound::Upper => line.push_str(" upperbound"),
    }
    // Writing to a String cannot fail.
    if let Some(w) = wdl {
        let _ = write!(line, " wdl {} {} {}", w.win, w.draw, w.loss);
    }
    let _ = write!(
        line,
        " nodes {} nps {} hashfull {} time {}",
        info.nodes,
        nodes_per_second(info.nodes, info.elapsed),
        info.hashfull,
        info.elapsed.as_millis()
    );
    if info.table_hits > 0 {
        let _ = write!(line, " tbhits {}", info.table_hits);
    }
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for mv in &info.pv {
            line.push(' ');
            line.push_str(&format_move(mv));
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn info(score: Score, bound: Bound) -> SearchInfo<&'static str> {
        SearchInfo {
            depth: 12,
            seldepth: 18,
            mean_depth: 9.5,
            multipv: 1,
            score,
            bound,
            nodes: 1_500_000,
            elapsed: Duration::from_millis(500),
            hashfull: 42,
            table_hits: 0,
            pv: vec!["e2e4", "e7e5", "g1f3"],
        }
    }

    fn show(m: &&str) -> String {
        m.to_string()
    }

    #[test]
    fn full_exact_info_line() {
        assert_eq!(
            info_line(&info(Score::Value(31), Bound::Exact), None, show),
            "info depth 12 seldepth 18 multipv 1 score cp 31 nodes 1500000 nps 3000000 \
             hashfull 42 time 500 pv e2e4 e7e5 g1f3"
        );
    }

    #[test]
    fn bounds_follow_the_score() {
        // vampirc 0.11.1 gets these wrong; ours print the keyword named by the bound.
        let lower = info_line(&info(Score::Value(50), Bound::Lower), None, show);
        assert!(lower.contains("score cp 50 lowerbound nodes"), "{lower}");
        assert!(!lower.contains("upperbound"));
        let upper = info_line(&info(Score::Value(-20), Bound::Upper), None, show);
        assert!(upper.contains("score cp -20 upperbound nodes"), "{upper}");
        assert!(!upper.contains("lowerbound"));
        let mate = info_line(&info(Score::Win(3), Bound::Lower), None, show);
        assert!(mate.contains("score mate 2 lowerbound"), "{mate}");
    }

    #[test]
    fn wdl_goes_after_the_score_and_bound() {
        let wdl = Wdl {
            win: 600,
            draw: 300,
            loss: 100,
        };
        let line = info_line(&info(Score::Value(80), Bound::Upper), Some(wdl), show);
        assert!(
            line.contains("score cp 80 upperbound wdl 600 300 100 nodes"),
            "{line}"
        );
    }

    #[test]
    fn mate_scores_are_in_moves() {
        assert_eq!(score_text(Score::Win(1)), "mate 1");
        assert_eq!(score_text(Score::Win(3)), "mate 2");
        assert_eq!(score_text(Score::Win(4)), "mate 2");
        assert_eq!(score_text(Score::Loss(2)), "mate -1");
        assert_eq!(score_text(Score::Loss(4)), "mate -2");
        assert_eq!(score_text(Score::Loss(0)), "mate -0");
        assert_eq!(score_text(Score::Value(-150)), "cp -150");
    }

    #[test]
    fn empty_pv_prints_no_pv_keyword() {
        let mut i = info(Score::Value(0), Bound::Exact);
        i.pv.clear();
        assert!(info_line(&i, None, show).ends_with("time 500"));
    }

    #[test]
    fn nps_before_any_time_has_passed_is_zero() {
        let mut i = info(Score::Value(0), Bound::Exact);
        i.elapsed = Duration::ZERO;
        assert!(info_line(&i, None, show).contains("nps 0 hashfull 42 time 0"));
    }

    #[test]
    fn id_has_name_version_and_author() {
        // vampirc 0.11.1 prints only the name when given both.
        let [name, author] = id_lines();
        assert_eq!(
            name,
            format!("id name tvilling {}", env!("CARGO_PKG_VERSION"))
        );
        assert_eq!(author, "id author the tvilling developers");
    }

    #[test]
    fn bestmove_forms() {
        let both = SearchResult {
            best: Some("e2e4"),
            ponder: Some("e7e5"),
        };
        assert_eq!(bestmove_line(&both, show), "bestmove e2e4 ponder e7e5");
        let alone = SearchResult {
            best: Some("e2e4"),
            ponder: None,
        };
        assert_eq!(bestmove_line(&alone, show), "bestmove e2e4");
        let none: SearchResult<&str> = SearchResult {
            best: None,
            ponder: Some("e7e5"),
        };
        assert_eq!(bestmove_line(&none, show), "bestmove 0000");
    }

    #[test]
    fn info_string_is_one_line() {
        assert_eq!(info_string("hello"), "info string hello");
        assert_eq!(
            info_string("bad fen\nreadyok\r\n"),
            "info string bad fen readyok"
        );
    }

    #[test]
    fn vampirc_output_defects_are_real() {
        use vampirc_uci::{Serializable, UciInfoAttribute, UciMessage};
        // Why we format ourselves: vampirc prints `lowerbound` for an upper bound flagged
        // as `lower_bound: Some(false)`, and only the name of a full `id`.
        let score = UciInfoAttribute::Score {
            cp: Some(10),
            mate: None,
            lower_bound: Some(false),
            upper_bound: Some(true),
        };
        assert!(UciMessage::Info(vec![score])
            .serialize()
            .contains("lowerbound"));
        let id = UciMessage::Id {
            name: Some("tvilling".into()),
            author: Some("the tvilling developers".into()),
        };
        assert!(!id.serialize().contains("author"));
    }
}
