use std::ops::Range;

use crate::breadth_first::search::Search;
use crate::error::Error;
use crate::error::Limit;
use crate::path::Path;
use crate::space::traits::{Predecessors, State, Successors};

use hashbrown::{HashTable, hash_table};

use crate::run::context::{Run, RunParts};
use crate::run::limits::Limits;
use crate::run::memory::Meter;
use crate::run::stats::Stats;
use crate::space::hash::hash_of;
use crate::store::batch::{Keyed, collect_run, run_length};
use crate::store::expand::{Backwards, Edges, Expansion, Forwards, expand_along};
use crate::store::index::{presize_table, reserve_room, table_bytes};
use crate::store::tree::{Lookup, NO_PARENT, Tree};

/// A shortest path from any of `starts` to any of `goals`, searched from
/// both ends at once, or `None` when no goal can be reached.
///
/// A shortcut for [`Search::bidirectional`] with default [`Limits`](crate::Limits).
///
/// # Errors
///
/// When the search reaches a [`Limits`](crate::Limits) bound before it can answer.
///
/// # Example
///
/// ```
/// use search_core::{bidirectional_bfs, from_fn};
/// use search_core::space::Undirected;
///
/// // Flip one of 20 bits at a time: from all zeros to all ones takes 20 flips.
/// let cube = Undirected(from_fn(|&bits: &u32| (0..20).map(move |i| bits ^ (1 << i))));
/// let path = bidirectional_bfs(&cube, [0], [(1 << 20) - 1])?.expect("reachable");
/// assert_eq!(path.len(), 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bidirectional_bfs<G, I, J>(
    space: &G,
    starts: I,
    goals: J,
) -> Result<Option<Path<G::State, G::Move>>, Error>
where
    G: Predecessors,
    I: IntoIterator<Item = G::State>,
    J: IntoIterator<Item = G::State>,
{
    Search::new().bidirectional(space, starts, goals, &mut Run::new())
}

/// One end of a bidirectional search: where each of its layers starts in its
/// tree. The last layer is the frontier.
struct Side {
    layer_starts: Vec<usize>,
}

impl Side {
    fn new() -> Side {
        Side { layer_starts: vec![0] }
    }

    fn depth(&self) -> usize {
        self.layer_starts.len() - 1
    }

    fn frontier(&self, stored: usize) -> Range<usize> {
        self.layer_starts[self.depth()]..stored
    }

    fn depth_of(&self, node: u32) -> usize {
        self.layer_starts.partition_point(|&start| start <= node as usize) - 1
    }
}

/// The bit that marks a backward node's id in [`Search::sides`]; the bits
/// below it are the node's id in its tree.
const BACKWARD: u32 = 1 << 31;

/// The entries a fresh cache's table starts with: most searches that a
/// one-shot call makes need a few thousand.
const FIRST_CAPACITY: usize = 4096;

/// The states both sides hold from which a layer that begins is expanded
/// a run of states at a time before their successors are looked up, as
/// `bfs` and `distance` do ([`Seen::collect_keyed`](crate::store::seen::Seen::collect_keyed)
/// says why): by then the index of both sides (16 bytes an entry for a
/// `u64` state) has outgrown the processors' own caches, and lookups that
/// run back to back overlap their misses. Before it every state is
/// expanded just before its successors are looked up, so that a small
/// search that meets early calls the successor function no more than it
/// must.
const RUNS_PAST: usize = 1 << 18;

/// The hash of an entry of the index of both sides, for its table to grow
/// by.
fn side_hash<S: State>((state, _): &(S, u32)) -> u64 {
    hash_of(state)
}

/// The id under which node `index` of one side is indexed.
#[inline]
fn side_id(index: usize, side: u32) -> Result<u32, Error> {
    u32::try_from(index)
        .ok()
        .filter(|&id| id < BACKWARD)
        .map(|id| id | side)
        .ok_or_else(|| Error::limit(Limit::States(index)))
}

/// A state stored in both trees.
#[derive(Clone, Copy)]
struct Meeting {
    forward: u32,
    backward: u32,
}

/// One direction of the search: its edges, and what it makes of them. The
/// forward side keeps each successor's move; the backward side has none to
/// keep, and its moves are found again when the path is joined.
trait Half<S, M>: Edges<State = S> {
    /// The tag of this side's node ids in the index of both sides:
    /// [`BACKWARD`] or 0.
    const SIDE: u32;
    /// The move a node of this side's tree keeps.
    fn kept(mv: Self::Move) -> Option<M>;
    /// A meeting this side found: its new node, and the other side's.
    fn meeting(ours: u32, theirs: u32) -> Meeting;
    /// This side's tree and buffers, and the index of both sides.
    fn parts(search: &mut Search<S, M>) -> Parts<'_, S, M, Self::Move>;
}

