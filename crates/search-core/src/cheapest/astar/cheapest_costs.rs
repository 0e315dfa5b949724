//! [`CheapestCosts`]: Dijkstra's search run to the end, or to a cost
//! bound, keeping every state it settles, in the order it settles them.

use hashbrown::HashTable;

use crate::error::Error;
use crate::path::Path;
use crate::run::context::Run;
use crate::run::memory::{Meter, bytes_of, filled_vec};
use crate::space::hash::hash_of;
use crate::space::traits::State;
use crate::space::weighted::{Cost, Weighted};
use crate::store::index::table_bytes;
use crate::store::tree::NO_PARENT;

use super::{AStar, Policy};

/// The cheapest cost of every state reachable from a search's starts
/// (within its cost bound, if it had one), and a cheapest path to each,
/// in the order Dijkstra's search settled them: cheapest first.
///
/// What [`dijkstra_all`] and [`AStar::cheapest_costs`] return.
///
/// # Example
///
/// ```
/// use search_core::from_fn_weighted;
/// use search_core::cheapest::dijkstra_all;
///
/// // A line where a step right costs 2 and a step left 1.
/// let line = from_fn_weighted(|&n: &i32| [(n + 1, 2u32), (n - 1, 1)]);
/// let costs = dijkstra_all(&line, [0], Some(4))?;
/// let settled: Vec<(i32, u32)> = costs.iter().map(|(&s, c)| (s, c)).collect();
/// assert_eq!(settled[0], (0, 0));
/// assert_eq!(costs.len(), 7); // -4 to 2
/// assert_eq!(costs.cost(&2), Some(4));
/// assert_eq!(costs.cost(&3), None); // past the bound
/// assert_eq!(costs.path_to(&-2).map(|path| path.states().to_vec()), Some(vec![0, -1, -2]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct CheapestCosts<S, M, C> {
    /// The settled states, cheapest first: each with its cost, the entry
    /// it was reached from ([`NO_PARENT`] for a start) and the move.
    entries: Vec<(S, C, u32, Option<M>)>,
    /// Each entry's number, found by its state's hash.
    index: HashTable<u32>,
}

impl<S: State, M: Clone, C: Copy> CheapestCosts<S, M, C> {
    /// The number of states settled.
    ///
    /// # Example
    ///
    /// See [`CheapestCosts`].
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no state was settled (there were no starts).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn_weighted;
    /// use search_core::cheapest::dijkstra_all;
    ///
    /// let line = from_fn_weighted(|&n: &u8| [(n + 1, 1u32)]);
    /// assert!(dijkstra_all(&line, [], None)?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The cheapest cost of `state`, or `None` when it was not reached
    /// (or lies past the bound).
    ///
    /// # Example
    ///
    /// See [`CheapestCosts`].
    pub fn cost(&self, state: &S) -> Option<C> {
        self.entry(state).map(|entry| self.entries[entry as usize].1)
    }

    /// The number of `state`'s entry, if it was settled.
    fn entry(&self, state: &S) -> Option<u32> {
        let same = |&entry: &u32| self.entries[entry as usize].0 == *state;
        self.index.find(hash_of(state), same).copied()
    }

    /// A cheapest path from a start to `state`, or `None` when it was not
    /// reached.
    ///
    /// # Example
    ///
    /// See [`CheapestCosts`].
    pub fn path_to(&self, state: &S) -> Option<Path<S, M>> {
        let mut entry = self.entry(state)?;
        let (mut states, mut moves) = (Vec::new(), Vec::new());
        loop {
            let (state, _, parent, mv) = &self.entries[entry as usize];
            states.push(state.clone());
            if *parent == NO_PARENT {
                break;
            }
            moves.extend(mv.clone());
            entry = *parent;
        }
        states.reverse();
        moves.reverse();
        Some(Path::new(states, moves))
    }

    /// The settled states and their costs, cheapest first (ties in the
    /// order they were settled).
    ///
    /// # Example
    ///
    /// See [`CheapestCosts`].
    pub fn iter(&self) -> impl Iterator<Item = (&S, C)> + '_ {
        self.entries.iter().map(|(state, cost, _, _)| (state, *cost))
    }
}

