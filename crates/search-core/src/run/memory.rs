//! The memory budget of one search, and allocation that fails with an
//! error instead of aborting the process.
//!
//! Every table a search grows goes through a [`Meter`]: before a vector or a
//! hash table grows, the meter adds the bytes it is about to take to what
//! the search holds, refuses when the sum would pass
//! [`Limits::max_memory`](crate::Limits::max_memory), and asks the allocator
//! with `try_reserve`, so that a machine that cannot give the memory yields
//! an [`ErrorKind::AllocationFailed`](crate::ErrorKind::AllocationFailed)
//! rather than an abort. Growth is rare (each table at least doubles), so
//! the check costs nothing measurable per state.

use std::collections::BinaryHeap;
use std::mem::size_of;

use crate::error::Error;
use crate::error::Limit;

/// Hash tables with room for fewer entries than this grow fourfold, not
/// twofold ([`Meter::grown_capacity`]): rehashing a growing table was a
/// sixth of a one-shot bidirectional search of the 8-puzzle, and below
/// this size the larger step costs at most a few megabytes.
pub(crate) const FOURFOLD_BELOW: usize = 1 << 16;

/// The bytes a search holds, against its budget.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Meter {
    used: u64,
    limit: u64,
}

impl Meter {
    pub(crate) fn new(limit: u64) -> Meter {
        Meter { used: 0, limit }
    }

    /// Starts counting again from nothing, against `limit`.
    pub(crate) fn restart(&mut self, limit: u64) {
        *self = Meter::new(limit);
    }

    /// The bytes counted so far.
    pub(crate) fn used(&self) -> u64 {
        self.used
    }

    pub(crate) fn limit(&self) -> u64 {
        self.limit
    }

    /// Whether `bytes` more would stay within the budget.
    pub(crate) fn fits(&self, bytes: u64) -> bool {
        self.used.saturating_add(bytes) <= self.limit
    }

    /// Gives back `bytes` charged before: a table freed or shrunk.
    pub(crate) fn release(&mut self, bytes: u64) {
        self.used = self.used.saturating_sub(bytes);
    }

    /// Counts a table that held `before` bytes as holding `after` from now
    /// on: it was replaced by one that [`fits`](Meter::fits) was asked
    /// about.
    pub(crate) fn recount(&mut self, before: u64, after: u64) {
        self.used = self.used.saturating_sub(before).saturating_add(after);
    }

    /// Counts `bytes` more, or fails when they would pass the budget.
    pub(crate) fn charge(&mut self, bytes: u64) -> Result<(), Error> {
        if !self.fits(bytes) {
            return Err(Error::limit(Limit::Memory(self.limit)));
        }
        self.used += bytes;
        Ok(())
    }

    /// Counts the `bytes` a state owns on the heap
    /// ([`Successors::heap_bytes`](crate::Successors::heap_bytes)), which
    /// a store is about to keep, or fails when they would pass the budget.
    /// Free for the states that own none.
    #[inline]
    pub(crate) fn charge_heap(&mut self, bytes: usize) -> Result<(), Error> {
        if bytes == 0 { Ok(()) } else { self.charge(bytes as u64) }
    }

    /// Pushes `value`, growing `vec` within the budget when it is full.
    #[inline]
    pub(crate) fn push<T>(&mut self, vec: &mut Vec<T>, value: T) -> Result<(), Error> {
        if vec.len() == vec.capacity() {
            self.grow(vec)?;
        }
        vec.push(value);
        Ok(())
    }

    /// Doubles `vec`'s capacity, or fails without touching it.
    #[cold]
    fn grow<T>(&mut self, vec: &mut Vec<T>) -> Result<(), Error> {
        let capacity = vec.capacity();
        let target = capacity.saturating_mul(2).max(8);
        let bytes = bytes_of::<T>(target - capacity);
        self.charge(bytes)?;
        vec.try_reserve_exact(target - vec.len()).map_err(|_| {
            self.used -= bytes;
            Error::allocation_failed(bytes)
        })
    }

