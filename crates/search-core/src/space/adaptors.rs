//! Spaces made from closures or from other spaces: [`from_fn`],
//! [`from_fn_weighted`] (with costs), [`from_fn_directed`] (with
//! predecessors), [`try_from_fn`] (whose successors can fail),
//! [`Undirected`], [`AsRanked`], and rankings from a formula, [`rank_by`].

use std::fmt;
use std::marker::PhantomData;
use std::ops::ControlFlow;
use std::sync::{Mutex, PoisonError};

use crate::error::Error;

use super::delegate::delegate_successors;
use super::ranked::RankedSpace;
use super::traits::{Predecessors, Ranking, Reversible, State, Successors, Unranking};
use super::weighted::{Cost, Weighted};

/// `Debug` for spaces made of closures, which have nothing to show but
/// their type's name.
macro_rules! debug_by_name {
    ($($space:ident<$($param:ident),+>),+ $(,)?) => {$(
        impl<$($param),+> fmt::Debug for $space<$($param),+> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($space)).finish_non_exhaustive()
            }
        }
    )+};
}

debug_by_name!(
    TryFromFn<S, F>,
    FromFn<S, F>,
    FromFnWeighted<S, C, F>,
    FromFnWeightedDirected<S, C, F, P>,
    FromFnDirected<S, F, P>,
);

/// A state space made from a closure that lists a state's neighbours.
///
/// Built by [`from_fn`]; see there.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, Successors};
/// use search_core::space::FromFn;
///
/// let space = from_fn(|&n: &u8| [n ^ 1]);
/// let mut next = Vec::new();
/// space.successors(&6, |state, ()| next.push(state));
/// assert_eq!(next, [7]);
/// assert_eq!(format!("{space:?}"), "FromFn { .. }"); // a closure shows nothing
/// ```
#[derive(Clone)]
pub struct FromFn<S, F> {
    successors: F,
    state: PhantomData<fn(&S)>,
}

/// A state space made from a closure whose successors can fail.
///
/// Built by [`try_from_fn`]; see there.
///
/// # Example
///
/// ```
/// use search_core::{try_from_fn, Successors};
///
/// let space = try_from_fn(|&n: &u8| n.checked_add(1).map(|m| [m]).ok_or("past 255"));
/// space.successors(&255, |_, ()| unreachable!("it failed"));
/// assert_eq!(space.failure().map(|e| e.to_string()), Some("the state space failed: past 255".into()));
/// ```
pub struct TryFromFn<S, F> {
    successors: F,
    /// The first failure, kept for [`Successors::failure`].
    failed: Mutex<Option<Error>>,
    state: PhantomData<fn(&S)>,
}

/// Turns a closure `Fn(&S) -> Result<impl IntoIterator<Item = S>, E>` into
/// a state space whose successors can fail: reading a board from a file,
/// asking a service, calling back into Python.
///
/// Once the closure returns an error, the space reports no more
/// successors, so the search runs out of states at once, and every search
/// returns that error ([`ErrorKind::SpaceFailed`](crate::ErrorKind::SpaceFailed),
/// the closure's error its [`source`](std::error::Error::source)) instead
/// of an answer. The first error is the one kept.
///
/// # Example
///
/// ```
/// use std::error::Error as _;
/// use search_core::{bfs, try_from_fn, ErrorKind};
///
/// #[derive(Debug)]
/// struct Unmapped(u32);
/// impl std::fmt::Display for Unmapped {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         write!(f, "no map of the rooms past room {}", self.0)
///     }
/// }
/// impl std::error::Error for Unmapped {}
///
/// let rooms = try_from_fn(|&room: &u32| if room < 5 { Ok([room + 1]) } else { Err(Unmapped(room)) });
/// assert_eq!(bfs(&rooms, [0], |&room| room == 3)?.map(|path| path.len()), Some(3));
/// let error = bfs(&rooms, [0], |&room| room == 9).unwrap_err();
/// assert!(matches!(error.kind(), ErrorKind::SpaceFailed { .. }));
/// assert_eq!(error.to_string(), "the state space failed: no map of the rooms past room 5");
/// assert!(error.source().is_some_and(|source| source.is::<Unmapped>()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_from_fn<S, F, I, E>(successors: F) -> TryFromFn<S, F>
where
    S: State,
    F: Fn(&S) -> Result<I, E>,
    I: IntoIterator<Item = S>,
    E: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    TryFromFn { successors, failed: Mutex::new(None), state: PhantomData }
}

