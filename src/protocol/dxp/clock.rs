//! DXP time bookkeeping: DXP has no clock messages, so each side keeps its own clock from the
//! GAMEREQ terms, in minutes and moves, and turns it into the one [`Clock`] the time manager
//! plans with before each move ([`Clock::until_move`]).
//!
//! Pure functions of the numbers the session tracks (our measured remaining time, the agreed
//! move count, how many moves we have played), so they are trivially testable and the session
//! stays the single owner of time measurement.

use std::time::Duration;

use crate::engine::Clock;

/// The clock each player starts with: the GAMEREQ thinking time in minutes.
pub fn game_time(minutes: u16) -> Duration {
    Duration::from_secs(u64::from(minutes) * 60)
}

/// The clock for our next move.
///
/// `remaining` is our own measured remaining time; `moves_agreed` is the GAMEREQ move count
/// (0 = no limit, so the whole game must fit: sudden death); `our_moves_played` counts the
/// moves we have already sent in this game. Once the agreed count is reached both roles end
/// the game ([`super::game::DxpGame::ending`]); should a move still be asked for, it is
/// budgeted as the last one rather than by a division by zero.
pub fn move_clock(remaining: Duration, moves_agreed: u16, our_moves_played: u32) -> Clock {
    Clock::until_move(remaining, moves_agreed.into(), our_moves_played)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_time_is_minutes() {
        assert_eq!(game_time(0), Duration::ZERO);
        assert_eq!(game_time(2), Duration::from_secs(120));
        assert_eq!(game_time(999), Duration::from_secs(59_940));
    }

    #[test]
    fn moves_to_go_counts_down_to_the_agreed_move() {
        let remaining = Duration::from_secs(100);
        let first = move_clock(remaining, 50, 0);
        assert_eq!(first.remaining, remaining);
        assert_eq!(first.moves_to_go, Some(50));
        assert_eq!(first.increment, Duration::ZERO);
        assert_eq!(move_clock(remaining, 50, 49).moves_to_go, Some(1));
        assert_eq!(move_clock(remaining, 50, 50).moves_to_go, Some(1));
        assert_eq!(move_clock(remaining, 50, 70).moves_to_go, Some(1));
    }

    /// The budgets of representative GAMEREQ terms at the start position, with the
    /// overhead DXP keeps back: a change to the clock's plan shows here first.
    #[test]
    fn budgets_of_representative_terms_are_pinned() {
        use crate::draughts::{GameState, Position};
        use crate::engine::{budget_ms, Limits};
        let root = GameState::new(Position::start()).search_root();
        let budget = |minutes, used_ms, moves_agreed, played| {
            let remaining = game_time(minutes).saturating_sub(Duration::from_millis(used_ms));
            let limits = Limits {
                clock: Some(move_clock(remaining, moves_agreed, played)),
                move_overhead: Duration::from_millis(50),
                ..Limits::default()
            };
            budget_ms(&root, &limits)
        };
        assert_eq!(budget(5, 0, 0, 0), (7407, 49378));
        assert_eq!(budget(5, 0, 50, 0), (3595, 23970));
        assert_eq!(budget(5, 120_000, 50, 30), (5389, 35924));
        assert_eq!(budget(1, 59_000, 75, 74), (372, 620));
        assert_eq!(budget(2, 90_000, 0, 40), (657, 4378));
    }

    #[test]
    fn no_move_limit_is_sudden_death() {
        let clock = move_clock(Duration::from_secs(7), 0, 12);
        assert_eq!(clock.moves_to_go, None);
        assert_eq!(clock.remaining, Duration::from_secs(7));
    }
}
