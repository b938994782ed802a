//! The Hub session: one loop that owns the game, the search and stdout (`tvilling hub`).
//!
//! The loop selects over two channels, stdin lines and search events, so a search runs in the
//! background while `ping`, `ponder-hit` and `stop` are answered at once. Any other command
//! arriving during a search aborts it first (its `done` is still sent) and is then processed,
//! as Scan does: a GUI that sends `pos` without `stop` gets a consistent stream. Every line is
//! flushed as it is written, because GUIs read pipes line by line. `stop` and `ponder-hit`
//! outside a search are ignored: the `done` they would ask for has already been sent.
//!
//! The game and its searcher are one [`Backend`], made anew when a variant is chosen; which
//! rules engine plays it is the backend's business, not the loop's.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossbeam_channel::{select, unbounded, Receiver, Sender};

use super::backend::{backend_for, Backend};
use super::command::{parse_command, GoMode, HubCommand};
use super::level::LevelCommand;
use super::output::{book_info_line, done_line, error_line, id_line, info_line};
use crate::draughts::book::Book;
use crate::draughts::nnue::DRAUGHTS_NETWORK;
use crate::draughts::Move;
use crate::engine::{ClockLag, SearchEvent, SearchResult};
use crate::nnue::slot::NetworkSlot;
use crate::protocol::draughts_settings::{DraughtsSettings, Effect, SettingError};
use crate::protocol::stdin_lines::{spawn_stdin_reader, InputLine};
use crate::rng::{clock_seed, Rng};

/// Time lost between our `done` and the GUI's clock stopping: two pipes and a Python client.
/// A clock is spent with this much kept back on every move, so lag never flags.
const CLOCK_OVERHEAD: Duration = Duration::from_millis(50);

/// A fixed move time has no clock to lose on, so only the round trip is kept back: measured
/// through pydraughts' `HubEngine`, a 150 ms search answered in 168 ms (median of 12).
/// With the clock's 50 ms, `move-time=0.2` searched a quarter less than it allows.
const MOVE_TIME_OVERHEAD: Duration = Duration::from_millis(20);

/// The time kept back from each move under `level`.
fn move_overhead(level: &LevelCommand) -> Duration {
    if level.time.is_some() {
        CLOCK_OVERHEAD
    } else {
        MOVE_TIME_OVERHEAD
    }
}

