//! One DXP TCP connection: typed messages in and out, with the timeouts that keep an
//! untrusted peer from hanging us.
//!
//! A thread of the connection's own reads the socket all the time: it splits the bytes
//! into frames ([`FrameReader`]: several frames per read, one frame across reads, bounded
//! size) and sends each message, or why there was none, over a channel. So the connection
//! learns that its peer has hung up the moment it happens, also while its owner is busy
//! with something else ([`Connection::wait_watching`]: the follower searching its move).
//! A frame that arrives but is not a valid message is reported apart from a dead
//! connection, because the first ends a game while the second ends the connection.
//!
//! Waits are for whole messages, either a timeout per message or, once
//! [`Connection::set_deadline`] is called, until a fixed instant: a peer that trickles a
//! byte now and then cannot stretch them.

use std::collections::VecDeque;
use std::io;
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, SendTimeoutError, Sender};

use super::frame::{write_frame, FrameError, FrameReader};
use super::message::DxpMessage;

/// How long a write may block before the peer counts as gone (it is not reading).
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Pause between two frames sent back to back: pydraughts 0.6.7 merges frames that arrive
/// in one read and loses the second (`docs/protocols/dxp.md` §4).
pub const FRAME_GAP: Duration = Duration::from_millis(100);

/// How often the reader thread, while it waits for bytes or for room in the channel, checks
/// whether the connection is done with it.
const READER_POLL: Duration = Duration::from_millis(100);

/// Messages read but not yet taken. When the channel is full the reader stops reading,
/// and TCP slows a flooding peer down instead of our memory growing.
const INCOMING_CAPACITY: usize = 16;

/// Messages kept by [`Connection::wait_watching`] for later. A peer has no reason to send
/// more than a few while we think; past this many, the wait stops taking them.
const HELD_LIMIT: usize = 64;

/// Why no message could be received.
#[derive(Debug, thiserror::Error)]
pub enum RecvError {
    /// The connection is closed, broken or silent past the timeout: give it up.
    #[error("connection lost: {0}")]
    Closed(FrameError),
    /// A frame arrived but is not a valid message; the connection itself still works.
    #[error("malformed message: {0}")]
    Malformed(String),
}

/// What the reader thread hands over: a message, or why there is none.
type Incoming = Result<DxpMessage, RecvError>;

/// How long the next message may take.
#[derive(Clone, Copy, Debug)]
enum Wait {
    /// This long from when it is asked for.
    For(Duration),
    /// Until this instant.
    Until(Instant),
}

/// What [`Connection::wait_watching`] saw first.
#[derive(Debug)]
pub enum Watched<T> {
    /// The watched channel gave this (`None`: it has no sender left).
    Ready(Option<T>),
    /// The peer hung up or the connection broke, for this reason.
    PeerGone(FrameError),
}

/// A connected peer.
pub struct Connection {
    incoming: Receiver<Incoming>,
    /// Messages that arrived during [`Connection::wait_watching`], oldest first.
    held: VecDeque<Incoming>,
    wait: Wait,
    writer: TcpStream,
    reader: Option<JoinHandle<()>>,
    /// Tells the reader thread to end.
    quit: Arc<AtomicBool>,
}

impl Connection {
    /// Wraps a connected stream and starts its reader thread; each message may take at
    /// most `read_timeout` until changed.
    pub fn new(stream: TcpStream, read_timeout: Duration) -> io::Result<Self> {
        stream.set_nodelay(true)?;
        stream.set_write_timeout(Some(WRITE_TIMEOUT))?;
        stream.set_read_timeout(Some(READER_POLL))?;
        let read_side = stream.try_clone()?;
        let (sender, incoming) = crossbeam_channel::bounded(INCOMING_CAPACITY);
        let quit = Arc::new(AtomicBool::new(false));
        let reader_quit = Arc::clone(&quit);
        let reader = thread::Builder::new()
            .name("dxp-reader".into())
            .spawn(move || read_messages(read_side, &sender, &reader_quit))?;
        Ok(Self {
            incoming,
            held: VecDeque::new(),
            wait: Wait::For(read_timeout),
            writer: stream,
            reader: Some(reader),
            quit,
        })
    }

    /// How long each of the next messages may take (any deadline is dropped).
    pub fn set_read_timeout(&mut self, timeout: Duration) {
        self.wait = Wait::For(timeout);
    }

    /// The instant by which the next messages must have arrived, however the peer paces
    /// its bytes; past it [`Connection::recv`] reports a timeout.
    pub fn set_deadline(&mut self, deadline: Instant) {
        self.wait = Wait::Until(deadline);
    }

