//! [`Tree`]: each stored state once, with its parent and the move that
//! reached it, indexed by rank or by a hash table of node ids; the index
//! is chosen when the tree is reset, from the space's ranking and the
//! memory budget, and a dropped tree leaves its hash table to the next.

use std::cell::Cell;
use std::ops::Range;

use hashbrown::HashTable;

use crate::error::Error;
use crate::path::Path;
use crate::run::context::Run;
use crate::run::limits::Limits;
use crate::run::memory::{Meter, bytes_of, filled_vec, reserved_vec};
use crate::space::hash::hash_of;
use crate::space::traits::Successors;
use crate::store::batch::{Keyed, collect_run};
use crate::store::expand::{Expansion, Forwards, expand_into};
use crate::store::index::{
    bit_is_set, bit_words, dense_bound, grow_table, key_index, node_id, rank_index, set_bit,
    table_bytes,
};

/// The parent of a root, as the trees' users name it.
pub(crate) use crate::store::index::NO_PARENT;

/// A stored state with the edge that first reached it, and what the search
/// keeps beside it: nothing for the breadth-first searches, the best cost
/// found for the cheapest-path ones, whose relax then finds the state it
/// compares and the cost it updates in one place.
#[derive(Clone, Debug)]
pub(crate) struct Node<S, M, X> {
    state: S,
    parent: u32,
    mv: Option<M>,
    extra: X,
}

#[derive(Clone, Debug)]
pub(crate) enum NodeIndex {
    /// `slots[rank]` is one more than the node's id, or 0 when unseen.
    Dense(Vec<u32>),
    /// One bit per rank below `bound`: seen or not. Thirty-two times
    /// smaller than `Dense`, so it stays in cache, but it cannot give a
    /// node's id back.
    Bits { bits: Vec<u64>, bound: usize },
    /// Node ids, found by their states' hashes: 5 bytes an entry with its
    /// control byte, the state itself kept once, in the tree.
    Hashed(HashTable<u32>),
}

/// What a search needs from its tree's index, from which the tree picks a
/// store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lookup {
    /// Whether a state is stored, and its node id ([`Tree::find`]).
    Ids,
    /// Only whether a state is stored ([`Tree::contains`]).
    Seen,
    /// No index: the caller keeps its own and stores nodes with
    /// [`Tree::push`]. [`Tree::find`] and [`Tree::contains`] then know
    /// nothing.
    Unindexed,
}

/// What [`Tree::find_or_insert`] found.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Stored<M> {
    /// A new node, with its id.
    New(u32),
    /// The id of the node stored before, and the move that was not stored.
    Old(u32, M),
}

/// The largest hashed node index a dropped tree leaves to the next tree of
/// its thread: 4 MiB, which holds hashbrown's table of 458,752 ids (the
/// next size up, 917,504, takes 5.2 MB).
pub(crate) const SPARE_INDEX_BYTES: u64 = 4 << 20;

/// The largest table of node ids by rank a dropped one-shot tree leaves
/// to the next of its thread: 64 MiB, 16,777,216 ranks.
pub(crate) const SPARE_SLOTS_BYTES: u64 = 64 << 20;

thread_local! {
    /// A table of node ids by rank, all zero, that a dropped one-shot tree
    /// left behind for the next one-shot search of a space with as many
    /// ranks: a search of a numbered grid then clears the few slots it
    /// set instead of zeroing a fresh table (4 MB for a 1,000 x 1,000
    /// grid), page by page, each call.
    static SPARE_SLOTS: Cell<Option<Vec<u32>>> = const { Cell::new(None) };
    /// A hashed node index that a dropped tree left behind, empty, for the
    /// next one-shot search on this thread. Node ids are `u32` whatever the
    /// state type, so one spare serves every search; it lets a one-shot
    /// `bfs(...)` skip growing its index from nothing, whose rehashing
    /// alone took a seventh of a one-shot search of the 8-puzzle under
    /// `perf`.
    static SPARE_INDEX: Cell<Option<HashTable<u32>>> = const { Cell::new(None) };
}

