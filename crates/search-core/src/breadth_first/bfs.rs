use std::fmt;

use crate::breadth_first::search::Search;
use crate::error::Error;
use crate::path::Path;
use crate::run::context::Run;
use crate::run::limits::Limits;
use crate::run::stats::Stats;
use crate::space::traits::unless_failed;
use crate::space::traits::{State, Successors};
use crate::store::batch::run_length;
use crate::store::expand::at_depth_bound;
use crate::store::tree::{Lookup, NO_PARENT, Tree};

/// The shortest path from any of `starts` to the first state that satisfies
/// `is_goal`, or `None` when no goal can be reached.
///
/// A shortcut for [`Search::bfs`] with default [`Limits`]. A space without
/// ranks keeps its states' node ids in a hash table; a dropped search
/// leaves that table, emptied, to the next call on its thread (a table of
/// at most 4 MiB, room for 458,752 states), so that a run of one-shot
/// calls does not grow one from nothing each time. A [`Search`] kept by the
/// caller reuses all of its tables.
///
/// - `space`: the state space.
/// - `starts`: one start (`[start]`) or several; the path begins at the
///   nearest one.
/// - `is_goal`: the goal test. For a single goal state, `|s| *s == goal`.
///
/// # Errors
///
/// When the search reaches a [`Limits`] bound before it can answer.
///
/// # Example
///
/// ```
/// use search_core::{bfs, from_fn};
///
/// // Pour between a 3-litre and a 5-litre jug until one holds 4 litres.
/// let jugs = from_fn(|&(a, b): &(u8, u8)| {
///     let into_b = a.min(5 - b);
///     let into_a = b.min(3 - a);
///     [(3, b), (a, 5), (0, b), (a, 0), (a - into_b, b + into_b), (a + into_a, b - into_a)]
/// });
/// let path = bfs(&jugs, [(0, 0)], |&(_, b)| b == 4)?.expect("solvable");
/// assert_eq!(path.len(), 6);
/// assert_eq!(path.end(), &(3, 4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bfs<G, I, P>(
    space: &G,
    starts: I,
    is_goal: P,
) -> Result<Option<Path<G::State, G::Move>>, Error>
where
    G: Successors,
    I: IntoIterator<Item = G::State>,
    P: FnMut(&G::State) -> bool,
{
    Search::one_shot().bfs(space, starts, is_goal, &mut Run::new())
}

