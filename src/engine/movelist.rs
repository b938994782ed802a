//! A fixed-capacity move list that lives on the stack: move generation never allocates.

/// Capacity of a [`MoveList`]. Chess has at most 218 legal moves; draughts with 20 flying
/// kings a side can exceed 256 quiet moves (each king has at most 17), so 512 covers both.
pub const MAX_MOVES: usize = 512;

/// Moves of one position, in generation order.
#[derive(Clone)]
pub struct MoveList<M: Copy + Default> {
    moves: [M; MAX_MOVES],
    len: usize,
}

impl<M: Copy + Default> MoveList<M> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        Self {
            moves: [M::default(); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. Generators guarantee the capacity is never exceeded.
    #[inline]
    pub fn push(&mut self, mv: M) {
        debug_assert!(self.len < MAX_MOVES, "move list overflow");
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// Number of moves held.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when no move is held.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Forgets every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for in-place ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.moves[..self.len]
    }

    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, M> {
        self.as_slice().iter()
    }

    /// Keeps only the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&M) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self.moves[i];
            if keep(&mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// True when the list holds `mv`.
    pub fn contains(&self, mv: &M) -> bool
    where
        M: PartialEq,
    {
        self.as_slice().contains(mv)
    }
}

impl<M: Copy + Default> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a, M: Copy + Default> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_retain_contains() {
        let mut list = MoveList::<u16>::new();
        for m in 0..10 {
            list.push(m);
        }
        list.retain(|m| m % 2 == 0);
        assert_eq!(list.as_slice(), &[0, 2, 4, 6, 8]);
        assert!(list.contains(&4));
        assert!(!list.contains(&5));
        list.clear();
        assert!(list.is_empty());
    }
}
