//! 0-1 breadth-first search: cheapest paths where every move costs 0 or 1,
//! in time linear in the edges, without a priority queue.

use std::fmt;

use num_traits::One;

use crate::cheapest::astar::{Best, Reached, Taken, plant, relax, take};
use crate::error::Error;
use crate::execute::execute;
use crate::path::Path;
use crate::run::context::Run;
use crate::space::traits::State;
use crate::space::weighted::{Cost, Weighted, add_costs};
use crate::store::tree::{Lookup, Tree};

/// A cheapest path from any of `starts` to the first state that satisfies
/// `is_goal`, and its cost, in a space whose moves cost 0 or 1; `None`
/// when no goal can be reached.
///
/// A shortcut for [`ZeroOneBfs::run`] with default [`Limits`](crate::Limits).
/// Like [`bfs`](crate::bfs), it starts from the node index that the last
/// search dropped on its thread left behind, and leaves its own.
///
/// # Errors
///
/// When the search reaches a [`Limits`](crate::Limits) bound, a move costs something
/// other than 0 or 1 ([`ErrorKind::CostNotZeroOrOne`](crate::ErrorKind::CostNotZeroOrOne)),
/// or a path's cost passes the most the cost type holds.
///
/// # Example
///
/// A walker on the line from 0 to 100 who may also teleport from `n` to
/// `2n` for free: the cheapest way from 1 to 13 pays only for the steps.
///
/// ```
/// use search_core::{Successors, Weighted};
/// use search_core::cheapest::zero_one_bfs;
///
/// struct Teleport;
/// impl Successors for Teleport {
///     type State = u32;
///     type Move = char;
///     fn successors<F: FnMut(u32, char)>(&self, &n: &u32, mut report: F) {
///         if n < 100 {
///             report(n + 1, '+');
///         }
///         if n > 0 {
///             report(n - 1, '-');
///         }
///         if n * 2 <= 100 {
///             report(n * 2, '*');
///         }
///     }
/// }
/// impl Weighted for Teleport {
///     type Cost = u32;
///     fn cost(&self, _: &u32, &mv: &char, _: &u32) -> u32 {
///         u32::from(mv != '*')
///     }
/// }
/// let (path, cost) = zero_one_bfs(&Teleport, [1], |&n| n == 13)?.expect("reachable");
/// // 1 -> 2 -> 3 (+1) -> 6 -> 12 -> 13 (+1), or as cheap.
/// assert_eq!(cost, 2);
/// assert_eq!(path.end(), &13);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn zero_one_bfs<G, I, P>(
    space: &G,
    starts: I,
    is_goal: P,
) -> Result<Option<(Path<G::State, G::Move>, G::Cost)>, Error>
where
    G: Weighted,
    G::Cost: One,
    I: IntoIterator<Item = G::State>,
    P: FnMut(&G::State) -> bool,
{
    ZeroOneBfs::one_shot().run(space, starts, is_goal, &mut Run::new())
}

/// 0-1 breadth-first search, as a cache the caller keeps: its [`Limits`](crate::Limits),
/// the [`Stats`](crate::run::Stats) of the last run, and tables that later runs reuse.
///
/// States are settled in order of cost, one cost at a time: a move that
/// costs 0 puts its state in the cost being settled, one that costs 1 in
/// the next, so no priority queue is needed and the first goal settled is
/// a cheapest one. A state reached again more cheaply takes the cheaper
/// path; its older entry is skipped. The same answers as
/// [`dijkstra`](crate::dijkstra), in time linear in the moves.
///
/// # Example
///
/// ```
/// use search_core::{Limits, Successors, Weighted, Run};
/// use search_core::cheapest::ZeroOneBfs;
///
/// /// A grid walk where going right is free.
/// struct Windy;
/// impl Successors for Windy {
///     type State = (u8, u8);
///     type Move = (i8, i8);
///     fn successors<F: FnMut((u8, u8), (i8, i8))>(&self, &(x, y): &(u8, u8), mut report: F) {
///         for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
///             let (nx, ny) = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
///             if nx < 10 && ny < 10 {
///                 report((nx, ny), (dx, dy));
///             }
///         }
///     }
/// }
/// impl Weighted for Windy {
///     type Cost = u32;
///     fn cost(&self, _: &(u8, u8), &(dx, _): &(i8, i8), _: &(u8, u8)) -> u32 {
///         u32::from(dx != 1)
///     }
/// }
/// let mut search = ZeroOneBfs::new();
/// let mut run = Run::new().limits(Limits::new().max_states(1_000));
/// let (_, cost) = search.run(&Windy, [(0, 0)], |&s| s == (9, 9), &mut run)?.expect("reachable");
/// assert_eq!(cost, 9); // nine steps down, nine free steps right
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ZeroOneBfs<S, M, C> {
    /// The stored states, each with the cheapest cost found to it and
    /// whether it has been expanded.
    tree: Tree<S, M, Best<C>>,
    /// Nodes of the cost being settled, and of the next.
    current: Vec<u32>,
    next: Vec<u32>,
    scratch: Vec<(S, M)>,
}

