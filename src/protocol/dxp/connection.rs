//! One DXP TCP connection: typed messages in and out, with the timeouts that keep an
//! untrusted peer from hanging us.
//!
//! Reading goes through [`FrameReader`] (several frames per read, one frame across reads,
//! bounded size); a frame that arrives but is not a valid message is reported apart from a
//! dead connection, because the first ends a game while the second ends the connection.
//!
//! Reads wait either a timeout per read or, once [`Connection::set_deadline`] is called,
//! until a fixed instant: a per-read timeout starts afresh with every byte, so a peer that
//! trickles a byte now and then could hold a server that relies on it for as long as it
//! likes.

use std::fmt;
use std::io::{self, ErrorKind, Read};
use std::net::{Shutdown, TcpStream};
use std::thread;
use std::time::{Duration, Instant};

use super::frame::{write_frame, FrameError, FrameReader};
use super::message::DxpMessage;

/// How long a write may block before the peer counts as gone (it is not reading).
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Pause between two frames sent back to back: pydraughts 0.6.7 merges frames that arrive
/// in one read and loses the second (`docs/protocols/dxp.md` §4).
pub const FRAME_GAP: Duration = Duration::from_millis(100);

/// Why no message could be received.
#[derive(Debug)]
pub enum RecvError {
    /// The connection is closed, broken or silent past the timeout: give it up.
    Closed(FrameError),
    /// A frame arrived but is not a valid message; the connection itself still works.
    Malformed(String),
}

impl fmt::Display for RecvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Closed(error) => write!(f, "connection lost: {error}"),
            Self::Malformed(reason) => write!(f, "malformed message: {reason}"),
        }
    }
}

impl std::error::Error for RecvError {}

/// The socket's read side: each read waits no later than the deadline, when one is set,
/// and the socket's own read timeout otherwise.
struct DeadlineReader {
    stream: TcpStream,
    deadline: Option<Instant>,
}

impl Read for DeadlineReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(deadline) = self.deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(ErrorKind::TimedOut.into());
            }
            self.stream.set_read_timeout(Some(left))?;
        }
        self.stream.read(buf)
    }
}

/// A connected peer.
pub struct Connection {
    reader: FrameReader<DeadlineReader>,
    writer: TcpStream,
}

impl Connection {
    /// Wraps a connected stream; reads block at most `read_timeout` until changed.
    pub fn new(stream: TcpStream, read_timeout: Duration) -> io::Result<Self> {
        stream.set_nodelay(true)?;
        stream.set_write_timeout(Some(WRITE_TIMEOUT))?;
        stream.set_read_timeout(Some(read_timeout))?;
        let writer = stream.try_clone()?;
        Ok(Self {
            reader: FrameReader::new(DeadlineReader {
                stream,
                deadline: None,
            }),
            writer,
        })
    }

    /// How long each of the next reads may wait for the peer (any deadline is dropped).
    pub fn set_read_timeout(&mut self, timeout: Duration) -> io::Result<()> {
        let reader = self.reader.get_mut();
        reader.deadline = None;
        reader.stream.set_read_timeout(Some(timeout))
    }

    /// The instant by which the next messages must have arrived, however the peer paces
    /// its bytes; past it [`Connection::recv`] reports a timeout.
    pub fn set_deadline(&mut self, deadline: Instant) {
        self.reader.get_mut().deadline = Some(deadline);
    }

    /// Sends one message.
    pub fn send(&mut self, message: &DxpMessage) -> Result<(), FrameError> {
        let frame = message.serialize();
        log::debug!("dxp >> {frame}");
        write_frame(&mut self.writer, &frame)
    }

    /// Sends `first`, waits [`FRAME_GAP`], then sends `second`.
    pub fn send_two(&mut self, first: &DxpMessage, second: &DxpMessage) -> Result<(), FrameError> {
        self.send(first)?;
        thread::sleep(FRAME_GAP);
        self.send(second)
    }

    /// The next message from the peer.
    pub fn recv(&mut self) -> Result<DxpMessage, RecvError> {
        match self.reader.read_frame() {
            Ok(frame) => {
                log::debug!("dxp << {frame}");
                DxpMessage::parse(&frame).map_err(|e| RecvError::Malformed(e.to_string()))
            }
            Err(
                error @ (FrameError::TooLong { .. }
                | FrameError::Empty
                | FrameError::BadByte { .. }),
            ) => Err(RecvError::Malformed(error.to_string())),
            Err(error) => Err(RecvError::Closed(error)),
        }
    }

    /// Hangs up once everything sent has gone out, then discards whatever the peer still
    /// sends until it hangs up too or `linger` has passed. Closing a socket with unread
    /// bytes resets the connection, and a reset can destroy our last message (a refusal,
    /// a GAMEEND) before the peer has read it.
    pub fn close(mut self, linger: Duration) {
        if self.writer.shutdown(Shutdown::Write).is_err() {
            return;
        }
        let reader = self.reader.get_mut();
        reader.deadline = Some(Instant::now() + linger);
        let mut discard = [0u8; 256];
        while matches!(reader.read(&mut discard), Ok(n) if n > 0) {}
    }
}
