//! The UCI chess session: owns the game, the options and the searcher, and answers the GUI.
//!
//! One loop waits on two channels at once (`select!`): lines from the stdin reader thread
//! and events from the running search. So `isready` is answered at once during a search,
//! `stop` reaches the search promptly, and `info`/`bestmove` lines are printed as the
//! search produces them; stdout is flushed after every line and carries protocol only.
//!
//! Every `go` gets exactly one `bestmove`. Commands arriving while a search runs:
//!
//! | command                 | during a search                                          |
//! |-------------------------|----------------------------------------------------------|
//! | `isready`               | `readyok` at once; the search goes on                    |
//! | `stop`                  | the search ends; its `bestmove` follows                  |
//! | `ponderhit`             | pondering becomes a timed search from now                |
//! | `quit` (or end of input)| stop, print the `bestmove`, exit                         |
//! | `d`, `eval`, `tbprobe`, `uci`, `spsa` | answered; the search goes on               |
//! | `position`, `go`, `setoption`, `ucinewgame`, `bench`, `go perft`, `genfens` | stop the search first (its `bestmove` is printed), then run |
//!
//! `go perft` counts on a thread of its own and prints each root move as it is counted.
//! While it runs, `isready` is answered at once and `stop` abandons it (an `info string`
//! says so and no total is printed); every other command, `quit` and the end of input
//! included, waits for the total first, so a piped script gets its counts in order.
//!
//! Bad input of any kind is answered with `info string error: ...` and changes nothing: a
//! `position` is built whole before it replaces the current game.
//!
//! The command line's arguments (`tvilling "position startpos" "go depth 8" quit`) are
//! served as a script ([`Session::serve_script`]): the same lines, but each read only once
//! a search or count before it that ends by itself has ended.

use super::board_text::{board_lines, material_count};
use super::output::{bestmove_line, id_lines, info_line, info_string, NO_BESTMOVE, READYOK, UCIOK};
use super::perft_job::{PerftEvent, PerftJob};
use super::setup::GameSetup;
use super::strength::Strength;
use super::{
    option_lines, parse_command, parse_option, EngineSettings, GoCommand, Reply, UciCommand,
    UciError, Wdl,
};
use crate::chess::eval::eval_report;
use crate::chess::syzygy;
use crate::chess::{bench_positions, DEFAULT_BENCH_DEPTH};
use crate::chess::{move_to_uci, parse_uci_move, Color, Move, Position};
use crate::engine::{bench, ClockLag, SearchEvent, Searcher};
use crate::protocol::stdin_lines::{spawn_line_reader, spawn_stdin_reader, InputLine};
use crate::selfplay::genfens;
use crossbeam_channel::{never, select, unbounded, Receiver, Sender};
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Cursor, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

/// Runs the UCI engine on stdin/stdout until `quit` or the end of input.
pub fn run() -> ExitCode {
    let input = spawn_stdin_reader();
    exit_code(Session::new(io::stdout().lock()).serve(&input))
}

/// Runs the UCI engine on `lines` (the command line's arguments: `tvilling "position
/// startpos" "go depth 8"`), each read as a line of stdin would be, paced as
/// [`Session::serve_script`] says; the end of the lines is the end of input.
pub fn run_script(lines: &[String]) -> ExitCode {
    let input = spawn_line_reader(Cursor::new(lines.join("\n").into_bytes()));
    exit_code(Session::new(io::stdout().lock()).serve_script(&input))
}

fn exit_code(served: io::Result<()>) -> ExitCode {
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            log::error!("cannot write to the GUI: {e}");
            ExitCode::FAILURE
        }
    }
}

/// How the session reads its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pace {
    /// A GUI's: each line is executed as it arrives, during a search too.
    Live,
    /// A script's: a line waits until the search or count before it ends by itself.
    Script,
}

/// What the session remembers about the search in flight, to print its lines.
#[derive(Clone, Copy, Debug)]
struct RunningSearch {
    /// Castling printed as king takes rook.
    chess960: bool,
    /// Material of the root, for the WDL model.
    material: u32,
    /// Searching until `stop` (`go infinite`, or a bare `go`).
    infinite: bool,
    /// Pondering, until `ponderhit` or `stop`.
    pondering: bool,
}

