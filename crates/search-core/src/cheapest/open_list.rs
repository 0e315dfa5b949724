//! A*'s open list: the entry of smallest `f` first, and among equal `f` the
//! largest `g`. It starts in the stage that fits the cost type and moves
//! on, for good, when an entry does not fit it:
//!
//! - integer costs with `f` below 256 in buckets, one stack per `f` and
//!   estimate `h = f - g`, where a push and a pop cost O(1) (a binary
//!   heap's pops were a third of A*'s time on the 8-puzzle);
//! - larger integer costs, and floats from the start (keyed by their
//!   bits, which order as non-negative floats do), in a
//!   [radix heap](RadixHeap), while no entry comes in below the last one
//!   taken (a consistent estimate, or none);
//! - any other cost, or an entry below the last taken, in a binary heap.

use std::any::Any;
use std::collections::BinaryHeap;

use crate::cheapest::open::Open;
use crate::cheapest::radix::{BelowLast, RadixHeap};
use crate::error::Error;
use crate::run::memory::{Meter, bytes_of};
use crate::space::float_crates::{Inside, float_inside};
use crate::space::weighted::Cost;

/// Buckets hold `f` below this. A row holds a stack for each estimate up
/// to the largest pushed: one for Dijkstra, whose estimate is zero, and
/// at most 256 x 256 stacks (3 MB of empty ones for `u64` costs) for an
/// estimate as large as `f`. Rows by `g` instead cost Dijkstra a stack
/// for every `g` below `f`, 1.5 MB built for each search that reached an
/// `f` of 255: 0.7 ms, most of a search of 1,000 states.
const BUCKETS: usize = 256;

/// An integer cost as a `u64`, if it is a non-negative integer.
#[inline]
fn integer<C: Cost>(value: &C) -> Option<u64> {
    let any = value as &dyn Any;
    if let Some(&v) = any.downcast_ref::<u32>() {
        Some(u64::from(v))
    } else if let Some(&v) = any.downcast_ref::<u64>() {
        Some(v)
    } else if let Some(&v) = any.downcast_ref::<usize>() {
        u64::try_from(v).ok()
    } else if let Some(&v) = any.downcast_ref::<u16>() {
        Some(u64::from(v))
    } else if let Some(&v) = any.downcast_ref::<u8>() {
        Some(u64::from(v))
    } else if let Some(&v) = any.downcast_ref::<i32>() {
        u64::try_from(v).ok()
    } else if let Some(&v) = any.downcast_ref::<i64>() {
        u64::try_from(v).ok()
    } else {
        None
    }
}

/// An integer cost as a bucket index, if it is one and small enough.
#[inline]
fn bucket<C: Cost>(value: &C) -> Option<usize> {
    integer(value).and_then(|v| usize::try_from(v).ok()).filter(|&index| index < BUCKETS)
}

/// A cost as a key that orders as the cost does, if it has one: a
/// non-negative integer as itself, a float that is not negative (nor NaN)
/// as its bits, which order as the values do once `-0.0` is made `0.0`.
#[inline]
fn key_of<C: Cost>(value: &C) -> Option<u64> {
    if let Some(key) = integer(value) {
        return Some(key);
    }
    match float_inside(value)? {
        Inside::Double(v) => (v >= 0.0).then(|| (v + 0.0).to_bits()),
        Inside::Single(v) => (v >= 0.0).then(|| u64::from((v + 0.0).to_bits())),
    }
}

/// How far, in units of its last place, a float `f` may fall below the
/// last taken and still be taken as equal to it ([`RadixHeap::push`]):
/// 4,096 for `f64` (a relative 10^-12, far past what a path's sums round
/// away, far below any difference of costs a search means); none for an
/// integer, whose sums are exact.
fn rounding_slack<C: Cost>() -> u64 {
    match float_inside(&C::zero()) {
        Some(Inside::Double(_)) => 1 << 12,
        Some(Inside::Single(_)) => 1 << 2,
        None => 0,
    }
}

/// A key of the radix heap for an entry's `f`: every `f` pushed there
/// has one, so the fallback is never taken.
fn radix_key<C: Cost>(f: &C) -> u64 {
    key_of(f).unwrap_or(u64::MAX)
}

/// The open list, in buckets, a radix heap or a binary heap.
pub(crate) enum OpenList<C> {
    Heap(BinaryHeap<Open<C>>),
    Buckets(Buckets<C>),
    Radix(RadixHeap<C>),
}