    /// Pushes `value` onto `heap`, growing it within the budget when full.
    #[expect(
        clippy::inline_always,
        reason = "out of line, the value went through memory and waited there for the caller's cache misses: a quarter of Dijkstra's time on a grid, under perf"
    )]
    #[inline(always)]
    pub(crate) fn push_heap<T: Ord>(
        &mut self,
        heap: &mut BinaryHeap<T>,
        value: T,
    ) -> Result<(), Error> {
        if heap.len() == heap.capacity() {
            self.grow_heap(heap)?;
        }
        heap.push(value);
        Ok(())
    }

    /// Grows a full `heap` within the budget.
    #[cold]
    fn grow_heap<T: Ord>(&mut self, heap: &mut BinaryHeap<T>) -> Result<(), Error> {
        // A heap is a vector in heap order: grow the vector, then put it
        // back, which costs one pass per doubling.
        let mut items = std::mem::take(heap).into_vec();
        let grown = self.grow(&mut items);
        *heap = BinaryHeap::from(items);
        grown
    }

    /// The capacity a full hash table of `capacity` entries, each slot of
    /// which takes `bytes(slots)`, grows to: fourfold while it is small
    /// and the budget has room for the new table beside the old (both are
    /// alive while it rehashes), so that a search rehashes fewer entries
    /// on its way up; else twofold, at least 16.
    pub(crate) fn grown_capacity(&self, capacity: usize, bytes: impl Fn(usize) -> u64) -> usize {
        let fourfold = capacity.saturating_mul(4).max(16);
        if capacity < FOURFOLD_BELOW && self.fits(bytes(fourfold)) {
            fourfold
        } else {
            capacity.saturating_mul(2).max(16)
        }
    }
}

/// The bytes the allocator gives up for a block of `bytes`: glibc's
/// `malloc` puts an 8-byte header before it and rounds the two up to 16
/// bytes, 32 at the least. What a state's heap bytes are counted as.
#[inline]
pub(crate) fn heap_block(bytes: usize) -> usize {
    (bytes + 8).next_multiple_of(16).max(32)
}

/// The bytes `count` values of `T` take.
pub(crate) fn bytes_of<T>(count: usize) -> u64 {
    (count as u64).saturating_mul(size_of::<T>() as u64)
}

/// A vector of `len` default values, within `meter`'s budget.
///
/// # Errors
///
/// When the budget is too small, or the allocator refuses.
pub(crate) fn filled_vec<T: Clone>(
    meter: &mut Meter,
    len: usize,
    value: T,
) -> Result<Vec<T>, Error> {
    let bytes = bytes_of::<T>(len);
    meter.charge(bytes)?;
    let mut vec = Vec::new();
    vec.try_reserve_exact(len).map_err(|_| {
        meter.used -= bytes;
        Error::allocation_failed(bytes)
    })?;
    vec.resize(len, value);
    Ok(vec)
}

/// An empty vector with room for `len` values, for what a search hands
/// back (a path) rather than keeps: not counted against the budget, but
/// refused by the allocator as an error, not an abort.
///
/// # Errors
///
/// When the allocator refuses.
pub(crate) fn reserved_vec<T>(len: usize) -> Result<Vec<T>, Error> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len).map_err(|_| Error::allocation_failed(bytes_of::<T>(len)))?;
    Ok(vec)
}

#[cfg(test)]
mod tests {
    use crate::error::ErrorKind;
    use crate::run::memory::*;

    #[test]
    fn vectors_grow_until_the_budget_runs_out() {
        let mut meter = Meter::new(1024);
        let mut vec: Vec<u64> = Vec::new();
        let mut pushed = 0;
        while meter.push(&mut vec, 7).is_ok() {
            pushed += 1;
        }
        // Room for 8, 16, 32, 64 and 128 u64s: 1 KiB in all; 256 would not fit.
        assert_eq!(pushed, 128);
        assert_eq!(meter.used(), 1024);
    }

    #[test]
    fn a_table_larger_than_the_machine_is_an_error_not_an_abort() {
        let mut meter = Meter::new(u64::MAX);
        let error = filled_vec(&mut meter, 1 << 60, 0u64).unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::AllocationFailed { bytes } if *bytes == 1 << 63));
    }
}
