//! How a store indexes states: a bit or a node id a rank when a flat table
//! fits half the memory budget, else a hash table of node ids, grown
//! through the memory meter.

use hashbrown::HashTable;

use crate::error::Error;
use crate::run::limits::Limits;
use crate::run::memory::{Meter, bytes_of};
use crate::space::traits::{Ranking, Successors};

/// The node id that is no node: the parent of a root, and the first id
/// past the most a store holds.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// The space's rank count, when a flat table of `table_bytes(count)` bytes
/// takes at most half of the memory budget. Above that, a hash table,
/// which grows only with what the search stores, is the safer bet.
pub(crate) fn dense_bound<G: Successors>(
    space: &G,
    limits: &Limits,
    table_bytes: impl Fn(usize) -> u64,
) -> Option<usize> {
    let count = space.ranking()?.rank_count();
    usize::try_from(count).ok().filter(|&bound| table_bytes(bound) <= limits.get_max_memory() / 2)
}

pub(crate) fn bit_words(bound: usize) -> usize {
    bound.div_ceil(64)
}

/// Whether bit `rank` of a table of a bit per rank is set (not, past its
/// end): the one bit-set of `Tree` and `Seen`.
pub(crate) fn bit_is_set(bits: &[u64], rank: usize) -> bool {
    bits.get(rank / 64).is_some_and(|word| word & (1 << (rank % 64)) != 0)
}

/// Sets bit `rank`, which must be below the table's bound.
pub(crate) fn set_bit(bits: &mut [u64], rank: usize) {
    bits[rank / 64] |= 1 << (rank % 64);
}

/// The rank of `state` as an index, or `usize::MAX` (past every table) for
/// a space without ranks or a rank no index could reach.
pub(crate) fn rank_index<G: Successors>(space: &G, state: &G::State) -> usize {
    space
        .ranking()
        .and_then(|ranking| usize::try_from(ranking.rank(state)).ok())
        .unwrap_or(usize::MAX)
}

/// The rank `key` of `state` as an index, checked to be below the table's
/// `bound`.
#[inline]
pub(crate) fn key_index<G: Successors>(
    space: &G,
    state: &G::State,
    key: u64,
    bound: usize,
) -> Result<usize, Error> {
    match usize::try_from(key) {
        Ok(rank) if rank < bound => Ok(rank),
        _ => Err(out_of_bounds(space, state, bound)),
    }
}

/// The error of a `state` whose rank is not below the table's `bound`.
#[cold]
pub(crate) fn out_of_bounds<G: Successors>(space: &G, state: &G::State, bound: usize) -> Error {
    let reported = space.ranking().map_or(u64::MAX, |ranking| ranking.rank(state));
    Error::rank_out_of_bounds(reported, bound as u64)
}

/// The bytes of a hash table of `capacity` entries of `T`: an entry and a
/// control byte each, in about 8/7 as many buckets.
pub(crate) fn table_bytes<T>(capacity: usize) -> u64 {
    (bytes_of::<T>(capacity) + capacity as u64) * 8 / 7
}

/// Makes room for one more entry in `table` within the budget `meter`
/// keeps: the growth ([`Meter::grown_capacity`]) is counted before it is
/// asked for, and refused when it would pass the budget or the machine
/// cannot give it. `rehash` gives an entry's hash again, for the move to
/// the larger table. After this, one insertion cannot reallocate.
#[inline]
pub(crate) fn reserve_one<T>(
    meter: &mut Meter,
    table: &mut HashTable<T>,
    rehash: impl Fn(&T) -> u64,
) -> Result<(), Error> {
    reserve_room(meter, table, 1, rehash)
}

/// As [`reserve_one`], room for `additional` entries: one check for all
/// of a state's successors.
#[inline]
pub(crate) fn reserve_room<T>(
    meter: &mut Meter,
    table: &mut HashTable<T>,
    additional: usize,
    rehash: impl Fn(&T) -> u64,
) -> Result<(), Error> {
    while table.capacity() - table.len() < additional {
        grow_table(meter, table, &rehash)?;
    }
    Ok(())
}

/// Gives an empty `table` room for `capacity` entries when the budget
/// `meter` keeps has room for them, so that a search on a fresh cache does
/// not rehash its way up from nothing (a fifth of a one-shot bidirectional
/// search's time on the 8-puzzle, under `perf`); otherwise leaves it to
/// grow.
pub(crate) fn presize_table<T>(meter: &mut Meter, table: &mut HashTable<T>, capacity: usize) {
    if !table.is_empty() || table.capacity() >= capacity {
        return;
    }
    let before = table_bytes::<T>(table.capacity());
    let fits = meter.fits(table_bytes::<T>(capacity).saturating_sub(before));
    // An empty table rehashes nothing: the hasher is never called.
    if fits && table.try_reserve(capacity, |_| 0).is_ok() {
        meter.recount(before, table_bytes::<T>(table.capacity()));
    }
}

