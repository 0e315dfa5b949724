//! [`Seen`]: the visited set of the searches that keep no parents, indexed
//! as a [`Tree`] is.

use hashbrown::HashTable;

use crate::error::Error;
use crate::run::context::Run;
use crate::run::limits::Limits;
use crate::run::memory::{Meter, bytes_of, filled_vec};
use crate::space::hash::hash_of;
use crate::space::traits::Successors;
use crate::store::batch::{Keyed, collect_run};
use crate::store::expand::{Expansion, Forwards};
use crate::store::index::{
    bit_is_set, bit_words, dense_bound, key_index, rank_index, reserve_one, set_bit, table_bytes,
};

#[derive(Clone, Debug)]
pub(crate) enum SeenIndex<S> {
    /// One bit per rank below `bound`.
    Dense {
        bits: Vec<u64>,
        bound: usize,
    },
    Hashed(HashTable<S>),
}

/// A visited set, for searches that need no parents.
#[derive(Clone, Debug)]
pub(crate) struct Seen<S> {
    index: SeenIndex<S>,
    len: usize,
}

impl<S: crate::State> Seen<S> {
    pub(crate) fn new() -> Seen<S> {
        Seen { index: SeenIndex::Hashed(HashTable::new()), len: 0 }
    }

    /// Empties the set for a search of `space`, as [`Tree::reset`] does.
    pub(crate) fn reset<G: Successors<State = S>>(
        &mut self,
        space: &G,
        limits: &Limits,
        meter: &mut Meter,
    ) -> Result<(), Error> {
        self.len = 0;
        match (&mut self.index, dense_bound(space, limits, |b| bytes_of::<u64>(bit_words(b)))) {
            (SeenIndex::Dense { bits, bound }, Some(new)) if *bound == new => {
                bits.fill(0);
                meter.charge(bytes_of::<u64>(bits.capacity()))
            }
            (SeenIndex::Hashed(set), None) => {
                set.clear();
                // As for a tree: a table too large for this budget is given
                // back rather than kept.
                if table_bytes::<S>(set.capacity()) > limits.get_max_memory() / 2 {
                    *set = HashTable::new();
                }
                meter.charge(table_bytes::<S>(set.capacity()))
            }
            (index, Some(bound)) => {
                *index = SeenIndex::Hashed(HashTable::new());
                *index = SeenIndex::Dense { bits: filled_vec(meter, bit_words(bound), 0)?, bound };
                Ok(())
            }
            (index, None) => {
                *index = SeenIndex::Hashed(HashTable::new());
                Ok(())
            }
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Whether `state` has been seen.
    pub(crate) fn contains<G: Successors<State = S>>(&self, space: &G, state: &S) -> bool {
        match &self.index {
            SeenIndex::Dense { bits, .. } => bit_is_set(bits, rank_index(space, state)),
            SeenIndex::Hashed(set) => set.find(hash_of(state), |other| other == state).is_some(),
        }
    }

    /// What the set looks `state` up by: its rank in a set of bits, its
    /// hash in a hashed one.
    #[inline]
    pub(crate) fn key_of<G: Successors<State = S>>(&self, space: &G, state: &S) -> u64 {
        match &self.index {
            SeenIndex::Dense { .. } => rank_index(space, state) as u64,
            SeenIndex::Hashed(_) => hash_of(state),
        }
    }

    /// Collects the successors of the first of `states` into `out`, each
    /// with its [key](Seen::key_of) and its move, and what each state gave
    /// into `expansions`; both are emptied first. A run ends after
    /// `longest` states ([`run_length`]) or once it holds
    /// [`RUN_SUCCESSORS`] successors: `expansions.len()` tells how many
    /// states it took.
    ///
    /// Why a search expands a run of states before it stores any of their
    /// successors: the inserts ([`insert_keyed`](Seen::insert_keyed)) then
    /// follow one another with nothing between them, their keys known, so
    /// the processor runs ahead and overlaps their cache misses. Expanding
    /// and storing state by state, the successor function's work sits
    /// between two inserts and each miss waits for the one before: `perf`
    /// put 70% of the 2x5 puzzle's hashed enumeration (1.8 M states, a
    /// 16 MB table) on one load in the insert.
    pub(crate) fn collect_keyed<G: Successors<State = S>>(
        &self,
        space: &G,
        states: &[S],
        longest: usize,
        out: &mut Vec<Keyed<S, G::Move>>,
        expansions: &mut Vec<Expansion>,
        run: &mut Run<'_>,
    ) -> Result<(), Error> {
        let states = states.iter().map(|state| (state, None));
        let key_of = |state: &S| self.key_of(space, state);
        collect_run(&Forwards(space), states, longest, key_of, out, expansions, run)
    }

    /// Marks `state` seen; true when it was not seen before.
    pub(crate) fn insert<G: Successors<State = S>>(
        &mut self,
        space: &G,
        limits: &Limits,
        meter: &mut Meter,
        state: &S,
    ) -> Result<bool, Error> {
        let key = self.key_of(space, state);
        self.insert_keyed(space, limits, meter, key, state)
    }

    /// Marks `state`, whose [key](Seen::key_of) is `key`, seen; true when
    /// it was not seen before.
    #[expect(
        clippy::inline_always,
        reason = "called once a successor: out of line, the call and its saved registers cost about a tenth of a hashed search, measured by callgrind when it was inlined"
    )]
    #[inline(always)]
    pub(crate) fn insert_keyed<G: Successors<State = S>>(
        &mut self,
        space: &G,
        limits: &Limits,
        meter: &mut Meter,
        key: u64,
        state: &S,
    ) -> Result<bool, Error> {
        match &mut self.index {
            SeenIndex::Dense { bits, bound } => {
                let rank = key_index(space, state, key, *bound)?;
                if bit_is_set(bits, rank) {
                    return Ok(false);
                }
                limits.check_states(self.len)?;
                set_bit(bits, rank);
            }
            SeenIndex::Hashed(set) => {
                reserve_one(meter, set, hash_of)?;
                // Two calls rather than one `entry`, as in `Tree`.
                if set.find(key, |other| other == state).is_some() {
                    return Ok(false);
                }
                limits.check_states(self.len)?;
                meter.charge_heap(space.heap_bytes(state))?;
                set.insert_unique(key, state.clone(), hash_of);
            }
        }
        self.len += 1;
        Ok(true)
    }
}