impl<S, F, I, E> Successors for TryFromFn<S, F>
where
    S: State,
    F: Fn(&S) -> Result<I, E>,
    I: IntoIterator<Item = S>,
    E: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    type State = S;
    type Move = ();

    #[inline]
    fn successors<R: FnMut(S, ())>(&self, state: &S, mut report: R) {
        let _ = self.successors_until(state, |next, ()| {
            report(next, ());
            ControlFlow::Continue(())
        });
    }

    #[inline]
    fn successors_until<R>(&self, state: &S, mut report: R) -> ControlFlow<()>
    where
        R: FnMut(S, ()) -> ControlFlow<()>,
    {
        let mut failed = self.failed.lock().unwrap_or_else(PoisonError::into_inner);
        if failed.is_some() {
            return ControlFlow::Continue(());
        }
        match (self.successors)(state) {
            Ok(next) => {
                drop(failed);
                next.into_iter().try_for_each(|next| report(next, ()))
            }
            Err(error) => {
                *failed = Some(Error::space_failed(error));
                ControlFlow::Continue(())
            }
        }
    }

    fn failure(&self) -> Option<Error> {
        self.failed.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

/// Turns a closure `Fn(&S) -> impl IntoIterator<Item = S>` into a state space
/// with unlabelled moves.
///
/// Wrap the result in [`Undirected`] when every edge can be walked both ways,
/// to search it from both ends.
///
/// # Example
///
/// The fewest steps of `+1` or `*3` from 1 to 42:
///
/// ```
/// use search_core::{bfs, from_fn};
///
/// let space = from_fn(|&n: &u64| [n + 1, n * 3]);
/// let path = bfs(&space, [1], |&n| n == 42)?.expect("reachable");
/// assert_eq!(path.states(), [1, 3, 4, 12, 13, 14, 42]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_fn<S, F, I>(successors: F) -> FromFn<S, F>
where
    S: State,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
{
    FromFn { successors, state: PhantomData }
}

impl<S, F, I> Successors for FromFn<S, F>
where
    S: State,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
{
    type State = S;
    type Move = ();

    #[inline]
    fn successors<R>(&self, state: &S, mut report: R)
    where
        R: FnMut(S, ()),
    {
        for next in (self.successors)(state) {
            report(next, ());
        }
    }

    #[inline]
    fn successors_until<R>(&self, state: &S, mut report: R) -> ControlFlow<()>
    where
        R: FnMut(S, ()) -> ControlFlow<()>,
    {
        (self.successors)(state).into_iter().try_for_each(|next| report(next, ()))
    }
}

/// Every move costs 1, so that [`astar`](crate::astar) and
/// [`ida_star`](crate::ida_star) search a space made from a closure as it
/// is.
///
/// # Example
///
/// ```
/// use search_core::{astar, from_fn};
///
/// let line = from_fn(|&n: &i32| [n - 1, n + 1]);
/// let (path, cost) = astar(&line, [0], |&n| (10 - n).unsigned_abs(), |&n| n == 10)?
///     .expect("reachable");
/// assert_eq!((path.len(), cost), (10, 10));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<S, F, I> Weighted for FromFn<S, F>
where
    S: State,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
{
    type Cost = u32;

    #[inline]
    fn cost(&self, _: &S, (): &(), _: &S) -> u32 {
        1
    }
}

/// A state space with costs made from a closure that lists a state's
/// neighbours with the cost of reaching each.
///
/// Built by [`from_fn_weighted`]; see there.
///
/// # Example
///
/// ```
/// use search_core::{from_fn_weighted, Successors, Weighted};
///
/// let space = from_fn_weighted(|&n: &u8| [(n + 1, 5u32)]);
/// space.successors(&6, |state, cost| assert_eq!((state, space.cost(&6, &cost, &state)), (7, 5)));
/// ```
#[derive(Clone)]
pub struct FromFnWeighted<S, C, F> {
    successors: F,
    state: PhantomData<fn(&S) -> C>,
}

/// Turns a closure `Fn(&S) -> impl IntoIterator<Item = (S, C)>`, each
/// neighbour with the cost of the move to it, into a space for
/// [`dijkstra`](crate::dijkstra), [`astar`](crate::astar) and
/// [`ida_star`](crate::ida_star): the one-line form of a weighted space.
/// A move is its cost, so a path's moves are the costs of its steps.
///
/// # Example
///
/// Cheapest from 1 to 40, where `+1` costs 1 and `*2` costs 3:
///
/// ```
/// use search_core::{dijkstra, from_fn_weighted};
///
/// let space = from_fn_weighted(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)]);
/// let (path, cost) = dijkstra(&space, [1], |&n| n == 40)?.expect("reachable");
/// assert_eq!(path.states(), [1, 2, 3, 4, 5, 10, 20, 40]);
/// assert_eq!((cost, path.moves().iter().sum::<u32>()), (13, 13));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_fn_weighted<S, C, F, I>(successors: F) -> FromFnWeighted<S, C, F>
where
    S: State,
    C: Cost,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = (S, C)>,
{
    FromFnWeighted { successors, state: PhantomData }
}

impl<S, C, F, I> Successors for FromFnWeighted<S, C, F>
where
    S: State,
    C: Cost,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = (S, C)>,
{
    type State = S;
    type Move = C;

    #[inline]
    fn successors<R>(&self, state: &S, mut report: R)
    where
        R: FnMut(S, C),
    {
        for (next, cost) in (self.successors)(state) {
            report(next, cost);
        }
    }

    #[inline]
    fn successors_until<R>(&self, state: &S, mut report: R) -> ControlFlow<()>
    where
        R: FnMut(S, C) -> ControlFlow<()>,
    {
        (self.successors)(state).into_iter().try_for_each(|(next, cost)| report(next, cost))
    }
}

impl<S, C, F, I> Weighted for FromFnWeighted<S, C, F>
where
    S: State,
    C: Cost,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = (S, C)>,
{
    type Cost = C;

    #[inline]
    fn cost(&self, _: &S, &cost: &C, _: &S) -> C {
        cost
    }
}

/// A directed state space with costs made from two closures, one listing
/// a state's successors and one its predecessors, each with the cost of
/// its move, for the cheapest-path searches from both ends.
///
/// Built by [`from_fn_weighted_directed`]; see there.
///
/// # Example
///
/// ```
/// use search_core::{from_fn_weighted_directed, Predecessors};
///
/// let space = from_fn_weighted_directed(|&n: &u32| [(n * 2, 3u32)], |&n: &u32| (n % 2 == 0).then_some((n / 2, 3)));
/// let mut before = Vec::new();
/// space.predecessors(&8, |state| before.push(state));
/// assert_eq!(before, [4]);
/// ```
#[derive(Clone)]
pub struct FromFnWeightedDirected<S, C, F, P> {
    forward: FromFnWeighted<S, C, F>,
    predecessors: P,
}

/// Turns two closures into a directed space with costs that
/// [`bidirectional_dijkstra`](crate::cheapest::bidirectional_dijkstra) and
/// [`bidirectional_astar`](crate::cheapest::bidirectional_astar) search in one call
/// a step either way: `successors(s)` lists the states one move after `s`
/// with each move's cost, as for [`from_fn_weighted`], and
/// `predecessors(s)` those one move before it, with the cost of the move
/// from each to `s`.
///
/// They must agree: `(b, c)` in `successors(a)` exactly when `(a, c)` in
/// `predecessors(b)`. The searches trust `predecessors` (its costs are
/// not checked against `successors`): a disagreement can make a path
/// that is not the cheapest, or one with a step that is no move.
///
/// # Example
///
/// A line where a step up costs 2 and a step down 1, so that going up by
/// `n` costs `2n` and the cost of the move into `n` from below is 2:
///
/// ```
/// use search_core::{dijkstra, from_fn_weighted, from_fn_weighted_directed};
/// use search_core::cheapest::bidirectional_dijkstra;
///
/// let successors = |&n: &i32| [(n + 1, 2u32), (n - 1, 1)];
/// let predecessors = |&n: &i32| [(n - 1, 2u32), (n + 1, 1)];
/// let space = from_fn_weighted_directed(successors, predecessors);
/// let (path, cost) = bidirectional_dijkstra(&space, [0], [5])?.expect("reachable");
/// let (_, one_way) = dijkstra(&from_fn_weighted(successors), [0], |&n| n == 5)?.expect("reachable");
/// assert_eq!((path.states(), cost, one_way), (&[0, 1, 2, 3, 4, 5][..], 10, 10));
/// assert_eq!(path.moves(), [2, 2, 2, 2, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_fn_weighted_directed<S, C, F, P, I, J>(
    successors: F,
    predecessors: P,
) -> FromFnWeightedDirected<S, C, F, P>
where
    S: State,
    C: Cost,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = (S, C)>,
    P: Fn(&S) -> J,
    J: IntoIterator<Item = (S, C)>,
{
    FromFnWeightedDirected { forward: from_fn_weighted(successors), predecessors }
}

