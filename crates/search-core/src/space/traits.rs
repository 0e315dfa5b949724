//! The traits a state space implements: states, successors, rankings,
//! predecessors.

use std::hash::Hash;
use std::ops::ControlFlow;

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
/// A space that can number its states densely, as `0..count`, implements
/// [`Ranking`] and returns itself from [`ranking`](Successors::ranking).
/// The algorithms then keep visited states in a flat array indexed by rank
/// instead of a hash table. That choice is made by each algorithm at run
/// time; the state type is unaffected.
///
/// For a five-line search, [`from_fn`](crate::from_fn) turns a closure into a space.
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

    /// As [`successors`](Successors::successors), until `report` returns
    /// [`ControlFlow::Break`]: then the rest are not reported, and the
    /// break is returned. Every search expands through this method, and
    /// breaks when one state's successors pass what its limits allow, so
    /// that a state with too many successors, or an iterator of them that
    /// never ends, is an error and not an exhausted machine.
    ///
    /// The default calls `successors`, and after a break lets it run on
    /// without reporting: right for a space that reports a few successors
    /// from a loop of its own. A space that reports them from an iterator
    /// of unknown length overrides it to stop the iterator, as the closure
    /// adaptors ([`from_fn`](crate::from_fn) and its kin) do.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use search_core::{from_fn, Successors};
    ///
    /// // Every number is a successor of 0: the iterator never ends.
    /// let space = from_fn(|_: &u64| 0..);
    /// let mut seen = Vec::new();
    /// let flow = space.successors_until(&0, |n, ()| {
    ///     seen.push(n);
    ///     if seen.len() == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// });
    /// assert_eq!((flow, seen), (ControlFlow::Break(()), vec![0, 1, 2]));
    /// ```
    #[inline]
    fn successors_until<F>(&self, state: &Self::State, mut report: F) -> ControlFlow<()>
    where
        F: FnMut(Self::State, Self::Move) -> ControlFlow<()>,
    {
        let mut flow = ControlFlow::Continue(());
        self.successors(state, |next, mv| {
            if flow.is_continue() {
                flow = report(next, mv);
            }
        });
        flow
    }

    /// This space's numbering of its states, if it has one.
    ///
    /// The default, `None`, means the algorithms hash states. A space that
    /// implements [`Ranking`] returns `Some(self)`: both halves of a
    /// ranking live in that one trait, so a space cannot give a rank count
    /// without a rank.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Ranking, Successors};
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
    ///     fn ranking(&self) -> Option<impl Ranking<u8> + '_> {
    ///         Some(self)
    ///     }
    /// }
    ///
    /// impl Ranking<u8> for Dial {
    ///     fn rank_count(&self) -> u64 {
    ///         10
    ///     }
    ///     fn rank(&self, &d: &u8) -> u64 {
    ///         u64::from(d)
    ///     }
    /// }
    ///
    /// assert_eq!(Dial.ranking().map(|r| r.rank(&7)), Some(7));
    /// assert!(from_fn(|&n: &u32| [n + 1]).ranking().is_none());
    /// ```
    fn ranking(&self) -> Option<impl Ranking<Self::State> + '_> {
        None::<Unranked>
    }

    /// Why this space's successors failed, once they have: the error every
    /// search returns in place of an answer.
    ///
    /// The default, `None`, is for the spaces whose successors cannot
    /// fail. A space made by [`try_from_fn`](crate::try_from_fn) reports no
    /// successors once its function has failed, so that the search ends
    /// quickly, and returns the failure here; each search asks when it
    /// ends, so the failure comes back as the search's error
    /// ([`ErrorKind::SpaceFailed`](crate::ErrorKind::SpaceFailed)) and
    /// never as a wrong answer. An adaptor that wraps a space passes its
    /// failure on.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Successors};
    ///
    /// assert!(from_fn(|&n: &u32| [n + 1]).failure().is_none());
    /// ```
    fn failure(&self) -> Option<crate::Error> {
        None
    }

    /// The bytes `state` owns on the heap, beyond its own
    /// `size_of::<State>()`: what a search that stores it counts against
    /// its memory limit ([`Limits::max_memory`](crate::Limits::max_memory))
    /// beside the slot of its table, so that a table of states that own
    /// memory stays within the limit too.
    ///
    /// The default, 0, is right for states that own nothing on the heap:
    /// integers, arrays, tuples and structs of them. A space whose states
    /// hold a `Vec`, a `String`, a `SmallVec` grown past its inline
    /// capacity or an object of another runtime says how much here (a
    /// fair estimate will do); otherwise a search of it may take several
    /// times its limit before the limit is reached. An adaptor passes its
    /// space's on.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{Limits, Run, Successors};
    /// use search_core::breadth_first::Search;
    ///
    /// /// Words of a's and b's, each grown by one letter.
    /// struct Words;
    ///
    /// impl Successors for Words {
    ///     type State = String;
    ///     type Move = ();
    ///     fn successors<F: FnMut(String, ())>(&self, word: &String, mut report: F) {
    ///         report(format!("{word}a"), ());
    ///         report(format!("{word}b"), ());
    ///     }
    ///     fn heap_bytes(&self, word: &String) -> usize {
    ///         word.capacity()
    ///     }
    /// }
    ///
    /// // 2^20 words of 20 letters and more, counted with their letters,
    /// // do not fit in a mebibyte.
    /// let mut run = Run::new().limits(Limits::new().max_memory(1 << 20).max_depth(20));
    /// assert!(Search::new().enumerate(&Words, [String::new()], &mut run).is_err());
    /// assert_eq!(Words.heap_bytes(&"ab".to_string()), 2);
    /// ```
    #[inline]
    fn heap_bytes(&self, state: &Self::State) -> usize {
        let _ = state;
        0
    }

    /// How many states of a larger space `state` stands for: 1, unless
    /// this space is a quotient whose states are classes of equivalent
    /// states (symmetry reduction: [`Quotient`](crate::space::Quotient)),
    /// where it is the size of `state`'s class. The enumerations sum it
    /// per layer as the positions the classes stand for
    /// ([`Enumeration::layer_positions`](crate::breadth_first::Enumeration::layer_positions)).
    /// An adaptor passes its space's on.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Successors};
    ///
    /// assert_eq!(from_fn(|&n: &u8| [n + 1]).class_size(&3), 1);
    /// ```
    #[inline]
    fn class_size(&self, state: &Self::State) -> u64 {
        let _ = state;
        1
    }
}