/// Entries by `f`, then by estimate `h = f - g`, the smallest (the
/// deepest entry) first.
pub(crate) struct Buckets<C> {
    rows: Vec<Row<C>>,
    /// No entry has a smaller `f`.
    lowest: usize,
    len: usize,
    /// The `f` of the entry last taken.
    taken: Option<C>,
}

/// The entries of one `f`, a stack of nodes per `h`: the costs are the
/// bucket's, kept once, so an entry is 4 bytes instead of 12.
struct Row<C> {
    stacks: Vec<Stack<C>>,
    /// No stack below this `h` holds an entry.
    low: usize,
}

struct Stack<C> {
    /// The `f` and `g` of every node here, once one has been pushed.
    costs: Option<(C, C)>,
    nodes: Vec<u32>,
}

impl<C: Cost> OpenList<C> {
    pub(crate) fn new() -> OpenList<C> {
        OpenList::Heap(BinaryHeap::new())
    }

    /// Empties the list for a new run, in buckets when the cost type is
    /// an integer and in a radix heap when it is a float, keeping what it
    /// allocated.
    pub(crate) fn reset(&mut self) {
        let integer = bucket(&C::zero()).is_some();
        let keyed = key_of(&C::zero()).is_some();
        match self {
            OpenList::Buckets(buckets) if integer => {
                for row in &mut buckets.rows {
                    row.stacks.iter_mut().for_each(|stack| stack.nodes.clear());
                    row.low = 0;
                }
                buckets.lowest = 0;
                buckets.len = 0;
                buckets.taken = None;
            }
            _ if integer => *self = OpenList::Buckets(Buckets::new()),
            OpenList::Radix(radix) if keyed => radix.reset(0, C::zero()),
            _ if keyed => *self = OpenList::Radix(RadixHeap::new(0, C::zero())),
            OpenList::Heap(heap) => heap.clear(),
            OpenList::Buckets(_) | OpenList::Radix(_) => *self = OpenList::Heap(BinaryHeap::new()),
        }
    }

    #[expect(
        clippy::inline_always,
        reason = "out of line, the entry went through memory and waited there for the caller's cache misses: a quarter of Dijkstra's time on a grid, under perf"
    )]
    #[inline(always)]
    pub(crate) fn push(&mut self, meter: &mut Meter, open: Open<C>) -> Result<(), Error> {
        let refused = match self {
            OpenList::Heap(heap) => return meter.push_heap(heap, open),
            OpenList::Radix(radix) => match key_of(&open.f) {
                Some(key) => radix.push(meter, key, rounding_slack::<C>(), open)?,
                None => Err(BelowLast),
            },
            OpenList::Buckets(buckets) => match (bucket(&open.f), integer(&open.g)) {
                (Some(f), Some(g)) if g <= f as u64 => {
                    return buckets.push(meter, f, f - g as usize, open);
                }
                _ => Err(BelowLast),
            },
        };
        match refused {
            Ok(()) => Ok(()),
            Err(BelowLast) => self.move_on(meter, open),
        }
    }

    /// Moves every entry, with `open`, which the current stage refused, to
    /// the next stage that takes them all: a radix heap when they are
    /// integers no smaller than the last `f` taken, else a binary heap.
    #[cold]
    fn move_on(&mut self, meter: &mut Meter, open: Open<C>) -> Result<(), Error> {
        let len = self.len() + 1;
        let bytes = bytes_of::<Open<C>>(len);
        meter.charge(bytes)?;
        let mut entries = Vec::new();
        entries.try_reserve_exact(len).map_err(|_| Error::allocation_failed(bytes))?;
        // The `f` below which no entry will come, when the entries may go
        // to a radix heap: the last taken, or zero before the first.
        let lowest = match self {
            OpenList::Heap(heap) => {
                entries.extend(heap.drain());
                None
            }
            // A radix heap refuses only an entry below the last taken:
            // the search is not monotone, and a radix heap will not do.
            OpenList::Radix(radix) => {
                entries.extend(radix.drain());
                None
            }
            OpenList::Buckets(buckets) => {
                entries.extend(buckets.drain());
                Some(buckets.taken.unwrap_or_else(C::zero))
            }
        };
        entries.push(open);
        let radix = lowest.and_then(|lowest| {
            let key = key_of(&lowest)?;
            entries.iter().all(|entry| key_of(&entry.f).is_some_and(|f| f >= key)).then_some(key)
        });
        *self = match (radix, lowest) {
            (Some(key), Some(lowest)) => {
                let mut radix = RadixHeap::new(key, lowest);
                for entry in entries.drain(..) {
                    // Every entry was checked to be at least `key`.
                    let _ = radix.push(meter, radix_key(&entry.f), 0, entry)?;
                }
                // The entries' vector is dropped; the radix heap counted
                // its own.
                meter.release(bytes);
                OpenList::Radix(radix)
            }
            // The heap keeps the entries' vector, as counted.
            _ => OpenList::Heap(BinaryHeap::from(entries)),
        };
        Ok(())
    }

    /// The entry of smallest `f`, the deepest among those.
    ///
    /// # Errors
    ///
    /// When a radix heap moving its entries down passes the memory budget.
    #[expect(
        clippy::inline_always,
        reason = "a plain `inline` left it out of line in A*'s loop: 1,093 -> 1,052 instructions a state on the octile bench's closure-form Dijkstra (cachegrind)"
    )]
    #[inline(always)]
    pub(crate) fn pop(&mut self, meter: &mut Meter) -> Result<Option<Open<C>>, Error> {
        match self {
            OpenList::Heap(heap) => Ok(heap.pop()),
            OpenList::Buckets(buckets) => Ok(buckets.pop()),
            OpenList::Radix(radix) => radix.pop(meter, radix_key),
        }
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            OpenList::Heap(heap) => heap.len(),
            OpenList::Buckets(buckets) => buckets.len,
            OpenList::Radix(radix) => radix.len(),
        }
    }
}