impl<S, C, F, P, I> Successors for FromFnWeightedDirected<S, C, F, P>
where
    S: State,
    C: Cost,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = (S, C)>,
{
    type State = S;
    type Move = C;

    delegate_successors!(forward);
}

impl<S, C, F, P, I, J> Predecessors for FromFnWeightedDirected<S, C, F, P>
where
    S: State,
    C: Cost,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = (S, C)>,
    P: Fn(&S) -> J,
    J: IntoIterator<Item = (S, C)>,
{
    #[inline]
    fn predecessors<R>(&self, state: &S, mut report: R)
    where
        R: FnMut(S),
    {
        for (previous, _) in (self.predecessors)(state) {
            report(previous);
        }
    }

    #[inline]
    fn predecessors_until<R>(&self, state: &S, mut report: R) -> ControlFlow<()>
    where
        R: FnMut(S) -> ControlFlow<()>,
    {
        (self.predecessors)(state).into_iter().try_for_each(|(previous, _)| report(previous))
    }
}

impl<S, C, F, P, I, J> Weighted for FromFnWeightedDirected<S, C, F, P>
where
    S: State,
    C: Cost,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = (S, C)>,
    P: Fn(&S) -> J,
    J: IntoIterator<Item = (S, C)>,
{
    type Cost = C;

    #[inline]
    fn cost(&self, _: &S, &cost: &C, _: &S) -> C {
        cost
    }

    #[inline]
    fn weighted_predecessors<R>(&self, state: &S, mut report: R) -> Option<ControlFlow<()>>
    where
        R: FnMut(S, C, C) -> ControlFlow<()>,
    {
        let listed = (self.predecessors)(state)
            .into_iter()
            .try_for_each(|(previous, cost)| report(previous, cost, cost));
        Some(listed)
    }
}