impl<S: State, M: Clone> Search<S, M> {
    /// The shortest path in `space` from any of `starts` to the first state
    /// that satisfies `is_goal`, or `None` when no goal can be reached.
    ///
    /// States are tested as they are generated, so the search stops one
    /// layer earlier than a test at expansion would.
    ///
    /// # Errors
    ///
    /// As every breadth-first search here: when a depth bound cuts off
    /// states not yet seen, or the state or memory limit is reached, or
    /// the space reports a rank outside its count, or the search's
    /// [`CancelHandle`](crate::run::CancelHandle) is cancelled
    /// ([`ErrorKind::Cancelled`](crate::ErrorKind::Cancelled)). A space that ends within
    /// the depth bound gives `Ok(None)`; see [`Limits::max_depth`].
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// let space = from_fn(|&n: &u32| [n + 1, n * 2]);
    /// let mut search = Search::new();
    /// let mut run = Run::new();
    /// let path = search.bfs(&space, [1], |&n| n == 10, &mut run)?.expect("reachable");
    /// assert_eq!(path.states(), [1, 2, 4, 5, 10]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bfs<G, I, P>(
        &mut self,
        space: &G,
        starts: I,
        mut is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<S, M>>, Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
        P: FnMut(&S) -> bool,
    {
        let bfs = |search: &mut Self, run: &mut Run<'_>| {
            let tree = &mut search.forward;
            let limits = run.get_limits();
            tree.reset(space, Lookup::Seen, &limits, run.meter_mut())?;
            for start in starts {
                if let Some(id) =
                    tree.insert(space, &limits, run.meter_mut(), start, NO_PARENT, None)?
                    && is_goal(tree.state(id as usize))
                {
                    return Ok(Some(tree.path(id)?));
                }
            }
            let mut head = 0;
            let mut layer_end = tree.len();
            let mut depth = 0;
            run.count_frontier(layer_end);
            while head < tree.len() {
                if head == layer_end {
                    depth += 1;
                    layer_end = tree.len();
                    run.count_frontier(layer_end - head);
                }
                let layer = tree.states_from(head);
                let bound =
                    at_depth_bound(space, run, depth, layer, &mut search.scratch, |next| {
                        tree.contains(space, next)
                    })?;
                if bound.for_search(depth)? {
                    return Ok(None);
                }
                // A run of the layer is expanded before any successor is
                // stored ([`Seen::collect_keyed`](crate::store::seen::Seen::collect_keyed)
                // says why); each state's successors are then stored, checked
                // and counted in the order of expanding state by state.
                let longest = run_length(run.stats().expanded);
                let (keyed, expansions) = (&mut search.keyed, &mut search.expansions);
                tree.collect_keyed(space, head..layer_end, longest, keyed, expansions, run)?;
                let run_end = head + search.expansions.len();
                let mut keyed = search.keyed.drain(..);
                for (parent, expansion) in (head..run_end).zip(&search.expansions) {
                    expansion.count(run);
                    run.tick(tree.len(), depth)?;
                    for child in keyed.by_ref().take(expansion.kept) {
                        let parent = parent as u32;
                        match tree.insert_keyed_with(
                            space,
                            &limits,
                            run.meter_mut(),
                            parent,
                            child.reached(),
                            (),
                        )? {
                            Some(id) => {
                                if is_goal(tree.state(id as usize)) {
                                    return Ok(Some(tree.path(id)?));
                                }
                            }
                            None => run.count_duplicate(),
                        }
                    }
                }
                head = run_end;
            }
            Ok(None)
        };
        self.execute(space, run, bfs, |search| search.forward.len())
    }

    /// The number of moves in `space` from the nearest of `starts` to the
    /// nearest state that satisfies `is_goal`, or `None` when no goal can
    /// be reached.
    ///
    /// Cheaper than [`bfs`](Search::bfs): it keeps a visited set and two
    /// frontiers, but no parents and no moves.
    ///
    /// # Errors
    ///
    /// As for [`bfs`](Search::bfs).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// let space = from_fn(|&n: &u32| [n + 1, n * 2]);
    /// assert_eq!(Search::new().distance(&space, [1], |&n| n == 10, &mut Run::new())?, Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distance<G, I, P>(
        &mut self,
        space: &G,
        starts: I,
        mut is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<usize>, Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
        P: FnMut(&S) -> bool,
    {
        let layers = |search: &mut Self, run: &mut Run<'_>| {
            search.seed_frontier(space, starts, run)?;
            if search.frontier.iter().any(&mut is_goal) {
                return Ok(Some(0));
            }
            let mut depth = 0;
            loop {
                if search.frontier.is_empty() {
                    break Ok(None);
                }
                run.count_frontier(search.frontier.len());
                if search.frontier_at_depth_bound(space, depth, run)?.for_search(depth)? {
                    break Ok(None);
                }
                if search.expand_frontier(space, depth, &mut is_goal, run)? {
                    break Ok(Some(depth + 1));
                }
                search.advance_frontier();
                depth += 1;
            }
        };
        self.execute(space, run, layers, |search| search.seen.len())
    }
}

