//! [`CanonicalMoves`]: which move may follow which in a shortest word of
//! a permutation puzzle's generators, read from the generators alone.

use super::generators::Generators;

/// The pairs of moves a search for shortest words need not take one
/// after the other, found from the generators: `x` then `y` where the two
/// make the identity or a single generator (a face turned twice: a
/// shorter word does the same), and of two moves that commute, the order
/// whose first has the larger index (opposite faces: one order is
/// enough). Every element keeps a shortest word that takes no such pair
/// (the first in the generators' order among its shortest words), so a
/// search that skips them stays exact: the 3x3x3 cube's 18 face turns
/// then branch 15 or 12 ways after the first move, not 18.
///
/// # Example
///
/// ```
/// use search_core::groups::{CanonicalMoves, Generators};
///
/// // Two turns of four that share no point, each with its inverse.
/// let mut turns = Generators::new(8)?;
/// turns.push_cycles("a", "(1,2,3,4)")?;
/// turns.push_cycles("a'", "(1,4,3,2)")?;
/// turns.push_cycles("b", "(5,6,7,8)")?;
/// turns.push_cycles("b'", "(5,8,7,6)")?;
/// let canonical = CanonicalMoves::new(&turns);
/// assert!(!canonical.allows(Some(0), 1)); // a a' is nothing
/// assert!(canonical.allows(Some(0), 0)); // a a is a half turn, no generator
/// assert!(canonical.allows(Some(0), 2)); // a then b ...
/// assert!(!canonical.allows(Some(2), 0)); // ... but not b then a
/// // Words of up to 2 moves: 1, 4, then 4 * 4 less 4 undone less 4 reordered.
/// assert_eq!(canonical.words(2), [1, 4, 8]);
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct CanonicalMoves {
    moves: usize,
    /// `allowed[x * moves + y]`: whether `y` may follow `x`.
    allowed: Vec<bool>,
}

impl CanonicalMoves {
    /// The pairs of `generators` a shortest word needs.
    ///
    /// # Example
    ///
    /// See [`CanonicalMoves`].
    pub fn new(generators: &Generators) -> CanonicalMoves {
        let moves = generators.len();
        let points = generators.points();
        let images: Vec<&[u8]> = (0..moves).map(|g| generators.image(g)).collect();
        let is_identity = |p: &[u8]| p.iter().enumerate().all(|(i, &x)| usize::from(x) == i);
        let mut allowed = vec![true; moves * moves];
        for x in 0..moves {
            for y in 0..moves {
                // x then y, as the Cayley graph applies them to a state.
                let both: Vec<u8> =
                    (0..points).map(|i| images[x][usize::from(images[y][i])]).collect();
                let shorter = is_identity(&both) || images.contains(&both.as_slice());
                let other: Vec<u8> =
                    (0..points).map(|i| images[y][usize::from(images[x][i])]).collect();
                let reordered = y < x && both == other;
                allowed[x * moves + y] = !(shorter || reordered);
            }
        }
        CanonicalMoves { moves, allowed }
    }

    /// Whether move `next` may follow `previous` (any move may come first,
    /// after `None`).
    ///
    /// # Example
    ///
    /// See [`CanonicalMoves`].
    #[inline]
    pub fn allows(&self, previous: Option<usize>, next: usize) -> bool {
        previous.is_none_or(|previous| self.allowed[previous * self.moves + next])
    }

    /// The number of words of each length from 0 to `depth` that take no
    /// pair this skips: what a search to that depth walks, to set beside
    /// the positions at each depth.
    ///
    /// # Example
    ///
    /// See [`CanonicalMoves`].
    pub fn words(&self, depth: usize) -> Vec<u128> {
        let mut ending = vec![1u128; self.moves];
        let mut counts = vec![1];
        if depth == 0 {
            return counts;
        }
        counts.push(self.moves as u128);
        for _ in 1..depth {
            let mut next = vec![0u128; self.moves];
            for (x, &count) in ending.iter().enumerate() {
                for (y, slot) in next.iter_mut().enumerate() {
                    if self.allowed[x * self.moves + y] {
                        *slot = slot.saturating_add(count);
                    }
                }
            }
            counts.push(next.iter().fold(0u128, |sum, &c| sum.saturating_add(c)));
            ending = next;
        }
        counts
    }
}