/// A directed state space made from two closures, one listing a state's
/// successors and one its predecessors, for searches from both ends.
///
/// Built by [`from_fn_directed`]; see there.
///
/// # Example
///
/// ```
/// use search_core::{from_fn_directed, Predecessors};
///
/// let space = from_fn_directed(|&n: &u32| [n * 2], |&n: &u32| (n % 2 == 0).then_some(n / 2));
/// let mut before = Vec::new();
/// space.predecessors(&8, |state| before.push(state));
/// assert_eq!(before, [4]);
/// ```
#[derive(Clone)]
pub struct FromFnDirected<S, F, P> {
    forward: FromFn<S, F>,
    predecessors: P,
}

/// Turns two closures into a directed space that
/// [`bidirectional_bfs`](crate::bidirectional_bfs) can search:
/// `successors(s)` lists the states one move after `s`, `predecessors(s)`
/// those one move before it. They must agree (`b` in `successors(a)`
/// exactly when `a` in `predecessors(b)`); a predecessor that no
/// successor leads back from is found out and reported as
/// [`ErrorKind::InconsistentPredecessors`](crate::ErrorKind::InconsistentPredecessors)
/// when a path would use it.
///
/// # Example
///
/// From 1 to 100 by `+1` and `*3`, searched from both ends:
///
/// ```
/// use search_core::{bfs, bidirectional_bfs, from_fn, from_fn_directed};
///
/// let forward = |&n: &u64| [n + 1, n * 3];
/// let backward = |&n: &u64| {
///     let mut before = vec![n - 1];
///     if n % 3 == 0 {
///         before.push(n / 3);
///     }
///     before.into_iter().filter(|&m| m >= 1)
/// };
/// let space = from_fn_directed(forward, backward);
/// let path = bidirectional_bfs(&space, [1], [100])?.expect("reachable");
/// let one_way = bfs(&from_fn(forward), [1], |&n| n == 100)?.expect("reachable");
/// assert_eq!(path.len(), one_way.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_fn_directed<S, F, P, I, J>(successors: F, predecessors: P) -> FromFnDirected<S, F, P>
where
    S: State,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
    P: Fn(&S) -> J,
    J: IntoIterator<Item = S>,
{
    FromFnDirected { forward: from_fn(successors), predecessors }
}