/// A breadth-first traversal that the caller drives, one state at a time.
///
/// `Bfs` owns its queue and its visited store, and borrows the space only
/// during each call to [`next`](Bfs::next), so the caller can stop, inspect
/// the tree, resume, or [`start`](Bfs::start) again from other states
/// without reallocating.
///
/// States come out in order of depth. Each [`Visit`] carries the state, its
/// depth and a [`NodeId`] from which [`path`](Bfs::path) rebuilds the way
/// back to a start.
///
/// Unlike the one-shot searches, a depth bound here prunes rather than fails:
/// states at [`Limits::max_depth`] are visited but not expanded, as with
/// walkdir's `max_depth`. Only the state bound is an error.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Limits};
/// use search_core::breadth_first::Bfs;
///
/// let space = from_fn(|&n: &u32| [2 * n, 2 * n + 1]);
/// let mut bfs = Bfs::new().limits(Limits::new().max_depth(2));
/// bfs.start(&space, [1])?;
/// let mut seen = Vec::new();
/// while let Some(visit) = bfs.next(&space)? {
///     seen.push((*visit.state(), visit.depth()));
/// }
/// assert_eq!(seen, [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2), (7, 2)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Bfs<S, M> {
    tree: Tree<S, M>,
    head: usize,
    layer_end: usize,
    depth: usize,
    /// Limits, memory and counts; no observer or cancel handle, as the
    /// caller, who takes each step, can stop at any of them.
    run: Run<'static>,
    scratch: Vec<(S, M)>,
}

/// A state handed out by [`Bfs::next`]: the state, its depth, and the id
/// from which [`Bfs::path`] rebuilds its path.
///
/// # Example
///
/// ```
/// use search_core::from_fn;
/// use search_core::breadth_first::Bfs;
///
/// let space = from_fn(|&n: &u8| [n.saturating_sub(3)]);
/// let mut bfs = Bfs::new();
/// bfs.start(&space, [7])?;
/// let mut depths = Vec::new();
/// while let Some(visit) = bfs.next(&space)? {
///     depths.push((*visit.state(), visit.depth()));
/// }
/// assert_eq!(depths, [(7, 0), (4, 1), (1, 2), (0, 3)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Visit<'a, S> {
    state: &'a S,
    depth: usize,
    node: NodeId,
}

impl<'a, S> Visit<'a, S> {
    /// The state.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::breadth_first::Bfs;
    ///
    /// let space = from_fn(|&n: &u8| [n / 2]);
    /// let mut bfs = Bfs::new();
    /// bfs.start(&space, [6])?;
    /// assert_eq!(bfs.next(&space)?.map(|v| *v.state()), Some(6));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn state(&self) -> &'a S {
        self.state
    }

    /// The number of moves from the nearest start.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::breadth_first::Bfs;
    ///
    /// let space = from_fn(|&n: &u8| [n / 2]);
    /// let mut bfs = Bfs::new();
    /// bfs.start(&space, [6])?;
    /// bfs.next(&space)?;
    /// assert_eq!(bfs.next(&space)?.map(|v| v.depth()), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The id under which the traversal stored the state, for
    /// [`Bfs::path`].
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::breadth_first::Bfs;
    ///
    /// let space = from_fn(|&n: &u8| [n / 2]);
    /// let mut bfs = Bfs::new();
    /// bfs.start(&space, [6])?;
    /// let first = bfs.next(&space)?.map(|v| v.node());
    /// assert!(first.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node(&self) -> NodeId {
        self.node
    }
}

