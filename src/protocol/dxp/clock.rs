//! DXP time bookkeeping: DXP has no clock messages, so each side keeps its own clock from the
//! GAMEREQ terms and turns it into a [`Clock`] for the time manager before each move.
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
    let moves_to_go = (moves_agreed > 0).then(|| {
        u32::from(moves_agreed)
            .saturating_sub(our_moves_played)
            .max(1)
    });
    Clock {
        remaining,
        increment: Duration::ZERO,
        moves_to_go,
        delay: Duration::ZERO,
    }
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

    #[test]
    fn no_move_limit_is_sudden_death() {
        let clock = move_clock(Duration::from_secs(7), 0, 12);
        assert_eq!(clock.moves_to_go, None);
        assert_eq!(clock.remaining, Duration::from_secs(7));
    }
}
