//! Drop-out expansion: the book grows one searched position at a time where the best lines
//! and the lines close to them lead.
//!
//! Every book position holds the moves the book has expanded (their positions are in the
//! book too) and its drop-out move: the best move outside the book, found by a search of
//! the position with the book's moves left out. A position's value is the best of its
//! drop-out score and the negated values of its book moves (minimax over the book); a move
//! "drops" by how far its value is below its position's value.
//!
//! Each position costs its cheapest way from the start, each move one ply plus its drop
//! divided by `drop_cost`, so a line through slightly worse moves costs as much as a longer
//! line through the best ones. The next positions expanded are the drop-out moves of the
//! cheapest positions, skipping moves that drop by more than the window; expanding one adds
//! its position (searched for its own drop-out move) and sends its parent back to search
//! for the next move outside the book. The first `full_width` plies are expanded whole and
//! at the cost of their plies alone: every 2-move ballot, where matches start, is then a
//! root of its own.
//!
//! Searches run on `threads` single-threaded searchers side by side, each with a fixed node
//! budget, so a one-thread build is reproducible; with more, which searcher (and so which
//! transposition table) meets which position varies, and scores with it.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::ops::ControlFlow;
use std::sync::Mutex;

use crate::draughts::book::{Book, BookKey, BookMove};
use crate::draughts::fmjd::DrawClocks;
use crate::draughts::packed::{move_of_code, PackedDraughts};
use crate::draughts::{Move, Position, SearchPosition};
use crate::engine::{Game, Limits, MoveList, Score, Searcher};
use crate::nnue::game_file::GameRecord;

/// Cost units in one ply (costs are integers so positions order exactly).
const PLY: u64 = 1000;

/// Score given to a won position (hundredths of a man), as Hub writes a win.
const WIN: i32 = 10_000;

/// How the book grows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrowOptions {
    /// Positions the book should hold when growing stops.
    pub positions: usize,
    /// Searchers side by side.
    pub threads: usize,
    /// Transposition table of each searcher, in MB.
    pub hash_mb: usize,
    /// Moves that drop by more than this (hundredths of a man) are not expanded.
    pub window: i32,
    /// A drop of this many hundredths of a man costs as much as one ply.
    pub drop_cost: i32,
    /// The first plies from the start, expanded whole.
    pub full_width: u32,
}

/// What a position's search found outside the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dropout {
    /// Not searched since the book last took one of its moves (a full-width position,
    /// which is never searched, stays so until every legal move is in the book).
    Unsearched,
    /// Every legal move is in the book.
    None,
    /// The best move outside the book and its score.
    Scored(Move, i32),
}

/// One book position while the book grows.
#[derive(Clone, Debug)]
struct Node {
    position: Position,
    /// Fewest plies from the start.
    ply: u32,
    /// Moves whose positions are in the book.
    children: Vec<Move>,
    dropout: Dropout,
}

impl Node {
    fn board(&self) -> SearchPosition {
        SearchPosition::new(self.position, DrawClocks::new(&self.position))
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut moves = MoveList::new();
        self.board().legal_moves(&mut moves);
        moves.as_slice().to_vec()
    }

    fn child_key(&self, mv: Move) -> BookKey {
        let mut after = self.position;
        after.play(mv);
        BookKey::of(&after)
    }
}

/// A position to search for its drop-out move, and what the search found.
struct Job {
    key: BookKey,
    board: SearchPosition,
    outside: Vec<Move>,
}

/// Counts for the progress line.
#[derive(Clone, Copy, Debug, Default)]
pub struct GrowStats {
    /// Searches made so far in this run.
    pub searches: u64,
    /// Nodes those searches visited.
    pub nodes: u64,
}

/// A book being grown.
pub struct Tree {
    nodes: HashMap<BookKey, Node>,
    root: BookKey,
    nodes_per_position: u64,
    options: GrowOptions,
}

/// Score of a search outcome in hundredths of a man (wins as Hub writes them).
fn hundredths(score: Score) -> i32 {
    match score {
        Score::Value(v) => v,
        Score::Win(plies) => WIN - plies.min(999) as i32,
        Score::Loss(plies) => -(WIN - plies.min(999) as i32),
    }
}

