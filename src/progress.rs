//! Where the long commands (`train`, `datagen`, `dbgen`, `book`) tell how far they are: a
//! bar (indicatif) when stderr is a terminal, where someone waits and watches; otherwise
//! the plain lines each command prints, which a log or a pipe keeps as they are (a bar
//! redrawn in place would fill them with control codes).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, IsTerminal};
use std::time::Duration;

/// A bar toward a known end: name, bar, share, the command's message, time.
const BAR: &str = "{prefix} [{bar:30}] {percent:>3}% {msg} ({elapsed}, ETA {eta})";
/// Work without a known end: name, spinner, the command's message, time.
const SPINNER: &str = "{prefix} {spinner} {msg} ({elapsed})";
/// How often the bar is redrawn while nothing reports (the time in it moves on).
const TICK: Duration = Duration::from_millis(250);

/// A long command's progress on stderr; the bar, if any, is cleared when this is dropped.
pub struct ProgressDisplay {
    /// The bar, when stderr is a terminal.
    bar: Option<ProgressBar>,
}

impl ProgressDisplay {
    /// Progress toward `total` steps (`None`: no end known), shown as a bar named `name`
    /// when stderr is a terminal.
    pub fn new(name: &str, total: Option<u64>) -> Self {
        if !io::stderr().is_terminal() {
            return Self { bar: None };
        }
        let (bar, template) = match total {
            Some(total) => (ProgressBar::new(total), BAR),
            None => (ProgressBar::new_spinner(), SPINNER),
        };
        let style = ProgressStyle::with_template(template)
            .expect("the templates are constants")
            .progress_chars("=> ");
        bar.set_style(style);
        bar.set_prefix(name.to_string());
        bar.enable_steady_tick(TICK);
        Self { bar: Some(bar) }
    }

    /// Moves the bar to `position`, `message()` beside it; without a bar, nothing.
    pub fn show(&self, position: u64, message: impl FnOnce() -> String) {
        if let Some(bar) = &self.bar {
            bar.set_position(position);
            bar.set_message(message());
        }
    }

    /// Prints the plain progress line `line()` when no bar is shown, which stands for it.
    pub fn plain(&self, line: impl FnOnce() -> String) {
        if self.bar.is_none() {
            eprintln!("{}", line());
        }
    }

    /// Prints `line` with or without a bar (above it, when there is one).
    pub fn line(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{line}")),
            None => eprintln!("{line}"),
        }
    }
}

impl Drop for ProgressDisplay {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