impl<S, F, P, I> Successors for FromFnDirected<S, F, P>
where
    S: State,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
{
    type State = S;
    type Move = ();

    delegate_successors!(forward);
}

impl<S, F, P, I, J> Predecessors for FromFnDirected<S, F, P>
where
    S: State,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
    P: Fn(&S) -> J,
    J: IntoIterator<Item = S>,
{
    #[inline]
    fn predecessors<R>(&self, state: &S, mut report: R)
    where
        R: FnMut(S),
    {
        for previous in (self.predecessors)(state) {
            report(previous);
        }
    }

    #[inline]
    fn predecessors_until<R>(&self, state: &S, report: R) -> ControlFlow<()>
    where
        R: FnMut(S) -> ControlFlow<()>,
    {
        (self.predecessors)(state).into_iter().try_for_each(report)
    }
}

/// Declares a space [`Reversible`]: every edge it reports can be walked back.
///
/// Useful with [`from_fn`], whose closures cannot carry the marker
/// themselves. The wrapped space is not checked; a space that is not truly
/// undirected gives wrong bidirectional answers.
///
/// # Example
///
/// ```
/// use search_core::{bidirectional_bfs, from_fn};
/// use search_core::space::Undirected;
///
/// // A 10x10 grid, walked in four directions.
/// let grid = Undirected(from_fn(|&(x, y): &(i32, i32)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
///         .into_iter()
///         .filter(|&(x, y)| (0..10).contains(&x) && (0..10).contains(&y))
/// }));
/// let path = bidirectional_bfs(&grid, [(0, 0)], [(9, 9)])?.expect("reachable");
/// assert_eq!(path.len(), 18);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Undirected<G>(pub G);

impl<G: Successors> Successors for Undirected<G> {
    type State = G::State;
    type Move = G::Move;

    crate::space::delegate::delegate_successors!(0);
}

impl<G: Successors> Reversible for Undirected<G> {}

/// The costs of the space inside.
///
/// # Example
///
/// ```
/// use search_core::{astar, from_fn};
/// use search_core::space::Undirected;
///
/// let line = Undirected(from_fn(|&n: &i32| [n - 1, n + 1]));
/// let (_, cost) = astar(&line, [0], |&n| (3 - n).unsigned_abs(), |&n| n == 3)?.expect("reachable");
/// assert_eq!(cost, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<G: Weighted> Weighted for Undirected<G> {
    type Cost = G::Cost;

    #[inline]
    fn cost(&self, from: &G::State, mv: &G::Move, to: &G::State) -> G::Cost {
        self.0.cost(from, mv, to)
    }
}