    /// Sends one message.
    pub fn send(&mut self, message: &DxpMessage) -> Result<(), FrameError> {
        let frame = message.serialize();
        log::debug!("dxp >> {frame}");
        write_frame(&mut self.writer, &frame)
    }

    /// Sends `first`, if any, and waits [`FRAME_GAP`], then sends `second`.
    pub fn send_after(
        &mut self,
        first: Option<&DxpMessage>,
        second: &DxpMessage,
    ) -> Result<(), FrameError> {
        if let Some(first) = first {
            self.send(first)?;
            thread::sleep(FRAME_GAP);
        }
        self.send(second)
    }

    /// The next message from the peer.
    pub fn recv(&mut self) -> Result<DxpMessage, RecvError> {
        if let Some(held) = self.held.pop_front() {
            return held;
        }
        let next = match self.wait {
            Wait::For(timeout) => self.incoming.recv_timeout(timeout),
            Wait::Until(deadline) => self.incoming.recv_deadline(deadline),
        };
        match next {
            Ok(incoming) => incoming,
            Err(RecvTimeoutError::Timeout) => Err(RecvError::Closed(FrameError::Timeout)),
            // The reader has ended, after handing over why.
            Err(RecvTimeoutError::Disconnected) => Err(RecvError::Closed(FrameError::Eof)),
        }
    }

    /// Waits for the next item of `other` while the peer's messages are kept for
    /// [`Connection::recv`], and stops waiting as soon as the peer hangs up: whatever
    /// `other` would bring no longer matters then. (Past [`HELD_LIMIT`] kept messages it
    /// waits for `other` alone.)
    pub fn wait_watching<T>(&mut self, other: &Receiver<T>) -> Watched<T> {
        loop {
            if self.held.len() >= HELD_LIMIT {
                return Watched::Ready(other.recv().ok());
            }
            crossbeam_channel::select! {
                recv(other) -> item => return Watched::Ready(item.ok()),
                recv(self.incoming) -> incoming => match incoming {
                    Ok(Err(RecvError::Closed(error))) => return Watched::PeerGone(error),
                    Ok(message) => self.held.push_back(message),
                    Err(_) => return Watched::PeerGone(FrameError::Eof),
                },
            }
        }
    }

    /// Hangs up once everything sent has gone out, then discards whatever the peer still
    /// sends until it hangs up too or `linger` has passed. Closing a socket with unread
    /// bytes resets the connection, and a reset can destroy our last message (a refusal,
    /// a GAMEEND) before the peer has read it.
    pub fn close(self, linger: Duration) {
        if self.writer.shutdown(Shutdown::Write).is_err() {
            return;
        }
        if self
            .held
            .iter()
            .any(|held| matches!(held, Err(RecvError::Closed(_))))
        {
            return;
        }
        let until = Instant::now() + linger;
        while let Ok(incoming) = self.incoming.recv_deadline(until) {
            if matches!(incoming, Err(RecvError::Closed(_))) {
                return;
            }
        }
    }
}

impl Drop for Connection {
    /// Ends the reader thread: the socket is shut down, which wakes a read that waits.
    fn drop(&mut self) {
        self.quit.store(true, Ordering::Release);
        let _ = self.writer.shutdown(Shutdown::Both);
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}

/// The reader thread: hands over every message of `stream` until the peer hangs up, the
/// connection breaks, or `quit` is set.
fn read_messages(stream: TcpStream, out: &Sender<Incoming>, quit: &AtomicBool) {
    let mut frames = FrameReader::new(stream);
    loop {
        let incoming = match frames.read_frame() {
            Ok(frame) => {
                log::debug!("dxp << {frame}");
                DxpMessage::parse(&frame).map_err(|e| RecvError::Malformed(e.to_string()))
            }
            // Waiting for bytes: the partial frame is kept.
            Err(FrameError::Timeout) if quit.load(Ordering::Acquire) => return,
            Err(FrameError::Timeout) => continue,
            Err(
                error @ (FrameError::TooLong { .. }
                | FrameError::Empty
                | FrameError::BadByte { .. }),
            ) => Err(RecvError::Malformed(error.to_string())),
            Err(error) => Err(RecvError::Closed(error)),
        };
        let last = matches!(incoming, Err(RecvError::Closed(_)));
        if !hand_over(out, incoming, quit) || last {
            return;
        }
    }
}

/// Sends `incoming` to the connection; false when it is no longer wanted.
fn hand_over(out: &Sender<Incoming>, mut incoming: Incoming, quit: &AtomicBool) -> bool {
    loop {
        match out.send_timeout(incoming, READER_POLL) {
            Ok(()) => return true,
            Err(SendTimeoutError::Timeout(back)) if !quit.load(Ordering::Acquire) => {
                incoming = back;
            }
            Err(_) => return false,
        }
    }
}
