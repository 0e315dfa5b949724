//! A radix heap: the open list of A* and Dijkstra for integer costs once
//! `f` has left the buckets, while the search is monotone (no entry comes
//! in below the last one taken, as with every consistent estimate and
//! Dijkstra's zero).
//!
//! Entries are kept by the highest bit in which their `f` differs from the
//! `f` last taken: a push is one `leading_zeros` and a vector push, and a
//! pop that finds the entries of the current `f` gone moves the entries of
//! the lowest non-empty bucket down, each entry moving at most 64 times
//! over its life, and most once or twice, against a binary heap's `log n`
//! comparisons and moves a pop. On Dijkstra over a 1,000 x 1,000 grid of
//! costs 1 to 9 (callgrind), the binary heap's pops took 270 M of 1,189 M
//! instructions, the radix heap's about 100 M.
//!
//! The entries of the current `f` are kept apart, by `g`, so that the
//! deepest is taken first, as the other stages of the open list take it:
//! a child pushed at the current `f` is at least as deep as every entry
//! there (its parent was the deepest), so it goes in at the top, past at
//! most its siblings.

use crate::Cost;
use crate::cheapest::open::Open;
use crate::error::Error;
use crate::run::memory::Meter;

/// One bucket for each bit of a 64-bit key.
const BITS: usize = 64;

/// A radix heap of [`Open`] entries keyed by `f` as a `u64`.
pub(crate) struct RadixHeap<C> {
    /// The `f` of the entry last taken, as a key and as a cost: no entry
    /// has a smaller one.
    last: u64,
    last_f: C,
    /// The entries whose `f` is `last`: their `g` and node, by `g`
    /// ascending, the deepest on top.
    current: Vec<(C, u32)>,
    /// `buckets[i]` holds the entries whose key's highest bit differing
    /// from `last` is bit `i`.
    buckets: Vec<Vec<Open<C>>>,
    /// Bit `i` set when `buckets[i]` holds an entry.
    occupied: u64,
    len: usize,
}

/// Why a push was refused: its `f` is below the last taken, which a radix
/// heap cannot order; the caller moves to a heap.
pub(crate) struct BelowLast;

impl<C: Cost> RadixHeap<C> {
    /// An empty heap whose entries' `f` will be at least `lowest`.
    pub(crate) fn new(lowest: u64, lowest_f: C) -> RadixHeap<C> {
        RadixHeap {
            last: lowest,
            last_f: lowest_f,
            current: Vec::new(),
            buckets: (0..BITS).map(|_| Vec::new()).collect(),
            occupied: 0,
            len: 0,
        }
    }

