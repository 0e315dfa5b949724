//! A*'s open list: the entry of smallest `f` first, and among equal `f` the
//! largest `g`. Integer costs small enough go in buckets, one stack per
//! `(f, g)`, where a push and a pop cost O(1); other costs, or an `f` past
//! the buckets, in a binary heap. A binary heap's pops were a third of A*'s
//! time on the 8-puzzle.

use std::any::Any;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::error::Error;
use crate::run::memory::{Meter, bytes_of};
use crate::space::weighted::Cost;

/// An entry of the open list: the smallest `f` first, and among equal `f`
/// the largest `g`, which is the deepest node and the nearest to a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Open<C> {
    pub(crate) f: C,
    pub(crate) g: C,
    pub(crate) node: u32,
}

impl<C: Ord> Ord for Open<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        other.f.cmp(&self.f).then_with(|| self.g.cmp(&other.g))
    }
}

impl<C: Ord> PartialOrd for Open<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Buckets hold `f` and `g` below this: at most 256 x 256 stacks, 1.5 MB
/// of empty vectors at worst; unit-cost puzzles stay far below.
const BUCKETS: usize = 256;

/// An integer cost as a bucket index, if it is one and small enough.
fn bucket<C: Cost>(value: &C) -> Option<usize> {
    let any = value as &dyn Any;
    let index = if let Some(&v) = any.downcast_ref::<u32>() {
        usize::try_from(v).ok()
    } else if let Some(&v) = any.downcast_ref::<u64>() {
        usize::try_from(v).ok()
    } else if let Some(&v) = any.downcast_ref::<usize>() {
        Some(v)
    } else if let Some(&v) = any.downcast_ref::<u16>() {
        Some(usize::from(v))
    } else if let Some(&v) = any.downcast_ref::<u8>() {
        Some(usize::from(v))
    } else if let Some(&v) = any.downcast_ref::<i32>() {
        usize::try_from(v).ok()
    } else if let Some(&v) = any.downcast_ref::<i64>() {
        usize::try_from(v).ok()
    } else {
        None
    };
    index.filter(|&index| index < BUCKETS)
}

/// The open list, in buckets or in a heap.
pub(crate) enum OpenList<C> {
    Heap(BinaryHeap<Open<C>>),
    Buckets(Buckets<C>),
}

/// Entries by `f`, then by `g`.
pub(crate) struct Buckets<C> {
    rows: Vec<Row<C>>,
    /// No entry has a smaller `f`.
    lowest: usize,
    len: usize,
}

/// The entries of one `f`, a stack of nodes per `g`: the costs are the
/// bucket's, kept once, so an entry is 4 bytes instead of 12.
struct Row<C> {
    stacks: Vec<Stack<C>>,
    /// No stack at or above this `g` holds an entry.
    top: usize,
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
    /// an integer, keeping what it allocated.
    pub(crate) fn reset(&mut self) {
        let integer = bucket(&C::zero()).is_some();
        match self {
            OpenList::Buckets(buckets) if integer => {
                for row in &mut buckets.rows {
                    row.stacks.iter_mut().for_each(|stack| stack.nodes.clear());
                    row.top = 0;
                }
                buckets.lowest = 0;
                buckets.len = 0;
            }
            _ if integer => {
                *self = OpenList::Buckets(Buckets { rows: Vec::new(), lowest: 0, len: 0 });
            }
            OpenList::Heap(heap) => heap.clear(),
            OpenList::Buckets(_) => *self = OpenList::Heap(BinaryHeap::new()),
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, meter: &mut Meter, open: Open<C>) -> Result<(), Error> {
        match self {
            OpenList::Heap(heap) => meter.push_heap(heap, open),
            OpenList::Buckets(buckets) => {
                if let (Some(f), Some(g)) = (bucket(&open.f), bucket(&open.g)) {
                    return buckets.push(meter, f, g, open);
                }
                let heap = buckets.drain_to_heap(meter, open)?;
                *self = OpenList::Heap(heap);
                Ok(())
            }
        }
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Open<C>> {
        match self {
            OpenList::Heap(heap) => heap.pop(),
            OpenList::Buckets(buckets) => buckets.pop(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            OpenList::Heap(heap) => heap.len(),
            OpenList::Buckets(buckets) => buckets.len,
        }
    }
}

impl<C: Copy> Buckets<C> {
    /// Moves every entry to a heap, with `open`, whose `f` or `g` is past
    /// the buckets.
    #[cold]
    fn drain_to_heap(
        &mut self,
        meter: &mut Meter,
        open: Open<C>,
    ) -> Result<BinaryHeap<Open<C>>, Error>
    where
        C: Ord,
    {
        let bytes = bytes_of::<Open<C>>(self.len + 1);
        meter.charge(bytes)?;
        let mut entries = Vec::new();
        entries.try_reserve_exact(self.len + 1).map_err(|_| Error::allocation_failed(bytes))?;
        for row in &mut self.rows {
            for stack in &mut row.stacks {
                if let Some((f, g)) = stack.costs {
                    entries.extend(stack.nodes.drain(..).map(|node| Open { f, g, node }));
                }
            }
        }
        entries.push(open);
        Ok(BinaryHeap::from(entries))
    }

    #[inline]
    fn push(&mut self, meter: &mut Meter, f: usize, g: usize, open: Open<C>) -> Result<(), Error> {
        if self.rows.len() <= f {
            self.rows.resize_with(f + 1, || Row { stacks: Vec::new(), top: 0 });
        }
        let row = &mut self.rows[f];
        if row.stacks.len() <= g {
            row.stacks.resize_with(g + 1, || Stack { costs: None, nodes: Vec::new() });
        }
        let stack = &mut row.stacks[g];
        stack.costs = Some((open.f, open.g));
        meter.push(&mut stack.nodes, open.node)?;
        row.top = row.top.max(g + 1);
        self.lowest = self.lowest.min(f);
        self.len += 1;
        Ok(())
    }

    #[inline]
    fn pop(&mut self) -> Option<Open<C>> {
        while let Some(row) = self.rows.get_mut(self.lowest) {
            while row.top > 0 {
                let stack = &mut row.stacks[row.top - 1];
                if let (Some(node), Some((f, g))) = (stack.nodes.pop(), stack.costs) {
                    self.len -= 1;
                    return Some(Open { f, g, node });
                }
                row.top -= 1;
            }
            self.lowest += 1;
        }
        None
    }
}
