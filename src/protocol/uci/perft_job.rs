//! `go perft` counted on a thread of its own, so that the session stays responsive while it
//! runs: `isready` is answered and `stop` abandons the count. Results come back one root
//! move at a time, in generation order, as the divide output prints them.

use crate::chess::{perft_until, Move, Position};
use crate::engine::MoveList;
use crossbeam_channel::{unbounded, Receiver};
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;

/// What a running count reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftEvent {
    /// One root move and the leaves below it.
    Move(Move, u64),
    /// The count is complete: the total number of leaves.
    Done(u64),
    /// `stop` ended the count after this many root moves were reported.
    Stopped(usize),
}

/// A count running in the background; it ends by sending `Done` or `Stopped`.
pub struct PerftJob {
    stop: Arc<AtomicBool>,
    events: Receiver<PerftEvent>,
}

impl PerftJob {
    /// Starts counting `depth` plies below `root`; `Err` when the OS refuses a thread.
    pub fn start(root: Position, depth: u32) -> io::Result<Self> {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, events) = unbounded();
        let flag = Arc::clone(&stop);
        thread::Builder::new()
            .name("perft".to_string())
            .spawn(move || {
                // A send only fails once the session is gone; nobody is left to tell.
                let _ = tx.send(count(&root, depth, &flag, |event| {
                    let _ = tx.send(event);
                }));
            })?;
        Ok(Self { stop, events })
    }

    /// Asks the count to end; `Stopped` follows shortly.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The channel the count reports on.
    pub fn events(&self) -> &Receiver<PerftEvent> {
        &self.events
    }
}

/// Reports each root move's count through `report` and returns the final event.
fn count(
    root: &Position,
    depth: u32,
    stop: &AtomicBool,
    mut report: impl FnMut(PerftEvent),
) -> PerftEvent {
    if depth == 0 {
        return PerftEvent::Done(1);
    }
    let mut moves = MoveList::new();
    root.legal_moves(&mut moves);
    let mut total = 0;
    for (reported, &mv) in moves.iter().enumerate() {
        let mut child = root.clone();
        child.play(mv);
        match perft_until(&child, depth - 1, stop) {
            Some(leaves) => {
                report(PerftEvent::Move(mv, leaves));
                total += leaves;
            }
            None => return PerftEvent::Stopped(reported),
        }
    }
    PerftEvent::Done(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(depth: u32, stop: bool) -> (Vec<PerftEvent>, PerftEvent) {
        let mut seen = Vec::new();
        let last = count(
            &Position::startpos(),
            depth,
            &AtomicBool::new(stop),
            |event| seen.push(event),
        );
        (seen, last)
    }

    #[test]
    fn reports_every_root_move_then_the_total() {
        let (seen, last) = run(3, false);
        assert_eq!(seen.len(), 20);
        let leaves: u64 = seen
            .iter()
            .map(|event| match event {
                PerftEvent::Move(_, leaves) => *leaves,
                _ => 0,
            })
            .sum();
        assert_eq!(leaves, 8902);
        assert_eq!(last, PerftEvent::Done(8902));
        assert_eq!(run(0, false).1, PerftEvent::Done(1));
    }

    #[test]
    fn a_stopped_count_reports_no_total() {
        let (seen, last) = run(4, true);
        assert!(seen.is_empty());
        assert_eq!(last, PerftEvent::Stopped(0));
    }

    #[test]
    fn a_job_on_its_thread_can_be_stopped() {
        let job = PerftJob::start(Position::startpos(), 7).unwrap();
        job.stop();
        let last = job
            .events()
            .iter()
            .find(|event| !matches!(event, PerftEvent::Move(..)));
        assert!(matches!(last, Some(PerftEvent::Stopped(_))), "{last:?}");
    }
}