impl RunningSearch {
    /// Whether the search ends without being told to.
    fn ends_by_itself(&self) -> bool {
        !self.infinite && !self.pondering
    }
}

/// A UCI conversation writing protocol lines to `out`.
pub struct Session<W: Write> {
    out: W,
    settings: EngineSettings,
    game: GameSetup,
    searcher: Searcher<Position>,
    events_tx: Sender<SearchEvent<Move>>,
    events_rx: Receiver<SearchEvent<Move>>,
    running: Option<RunningSearch>,
    /// The `go perft` count in progress, with its castling notation.
    perft: Option<(PerftJob, bool)>,
    /// Seed of a weakened search's choices: new for every session, so that a limited
    /// engine does not replay the same game against the same moves.
    strength_seed: u64,
    /// What the clock charges per move beyond our own time; the overhead planned for is
    /// never below it.
    clock_lag: ClockLag,
}

impl<W: Write> Session<W> {
    /// A session at the start position with default options.
    pub fn new(out: W) -> Self {
        let (events_tx, events_rx) = unbounded();
        Self {
            out,
            settings: EngineSettings::default(),
            game: GameSetup::startpos(),
            searcher: Searcher::new(),
            events_tx,
            events_rx,
            running: None,
            perft: None,
            strength_seed: RandomState::new().build_hasher().finish(),
            clock_lag: ClockLag::default(),
        }
    }

    /// Serves `input` until `quit` or its end; an `Err` means the output is gone.
    pub fn serve(&mut self, input: &Receiver<InputLine>) -> io::Result<()> {
        self.serve_paced(input, Pace::Live)
    }

    /// Serves `input` as a script, a line typed only once the one before is done: a line
    /// after `go` with a limit (`depth`, `nodes`, `movetime`, a clock, `mate`) or after
    /// `go perft` is read once its `bestmove` or total is printed, so `go depth 8`, `quit`
    /// searches to depth 8. A search that runs until `stop` (`go infinite`, a bare `go`,
    /// `go ponder`) holds nothing back, and the end of the input stops it, as on stdin.
    pub fn serve_script(&mut self, input: &Receiver<InputLine>) -> io::Result<()> {
        self.serve_paced(input, Pace::Script)
    }

    fn serve_paced(&mut self, input: &Receiver<InputLine>, pace: Pace) -> io::Result<()> {
        let events = self.events_rx.clone();
        let held_back = never();
        loop {
            let perft_events = self
                .perft
                .as_ref()
                .map_or_else(never, |(job, _)| job.events().clone());
            let lines = if pace == Pace::Script && self.working_on_its_own() {
                &held_back
            } else {
                input
            };
            select! {
                recv(lines) -> line => {
                    let flow = match line {
                        Ok(InputLine::Line(text)) => self.handle_line(&text)?,
                        Ok(InputLine::Overlong(length)) => {
                            self.error(&format!("a line of {length} bytes is too long; ignored"))?;
                            ControlFlow::Continue(())
                        }
                        Ok(InputLine::End) | Err(_) => ControlFlow::Break(()),
                    };
                    if flow.is_break() {
                        self.finish_perft()?;
                        return self.finish_search();
                    }
                }
                recv(events) -> event => {
                    if let Ok(event) = event {
                        self.on_event(event)?;
                    }
                }
                recv(perft_events) -> event => self.on_perft_event(event.ok())?,
            }
        }
    }

    /// Whether a search or count is running that will end without `stop`.
    fn working_on_its_own(&self) -> bool {
        self.perft.is_some() || self.running.is_some_and(|search| search.ends_by_itself())
    }

    /// Parses and executes one line; `Break` when the session is to end (`quit`).
    fn handle_line(&mut self, line: &str) -> io::Result<ControlFlow<()>> {
        log::debug!("<< {line}");
        let command = parse_command(line);
        if let Some((job, _)) = &self.perft {
            match command {
                Ok(UciCommand::Stop) => {
                    job.stop();
                    return Ok(ControlFlow::Continue(()));
                }
                Ok(UciCommand::IsReady | UciCommand::Empty) => {}
                _ => self.finish_perft()?,
            }
        }
        match command {
            Ok(command) => self.execute(command),
            Err(UciError::BadGo { reason, recovered }) => {
                // Every go must be answered: search with what did parse.
                self.error(&format!("go: {reason}; searching with the rest"))?;
                self.go(&recovered)?;
                Ok(ControlFlow::Continue(()))
            }
            Err(e) => {
                self.error(&e.to_string())?;
                Ok(ControlFlow::Continue(()))
            }
        }
    }

