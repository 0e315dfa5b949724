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

use std::collections::{BinaryHeap, HashMap, HashSet};
use std::hash::{BuildHasher, Hash};
use std::mem::size_of;

use crate::error::Error;
use crate::limits::Limit;

/// Hash tables with room for fewer entries than this grow fourfold, not
/// twofold ([`Meter::grown_capacity`]): rehashing a growing table was a
/// sixth of a one-shot bidirectional search of the 8-puzzle, and below
/// this size the larger step costs at most a few megabytes.
const FOURFOLD_BELOW: usize = 1 << 16;

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

    /// Whether `bytes` more would stay within the budget.
    pub(crate) fn fits(&self, bytes: u64) -> bool {
        self.used.saturating_add(bytes) <= self.limit
    }

    /// Gives back `bytes` charged before: a table freed or shrunk.
    pub(crate) fn release(&mut self, bytes: u64) {
        self.used = self.used.saturating_sub(bytes);
    }

    /// Counts `bytes` more, or fails when they would pass the budget.
    pub(crate) fn charge(&mut self, bytes: u64) -> Result<(), Error> {
        if !self.fits(bytes) {
            return Err(Error::limit(Limit::Memory(self.limit)));
        }
        self.used += bytes;
        Ok(())
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
    #[inline]
    pub(crate) fn push_heap<T: Ord>(
        &mut self,
        heap: &mut BinaryHeap<T>,
        value: T,
    ) -> Result<(), Error> {
        if heap.len() == heap.capacity() {
            // A heap is a vector in heap order: grow the vector, then put
            // it back, which costs one pass per doubling.
            let mut items = std::mem::take(heap).into_vec();
            let grown = self.grow(&mut items);
            *heap = BinaryHeap::from(items);
            grown?;
        }
        heap.push(value);
        Ok(())
    }

    /// Makes room in `table` for one more entry, within the budget.
    #[inline]
    pub(crate) fn reserve_entry<T: HashTable>(&mut self, table: &mut T) -> Result<(), Error> {
        if table.len() == table.capacity() {
            self.grow_table(table)?;
        }
        Ok(())
    }

    /// Gives an empty `table` room for `capacity` entries when the budget
    /// has room for them, so that a search on a fresh cache does not
    /// rehash its way up from nothing (a fifth of a one-shot bidirectional
    /// search's time on the 8-puzzle, under `perf`); otherwise leaves it to
    /// grow.
    pub(crate) fn presize<T: HashTable>(&mut self, table: &mut T, capacity: usize) {
        let before = T::bytes(table.capacity());
        let fits =
            self.used.saturating_sub(before).saturating_add(T::bytes(capacity)) <= self.limit;
        if table.capacity() < capacity && fits && table.try_reserve_more(capacity - table.len()) {
            self.used = self.used.saturating_sub(before) + T::bytes(table.capacity());
        }
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

    #[cold]
    fn grow_table<T: HashTable>(&mut self, table: &mut T) -> Result<(), Error> {
        let held = self.used;
        let before = T::bytes(table.capacity());
        let target = self.grown_capacity(table.capacity(), T::bytes);
        let estimate = T::bytes(target);
        self.charge(estimate)?;
        if !table.try_reserve_more(target - table.len()) {
            self.used = held;
            return Err(Error::allocation_failed(estimate));
        }
        // The old table is freed: count what the new one really takes.
        self.used = held.saturating_sub(before) + T::bytes(table.capacity());
        Ok(())
    }
}

/// The standard library's hash tables, as the meter sees them.
pub(crate) trait HashTable {
    fn len(&self) -> usize;
    fn capacity(&self) -> usize;
    /// Room for `additional` more entries; false when the allocator
    /// refuses.
    fn try_reserve_more(&mut self, additional: usize) -> bool;
    /// The bytes a table with room for `capacity` entries takes.
    fn bytes(capacity: usize) -> u64;
}

impl<K: Eq + Hash, V, H: BuildHasher> HashTable for HashMap<K, V, H> {
    fn len(&self) -> usize {
        HashMap::len(self)
    }
    fn capacity(&self) -> usize {
        HashMap::capacity(self)
    }
    fn try_reserve_more(&mut self, additional: usize) -> bool {
        self.try_reserve(additional).is_ok()
    }
    fn bytes(capacity: usize) -> u64 {
        map_bytes::<K, V>(capacity)
    }
}

impl<K: Eq + Hash, H: BuildHasher> HashTable for HashSet<K, H> {
    fn len(&self) -> usize {
        HashSet::len(self)
    }
    fn capacity(&self) -> usize {
        HashSet::capacity(self)
    }
    fn try_reserve_more(&mut self, additional: usize) -> bool {
        self.try_reserve(additional).is_ok()
    }
    fn bytes(capacity: usize) -> u64 {
        map_bytes::<K, ()>(capacity)
    }
}

/// The bytes `count` values of `T` take.
pub(crate) fn bytes_of<T>(count: usize) -> u64 {
    (count as u64).saturating_mul(size_of::<T>() as u64)
}

/// The bytes a hash table with room for `capacity` entries takes: buckets
/// are at most 7/8 full, and each has a control byte beside its entry.
pub(crate) fn map_bytes<K, V>(capacity: usize) -> u64 {
    let buckets = (capacity as u64).saturating_mul(8) / 7;
    buckets.saturating_mul(size_of::<(K, V)>() as u64 + 1)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

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

    #[test]
    fn maps_are_counted_as_they_grow() {
        let mut meter = Meter::new(u64::MAX);
        let mut map = HashMap::new();
        for key in 0..1000u32 {
            meter.reserve_entry(&mut map).unwrap();
            map.insert(key, key);
        }
        let held = map_bytes::<u32, u32>(map.capacity());
        assert_eq!(meter.used(), held);
        let mut small = Meter::new(held / 2);
        let mut map = HashMap::new();
        let mut inserted = 0u32;
        while small.reserve_entry(&mut map).is_ok() {
            map.insert(inserted, inserted);
            inserted += 1;
        }
        assert!(inserted > 100 && inserted < 1000, "{inserted}");
    }

    /// Fills `map` to its capacity, growing it through `meter` once it is
    /// full; the capacities it passes through.
    fn capacities(meter: &mut Meter, map: &mut HashMap<u64, u32>, up_to: usize) -> Vec<usize> {
        let mut seen = vec![map.capacity()];
        for key in 0..up_to as u64 {
            meter.reserve_entry(map).unwrap();
            map.insert(key, 0);
            if map.capacity() != seen[seen.len() - 1] {
                seen.push(map.capacity());
            }
        }
        seen
    }

    #[test]
    fn small_tables_grow_fourfold_large_ones_and_tight_budgets_twofold() {
        let mut meter = Meter::new(u64::MAX);
        let mut map = HashMap::new();
        map.reserve(7);
        let seen = capacities(&mut meter, &mut map, 300_000);
        // hashbrown's capacity is 7/8 of a power of two of buckets.
        assert_eq!(seen, [7, 28, 112, 448, 1_792, 7_168, 28_672, 114_688, 229_376, 458_752]);
        assert_eq!(meter.used(), map_bytes::<u64, u32>(458_752));
        // With room for a table of 28,672 (and the old one while it
        // rehashes) but not of 114,688, the full table doubles instead.
        let limit = map_bytes::<u64, u32>(28_672) + map_bytes::<u64, u32>(57_344);
        let mut meter = Meter::new(limit);
        let mut map = HashMap::new();
        map.reserve(7);
        let seen = capacities(&mut meter, &mut map, 50_000);
        assert_eq!(seen[seen.len() - 2..], [28_672, 57_344]);
    }

    #[test]
    fn an_empty_table_grows_within_the_budget() {
        let mut meter = Meter::new(u64::MAX);
        let mut map: HashMap<u64, u32> = HashMap::new();
        assert_eq!(map.capacity(), 0);
        meter.reserve_entry(&mut map).unwrap();
        assert!(map.capacity() >= 16, "{}", map.capacity());
        assert_eq!(meter.used(), map_bytes::<u64, u32>(map.capacity()));
        // A budget that has no room for any table refuses the first entry.
        let mut meter = Meter::new(map_bytes::<u64, u32>(8));
        let mut map: HashMap<u64, u32> = HashMap::new();
        assert!(meter.reserve_entry(&mut map).is_err());
        assert_eq!((map.capacity(), meter.used()), (0, 0));
    }
}