impl<S: State, M: Clone, C: Cost + One> ZeroOneBfs<S, M, C> {
    /// A cache with empty tables.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::space::UnitCost;
    /// use search_core::cheapest::ZeroOneBfs;
    ///
    /// let mut search: ZeroOneBfs<u32, (), u32> = ZeroOneBfs::new();
    /// let mut run = Run::new();
    /// let line = UnitCost(from_fn(|&n: &u32| [n + 1]));
    /// assert_eq!(search.run(&line, [0], |&n| n == 3, &mut run)?.map(|(_, c)| c), Some(3));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn new() -> ZeroOneBfs<S, M, C> {
        ZeroOneBfs { tree: Tree::new(), current: Vec::new(), next: Vec::new(), scratch: Vec::new() }
    }

    /// A cache for one search, whose tree starts from its thread's spare
    /// index (see [`bfs`](crate::bfs)).
    fn one_shot() -> ZeroOneBfs<S, M, C> {
        ZeroOneBfs { tree: Tree::with_spare_index(), ..ZeroOneBfs::new() }
    }

    /// A cheapest path from any of `starts` to the first state that satisfies
    /// `is_goal`, and its cost, or `None` when no goal can be reached.
    ///
    /// # Errors
    ///
    /// When the search reaches its state, memory or node limit, a move
    /// costs something other than 0 or 1, a cost overflows, or the search
    /// is cancelled.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::space::UnitCost;
    /// use search_core::cheapest::ZeroOneBfs;
    ///
    /// let space = UnitCost(from_fn(|&n: &u32| [n + 1, n * 2]));
    /// let (path, cost) =
    ///     ZeroOneBfs::new().run(&space, [1], |&n| n == 10, &mut Run::new())?.expect("reachable");
    /// assert_eq!((path.states(), cost), (&[1, 2, 4, 5, 10][..], 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<G, I, P>(
        &mut self,
        space: &G,
        starts: I,
        mut is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: Weighted<State = S, Move = M, Cost = C>,
        I: IntoIterator<Item = S>,
        P: FnMut(&S) -> bool,
    {
        let search = |this: &mut Self, run: &mut Run<'_>| {
            this.tree.reset(space, Lookup::Ids, &run.get_limits(), run.meter_mut())?;
            this.current.clear();
            this.next.clear();
            let current = &mut this.current;
            plant(&mut this.tree, space, run, starts, |meter, _, root| meter.push(current, root))?;
            let mut settling = C::zero();
            loop {
                let Some(node) = this.current.pop() else {
                    if this.next.is_empty() {
                        return Ok(None);
                    }
                    std::mem::swap(&mut this.current, &mut this.next);
                    settling = add_costs(settling, C::one())?;
                    continue;
                };
                let taken = take(
                    &mut this.tree,
                    space,
                    (node, settling),
                    run,
                    &mut this.scratch,
                    &mut is_goal,
                );
                let state = match taken? {
                    // Settled already, or queued again at a cheaper cost.
                    Taken::Stale => continue,
                    Taken::Goal => return Ok(Some((this.tree.path(node)?, settling))),
                    Taken::Expanded(state) => state,
                };
                run.tick(this.tree.len(), 0)?;
                for (child_state, mv) in this.scratch.drain(..) {
                    let step = space.cost(&state, &mv, &child_state);
                    let free = if step == C::zero() {
                        true
                    } else if step == C::one() {
                        false
                    } else {
                        return Err(Error::cost_not_zero_or_one());
                    };
                    let cost = if free { settling } else { add_costs(settling, C::one())? };
                    // A settled node is never made cheaper: it was settled at
                    // its cheapest cost.
                    let Some(child) = relax(
                        &mut this.tree,
                        space,
                        run,
                        child_state,
                        Reached { parent: node, mv, cost },
                    )?
                    else {
                        continue;
                    };
                    let queue = if free { &mut this.current } else { &mut this.next };
                    run.meter_mut().push(queue, child)?;
                }
                run.count_frontier(this.current.len() + this.next.len());
            }
        };
        execute(self, space, run, search, |this| this.tree.len())
    }
}

impl<S: State, M: Clone, C: Cost + One> Default for ZeroOneBfs<S, M, C> {
    fn default() -> Self {
        ZeroOneBfs::new()
    }
}

impl<S, M, C> fmt::Debug for ZeroOneBfs<S, M, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ZeroOneBfs").field("stored", &self.tree.len()).finish_non_exhaustive()
    }
}
