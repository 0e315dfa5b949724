//! Incomplete and unbounded informed searches, for spaces too large to
//! solve optimally: greedy best-first search, which follows the estimate
//! alone, and beam search, which keeps the best few states of each layer.

use crate::cheapest::astar::AStar;
use crate::error::Error;
use crate::error::Limit;
use crate::path::Path;
use crate::run::context::Run;
use crate::run::memory::bytes_of;
use crate::space::traits::{State, Successors, unless_failed};
use crate::space::weighted::{Cost, Weighted};
use crate::store::tree::{Lookup, NO_PARENT};

/// A space whose moves cost nothing, so that A*'s `g + h` is `h` alone.
struct FreeMoves<'g, G, C>(&'g G, std::marker::PhantomData<C>);

impl<G: Successors, C> Successors for FreeMoves<'_, G, C> {
    type State = G::State;
    type Move = G::Move;

    crate::space::delegate::delegate_successors!(0);
}

impl<G: Successors, C: Cost> Weighted for FreeMoves<'_, G, C> {
    type Cost = C;

    #[inline]
    fn cost(&self, _: &G::State, _: &G::Move, _: &G::State) -> C {
        C::zero()
    }
}

/// A path from any of `starts` to the first state that satisfies
/// `is_goal`, by greedy best-first search: always expand the stored state
/// that `heuristic` says is nearest a goal, whatever its path cost.
///
/// A shortcut for [`AStar::greedy_best_first`] with a fresh cache and a
/// default [`Run`].
///
/// # Errors
///
/// As for [`AStar::greedy_best_first`].
///
/// # Example
///
/// ```
/// use search_core::from_fn;
/// use search_core::cheapest::greedy_best_first;
///
/// // Towards 100 by +1 or *3, the estimate the distance left.
/// let steps = from_fn(|&n: &u32| [n + 1, n * 3]);
/// let path = greedy_best_first(&steps, [1], |&n| n.abs_diff(100), |&n| n == 100)?
///     .expect("reachable");
/// assert_eq!(path.states()[..5], [1, 3, 9, 27, 81]);
/// assert_eq!(path.len(), 23); // 4 triples, then 19 steps; 7 moves would do
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn greedy_best_first<G, I, H, C, P>(
    space: &G,
    starts: I,
    heuristic: H,
    is_goal: P,
) -> Result<Option<Path<G::State, G::Move>>, Error>
where
    G: Successors,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    H: Fn(&G::State) -> C,
    C: Cost,
    P: FnMut(&G::State) -> bool,
{
    AStar::one_shot().greedy_best_first(space, starts, heuristic, is_goal, &mut Run::new())
}

/// A path from any of `starts` to a state that satisfies `is_goal`, by
/// beam search, keeping the `width` states of each layer that `heuristic`
/// rates nearest a goal.
///
/// A shortcut for [`AStar::beam_search`] with a fresh cache and a default
/// [`Run`].
///
/// # Errors
///
/// As for [`AStar::beam_search`].
///
/// # Example
///
/// ```
/// use search_core::from_fn;
/// use search_core::cheapest::beam_search;
///
/// let steps = from_fn(|&n: &u32| [n + 1, n * 3].into_iter().filter(|&m| m < 1000));
/// let estimate = |&n: &u32| n.abs_diff(100);
/// let goal = |&n: &u32| n == 100;
/// // Wide enough for every layer: breadth-first search, a shortest path.
/// let path = beam_search(&steps, [1], estimate, goal, 1000)?.expect("found");
/// assert_eq!(path.len(), 7);
/// // Two states a layer: a path, not a short one.
/// let path = beam_search(&steps, [1], estimate, goal, 2)?.expect("found");
/// assert_eq!(path.len(), 23);
/// // One state a layer, led by an estimate that misleads: no path.
/// let misleading = |&n: &u32| 1000 - n;
/// assert_eq!(beam_search(&steps, [1], misleading, goal, 1)?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn beam_search<G, I, H, C, P>(
    space: &G,
    starts: I,
    heuristic: H,
    is_goal: P,
    width: usize,
) -> Result<Option<Path<G::State, G::Move>>, Error>
where
    G: Successors,
    G::Move: Clone,
    I: IntoIterator<Item = G::State>,
    H: Fn(&G::State) -> C,
    C: Cost,
    P: FnMut(&G::State) -> bool,
{
    AStar::one_shot().beam_search(space, starts, heuristic, is_goal, width, &mut Run::new())
}

impl<S: State, M: Clone, C: Cost> AStar<S, M, C> {
    /// A path from any of `starts` to the first state that satisfies
    /// `is_goal`, by greedy best-first search: always expand the stored
    /// state that `heuristic` says is nearest a goal, whatever its path
    /// cost. Fast when the estimate is good, but the path may be far from
    /// the shortest; `None` when no goal can be reached. Each state is
    /// stored once, so a finite space ends.
    ///
    /// It is A* over the same space with every move free: `g + h` is `h`.
    /// Of equal integer estimates below 256 the state found later is
    /// expanded first; of equal larger ones, or of other cost types, the
    /// order is not specified.
    /// Its limits are A*'s: the stored states, the memory and the expanded
    /// nodes.
    ///
    /// # Errors
    ///
    /// As for [`run`](AStar::run).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, ErrorKind, Limit, Limits, Run};
    /// use search_core::cheapest::AStar;
    ///
    /// let steps = from_fn(|&n: &u32| [n + 1, n * 3]);
    /// let mut search = AStar::new();
    /// let mut run = Run::new().limits(Limits::new().max_nodes(10));
    /// let found = search.greedy_best_first(&steps, [1], |&n| n.abs_diff(100), |&n| n == 100, &mut run);
    /// assert_eq!(found.unwrap_err().kind(), &ErrorKind::LimitReached(Limit::Nodes(10)));
    /// ```
    pub fn greedy_best_first<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: H,
        is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<S, M>>, Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
        H: Fn(&S) -> C,
        P: FnMut(&S) -> bool,
    {
        let free = FreeMoves::<G, C>(space, std::marker::PhantomData);
        let found = self.run(&free, starts, heuristic, is_goal, run)?;
        Ok(found.map(|(path, _)| path))
    }

