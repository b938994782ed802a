//! One DXP game as either role sees it: the moves from the agreed start, the rules state,
//! our own clock, and the decisions that do not depend on who connected to whom.
//!
//! DXP sends no clock messages, so each side keeps its own clock from the GAMEREQ terms, in
//! minutes and moves: the game measures our thinking time itself and turns what is left into
//! the one [`Clock`] the time manager plans with before every move
//! ([`Clock::until_move`]). The move list from the start is kept so that a take-back
//! (BACKREQ) can replay to any earlier move.

use std::time::{Duration, Instant};

use super::message::{BackAccCode, DxpMessage, EndReason, StartPosition};
use super::notation::hub_position;
use super::player::Player;
use crate::draughts::fast::notation::{move_from_dxp, move_to_dxp, move_to_hub, parse_hub};
use crate::draughts::{
    Color, GameState, Move, Outcome, PlayError, Position, PositionParseError, SearchPosition,
};
use crate::engine::{Clock, Limits, Score};

/// Thinking time per move when GAMEREQ gives `000` minutes (no clock agreed): quick enough
/// for test games, long enough for a reasonable depth.
pub const NO_CLOCK_MOVE_TIME: Duration = Duration::from_secs(1);

/// Time we assume is lost between our search ending and the peer's clock stopping.
const MOVE_OVERHEAD: Duration = Duration::from_millis(50);

/// How long past its whole game time a peer may keep us waiting for one message.
const PEER_GRACE: Duration = Duration::from_secs(60);

/// How long we wait for a peer that agreed to no clock.
const NO_CLOCK_PEER_WAIT: Duration = Duration::from_secs(600);

/// Score (hundredths of a man) at which a game stopped by the move limit is adjudicated as
/// won or lost, as Scan does.
pub const ADJUDICATION_MARGIN: i32 = 300;

/// The clock each player starts with: the GAMEREQ thinking time in minutes.
pub fn game_time(minutes: u16) -> Duration {
    Duration::from_secs(u64::from(minutes) * 60)
}

/// A move from the peer that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PeerMoveError {
    /// It is our turn, not the peer's.
    #[error("move received while it is our turn")]
    OutOfTurn,
    /// No legal move has this from, to and captured set.
    #[error("{0}")]
    Illegal(PlayError),
}

/// Why we end a game: the GAMEEND reason, and the CHAT that explains it, if any.
pub type Ending = (EndReason, Option<String>);

/// The ending of a game we abandon because of `error` (a malformed message, an illegal
/// move): no reason, and a CHAT saying why.
pub fn abandoned(error: impl std::fmt::Display) -> Ending {
    (EndReason::Unknown, Some(format!("error: {error}")))
}

/// BACKACC to a BACKREQ: `0` when the game went back, `2` when it could not.
pub fn back_acc(done: bool) -> DxpMessage {
    let code = if done {
        BackAccCode::Accepted
    } else {
        BackAccCode::Refused
    };
    DxpMessage::BackAcc { code }
}

/// A game in progress.
pub struct DxpGame {
    start: Position,
    moves: Vec<Move>,
    state: GameState,
    ours: Color,
    minutes: u16,
    moves_agreed: u16,
    time_used: Duration,
    last_score: Option<Score>,
}

impl DxpGame {
    /// A game from `start`, we playing `ours`, under the GAMEREQ time and move terms.
    pub fn new(start: Position, ours: Color, minutes: u16, moves_agreed: u16) -> Self {
        Self {
            start,
            moves: Vec::new(),
            state: GameState::new(start),
            ours,
            minutes,
            moves_agreed,
            time_used: Duration::ZERO,
            last_score: None,
        }
    }

    /// The game a GAMEREQ start describes (its position text checked by the rules).
    pub fn from_request(
        start: &StartPosition,
        ours: Color,
        minutes: u16,
        moves_agreed: u16,
    ) -> Result<Self, PositionParseError> {
        let position = parse_hub(&hub_position(start))?;
        Ok(Self::new(position, ours, minutes, moves_agreed))
    }

    /// True when we are to move.
    pub fn our_turn(&self) -> bool {
        self.state.position().side() == self.ours
    }

