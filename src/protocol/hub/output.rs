//! Every line the engine sends to a Hub GUI, built in one place.
//!
//! The weakest client (pydraughts, `docs/protocols/hub.md` §9) splits each token on `=` into
//! exactly two parts and knows no escapes, so every line here is `command name=value ...`
//! with values that never hold `=`, `"` or a control character, and are quoted when they
//! hold a blank or are empty. Lines are returned without the newline; the session writes
//! and flushes them, and the one-word lines (`wait`, `ready`, `pong`) itself.

use crate::engine::{Score, SearchInfo, SearchResult};

/// Below this a search has taken no measurable time and Scan prints no `time` or `nps`.
const MIN_REPORTED_MICROS: u128 = 1000;

/// Longest win or loss distance that `score_in_men` distinguishes.
pub const MAX_WIN_PLIES: u32 = 999;

/// A value made safe for a Hub line: `"` becomes `'`, `=` becomes `:`, control characters
/// become blanks, and the result is quoted when it is empty or holds a blank.
pub fn hub_value(raw: &str) -> String {
    let clean: String = raw
        .chars()
        .map(|c| match c {
            '"' => '\'',
            '=' => ':',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    if clean.is_empty() || clean.contains(' ') {
        format!("\"{clean}\"")
    } else {
        clean
    }
}

/// `id name=tvilling version=<version>`, plus `author` when the package declares one.
pub fn id_line(version: &str) -> String {
    let mut line = format!("id name=tvilling version={}", hub_value(version));
    let authors = env!("CARGO_PKG_AUTHORS");
    if !authors.is_empty() {
        line.push_str(" author=");
        line.push_str(&hub_value(&authors.replace(':', ", ")));
    }
    line
}

/// `error message="..."`, the message sanitised so that it cannot break the line and quoted
/// even when it is one word (sanitised, it holds no quote of its own).
pub fn error_line(message: &str) -> String {
    format!("error message=\"{}\"", hub_value(message).trim_matches('"'))
}

/// `done move=M [ponder=P]`, or a bare `done` when there is no legal move (as Scan).
pub fn done_line<M>(result: &SearchResult<M>, format_move: impl Fn(&M) -> String) -> String {
    let Some(best) = &result.best else {
        return "done".to_string();
    };
    let mut line = format!("done move={}", hub_value(&format_move(best)));
    if let Some(ponder) = &result.ponder {
        line.push_str(" ponder=");
        line.push_str(&hub_value(&format_move(ponder)));
    }
    line
}

/// `info depth=.. mean-depth=.. score=.. nodes=.. [time=.. nps=..] [egdb-hits=..] [pv=..]`
/// in Scan's format: score in men with two decimals, time in seconds, nps in millions.
/// `egdb-hits` (endgame table probes that answered, as UCI's `tbhits`) is our addition,
/// which Hub lets GUIs ignore, and is left out while zero. Hub has no syntax for bounds or
/// multi-PV, so those fields of `info` are not shown.
pub fn info_line<M>(info: &SearchInfo<M>, format_move: impl Fn(&M) -> String) -> String {
    let mut line = format!(
        "info depth={} mean-depth={:.1} score={} nodes={}",
        info.depth,
        info.mean_depth,
        score_in_men(info.score),
        info.nodes
    );
    let micros = info.elapsed.as_micros();
    if micros >= MIN_REPORTED_MICROS {
        let nps_millions = info.nodes as f64 / micros as f64;
        line.push_str(&format!(
            " time={:.3} nps={:.1}",
            info.elapsed.as_secs_f64(),
            nps_millions
        ));
    }
    if info.table_hits > 0 {
        line.push_str(&format!(" egdb-hits={}", info.table_hits));
    }
    if !info.pv.is_empty() {
        let pv: Vec<String> = info.pv.iter().map(format_move).collect();
        line.push_str(" pv=");
        line.push_str(&hub_value(&pv.join(" ")));
    }
    line
}

/// `info depth=0 score=.. nodes=0 pv=M book=true`: the move `move_text` came from the
/// opening book, which scores it `score` hundredths of a man for the side to move. `book` is
/// our addition (Hub lets GUIs ignore fields they do not know); `depth=0` and `nodes=0` say
/// nothing was searched, in the fields every `info` line has.
pub fn book_info_line(score: i16, move_text: &str) -> String {
    format!(
        "info depth=0 score={} nodes=0 pv={} book=true",
        score_in_men(Score::Value(i32::from(score))),
        hub_value(move_text)
    )
}

/// A score in men with two decimals; a win in `p` plies is `100.00 - p/100` (Scan's and
/// pydraughts' convention), a loss its negative. Plies are capped at [`MAX_WIN_PLIES`] so a
/// win never reads as less than 90.01, where pydraughts stops recognising wins.
pub fn score_in_men(score: Score) -> String {
    let hundredths: i64 = match score {
        Score::Value(v) => i64::from(v),
        Score::Win(plies) => 10_000 - i64::from(plies.min(MAX_WIN_PLIES)),
        Score::Loss(plies) => -(10_000 - i64::from(plies.min(MAX_WIN_PLIES))),
    };
    let sign = if hundredths < 0 { "-" } else { "" };
    let magnitude = hundredths.unsigned_abs();
    format!("{sign}{}.{:02}", magnitude / 100, magnitude % 100)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Bound;
    use std::time::Duration;

    fn info(
        score: Score,
        nodes: u64,
        elapsed: Duration,
        pv: Vec<&'static str>,
    ) -> SearchInfo<&'static str> {
        SearchInfo {
            depth: 12,
            seldepth: 20,
            mean_depth: 12.6,
            multipv: 1,
            score,
            bound: Bound::Exact,
            nodes,
            elapsed,
            hashfull: 0,
            table_hits: 0,
            pv,
        }
    }

    fn text(m: &&str) -> String {
        m.to_string()
    }

    #[test]
    fn scores_in_men() {
        assert_eq!(score_in_men(Score::Value(0)), "0.00");
        assert_eq!(score_in_men(Score::Value(100)), "1.00");
        assert_eq!(score_in_men(Score::Value(-5)), "-0.05");
        assert_eq!(score_in_men(Score::Value(-123)), "-1.23");
        assert_eq!(score_in_men(Score::Value(8950)), "89.50");
        assert_eq!(score_in_men(Score::Win(5)), "99.95");
        assert_eq!(score_in_men(Score::Loss(5)), "-99.95");
        assert_eq!(score_in_men(Score::Win(120)), "98.80");
        assert_eq!(score_in_men(Score::Win(1_000_000)), "90.01");
        assert_eq!(score_in_men(Score::Loss(999)), "-90.01");
    }

    #[test]
    fn info_like_scan() {
        let line = info_line(
            &info(
                Score::Value(0),
                106_098,
                Duration::from_millis(14),
                vec!["31-27", "17-21", "33-29"],
            ),
            text,
        );
        assert_eq!(
            line,
            "info depth=12 mean-depth=12.6 score=0.00 nodes=106098 time=0.014 nps=7.6 pv=\"31-27 17-21 33-29\""
        );
    }

    #[test]
    fn info_without_time_or_pv() {
        let line = info_line(
            &info(Score::Win(3), 5, Duration::from_micros(999), vec!["31-27"]),
            text,
        );
        assert_eq!(
            line,
            "info depth=12 mean-depth=12.6 score=99.97 nodes=5 pv=31-27"
        );
        let line = info_line(&info(Score::Value(1), 5, Duration::ZERO, vec![]), text);
        assert_eq!(line, "info depth=12 mean-depth=12.6 score=0.01 nodes=5");
    }

    #[test]
    fn info_counts_table_hits_once_there_are_any() {
        let mut searched = info(Score::Value(0), 5, Duration::ZERO, vec!["31-27"]);
        searched.table_hits = 17;
        assert_eq!(
            info_line(&searched, text),
            "info depth=12 mean-depth=12.6 score=0.00 nodes=5 egdb-hits=17 pv=31-27"
        );
    }

    #[test]
    fn a_book_move_says_so() {
        assert_eq!(
            book_info_line(-4, "32-28"),
            "info depth=0 score=-0.04 nodes=0 pv=32-28 book=true"
        );
    }

    #[test]
    fn done_lines() {
        let both = SearchResult {
            best: Some("31-27"),
            ponder: Some("17-21"),
        };
        assert_eq!(done_line(&both, text), "done move=31-27 ponder=17-21");
        let best = SearchResult {
            best: Some("28x19x23"),
            ponder: None,
        };
        assert_eq!(done_line(&best, text), "done move=28x19x23");
        let none: SearchResult<&str> = SearchResult {
            best: None,
            ponder: None,
        };
        assert_eq!(done_line(&none, text), "done");
    }

    #[test]
    fn error_messages_are_sanitised() {
        assert_eq!(error_line("bad command"), "error message=\"bad command\"");
        assert_eq!(error_line("illegal"), "error message=\"illegal\"");
        assert_eq!(
            error_line("bad \"x=1\"\nnext"),
            "error message=\"bad 'x:1' next\""
        );
        assert_eq!(error_line(""), "error message=\"\"");
    }

    #[test]
    fn id_names_us() {
        let id = id_line("0.1.0");
        assert!(id.starts_with("id name=tvilling version=0.1.0"), "{id}");
    }

    #[test]
    fn values_are_quoted_only_when_needed() {
        assert_eq!(hub_value("normal"), "normal");
        assert_eq!(hub_value("a b"), "\"a b\"");
        assert_eq!(hub_value(""), "\"\"");
    }
}