/// What one side of the search works in: its tree, its buffers, and the
/// index both sides share.
struct Parts<'a, S, M, E> {
    tree: &'a mut Tree<S, M>,
    sides: &'a mut HashTable<(S, u32)>,
    /// One state's neighbours, with the moves along this side's edges.
    neighbours: &'a mut Vec<(S, E)>,
    /// A run of states' neighbours, each with its hash.
    keyed: &'a mut Vec<Keyed<S, E>>,
    expansions: &'a mut Vec<Expansion>,
}

impl<G: Successors<State = S, Move = M>, S: State, M: Clone> Half<S, M> for Forwards<'_, G> {
    const SIDE: u32 = 0;

    #[inline]
    fn kept(mv: M) -> Option<M> {
        Some(mv)
    }

    #[inline]
    fn meeting(ours: u32, theirs: u32) -> Meeting {
        Meeting { forward: ours, backward: theirs }
    }

    #[inline]
    fn parts(search: &mut Search<S, M>) -> Parts<'_, S, M, M> {
        Parts {
            tree: &mut search.forward,
            sides: &mut search.ends.sides,
            neighbours: &mut search.scratch,
            keyed: &mut search.keyed,
            expansions: &mut search.expansions,
        }
    }
}

impl<G: Predecessors<State = S, Move = M>, S: State, M: Clone> Half<S, M> for Backwards<'_, G> {
    const SIDE: u32 = BACKWARD;

    #[inline]
    fn kept((): ()) -> Option<M> {
        None
    }

    #[inline]
    fn meeting(ours: u32, theirs: u32) -> Meeting {
        Meeting { forward: theirs, backward: ours }
    }

    #[inline]
    fn parts(search: &mut Search<S, M>) -> Parts<'_, S, M, ()> {
        Parts {
            tree: &mut search.ends.backward,
            sides: &mut search.ends.sides,
            neighbours: &mut search.ends.predecessors,
            keyed: &mut search.ends.keyed_predecessors,
            expansions: &mut search.expansions,
        }
    }
}

/// The index of both sides, with what storing in it counts against:
/// where each neighbour a layer finds is looked up and stored.
struct Sides<'a, S> {
    table: &'a mut HashTable<(S, u32)>,
    limits: &'a Limits,
    meter: &'a mut Meter,
    counters: &'a mut Stats,
}

impl<S: State> Sides<'_, S> {
    /// Stores `child`, a neighbour of node `from` of side `side`
    /// ([`BACKWARD`] or 0), in the index and that side's `tree`, unless
    /// this side holds it already. When the `other` side holds it, the
    /// meeting: the new node's id, and the other side's. One lookup
    /// answers both questions.
    #[expect(clippy::inline_always, reason = "called once a successor: see `Tree::insert_keyed`")]
    #[inline(always)]
    fn store<M: Clone>(
        &mut self,
        side: u32,
        tree: &mut Tree<S, M>,
        other: &Side,
        from: usize,
        (child, heap): (Keyed<S, Option<M>>, usize),
    ) -> Result<Option<(u32, u32)>, Error> {
        let Keyed { key, state, mv } = child;
        // Until the sides meet, the index holds every state of both trees.
        let stored = self.table.len();
        match self.table.entry(key, |(held, _)| *held == state, side_hash) {
            hash_table::Entry::Occupied(entry) if entry.get().1 & BACKWARD == side => {
                self.counters.count_duplicate();
                Ok(None)
            }
            hash_table::Entry::Occupied(entry) => {
                let theirs = entry.get().1 & !BACKWARD;
                // Where the predecessors agree with the successors, the
                // state met lies on the other side's frontier (see
                // `bidirectional`): one deeper in its tree says they do not.
                if other.depth_of(theirs) != other.depth() {
                    return Err(Error::inconsistent_predecessors());
                }
                let id = tree.push(self.meter, state, from as u32, mv)?;
                Ok(Some((id, theirs)))
            }
            hash_table::Entry::Vacant(entry) => {
                self.limits.check_states(stored)?;
                // Kept twice: in the index, and in the side's tree.
                self.meter.charge_heap(heap.saturating_mul(2))?;
                entry.insert((state.clone(), side_id(tree.len(), side)?));
                tree.push(self.meter, state, from as u32, mv)?;
                Ok(None)
            }
        }
    }
}

