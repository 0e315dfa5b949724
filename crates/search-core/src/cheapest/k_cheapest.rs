//! [`k_cheapest_paths`] and [`AStar::k_cheapest_paths`]: Yen's `k`
//! cheapest loopless paths, each found by Dijkstra's search on the space
//! with what earlier paths forbid removed.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::collections::binary_heap::PeekMut;

use hashbrown::HashTable;

use crate::cheapest::astar::AStar;
use crate::error::Error;
use crate::path::Path;
use crate::run::context::Run;
use crate::run::memory::Meter;
use crate::space::hash::hash_of;
use crate::space::traits::{State, Successors};
use crate::space::weighted::{ByCost, Cost, Weighted, extend_cost};
use crate::store::index::reserve_one;

/// The `k` cheapest loopless paths from any of `starts` to states that
/// satisfy `is_goal`, cheapest first, each with its cost: Yen's algorithm
/// (what `pathfinding` calls `yen`).
///
/// A shortcut for [`AStar::k_cheapest_paths`] with a fresh cache and a
/// default [`Run`].
///
/// # Errors
///
/// As for [`AStar::k_cheapest_paths`].
///
/// # Example
///
/// ```
/// use search_core::from_fn_weighted;
/// use search_core::cheapest::k_cheapest_paths;
///
/// // A ladder: two rails joined by rungs, each step costing 1, a rung 2.
/// let ladder = from_fn_weighted(|&(rail, step): &(u8, u8)| {
///     let mut next = vec![((1 - rail, step), 2u32)];
///     if step < 3 { next.push(((rail, step + 1), 1)); }
///     next
/// });
/// let to_corner = |&s: &(u8, u8)| s == (1, 3);
/// let paths = k_cheapest_paths(&ladder, [(0, 0)], to_corner, 5)?;
/// let costs: Vec<u32> = paths.iter().map(|(_, cost)| *cost).collect();
/// // One rung, at step 0, 1, 2 or 3; then three rungs (there and back and there).
/// assert_eq!(costs, [5, 5, 5, 5, 9]);
/// // Four paths of one rung and four of three: eight in all.
/// assert_eq!(k_cheapest_paths(&ladder, [(0, 0)], to_corner, 100)?.len(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn k_cheapest_paths<G, I, P>(
    space: &G,
    starts: I,
    is_goal: P,
    k: usize,
) -> Result<Vec<(Path<G::State, G::Move>, G::Cost)>, Error>
where
    G: Weighted,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    P: FnMut(&G::State) -> bool,
{
    AStar::one_shot().k_cheapest_paths(space, starts, is_goal, k, &mut Run::new())
}