impl<C: Copy> Buckets<C> {
    fn new() -> Buckets<C> {
        Buckets { rows: Vec::new(), lowest: 0, len: 0, taken: None }
    }

    /// Every entry, in no order, the buckets left empty.
    fn drain(&mut self) -> impl Iterator<Item = Open<C>> + '_ {
        self.len = 0;
        self.rows.iter_mut().flat_map(|row| {
            row.low = 0;
            row.stacks.iter_mut().flat_map(|stack| {
                let costs = stack.costs;
                stack
                    .nodes
                    .drain(..)
                    .filter_map(move |node| costs.map(|(f, g)| Open { f, g, node }))
            })
        })
    }

    /// Pushes `open`, whose `f` is `f` and estimate `h`.
    #[expect(
        clippy::inline_always,
        reason = "a plain `inline` left it out of line in A*'s loop, at 8.8% of `k_cheapest_paths`' instructions on the parity bench (callgrind)"
    )]
    #[inline(always)]
    fn push(&mut self, meter: &mut Meter, f: usize, h: usize, open: Open<C>) -> Result<(), Error> {
        if self.rows.get(f).is_none_or(|row| row.stacks.len() <= h) {
            self.make_room(f, h);
        }
        let row = &mut self.rows[f];
        let stack = &mut row.stacks[h];
        stack.costs = Some((open.f, open.g));
        meter.push(&mut stack.nodes, open.node)?;
        row.low = row.low.min(h);
        self.lowest = self.lowest.min(f);
        self.len += 1;
        Ok(())
    }

    /// Adds the rows up to `f` and, in row `f`, the stacks up to `h`.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self, f: usize, h: usize) {
        if self.rows.len() <= f {
            self.rows.resize_with(f + 1, || Row { stacks: Vec::new(), low: 0 });
        }
        let row = &mut self.rows[f];
        if row.stacks.len() <= h {
            row.stacks.resize_with(h + 1, || Stack { costs: None, nodes: Vec::new() });
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<Open<C>> {
        while let Some(row) = self.rows.get_mut(self.lowest) {
            while let Some(stack) = row.stacks.get_mut(row.low) {
                if let (Some(node), Some((f, g))) = (stack.nodes.pop(), stack.costs) {
                    self.len -= 1;
                    self.taken = Some(f);
                    return Some(Open { f, g, node });
                }
                row.low += 1;
            }
            self.lowest += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BinaryHeap;

    use proptest::prelude::*;

    use crate::cheapest::open_list::*;

    /// The float crates' types go to the radix heap as their floats do,
    /// with the same slack.
    #[test]
    #[cfg(all(feature = "noisy_float", feature = "ordered-float"))]
    fn wrapped_floats_are_keyed_as_their_floats() {
        use noisy_float::types::{n64, r32, r64};
        use ordered_float::{NotNan, OrderedFloat};
        let bits = 2.5f64.to_bits();
        assert_eq!(key_of(&r64(2.5)), Some(bits));
        assert_eq!(key_of(&n64(2.5)), Some(bits));
        assert_eq!(key_of(&OrderedFloat(2.5f64)), Some(bits));
        assert_eq!(key_of(&NotNan::new(2.5f64).unwrap()), Some(bits));
        assert_eq!(key_of(&r32(2.5)), Some(u64::from(2.5f32.to_bits())));
        assert_eq!(key_of(&OrderedFloat(-1.0f64)), None);
        assert_eq!(rounding_slack::<noisy_float::types::R64>(), rounding_slack::<f64>());
        assert_eq!(rounding_slack::<OrderedFloat<f32>>(), rounding_slack::<f32>());
    }

    proptest! {
        /// Float costs, in eighths so that sums are exact: the open list
        /// (a radix heap by the floats' bits, a binary heap once an entry
        /// comes in below the last taken) takes the `(f, g)` a binary heap
        /// takes, every time, whether or not the search is monotone.
        #[test]
        fn float_entries_come_out_as_from_a_binary_heap(
            starts in prop::collection::vec((0u32..1_000, 0u32..1_000), 1..8),
            children in prop::collection::vec(prop::collection::vec((0u32..4, 0u32..5_000), 0..4), 0..300),
        ) {
            let eighths = |n: u32| f64::from(n) / 8.0;
            let mut meter = Meter::new(u64::MAX);
            let mut open = OpenList::new();
            open.reset();
            prop_assert!(matches!(open, OpenList::Radix(_)));
            let mut heap = BinaryHeap::new();
            let mut node = 0;
            for &(f, g) in &starts {
                let entry = Open { f: eighths(f), g: eighths(g.min(f)), node };
                node += 1;
                open.push(&mut meter, entry).unwrap();
                heap.push(entry);
            }
            let mut children = children.into_iter();
            while let Some(expected) = heap.pop() {
                let taken = open.pop(&mut meter).unwrap().expect("as many entries");
                prop_assert_eq!((taken.f, taken.g), (expected.f, expected.g));
                prop_assert_eq!(open.len(), heap.len());
                for (kind, step) in children.next().unwrap_or_default() {
                    let step = eighths(step);
                    let (f, g) = match kind {
                        // Same `f` and deeper, a larger `f`, or (rarely, an
                        // inconsistent estimate) a smaller one.
                        0 => (taken.f, taken.g + step.min(taken.f - taken.g)),
                        1 | 2 => (taken.f + step, taken.g + step / 2.0),
                        _ => ((taken.f - step).max(taken.g), taken.g),
                    };
                    let entry = Open { f, g, node };
                    node += 1;
                    open.push(&mut meter, entry).unwrap();
                    heap.push(entry);
                }
            }
            prop_assert!(open.pop(&mut meter).unwrap().is_none());
        }
    }

    #[test]
    fn a_float_below_the_last_by_rounding_alone_is_taken_as_equal() {
        let mut meter = Meter::new(u64::MAX);
        let mut open = OpenList::new();
        open.reset();
        let entry = |f: f64, g: f64, node| Open { f, g, node };
        open.push(&mut meter, entry(3.0, 1.0, 0)).unwrap();
        open.push(&mut meter, entry(5.0, 1.0, 1)).unwrap();
        assert_eq!(open.pop(&mut meter).unwrap().map(|o| o.node), Some(0));
        // An ulp below the last `f` taken: still a radix heap, taken next.
        let below = f64::from_bits(3.0_f64.to_bits() - 1);
        open.push(&mut meter, entry(below, 2.0, 2)).unwrap();
        assert!(matches!(open, OpenList::Radix(_)));
        assert_eq!(open.pop(&mut meter).unwrap().map(|o| o.node), Some(2));
        // Far below: a binary heap from now on, in the same order.
        open.push(&mut meter, entry(1.0, 0.5, 3)).unwrap();
        assert!(matches!(open, OpenList::Heap(_)));
        let order: Vec<u32> =
            std::iter::from_fn(|| open.pop(&mut meter).unwrap().map(|o| o.node)).collect();
        assert_eq!(order, [3, 1]);
    }
}
