//! Input lines read on their own thread and delivered over a channel, shared by the UCI and
//! Hub front ends.
//!
//! A dedicated reader means the front end's loop can wait on the search and on the GUI at
//! once (`select!`), so `stop` and `isready` are answered while a search runs. The reader
//! never trusts its input: bytes that are not UTF-8 are replaced, and a line longer than
//! [`MAX_LINE_BYTES`] is not kept (its bytes are skipped as they arrive, so memory stays
//! bounded) but reported as [`InputLine::Overlong`]: executing a truncated `position` line
//! would silently set up the wrong game.

use crossbeam_channel::{unbounded, Receiver};
use std::io::{self, BufRead};
use std::thread;

/// The longest line delivered; no real protocol line comes near it (a 64 KiB UCI move list
/// is over 10,000 plies).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One event from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputLine {
    /// A line without its `\n` or `\r\n`.
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`], discarded; holds its length in bytes.
    Overlong(usize),
    /// End of input (or a read error): the front end should quit. Always the last event.
    End,
}

/// Starts a thread reading standard input.
pub fn spawn_stdin_reader() -> Receiver<InputLine> {
    spawn_line_reader(io::BufReader::new(io::stdin()))
}

/// Starts a thread reading `source` line by line. The thread ends after sending
/// [`InputLine::End`], or as soon as the receiver is dropped. A closed channel (the
/// thread could not start) means the same as [`InputLine::End`].
pub fn spawn_line_reader<R: BufRead + Send + 'static>(mut source: R) -> Receiver<InputLine> {
    let (sender, receiver) = unbounded();
    let reader = thread::Builder::new()
        .name("input".to_string())
        .spawn(move || loop {
            let event = read_line(&mut source);
            let end = event == InputLine::End;
            if sender.send(event).is_err() || end {
                break;
            }
        });
    // Without a thread the sender is already dropped: the channel reads as closed.
    if let Err(e) = reader {
        log::error!("cannot start the input thread: {e}");
    }
    receiver
}

/// Reads one line, keeping at most [`MAX_LINE_BYTES`] of it.
fn read_line(source: &mut impl BufRead) -> InputLine {
    let mut kept: Vec<u8> = Vec::new();
    let mut length = 0usize;
    loop {
        let chunk = match source.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                log::error!("input read failed: {e}");
                return InputLine::End;
            }
        };
        if chunk.is_empty() {
            // EOF: a last line without a newline still counts; nothing at all is the end.
            return if length == 0 {
                InputLine::End
            } else {
                finish(kept, length)
            };
        }
        let newline = chunk.iter().position(|&b| b == b'\n');
        let take = newline.unwrap_or(chunk.len());
        let room = (MAX_LINE_BYTES + 1).saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..take.min(room)]);
        length = length.saturating_add(take);
        let consumed = newline.map_or(take, |n| n + 1);
        source.consume(consumed);
        if newline.is_some() {
            return finish(kept, length);
        }
    }
}

/// Turns the bytes of one complete line into its event. One byte beyond the limit is kept
/// so that a trailing `\r` does not make a line of exactly the limit look overlong.
fn finish(mut kept: Vec<u8>, length: usize) -> InputLine {
    let mut length = length;
    if kept.last() == Some(&b'\r') && length == kept.len() {
        kept.pop();
        length -= 1;
    }
    if length > MAX_LINE_BYTES {
        return InputLine::Overlong(length);
    }
    InputLine::Line(String::from_utf8_lossy(&kept).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;
    use std::time::Duration;

    fn events(input: Vec<u8>) -> Vec<InputLine> {
        let receiver = spawn_line_reader(Cursor::new(input));
        let mut out = Vec::new();
        while let Ok(event) = receiver.recv_timeout(Duration::from_secs(10)) {
            out.push(event);
        }
        out
    }

    fn line(text: &str) -> InputLine {
        InputLine::Line(text.to_string())
    }

    #[test]
    fn lines_then_end() {
        assert_eq!(
            events(b"uci\nisready\r\n\nquit".to_vec()),
            [
                line("uci"),
                line("isready"),
                line(""),
                line("quit"),
                InputLine::End
            ]
        );
    }

    #[test]
    fn empty_input_is_just_the_end() {
        assert_eq!(events(Vec::new()), [InputLine::End]);
    }

    #[test]
    fn channel_closes_after_the_end() {
        let receiver = spawn_line_reader(Cursor::new(b"go\n".to_vec()));
        assert_eq!(receiver.recv(), Ok(line("go")));
        assert_eq!(receiver.recv(), Ok(InputLine::End));
        assert!(receiver.recv().is_err(), "the thread has finished");
    }

    #[test]
    fn invalid_utf8_is_replaced() {
        let got = events(b"\x01\x02\xff\xfe junk\n".to_vec());
        assert_eq!(
            got,
            [line("\u{1}\u{2}\u{fffd}\u{fffd} junk"), InputLine::End]
        );
    }

    #[test]
    fn very_long_line_is_reported_and_skipped() {
        let mut input = vec![b'x'; 1_000_000];
        input.extend_from_slice(b"\nisready\n");
        assert_eq!(
            events(input),
            [
                InputLine::Overlong(1_000_000),
                line("isready"),
                InputLine::End
            ]
        );
    }

    #[test]
    fn limit_is_exact() {
        let at_limit = "y".repeat(MAX_LINE_BYTES);
        let mut input = format!("{at_limit}\r\n{at_limit}y\n").into_bytes();
        input.extend_from_slice(at_limit.as_bytes());
        assert_eq!(
            events(input),
            [
                line(&at_limit),
                InputLine::Overlong(MAX_LINE_BYTES + 1),
                line(&at_limit),
                InputLine::End
            ]
        );
    }

    #[test]
    fn overlong_last_line_without_newline() {
        let input = vec![b'z'; MAX_LINE_BYTES + 10];
        assert_eq!(
            events(input),
            [InputLine::Overlong(MAX_LINE_BYTES + 10), InputLine::End]
        );
    }

    /// A source that delivers one byte at a time, as a pipe may.
    struct Trickle(Cursor<Vec<u8>>);

    impl io::Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(1);
            self.0.read(&mut buf[..n])
        }
    }

    #[test]
    fn lines_split_across_reads() {
        let source =
            io::BufReader::with_capacity(1, Trickle(Cursor::new(b"go depth 3\r\nstop\n".to_vec())));
        let receiver = spawn_line_reader(source);
        let got: Vec<InputLine> = receiver.iter().collect();
        assert_eq!(got, [line("go depth 3"), line("stop"), InputLine::End]);
    }

    /// A source that fails on its first read.
    struct Broken;

    impl io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("pipe broke"))
        }
    }

    #[test]
    fn read_error_ends_input() {
        let receiver = spawn_line_reader(io::BufReader::new(Broken));
        assert_eq!(receiver.iter().collect::<Vec<_>>(), [InputLine::End]);
    }
}