/// The id of a state stored by a [`Bfs`]; valid until the next
/// [`Bfs::start`].
///
/// # Example
///
/// ```
/// use search_core::from_fn;
/// use search_core::breadth_first::Bfs;
///
/// let space = from_fn(|&n: &u8| [n / 2]);
/// let mut bfs = Bfs::new();
/// bfs.start(&space, [12])?;
/// let mut ids = Vec::new();
/// while let Some(visit) = bfs.next(&space)? {
///     ids.push(visit.node());
/// }
/// // Ids come in the order states were found.
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// assert_eq!(bfs.path(ids[2])?.states(), [12, 6, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl<S: crate::State, M: Clone> Bfs<S, M> {
    /// An idle traversal with default [`Limits`]. Call
    /// [`start`](Bfs::start) to give it states.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::breadth_first::Bfs;
    ///
    /// let space = from_fn(|&n: &u8| [n / 2]);
    /// let mut bfs = Bfs::new();
    /// assert!(bfs.next(&space)?.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new() -> Bfs<S, M> {
        Bfs {
            tree: Tree::new(),
            head: 0,
            layer_end: 0,
            depth: 0,
            run: Run::new(),
            scratch: Vec::new(),
        }
    }

    /// Sets the limits; see the type's docs for how the depth bound acts.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Limits};
    /// use search_core::breadth_first::Bfs;
    ///
    /// let space = from_fn(|&n: &u64| [n + 1]);
    /// let mut bfs = Bfs::new().limits(Limits::new().max_depth(3));
    /// bfs.start(&space, [0])?;
    /// let mut count = 0;
    /// while bfs.next(&space)?.is_some() {
    ///     count += 1;
    /// }
    /// assert_eq!(count, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Bfs<S, M> {
        self.run.set_limits(limits);
        self
    }

    /// Forgets everything and starts again from `starts`, keeping the
    /// allocations.
    ///
    /// # Errors
    ///
    /// When there are more starts than the state bound, or a start's rank is
    /// outside the space's bound.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::breadth_first::Bfs;
    ///
    /// let space = from_fn(|&n: &u8| [n / 2]);
    /// let mut bfs = Bfs::new();
    /// bfs.start(&space, [9, 9, 4])?;
    /// assert_eq!(bfs.next(&space)?.map(|v| *v.state()), Some(9));
    /// assert_eq!(bfs.next(&space)?.map(|v| *v.state()), Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start<G, I>(&mut self, space: &G, starts: I) -> Result<(), Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
    {
        self.run.reset_stats();
        self.head = 0;
        self.depth = 0;
        self.layer_end = 0;
        let max_memory = self.run.get_limits().get_max_memory();
        self.run.meter_mut().restart(max_memory);
        self.tree.reset(space, Lookup::Seen, &self.run.get_limits(), self.run.meter_mut())?;
        for start in starts {
            self.tree.insert(
                space,
                &self.run.get_limits(),
                self.run.meter_mut(),
                start,
                NO_PARENT,
                None,
            )?;
        }
        self.layer_end = self.tree.len();
        self.run.set_stored(self.tree.len() as u64);
        self.run.count_frontier(self.layer_end);
        Ok(())
    }

    /// Visits the next state in breadth-first order, and stores its unseen
    /// successors; `None` when every reachable state has been visited.
    ///
    /// # Errors
    ///
    /// When storing a successor would pass the state bound, or a rank is
    /// outside the space's bound. The traversal can be started again.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::breadth_first::Bfs;
    ///
    /// let space = from_fn(|&n: &u8| if n < 3 { vec![n + 1] } else { vec![] });
    /// let mut bfs = Bfs::new();
    /// bfs.start(&space, [0])?;
    /// let mut last = None;
    /// while let Some(visit) = bfs.next(&space)? {
    ///     last = Some(visit.node());
    /// }
    /// let path = bfs.path(last.expect("visited"))?;
    /// assert_eq!(path.states(), [0, 1, 2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn next<G>(&mut self, space: &G) -> Result<Option<Visit<'_, S>>, Error>
    where
        G: Successors<State = S, Move = M>,
    {
        if self.head == self.tree.len() {
            return Ok(None);
        }
        if self.head == self.layer_end {
            self.depth += 1;
            self.layer_end = self.tree.len();
            self.run.count_frontier(self.layer_end - self.head);
        }
        let id = self.head;
        self.head += 1;
        if self.run.get_limits().allows_depth(self.depth + 1) {
            self.tree.expand_node(space, id, &mut self.scratch, &mut self.run)?;
            let parent = id as u32;
            let mut inserted = Ok(());
            for (next, mv) in self.scratch.drain(..) {
                match self.tree.insert(
                    space,
                    &self.run.get_limits(),
                    self.run.meter_mut(),
                    next,
                    parent,
                    Some(mv),
                ) {
                    Ok(Some(_)) => {}
                    Ok(None) => self.run.count_duplicate(),
                    Err(error) => {
                        inserted = Err(error);
                        break;
                    }
                }
            }
            self.run.set_stored(self.tree.len() as u64);
            inserted?;
        }
        let visit =
            Visit { state: self.tree.state(id), depth: self.depth, node: NodeId(id as u32) };
        unless_failed(space, Ok(Some(visit)))
    }

    /// The rest of the traversal as an [`Iterator`] over `space`: each item
    /// is a visited state (cloned) and its depth, or the error that ended
    /// the traversal, after which the iterator ends. For a `for` loop
    /// where [`next`](Bfs::next)'s borrowed [`Visit`] is not needed; the
    /// traversal can still be resumed, or its paths read, afterwards.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::breadth_first::Bfs;
    ///
    /// let space = from_fn(|&n: &u32| [2 * n, 2 * n + 1].into_iter().filter(|&m| m < 16));
    /// let mut bfs = Bfs::new();
    /// bfs.start(&space, [1])?;
    /// let mut layers = [0; 4];
    /// for visit in bfs.walk(&space) {
    ///     let (_, depth) = visit?;
    ///     layers[depth] += 1;
    /// }
    /// assert_eq!(layers, [1, 2, 4, 8]);
    /// assert_eq!(bfs.walk(&space).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn walk<'a, G>(&'a mut self, space: &'a G) -> Walk<'a, G>
    where
        G: Successors<State = S, Move = M>,
    {
        Walk { bfs: self, space, ended: false }
    }

    /// The path from a start to the state stored as `node`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::AllocationFailed`](crate::ErrorKind::AllocationFailed)
    /// when the allocator refuses the path's memory.
    ///
    /// # Panics
    ///
    /// When `node` did not come from this traversal since its last start.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::breadth_first::Bfs;
    ///
    /// let space = from_fn(|&n: &u32| [n + 1, n * 2]);
    /// let mut bfs = Bfs::new();
    /// bfs.start(&space, [1])?;
    /// while let Some(visit) = bfs.next(&space)? {
    ///     if *visit.state() == 6 {
    ///         let node = visit.node();
    ///         assert_eq!(bfs.path(node)?.states(), [1, 2, 3, 6]);
    ///         break;
    ///     }
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path(&self, node: NodeId) -> Result<Path<S, M>, Error> {
        self.tree.path(node.0)
    }

    /// What the traversal has counted since its last start.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::breadth_first::Bfs;
    ///
    /// let space = from_fn(|&n: &u8| [n / 2]);
    /// let mut bfs = Bfs::new();
    /// bfs.start(&space, [8])?;
    /// while bfs.next(&space)?.is_some() {}
    /// assert_eq!(bfs.stats().stored, 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> Stats {
        self.run.stats()
    }
}