impl<S: State, M: Clone, C: Cost> AStar<S, M, C> {
    /// The `k` cheapest loopless paths from any of `starts` to states that
    /// satisfy `is_goal`, cheapest first (paths of equal cost in no
    /// promised order), each with its cost: Yen's algorithm. Fewer when
    /// fewer exist.
    ///
    /// A loopless path visits no state twice and ends at the first goal it
    /// meets. Paths are told apart by their states: of two moves between
    /// the same states, the cheaper stands for both. Each path found is
    /// followed by one Dijkstra search per state of it (its deviations),
    /// on the space with the found paths' shared beginnings removed; the
    /// candidates of the cheapest cost are taken together, and no
    /// deviation is searched once `k` paths are found. The run's limits
    /// bound each of those searches on its own, and its statistics add
    /// them all up.
    ///
    /// # Errors
    ///
    /// When one of the searches fails as [`run`](AStar::run) does.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn_weighted, Run};
    /// use search_core::cheapest::AStar;
    ///
    /// // Two ways round a square from corner 0 to corner 2.
    /// let square = from_fn_weighted(|&n: &u8| [((n + 1) % 4, 1u32), ((n + 3) % 4, 2)]);
    /// let mut run = Run::new();
    /// let paths = AStar::new().k_cheapest_paths(&square, [0], |&n| n == 2, 3, &mut run)?;
    /// let costs: Vec<u32> = paths.iter().map(|(_, cost)| *cost).collect();
    /// assert_eq!(costs, [2, 4]);
    /// assert!(run.stats().expanded > 0);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn k_cheapest_paths<G, I, P>(
        &mut self,
        space: &G,
        starts: I,
        mut is_goal: P,
        k: usize,
        run: &mut Run<'_>,
    ) -> Result<Vec<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        I: IntoIterator<Item = S>,
        P: FnMut(&S) -> bool,
    {
        let roots: Vec<S> = starts.into_iter().collect();
        let mut yen = Yen::new();
        let mut total = crate::run::stats::Stats::default();
        let mut search =
            |this: &mut Self, detour: &Detour<'_, G>, from: &[S], run: &mut Run<'_>| {
                let found =
                    this.run(detour, from.iter().cloned(), |_| C::zero(), &mut is_goal, run);
                total.absorb(&run.stats());
                found
            };
        let whole = Detour { space, spur: None, banned: &StateSet::new(), cut: &StateSet::new() };
        if k > 0
            && let Some((path, _)) = search(self, &whole, &roots, run)?
        {
            let walk = Walk::from_path(space, path)?;
            yen.offer(walk, run.meter_mut())?;
            yen.take_cheapest(k);
        }
        let (mut banned, mut cut) = (StateSet::new(), StateSet::new());
        // The paths found whose deviations have been offered: every one
        // before the cheapest candidate is taken.
        let mut deviated = 0;
        while yen.found.len() < k {
            if deviated == yen.found.len() {
                if !yen.take_cheapest(k) {
                    break;
                }
                continue;
            }
            let last = yen.found[deviated];
            deviated += 1;
            let last_len = yen.walks[last].states.len();
            // Deviations at the starts (`None`), then at each state but
            // the goal.
            for spur in std::iter::once(None).chain((0..last_len - 1).map(Some)) {
                let prefix = spur.map_or(0, |spur| spur + 1);
                banned.clear();
                cut.clear();
                let last_walk = &yen.walks[last];
                for state in &last_walk.states[..prefix.saturating_sub(1)] {
                    banned.insert(state.clone(), run.meter_mut())?;
                }
                // The next state of every path found that shares this
                // beginning: the edges it may not take again.
                for &found in &yen.found {
                    let walk = &yen.walks[found];
                    if walk.states.len() > prefix
                        && walk.states[..prefix] == last_walk.states[..prefix]
                    {
                        cut.insert(walk.states[prefix].clone(), run.meter_mut())?;
                    }
                }
                let tail = match spur {
                    None => {
                        let detour = Detour { space, spur: None, banned: &banned, cut: &cut };
                        let from: Vec<S> =
                            roots.iter().filter(|root| !cut.contains(root)).cloned().collect();
                        search(self, &detour, &from, run)?
                    }
                    Some(spur) => {
                        let from = &last_walk.states[spur];
                        let detour = Detour { space, spur: Some(from), banned: &banned, cut: &cut };
                        search(self, &detour, std::slice::from_ref(from), run)?
                    }
                };
                let Some((tail, _)) = tail else { continue };
                let mut walk = yen.walks[last].prefix(spur.map_or(0, |spur| spur + 1));
                walk.extend(space, tail)?;
                yen.offer(walk, run.meter_mut())?;
            }
        }
        run.set_stats(total);
        Ok(yen.into_paths())
    }
}

/// The paths of a Yen search: every one offered once, the found ones in
/// order, and the candidates by cost.
struct Yen<S, M, C> {
    walks: Vec<Walk<S, M, C>>,
    /// The walks, by the hash of their states, so that a path is offered
    /// once.
    seen: HashTable<u32>,
    found: Vec<usize>,
    candidates: BinaryHeap<Reverse<(ByCost<C>, usize, usize)>>,
}

impl<S: State, M: Clone, C: Cost> Yen<S, M, C> {
    fn new() -> Yen<S, M, C> {
        Yen {
            walks: Vec::new(),
            seen: HashTable::new(),
            found: Vec::new(),
            candidates: BinaryHeap::new(),
        }
    }

    /// Makes `walk` a candidate, unless its states were offered before.
    fn offer(&mut self, walk: Walk<S, M, C>, meter: &mut Meter) -> Result<(), Error> {
        let walks = &self.walks;
        let rehash = |&index: &u32| hash_of(&walks[index as usize].states[..]);
        reserve_one(meter, &mut self.seen, rehash)?;
        let hash = hash_of(&walk.states[..]);
        if self.seen.find(hash, |&index| walks[index as usize].states == walk.states).is_some() {
            return Ok(());
        }
        let index = self.walks.len();
        self.seen.insert_unique(hash, index as u32, rehash);
        let cost = walk.costs[walk.costs.len() - 1];
        meter.push_heap(&mut self.candidates, Reverse((ByCost(cost), walk.states.len(), index)))?;
        meter.push(&mut self.walks, walk)
    }

    /// Moves the cheapest candidate to the paths found, and with it every
    /// other of the same cost while fewer than `k` are found: no path
    /// found later costs less, so they are among the cheapest, and their
    /// own deviations need not be searched once `k` are found. False
    /// when there is no candidate.
    fn take_cheapest(&mut self, k: usize) -> bool {
        let Some(Reverse((cost, _, index))) = self.candidates.pop() else { return false };
        self.found.push(index);
        while self.found.len() < k
            && let Some(next) = self.candidates.peek_mut()
            && next.0.0 == cost
        {
            let Reverse((_, _, index)) = PeekMut::pop(next);
            self.found.push(index);
        }
        true
    }