/// `result`, unless `space` has failed: then its failure. What every
/// search returns.
pub(crate) fn unless_failed<G: Successors + ?Sized, T>(
    space: &G,
    result: Result<T, crate::Error>,
) -> Result<T, crate::Error> {
    match space.failure() {
        Some(failure) => Err(failure),
        None => result,
    }
}

/// A perfect hash of a space's states: each state gets a distinct rank in
/// `0..rank_count()`.
///
/// Ranks are `u64` everywhere, so spaces of more than 2^32 states (the 2x7
/// sliding puzzle has 43.6 billion) are numbered like small ones.
///
/// A space offers its ranking to the algorithms through
/// [`Successors::ranking`]. With [`Unranking`] as well, [`AsRanked`](crate::space::AsRanked) turns
/// it into a [`RankedSpace`](crate::space::RankedSpace) for dense enumeration.
///
/// # Example
///
/// ```
/// use search_core::Ranking;
///
/// /// Pairs of digits, numbered as two-digit numbers.
/// struct Digits;
///
/// impl Ranking<(u8, u8)> for Digits {
///     fn rank_count(&self) -> u64 {
///         100
///     }
///     fn rank(&self, &(tens, ones): &(u8, u8)) -> u64 {
///         u64::from(tens) * 10 + u64::from(ones)
///     }
/// }
///
/// assert_eq!(Digits.rank(&(4, 2)), 42);
/// ```
pub trait Ranking<S> {
    /// How many ranks there are: every rank is below this.
    fn rank_count(&self) -> u64;

    /// The rank of `state`, below [`rank_count`](Ranking::rank_count) and
    /// distinct for distinct states. A rank at or past the count is
    /// reported by the algorithms as [`ErrorKind::RankOutOfBounds`](crate::ErrorKind::RankOutOfBounds).
    fn rank(&self, state: &S) -> u64;
}

/// The inverse of a [`Ranking`]: the state of each rank.
///
/// # Example
///
/// ```
/// use search_core::{Ranking, Unranking};
///
/// struct Digits;
///
/// impl Ranking<(u8, u8)> for Digits {
///     fn rank_count(&self) -> u64 {
///         100
///     }
///     fn rank(&self, &(tens, ones): &(u8, u8)) -> u64 {
///         u64::from(tens) * 10 + u64::from(ones)
///     }
/// }
///
/// impl Unranking<(u8, u8)> for Digits {
///     fn unrank(&self, rank: u64) -> (u8, u8) {
///         ((rank / 10) as u8, (rank % 10) as u8)
///     }
/// }
///
/// assert!((0..100).all(|rank| Digits.rank(&Digits.unrank(rank)) == rank));
/// ```
pub trait Unranking<S>: Ranking<S> {
    /// The state whose rank is `rank`, for every rank below
    /// [`rank_count`](Ranking::rank_count).
    fn unrank(&self, rank: u64) -> S;
}