/// The spare index of this thread, if there is one.
pub(crate) fn take_spare_index() -> HashTable<u32> {
    SPARE_INDEX.try_with(Cell::take).ok().flatten().unwrap_or_default()
}

/// Leaves `table`, emptied, as this thread's spare index, unless it is
/// larger than [`SPARE_INDEX_BYTES`] or no larger than the spare there is.
pub(crate) fn offer_spare_index(mut table: HashTable<u32>) {
    let capacity = table.capacity();
    if capacity == 0 || table_bytes::<u32>(capacity) > SPARE_INDEX_BYTES {
        return;
    }
    // Emptied here, at the end of the search that filled it, so that the
    // next search's reset finds it empty and pays nothing to clear it.
    table.clear();
    // During the thread's teardown the spare is gone: the table is freed.
    let _ = SPARE_INDEX.try_with(|spare| {
        let kept = spare.take();
        let larger = match kept {
            Some(kept) if kept.capacity() >= capacity => kept,
            _ => table,
        };
        spare.set(Some(larger));
    });
}

/// The spare table of node ids of this thread, if it has `len` slots;
/// one of another length stays for a search it fits.
fn take_spare_slots(len: usize) -> Option<Vec<u32>> {
    SPARE_SLOTS
        .try_with(|spare| {
            let kept = spare.take()?;
            if kept.len() == len {
                Some(kept)
            } else {
                spare.set(Some(kept));
                None
            }
        })
        .ok()
        .flatten()
}

/// Leaves `slots`, whose set entries are `touched` (or any, when `None`),
/// zeroed, as this thread's spare, unless it is larger than
/// [`SPARE_SLOTS_BYTES`].
fn offer_spare_slots(mut slots: Vec<u32>, touched: Option<&[usize]>) {
    if slots.is_empty() || bytes_of::<u32>(slots.len()) > SPARE_SLOTS_BYTES {
        return;
    }
    match touched {
        Some(touched) => touched.iter().for_each(|&rank| slots[rank] = 0),
        None => slots.fill(0),
    }
    let _ = SPARE_SLOTS.try_with(|spare| spare.set(Some(slots)));
}

/// A search tree: stored states in the order they were found, each with its
/// parent, the move from it and what the search keeps of it (`X`), and an
/// index from state to node id.
///
/// A node is its state, a 4-byte parent id, its move and its `X`, and the
/// index holds 4-byte ids, so a state is stored once. A dropped tree, or one
/// whose reset replaces its hashed index, leaves that index to its
/// thread's next one-shot search
/// ([`with_spare_index`](Tree::with_spare_index)).
#[derive(Clone, Debug)]
pub(crate) struct Tree<S, M, X = ()> {
    nodes: Vec<Node<S, M, X>>,
    index: NodeIndex,
    /// The slots of a node id table set since the last reset, while they
    /// are few (`None` once they are not): clearing those is cheaper than
    /// clearing the table, and stays right whatever space the next search
    /// ranks with.
    touched: Option<Vec<usize>>,
    /// Whether the tree serves one search ([`with_spare_index`]): its
    /// tables go to the next one-shot tree of its thread when dropped.
    one_shot: bool,
}

impl<S, M, X> Tree<S, M, X> {
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// What the search keeps of node `id`.
    #[inline]
    pub(crate) fn extra(&self, id: usize) -> &X {
        &self.nodes[id].extra
    }

    /// What the search keeps of node `id`, to change.
    #[inline]
    pub(crate) fn extra_mut(&mut self, id: usize) -> &mut X {
        &mut self.nodes[id].extra
    }
}

impl<S, M, X> Drop for Tree<S, M, X> {
    fn drop(&mut self) {
        match &mut self.index {
            NodeIndex::Hashed(table) => offer_spare_index(std::mem::take(table)),
            NodeIndex::Dense(slots) if self.one_shot => {
                offer_spare_slots(std::mem::take(slots), self.touched.as_deref());
            }
            _ => {}
        }
    }
}

impl<S: crate::State, M: Clone, X> Tree<S, M, X> {
    pub(crate) fn new() -> Tree<S, M, X> {
        Tree {
            nodes: Vec::new(),
            index: NodeIndex::Hashed(HashTable::new()),
            touched: Some(Vec::new()),
            one_shot: false,
        }
    }