impl<S: crate::State, M: Clone> Default for Bfs<S, M> {
    fn default() -> Bfs<S, M> {
        Bfs::new()
    }
}

impl<S, M> fmt::Debug for Bfs<S, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bfs")
            .field("visited", &self.head)
            .field("stored", &self.tree.len())
            .field("depth", &self.depth)
            .field("limits", &self.run.get_limits())
            .finish_non_exhaustive()
    }
}

/// A breadth-first traversal as an [`Iterator`]: made by [`Bfs::walk`];
/// see there.
///
/// # Example
///
/// ```
/// use search_core::from_fn;
/// use search_core::breadth_first::Bfs;
///
/// let space = from_fn(|&n: &u8| [n / 2]);
/// let mut bfs = Bfs::new();
/// bfs.start(&space, [100])?;
/// let states: Vec<u8> = bfs.walk(&space).map(|visit| visit.map(|(n, _)| n)).collect::<Result<_, _>>()?;
/// assert_eq!(states, [100, 50, 25, 12, 6, 3, 1, 0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Walk<'a, G: Successors> {
    bfs: &'a mut Bfs<G::State, G::Move>,
    space: &'a G,
    ended: bool,
}

impl<G: Successors> Iterator for Walk<'_, G> {
    type Item = Result<(G::State, usize), Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.ended {
            return None;
        }
        match self.bfs.next(self.space) {
            Ok(Some(visit)) => Some(Ok((visit.state().clone(), visit.depth()))),
            Ok(None) => {
                self.ended = true;
                None
            }
            Err(error) => {
                self.ended = true;
                Some(Err(error))
            }
        }
    }
}

impl<G: Successors> fmt::Debug for Walk<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Walk").field("bfs", &self.bfs).field("ended", &self.ended).finish()
    }
}