    fn execute(&mut self, command: UciCommand) -> io::Result<ControlFlow<()>> {
        if command.stops_the_search() {
            self.finish_search()?;
        }
        match command {
            UciCommand::Empty | UciCommand::Register | UciCommand::Debug(_) => {}
            UciCommand::Uci => {
                self.lines(id_lines().into_iter().chain(option_lines()))?;
                self.line(UCIOK)?;
            }
            UciCommand::IsReady => self.line(READYOK)?,
            UciCommand::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            UciCommand::UciNewGame => {
                self.searcher.clear();
                self.clock_lag.new_game();
                self.game = GameSetup::startpos();
            }
            UciCommand::Position(command) => {
                match GameSetup::from_command(&command, self.settings.chess960) {
                    Ok(game) => self.game = game,
                    Err(e) => self.error(&e.to_string())?,
                }
            }
            UciCommand::Go(go) => self.go(&go)?,
            UciCommand::Stop => self.searcher.stop(),
            UciCommand::PonderHit => {
                self.searcher.ponder_hit();
                if let Some(search) = &mut self.running {
                    search.pondering = false;
                }
            }
            UciCommand::Quit => return Ok(ControlFlow::Break(())),
            UciCommand::Perft(depth) => self.perft(depth)?,
            UciCommand::Bench { depth } => match bench_positions() {
                Ok(roots) => {
                    let depth = depth.unwrap_or(DEFAULT_BENCH_DEPTH);
                    let show = |root: &Position, mv| move_to_uci(mv, root.is_chess960());
                    bench(&roots, depth, &mut self.out, show)?;
                }
                Err(e) => self.error(&format!("bench position rejected: {e}"))?,
            },
            UciCommand::Display => self.lines(board_lines(&self.game.root))?,
            UciCommand::GenFens(mut request) => {
                request.frc |= self.settings.chess960;
                match genfens(&mut self.searcher, &request) {
                    Ok(fens) => {
                        self.lines(fens.iter().map(|f| info_string(&format!("genfens {f}"))))?
                    }
                    Err(e) => self.error(&format!("genfens: {e}"))?,
                }
            }
            UciCommand::Spsa => {
                #[cfg(feature = "tune")]
                self.lines(super::tuning::spsa_lines(&self.searcher.params()))?;
                #[cfg(not(feature = "tune"))]
                self.error("spsa: this build has no tunable options (build with --features tune)")?;
            }
            UciCommand::TbProbe => self.line(&info_string(&syzygy::probe_text(&self.game.root)))?,
            UciCommand::Eval => {
                self.lines(eval_report(&self.game.root, &self.settings.eval_file))?
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// Castling notation for the current game: king takes rook in Chess960.
    fn chess960(&self) -> bool {
        self.settings.chess960 || self.game.root.is_chess960()
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> io::Result<()> {
        let change = match parse_option(name, value) {
            Ok(change) => change,
            Err(e) => return self.error(&e.to_string()),
        };
        for reply in change.apply(&mut self.settings, &mut self.searcher) {
            match reply {
                Reply::Info(text) => self.line(&info_string(&text))?,
                Reply::Error(text) => self.error(&text)?,
            }
        }
        Ok(())
    }

    /// Starts a search of the current game (stopping any running one first).
    fn go(&mut self, go: &GoCommand) -> io::Result<()> {
        self.finish_search()?;
        let chess960 = self.chess960();
        let mut searchmoves = Vec::new();
        for text in &go.searchmoves {
            match parse_uci_move(&self.game.root, text, chess960) {
                Ok(mv) => searchmoves.push(mv),
                Err(e) => self.error(&format!("go searchmoves: {e}; ignored"))?,
            }
        }
        let white = self.game.root.side_to_move() == Color::White;
        let mut limits = go.to_limits(
            white,
            searchmoves,
            self.settings.multipv,
            self.settings.move_overhead,
            self.settings.move_delay,
        );
        limits.ponder_enabled = self.settings.ponder;
        if self.settings.limit_strength {
            Strength::for_elo(self.settings.elo, self.strength_seed).restrict(&mut limits);
        }
        let (root, params) = (&self.game.root, self.searcher.params());
        let side = usize::from(!white);
        self.clock_lag
            .plan(side, root, &mut limits, &params, Instant::now());
        self.running = Some(RunningSearch {
            chess960,
            material: material_count(&self.game.root),
            infinite: limits.infinite,
            pondering: limits.ponder,
        });
        self.searcher.start(
            self.game.root.clone(),
            self.game.history.clone(),
            limits,
            self.events_tx.clone(),
        );
        // Done is queued before the search counts as finished, so an idle searcher with
        // nothing queued never started (the OS refused its thread).
        if !self.searcher.is_searching() && self.events_rx.is_empty() {
            self.error("the search could not start")?;
            self.running = None;
            self.line(NO_BESTMOVE)?;
        }
        Ok(())
    }

    /// Stops the running search, if any, and prints everything it still reports, its
    /// `bestmove` last.
    fn finish_search(&mut self) -> io::Result<()> {
        if self.running.is_none() {
            return Ok(());
        }
        self.searcher.stop();
        while self.running.is_some() {
            match self.events_rx.recv() {
                Ok(event) => self.on_event(event)?,
                // Unreachable while we hold a sender; ends the wait rather than spinning.
                Err(_) => self.running = None,
            }
        }
        Ok(())
    }

    /// Prints one search event.
    fn on_event(&mut self, event: SearchEvent<Move>) -> io::Result<()> {
        let Some(search) = self.running else {
            return Ok(());
        };
        let format = |mv: &Move| move_to_uci(*mv, search.chess960);
        let line = match event {
            SearchEvent::Info(info) => {
                let wdl = self
                    .settings
                    .show_wdl
                    .then(|| Wdl::from_score(info.score, search.material));
                info_line(&info, wdl, format)
            }
            SearchEvent::Done(result) => {
                self.running = None;
                let line = bestmove_line(&result, format);
                self.line(&line)?;
                self.clock_lag.move_sent(Instant::now());
                return Ok(());
            }
        };
        self.line(&line)
    }

    /// `go perft N`: starts the count whose events print Stockfish's divide output.
    fn perft(&mut self, depth: u32) -> io::Result<()> {
        match PerftJob::start(self.game.root.clone(), depth) {
            Ok(job) => self.perft = Some((job, self.chess960())),
            Err(e) => self.error(&format!("go perft could not start: {e}"))?,
        }
        Ok(())
    }

    /// Waits for the running count, if any, printing what it reports.
    fn finish_perft(&mut self) -> io::Result<()> {
        while let Some((job, _)) = &self.perft {
            let event = job.events().recv().ok();
            self.on_perft_event(event)?;
        }
        Ok(())
    }

    /// Prints one perft event; `None` means the count's thread is gone.
    fn on_perft_event(&mut self, event: Option<PerftEvent>) -> io::Result<()> {
        let Some((_, chess960)) = self.perft else {
            return Ok(());
        };
        let last = match event {
            Some(PerftEvent::Move(mv, leaves)) => {
                return self.line(&format!("{}: {leaves}", move_to_uci(mv, chess960)));
            }
            // A blank line before the total, as Stockfish prints it.
            Some(PerftEvent::Done(total)) => format!("\nNodes searched: {total}"),
            Some(PerftEvent::Stopped(moves)) => {
                info_string(&format!("perft stopped after {moves} root moves; no total"))
            }
            None => info_string("error: the perft count ended without a total"),
        };
        self.perft = None;
        self.line(&last)
    }

    fn error(&mut self, message: &str) -> io::Result<()> {
        self.line(&info_string(&format!("error: {message}")))
    }

    fn lines(&mut self, lines: impl IntoIterator<Item = impl AsRef<str>>) -> io::Result<()> {
        lines
            .into_iter()
            .try_for_each(|line| self.line(line.as_ref()))
    }

    fn line(&mut self, text: &str) -> io::Result<()> {
        log::debug!(">> {text}");
        writeln!(self.out, "{text}")?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs a whole script through a session, its lines read as they come, and returns
    /// what it printed.
    fn converse(script: &str) -> Vec<String> {
        converse_paced(script, Pace::Live)
    }

    fn converse_paced(script: &str, pace: Pace) -> Vec<String> {
        let input = spawn_line_reader(Cursor::new(script.as_bytes().to_vec()));
        let mut out = Vec::new();
        Session::new(&mut out).serve_paced(&input, pace).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    fn count(lines: &[String], prefix: &str) -> usize {
        lines.iter().filter(|l| l.starts_with(prefix)).count()
    }

    #[test]
    fn handshake_lists_ids_and_options() {
        let lines = converse("uci\nisready\nquit\n");
        assert!(lines[0].starts_with("id name tvilling"));
        assert!(lines
            .iter()
            .any(|l| l == "option name Hash type spin default 16 min 1 max 65536"));
        assert_eq!(lines[lines.len() - 2], "uciok");
        assert_eq!(lines[lines.len() - 1], "readyok");
    }

    #[test]
    fn every_go_gets_exactly_one_bestmove() {
        let lines = converse(
            "position startpos\ngo depth 2\ngo infinite\ngo depth 1\nposition startpos moves e2e4\nquit\n",
        );
        assert_eq!(count(&lines, "bestmove"), 3, "{lines:?}");
    }

    #[test]
    fn end_of_input_stops_an_infinite_search_with_a_bestmove() {
        let lines = converse("go infinite\n");
        assert_eq!(count(&lines, "bestmove"), 1);
    }

    #[test]
    fn a_script_line_waits_for_the_search_or_count_before_it() {
        // Read as they come, `quit` and `stop` would end these at once.
        let reached = |lines: &[String], depth: &str| {
            lines
                .iter()
                .any(|l| l.starts_with(&format!("info depth {depth} ")))
        };
        let lines = converse_paced("go depth 9\nquit\n", Pace::Script);
        assert!(reached(&lines, "9"), "{lines:?}");
        assert_eq!(count(&lines, "bestmove"), 1);
        // After `ponderhit` a pondering search ends by itself, so `quit` waits for it.
        let lines = converse_paced("go ponder depth 9\nponderhit\nquit\n", Pace::Script);
        assert!(reached(&lines, "9"), "{lines:?}");
        let lines = converse_paced("go perft 4\nstop\n", Pace::Script);
        assert_eq!(lines.last().unwrap(), "Nodes searched: 197281");
    }

    #[test]
    fn a_script_stops_a_search_that_waits_for_stop_at_its_end() {
        for script in [
            "go infinite\n",
            "go\n",
            "go ponder\n",
            "go infinite\nisready\n",
        ] {
            // On a thread of its own, so that a script waiting for ever fails the test.
            let (sender, receiver) = std::sync::mpsc::channel();
            std::thread::spawn(move || sender.send(converse_paced(script, Pace::Script)));
            let lines = receiver
                .recv_timeout(std::time::Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("{script:?} never ended"));
            assert_eq!(count(&lines, "bestmove"), 1, "{script:?}: {lines:?}");
        }
    }

    #[test]
    fn mate_is_found_and_reported_in_moves() {
        let lines = converse("position fen 1k6/8/1K6/8/8/8/8/7R w - - 0 1\ngo depth 3\n");
        assert!(
            lines.iter().any(|l| l.contains("score mate 1")),
            "{lines:?}"
        );
        assert_eq!(lines.last().unwrap().split(' ').nth(1), Some("h1h8"));
    }

    #[test]
    fn go_mate_sees_through_zugzwang() {
        // 1. Ra6! leaves Black in zugzwang (bxa6 b7#, a bishop move Rxa7#): a null move
        // would wrongly refute it, so mate searches do without. Searched to the end here,
        // since a scripted session stops its search at the end of input.
        let root = Position::from_fen("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1").unwrap();
        let go = GoCommand {
            mate: Some(2),
            depth: Some(12),
            ..GoCommand::default()
        };
        let limits = go.to_limits(true, Vec::new(), 1, Default::default(), Default::default());
        let outcome = Searcher::new().search_sync(root, Vec::new(), limits);
        assert_eq!(outcome.score, crate::engine::Score::Win(3));
        assert_eq!(
            outcome.best.map(|mv| move_to_uci(mv, false)).as_deref(),
            Some("a1a6")
        );
    }

    #[test]
    fn no_legal_move_is_bestmove_0000() {
        let lines = converse("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n");
        assert_eq!(lines.last().unwrap(), "bestmove 0000");
    }

    #[test]
    fn bad_position_keeps_the_previous_game() {
        let lines =
            converse("position startpos moves e2e4\nposition startpos moves d2d4 d2d4\nd\n");
        assert!(lines[0].starts_with("info string error: position: move 2"));
        let fen = "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert!(lines.iter().any(|l| l == fen), "{lines:?}");
    }

    #[test]
    fn bad_go_reports_and_still_answers() {
        let lines = converse("go depth abc\nstop\n");
        assert!(lines[0].starts_with("info string error: go:"));
        assert_eq!(count(&lines, "bestmove"), 1);
    }

    #[test]
    fn spsa_in_a_normal_build_says_how_to_get_one() {
        let lines = converse("spsa\nspsa now\n");
        if cfg!(feature = "tune") {
            assert!(lines[0].starts_with("aspiration_min_depth, int, 4, 1, 8, 1, 0.002"));
        } else {
            assert_eq!(
                lines[0],
                "info string error: spsa: this build has no tunable options \
                 (build with --features tune)"
            );
        }
        assert!(lines.last().unwrap().starts_with("info string error: spsa"));
    }

    /// A tuning build's option reaches the searcher, its searches change with it, and the
    /// SPSA input shows it.
    #[cfg(feature = "tune")]
    #[test]
    fn a_tunable_option_changes_the_search_and_the_spsa_input() {
        use crate::engine::{tunable, Limits};
        let nodes = |searcher: &mut Searcher<Position>| {
            let limits = Limits {
                depth: Some(7),
                ..Limits::default()
            };
            searcher
                .search_sync(Position::startpos(), Vec::new(), limits)
                .nodes
        };
        let standard = nodes(&mut Searcher::new());
        // One read by the node function, one through the reduction table made from it.
        for (name, value, standard_value) in [("rfp_margin", 30, 75), ("lmr_base", 200, 75)] {
            let mut out = Vec::new();
            let mut session = Session::new(&mut out);
            let set = |session: &mut Session<_>, value| {
                let line = format!("setoption name {name} value {value}");
                assert!(session.handle_line(&line).unwrap().is_continue());
            };
            set(&mut session, value);
            let tunable = tunable(name).unwrap();
            assert_eq!(tunable.value(&session.searcher.params()), value);
            assert_ne!(nodes(&mut session.searcher), standard, "{name}");
            assert!(session.handle_line("spsa").unwrap().is_continue());
            set(&mut session, standard_value);
            assert!(session.handle_line("ucinewgame").unwrap().is_continue());
            assert_eq!(nodes(&mut session.searcher), standard, "{name}");
            drop(session);
            let text = String::from_utf8(out).unwrap();
            let line = format!(
                "{name}, int, {value}, {}, {}, {}, 0.002",
                tunable.min, tunable.max, tunable.step
            );
            assert!(text.lines().any(|l| l == line), "{text}");
        }
    }

    #[test]
    fn garbage_and_bad_options_answer_errors() {
        let lines = converse("garbage\nsetoption name Hash value 0\nsetoption name Nope value 1\n");
        assert_eq!(count(&lines, "info string error:"), 3, "{lines:?}");
    }

    #[test]
    fn a_rejected_option_value_changes_nothing() {
        // Values set on purpose first, so that "unchanged" cannot pass by matching defaults.
        let script = "setoption name Hash value 2\nsetoption name MultiPV value 3\n\
                      setoption name Hash value 0\nsetoption name MultiPV value 300\n\
                      go depth 3\n";
        let input = spawn_line_reader(Cursor::new(script.as_bytes().to_vec()));
        let mut out = Vec::new();
        let mut session = Session::new(&mut out);
        session.serve(&input).unwrap();
        assert_eq!(
            session.settings,
            EngineSettings {
                hash_mb: 2,
                multipv: 3,
                ..EngineSettings::default()
            }
        );
        drop(session);
        let lines: Vec<String> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        assert_eq!(
            lines[..2],
            [
                "info string error: option Hash: 0 is outside 1..=65536; value unchanged",
                "info string error: option MultiPV: 300 is outside 1..=256; value unchanged",
            ]
        );
        // The search runs with the MultiPV that stayed: three lines per depth, no fourth.
        assert!(lines.iter().any(|l| l.contains(" multipv 3 ")), "{lines:?}");
        assert!(
            !lines.iter().any(|l| l.contains(" multipv 4 ")),
            "{lines:?}"
        );
    }

    #[test]
    fn go_perft_prints_divide_and_total() {
        let lines = converse("go perft 2\n");
        assert_eq!(lines.len(), 22);
        assert!(lines.contains(&"e2e4: 20".to_string()));
        assert_eq!(lines.last().unwrap(), "Nodes searched: 400");
    }

    #[test]
    fn piped_perfts_complete_in_order() {
        let lines = converse("go perft 3\nposition startpos moves e2e4\ngo perft 1\nquit\n");
        let totals: Vec<&String> = lines.iter().filter(|l| l.starts_with("Nodes")).collect();
        assert_eq!(totals, ["Nodes searched: 8902", "Nodes searched: 20"]);
    }

    #[test]
    fn stop_abandons_a_perft_and_isready_is_answered_meanwhile() {
        let lines = converse("go perft 7\nisready\nstop\nisready\n");
        assert_eq!(count(&lines, "Nodes searched"), 0, "{lines:?}");
        assert_eq!(count(&lines, "readyok"), 2);
        assert_eq!(count(&lines, "info string perft stopped after"), 1);
        let first_ready = lines.iter().position(|l| l == "readyok");
        let stopped = lines.iter().position(|l| l.contains("perft stopped"));
        assert!(first_ready < stopped, "{lines:?}");
    }

    #[test]
    fn chess960_castling_is_printed_king_takes_rook() {
        let lines = converse(
            "setoption name UCI_Chess960 value true\n\
             position fen bq1nrkrb/ppppp1pp/3n1p2/8/6P1/4N3/PPPPPP1P/BQN1RKRB w KQkq - 0 3\n\
             go depth 2 searchmoves f1g1\n",
        );
        assert!(
            lines.last().unwrap().starts_with("bestmove f1g1"),
            "{lines:?}"
        );
    }

    #[test]
    fn wdl_and_multipv_reach_the_info_lines() {
        let lines = converse(
            "setoption name UCI_ShowWDL value true\nsetoption name MultiPV value 2\ngo depth 3\n",
        );
        assert!(lines
            .iter()
            .any(|l| l.contains("multipv 2") && l.contains(" wdl ")));
    }

    /// The lag the session learnt from `script`.
    fn lag_after(script: &str) -> std::time::Duration {
        let input = spawn_line_reader(Cursor::new(script.as_bytes().to_vec()));
        let mut out = Vec::new();
        let mut session = Session::new(&mut out);
        session.serve(&input).unwrap();
        session.clock_lag.estimate()
    }

    #[test]
    fn a_clock_that_falls_more_than_the_engine_thought_is_planned_for() {
        // White's clock falls by 900 ms over a move the engine answered at once (the next
        // `position` stops it): the GUI charged that much more.
        let lagging = lag_after(
            "position startpos\ngo wtime 10000 btime 10000\n\
             position startpos moves e2e4 e7e5\ngo wtime 9100 btime 10000\n",
        );
        assert!(
            lagging >= std::time::Duration::from_millis(800),
            "{lagging:?}"
        );
        // The same with an honest clock, and with a clock from another game.
        let honest = lag_after(
            "position startpos\ngo wtime 10000 btime 10000\n\
             position startpos moves e2e4 e7e5\ngo wtime 10000 btime 10000\n",
        );
        let other_game = lag_after(
            "position startpos\ngo wtime 10000 btime 10000\n\
             position startpos moves d2d4 d7d5 c2c4 e7e6\ngo wtime 9100 btime 10000\n",
        );
        assert_eq!(honest, std::time::Duration::ZERO);
        assert_eq!(other_game, std::time::Duration::ZERO);
    }
}
