//! DXP layer 1: NUL-terminated ASCII messages over a byte stream.
//!
//! TCP delivers bytes, not messages: one read may hold several frames or part of one, so a
//! [`FrameReader`] buffers and splits on NUL. The spec caps a message at 127 characters;
//! a longer one is reported once and skipped up to its NUL, so a misbehaving peer cannot make
//! the buffer grow. Read timeouts are the socket's setting; a timed-out read surfaces as
//! [`FrameError::Timeout`] with the partial frame kept, so the session decides what to do.

use std::io::{self, ErrorKind, Read, Write};

/// Longest message the spec allows, NUL excluded.
pub const MAX_FRAME_LEN: usize = 127;

/// Bytes asked of the stream per read.
const READ_CHUNK: usize = 256;

/// Why no frame could be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// The stream ended cleanly between frames.
    #[error("connection closed")]
    Eof,
    /// The stream ended after this many bytes of an unterminated frame.
    #[error("connection closed in the middle of a message ({partial_len} bytes without NUL)")]
    EofInFrame {
        /// Bytes of the frame received before the end.
        partial_len: usize,
    },
    /// The read timed out (`WouldBlock`/`TimedOut`); bytes read so far are kept.
    #[error("timed out waiting for a message")]
    Timeout,
    /// A frame longer than [`MAX_FRAME_LEN`]; it is skipped up to its NUL.
    #[error("message longer than {MAX_FRAME_LEN} characters ({len} seen)")]
    TooLong {
        /// Bytes seen before giving up on the frame.
        len: usize,
    },
    /// A NUL with nothing before it.
    #[error("empty message")]
    Empty,
    /// A byte outside printable ASCII (32..=126) at this offset of the frame.
    #[error("byte 0x{byte:02x} at offset {offset} is not printable ASCII")]
    BadByte {
        /// The byte.
        byte: u8,
        /// Its offset in the frame.
        offset: usize,
    },
    /// Any other I/O failure.
    #[error("i/o error: {0}")]
    Io(#[from] io::Error),
}

/// Splits a byte stream into DXP messages.
#[derive(Debug)]
pub struct FrameReader<R> {
    inner: R,
    /// Bytes received but not yet returned as a frame (never more than one chunk past the cap).
    pending: Vec<u8>,
    /// Inside an over-long frame: drop bytes until its NUL.
    skipping: bool,
}

impl<R: Read> FrameReader<R> {
    /// Wraps a stream (for a socket, set its read timeout beforehand if wanted).
    pub fn new(inner: R) -> Self {
        Self {
            inner,
            pending: Vec::with_capacity(MAX_FRAME_LEN + READ_CHUNK),
            skipping: false,
        }
    }

    /// The next complete message, without its NUL.
    pub fn read_frame(&mut self) -> Result<String, FrameError> {
        loop {
            if let Some(nul) = self.pending.iter().position(|&b| b == 0) {
                let frame: Vec<u8> = self.pending.drain(..=nul).take(nul).collect();
                if self.skipping {
                    self.skipping = false;
                    continue;
                }
                return validate(&frame).map(|()| frame.into_iter().map(char::from).collect());
            }
            if self.skipping {
                self.pending.clear();
            } else if self.pending.len() > MAX_FRAME_LEN {
                let len = self.pending.len();
                self.pending.clear();
                self.skipping = true;
                return Err(FrameError::TooLong { len });
            }
            let mut chunk = [0u8; READ_CHUNK];
            let n = match self.inner.read(&mut chunk) {
                Ok(n) => n,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    return Err(FrameError::Timeout)
                }
                Err(e) => return Err(FrameError::Io(e)),
            };
            if n == 0 {
                return Err(if self.pending.is_empty() && !self.skipping {
                    FrameError::Eof
                } else {
                    FrameError::EofInFrame {
                        partial_len: self.pending.len(),
                    }
                });
            }
            self.pending.extend_from_slice(&chunk[..n]);
        }
    }
}

