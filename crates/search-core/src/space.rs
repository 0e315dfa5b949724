use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

/// A vertex of an implicit graph: an owned value that can be cloned, compared
/// and hashed.
///
/// Every type that is `Clone + Eq + Hash` is a `State` through a blanket
/// implementation, so integers, strings, tuples, arrays and your own
/// `#[derive(Clone, PartialEq, Eq, Hash)]` types need nothing more.
///
/// Small `Copy` states (a puzzle board packed into a `u64`) are the fastest:
/// the algorithms clone a state once when they store it, and never otherwise.
///
/// # Example
///
/// ```
/// use search_core::State;
///
/// fn assert_state<S: State>() {}
/// assert_state::<u64>();
/// assert_state::<String>();
/// assert_state::<(u8, [i32; 3])>();
/// ```
pub trait State: Clone + Eq + Hash {}

impl<T: Clone + Eq + Hash> State for T {}

/// A state space: a graph that is never stored, whose vertices produce their
/// neighbours on demand.
///
/// Implement [`successors`](Successors::successors) to report each neighbour
/// of a state, together with the move that reaches it. The callback style
/// costs no heap allocation per expansion. When moves need no name, use `()`
/// as [`Move`](Successors::Move).
///
/// A space that can number its states densely, as `0..bound`, should also
/// override [`rank_bound`](Successors::rank_bound) and
/// [`rank`](Successors::rank). The algorithms then keep visited states in a
/// flat array indexed by rank instead of a hash table. That choice is made by
/// each algorithm at run time; the state type is unaffected.
///
/// For a five-line search, [`from_fn`] turns a closure into a space.
///
/// # Example
///
/// A knight on an 8x8 board, with each move labelled by its offset:
///
/// ```
/// use search_core::{bfs, Successors};
///
/// struct Knight;
///
/// impl Successors for Knight {
///     type State = (i8, i8);
///     type Move = (i8, i8);
///
///     fn successors<F>(&self, &(x, y): &(i8, i8), mut report: F)
///     where
///         F: FnMut((i8, i8), (i8, i8)),
///     {
///         for (dx, dy) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
///             let (nx, ny) = (x + dx, y + dy);
///             if (0..8).contains(&nx) && (0..8).contains(&ny) {
///                 report((nx, ny), (dx, dy));
///             }
///         }
///     }
/// }
///
/// // A knight needs six moves to cross the board from corner to corner.
/// let path = bfs(&Knight, [(0, 0)], |&s| s == (7, 7))?.expect("reachable");
/// assert_eq!(path.len(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Successors {
    /// The vertices of the graph.
    type State: State;
    /// The label of an edge, such as "blank left". Use `()` for unlabelled
    /// edges.
    type Move: Clone;

    /// Calls `report(next, mv)` once for each edge `state -> next`, where `mv`
    /// labels the edge.
    ///
    /// Reporting the same neighbour twice is allowed; the algorithms treat
    /// the second report as a duplicate.
    fn successors<F>(&self, state: &Self::State, report: F)
    where
        F: FnMut(Self::State, Self::Move);

    /// The number of distinct ranks, if this space numbers its states densely
    /// through [`rank`](Successors::rank).
    ///
    /// The default, `None`, means the space has no such numbering and the
    /// algorithms hash states instead.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Successors};
    ///
    /// let space = from_fn(|&n: &u32| [n + 1]);
    /// assert_eq!(space.rank_bound(), None);
    /// ```
    fn rank_bound(&self) -> Option<usize> {
        None
    }

    /// The rank of `state`: a number in `0..rank_bound()`, distinct for
    /// distinct states (a perfect hash).
    ///
    /// Only called when [`rank_bound`](Successors::rank_bound) returns
    /// `Some`. The default returns 0 and must be overridden together with it.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Successors;
    ///
    /// /// A counter modulo 10, numbered by its value.
    /// struct Dial;
    ///
    /// impl Successors for Dial {
    ///     type State = u8;
    ///     type Move = ();
    ///     fn successors<F: FnMut(u8, ())>(&self, &d: &u8, mut report: F) {
    ///         report((d + 1) % 10, ());
    ///     }
    ///     fn rank_bound(&self) -> Option<usize> {
    ///         Some(10)
    ///     }
    ///     fn rank(&self, &d: &u8) -> usize {
    ///         usize::from(d)
    ///     }
    /// }
    ///
    /// assert_eq!(Dial.rank(&7), 7);
    /// ```
    fn rank(&self, state: &Self::State) -> usize {
        let _ = state;
        0
    }
}

