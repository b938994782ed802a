//! The UCI side of a tuning build (feature `tune`): every tunable of the chess search is a
//! spin option, and the `spsa` command prints OpenBench's SPSA input (`docs/tuning.md`).

use super::option_effects::use_search_params;
use super::options::{OptionKind, UciOption};
use crate::chess::Position;
use crate::engine::{Game, SearchParams, TUNABLES};

/// OpenBench's `R_end`, the learning rate at the end of a tune: the value its documentation
/// and most engines' SPSA inputs use.
const LEARNING_RATE: f64 = 0.002;

/// The tunables' values before any `setoption`: chess's.
pub const CHESS_PARAMS: SearchParams = Position::SEARCH_PARAMS;

/// An option per tunable, announced as a spin whose default is chess's value.
pub fn options() -> impl Iterator<Item = UciOption> {
    TUNABLES.iter().map(|tunable| UciOption {
        name: tunable.name,
        kind: OptionKind::Tunable(tunable),
        effect: Some(use_search_params),
    })
}

/// OpenBench's SPSA input, a line per tunable: `name, int, value, min, max, C_end, R_end`,
/// the value taken from `params`.
pub fn spsa_lines(params: &SearchParams) -> Vec<String> {
    TUNABLES
        .iter()
        .map(|t| {
            format!(
                "{}, int, {}, {}, {}, {}, {LEARNING_RATE}",
                t.name,
                t.value(params),
                t.min,
                t.max,
                t.step
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::options::{option_lines, parse_option, OptionValue};
    use super::super::settings::{EngineSettings, OPTIONS};
    use super::*;

    #[test]
    fn every_tunable_is_a_spin_option_after_the_ordinary_ones() {
        let lines = option_lines();
        assert_eq!(lines.len(), OPTIONS.len() + TUNABLES.len());
        assert!(lines[OPTIONS.len()..]
            .iter()
            .any(|l| l == "option name rfp_margin type spin default 75 min 30 max 150"));
        assert!(lines[OPTIONS.len()..]
            .iter()
            .any(|l| l == "option name move_horizon type spin default 20 min 10 max 50"));
    }

    #[test]
    fn a_tunable_is_set_within_its_range_only() {
        let set = parse_option("RFP_Margin", Some(" 90 ")).unwrap();
        assert_eq!(
            (set.option.name, &set.value),
            ("rfp_margin", &OptionValue::Spin(90))
        );
        let mut settings = EngineSettings::default();
        set.store(&mut settings);
        assert_eq!(settings.search_params.rfp_margin, 90);
        let set = parse_option("qsearch_see_margin", Some("-100")).unwrap();
        set.store(&mut settings);
        assert_eq!(settings.search_params.qsearch_see_margin, -100);
        let err = parse_option("rfp_margin", Some("151")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "option rfp_margin: 151 is outside 30..=150; value unchanged"
        );
        assert!(parse_option("rfp_margin", None).is_err());
    }

    #[test]
    fn spsa_input_has_openbench_s_seven_fields() {
        let mut params = SearchParams::STANDARD;
        params.rfp_margin = 81;
        let lines = spsa_lines(&params);
        assert_eq!(lines.len(), TUNABLES.len());
        assert!(lines.contains(&"rfp_margin, int, 81, 30, 150, 6, 0.002".to_string()));
        assert!(lines
            .contains(&"lmr_history_divisor, int, 12288, 4096, 32768, 1024, 0.002".to_string()));
        for line in &lines {
            assert_eq!(line.split(", ").count(), 7, "{line}");
        }
    }
}