    /// A tree that starts from its thread's spare index, for the one-shot
    /// searches, which run with default limits. The spare is counted
    /// against the budget like any table a tree keeps (at most 4 MiB of
    /// the default 4 GiB); a cache the caller makes, whose limits may be
    /// tight, starts from [`new`](Tree::new), so that its limits are
    /// reached where they always were.
    pub(crate) fn with_spare_index() -> Tree<S, M, X> {
        Tree {
            nodes: Vec::new(),
            index: NodeIndex::Hashed(take_spare_index()),
            touched: Some(Vec::new()),
            one_shot: true,
        }
    }

    /// Empties the tree for a search of `space`, keeping its allocations
    /// where they fit, and picks the index that `lookup` asks for: a flat
    /// array over every rank when the space has ranks and the array fits
    /// the budget, a hash table otherwise. What the tree keeps is counted
    /// in `meter`.
    pub(crate) fn reset<G: Successors<State = S, Move = M>>(
        &mut self,
        space: &G,
        lookup: Lookup,
        limits: &Limits,
        meter: &mut Meter,
    ) -> Result<(), Error> {
        let bound = match lookup {
            Lookup::Ids => dense_bound(space, limits, bytes_of::<u32>),
            Lookup::Seen => dense_bound(space, limits, |b| bytes_of::<u64>(bit_words(b))),
            Lookup::Unindexed => None,
        };
        let reused = match (&mut self.index, bound) {
            (NodeIndex::Dense(slots), Some(bound))
                if lookup == Lookup::Ids && slots.len() == bound =>
            {
                match &mut self.touched {
                    Some(touched) => touched.drain(..).for_each(|rank| slots[rank] = 0),
                    None => slots.fill(0),
                }
                true
            }
            // A bit table is an eighth of a byte per rank: clearing it whole
            // is cheap, and stays right when a `Bfs` moves to another space
            // with the same bound, whose ranks would not find the old bits.
            (NodeIndex::Bits { bits, bound: old }, Some(bound))
                if lookup == Lookup::Seen && *old == bound =>
            {
                bits.fill(0);
                true
            }
            (NodeIndex::Hashed(table), None) => {
                table.clear();
                true
            }
            _ => false,
        };
        self.nodes.clear();
        if !reused {
            let old = std::mem::replace(&mut self.index, NodeIndex::Hashed(HashTable::new()));
            if let NodeIndex::Hashed(table) = old {
                offer_spare_index(table);
            }
        }
        let mut touched = self.touched.take().unwrap_or_default();
        touched.clear();
        self.touched = Some(touched);
        // What an earlier, larger search left is kept for the next one
        // while it takes at most half the budget; past that it would
        // crowd the search it is kept for, so it is given back.
        if self.footprint() > limits.get_max_memory() / 2 {
            self.nodes = Vec::new();
            self.touched = Some(Vec::new());
            if let NodeIndex::Hashed(table) = &mut self.index {
                *table = HashTable::new();
            }
        }
        meter.charge(self.footprint())?;
        if !reused && let Some(bound) = bound {
            self.index = match lookup {
                Lookup::Ids => {
                    NodeIndex::Dense(match self.one_shot.then(|| take_spare_slots(bound)) {
                        Some(Some(kept)) => {
                            meter.charge(bytes_of::<u32>(bound))?;
                            kept
                        }
                        _ => filled_vec(meter, bound, 0)?,
                    })
                }
                _ => NodeIndex::Bits { bits: filled_vec(meter, bit_words(bound), 0)?, bound },
            };
        }
        Ok(())
    }

    /// The bytes the tree holds.
    fn footprint(&self) -> u64 {
        let touched = self.touched.as_ref().map_or(0, Vec::capacity);
        let index = match &self.index {
            NodeIndex::Dense(slots) => {
                bytes_of::<u32>(slots.capacity()) + bytes_of::<usize>(touched)
            }
            NodeIndex::Bits { bits, .. } => bytes_of::<u64>(bits.capacity()),
            NodeIndex::Hashed(table) => table_bytes::<u32>(table.capacity()),
        };
        index + bytes_of::<Node<S, M, X>>(self.nodes.capacity())
    }