/// Backward edges, for searches that also walk from the goal, such as
/// [`bidirectional_bfs`](crate::bidirectional_bfs).
///
/// Spaces whose every move can be undone should implement [`Reversible`]
/// instead, and get this trait for free. A directed space implements it by
/// hand.
///
/// # Example
///
/// Doubling and incrementing: each number's predecessors are its half (when
/// even) and the number below it.
///
/// ```
/// use search_core::{bidirectional_bfs, Predecessors, Successors};
///
/// struct Doubling;
///
/// impl Successors for Doubling {
///     type State = u64;
///     type Move = ();
///     fn successors<F: FnMut(u64, ())>(&self, &n: &u64, mut report: F) {
///         report(n + 1, ());
///         report(n * 2, ());
///     }
/// }
///
/// impl Predecessors for Doubling {
///     fn predecessors<F: FnMut(u64)>(&self, &n: &u64, mut report: F) {
///         if n > 0 {
///             report(n - 1);
///         }
///         if n % 2 == 0 && n > 0 {
///             report(n / 2);
///         }
///     }
/// }
///
/// // 1 -> 2 -> 3 -> 6 -> 12 -> 24 -> 25 -> 50 -> 100
/// let path = bidirectional_bfs(&Doubling, 1, 100)?.expect("reachable");
/// assert_eq!(path.len(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Predecessors: Successors {
    /// Calls `report(previous)` once for each edge `previous -> state`.
    fn predecessors<F>(&self, state: &Self::State, report: F)
    where
        F: FnMut(Self::State);
}

/// A marker for spaces whose every edge `a -> b` has a reverse edge `b -> a`:
/// sliding puzzles, combination locks, word ladders.
///
/// Saying so once gives the space [`Predecessors`] for free, so that it can
/// be searched from both ends.
///
/// # Example
///
/// ```
/// use search_core::{bidirectional_bfs, Reversible, Successors};
///
/// /// A ring of 100 positions, walked one step either way.
/// struct Ring;
///
/// impl Successors for Ring {
///     type State = u8;
///     type Move = ();
///     fn successors<F: FnMut(u8, ())>(&self, &n: &u8, mut report: F) {
///         report((n + 1) % 100, ());
///         report((n + 99) % 100, ());
///     }
/// }
///
/// impl Reversible for Ring {}
///
/// let path = bidirectional_bfs(&Ring, 0, 90)?.expect("reachable");
/// assert_eq!(path.len(), 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Reversible: Successors {}

impl<G: Reversible> Predecessors for G {
    fn predecessors<F>(&self, state: &Self::State, mut report: F)
    where
        F: FnMut(Self::State),
    {
        self.successors(state, |previous, _| report(previous));
    }
}

/// A state space made from a closure that lists a state's neighbours.
///
/// Built by [`from_fn`]; see there.
///
/// # Example
///
/// ```
/// use search_core::{from_fn, FromFn, Successors};
///
/// let space = from_fn(|&n: &u8| [n ^ 1]);
/// let mut next = Vec::new();
/// space.successors(&6, |state, ()| next.push(state));
/// assert_eq!(next, [7]);
/// ```
pub struct FromFn<S, F> {
    successors: F,
    state: PhantomData<fn(&S)>,
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

    fn successors<R>(&self, state: &S, mut report: R)
    where
        R: FnMut(S, ()),
    {
        for next in (self.successors)(state) {
            report(next, ());
        }
    }
}

impl<S, F: Clone> Clone for FromFn<S, F> {
    fn clone(&self) -> Self {
        FromFn { successors: self.successors.clone(), state: PhantomData }
    }
}

impl<S, F> fmt::Debug for FromFn<S, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FromFn").finish_non_exhaustive()
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
/// use search_core::{bidirectional_bfs, from_fn, Undirected};
///
/// // A 10x10 grid, walked in four directions.
/// let grid = Undirected(from_fn(|&(x, y): &(i32, i32)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
///         .into_iter()
///         .filter(|&(x, y)| (0..10).contains(&x) && (0..10).contains(&y))
/// }));
/// let path = bidirectional_bfs(&grid, (0, 0), (9, 9))?.expect("reachable");
/// assert_eq!(path.len(), 18);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Undirected<G>(pub G);

impl<G: Successors> Successors for Undirected<G> {
    type State = G::State;
    type Move = G::Move;

    fn successors<F>(&self, state: &Self::State, report: F)
    where
        F: FnMut(Self::State, Self::Move),
    {
        self.0.successors(state, report);
    }

    fn rank_bound(&self) -> Option<usize> {
        self.0.rank_bound()
    }

    fn rank(&self, state: &Self::State) -> usize {
        self.0.rank(state)
    }
}

impl<G: Successors> Reversible for Undirected<G> {}