    /// Empties the heap, keeping its buckets' room, for entries whose `f`
    /// will be at least `lowest`.
    pub(crate) fn reset(&mut self, lowest: u64, lowest_f: C) {
        self.buckets.iter_mut().for_each(Vec::clear);
        self.current.clear();
        (self.last, self.last_f, self.occupied, self.len) = (lowest, lowest_f, 0, 0);
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Pushes `open`, whose `f` is `key`; refused when `key` is below the
    /// last `f` taken by more than `slack`. Within it (a float `f` below
    /// the last by rounding alone, as a consistent estimate's sums can
    /// be), the entry is taken as one of the last `f`.
    #[expect(
        clippy::inline_always,
        reason = "out of line, the entry went through memory and waited there for the caller's cache misses: a fifth of Dijkstra's time on a grid of costs 1 to 1,000, under perf"
    )]
    #[inline(always)]
    pub(crate) fn push(
        &mut self,
        meter: &mut Meter,
        key: u64,
        slack: u64,
        open: Open<C>,
    ) -> Result<Result<(), BelowLast>, Error> {
        if key < self.last {
            if self.last - key > slack {
                return Ok(Err(BelowLast));
            }
            self.push_current(meter, open.g, open.node)?;
            self.len += 1;
            return Ok(Ok(()));
        }
        self.place(meter, key, open)?;
        self.len += 1;
        Ok(Ok(()))
    }

    /// Puts `open`, of key `key` at least `last`, where it belongs.
    #[expect(
        clippy::inline_always,
        reason = "out of line, the entry went through memory and waited there for the caller's cache misses: a fifth of Dijkstra's time on a grid of costs 1 to 1,000, under perf"
    )]
    #[inline(always)]
    fn place(&mut self, meter: &mut Meter, key: u64, open: Open<C>) -> Result<(), Error> {
        if self.push_to_bucket(meter, key, open)? {
            return Ok(());
        }
        self.push_current(meter, open.g, open.node)
    }

    /// Pushes `open`, of key `key` at least `last`, to the bucket of the
    /// highest bit in which `key` differs from `last`: false, and nothing
    /// pushed, when it does not differ (the entry is of the current `f`).
    #[inline]
    fn push_to_bucket(
        &mut self,
        meter: &mut Meter,
        key: u64,
        open: Open<C>,
    ) -> Result<bool, Error> {
        let differing = key ^ self.last;
        if differing == 0 {
            return Ok(false);
        }
        let bit = BITS - 1 - differing.leading_zeros() as usize;
        self.occupied |= 1 << bit;
        meter.push(&mut self.buckets[bit], open)?;
        Ok(true)
    }

    /// Pushes an entry of the current `f`, keeping them by `g`.
    #[inline(never)]
    fn push_current(&mut self, meter: &mut Meter, g: C, node: u32) -> Result<(), Error> {
        meter.push(&mut self.current, (g, node))?;
        let mut at = self.current.len() - 1;
        while at > 0 && self.current[at - 1].0 > g {
            self.current.swap(at - 1, at);
            at -= 1;
        }
        Ok(())
    }

    /// Takes the entry of smallest `f`, the deepest among those; `key`
    /// gives an entry's `f` as a key.
    #[inline]
    pub(crate) fn pop(
        &mut self,
        meter: &mut Meter,
        key: impl Fn(&C) -> u64,
    ) -> Result<Option<Open<C>>, Error> {
        if self.current.is_empty() {
            if self.occupied == 0 {
                return Ok(None);
            }
            self.advance(meter, key)?;
        }
        // After an advance the current entries are never empty.
        let Some((g, node)) = self.current.pop() else { return Ok(None) };
        self.len -= 1;
        Ok(Some(Open { f: self.last_f, g, node }))
    }

    /// Moves to the smallest `f` held: the lowest non-empty bucket's
    /// entries are placed again against it, each in a lower bucket or
    /// among the current entries.
    #[cold]
    fn advance(&mut self, meter: &mut Meter, key: impl Fn(&C) -> u64) -> Result<(), Error> {
        let bit = self.occupied.trailing_zeros() as usize;
        self.occupied &= !(1 << bit);
        let mut entries = std::mem::take(&mut self.buckets[bit]);
        let Some(lowest) = entries.iter().map(|open| open.f).min_by(Cost::cost_cmp) else {
            return Ok(());
        };
        self.last = key(&lowest);
        self.last_f = lowest;
        // The current entries are sorted once, below, rather than kept in
        // order one by one as `place` keeps them.
        let placed = entries.iter().try_for_each(|&open| {
            if self.push_to_bucket(meter, key(&open.f), open)? {
                return Ok(());
            }
            meter.push(&mut self.current, (open.g, open.node))
        });
        entries.clear();
        self.buckets[bit] = entries;
        placed?;
        self.current.sort_unstable_by(|(a, _), (b, _)| a.cost_cmp(b));
        Ok(())
    }

    /// Every entry, in no order, the heap left empty.
    pub(crate) fn drain(&mut self) -> impl Iterator<Item = Open<C>> + '_ {
        self.occupied = 0;
        self.len = 0;
        let f = self.last_f;
        let current = self.current.drain(..).map(move |(g, node)| Open { f, g, node });
        current.chain(self.buckets.iter_mut().flat_map(|bucket| bucket.drain(..)))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BinaryHeap;

    use proptest::prelude::*;

    use crate::cheapest::radix::*;

    proptest! {
        /// A search's pattern: each entry taken pushes entries of `f` no
        /// smaller, some equal, deeper when equal; the radix heap gives
        /// the `(f, g)` a binary heap gives, every time.
        #[test]
        fn takes_what_a_binary_heap_takes(
            starts in prop::collection::vec((0u64..1_000, 0u64..1_000), 1..8),
            children in prop::collection::vec(prop::collection::vec((0u64..3, 0u64..5_000), 0..4), 0..300),
        ) {
            let mut meter = Meter::new(u64::MAX);
            let mut radix = RadixHeap::new(0, 0u64);
            let mut heap = BinaryHeap::new();
            let mut node = 0;
            for &(f, g) in &starts {
                let open = Open { f, g: g.min(f), node };
                node += 1;
                prop_assert!(radix.push(&mut meter, open.f, 0, open).unwrap().is_ok());
                heap.push(open);
            }
            let mut children = children.into_iter();
            while let Some(expected) = heap.pop() {
                let taken = radix.pop(&mut meter, |&f| f).unwrap().expect("as many entries");
                prop_assert_eq!((taken.f, taken.g), (expected.f, expected.g));
                prop_assert_eq!(radix.len(), heap.len());
                for (kind, step) in children.next().unwrap_or_default() {
                    // Same `f` and deeper, or a larger `f`.
                    let (f, g) = match kind {
                        0 => (taken.f, taken.g + step.min(taken.f - taken.g)),
                        _ => (taken.f + step, taken.g + step / 2),
                    };
                    let open = Open { f, g, node };
                    node += 1;
                    prop_assert!(radix.push(&mut meter, f, 0, open).unwrap().is_ok());
                    heap.push(open);
                }
            }
            prop_assert!(radix.pop(&mut meter, |&f| f).unwrap().is_none());
        }
    }

    #[test]
    fn an_entry_below_the_last_taken_is_refused() {
        let mut meter = Meter::new(u64::MAX);
        let mut radix = RadixHeap::new(0, 0u64);
        let open = |f, node| Open { f, g: 0, node };
        assert!(radix.push(&mut meter, 10, 0, open(10, 0)).unwrap().is_ok());
        assert!(radix.push(&mut meter, 20, 0, open(20, 1)).unwrap().is_ok());
        assert_eq!(radix.pop(&mut meter, |&f| f).unwrap().map(|o| o.node), Some(0));
        assert!(radix.push(&mut meter, 9, 0, open(9, 2)).unwrap().is_err());
        assert_eq!(radix.len(), 1);
        assert_eq!(radix.drain().map(|o| o.node).collect::<Vec<_>>(), [1]);
    }
}