    /// The state of node `id`.
    pub(crate) fn state(&self, id: usize) -> &S {
        &self.nodes[id].state
    }

    /// The states of nodes `from` on, in the order they were stored.
    pub(crate) fn states_from(&self, from: usize) -> impl Iterator<Item = &S> {
        self.nodes[from..].iter().map(|node| &node.state)
    }

    /// Gives node `id` a new parent and move: a cheaper way to it.
    pub(crate) fn reparent(&mut self, id: usize, parent: u32, mv: Option<M>) {
        let node = &mut self.nodes[id];
        node.parent = parent;
        node.mv = mv;
    }

    /// Stores `state` as a new node with `extra`, unindexed (for a tree
    /// whose caller keeps the index, or after the index was updated), and
    /// returns its id.
    #[inline]
    pub(crate) fn push_with(
        &mut self,
        meter: &mut Meter,
        state: S,
        parent: u32,
        mv: Option<M>,
        extra: X,
    ) -> Result<u32, Error> {
        let id = node_id(self.nodes.len())?;
        meter.push(&mut self.nodes, Node { state, parent, mv, extra })?;
        Ok(id)
    }

    /// What the tree's index looks `state` up by: its hash in a hashed
    /// index, its rank in one by rank (past every table for a rank no
    /// index could reach).
    #[inline]
    pub(crate) fn key_of<G: Successors<State = S, Move = M>>(&self, space: &G, state: &S) -> u64 {
        match &self.index {
            NodeIndex::Hashed(_) => hash_of(state),
            NodeIndex::Dense(_) | NodeIndex::Bits { .. } => rank_index(space, state) as u64,
        }
    }

    /// Collects the successors of the first nodes of `ids` into `out`, each
    /// with its [key](Tree::key_of) and its move, leaving out each node's
    /// parent, and what each node gave into `expansions`; both are emptied
    /// first. A run ends after `longest` nodes ([`run_length`]) or once it
    /// holds [`RUN_SUCCESSORS`] successors: `expansions.len()` tells how
    /// many nodes it took. [`Seen::collect_keyed`] says why a search
    /// expands a run of states before it stores their successors.
    pub(crate) fn collect_keyed<G: Successors<State = S, Move = M>>(
        &self,
        space: &G,
        ids: Range<usize>,
        longest: usize,
        out: &mut Vec<Keyed<S, M>>,
        expansions: &mut Vec<Expansion>,
        run: &mut Run<'_>,
    ) -> Result<(), Error> {
        let states = ids.map(|id| (&self.nodes[id].state, self.parent_state(id)));
        let key_of = |state: &S| self.key_of(space, state);
        collect_run(&Forwards(space), states, longest, key_of, out, expansions, run)
    }

    /// Stores `state` with `extra` unless it is already stored, and
    /// returns its new id.
    #[expect(clippy::too_many_arguments, reason = "a node's fields, and where it goes")]
    pub(crate) fn insert_with<G: Successors<State = S, Move = M>>(
        &mut self,
        space: &G,
        limits: &Limits,
        meter: &mut Meter,
        state: S,
        parent: u32,
        mv: Option<M>,
        extra: X,
    ) -> Result<Option<u32>, Error> {
        let key = self.key_of(space, &state);
        self.insert_keyed_with(space, limits, meter, parent, Keyed { key, state, mv }, extra)
    }