    fn into_paths(mut self) -> Vec<(Path<S, M>, C)> {
        let found = std::mem::take(&mut self.found);
        let mut walks: Vec<Option<Walk<S, M, C>>> = self.walks.into_iter().map(Some).collect();
        found.into_iter().filter_map(|index| walks[index].take().map(Walk::into_path)).collect()
    }
}

/// A path through the space, with the cost to each of its states.
struct Walk<S, M, C> {
    states: Vec<S>,
    moves: Vec<M>,
    costs: Vec<C>,
}

impl<S: State, M: Clone, C: Cost> Walk<S, M, C> {
    fn from_path<G>(space: &G, path: Path<S, M>) -> Result<Walk<S, M, C>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
    {
        let mut walk = Walk { states: Vec::new(), moves: Vec::new(), costs: Vec::new() };
        walk.extend(space, path)?;
        Ok(walk)
    }

    /// The walk's first `len` states (none for a deviation at the starts).
    fn prefix(&self, len: usize) -> Walk<S, M, C> {
        Walk {
            states: self.states[..len].to_vec(),
            moves: self.moves[..len.saturating_sub(1)].to_vec(),
            costs: if len == 0 { Vec::new() } else { self.costs[..len].to_vec() },
        }
    }

    /// Appends `tail`, which begins where the walk ends (or, for an empty
    /// walk, at a start).
    fn extend<G>(&mut self, space: &G, tail: Path<S, M>) -> Result<(), Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
    {
        let (states, moves) = tail.into_parts();
        let mut states = states.into_iter();
        if self.states.is_empty() {
            self.states.extend(states.next());
            self.costs.push(C::zero());
        } else {
            states.next();
        }
        for (next, mv) in states.zip(moves) {
            let from = &self.states[self.states.len() - 1];
            let step = space.cost(from, &mv, &next);
            self.costs.push(extend_cost(self.costs[self.costs.len() - 1], step)?);
            self.states.push(next);
            self.moves.push(mv);
        }
        Ok(())
    }

    fn into_path(self) -> (Path<S, M>, C) {
        let cost = self.costs[self.costs.len() - 1];
        (Path::new(self.states, self.moves), cost)
    }
}

/// A set of states, grown within a memory budget.
struct StateSet<S> {
    table: HashTable<S>,
}

impl<S: State> StateSet<S> {
    fn new() -> StateSet<S> {
        StateSet { table: HashTable::new() }
    }

    fn clear(&mut self) {
        self.table.clear();
    }

    fn insert(&mut self, state: S, meter: &mut Meter) -> Result<(), Error> {
        reserve_one(meter, &mut self.table, hash_of)?;
        let hash = hash_of(&state);
        if self.table.find(hash, |other| *other == state).is_none() {
            self.table.insert_unique(hash, state, hash_of);
        }
        Ok(())
    }

    /// Whether `state` is in the set; an empty set (the first search's,
    /// and the deviations' at the starts and at the first state) answers
    /// without hashing it.
    #[inline]
    fn contains(&self, state: &S) -> bool {
        !self.table.is_empty() && self.table.find(hash_of(state), |other| other == state).is_some()
    }
}

/// The space less the states in `banned` and, out of `spur`, the moves
/// into the states in `cut`.
struct Detour<'a, G: Successors> {
    space: &'a G,
    spur: Option<&'a G::State>,
    banned: &'a StateSet<G::State>,
    cut: &'a StateSet<G::State>,
}

impl<G: Successors> Successors for Detour<'_, G> {
    type State = G::State;
    type Move = G::Move;

    #[inline]
    fn successors<F: FnMut(G::State, G::Move)>(&self, state: &G::State, mut report: F) {
        let cutting = self.spur == Some(state);
        self.space.successors(state, |next, mv| {
            if !(self.banned.contains(&next) || cutting && self.cut.contains(&next)) {
                report(next, mv);
            }
        });
    }

    #[inline]
    fn successors_until<F>(&self, state: &G::State, mut report: F) -> std::ops::ControlFlow<()>
    where
        F: FnMut(G::State, G::Move) -> std::ops::ControlFlow<()>,
    {
        let cutting = self.spur == Some(state);
        self.space.successors_until(state, |next, mv| {
            if self.banned.contains(&next) || cutting && self.cut.contains(&next) {
                std::ops::ControlFlow::Continue(())
            } else {
                report(next, mv)
            }
        })
    }

    fn failure(&self) -> Option<Error> {
        self.space.failure()
    }

    #[inline]
    fn heap_bytes(&self, state: &G::State) -> usize {
        self.space.heap_bytes(state)
    }
}

impl<G: Weighted> Weighted for Detour<'_, G> {
    type Cost = G::Cost;

    #[inline]
    fn cost(&self, from: &G::State, mv: &G::Move, to: &G::State) -> G::Cost {
        self.space.cost(from, mv, to)
    }
}