    /// A path from any of `starts` to a state that satisfies `is_goal`,
    /// by beam search: breadth first, but of each layer (the starts' too)
    /// only the `width` states that `heuristic` rates nearest a goal are
    /// expanded (of equal estimates, those found first).
    ///
    /// Memory and time grow with `width` times the depth, not with the
    /// space. The price: it may answer `None` where a path exists (the
    /// states on it fell outside the beam), and a path it finds may be
    /// longer than the shortest. With a `width` of at least the widest
    /// layer it is breadth-first search, and its path a shortest one.
    /// States already seen in an earlier layer are not kept again. The
    /// limits that apply are the stored states, the memory, the expanded
    /// nodes and the depth (a layer left at the depth bound is an error).
    ///
    /// # Errors
    ///
    /// When the search reaches a limit, the space reports a rank outside
    /// its bound or fails, or the search is cancelled.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Limits, Run};
    /// use search_core::cheapest::AStar;
    ///
    /// let steps = from_fn(|&n: &u32| [n + 1, n * 3].into_iter().filter(|&m| m < 1000));
    /// let mut search = AStar::new();
    /// let mut run = Run::new().limits(Limits::new().max_depth(5));
    /// let estimate = |&n: &u32| n.abs_diff(100);
    /// assert!(search.beam_search(&steps, [1], estimate, |&n| n == 100, 1000, &mut run).is_err());
    /// run.set_limits(Limits::new());
    /// let path = search.beam_search(&steps, [1], estimate, |&n| n == 100, 1000, &mut run)?;
    /// assert_eq!(path.map(|path| path.len()), Some(7));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn beam_search<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: H,
        mut is_goal: P,
        width: usize,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<S, M>>, Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
        H: Fn(&S) -> C,
        P: FnMut(&S) -> bool,
    {
        let found = self.beam(space, starts, &heuristic, &mut is_goal, width, run);
        run.stats_mut().stored = self.beam_tree.len() as u64;
        unless_failed(space, found)
    }

    fn beam<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: &H,
        is_goal: &mut P,
        width: usize,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<S, M>>, Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
        H: Fn(&S) -> C,
        P: FnMut(&S) -> bool,
    {
        run.begin()?;
        let limits = run.get_limits();
        let tree = &mut self.beam_tree;
        tree.reset(space, Lookup::Seen, &limits, run.meter_mut())?;
        let mut layer: Vec<u32> = Vec::new();
        for start in starts {
            if let Some(id) =
                tree.insert(space, &limits, run.meter_mut(), start, NO_PARENT, None)?
            {
                if is_goal(tree.state(id as usize)) {
                    return Ok(Some(tree.path(id)?));
                }
                run.meter_mut().push(&mut layer, id)?;
            }
        }
        let max_depth = limits.get_max_depth().unwrap_or(usize::MAX);
        let mut depth = 0;
        let mut next: Vec<u32> = Vec::new();
        loop {
            keep_nearest(&mut layer, width, |id| heuristic(tree.state(id as usize)), run)?;
            if layer.is_empty() {
                return Ok(None);
            }
            if depth == max_depth {
                // A layer is left at the limit: what lies past it is unknown.
                return Err(Error::limit(Limit::Depth(max_depth)));
            }
            depth += 1;
            run.stats_mut().frontier(layer.len());
            next.clear();
            for &parent in &layer {
                limits.check_nodes(run.stats().expanded)?;
                tree.expand_node(space, parent as usize, &mut self.scratch, run)?;
                run.tick(tree.len(), depth)?;
                for (child, mv) in self.scratch.drain(..) {
                    let Some(id) =
                        tree.insert(space, &limits, run.meter_mut(), child, parent, Some(mv))?
                    else {
                        run.stats_mut().duplicates += 1;
                        continue;
                    };
                    if is_goal(tree.state(id as usize)) {
                        return Ok(Some(tree.path(id)?));
                    }
                    run.meter_mut().push(&mut next, id)?;
                }
            }
            std::mem::swap(&mut layer, &mut next);
        }
    }
}

/// Keeps the `width` nodes of `layer` that `estimate` rates nearest a
/// goal, in the order they were found (ties too).
fn keep_nearest<C: Cost>(
    layer: &mut Vec<u32>,
    width: usize,
    estimate: impl Fn(u32) -> C,
    run: &mut Run<'_>,
) -> Result<(), Error> {
    if width == 0 {
        layer.clear();
    } else if layer.len() > width {
        let mut rated: Vec<(C, usize)> = Vec::new();
        let bytes = bytes_of::<(C, usize)>(layer.len());
        run.meter_mut().charge(bytes)?;
        rated.try_reserve_exact(layer.len()).map_err(|_| Error::allocation_failed(bytes))?;
        rated.extend(layer.iter().enumerate().map(|(i, &id)| (estimate(id), i)));
        rated.select_nth_unstable_by(width - 1, |a, b| a.0.cost_cmp(&b.0).then(a.1.cmp(&b.1)));
        rated.truncate(width);
        rated.sort_unstable_by_key(|&(_, index)| index);
        // In place: the kept indices rise, so each is read before its
        // slot, at or below it, is written.
        for (slot, &(_, index)) in rated.iter().enumerate() {
            layer[slot] = layer[index];
        }
        layer.truncate(width);
        run.meter_mut().release(bytes);
    }
    Ok(())
}
