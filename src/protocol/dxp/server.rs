//! The listening side of `tvilling dxp [--listen ADDR:PORT]`: every accepted connection is
//! served on a thread of its own, so the acceptor is always ready for the next one.
//!
//! One engine plays one game at a time: the [`Player`] sits behind a mutex, and the first
//! connection whose GAMEREQ is accepted holds it until that connection ends (see
//! [`follower`](super::follower) for who is refused, and when). Threads and sockets are
//! bounded: at most [`MAX_CONNECTIONS`] connections are open at once, and each ends by its
//! own deadlines, so a silent or flooding peer can neither pile up threads nor hold any.

use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use super::follower::{serve_connection, Engine};
use super::player::Player;

/// Most connections served at once: the one playing, and others being refused or waiting
/// for their handshake deadline. A connection beyond it is closed at once.
pub const MAX_CONNECTIONS: usize = 16;

/// Pause after a failed accept (out of file descriptors, say), so that the loop does not
/// spin while the condition lasts.
const ACCEPT_RETRY: Duration = Duration::from_millis(100);

/// Serves every connection that `listener` accepts with `player`, until the process is
/// killed.
pub fn serve(listener: &TcpListener, player: Player) {
    let engine: Arc<Engine> = Arc::new(Mutex::new(player));
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        match stream {
            Ok(stream) => admit(stream, &engine, &open),
            Err(error) => {
                log::warn!("dxp accept failed: {error}");
                thread::sleep(ACCEPT_RETRY);
            }
        }
    }
}

/// Starts the thread that serves `stream`, or closes it when too many are open.
fn admit(stream: TcpStream, engine: &Arc<Engine>, open: &Arc<AtomicUsize>) {
    let Some(slot) = ConnectionSlot::take(open) else {
        log::warn!("dxp: {MAX_CONNECTIONS} connections open; a new one is closed at once");
        return;
    };
    let engine = Arc::clone(engine);
    let spawned = thread::Builder::new()
        .name("dxp-connection".into())
        .spawn(move || {
            serve_connection(stream, &engine);
            drop(slot);
        });
    // On failure the closure is dropped, closing the stream and freeing the slot.
    if let Err(error) = spawned {
        log::warn!("dxp: no thread for a new connection: {error}");
    }
}

/// One of the [`MAX_CONNECTIONS`] places, given back when dropped.
struct ConnectionSlot(Arc<AtomicUsize>);

impl ConnectionSlot {
    fn take(open: &Arc<AtomicUsize>) -> Option<Self> {
        open.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
            (n < MAX_CONNECTIONS).then_some(n + 1)
        })
        .ok()
        .map(|_| Self(Arc::clone(open)))
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connection_slots_are_bounded_and_given_back() {
        let open = Arc::new(AtomicUsize::new(0));
        let slots: Vec<ConnectionSlot> = (0..MAX_CONNECTIONS)
            .map(|_| ConnectionSlot::take(&open).unwrap())
            .collect();
        assert!(ConnectionSlot::take(&open).is_none());
        drop(slots);
        assert_eq!(open.load(Ordering::Acquire), 0);
        assert!(ConnectionSlot::take(&open).is_some());
    }
}