/// Checks one frame's length and characters.
fn validate(frame: &[u8]) -> Result<(), FrameError> {
    if frame.is_empty() {
        return Err(FrameError::Empty);
    }
    if frame.len() > MAX_FRAME_LEN {
        return Err(FrameError::TooLong { len: frame.len() });
    }
    match frame.iter().position(|&b| !(32..=126).contains(&b)) {
        Some(offset) => Err(FrameError::BadByte {
            byte: frame[offset],
            offset,
        }),
        None => Ok(()),
    }
}

/// Sends `message` followed by NUL in one write, then flushes; refuses a message that
/// would break the framing (empty, too long, or not printable ASCII).
pub fn write_frame(writer: &mut impl Write, message: &str) -> Result<(), FrameError> {
    validate(message.as_bytes())?;
    let mut bytes = Vec::with_capacity(message.len() + 1);
    bytes.extend_from_slice(message.as_bytes());
    bytes.push(0);
    writer.write_all(&bytes)?;
    Ok(writer.flush()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// A stream that hands out scripted reads, one per call.
    struct Script(VecDeque<io::Result<Vec<u8>>>);

    impl Script {
        fn new(reads: Vec<io::Result<&[u8]>>) -> Self {
            Self(reads.into_iter().map(|r| r.map(<[u8]>::to_vec)).collect())
        }
    }

    impl Read for Script {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.pop_front() {
                None => Ok(0),
                Some(Err(e)) => Err(e),
                Some(Ok(bytes)) => {
                    assert!(bytes.len() <= buf.len(), "script read too large");
                    buf[..bytes.len()].copy_from_slice(&bytes);
                    Ok(bytes.len())
                }
            }
        }
    }

    fn reader(reads: Vec<io::Result<&[u8]>>) -> FrameReader<Script> {
        FrameReader::new(Script::new(reads))
    }

    #[test]
    fn several_frames_in_one_read() {
        let mut r = reader(vec![Ok(b"AScan 3.1 0\0M0000322700\0E01\0")]);
        assert_eq!(r.read_frame().unwrap(), "AScan 3.1 0");
        assert_eq!(r.read_frame().unwrap(), "M0000322700");
        assert_eq!(r.read_frame().unwrap(), "E01");
        assert!(matches!(r.read_frame(), Err(FrameError::Eof)));
    }

    #[test]
    fn one_frame_across_reads() {
        let mut r = reader(vec![Ok(b"M00"), Ok(b"0032"), Ok(b"2800\0C"), Ok(b"hi\0")]);
        assert_eq!(r.read_frame().unwrap(), "M0000322800");
        assert_eq!(r.read_frame().unwrap(), "Chi");
    }

    #[test]
    fn eof_in_a_frame_is_distinct() {
        let mut r = reader(vec![Ok(b"E01\0M00")]);
        assert_eq!(r.read_frame().unwrap(), "E01");
        assert!(matches!(
            r.read_frame(),
            Err(FrameError::EofInFrame { partial_len: 3 })
        ));
    }

    #[test]
    fn timeouts_are_typed_and_keep_the_partial_frame() {
        let mut r = reader(vec![
            Ok(b"M0000"),
            Err(io::Error::from(ErrorKind::WouldBlock)),
            Err(io::Error::from(ErrorKind::TimedOut)),
            Err(io::Error::from(ErrorKind::Interrupted)),
            Ok(b"322800\0"),
        ]);
        assert!(matches!(r.read_frame(), Err(FrameError::Timeout)));
        assert!(matches!(r.read_frame(), Err(FrameError::Timeout)));
        assert_eq!(r.read_frame().unwrap(), "M0000322800");
    }

    #[test]
    fn other_io_errors_pass_through() {
        let mut r = reader(vec![Err(io::Error::from(ErrorKind::ConnectionReset))]);
        assert!(
            matches!(r.read_frame(), Err(FrameError::Io(e)) if e.kind() == ErrorKind::ConnectionReset)
        );
    }

    #[test]
    fn too_long_frames_are_skipped_to_the_next_nul() {
        let long = vec![b'C'; 200];
        let mut r = reader(vec![Ok(&long), Ok(&long), Ok(b"xx\0E00\0")]);
        assert!(matches!(r.read_frame(), Err(FrameError::TooLong { .. })));
        assert_eq!(r.read_frame().unwrap(), "E00");
        assert!(r.inner.0.is_empty());
    }

    #[test]
    fn too_long_frame_within_one_read() {
        let mut bytes = vec![b'C'; 128];
        bytes.extend_from_slice(b"\0K0\0");
        let mut r = reader(vec![Ok(&bytes)]);
        assert!(matches!(
            r.read_frame(),
            Err(FrameError::TooLong { len: 128 })
        ));
        assert_eq!(r.read_frame().unwrap(), "K0");
    }

    #[test]
    fn a_flood_without_nul_never_grows_the_buffer() {
        let chunk = [b'C'; READ_CHUNK];
        let mut reads: Vec<io::Result<&[u8]>> = (0..400).map(|_| Ok(&chunk[..])).collect();
        reads.push(Ok(b"\0E00\0"));
        let mut r = reader(reads);
        assert!(matches!(r.read_frame(), Err(FrameError::TooLong { .. })));
        assert!(r.pending.len() <= MAX_FRAME_LEN + READ_CHUNK);
        // The other 100 KB of the frame are dropped as they come, then reading resumes.
        assert_eq!(r.read_frame().unwrap(), "E00");
        assert!(r.pending.capacity() <= 2 * (MAX_FRAME_LEN + READ_CHUNK));
    }

    #[test]
    fn longest_legal_frame_passes() {
        let mut bytes = vec![b'C'; MAX_FRAME_LEN];
        bytes.push(0);
        let mut r = reader(vec![Ok(&bytes[..100]), Ok(&bytes[100..])]);
        assert_eq!(r.read_frame().unwrap().len(), MAX_FRAME_LEN);
    }

    #[test]
    fn empty_and_non_ascii_frames_are_malformed() {
        let mut r = reader(vec![Ok(b"\0Ch\xe9\0C\x01\0E00\0")]);
        assert!(matches!(r.read_frame(), Err(FrameError::Empty)));
        assert!(matches!(
            r.read_frame(),
            Err(FrameError::BadByte {
                byte: 0xe9,
                offset: 2
            })
        ));
        assert!(matches!(
            r.read_frame(),
            Err(FrameError::BadByte { byte: 1, offset: 1 })
        ));
        assert_eq!(r.read_frame().unwrap(), "E00");
    }

    #[test]
    fn write_frame_appends_nul_and_validates() {
        let mut out = Vec::new();
        write_frame(&mut out, "E01").unwrap();
        write_frame(&mut out, "K0").unwrap();
        assert_eq!(out, b"E01\0K0\0");
        assert!(matches!(write_frame(&mut out, ""), Err(FrameError::Empty)));
        assert!(matches!(
            write_frame(&mut out, &"C".repeat(128)),
            Err(FrameError::TooLong { len: 128 })
        ));
        assert!(matches!(
            write_frame(&mut out, "Ch\u{e9}"),
            Err(FrameError::BadByte { .. })
        ));
        assert_eq!(out, b"E01\0K0\0");
    }

    #[test]
    fn loopback_tcp_round_trip() {
        use std::net::{TcpListener, TcpStream};
        use std::time::Duration;

        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let mut client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (server, _) = listener.accept().unwrap();
        server
            .set_read_timeout(Some(Duration::from_millis(50)))
            .unwrap();
        let mut r = FrameReader::new(server);
        write_frame(&mut client, "R01rawclient").unwrap();
        client.write_all(b"M00003228").unwrap();
        client.flush().unwrap();
        assert_eq!(r.read_frame().unwrap(), "R01rawclient");
        assert!(matches!(r.read_frame(), Err(FrameError::Timeout)));
        client.write_all(b"00\0").unwrap();
        assert_eq!(r.read_frame().unwrap(), "M0000322800");
        drop(client);
        assert!(matches!(r.read_frame(), Err(FrameError::Eof)));
    }
}