    /// Stores `child`, reached from node `parent`, unless its state is
    /// already stored, and returns its new id.
    #[expect(
        clippy::inline_always,
        reason = "called once a successor: out of line, the call and its saved registers cost about a tenth of a hashed search, measured by callgrind when it was inlined"
    )]
    #[inline(always)]
    pub(crate) fn insert_keyed_with<G: Successors<State = S, Move = M>>(
        &mut self,
        space: &G,
        limits: &Limits,
        meter: &mut Meter,
        parent: u32,
        child: Keyed<S, Option<M>>,
        extra: X,
    ) -> Result<Option<u32>, Error> {
        let NodeIndex::Bits { bits, bound } = &mut self.index else {
            return match self.find_or_insert_keyed(space, limits, meter, parent, child, extra)? {
                Stored::New(id) => Ok(Some(id)),
                Stored::Old(..) => Ok(None),
            };
        };
        let Keyed { key, state, mv } = child;
        let rank = key_index(space, &state, key, *bound)?;
        if bit_is_set(bits, rank) {
            return Ok(None);
        }
        limits.check_states(self.nodes.len())?;
        meter.charge_heap(space.heap_bytes(&state))?;
        set_bit(bits, rank);
        self.push_with(meter, state, parent, mv, extra).map(Some)
    }

    /// The id of `state` with one lookup: a new node reached from `parent`
    /// by `mv`, or the stored one, with `mv` handed back. For a tree that
    /// keeps ids (reset with [`Lookup::Ids`], or hashed).
    #[expect(
        clippy::inline_always,
        reason = "a link of the relax's chain, inlined with it: see `Policy::relax`"
    )]
    #[inline(always)]
    #[expect(clippy::too_many_arguments, reason = "a node's fields, and where it goes")]
    pub(crate) fn find_or_insert_with<G: Successors<State = S, Move = M>>(
        &mut self,
        space: &G,
        limits: &Limits,
        meter: &mut Meter,
        state: S,
        parent: u32,
        mv: Option<M>,
        extra: X,
    ) -> Result<Stored<Option<M>>, Error> {
        let key = self.key_of(space, &state);
        self.find_or_insert_keyed(space, limits, meter, parent, Keyed { key, state, mv }, extra)
    }

    /// [`find_or_insert`](Tree::find_or_insert) of a `child` whose key is
    /// known.
    #[expect(
        clippy::inline_always,
        reason = "called once a successor: out of line, the call and its saved registers cost about a tenth of a hashed search, measured by callgrind when it was inlined"
    )]
    #[inline(always)]
    fn find_or_insert_keyed<G: Successors<State = S, Move = M>>(
        &mut self,
        space: &G,
        limits: &Limits,
        meter: &mut Meter,
        parent: u32,
        child: Keyed<S, Option<M>>,
        extra: X,
    ) -> Result<Stored<Option<M>>, Error> {
        let Keyed { key, state, mv } = child;
        let id = self.nodes.len();
        match &mut self.index {
            NodeIndex::Dense(slots) => {
                let rank = key_index(space, &state, key, slots.len())?;
                if let Some(old) = slots[rank].checked_sub(1) {
                    return Ok(Stored::Old(old, mv));
                }
                limits.check_states(id)?;
                meter.charge_heap(space.heap_bytes(&state))?;
                let slot = node_id(id)? + 1;
                // Noted before it is set, so that a failure between the two
                // leaves no set slot unnoted: a reset, or a one-shot tree's
                // drop, clears what is noted.
                let few = match &mut self.touched {
                    Some(touched) if touched.len() < slots.len() / 16 => {
                        meter.push(touched, rank)?;
                        true
                    }
                    Some(_) => false,
                    None => true,
                };
                if !few {
                    self.touched = None;
                }
                slots[rank] = slot;
            }
            NodeIndex::Hashed(table) => {
                let nodes = &self.nodes;
                let rehash = |&other: &u32| hash_of(&nodes[other as usize].state);
                if table.len() == table.capacity() {
                    grow_index(meter, table, nodes)?;
                }
                // `find`, then `insert_unique` for a new state, rather than
                // one `entry`: `entry` is too large for the compiler to
                // inline, and the call cost 12% to 16% of a search of the
                // whole 8-puzzle. The second probe, for the slot, reads
                // control bytes the first has just brought into cache.
                let same = |&other: &u32| nodes[other as usize].state == state;
                if let Some(&old) = table.find(key, same) {
                    return Ok(Stored::Old(old, mv));
                }
                limits.check_states(id)?;
                meter.charge_heap(space.heap_bytes(&state))?;
                table.insert_unique(key, node_id(id)?, rehash);
            }
            NodeIndex::Bits { .. } => unreachable!("a tree of bits keeps no ids: see `insert`"),
        }
        self.push_with(meter, state, parent, mv, extra).map(Stored::New)
    }

    /// The id of `state`, if stored. Always `None` for a tree reset with
    /// [`Lookup::Seen`], which keeps no ids.
    pub(crate) fn find<G: Successors<State = S, Move = M>>(
        &self,
        space: &G,
        state: &S,
    ) -> Option<u32> {
        match &self.index {
            NodeIndex::Dense(slots) => {
                slots.get(rank_index(space, state)).and_then(|&slot| slot.checked_sub(1))
            }
            NodeIndex::Bits { .. } => None,
            NodeIndex::Hashed(table) => table
                .find(hash_of(state), |&other| self.nodes[other as usize].state == *state)
                .copied(),
        }
    }

    /// Whether `state` is stored.
    pub(crate) fn contains<G: Successors<State = S, Move = M>>(
        &self,
        space: &G,
        state: &S,
    ) -> bool {
        match &self.index {
            NodeIndex::Bits { bits, .. } => bit_is_set(bits, rank_index(space, state)),
            _ => self.find(space, state).is_some(),
        }
    }

    /// Collects the successors of node `id` into `out`, which is emptied
    /// first, leaving out the node's parent. The parent is always stored
    /// already; one comparison here saves the rank or hash that would find
    /// it, which in a reversible space is a third of all lookups.
    ///
    /// # Errors
    ///
    /// As [`expand_into`].
    pub(crate) fn expand_node<G: Successors<State = S, Move = M>>(
        &self,
        space: &G,
        id: usize,
        out: &mut Vec<(S, M)>,
        run: &mut Run<'_>,
    ) -> Result<(), Error> {
        expand_into(space, &self.nodes[id].state, self.parent_state(id), out, run)
    }

    /// Node `id`'s parent ([`NO_PARENT`] for a root) and the move from it.
    pub(crate) fn parent_of(&self, id: usize) -> (u32, Option<&M>) {
        let node = &self.nodes[id];
        (node.parent, node.mv.as_ref())
    }

    /// The parent's state of node `id`, if it has a parent.
    pub(crate) fn parent_state(&self, id: usize) -> Option<&S> {
        self.nodes.get(self.nodes[id].parent as usize).map(|parent| &parent.state)
    }

    /// The states from `node` back to its root, and the moves stored with
    /// them (none for a tree built without moves), with room reserved for
    /// `more` of each, so that a caller joining a second half to them
    /// grows nothing.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::AllocationFailed`](crate::ErrorKind::AllocationFailed)
    /// when the allocator refuses the path, which a search asks for last,
    /// when its own tables may have taken what the process had.
    pub(crate) fn walk_back(&self, node: u32, more: usize) -> Result<(Vec<S>, Vec<M>), Error> {
        let mut depth = 1;
        let mut id = node as usize;
        while self.nodes[id].parent != NO_PARENT {
            id = self.nodes[id].parent as usize;
            depth += 1;
        }
        let mut states = reserved_vec(depth + more)?;
        let mut moves = reserved_vec(depth - 1 + more)?;
        let mut node = node;
        loop {
            let current = &self.nodes[node as usize];
            states.push(current.state.clone());
            if current.parent == NO_PARENT {
                break;
            }
            if let Some(mv) = &current.mv {
                moves.push(mv.clone());
            }
            node = current.parent;
        }
        Ok((states, moves))
    }

    /// The path from a root to `node`, with room for `more` steps after it.
    ///
    /// # Errors
    ///
    /// As [`walk_back`](Tree::walk_back).
    pub(crate) fn path_with_room(&self, node: u32, more: usize) -> Result<Path<S, M>, Error> {
        let (mut states, mut moves) = self.walk_back(node, more)?;
        states.reverse();
        moves.reverse();
        Ok(Path::new(states, moves))
    }

    /// The path from a root to `node`.
    ///
    /// # Errors
    ///
    /// As [`walk_back`](Tree::walk_back).
    pub(crate) fn path(&self, node: u32) -> Result<Path<S, M>, Error> {
        self.path_with_room(node, 0)
    }
}