impl Tree {
    /// A tree of the start position alone, each position to be searched with `nodes`.
    pub fn new(nodes: u64, options: GrowOptions) -> Self {
        let start = Position::start();
        let root = BookKey::of(&start);
        let mut tree = Self {
            nodes: HashMap::new(),
            root,
            nodes_per_position: nodes,
            options,
        };
        tree.add_node(root, start, 0);
        tree
    }

    /// The tree of `book`, to grow further; the book's own node budget is kept, so every
    /// position of one book is searched alike. `Err` names a move the book cannot have.
    pub fn from_book(book: &Book, options: GrowOptions) -> Result<Self, String> {
        let mut tree = Self::new(book.nodes_per_position(), options);
        let mut stored: HashMap<BookKey, Vec<(Move, i32)>> = HashMap::new();
        for (key, moves) in book.iter() {
            let position = key.position()?;
            let board = SearchPosition::new(position, DrawClocks::new(&position));
            let decoded = moves
                .iter()
                .map(|m| move_of_code(&board, m.code).map(|mv| (mv, i32::from(m.score))))
                .collect::<Result<Vec<_>, String>>()?;
            stored.insert(*key, decoded);
            tree.nodes.insert(
                *key,
                Node {
                    position,
                    ply: u32::MAX,
                    children: Vec::new(),
                    dropout: Dropout::Unsearched,
                },
            );
        }
        for (key, moves) in &stored {
            let node = &tree.nodes[key];
            let mut children = Vec::new();
            let mut outside: Option<(Move, i32)> = None;
            for &(mv, score) in moves {
                if tree.nodes.contains_key(&node.child_key(mv)) {
                    children.push(mv);
                } else if outside.is_none_or(|(_, best)| score > best) {
                    outside = Some((mv, score));
                }
            }
            let all_in = children.len() == node.legal_moves().len();
            let node = tree.nodes.get_mut(key).expect("a stored key");
            node.children = children;
            node.dropout = match outside {
                Some((mv, score)) => Dropout::Scored(mv, score),
                None if all_in => Dropout::None,
                None => Dropout::Unsearched,
            };
        }
        tree.set_plies();
        Ok(tree)
    }

    /// Nodes each position is searched with.
    pub fn nodes_per_position(&self) -> u64 {
        self.nodes_per_position
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when the tree has no position (never: the start is always in it).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn add_node(&mut self, key: BookKey, position: Position, ply: u32) {
        self.nodes.insert(
            key,
            Node {
                position,
                ply,
                children: Vec::new(),
                dropout: Dropout::Unsearched,
            },
        );
    }

    /// Fewest plies from the start, for every position reached from it.
    fn set_plies(&mut self) {
        for node in self.nodes.values_mut() {
            node.ply = u32::MAX;
        }
        let mut frontier = vec![self.root];
        let mut ply = 0;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for key in frontier {
                let node = self.nodes.get_mut(&key).expect("a book key");
                if node.ply <= ply {
                    continue;
                }
                node.ply = ply;
                let node = &self.nodes[&key];
                next.extend(node.children.iter().map(|&mv| node.child_key(mv)));
            }
            frontier = next;
            ply += 1;
        }
    }

    /// Every position's minimax value over the book (`None` while it has nothing scored).
    fn values(&self) -> HashMap<BookKey, Option<i32>> {
        let mut values = HashMap::with_capacity(self.nodes.len());
        let mut visiting = HashSet::new();
        self.value_of(self.root, &mut values, &mut visiting);
        values
    }

    fn value_of(
        &self,
        key: BookKey,
        values: &mut HashMap<BookKey, Option<i32>>,
        visiting: &mut HashSet<BookKey>,
    ) -> Option<i32> {
        if let Some(&value) = values.get(&key) {
            return value;
        }
        // Only kings can go round in a circle; such a line is a draw by repetition.
        if !visiting.insert(key) {
            return Some(0);
        }
        let node = &self.nodes[&key];
        let mut best = match node.dropout {
            Dropout::Scored(_, score) => Some(score),
            _ => None,
        };
        for &mv in &node.children {
            if let Some(child) = self.value_of(node.child_key(mv), values, visiting) {
                best = Some(best.map_or(-child, |b: i32| b.max(-child)));
            }
        }
        if node.children.is_empty() && node.dropout == Dropout::None {
            // No legal move: the side to move has lost.
            best = Some(-WIN);
        }
        visiting.remove(&key);
        values.insert(key, best);
        best
    }