/// The cheapest cost of every state reachable from `starts`, and a path to
/// each, settled cheapest first, up to `max_cost` when given: Dijkstra's
/// search run to the end (what `pathfinding` calls `dijkstra_all`,
/// `dijkstra_partial` and `dijkstra_reach`).
///
/// A shortcut for [`AStar::cheapest_costs`] with a fresh cache and a
/// default [`Run`].
///
/// # Errors
///
/// As for [`AStar::cheapest_costs`].
///
/// # Example
///
/// See [`CheapestCosts`].
pub fn dijkstra_all<G, I>(
    space: &G,
    starts: I,
    max_cost: Option<G::Cost>,
) -> Result<CheapestCosts<G::State, G::Move, G::Cost>, Error>
where
    G: Weighted,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
{
    AStar::one_shot().cheapest_costs(space, starts, max_cost, &mut Run::new())
}

impl<S: State, M: Clone, C: Cost> AStar<S, M, C> {
    /// Every state reachable from `starts` whose cheapest cost is at most
    /// `max_cost` (every one when `None`), with that cost and a path,
    /// settled cheapest first. See [`dijkstra_all`]. A move whose cost
    /// would pass the most the cost type holds is left out: what lies past
    /// it is past any bound the type can state.
    ///
    /// # Errors
    ///
    /// As for [`run`](AStar::run) (the whole space within the bound must
    /// fit its limits), but for [`CostOverflow`](crate::ErrorKind::CostOverflow).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn_weighted, ErrorKind, Limit, Limits, Run};
    /// use search_core::cheapest::AStar;
    ///
    /// let line = from_fn_weighted(|&n: &u32| [(n + 1, 3u32)]);
    /// let mut search = AStar::new();
    /// let mut run = Run::new().limits(Limits::new().max_states(100));
    /// assert_eq!(search.cheapest_costs(&line, [0], Some(30), &mut run)?.len(), 11);
    /// let error = search.cheapest_costs(&line, [0], None, &mut run).unwrap_err();
    /// assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(100)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cheapest_costs<G, I>(
        &mut self,
        space: &G,
        starts: I,
        max_cost: Option<C>,
        run: &mut Run<'_>,
    ) -> Result<CheapestCosts<S, M, C>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        I: IntoIterator<Item = S>,
    {
        let settled = self.execute(space, run, |this, run| {
            this.restart(space, starts, |_| C::zero(), run)?;
            let mut settle = Settle { max_cost, settled: Vec::new() };
            // No state is a goal; past the bound, or past the cost type, a
            // state is never settled, and not stored either.
            let estimate = |_: &S| C::zero();
            this.expand_in_order(space, &estimate, &mut |_: &S| false, &mut settle, run)?;
            Ok(settle.settled)
        })?;
        let meter = run.meter_mut();
        let mut entry_of = filled_vec(meter, self.tree.len(), NO_PARENT)?;
        let mut entries = Vec::new();
        let bytes = bytes_of::<(S, C, u32, Option<M>)>(settled.len());
        meter.charge(bytes)?;
        entries.try_reserve_exact(settled.len()).map_err(|_| Error::allocation_failed(bytes))?;
        let mut index = HashTable::new();
        let bytes = table_bytes::<u32>(settled.len());
        meter.charge(bytes)?;
        index.try_reserve(settled.len(), |_| 0).map_err(|_| Error::allocation_failed(bytes))?;
        for (entry, (node, cost)) in settled.into_iter().enumerate() {
            let (parent, mv) = self.tree.parent_of(node as usize);
            // A settled node's parent was settled before it.
            let parent = if parent == NO_PARENT { NO_PARENT } else { entry_of[parent as usize] };
            entry_of[node as usize] = entry as u32;
            let state = self.tree.state(node as usize).clone();
            let hash = hash_of(&state);
            entries.push((state, cost, parent, mv.cloned()));
            index.insert_unique(hash, entry as u32, |&entry| hash_of(&entries[entry as usize].0));
        }
        Ok(CheapestCosts { entries, index })
    }
}

/// Dijkstra's search to the end or a bound: every node expanded is
/// settled, with its cost, in order.
struct Settle<C> {
    max_cost: Option<C>,
    settled: Vec<(u32, C)>,
}

impl<S, M, C: Cost> Policy<S, M, C> for Settle<C> {
    #[inline]
    fn expanded(
        &mut self,
        node: u32,
        g: C,
        _stored: usize,
        meter: &mut Meter,
    ) -> Result<(), Error> {
        meter.push(&mut self.settled, (node, g))
    }

    #[inline]
    fn admits(&self, cost: C) -> bool {
        self.max_cost.is_none_or(|max| cost <= max)
    }
}