impl<S, R: Ranking<S> + ?Sized> Ranking<S> for &R {
    #[inline]
    fn rank_count(&self) -> u64 {
        (**self).rank_count()
    }

    #[inline]
    fn rank(&self, state: &S) -> u64 {
        (**self).rank(state)
    }
}

impl<S, R: Unranking<S> + ?Sized> Unranking<S> for &R {
    #[inline]
    fn unrank(&self, rank: u64) -> S {
        (**self).unrank(rank)
    }
}

/// The ranking of a space that has none: [`Successors::ranking`]'s default.
/// Never returned, so never called.
#[derive(Debug)]
struct Unranked;

impl<S> Ranking<S> for Unranked {
    #[inline]
    fn rank_count(&self) -> u64 {
        0
    }

    #[inline]
    fn rank(&self, _: &S) -> u64 {
        0
    }
}

/// A borrowed space is a space, so that adaptors such as [`AsRanked`](crate::space::AsRanked) and
/// [`Undirected`](crate::space::Undirected) can wrap a space they do not own.
impl<G: Successors + ?Sized> Successors for &G {
    type State = G::State;
    type Move = G::Move;

    #[inline]
    fn successors<F>(&self, state: &Self::State, report: F)
    where
        F: FnMut(Self::State, Self::Move),
    {
        (**self).successors(state, report);
    }

    #[inline]
    fn successors_until<F>(&self, state: &Self::State, report: F) -> ControlFlow<()>
    where
        F: FnMut(Self::State, Self::Move) -> ControlFlow<()>,
    {
        (**self).successors_until(state, report)
    }

    fn ranking(&self) -> Option<impl Ranking<Self::State> + '_> {
        (**self).ranking()
    }

    fn failure(&self) -> Option<crate::Error> {
        (**self).failure()
    }

    #[inline]
    fn heap_bytes(&self, state: &Self::State) -> usize {
        (**self).heap_bytes(state)
    }

    #[inline]
    fn class_size(&self, state: &Self::State) -> u64 {
        (**self).class_size(state)
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
/// let path = bidirectional_bfs(&Doubling, [1], [100])?.expect("reachable");
/// assert_eq!(path.len(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Predecessors: Successors {
    /// Calls `report(previous)` once for each edge `previous -> state`.
    fn predecessors<F>(&self, state: &Self::State, report: F)
    where
        F: FnMut(Self::State);

    /// As [`predecessors`](Predecessors::predecessors), until `report`
    /// returns [`ControlFlow::Break`]; what
    /// [`successors_until`](Successors::successors_until) is to
    /// successors, and overridden for the same spaces.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use search_core::{from_fn_directed, Predecessors};
    ///
    /// let space = from_fn_directed(|&n: &u64| [n + 1], |&n: &u64| n.checked_sub(1));
    /// let mut seen = None;
    /// let flow = space.predecessors_until(&5, |n| {
    ///     seen = Some(n);
    ///     ControlFlow::Break(())
    /// });
    /// assert_eq!((flow, seen), (ControlFlow::Break(()), Some(4)));
    /// ```
    #[inline]
    fn predecessors_until<F>(&self, state: &Self::State, mut report: F) -> ControlFlow<()>
    where
        F: FnMut(Self::State) -> ControlFlow<()>,
    {
        let mut flow = ControlFlow::Continue(());
        self.predecessors(state, |previous| {
            if flow.is_continue() {
                flow = report(previous);
            }
        });
        flow
    }
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
/// let path = bidirectional_bfs(&Ring, [0], [90])?.expect("reachable");
/// assert_eq!(path.len(), 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Reversible: Successors {}

impl<G: Reversible> Predecessors for G {
    #[inline]
    fn predecessors<F>(&self, state: &Self::State, mut report: F)
    where
        F: FnMut(Self::State),
    {
        self.successors(state, |previous, _| report(previous));
    }

    #[inline]
    fn predecessors_until<F>(&self, state: &Self::State, mut report: F) -> ControlFlow<()>
    where
        F: FnMut(Self::State) -> ControlFlow<()>,
    {
        self.successors_until(state, |previous, _| report(previous))
    }
}