    /// How far `mv` of `node` drops below the node's value (0 in the full-width plies,
    /// which are expanded whole whatever their scores).
    fn drop(&self, node: &Node, value: Option<i32>, move_value: Option<i32>) -> i32 {
        if node.ply < self.options.full_width {
            return 0;
        }
        match (value, move_value) {
            (Some(v), Some(m)) => (v - m).max(0),
            _ => 0,
        }
    }

    /// Each position's cheapest cost from the start through moves inside the window.
    fn costs(&self, values: &HashMap<BookKey, Option<i32>>) -> HashMap<BookKey, u64> {
        let mut costs: HashMap<BookKey, u64> = HashMap::new();
        let mut queue = BinaryHeap::new();
        queue.push(Reverse((0u64, self.root)));
        while let Some(Reverse((cost, key))) = queue.pop() {
            if costs.contains_key(&key) {
                continue;
            }
            costs.insert(key, cost);
            let node = &self.nodes[&key];
            let value = values.get(&key).copied().flatten();
            for &mv in &node.children {
                let child = node.child_key(mv);
                let move_value = values.get(&child).copied().flatten().map(|v| -v);
                let drop = self.drop(node, value, move_value);
                if drop <= self.options.window && !costs.contains_key(&child) {
                    queue.push(Reverse((cost + self.edge_cost(drop), child)));
                }
            }
        }
        costs
    }

    fn edge_cost(&self, drop: i32) -> u64 {
        PLY + drop as u64 * PLY / self.options.drop_cost.max(1) as u64
    }

    /// A drop-out move whose position the book has meanwhile reached another way becomes
    /// a book move, and its position searches for the next one.
    fn adopt_transpositions(&mut self) {
        let adopted: Vec<(BookKey, Move)> = self
            .nodes
            .iter()
            .filter_map(|(key, node)| match node.dropout {
                Dropout::Scored(mv, _) if self.nodes.contains_key(&node.child_key(mv)) => {
                    Some((*key, mv))
                }
                _ => None,
            })
            .collect();
        for (key, mv) in adopted {
            let node = self.nodes.get_mut(&key).expect("a book key");
            node.children.push(mv);
            node.dropout = Dropout::Unsearched;
        }
    }

    /// The expansions to make next, cheapest first: at most one per position, none into
    /// the same new position, at most `count`.
    fn next_expansions(&self, count: usize) -> Vec<(BookKey, Move)> {
        let values = self.values();
        let costs = self.costs(&values);
        let mut candidates: Vec<(u64, BookKey, Move)> = Vec::new();
        for (&key, &cost) in &costs {
            let node = &self.nodes[&key];
            if node.ply < self.options.full_width {
                for mv in node.legal_moves() {
                    if !node.children.contains(&mv) {
                        candidates.push((cost + PLY, key, mv));
                    }
                }
            } else if let Dropout::Scored(mv, score) = node.dropout {
                let drop = self.drop(node, values[&key], Some(score));
                if drop <= self.options.window {
                    candidates.push((cost + self.edge_cost(drop), key, mv));
                }
            }
        }
        candidates.sort_unstable_by_key(|&(cost, key, mv)| (cost, key, mv.from, mv.to));
        let mut chosen: Vec<(BookKey, Move)> = Vec::new();
        let mut targets = HashSet::new();
        for (_, key, mv) in candidates {
            if chosen.len() == count {
                break;
            }
            let target = self.nodes[&key].child_key(mv);
            if chosen.iter().all(|&(k, _)| k != key) && targets.insert(target) {
                chosen.push((key, mv));
            }
        }
        chosen
    }