impl<S: State, M: Clone> Search<S, M> {
    /// A shortest path from any of `starts` to any of `goals`, searched
    /// from both ends at once, or `None` when no goal can be reached.
    ///
    /// Each round expands one whole layer of the side with the smaller
    /// frontier (on a tie, the side with fewer states), and tests every
    /// state it stores against everything the other side has stored. When
    /// either side runs out of states the goal is unreachable, and the
    /// search stops at once, even beside an infinite space.
    ///
    /// The first state found on both sides lies on a shortest path, so the
    /// search stops there. Why: say the forward side has stored every state
    /// within `f` moves of the start, the backward side every state within
    /// `b` moves of the goal, and no state is on both sides. Then the
    /// shortest path `L` is longer than `f + b`: otherwise its state at
    /// position `min(f, L)` would be on both. Expanding forward layer `f`
    /// finds states at `f + 1` moves; one the backward side holds at `d <= b`
    /// moves gives a path of `f + 1 + d` moves, and
    /// `L <= f + 1 + d <= f + 1 + b <= L`. So every meeting of the round is
    /// a shortest path, the first included, and finishing the round would
    /// change nothing. (Stopping at the first meeting goes wrong in searches
    /// that expand one state at a time, or that test new states against the
    /// other side's frontier only; this one does neither. Debug builds
    /// assert `d == b` at each meeting.)
    ///
    /// # Errors
    ///
    /// When the search reaches its depth limit (on the length of the whole
    /// path) or its state limit (on the states of both sides together),
    /// when the space's predecessors report an edge its successors lack,
    /// or when it is cancelled.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::breadth_first::Search;
    /// use search_core::space::Undirected;
    ///
    /// let line = Undirected(from_fn(|&n: &i64| [n - 1, n + 1]));
    /// let (mut search, mut run) = (Search::new(), Run::new());
    /// assert_eq!(search.bidirectional(&line, [0], [0], &mut run)?.map(|p| p.len()), Some(0));
    /// assert_eq!(search.bidirectional(&line, [-3], [4], &mut run)?.map(|p| p.len()), Some(7));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bidirectional<G, I, J>(
        &mut self,
        space: &G,
        starts: I,
        goals: J,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<S, M>>, Error>
    where
        G: Predecessors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
        J: IntoIterator<Item = S>,
    {
        let meet = |search: &mut Self, run: &mut Run<'_>| {
            search.ends.sides.clear();
            run.meter_mut().charge(table_bytes::<(S, u32)>(search.ends.sides.capacity()))?;
            presize_table(run.meter_mut(), &mut search.ends.sides, FIRST_CAPACITY);
            search.forward.reset(space, Lookup::Unindexed, &run.get_limits(), run.meter_mut())?;
            search.ends.backward.reset(
                space,
                Lookup::Unindexed,
                &run.get_limits(),
                run.meter_mut(),
            )?;
            let ends = starts
                .into_iter()
                .map(|end| (end, 0))
                .chain(goals.into_iter().map(|end| (end, BACKWARD)));
            for (end, side) in ends {
                let tree = if side == 0 { &mut search.forward } else { &mut search.ends.backward };
                reserve_room(run.meter_mut(), &mut search.ends.sides, 1, side_hash)?;
                let stored = search.ends.sides.len();
                match search.ends.sides.entry(hash_of(&end), |(held, _)| *held == end, side_hash) {
                    // A start that is a goal too: the path of no moves.
                    hash_table::Entry::Occupied(entry) if entry.get().1 & BACKWARD != side => {
                        return Ok(Some(Path::new(vec![end], Vec::new())));
                    }
                    hash_table::Entry::Occupied(_) => {}
                    hash_table::Entry::Vacant(entry) => {
                        run.get_limits().check_states(stored)?;
                        run.meter_mut().charge_heap(space.heap_bytes(&end).saturating_mul(2))?;
                        entry.insert((end.clone(), side_id(tree.len(), side)?));
                        tree.push(run.meter_mut(), end, NO_PARENT, None)?;
                    }
                }
            }
            let mut forward = Side::new();
            let mut backward = Side::new();
            loop {
                let forward_frontier = forward.frontier(search.forward.len());
                let backward_frontier = backward.frontier(search.ends.backward.len());
                if forward_frontier.is_empty() || backward_frontier.is_empty() {
                    break Ok(None);
                }
                let explored = forward.depth() + backward.depth();
                if !run.get_limits().allows_depth(explored + 1) {
                    break Err(Error::limit(Limit::Depth(explored)));
                }
                // The smaller frontier costs less to expand. On a tie, the side
                // with fewer states: alternating keeps a side that is about to
                // run out from waiting behind one that never ends.
                let expand_forward = (forward_frontier.len(), search.forward.len())
                    <= (backward_frontier.len(), search.ends.backward.len());
                run.count_frontier(forward_frontier.len().min(backward_frontier.len()));
                // The layer being built starts where the frontier ends.
                let meeting = if expand_forward {
                    forward.layer_starts.push(forward_frontier.end);
                    search.expand(&Forwards(space), forward_frontier, &backward, explored, run)
                } else {
                    backward.layer_starts.push(backward_frontier.end);
                    search.expand(&Backwards(space), backward_frontier, &forward, explored, run)
                };
                if let Some(meeting) = meeting? {
                    break search.join(space, meeting).map(Some);
                }
            }
        };
        self.execute(space, run, meet, |search| search.ends.sides.len())
    }

    /// Expands one side's frontier, in runs past [`RUNS_PAST`] states.
    #[inline]
    fn expand<E: Half<S, M>>(
        &mut self,
        edges: &E,
        frontier: Range<usize>,
        other: &Side,
        explored: usize,
        run: &mut Run<'_>,
    ) -> Result<Option<Meeting>, Error> {
        if self.ends.sides.len() >= RUNS_PAST {
            self.expand_runs(edges, frontier, other, explored, run)
        } else {
            self.expand_layer(edges, frontier, other, explored, run)
        }
    }

    /// Expands the frontier of the side `edges` leads by one layer, or
    /// until it finds a state the `other` side holds.
    fn expand_layer<E: Half<S, M>>(
        &mut self,
        edges: &E,
        frontier: Range<usize>,
        other: &Side,
        explored: usize,
        run: &mut Run<'_>,
    ) -> Result<Option<Meeting>, Error> {
        let Parts { tree, sides, neighbours, .. } = E::parts(self);
        for node in frontier {
            // The state this one was reached from is stored already and
            // needs no lookup.
            expand_along(edges, tree.state(node), tree.parent_state(node), neighbours, run)?;
            run.tick(sides.len(), explored)?;
            reserve_room(run.meter_mut(), sides, neighbours.len(), side_hash)?;
            let RunParts { limits, meter, stats, .. } = run.parts();
            let mut index = Sides { table: sides, limits, meter, counters: stats };
            for (next, mv) in neighbours.drain(..) {
                let heap = edges.heap_bytes(&next);
                let child = Keyed { key: hash_of(&next), state: next, mv: E::kept(mv) };
                if let Some((ours, theirs)) =
                    index.store(E::SIDE, tree, other, node, (child, heap))?
                {
                    return Ok(Some(E::meeting(ours, theirs)));
                }
            }
        }
        Ok(None)
    }

    /// As [`expand_layer`](Search::expand_layer), but a run of states is
    /// expanded before their neighbours are looked up, back to back
    /// ([`RUNS_PAST`] says when). Kept apart, and out of line, so that
    /// small searches run the loop above as it compiled on its own: the
    /// two in one function made them a twentieth slower.
    #[inline(never)]
    fn expand_runs<E: Half<S, M>>(
        &mut self,
        edges: &E,
        frontier: Range<usize>,
        other: &Side,
        explored: usize,
        run: &mut Run<'_>,
    ) -> Result<Option<Meeting>, Error> {
        let Parts { tree, sides, keyed, expansions, .. } = E::parts(self);
        let mut head = frontier.start;
        while head < frontier.end {
            let longest = run_length(run.stats().expanded);
            let states = (head..frontier.end).map(|id| (tree.state(id), tree.parent_state(id)));
            collect_run(edges, states, longest, hash_of, keyed, expansions, run)?;
            let batch = head..head + expansions.len();
            head = batch.end;
            reserve_room(run.meter_mut(), sides, keyed.len(), side_hash)?;
            let RunParts { limits, meter, stats, watch } = run.parts();
            let mut index = Sides { table: sides, limits, meter, counters: stats };
            let mut neighbours = keyed.drain(..);
            for (node, expansion) in batch.zip(expansions.iter()) {
                expansion.count_into(index.counters);
                watch.tick(index.counters, index.table.len(), explored, index.meter.used())?;
                for Keyed { key, state, mv } in neighbours.by_ref().take(expansion.kept) {
                    let owned = edges.heap_bytes(&state);
                    let child = Keyed { key, state, mv: E::kept(mv) };
                    if let Some((ours, theirs)) =
                        index.store(E::SIDE, tree, other, node, (child, owned))?
                    {
                        return Ok(Some(E::meeting(ours, theirs)));
                    }
                }
            }
        }
        Ok(None)
    }

    /// The path through a meeting: the forward tree's path to it, then the
    /// backward tree's walk from it to the goal, with the moves of that
    /// second half found again among the successors.
    fn join<G: Successors<State = S, Move = M>>(
        &self,
        space: &G,
        meeting: Meeting,
    ) -> Result<Path<S, M>, Error> {
        let (to_goal, _) = self.ends.backward.walk_back(meeting.backward, 0)?;
        let forward = self.forward.path_with_room(meeting.forward, to_goal.len())?;
        let (mut states, mut moves) = forward.into_parts();
        for next in &to_goal[1..] {
            let current = &states[states.len() - 1];
            let mut found = None;
            space.successors(current, |state, mv| {
                if found.is_none() && state == *next {
                    found = Some(mv);
                }
            });
            moves.push(found.ok_or_else(Error::inconsistent_predecessors)?);
            states.push(next.clone());
        }
        Ok(Path::new(states, moves))
    }
}
