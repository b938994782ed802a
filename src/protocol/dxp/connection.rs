//! One DXP TCP connection: typed messages in and out, with the timeouts that keep an
//! untrusted peer from hanging us.
//!
//! Reading goes through [`FrameReader`] (several frames per read, one frame across reads,
//! bounded size); a frame that arrives but is not a valid message is reported apart from a
//! dead connection, because the first ends a game while the second ends the connection.

use std::fmt;
use std::io;
use std::net::TcpStream;
use std::thread;
use std::time::Duration;

use super::frame::{write_frame, FrameError, FrameReader};
use super::message::DxpMessage;

/// How long a write may block before the peer counts as gone (it is not reading).
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Pause between two frames sent back to back: pydraughts 0.6.7 merges frames that arrive
/// in one read and loses the second (dxp.md §4).
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

/// A connected peer.
pub struct Connection {
    reader: FrameReader<TcpStream>,
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
            reader: FrameReader::new(stream),
            writer,
        })
    }

    /// How long the next reads may wait for the peer.
    pub fn set_read_timeout(&self, timeout: Duration) -> io::Result<()> {
        self.reader.get_ref().set_read_timeout(Some(timeout))
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
}