    /// Plies played since the start.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// How long a read may wait for the peer's next message: its whole game time and a
    /// grace period, so a peer that thinks legitimately is never cut off.
    pub fn peer_timeout(&self) -> Duration {
        if self.minutes == 0 {
            NO_CLOCK_PEER_WAIT
        } else {
            game_time(self.minutes) + PEER_GRACE
        }
    }

    /// Plays the peer's move given as DXP from, to and captured squares.
    pub fn play_peer_move(
        &mut self,
        from: u8,
        to: u8,
        captured: &[u8],
    ) -> Result<(), PeerMoveError> {
        if self.our_turn() {
            return Err(PeerMoveError::OutOfTurn);
        }
        let mv = move_from_dxp(self.state.position(), from, to, captured)
            .map_err(|e| PeerMoveError::Illegal(PlayError::Parse(e)))?;
        self.play(mv).map_err(PeerMoveError::Illegal)
    }

    /// Plays `mv` for the side to move, if it is legal: our searched moves are
    /// played this way, and a test or fuzz target that stands in for the search.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.state.play(mv)?;
        self.moves.push(mv);
        Ok(())
    }

    /// On our turn: the GAMEEND reason when the rules have ended the game (we have no move:
    /// we lose; a draw rule applies: draw).
    pub fn rule_ending(&self) -> Option<EndReason> {
        match self.state.outcome() {
            Outcome::Ongoing => None,
            Outcome::Loss => Some(EndReason::Lose),
            Outcome::Draw => Some(EndReason::Draw),
        }
    }

    /// On our turn: the GAMEEND reason when the game is over, by the rules or, once both
    /// sides have played the agreed number of moves, by adjudication. Both roles end the
    /// game here, as Scan does.
    pub fn ending(&self) -> Option<EndReason> {
        self.rule_ending().or_else(|| {
            let reason = self.move_limit_reached().then(|| self.adjudication())?;
            log::info!(
                "dxp: move limit reached; our last score {:?} makes it {reason:?}",
                self.last_score
            );
            Some(reason)
        })
    }

    /// True when both sides have played the agreed number of moves (never without a limit).
    pub fn move_limit_reached(&self) -> bool {
        self.moves_agreed > 0 && self.moves.len() >= 2 * usize::from(self.moves_agreed)
    }

    /// The result of a game stopped by the move limit, from our last search's score:
    /// at least +3.00 wins, at most -3.00 loses, anything else gives no reason.
    pub fn adjudication(&self) -> EndReason {
        match self.last_score {
            Some(Score::Win(_)) => EndReason::Win,
            Some(Score::Loss(_)) => EndReason::Lose,
            Some(Score::Value(v)) if v >= ADJUDICATION_MARGIN => EndReason::Win,
            Some(Score::Value(v)) if v <= -ADJUDICATION_MARGIN => EndReason::Lose,
            _ => EndReason::Unknown,
        }
    }

    /// Our last search's score, if we have moved.
    pub fn last_score(&self) -> Option<Score> {
        self.last_score
    }

    fn our_moves_played(&self) -> u32 {
        let first_is_ours = self.start.side() == self.ours;
        let ours = if first_is_ours {
            self.moves.len().div_ceil(2)
        } else {
            self.moves.len() / 2
        };
        u32::try_from(ours).unwrap_or(u32::MAX)
    }

    /// What our next search may take: a fixed time without a clock, else our clock counting
    /// down to the agreed move count (0: no limit, so the whole game must fit). Once that
    /// count is reached both roles end the game ([`DxpGame::ending`]); should a move still
    /// be asked for, it is budgeted as the last.
    fn limits(&self) -> Limits<Move> {
        let mut limits = Limits {
            move_overhead: MOVE_OVERHEAD,
            ..Limits::default()
        };
        if self.minutes == 0 {
            limits.move_time = Some(NO_CLOCK_MOVE_TIME);
        } else {
            let remaining = game_time(self.minutes).saturating_sub(self.time_used);
            let last_move = self.moves_agreed.into();
            let clock = Clock::until_move(remaining, last_move, self.our_moves_played());
            limits.clock = Some(clock);
        }
        limits
    }

    /// On our turn, what to search: the root, the hashes of the game's positions before
    /// it (oldest first), and the limits our clock allows.
    pub fn search_request(&self) -> (SearchPosition, Vec<u64>, Limits<Move>) {
        let history = self.state.history_before_root();
        (self.state.search_root(), history, self.limits())
    }

    /// Counts `elapsed` on our clock, plays our move `best` (of score `score`, searched or
    /// from the book) and returns it as a MOVE message; `None` when there is no move to
    /// play.
    pub fn play_searched(
        &mut self,
        best: Option<Move>,
        score: Score,
        elapsed: Duration,
    ) -> Option<DxpMessage> {
        self.time_used += elapsed;
        let mv = best?;
        self.play(mv).ok()?;
        self.last_score = Some(score);
        let (from, to, captured) = move_to_dxp(mv);
        Some(DxpMessage::Move {
            seconds: u16::try_from(elapsed.as_secs()).unwrap_or(u16::MAX),
            from,
            to,
            captured,
        })
    }

    /// On our turn: the move `player`'s book has for the position, if any, played and
    /// returned as a MOVE message. Taking no time, it is scored as the book scores it.
    pub fn play_from_book(&mut self, player: &mut Player) -> Option<DxpMessage> {
        let started = Instant::now();
        let root = self.state.search_root();
        let choice = player.book_move(&root)?;
        log::info!(
            "dxp: book move {} ({})",
            move_to_hub(choice.mv),
            choice.score
        );
        let score = Score::Value(i32::from(choice.score));
        self.play_searched(Some(choice.mv), score, started.elapsed())
    }

    /// BACKREQ: goes back to move `move_number` (1-based) with `to_move` to play. False
    /// (and nothing changes) when that point is not in this game.
    pub fn take_back(&mut self, move_number: u16, to_move: Color) -> bool {
        let black_first = self.start.side() == Color::Black;
        let ply = (usize::from(move_number) * 2 + usize::from(to_move == Color::Black))
            .checked_sub(2 + usize::from(black_first));
        let Some(ply) = ply.filter(|&p| p <= self.moves.len()) else {
            return false;
        };
        let mut state = GameState::new(self.start);
        for &mv in &self.moves[..ply] {
            if state.play(mv).is_err() {
                return false;
            }
        }
        self.state = state;
        self.moves.truncate(ply);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::book::tests::small_book;
    use crate::engine::Searcher;
    use std::sync::Arc;

    /// Plays our move, the book's or else a search's, as `Player::take_turn` does.
    fn think(game: &mut DxpGame, player: &mut Player) -> Option<DxpMessage> {
        if let Some(message) = game.play_from_book(player) {
            return Some(message);
        }
        let started = Instant::now();
        let (root, history, limits) = game.search_request();
        let outcome = player.searcher.search_sync(root, history, limits);
        game.play_searched(outcome.best, outcome.score, started.elapsed())
    }

    fn start_game(ours: Color) -> DxpGame {
        DxpGame::from_request(&StartPosition::Initial, ours, 1, 50).unwrap()
    }

    #[test]
    fn peer_moves_are_checked() {
        let mut game = start_game(Color::Black);
        assert!(!game.our_turn());
        assert!(matches!(
            game.play_peer_move(32, 26, &[]),
            Err(PeerMoveError::Illegal(_))
        ));
        game.play_peer_move(32, 28, &[]).unwrap();
        assert!(game.our_turn());
        assert_eq!(
            game.play_peer_move(19, 23, &[]),
            Err(PeerMoveError::OutOfTurn)
        );
    }

    #[test]
    fn we_move_and_count_our_moves() {
        let mut player = Player::new(Searcher::new(), None, 1);
        let mut game = start_game(Color::White);
        let Some(DxpMessage::Move { from, .. }) = think(&mut game, &mut player) else {
            panic!("no move");
        };
        assert!((31..=35).contains(&from));
        assert_eq!(game.plies(), 1);
        assert_eq!(game.our_moves_played(), 1);
        assert!(game.last_score().is_some());
    }

    #[test]
    fn a_position_the_book_knows_is_answered_from_it() {
        let book = Arc::new(small_book());
        let mut player = Player::new(Searcher::new(), Some(book), 1);
        let mut seen = [false; 2];
        for _ in 0..20 {
            let mut game = start_game(Color::White);
            let Some(DxpMessage::Move { from, to, .. }) = think(&mut game, &mut player) else {
                panic!("no move");
            };
            // The small book plays 32-28 (scored 5) or 33-28 (scored 3), never searches.
            let (score, index) = match (from, to) {
                (32, 28) => (5, 0),
                (33, 28) => (3, 1),
                other => panic!("{other:?} is no book move"),
            };
            seen[index] = true;
            assert_eq!(game.last_score(), Some(Score::Value(score)));
        }
        assert_eq!(seen, [true, true], "both near-best moves are played");
    }

    #[test]
    fn take_back_replays_to_the_asked_move() {
        let mut game = start_game(Color::Black);
        game.play_peer_move(32, 28, &[]).unwrap();
        let start = GameState::new(Position::start());
        assert!(game.take_back(1, Color::Black));
        assert_eq!(game.plies(), 1);
        assert!(game.take_back(1, Color::White));
        assert_eq!(game.plies(), 0);
        assert_eq!(game.state.position(), start.position());
        assert!(!game.take_back(2, Color::White));
        assert!(!game.take_back(0, Color::White));
    }

    #[test]
    fn move_limit_and_adjudication() {
        let mut game = DxpGame::new(Position::start(), Color::White, 1, 1);
        assert!(!game.move_limit_reached());
        game.moves = vec![Move::default(); 2];
        assert!(game.move_limit_reached());
        assert_eq!(game.adjudication(), EndReason::Unknown);
        game.last_score = Some(Score::Value(300));
        assert_eq!(game.adjudication(), EndReason::Win);
        game.last_score = Some(Score::Value(-301));
        assert_eq!(game.adjudication(), EndReason::Lose);
        game.last_score = Some(Score::Value(299));
        assert_eq!(game.adjudication(), EndReason::Unknown);
        assert!(!DxpGame::new(Position::start(), Color::White, 1, 0).move_limit_reached());
    }

    #[test]
    fn clock_terms_become_limits() {
        let game = DxpGame::new(Position::start(), Color::White, 2, 60);
        let clock = game.limits().clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_secs(120));
        assert_eq!(clock.moves_to_go, Some(60));
        let untimed = DxpGame::new(Position::start(), Color::White, 0, 60);
        assert_eq!(untimed.limits().move_time, Some(NO_CLOCK_MOVE_TIME));
        assert!(untimed.limits().clock.is_none());
        assert_eq!(untimed.peer_timeout(), NO_CLOCK_PEER_WAIT);
    }

    #[test]
    fn game_time_is_minutes() {
        assert_eq!(game_time(0), Duration::ZERO);
        assert_eq!(game_time(2), Duration::from_secs(120));
        assert_eq!(game_time(999), Duration::from_secs(59_940));
    }

    #[test]
    fn moves_to_go_counts_down_to_the_agreed_move() {
        let remaining = Duration::from_secs(100);
        let first = Clock::until_move(remaining, 50, 0);
        assert_eq!(first.remaining, remaining);
        assert_eq!(first.moves_to_go, Some(50));
        assert_eq!(first.increment, Duration::ZERO);
        assert_eq!(Clock::until_move(remaining, 50, 49).moves_to_go, Some(1));
        assert_eq!(Clock::until_move(remaining, 50, 50).moves_to_go, Some(1));
        assert_eq!(Clock::until_move(remaining, 50, 70).moves_to_go, Some(1));
    }

    /// The budgets of representative GAMEREQ terms at the start position, with the
    /// overhead DXP keeps back: a change to the clock's plan shows here first.
    #[test]
    fn budgets_of_representative_terms_are_pinned() {
        use crate::engine::budget_ms;
        let root = GameState::new(Position::start()).search_root();
        let budget = |minutes, used_ms, moves_agreed, played| {
            let remaining = game_time(minutes).saturating_sub(Duration::from_millis(used_ms));
            let limits = Limits {
                clock: Some(Clock::until_move(remaining, moves_agreed, played)),
                move_overhead: MOVE_OVERHEAD,
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
        let clock = Clock::until_move(Duration::from_secs(7), 0, 12);
        assert_eq!(clock.moves_to_go, None);
        assert_eq!(clock.remaining, Duration::from_secs(7));
    }
}
