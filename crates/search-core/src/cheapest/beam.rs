//! Beam search: breadth first, keeping the few states of each layer an
//! estimate rates nearest a goal. Its cache, [`BeamSearch`], keeps a tree
//! whose nodes carry no cost: a search chosen for its small memory pays
//! for no more than its states and edges.

use std::fmt;

use crate::error::{Error, Limit};
use crate::execute::execute;
use crate::path::Path;
use crate::run::context::Run;
use crate::run::memory::bytes_of;
use crate::space::traits::{State, Successors};
use crate::space::weighted::Cost;
use crate::store::tree::{Lookup, NO_PARENT, Tree};

/// A path from any of `starts` to a state that satisfies `is_goal`, by
/// beam search, keeping the `width` states of each layer that `heuristic`
/// rates nearest a goal.
///
/// A shortcut for [`BeamSearch::run`] with a fresh cache and a default
/// [`Run`].
///
/// # Errors
///
/// As for [`BeamSearch::run`].
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
    BeamSearch::one_shot().run(space, starts, heuristic, is_goal, width, &mut Run::new())
}

/// The reusable tables of beam search: the tree of the states it kept,
/// the layer being expanded and the next. A search that runs on a kept
/// cache allocates nothing its last search did not.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Run};
/// use search_core::cheapest::BeamSearch;
///
/// let steps = from_fn(|&n: &u32| [n + 1, n * 3]);
/// let mut beam = BeamSearch::new();
/// let mut run = Run::new();
/// for goal in [50, 100] {
///     let path = beam.run(&steps, [1], |&n| n.abs_diff(goal), |&n| n == goal, 100, &mut run)?;
///     assert_eq!(path.map(|path| *path.end()), Some(goal));
/// }
/// # Ok::<(), search_core::Error>(())
/// ```
pub struct BeamSearch<S, M> {
    tree: Tree<S, M>,
    scratch: Vec<(S, M)>,
    layer: Vec<u32>,
    next: Vec<u32>,
}

impl<S: State, M: Clone> Default for BeamSearch<S, M> {
    fn default() -> Self {
        BeamSearch::new()
    }
}

impl<S: State, M: Clone> BeamSearch<S, M> {
    /// A cache with empty tables.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::cheapest::BeamSearch;
    ///
    /// let line = from_fn(|&n: &u32| [n + 1]);
    /// let path = BeamSearch::new().run(&line, [0], |_| 0u32, |&n| n == 3, 1, &mut Run::new())?;
    /// assert_eq!(path.map(|path| path.len()), Some(3));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn new() -> BeamSearch<S, M> {
        BeamSearch { tree: Tree::new(), scratch: Vec::new(), layer: Vec::new(), next: Vec::new() }
    }

    /// A cache for one search, whose tree starts from its thread's spare
    /// index (see [`bfs`](crate::bfs)).
    fn one_shot() -> BeamSearch<S, M> {
        BeamSearch { tree: Tree::with_spare_index(), ..BeamSearch::new() }
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
    /// use search_core::cheapest::BeamSearch;
    ///
    /// let steps = from_fn(|&n: &u32| [n + 1, n * 3].into_iter().filter(|&m| m < 1000));
    /// let mut search = BeamSearch::new();
    /// let mut run = Run::new().limits(Limits::new().max_depth(5));
    /// let estimate = |&n: &u32| n.abs_diff(100);
    /// assert!(search.run(&steps, [1], estimate, |&n| n == 100, 1000, &mut run).is_err());
    /// run.set_limits(Limits::new());
    /// let path = search.run(&steps, [1], estimate, |&n| n == 100, 1000, &mut run)?;
    /// assert_eq!(path.map(|path| path.len()), Some(7));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn run<G, I, H, C, P>(
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
        C: Cost,
        P: FnMut(&S) -> bool,
    {
        let search = |this: &mut Self, run: &mut Run<'_>| -> Result<Option<Path<S, M>>, Error> {
            let limits = run.get_limits();
            let BeamSearch { tree, scratch, layer, next } = this;
            tree.reset(space, Lookup::Seen, &limits, run.meter_mut())?;
            layer.clear();
            for start in starts {
                if let Some(id) =
                    tree.insert(space, &limits, run.meter_mut(), start, NO_PARENT, None)?
                {
                    if is_goal(tree.state(id as usize)) {
                        return Ok(Some(tree.path(id)?));
                    }
                    run.meter_mut().push(layer, id)?;
                }
            }
            let max_depth = limits.get_max_depth().unwrap_or(usize::MAX);
            let mut depth = 0;
            loop {
                keep_nearest(layer, width, |id| heuristic(tree.state(id as usize)), run)?;
                if layer.is_empty() {
                    return Ok(None);
                }
                if depth == max_depth {
                    // A layer is left at the limit: what lies past it is unknown.
                    return Err(Error::limit(Limit::Depth(max_depth)));
                }
                depth += 1;
                run.count_frontier(layer.len());
                next.clear();
                for &parent in layer.iter() {
                    limits.check_nodes(run.stats().expanded)?;
                    tree.expand_node(space, parent as usize, scratch, run)?;
                    run.tick(tree.len(), depth)?;
                    for (child, mv) in scratch.drain(..) {
                        let Some(id) =
                            tree.insert(space, &limits, run.meter_mut(), child, parent, Some(mv))?
                        else {
                            run.count_duplicate();
                            continue;
                        };
                        if is_goal(tree.state(id as usize)) {
                            return Ok(Some(tree.path(id)?));
                        }
                        run.meter_mut().push(next, id)?;
                    }
                }
                std::mem::swap(layer, next);
            }
        };
        execute(self, space, run, search, |this| this.tree.len())
    }
}

impl<S, M> fmt::Debug for BeamSearch<S, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BeamSearch").field("stored", &self.tree.len()).finish_non_exhaustive()
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