/// The nodes of the trees whose searches keep nothing beside a node, or
/// whose new nodes start from a default (a root's, for the cheapest-path
/// searches).
impl<S: crate::State, M: Clone, X: Default> Tree<S, M, X> {
    /// [`push_with`](Tree::push_with) the default.
    #[inline]
    pub(crate) fn push(
        &mut self,
        meter: &mut Meter,
        state: S,
        parent: u32,
        mv: Option<M>,
    ) -> Result<u32, Error> {
        self.push_with(meter, state, parent, mv, X::default())
    }

    /// Stores `state` unless it is already stored, and returns its new id.
    pub(crate) fn insert<G: Successors<State = S, Move = M>>(
        &mut self,
        space: &G,
        limits: &Limits,
        meter: &mut Meter,
        state: S,
        parent: u32,
        mv: Option<M>,
    ) -> Result<Option<u32>, Error> {
        self.insert_with(space, limits, meter, state, parent, mv, X::default())
    }
}

/// Grows a full hashed `table` of the ids of `nodes` within the budget
/// `meter` keeps. When it holds every node, it is rebuilt, its ids in
/// order: the states are read one after the other, where hashbrown's
/// rehash reads them in the table's order, a cache miss each (under perf,
/// on Dijkstra over a 1,000 x 1,000 grid, the rehash took 13-15% of the
/// time and the rebuild takes about 10%).
#[cold]
fn grow_index<S: crate::State, M, X>(
    meter: &mut Meter,
    table: &mut HashTable<u32>,
    nodes: &[Node<S, M, X>],
) -> Result<(), Error> {
    let rehash = |&id: &u32| hash_of(&nodes[id as usize].state);
    if table.len() != nodes.len() {
        return grow_table(meter, table, rehash);
    }
    let before = table_bytes::<u32>(table.capacity());
    let target = meter.grown_capacity(table.capacity(), table_bytes::<u32>);
    let estimate = table_bytes::<u32>(target);
    // The old table is alive until the new one is built.
    meter.charge(estimate)?;
    let mut grown = HashTable::new();
    if grown.try_reserve(target, rehash).is_err() {
        meter.release(estimate);
        return Err(Error::allocation_failed(estimate));
    }
    meter.recount(estimate, table_bytes::<u32>(grown.capacity()));
    for (id, node) in nodes.iter().enumerate() {
        grown.insert_unique(hash_of(&node.state), node_id(id)?, rehash);
    }
    *table = grown;
    meter.release(before);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::store::tree::*;

    /// The capacity of a tree's hashed index.
    fn index_capacity<S, M>(tree: &Tree<S, M>) -> usize {
        match &tree.index {
            NodeIndex::Hashed(table) => table.capacity(),
            _ => panic!("not a hashed index"),
        }
    }

    /// `tree` with `count` states of `T` stored in its hashed index.
    fn filled<T: crate::State>(
        mut tree: Tree<T, ()>,
        count: usize,
        state: impl Fn(usize) -> T,
    ) -> Tree<T, ()> {
        let space = crate::space::adaptors::from_fn(|_: &T| std::iter::empty());
        let (limits, mut meter) = (Limits::new(), Meter::new(u64::MAX));
        tree.reset(&space, Lookup::Ids, &limits, &mut meter).expect("within the budget");
        for i in 0..count {
            tree.insert(&space, &limits, &mut meter, state(i), NO_PARENT, None).expect("stored");
        }
        tree
    }

    /// The numbers below `bound`, each its own rank.
    struct Numbers {
        bound: u64,
    }

    impl Successors for Numbers {
        type State = u64;
        type Move = ();

        fn successors<F: FnMut(u64, ())>(&self, _: &u64, _: F) {}

        fn ranking(&self) -> Option<impl crate::Ranking<u64> + '_> {
            Some(crate::space::rank_by(self.bound, |&n: &u64| n))
        }
    }

    #[test]
    fn a_one_shot_trees_table_of_ids_goes_to_the_next_one_zeroed() {
        let space = Numbers { bound: 1 << 16 };
        let (limits, mut meter) = (Limits::new(), Meter::new(u64::MAX));
        let table = |tree: &Tree<u64, ()>| match &tree.index {
            NodeIndex::Dense(slots) => slots.as_ptr(),
            _ => panic!("not a table of ids"),
        };
        let mut first = Tree::with_spare_index();
        first.reset(&space, Lookup::Ids, &limits, &mut meter).expect("fits");
        for n in [5, 7, 60_000] {
            first.insert(&space, &limits, &mut meter, n, NO_PARENT, None).expect("stored");
        }
        let kept = table(&first);
        drop(first);
        // The next one-shot tree of as many ranks takes the same table,
        // and finds none of the first tree's states in it.
        let mut second = Tree::with_spare_index();
        second.reset(&space, Lookup::Ids, &limits, &mut meter).expect("fits");
        assert_eq!(table(&second), kept);
        assert!([5, 7, 60_000].iter().all(|n| second.find(&space, n).is_none()));
        // Past a sixteenth of the ranks set, every slot is cleared.
        for n in 0..(1 << 13) {
            second.insert(&space, &limits, &mut meter, n, NO_PARENT, None).expect("stored");
        }
        assert!(second.touched.is_none());
        drop(second);
        let mut third = Tree::with_spare_index();
        third.reset(&space, Lookup::Ids, &limits, &mut meter).expect("fits");
        assert_eq!(table(&third), kept);
        assert!((0..1 << 13).all(|n| third.find(&space, &n).is_none()));
        // Another number of ranks, or a tree made by `new`, takes a table
        // of its own.
        let mut other = Tree::with_spare_index();
        other.reset(&Numbers { bound: 1 << 15 }, Lookup::Ids, &limits, &mut meter).expect("fits");
        assert_ne!(table(&other), kept);
        let mut kept_by_caller = Tree::new();
        kept_by_caller.reset(&space, Lookup::Ids, &limits, &mut meter).expect("fits");
        assert_ne!(table(&kept_by_caller), kept);
    }

    #[test]
    fn a_dropped_index_is_the_next_one_shot_trees_spare_whatever_the_state_type() {
        // Each test runs on a thread of its own: the spare starts empty.
        // The spare's capacity; it is handed over empty.
        let spare_capacity = || match Tree::<u64, ()>::with_spare_index().index {
            NodeIndex::Hashed(ref table) if table.is_empty() => table.capacity(),
            _ => panic!("the spare holds entries"),
        };
        assert_eq!(spare_capacity(), 0);
        let numbers = filled(Tree::with_spare_index(), 10_000, |i| i as u64);
        let capacity = index_capacity(&numbers);
        let few = filled(Tree::new(), 10, |i| i as u64);
        assert!(index_capacity(&few) < capacity);
        drop(numbers);
        // A smaller index does not replace a larger spare.
        drop(few);
        // Taken once, emptied, by a tree of another state type, which finds
        // none of the old states and numbers its own from 0.
        let words = filled(Tree::with_spare_index(), 3, |i| format!("word {i}"));
        assert_eq!(index_capacity(&words), capacity);
        let space = crate::space::adaptors::from_fn(|_: &String| std::iter::empty());
        assert_eq!(words.find(&space, &"word 2".to_owned()), Some(2));
        assert_eq!(words.find(&space, &"word 3".to_owned()), None);
        assert_eq!(spare_capacity(), 0);
        drop(words);
        // A tree made by `new` never takes the spare.
        assert_eq!(index_capacity(&Tree::<u64, ()>::new()), 0);
        assert_eq!(spare_capacity(), capacity);
        // An index past the size kept for a spare is freed instead.
        let large = (SPARE_INDEX_BYTES / 5) as usize;
        drop(filled(Tree::new(), large, |i| i as u64));
        assert_eq!(spare_capacity(), capacity);
        drop(filled(Tree::with_spare_index(), large, |i| i as u64));
        assert_eq!(spare_capacity(), 0);
        // The largest index kept: room for 458,752 ids in 4 MiB.
        let largest = filled(Tree::with_spare_index(), 400_000, |i| i as u64);
        assert_eq!(index_capacity(&largest), 458_752);
        drop(largest);
        assert_eq!(spare_capacity(), 458_752);
    }
}
