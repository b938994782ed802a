//! A fixed-capacity move list that lives on the stack: move generation never allocates.

use std::mem::MaybeUninit;

/// Capacity of a [`MoveList`]. Chess has at most 218 legal moves; draughts with 20 flying
/// kings a side can exceed 256 quiet moves (each king has at most 17), so 512 covers both.
pub const MAX_MOVES: usize = 512;

/// Moves of one position, in generation order.
///
/// The slots are left uninitialised until pushed: every node of the search makes a list,
/// and filling 512 draughts moves (8 KB) with defaults first cost a tenth of the draughts
/// search's time.
pub struct MoveList<M: Copy + Default> {
    moves: [MaybeUninit<M>; MAX_MOVES],
    len: usize,
}

impl<M: Copy + Default> Clone for MoveList<M> {
    fn clone(&self) -> Self {
        let mut copy = Self::new();
        copy.moves[..self.len].copy_from_slice(&self.moves[..self.len]);
        copy.len = self.len;
        copy
    }
}

impl<M: Copy + Default> MoveList<M> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        Self {
            moves: [MaybeUninit::uninit(); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. Generators guarantee the capacity is never exceeded.
    #[inline]
    pub fn push(&mut self, mv: M) {
        debug_assert!(self.len < MAX_MOVES, "move list overflow");
        self.moves[self.len] = MaybeUninit::new(mv);
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
        // SAFETY: slots 0..len were written by `push` or `retain` (only ever with moves
        // taken from that prefix), and `MaybeUninit<M>` has the layout of `M`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<M>(), self.len) }
    }

    /// The moves as a mutable slice (for in-place ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        // SAFETY: as for `as_slice`; the exclusive borrow of `self` makes the slice unique.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<M>(), self.len) }
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
            let mv = self.as_slice()[i];
            if keep(&mv) {
                self.moves[kept] = MaybeUninit::new(mv);
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
        let copy = list.clone();
        list.as_mut_slice().reverse();
        assert_eq!(list.as_slice(), &[8, 6, 4, 2, 0]);
        assert_eq!(copy.as_slice(), &[0, 2, 4, 6, 8]);
        assert!(list.contains(&4));
        assert!(!list.contains(&5));
        list.clear();
        assert!(list.is_empty());
    }
}