#[cold]
pub(crate) fn grow_table<T>(
    meter: &mut Meter,
    table: &mut HashTable<T>,
    rehash: impl Fn(&T) -> u64,
) -> Result<(), Error> {
    let before = table_bytes::<T>(table.capacity());
    // While the table rehashes, the old and the new copies are both alive.
    let target = meter.grown_capacity(table.capacity(), table_bytes::<T>);
    let estimate = table_bytes::<T>(target);
    meter.charge(estimate)?;
    let grown = table.try_reserve(target - table.len(), rehash);
    meter.release(estimate);
    grown.map_err(|_| Error::allocation_failed(estimate))?;
    meter.release(before);
    meter.charge(table_bytes::<T>(table.capacity()))
}

/// Node ids are `u32` to keep nodes small; a search never stores 2^32 states
/// because [`Limits`] stops it long before.
#[inline]
pub(crate) fn node_id(index: usize) -> Result<u32, Error> {
    u32::try_from(index)
        .ok()
        .filter(|&id| id < NO_PARENT - 1)
        .ok_or_else(|| Error::limit(crate::Limit::States(index)))
}

#[cfg(test)]
mod tests {
    use crate::space::hash::hash_of;
    use crate::store::index::*;

    type Entry = (u64, u32);

    fn rehash(entry: &Entry) -> u64 {
        hash_of(&entry.0)
    }

    /// Fills `table` with `up_to` keys, making room through `meter` one
    /// entry at a time; the capacities it passes through.
    fn capacities(meter: &mut Meter, table: &mut HashTable<Entry>, up_to: u64) -> Vec<usize> {
        let mut seen = vec![table.capacity()];
        for key in 0..up_to {
            reserve_one(meter, table, rehash).expect("within the budget");
            table.insert_unique(hash_of(&key), (key, 0), rehash);
            if table.capacity() != seen[seen.len() - 1] {
                seen.push(table.capacity());
            }
        }
        seen
    }

    #[test]
    fn small_tables_grow_fourfold_large_ones_and_tight_budgets_twofold() {
        let mut meter = Meter::new(u64::MAX);
        let mut table = HashTable::new();
        let seen = capacities(&mut meter, &mut table, 300_000);
        // hashbrown's capacity is 7/8 of a power of two of buckets.
        assert_eq!(seen, [0, 28, 112, 448, 1_792, 7_168, 28_672, 114_688, 229_376, 458_752]);
        assert_eq!(meter.used(), table_bytes::<Entry>(458_752));
        // With room for a table of 28,672 (and the old one while it
        // rehashes) but not of 114,688, the full table doubles instead.
        let limit = table_bytes::<Entry>(28_672) + table_bytes::<Entry>(57_344);
        let mut meter = Meter::new(limit);
        let mut table = HashTable::new();
        let seen = capacities(&mut meter, &mut table, 50_000);
        assert_eq!(seen[seen.len() - 2..], [28_672, 57_344]);
    }

    #[test]
    fn tables_are_counted_as_they_grow_and_refused_past_the_budget() {
        let mut meter = Meter::new(u64::MAX);
        let mut table = HashTable::new();
        capacities(&mut meter, &mut table, 1_000);
        let held = table_bytes::<Entry>(table.capacity());
        assert_eq!(meter.used(), held);
        let mut small = Meter::new(held / 2);
        let mut table = HashTable::new();
        let mut inserted = 0u64;
        while reserve_one(&mut small, &mut table, rehash).is_ok() {
            table.insert_unique(hash_of(&inserted), (inserted, 0), rehash);
            inserted += 1;
        }
        assert!(inserted > 100 && inserted < 1_000, "{inserted}");
        assert!(small.used() <= held / 2);
        // A budget with no room for any table refuses the first entry.
        let mut meter = Meter::new(table_bytes::<Entry>(8));
        let mut table: HashTable<Entry> = HashTable::new();
        assert!(reserve_one(&mut meter, &mut table, rehash).is_err());
        assert_eq!((table.capacity(), meter.used()), (0, 0));
    }

    #[test]
    fn room_for_many_entries_is_made_at_once() {
        let mut meter = Meter::new(u64::MAX);
        let mut table: HashTable<Entry> = HashTable::new();
        reserve_room(&mut meter, &mut table, 1_000, rehash).expect("within the budget");
        assert!(table.capacity() >= 1_000, "{}", table.capacity());
        assert_eq!(meter.used(), table_bytes::<Entry>(table.capacity()));
    }

    #[test]
    fn an_empty_table_is_presized_only_within_the_budget() {
        let mut meter = Meter::new(u64::MAX);
        let mut table: HashTable<Entry> = HashTable::new();
        presize_table(&mut meter, &mut table, 4_096);
        assert!(table.capacity() >= 4_096, "{}", table.capacity());
        assert_eq!(meter.used(), table_bytes::<Entry>(table.capacity()));
        let mut meter = Meter::new(table_bytes::<Entry>(1_000));
        let mut table: HashTable<Entry> = HashTable::new();
        presize_table(&mut meter, &mut table, 4_096);
        assert_eq!((table.capacity(), meter.used()), (0, 0));
    }
}