    /// Makes `mv` of the position `key` a book move: its position joins the book (to be
    /// searched) unless it is there, and the parent searches again for its drop-out move.
    fn expand(&mut self, key: BookKey, mv: Move) {
        let parent = &self.nodes[&key];
        let (child_key, ply) = (parent.child_key(mv), parent.ply + 1);
        let mut after = parent.position;
        after.play(mv);
        if !self.nodes.contains_key(&child_key) {
            self.add_node(child_key, after, ply);
        }
        let parent = self.nodes.get_mut(&key).expect("a book key");
        parent.children.push(mv);
        parent.dropout = Dropout::Unsearched;
    }

    /// The positions waiting for a search, with the moves it may choose from; a position
    /// with none left has no drop-out move, and one in the full-width plies is expanded
    /// whole instead of searched.
    fn pending_jobs(&mut self) -> Vec<Job> {
        let full_width = self.options.full_width;
        let mut jobs = Vec::new();
        for (&key, node) in self.nodes.iter_mut() {
            // A position no book line leads to any more is left alone.
            if node.dropout != Dropout::Unsearched || node.ply == u32::MAX {
                continue;
            }
            let outside: Vec<Move> = {
                let mut moves = MoveList::new();
                node.board().legal_moves(&mut moves);
                moves
                    .iter()
                    .copied()
                    .filter(|mv| !node.children.contains(mv))
                    .collect()
            };
            if outside.is_empty() {
                node.dropout = Dropout::None;
            } else if node.ply >= full_width {
                jobs.push(Job {
                    key,
                    board: node.board(),
                    outside,
                });
            }
        }
        jobs.sort_unstable_by_key(|job| job.key);
        jobs
    }

    /// Grows the tree until it holds the positions asked for, nothing inside the window is
    /// left to expand, or `report` (called after every round of searches, for progress
    /// lines and saving) breaks off; the tree is whole at every call.
    pub fn grow(
        &mut self,
        searchers: &mut [Searcher<SearchPosition>],
        mut report: impl FnMut(&Tree, GrowStats) -> ControlFlow<()>,
    ) {
        let mut stats = GrowStats::default();
        loop {
            self.adopt_transpositions();
            let jobs = self.pending_jobs();
            if !jobs.is_empty() {
                for (key, dropout, nodes) in self.search_all(searchers, jobs) {
                    self.nodes.get_mut(&key).expect("a book key").dropout = dropout;
                    stats.searches += 1;
                    stats.nodes += nodes;
                }
                if report(self, stats).is_break() {
                    return;
                }
                continue;
            }
            if self.nodes.len() >= self.options.positions {
                return;
            }
            let expansions = self.next_expansions(searchers.len());
            if expansions.is_empty() {
                return;
            }
            for (key, mv) in expansions {
                self.expand(key, mv);
            }
        }
    }

    /// Searches every job, the searchers side by side, each taking the next job when done.
    fn search_all(
        &self,
        searchers: &mut [Searcher<SearchPosition>],
        jobs: Vec<Job>,
    ) -> Vec<(BookKey, Dropout, u64)> {
        let queue = Mutex::new(jobs);
        let results = Mutex::new(Vec::new());
        let nodes = self.nodes_per_position;
        std::thread::scope(|scope| {
            for searcher in searchers.iter_mut() {
                scope.spawn(|| loop {
                    let Some(job) = queue.lock().unwrap_or_else(|e| e.into_inner()).pop() else {
                        return;
                    };
                    let limits = Limits {
                        nodes: Some(nodes),
                        searchmoves: job.outside,
                        ..Limits::default()
                    };
                    let outcome = searcher.search_sync(job.board, Vec::new(), limits);
                    let dropout = match outcome.best {
                        Some(mv) => Dropout::Scored(mv, hundredths(outcome.score)),
                        None => Dropout::None,
                    };
                    results.lock().unwrap_or_else(|e| e.into_inner()).push((
                        job.key,
                        dropout,
                        outcome.nodes,
                    ));
                });
            }
        });
        let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
        results.sort_unstable_by_key(|r| r.0);
        results
    }

