//! Tests of the whole search through its public handle, on Connect Four.

use super::test_game::{Column, ConnectFour, Shuttle, Step};
use super::{Game, Handicap, Limits, MoveList, Score, SearchEvent, SearchOutcome, Searcher};
use crossbeam_channel::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Longest a search with a budget of a few tens of milliseconds may take to answer, thread
/// start and stop included: generous for a loaded 2-core CI machine, and still far below
/// what a search that ignores its budget would take.
const QUICK_ANSWER: Duration = Duration::from_secs(1);

fn depth(d: u32) -> Limits<Column> {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn search(pos: &ConnectFour, limits: Limits<Column>) -> SearchOutcome<Column> {
    let mut searcher = Searcher::new();
    searcher.search_sync(pos.clone(), Vec::new(), limits)
}

fn is_legal(pos: &ConnectFour, mv: Column) -> bool {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.contains(&mv)
}

/// Collects events until Done; panics if Done does not come within `timeout` in all.
fn until_done(
    events: &Receiver<SearchEvent<Column>>,
    timeout: Duration,
) -> Vec<SearchEvent<Column>> {
    let deadline = Instant::now() + timeout;
    let mut seen = Vec::new();
    loop {
        let event = events
            .recv_deadline(deadline)
            .expect("Done within the timeout");
        let done = matches!(event, SearchEvent::Done(_));
        seen.push(event);
        if done {
            return seen;
        }
    }
}

fn no_done_within(events: &Receiver<SearchEvent<Column>>, wait: Duration) -> bool {
    let deadline = Instant::now() + wait;
    loop {
        match events.recv_deadline(deadline) {
            Ok(SearchEvent::Done(_)) => return false,
            Ok(SearchEvent::Info(_)) => {}
            Err(_) => return true,
        }
    }
}

#[test]
fn finds_a_forced_win_in_three_plies() {
    // X has discs on columns 1 and 2; dropping in 3 threatens both 0 and 4.
    let pos = ConnectFour::from_columns(&[1, 6, 2, 6]);
    let out = search(&pos, depth(8));
    assert_eq!(out.best, Some(Column(3)));
    assert_eq!(out.score, Score::Win(3));
}

#[test]
fn prefers_the_shortest_win() {
    let pos = ConnectFour::from_columns(&[1, 6, 2, 6, 3, 5]);
    let out = search(&pos, depth(8));
    assert!(out.best == Some(Column(0)) || out.best == Some(Column(4)));
    assert_eq!(out.score, Score::Win(1));
    // The loser sees its loss with the right distance.
    let losing = ConnectFour::from_columns(&[1, 6, 2, 6, 3]);
    assert_eq!(search(&losing, depth(8)).score, Score::Loss(2));
}

#[test]
fn mate_limit_stops_once_the_win_is_proven() {
    let pos = ConnectFour::from_columns(&[1, 6, 2, 6]);
    let out = search(
        &pos,
        Limits {
            mate: Some(2),
            ..Limits::default()
        },
    );
    assert_eq!(out.score, Score::Win(3));
    assert!(out.depth <= 4, "stopped at depth {}", out.depth);
}

#[test]
fn no_legal_move_gives_no_best_move() {
    let won = ConnectFour::from_columns(&[0, 1, 0, 1, 0, 1, 0]);
    let out = search(&won, depth(3));
    assert_eq!((out.best, out.score), (None, Score::Loss(0)));
}

#[test]
fn self_play_only_makes_legal_moves() {
    let mut searcher = Searcher::new();
    let mut pos = ConnectFour::default();
    let mut history = Vec::new();
    let mut plies = 0;
    while let Some(mv) = searcher
        .search_sync(pos.clone(), history.clone(), depth(1 + plies % 5))
        .best
    {
        assert!(is_legal(&pos, mv), "{mv:?} at ply {plies}");
        history.push(pos.hash());
        pos.play(mv);
        plies += 1;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn depth_limit_is_honoured_and_reported() {
    let mut searcher = Searcher::new();
    let (tx, rx) = crossbeam_channel::unbounded();
    searcher.start(ConnectFour::default(), Vec::new(), depth(5), tx);
    let events = until_done(&rx, Duration::from_secs(20));
    let depths: Vec<u32> = events
        .iter()
        .filter_map(|e| match e {
            SearchEvent::Info(i) => Some(i.depth),
            SearchEvent::Done(_) => None,
        })
        .collect();
    assert_eq!(depths.iter().max(), Some(&5));
    assert!(depths.starts_with(&[1, 2, 3, 4, 5]));
    searcher.wait();
    assert!(!searcher.is_searching());
}

#[test]
fn node_limit_is_honoured() {
    let out = search(
        &ConnectFour::default(),
        Limits {
            nodes: Some(20_000),
            ..Limits::default()
        },
    );
    assert!(
        (20_000..=20_100).contains(&out.nodes),
        "{} nodes",
        out.nodes
    );
    assert!(is_legal(&ConnectFour::default(), out.best.unwrap()));
}

#[test]
fn deterministic_node_count_after_clear() {
    let mut searcher = Searcher::new();
    let pos = ConnectFour::from_columns(&[3, 3, 2]);
    searcher.clear();
    let first = searcher.search_sync(pos.clone(), Vec::new(), depth(9));
    searcher.clear();
    let second = searcher.search_sync(pos, Vec::new(), depth(9));
    assert_eq!(
        (first.nodes, first.best, first.score),
        (second.nodes, second.best, second.score)
    );
    assert!(first.nodes > 1_000);
}

#[test]
fn stop_ends_an_infinite_search_with_one_done() {
    let mut searcher = Searcher::new();
    let (tx, rx) = crossbeam_channel::unbounded();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    searcher.start(ConnectFour::default(), Vec::new(), limits, tx);
    assert!(no_done_within(&rx, Duration::from_millis(100)));
    assert!(searcher.is_searching());
    searcher.stop();
    let events = until_done(&rx, Duration::from_secs(2));
    let SearchEvent::Done(result) = events.last().unwrap() else {
        unreachable!()
    };
    assert!(is_legal(&ConnectFour::default(), result.best.unwrap()));
    searcher.wait();
    assert!(!searcher.is_searching());
    assert!(matches!(
        rx.recv_timeout(Duration::from_millis(50)),
        Err(RecvTimeoutError::Disconnected)
    ));
}

#[test]
fn infinite_search_that_finishes_early_waits_for_stop() {
    let mut searcher = Searcher::new();
    let (tx, rx) = crossbeam_channel::unbounded();
    let limits = Limits {
        infinite: true,
        depth: Some(2),
        ..Limits::default()
    };
    searcher.start(ConnectFour::default(), Vec::new(), limits, tx);
    assert!(no_done_within(&rx, Duration::from_millis(150)));
    searcher.stop();
    until_done(&rx, Duration::from_secs(2));
}

#[test]
fn ponder_waits_for_ponder_hit_then_obeys_the_clock() {
    let mut searcher = Searcher::new();
    let (tx, rx) = crossbeam_channel::unbounded();
    let limits = Limits {
        ponder: true,
        move_time: Some(Duration::from_millis(30)),
        ..Limits::default()
    };
    searcher.start(
        ConnectFour::default(),
        Vec::new(),
        limits.clone(),
        tx.clone(),
    );
    assert!(no_done_within(&rx, Duration::from_millis(150)));
    // From the hit on, the 30 ms move time applies.
    searcher.ponder_hit();
    until_done(&rx, QUICK_ANSWER);
    // And a ponder search ended by stop.
    searcher.start(ConnectFour::default(), Vec::new(), limits, tx);
    assert!(no_done_within(&rx, Duration::from_millis(100)));
    searcher.stop();
    until_done(&rx, Duration::from_secs(2));
}

#[test]
fn multipv_reports_distinct_lines_in_order() {
    let mut searcher = Searcher::new();
    let (tx, rx) = crossbeam_channel::unbounded();
    searcher.start(
        ConnectFour::default(),
        Vec::new(),
        Limits {
            multipv: 3,
            ..depth(6)
        },
        tx,
    );
    let mut events = until_done(&rx, Duration::from_secs(20));
    // The last two are the summary line and Done.
    events.truncate(events.len() - 2);
    let lines: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            SearchEvent::Info(i) if i.depth == 6 => Some(i),
            _ => None,
        })
        .collect();
    assert_eq!(
        lines.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    let firsts: Vec<Column> = lines.iter().map(|i| i.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    let value = |s: Score| match s {
        Score::Value(v) => v,
        Score::Win(p) => 100_000 - p as i32,
        Score::Loss(p) => -100_000 + p as i32,
    };
    assert!(value(lines[0].score) >= value(lines[1].score));
    assert!(value(lines[1].score) >= value(lines[2].score));
}

#[test]
fn a_handicap_chooses_among_its_lines_and_reports_only_multipv() {
    let handicapped = |seed| Limits {
        handicap: Some(Handicap {
            lines: 4,
            window: 1_000,
            seed,
        }),
        ..depth(6)
    };
    let pos = ConnectFour::default();
    let best = search(&pos, depth(6)).best;
    let mut chosen = Vec::new();
    for seed in 0..16 {
        let mut searcher = Searcher::new();
        let (tx, rx) = crossbeam_channel::unbounded();
        searcher.start(pos.clone(), Vec::new(), handicapped(seed), tx);
        let events = until_done(&rx, Duration::from_secs(20));
        assert!(events.iter().all(|e| match e {
            SearchEvent::Info(i) => i.multipv == 1,
            SearchEvent::Done(_) => true,
        }));
        let Some(SearchEvent::Done(done)) = events.last() else {
            panic!("no Done");
        };
        let mv = done.best.expect("a move");
        assert!(is_legal(&pos, mv));
        assert_eq!(
            search(&pos, handicapped(seed)).best,
            Some(mv),
            "seed {seed}"
        );
        chosen.push(mv);
    }
    // A window wider than any score gap chooses other moves than the best, not only them.
    assert!(chosen.iter().any(|&mv| Some(mv) != best), "{chosen:?}");
    assert!(chosen.iter().any(|&mv| Some(mv) == best), "{chosen:?}");
}

#[test]
fn searchmoves_restricts_the_root() {
    let pos = ConnectFour::from_columns(&[1, 6, 2, 6]);
    let out = search(
        &pos,
        Limits {
            searchmoves: vec![Column(5)],
            ..depth(6)
        },
    );
    assert_eq!(out.best, Some(Column(5)));
}

#[test]
fn two_threads_give_a_legal_answer() {
    let mut searcher = Searcher::new();
    searcher.set_threads(2);
    let pos = ConnectFour::from_columns(&[3, 2]);
    let out = searcher.search_sync(pos.clone(), Vec::new(), depth(8));
    assert!(is_legal(&pos, out.best.unwrap()));
    assert!(out.depth >= 8);
    let win = ConnectFour::from_columns(&[1, 6, 2, 6]);
    assert_eq!(
        searcher.search_sync(win, Vec::new(), depth(8)).best,
        Some(Column(3))
    );
}

#[test]
fn timed_searches_answer_with_a_legal_move() {
    let mut searcher = Searcher::new();
    let pos = ConnectFour::from_columns(&[3]);
    for clock_ms in [0, 1, 50] {
        let clock = super::Clock {
            remaining: Duration::from_millis(clock_ms),
            ..Default::default()
        };
        let started = Instant::now();
        let out = searcher.search_sync(
            pos.clone(),
            Vec::new(),
            Limits {
                clock: Some(clock),
                ..Limits::default()
            },
        );
        let took = started.elapsed();
        assert!(is_legal(&pos, out.best.unwrap()), "clock {clock_ms} ms");
        assert!(took < QUICK_ANSWER, "clock {clock_ms} ms took {took:?}");
    }
    let limits = Limits {
        move_time: Some(Duration::from_millis(20)),
        ..Limits::default()
    };
    let started = Instant::now();
    let out = searcher.search_sync(pos.clone(), Vec::new(), limits);
    let took = started.elapsed();
    assert!(is_legal(&pos, out.best.unwrap()));
    assert!(took < QUICK_ANSWER, "movetime 20 ms took {took:?}");
    // A 20 ms budget (10 ms after the default overhead) is spent, not skipped.
    assert!(
        took >= Duration::from_millis(5),
        "movetime 20 ms took {took:?}"
    );
}

#[test]
fn a_single_root_move_under_a_clock_stops_after_depth_one() {
    let pos = ConnectFour::from_columns(&[3]);
    let limits = Limits {
        move_time: Some(Duration::from_secs(30)),
        searchmoves: vec![Column(4)],
        ..Limits::default()
    };
    let started = Instant::now();
    let out = search(&pos, limits);
    let took = started.elapsed();
    assert_eq!((out.best, out.depth), (Some(Column(4)), 1));
    assert!(
        took < QUICK_ANSWER,
        "{took:?} of a 30 s budget for a forced move"
    );
}

#[test]
fn analysis_searches_a_single_root_move_for_its_whole_move_time() {
    let pos = ConnectFour::from_columns(&[3]);
    let limits = Limits {
        move_time: Some(Duration::from_millis(200)),
        searchmoves: vec![Column(4)],
        analysis: true,
        ..Limits::default()
    };
    let started = Instant::now();
    let out = search(&pos, limits);
    let took = started.elapsed();
    assert_eq!(out.best, Some(Column(4)));
    assert!(out.depth > 1, "depth {}", out.depth);
    assert!(
        took >= Duration::from_millis(150),
        "{took:?} of a 200 ms analysis"
    );
}

/// Full-width minimax that knows only wins and losses: the exact distance of every forced
/// result within `depth` plies (0 when none is forced).
fn brute_force(pos: &ConnectFour, depth: u32, ply: i32) -> i32 {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return if pos.no_moves_is_loss() {
            -(super::MATE - ply)
        } else {
            0
        };
    }
    if depth == 0 {
        return 0;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play(mv);
            -brute_force(&child, depth - 1, ply + 1)
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn pruned_search_agrees_with_brute_force_on_forced_results() {
    let mut searcher = Searcher::new();
    let mut seed = 0x1234_5678_9abc_def0u64;
    let mut checked = 0;
    for _ in 0..300 {
        // A random opening of 6 to 19 plies, kept only while nobody has won.
        let mut pos = ConnectFour::default();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        for i in 0..6 + seed % 14 {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves.as_slice()[((seed >> (i * 3)) as usize) % moves.len()]);
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            continue;
        }
        let exact = brute_force(&pos, 5, 0);
        if exact == 0 {
            continue;
        }
        checked += 1;
        let expected = if exact > 0 {
            Score::Win((super::MATE - exact) as u32)
        } else {
            Score::Loss((super::MATE + exact) as u32)
        };
        let out = searcher.search_sync(pos.clone(), Vec::new(), depth(8));
        assert_eq!(out.score, expected, "{pos:?}");
    }
    assert!(
        checked >= 20,
        "only {checked} positions with a forced result"
    );
}

#[test]
fn deeper_search_keeps_counting_and_reporting() {
    let out = search(&ConnectFour::default(), depth(12));
    assert_eq!(out.depth, 12);
    assert!(out.nodes > 10_000);
}

#[test]
fn repetition_in_the_tree_is_a_draw() {
    // From cell 1, stepping right loses at once; stepping left lets the opponent step back,
    // repeating the root: a draw, where the evaluation alone would say -30.
    let mut searcher = Searcher::new();
    let root = Shuttle { cell: 1, plies: 0 };
    let out = searcher.search_sync(
        root,
        Vec::new(),
        Limits {
            depth: Some(10),
            ..Limits::default()
        },
    );
    assert_eq!(
        (out.best, out.score),
        (Some(Step(Some(false))), Score::Value(0))
    );
    // From cell 2 the win is taken.
    let out = searcher.search_sync(Shuttle { cell: 2, plies: 0 }, Vec::new(), Limits::default());
    assert_eq!(
        (out.best, out.score),
        (Some(Step(Some(true))), Score::Win(1))
    );
}

#[test]
fn node_limit_counts_every_thread() {
    let mut searcher = Searcher::new();
    searcher.set_threads(2);
    let limits = Limits {
        nodes: Some(30_000),
        ..Limits::default()
    };
    let out = searcher.search_sync(ConnectFour::default(), Vec::new(), limits);
    assert!(
        (30_000..=32_100).contains(&out.nodes),
        "{} nodes",
        out.nodes
    );
}

// The handle can move between threads (the front ends hand it to theirs): a compile-time
// check, so it is no test of its own.
const _: () = {
    const fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Searcher<ConnectFour>>();
};

#[test]
fn rapid_start_stop_and_restart_each_send_one_done() {
    let mut searcher = Searcher::new();
    searcher.set_threads(2);
    let pos = ConnectFour::from_columns(&[3, 3]);
    let infinite = Limits {
        infinite: true,
        ..Limits::default()
    };
    let mut receivers = Vec::new();
    for round in 0..100 {
        let (tx, rx) = crossbeam_channel::unbounded();
        let limits = if round % 3 == 0 {
            depth(3)
        } else {
            infinite.clone()
        };
        // Starting over a running search stops it first.
        searcher.start(pos.clone(), Vec::new(), limits, tx);
        if round % 2 == 0 {
            searcher.stop();
        }
        receivers.push(rx);
    }
    searcher.stop();
    searcher.wait();
    drop(searcher);
    for rx in receivers {
        let dones: Vec<_> = rx
            .try_iter()
            .filter_map(|e| match e {
                SearchEvent::Done(r) => Some(r),
                SearchEvent::Info(_) => None,
            })
            .collect();
        assert_eq!(dones.len(), 1);
        assert!(is_legal(&pos, dones[0].best.unwrap()));
    }
}

/// Time to depth by thread count, printed, not asserted (speed is measured, never tested):
/// `cargo test --release smp_time_to_depth -- --ignored --nocapture`.
#[test]
#[ignore]
fn smp_time_to_depth() {
    let pos = ConnectFour::from_columns(&[3, 3, 2]);
    for threads in [1, 2, 4] {
        let mut searcher = Searcher::new();
        searcher.set_threads(threads);
        let out = searcher.search_sync(pos.clone(), Vec::new(), depth(18));
        println!(
            "threads {threads}: depth {} in {:?}, {} nodes, {:.0} knps, best {:?} {:?}",
            out.depth,
            out.elapsed,
            out.nodes,
            out.nodes as f64 / out.elapsed.as_secs_f64() / 1e3,
            out.best,
            out.score
        );
    }
}

#[test]
fn a_stop_within_an_iteration_keeps_a_move_that_overtook_the_first() {
    // Between the node counts of two depths whose answers differ, a node limit stops the
    // deeper iteration; once the new move has beaten the old one there, it is the answer,
    // though the depth reported is still the shallower one.
    let pos = ConnectFour::from_columns(&[3, 3]);
    let mut searcher = Searcher::new();
    let mut fresh = |limits: Limits<Column>| {
        searcher.clear();
        searcher.search_sync(pos.clone(), Vec::new(), limits)
    };
    let mut changes = 0;
    let mut shallow = fresh(depth(3));
    for d in 4..12 {
        let deep = fresh(depth(d));
        if deep.best != shallow.best {
            changes += 1;
            let span = deep.nodes - shallow.nodes;
            let overtaken = (1..100).any(|k| {
                let out = fresh(Limits {
                    nodes: Some(shallow.nodes + span * k / 100),
                    ..Limits::default()
                });
                out.depth == d - 1 && out.best == deep.best
            });
            if overtaken {
                return;
            }
        }
        shallow = deep;
    }
    panic!("no stopped iteration answered with its new best move ({changes} changes)");
}