/// Why `tvilling hub` could not run.
#[derive(Debug, thiserror::Error)]
pub enum HubRunError {
    /// A network or book the command line names cannot be used.
    #[error(transparent)]
    Setting(#[from] SettingError),
    /// Writing to stdout failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Runs `tvilling hub`: the Hub protocol on stdin/stdout until `quit` or the end of stdin,
/// the session started with the settings of its command line.
pub fn run(settings: DraughtsSettings) -> Result<(), HubRunError> {
    let mut session = HubSession::new(io::stdout().lock());
    // As their `set-param`s would, but a network or book that cannot be used stops the
    // engine: no GUI is there yet to be told. Sizes and tables follow at `init`.
    for effect in [Effect::Network, Effect::Book] {
        session.apply(settings.clone(), effect)?;
    }
    Ok(session.run(&spawn_stdin_reader())?)
}

/// The state of one Hub conversation, generic over the output so tests can read it.
pub struct HubSession<W: Write> {
    out: W,
    /// The game in play and its searcher.
    backend: Box<dyn Backend>,
    events: Receiver<SearchEvent<Move>>,
    event_sender: Sender<SearchEvent<Move>>,
    level: LevelCommand,
    /// Set when the last `pos` was refused: the game before it is not the one the GUI
    /// asked about, so `go` answers an error until a `pos` succeeds or a new variant
    /// starts a game of its own.
    position_refused: bool,
    searching: bool,
    initialised: bool,
    /// The parameters as last set successfully.
    settings: DraughtsSettings,
    /// Where `nnue` and `evalfile` make their choice: the draughts network every search
    /// evaluates with. A test gives its session a slot of its own, so that switching
    /// leaves the searches of other tests alone.
    network: &'static NetworkSlot,
    /// What the clock charges per move beyond our own time; the overhead planned for is
    /// never below it.
    clock_lag: ClockLag,
    /// The book `book-file` names, and what draws among its near-best moves.
    book: Arc<Book>,
    book_rng: Rng,
}

impl<W: Write> HubSession<W> {
    /// A session at the start position, writing to `out`; tables are allocated at `init`.
    pub fn new(out: W) -> Self {
        let (event_sender, events) = unbounded();
        let settings = DraughtsSettings::default();
        Self {
            out,
            backend: backend_for(settings.variant),
            events,
            event_sender,
            level: LevelCommand::default(),
            position_refused: false,
            searching: false,
            initialised: false,
            // The embedded book is checked by the tests; should it ever be unusable, the
            // session plays without it rather than not at all.
            book: settings.read_book().unwrap_or_default(),
            settings,
            network: &DRAUGHTS_NETWORK,
            clock_lag: ClockLag::default(),
            book_rng: Rng::new(clock_seed()),
        }
    }

    /// Serves lines from `input` until `quit`, its end, or a failed write to the GUI.
    pub fn run(mut self, input: &Receiver<InputLine>) -> io::Result<()> {
        let result = self.serve(input);
        self.backend.stop();
        self.backend.wait();
        result
    }

    fn serve(&mut self, input: &Receiver<InputLine>) -> io::Result<()> {
        loop {
            select! {
                recv(input) -> line => match line {
                    Ok(InputLine::Line(line)) => {
                        if self.on_line(&line)?.is_break() {
                            return Ok(());
                        }
                    }
                    Ok(InputLine::Overlong(len)) => {
                        self.abort_search()?;
                        self.send(&error_line(&format!("line of {len} bytes is too long")))?;
                    }
                    // The GUI is gone; a search still running gets its `done` for anyone
                    // still reading (a script piping commands in), then we exit.
                    Ok(InputLine::End) | Err(_) => return self.abort_search(),
                },
                recv(self.events) -> event => {
                    if let Ok(event) = event {
                        self.on_event(event)?;
                    }
                }
            }
        }
    }

    fn send(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }

    fn on_event(&mut self, event: SearchEvent<Move>) -> io::Result<()> {
        let text = |m: &Move| self.backend.move_text(*m);
        match event {
            SearchEvent::Info(info) => {
                let line = info_line(&info, text);
                self.send(&line)
            }
            SearchEvent::Done(result) => {
                let line = done_line(&result, text);
                self.searching = false;
                self.level = LevelCommand::default();
                self.send(&line)?;
                self.clock_lag.move_sent(Instant::now());
                Ok(())
            }
        }
    }

    /// Stops a running search and forwards its remaining events, `done` included.
    fn abort_search(&mut self) -> io::Result<()> {
        if !self.searching {
            return Ok(());
        }
        self.backend.stop();
        while self.searching {
            match self.events.recv() {
                Ok(event) => self.on_event(event)?,
                // Unreachable while we hold a sender; stop waiting rather than spin.
                Err(_) => self.searching = false,
            }
        }
        Ok(())
    }

    fn on_line(&mut self, line: &str) -> io::Result<ControlFlow<()>> {
        let command = match parse_command(line) {
            Ok(command) => command,
            Err(error) => {
                self.abort_search()?;
                self.send(&error_line(&error.to_string()))?;
                return Ok(ControlFlow::Continue(()));
            }
        };
        if !command.is_search_control() {
            self.abort_search()?;
        }
        self.on_command(command)
    }

    fn on_command(&mut self, command: HubCommand) -> io::Result<ControlFlow<()>> {
        match command {
            HubCommand::Hub => {
                self.send(&id_line(env!("CARGO_PKG_VERSION")))?;
                for line in self.settings.param_lines() {
                    self.send(&line)?;
                }
                self.send("wait")?;
            }
            HubCommand::SetParam { name, value } => self.set_param(&name, &value)?,
            HubCommand::Init => {
                self.allocate();
                self.set_up_tables()?;
                self.initialised = true;
                self.send("ready")?;
            }
            HubCommand::NewGame => {
                self.clock_lag.new_game();
                self.backend.clear();
            }
            HubCommand::Pos { position, moves } => {
                self.set_position(position.as_deref(), &moves)?
            }
            HubCommand::Level(level) => self.level.merge(&level),
            HubCommand::Go(mode) => self.go(mode)?,
            HubCommand::PonderHit => self.backend.ponder_hit(),
            HubCommand::Stop => self.backend.stop(),
            HubCommand::Ping => self.send("pong")?,
            HubCommand::Quit => return Ok(ControlFlow::Break(())),
        }
        Ok(ControlFlow::Continue(()))
    }

    /// Sizes the searcher as the parameters say.
    fn allocate(&mut self) {
        self.backend
            .resize(self.settings.threads, self.settings.hash);
    }

    /// Installs the endgame tables the parameters ask for. A damaged table is reported and
    /// no tables are used.
    fn set_up_tables(&mut self) -> io::Result<()> {
        match self.settings.set_up_tables() {
            Ok(_) => Ok(()),
            Err(e) => self.send(&error_line(&format!("endgame tables: {e}"))),
        }
    }

    fn set_param(&mut self, name: &str, value: &str) -> io::Result<()> {
        let (settings, effect) = match self.settings.with(name, value) {
            Ok(Some(change)) => change,
            Ok(None) => {
                log::info!("hub: set-param of a parameter we do not have ({name}) ignored");
                return Ok(());
            }
            Err(error) => return self.send(&error_line(&error.to_string())),
        };
        if let Err(error) = self.apply(settings, effect) {
            let kept = match error {
                SettingError::Network(_) => "the evaluation",
                SettingError::Book(_) => "the book",
            };
            return self.send(&error_line(&format!("{error}; {kept} in use stays")));
        }
        // Hub GUIs only set parameters before `init`, which sizes and sets up everything;
        // a later change takes effect at once.
        match effect {
            Effect::Resize | Effect::Variant if self.initialised => self.allocate(),
            Effect::Tables if self.initialised => return self.set_up_tables(),
            _ => {}
        }
        Ok(())
    }

    /// Takes `settings` as the parameters, redoing what `effect` names of what does not
    /// wait for `init`: the evaluation, the book, the game of a new variant (from its
    /// start, with a searcher of its own). A network or book that cannot be used is an
    /// error, and the parameters stay as they were.
    fn apply(&mut self, settings: DraughtsSettings, effect: Effect) -> Result<(), SettingError> {
        match effect {
            Effect::Network => settings.select_network(self.network)?,
            Effect::Book => self.book = settings.read_book()?,
            Effect::Variant if settings.variant != self.settings.variant => {
                self.backend = backend_for(settings.variant);
                self.position_refused = false;
            }
            _ => {}
        }
        self.settings = settings;
        Ok(())
    }

    /// The root from `position` (`None`: the variant's start) and `moves`, or an `error`
    /// line after which there is no game to search until a `pos` succeeds.
    fn set_position(&mut self, position: Option<&str>, moves: &[String]) -> io::Result<()> {
        let result = self.backend.set_position(position, moves);
        self.position_refused = result.is_err();
        match result {
            Ok(()) => {
                self.level = LevelCommand::default();
                Ok(())
            }
            Err(message) => self.send(&error_line(&message)),
        }
    }

    /// Starts the search `mode` asks for; `go think` in a position the book knows is
    /// answered from the book at once instead (analysis and pondering always search).
    /// After a refused `pos` it answers an error instead: what it would search is not the
    /// game the GUI asked about.
    fn go(&mut self, mode: GoMode) -> io::Result<()> {
        if self.position_refused {
            return self.send(&error_line(
                "no position to search: the last pos was refused",
            ));
        }
        // The backend's ClockLag::plan samples the clock and raises the overhead to the lag.
        let mut limits = self.level.to_limits(mode, move_overhead(&self.level));
        limits.ponder_enabled = self.settings.ponder;
        let book = (mode == GoMode::Think && self.settings.book)
            .then_some((self.book.as_ref(), &mut self.book_rng));
        let events = self.event_sender.clone();
        let choice = self.backend.go(limits, events, book, &mut self.clock_lag);
        self.searching = true;
        let Some(choice) = choice else {
            return Ok(());
        };
        let text = self.backend.move_text(choice.mv);
        self.send(&book_info_line(choice.score, &text))?;
        self.on_event(SearchEvent::Done(SearchResult {
            best: Some(choice.mv),
            ponder: None,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::FeatureSetId;
    use crate::test_scratch::scratch_path;
    use std::sync::{Arc, Mutex};

    /// Output shared with the test while the session owns its writer.
    #[derive(Clone, Default)]
    struct SharedOutput(Arc<Mutex<Vec<u8>>>);

    impl Write for SharedOutput {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_clock_keeps_more_back_than_a_fixed_move_time() {
        let level = |line: &str| match parse_command(line) {
            Ok(HubCommand::Level(level)) => level,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(
            move_overhead(&level("level move-time=0.2")),
            MOVE_TIME_OVERHEAD
        );
        assert_eq!(move_overhead(&level("level time=60")), CLOCK_OVERHEAD);
        assert_eq!(
            move_overhead(&level("level time=60 move-time=1")),
            CLOCK_OVERHEAD
        );
    }

    /// A session as the tests run it: without endgame tables, so `init` neither reads nor
    /// writes a table directory (the default one is in the user's home, and making the
    /// tables there takes minutes), and pointed at a directory of its own should a test
    /// ask for tables; `nnue` and `evalfile` choose in `network`.
    fn test_session(out: SharedOutput, network: &'static NetworkSlot) -> HubSession<SharedOutput> {
        let mut session = HubSession::new(out);
        session.settings.egdb_dir = scratch_path("hub-egdb").display().to_string();
        session.settings.egdb_pieces = 0;
        session.network = network;
        session
    }

    /// A network slot for one test's sessions alone (no embedded network: searches do not
    /// read it).
    fn own_network() -> &'static NetworkSlot {
        Box::leak(Box::new(NetworkSlot::new(FeatureSetId::Draughts200, None)))
    }

    /// The input `lines`, then the end of input, for a session to read.
    fn input(lines: &[&str]) -> Receiver<InputLine> {
        let (sender, receiver) = unbounded();
        for line in lines {
            sender.send(InputLine::Line(line.to_string())).unwrap();
        }
        sender.send(InputLine::End).unwrap();
        receiver
    }

    fn run_lines(lines: &[&str]) -> Vec<String> {
        run_lines_on(own_network(), lines)
    }

    /// The lines a test session choosing its network in `network` prints for `lines`.
    fn run_lines_on(network: &'static NetworkSlot, lines: &[&str]) -> Vec<String> {
        output_of(network, &input(lines))
    }

    /// The lines a test session prints for `lines` when the end of input, which stops a
    /// search, comes `wait` after them.
    fn run_lines_waiting(lines: &[&str], wait: Duration) -> Vec<String> {
        let (sender, receiver) = unbounded();
        for line in lines {
            sender.send(InputLine::Line(line.to_string())).unwrap();
        }
        std::thread::spawn(move || {
            std::thread::sleep(wait);
            let _ = sender.send(InputLine::End);
        });
        output_of(own_network(), &receiver)
    }

    /// What a test session choosing its network in `network` prints for `input`.
    fn output_of(network: &'static NetworkSlot, input: &Receiver<InputLine>) -> Vec<String> {
        let output = SharedOutput::default();
        test_session(output.clone(), network).run(input).unwrap();
        let bytes = output.0.lock().unwrap().clone();
        String::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// The lag the session learnt from `lines`.
    fn lag_after(lines: &[&str]) -> Duration {
        let mut session = test_session(SharedOutput::default(), own_network());
        session.serve(&input(lines)).unwrap();
        session.clock_lag.estimate()
    }

    #[test]
    fn a_clock_that_falls_more_than_the_engine_thought_is_planned_for() {
        // Our clock falls by 0.9 s over a move answered at once (the next `pos` stops it).
        let script = |time: &str, moves: &str| {
            [
                "hub".to_string(),
                "init".to_string(),
                "pos start".to_string(),
                "level time=10".to_string(),
                "go think".to_string(),
                format!("pos start moves=\"{moves}\""),
                format!("level time={time}"),
                "go think".to_string(),
            ]
        };
        let lag = |time: &str, moves: &str| {
            let lines = script(time, moves);
            lag_after(&lines.iter().map(String::as_str).collect::<Vec<_>>())
        };
        assert!(lag("9.1", "32-28 19-23") >= Duration::from_millis(800));
        assert_eq!(lag("10", "32-28 19-23"), Duration::ZERO);
        // Not the position two plies after the last search: another game.
        assert_eq!(lag("9.1", "32-28 19-23 34-30 20-24"), Duration::ZERO);
    }

    #[test]
    fn handshake_declares_params_then_waits() {
        let lines = run_lines(&["hub", "init"]);
        assert!(lines[0].starts_with("id name=tvilling"));
        assert!(lines.iter().any(|l| l.starts_with("param name=variant")));
        let wait = lines.iter().position(|l| l == "wait").unwrap();
        assert_eq!(lines[wait + 1], "ready");
    }

    #[test]
    fn a_refused_pos_leaves_no_game_to_search() {
        let lines = run_lines(&[
            "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"",
            "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-26\"",
            "level depth=2",
            "go think",
            "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"",
            "level depth=2",
            "go think",
        ]);
        assert!(lines[0].starts_with("error message="), "{lines:?}");
        // Not the game of the first `pos`, which the GUI replaced: no search at all.
        assert_eq!(
            lines[1], "error message=\"no position to search: the last pos was refused\"",
            "{lines:?}"
        );
        assert!(lines[2].starts_with("info "), "{lines:?}");
        // A `pos` that succeeds gives the `go` after it a game again.
        let done = lines.iter().find(|l| l.starts_with("done")).unwrap();
        assert!(done.starts_with("done move=28x19x23"), "{done}");
    }

    #[test]
    fn an_unknown_parameter_is_ignored() {
        let lines = run_lines(&["set-param name=book-ply value=4", "ping"]);
        assert_eq!(lines, ["pong"]);
    }

    #[test]
    fn analysis_searches_a_lone_legal_move_for_its_move_time() {
        // 28x19x23 is forced; a timed `go think` would play it after one iteration.
        let lines = run_lines_waiting(
            &[
                "pos start moves=\"32-28 19-23\"",
                "level move-time=0.5",
                "go analyze",
            ],
            Duration::from_secs(3),
        );
        assert!(
            lines.last().unwrap().starts_with("done move=28x19x23"),
            "{lines:?}"
        );
        let depths = lines
            .iter()
            .filter_map(|l| l.strip_prefix("info depth="))
            .filter_map(|l| l.split(' ').next()?.parse::<u32>().ok());
        assert!(depths.max() > Some(1), "{lines:?}");
    }

    #[test]
    fn a_win_on_the_last_move_the_five_move_rule_allows_is_found() {
        // White's kings on 1 and 6 against the king on 45, White to move with 7 plies of
        // the 5-move clock gone: 6-50 keeps the black king on the 1-45 diagonal, and the
        // capture on ply 10, the last the rule allows, takes the last piece.
        let lines = run_lines(&[
            "pos pos=BBeeeeWeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeW \
             moves=\"1-7 6-1 7-45 50-44 45-50 44-6 50-45\"",
            "level depth=6",
            "go think",
        ]);
        let done = lines.iter().find(|l| l.starts_with("done")).unwrap();
        assert!(done.starts_with("done move=6-50"), "{lines:?}");
        let last_info = lines.iter().rfind(|l| l.starts_with("info")).unwrap();
        assert!(last_info.contains(" score=99.97 "), "{lines:?}");
    }

    #[test]
    fn a_capture_of_the_last_piece_on_the_last_move_allowed_wins_at_the_horizon() {
        // The same ending a move on: the capture is the 5-move rule's last ply, and at
        // depth 1 it is searched by quiescence alone.
        let lines = run_lines(&[
            "pos pos=BBeeeeWeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeW \
             moves=\"1-7 6-1 7-45 50-44 45-50 44-6 50-45 6-50 45-40\"",
            "level depth=1",
            "go think",
        ]);
        let last_info = lines.iter().rfind(|l| l.starts_with("info")).unwrap();
        assert!(last_info.contains(" score=99.99 "), "{lines:?}");
    }

    #[test]
    fn a_command_during_a_search_aborts_it_with_a_done_first() {
        let lines = run_lines(&["level infinite", "go analyze", "ping", "hub"]);
        let pong = lines.iter().position(|l| l == "pong").unwrap();
        let done = lines
            .iter()
            .position(|l| l.starts_with("done move="))
            .unwrap();
        let id = lines.iter().position(|l| l.starts_with("id ")).unwrap();
        assert!(pong < done && done < id, "{lines:?}");
        assert_eq!(lines.iter().filter(|l| l.starts_with("done")).count(), 1);
    }

    #[test]
    fn a_bad_evalfile_is_refused_and_play_goes_on() {
        let lines = run_lines(&[
            "set-param name=evalfile value=/nonexistent/draughts.nnue",
            "level depth=2",
            "go think",
        ]);
        assert!(
            lines[0]
                .starts_with("error message=\"evalfile: cannot read /nonexistent/draughts.nnue"),
            "{lines:?}"
        );
        assert!(lines.iter().any(|l| l.starts_with("done move=")));
    }

    #[test]
    fn nnue_switches_between_the_network_and_the_hand_written_evaluation() {
        let network = own_network();
        run_lines_on(network, &["set-param name=nnue value=false"]);
        assert!(network.is_hand_written());
        let lines = run_lines_on(
            network,
            &[
                "set-param name=nnue value=false",
                "set-param name=nnue value=true",
                "level depth=2",
                "go think",
            ],
        );
        assert!(!network.is_hand_written());
        // The network other tests' searches evaluate with was left alone throughout.
        assert!(!DRAUGHTS_NETWORK.is_hand_written());
        assert!(
            lines.iter().any(|l| l.starts_with("done move=")),
            "{lines:?}"
        );
    }

    #[test]
    fn a_variant_takes_its_own_positions_and_notation() {
        let lines = run_lines(&[
            "set-param name=variant value=russian",
            "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"c3-d4 f6-e5\"",
            "level depth=3",
            "go think",
        ]);
        let done = lines.iter().find(|l| l.starts_with("done")).unwrap();
        // d4 takes e5 and lands on f6, in Russian numbering.
        assert!(done.starts_with("done move=14x23x19"), "{lines:?}");
    }

    #[test]
    fn pos_start_is_the_start_of_the_variant_in_play() {
        let lines = run_lines(&[
            "set-param name=variant value=russian",
            "pos start moves=\"c3-d4 f6-e5\"",
            "level depth=3",
            "go think",
        ]);
        let done = lines.iter().find(|l| l.starts_with("done")).unwrap();
        assert!(done.starts_with("done move=14x23x19"), "{lines:?}");
        let lines = run_lines(&[
            "set-param name=variant value=normal",
            "pos start moves=\"32-28 19-23\"",
            "level depth=2",
            "go think",
        ]);
        let done = lines.iter().find(|l| l.starts_with("done")).unwrap();
        assert!(done.starts_with("done move=28x19x23"), "{lines:?}");
    }

    #[test]
    fn a_position_illegal_for_the_variant_is_refused() {
        let lines = run_lines(&[
            "set-param name=variant value=english",
            "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
            "set-param name=variant value=draughts64",
        ]);
        assert!(lines[0].starts_with("error message=\"bad position for variant english"));
        assert!(lines[1].starts_with("error message=\"bad value 'draughts64' for variant"));
    }

    #[test]
    fn back_to_normal_plays_international_draughts_again() {
        let lines = run_lines(&[
            "set-param name=variant value=losing",
            "set-param name=variant value=normal",
            "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"",
            "level depth=2",
            "go think",
        ]);
        let done = lines.iter().find(|l| l.starts_with("done")).unwrap();
        assert!(done.starts_with("done move=28x19x23"), "{done}");
    }

    /// The small book of the book module's tests, in a file of its own.
    fn small_book_file(name: &str) -> String {
        let path = crate::test_scratch::scratch_dir(&format!("hub-book-{name}")).join("small.book");
        crate::draughts::book::write_file(&crate::draughts::book::tests::small_book(), &path)
            .unwrap();
        path.display().to_string()
    }

    #[test]
    fn think_answers_from_the_book_and_says_so() {
        let file = small_book_file("think");
        let set = format!("set-param name=book-file value={file}");
        let lines = run_lines(&[&set, "pos start", "level time=60", "go think"]);
        std::fs::remove_file(&file).unwrap();
        // 32-28 scores 0.05 and 33-28 0.03: either may be drawn.
        assert!(
            lines
                == [
                    "info depth=0 score=0.05 nodes=0 pv=32-28 book=true",
                    "done move=32-28"
                ]
                || lines
                    == [
                        "info depth=0 score=0.03 nodes=0 pv=33-28 book=true",
                        "done move=33-28"
                    ],
            "{lines:?}"
        );
    }

    #[test]
    fn book_false_analysis_and_positions_outside_the_book_search() {
        let file = small_book_file("off");
        let set = format!("set-param name=book-file value={file}");
        for script in [
            vec![&set as &str, "set-param name=book value=false", "pos start"],
            vec![&set, "pos start", "level depth=2", "go analyze"],
            vec![&set, "pos start moves=\"34-30\""],
        ] {
            let mut script = script;
            if !script.contains(&"go analyze") {
                script.extend(["level depth=2", "go think"]);
            }
            let lines = run_lines(&script);
            assert!(lines.iter().all(|l| !l.contains("book")), "{lines:?}");
            assert!(lines[0].starts_with("info depth=1 "), "{lines:?}");
            assert!(lines.last().unwrap().starts_with("done move="), "{lines:?}");
        }
        std::fs::remove_file(&file).unwrap();
    }

    #[test]
    fn a_bad_book_file_is_refused_and_the_book_in_use_stays() {
        let file = small_book_file("stays");
        let lines = run_lines(&[
            &format!("set-param name=book-file value={file}"),
            "set-param name=book-file value=/nonexistent/d.book",
            "pos start",
            "go think",
        ]);
        std::fs::remove_file(&file).unwrap();
        assert_eq!(
            lines[0],
            "error message=\"book-file: /nonexistent/d.book: cannot read it: No such file or \
             directory (os error 2); the book in use stays\""
        );
        assert!(lines[1].ends_with(" book=true"), "{lines:?}");
    }

    #[test]
    fn the_embedded_book_answers_the_start_but_no_variant() {
        let lines = run_lines(&["pos start", "go think"]);
        assert!(lines[0].ends_with(" book=true"), "{lines:?}");
        // A variant has no book: it searches.
        let lines = run_lines(&[
            "set-param name=variant value=frisian",
            "pos start",
            "level depth=1",
            "go think",
        ]);
        assert!(lines[0].starts_with("info depth=1 "), "{lines:?}");
    }

    #[test]
    fn stop_without_a_search_is_ignored_and_limits_reset_after_done() {
        let lines = run_lines(&["stop", "level depth=1", "go think", "ping"]);
        assert!(lines.iter().all(|l| !l.starts_with("error")), "{lines:?}");
        assert_eq!(lines.iter().filter(|l| l.starts_with("done")).count(), 1);
        assert!(lines.iter().any(|l| l == "pong"));
    }
}