/// A space with [`Successors`], [`Ranking`] and [`Unranking`], seen rank to
/// rank as a [`RankedSpace`]: each rank is unranked, expanded, and its
/// successors ranked.
///
/// One implementation of a space then serves the hashed algorithms, the
/// flat-array ones and dense enumeration alike. A space that can find a
/// neighbour's rank without building the state (the sliding puzzle's
/// [`ReachableBoards`] in the `puzzles` crate does) is faster as its own
/// `RankedSpace`.
///
/// [`ReachableBoards`]: https://docs.rs/puzzles
///
/// # Example
///
/// ```
/// use search_core::{Ranking, Successors, Unranking, Run};
/// use search_core::space::AsRanked;
/// use search_core::dense::DenseEnumeration;
///
/// /// Three bits, one flipped at a time.
/// struct Cube;
///
/// impl Successors for Cube {
///     type State = u8;
///     type Move = ();
///     fn successors<F: FnMut(u8, ())>(&self, &bits: &u8, mut report: F) {
///         (0..3).for_each(|i| report(bits ^ (1 << i), ()));
///     }
///     fn ranking(&self) -> Option<impl Ranking<u8> + '_> {
///         Some(self)
///     }
/// }
///
/// impl Ranking<u8> for Cube {
///     fn rank_count(&self) -> u64 {
///         8
///     }
///     fn rank(&self, &bits: &u8) -> u64 {
///         u64::from(bits)
///     }
/// }
///
/// impl Unranking<u8> for Cube {
///     fn unrank(&self, rank: u64) -> u8 {
///         rank as u8
///     }
/// }
///
/// let layers = DenseEnumeration::new().run(&AsRanked(Cube), &[0], &mut Run::new())?;
/// assert_eq!(layers.layer_sizes(), [1, 3, 3, 1]);
/// assert_eq!(layers.deepest(), [7]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct AsRanked<G>(pub G);

impl<G> RankedSpace for AsRanked<G>
where
    G: Successors + Unranking<<G as Successors>::State> + Sync,
{
    #[inline]
    fn rank_count(&self) -> u64 {
        self.0.rank_count()
    }

    #[inline]
    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        let state = self.0.unrank(rank);
        self.0.successors(&state, |next, _| report(self.0.rank(&next)));
    }

    fn failure(&self) -> Option<Error> {
        self.0.failure()
    }
}

/// A [`Ranking`] made from a rank count and a closure, for spaces whose
/// rank is a one-line formula.
///
/// Built by [`rank_by`]; see there.
///
/// # Example
///
/// ```
/// use search_core::Ranking;
/// use search_core::space::rank_by;
///
/// let ranking = rank_by(256, |&byte: &u8| u64::from(byte));
/// assert_eq!((ranking.rank_count(), ranking.rank(&9)), (256, 9));
/// ```
pub struct RankBy<S, F> {
    count: u64,
    rank: F,
    state: PhantomData<fn(&S)>,
}

/// A [`Ranking`] of `count` ranks, each state ranked by `rank`: what a
/// space returns from [`Successors::ranking`] when a formula ranks it.
///
/// # Example
///
/// Two jugs of 3 and 5 litres, a state numbered by its two levels:
///
/// ```
/// use search_core::{bfs, Ranking, Successors};
/// use search_core::space::rank_by;
///
/// struct Jugs;
///
/// impl Successors for Jugs {
///     type State = (u8, u8);
///     type Move = ();
///     fn successors<F: FnMut((u8, u8), ())>(&self, &(a, b): &(u8, u8), mut report: F) {
///         let (pour_ab, pour_ba) = (a.min(5 - b), b.min(3 - a));
///         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - pour_ab, b + pour_ab), (a + pour_ba, b - pour_ba)] {
///             report(next, ());
///         }
///     }
///     fn ranking(&self) -> Option<impl Ranking<(u8, u8)> + '_> {
///         Some(rank_by(4 * 6, |&(a, b): &(u8, u8)| u64::from(a) * 6 + u64::from(b)))
///     }
/// }
///
/// let path = bfs(&Jugs, [(0, 0)], |&(_, b)| b == 4)?.expect("4 litres can be measured");
/// assert_eq!(path.len(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rank_by<S, F>(count: u64, rank: F) -> RankBy<S, F>
where
    F: Fn(&S) -> u64,
{
    RankBy { count, rank, state: PhantomData }
}

impl<S, F: Fn(&S) -> u64> Ranking<S> for RankBy<S, F> {
    #[inline]
    fn rank_count(&self) -> u64 {
        self.count
    }

    #[inline]
    fn rank(&self, state: &S) -> u64 {
        (self.rank)(state)
    }
}

impl<S, F> fmt::Debug for RankBy<S, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RankBy").field("count", &self.count).finish_non_exhaustive()
    }
}