    /// The book file's contents: every position reached from the start that has a move,
    /// each book move scored by the minimax below it, the drop-out move by its search.
    pub fn to_book(&self) -> Book {
        let values = self.values();
        let mut book = Book::new(self.nodes_per_position);
        for (&key, node) in &self.nodes {
            if !values.contains_key(&key) {
                continue;
            }
            let board = node.board();
            let mut moves = Vec::new();
            for &mv in &node.children {
                if let Some(value) = values.get(&node.child_key(mv)).copied().flatten() {
                    moves.push((mv, -value));
                }
            }
            if let Dropout::Scored(mv, score) = node.dropout {
                moves.push((mv, score));
            }
            let scored = moves
                .into_iter()
                .filter_map(|(mv, score)| {
                    Some(BookMove {
                        code: PackedDraughts::move_code(&board, mv)?,
                        score: score.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16,
                    })
                })
                .collect();
            book.insert(key, scored);
        }
        book
    }

    /// The start position's value over the book and the deepest ply a book position is at.
    pub fn summary(&self) -> (Option<i32>, u32) {
        let values = self.values();
        let deepest = self
            .nodes
            .values()
            .filter(|n| n.ply != u32::MAX)
            .map(|n| n.ply)
            .max()
            .unwrap_or(0);
        (values.get(&self.root).copied().flatten(), deepest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(positions: usize) -> GrowOptions {
        GrowOptions {
            positions,
            threads: 2,
            hash_mb: 1,
            window: 25,
            drop_cost: 10,
            full_width: 1,
        }
    }

    fn searchers(count: usize) -> Vec<Searcher<SearchPosition>> {
        (0..count)
            .map(|_| {
                let mut s = Searcher::new();
                s.set_hash_mb(1);
                s
            })
            .collect()
    }

    #[test]
    fn the_start_is_expanded_whole_then_the_best_lines_grow() {
        let mut tree = Tree::new(3000, options(24));
        let mut rounds = 0;
        tree.grow(&mut searchers(2), |_, _| {
            rounds += 1;
            ControlFlow::Continue(())
        });
        assert!(rounds > 0);
        assert!(tree.len() >= 24);
        let root = &tree.nodes[&tree.root];
        assert_eq!(root.children.len(), 9);
        assert_eq!(root.dropout, Dropout::None);
        // Past the full-width ply, positions were searched and some grew a second ply.
        assert!(tree.nodes.values().any(|n| n.ply == 2));
        assert!(tree
            .nodes
            .values()
            .all(|n| n.ply == 0 || n.dropout != Dropout::Unsearched));

        let book = tree.to_book();
        assert_eq!(book.len(), tree.len());
        let again = Tree::from_book(&book, options(30)).unwrap();
        assert_eq!(again.to_book(), book);
        let mut grown = again;
        grown.grow(&mut searchers(1), |_, _| ControlFlow::Continue(()));
        assert!(grown.len() >= 30);
        let bigger = grown.to_book();
        // What the first book knew is still there, and each of its positions kept its
        // moves (some may have become book moves with new scores).
        for (key, moves) in book.iter() {
            let codes = |ms: &[BookMove]| ms.iter().map(|m| m.code).collect::<HashSet<_>>();
            let now = bigger.iter().find(|(k, _)| *k == key).unwrap().1;
            assert!(codes(moves).is_subset(&codes(now)), "{key:?}");
        }
    }

    #[test]
    fn a_book_stopped_early_values_only_what_was_searched() {
        let mut tree = Tree::new(
            2000,
            GrowOptions {
                full_width: 2,
                ..options(1000)
            },
        );
        let mut rounds = 0;
        tree.grow(&mut searchers(2), |_, _| {
            rounds += 1;
            ControlFlow::Break(())
        });
        assert_eq!(rounds, 1);
        // A position two plies deep was searched; full-width positions not yet expanded
        // are no lost positions: the start is worth what the search says, not a win.
        assert!(tree
            .nodes
            .values()
            .any(|n| matches!(n.dropout, Dropout::Scored(..))));
        assert!(tree
            .nodes
            .values()
            .any(|n| n.ply == 1 && n.children.is_empty()));
        let (value, deepest) = tree.summary();
        assert_eq!(deepest, 2);
        assert!(value.is_some_and(|v| v.abs() < WIN / 2), "{value:?}");
        let book = tree.to_book();
        assert!(book.len() < tree.len());
    }
}
