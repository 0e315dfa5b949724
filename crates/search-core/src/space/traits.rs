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
/// A space that can number its states densely, as `0..count`, implements
/// [`Ranking`] and returns itself from [`ranking`](Successors::ranking).
/// The algorithms then keep visited states in a flat array indexed by rank
/// instead of a hash table. That choice is made by each algorithm at run
/// time; the state type is unaffected.
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
}

/// A perfect hash of a space's states: each state gets a distinct rank in
/// `0..rank_count()`.
///
/// Ranks are `u64` everywhere, so spaces of more than 2^32 states (the 2x7
/// sliding puzzle has 43.6 billion) are numbered like small ones.
///
/// A space offers its ranking to the algorithms through
/// [`Successors::ranking`]. With [`Unranking`] as well, [`AsRanked`] turns
/// it into a [`RankedSpace`](crate::RankedSpace) for dense enumeration.
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
    fn rank_count(&self) -> u64 {
        (**self).rank_count()
    }

    fn rank(&self, state: &S) -> u64 {
        (**self).rank(state)
    }
}

impl<S, R: Unranking<S> + ?Sized> Unranking<S> for &R {
    fn unrank(&self, rank: u64) -> S {
        (**self).unrank(rank)
    }
}

/// The ranking of a space that has none: [`Successors::ranking`]'s default.
/// Never returned, so never called.
#[derive(Debug)]
struct Unranked;

impl<S> Ranking<S> for Unranked {
    fn rank_count(&self) -> u64 {
        0
    }

    fn rank(&self, _: &S) -> u64 {
        0
    }
}

/// A borrowed space is a space, so that adaptors such as [`AsRanked`] and
/// [`Undirected`] can wrap a space they do not own.
impl<G: Successors + ?Sized> Successors for &G {
    type State = G::State;
    type Move = G::Move;

    fn successors<F>(&self, state: &Self::State, report: F)
    where
        F: FnMut(Self::State, Self::Move),
    {
        (**self).successors(state, report);
    }

    fn ranking(&self) -> Option<impl Ranking<Self::State> + '_> {
        (**self).ranking()
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

    fn ranking(&self) -> Option<impl Ranking<Self::State> + '_> {
        self.0.ranking()
    }
}

impl<G: Successors> Reversible for Undirected<G> {}

/// A state space whose states are numbered densely, `0..rank_count()`, and
/// whose edges are known rank to rank.
///
/// This is all that [`DenseEnumeration`](crate::DenseEnumeration) and
/// [`LayerTable`](crate::LayerTable) need: they never see a state, only
/// ranks, so they can walk billions of them in a table of 2 bits each.
/// Implementations should compute a neighbour's rank straight from the
/// state's rank where they can, and must be `Sync`, since layers are
/// expanded on every core at once. A space that already has
/// [`Successors`], [`Ranking`] and [`Unranking`] gets this trait through
/// [`AsRanked`], with no second implementation.
///
/// # Example
///
/// ```
/// use search_core::RankedSpace;
///
/// /// A ring of `n` positions.
/// struct Ring(u64);
///
/// impl RankedSpace for Ring {
///     fn rank_count(&self) -> u64 {
///         self.0
///     }
///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
///         report((rank + 1) % self.0);
///         report((rank + self.0 - 1) % self.0);
///     }
/// }
///
/// let mut ranks = Vec::new();
/// Ring(10).neighbours(0, |r| ranks.push(r));
/// assert_eq!(ranks, [1, 9]);
/// ```
pub trait RankedSpace: Sync {
    /// The number of ranks; every rank is below it.
    fn rank_count(&self) -> u64;

    /// Calls `report` with the rank of each neighbour of the state ranked
    /// `rank`.
    fn neighbours<F: FnMut(u64)>(&self, rank: u64, report: F);

    /// Calls `report` with the rank of each neighbour of each state of
    /// `ranks`, which increase. The dense engine calls this with the ranks
    /// of a layer as it finds them in its table, a few hundred at a time.
    /// The default calls [`neighbours`](RankedSpace::neighbours) on each;
    /// override it to share work between neighbouring ranks.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::RankedSpace;
    ///
    /// struct Line;
    ///
    /// impl RankedSpace for Line {
    ///     fn rank_count(&self) -> u64 {
    ///         10
    ///     }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         if rank > 0 {
    ///             report(rank - 1);
    ///         }
    ///     }
    /// }
    ///
    /// let mut found = Vec::new();
    /// Line.neighbours_of_all(&[3, 4, 8], |r| found.push(r));
    /// assert_eq!(found, [2, 3, 7]);
    /// ```
    fn neighbours_of_all<F: FnMut(u64)>(&self, ranks: &[u64], mut report: F) {
        for &rank in ranks {
            self.neighbours(rank, &mut report);
        }
    }

    /// The neighbours one rank away that follow a fixed pattern, which a
    /// [`LayerTable`](crate::LayerTable) marks a whole table word at a time
    /// instead of one by one. The default names none.
    ///
    /// A space that names some here should override
    /// [`other_neighbours_of_all`](RankedSpace::other_neighbours_of_all) to
    /// leave them out; if it does not, they are only marked twice.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{RankSteps, RankedSpace};
    ///
    /// struct Line;
    /// impl RankedSpace for Line {
    ///     fn rank_count(&self) -> u64 { 10 }
    ///     fn neighbours<F: FnMut(u64)>(&self, _: u64, _: F) {}
    /// }
    ///
    /// assert_eq!(Line.rank_steps(), RankSteps::none());
    /// ```
    fn rank_steps(&self) -> RankSteps {
        RankSteps::none()
    }

    /// Like [`neighbours_of_all`](RankedSpace::neighbours_of_all), but
    /// only the neighbours that [`rank_steps`](RankedSpace::rank_steps)
    /// does not name; together the two must give every neighbour. The
    /// default reports every neighbour.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{DenseEnumeration, RankSteps, RankedSpace};
    ///
    /// /// Positions `0..20` on a line, with a jump of 10 from each of the
    /// /// first ten.
    /// struct Jumps;
    /// impl RankedSpace for Jumps {
    ///     fn rank_count(&self) -> u64 { 20 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         if rank > 0 { report(rank - 1); }
    ///         if rank < 19 { report(rank + 1); }
    ///         self.other_neighbours_of_all(&[rank], report);
    ///     }
    ///     fn rank_steps(&self) -> RankSteps {
    ///         // Every rank steps both ways, but for the ends.
    ///         RankSteps::new(20, !1, !(1 << 19))
    ///     }
    ///     fn other_neighbours_of_all<F: FnMut(u64)>(&self, ranks: &[u64], mut report: F) {
    ///         for &rank in ranks {
    ///             if rank < 10 { report(rank + 10); }
    ///         }
    ///     }
    /// }
    ///
    /// let mut found = Vec::new();
    /// Jumps.other_neighbours_of_all(&[3, 12], |r| found.push(r));
    /// assert_eq!(found, [13]);
    /// assert!(Jumps.rank_steps().steps_down(3) && !Jumps.rank_steps().steps_down(0));
    /// // The dense engine marks the steps itself, a table word at a time.
    /// let layers = DenseEnumeration::new().run(&Jumps, &[0], |_, _| {})?;
    /// assert_eq!((layers.states(), layers.layer_sizes()[..3].to_vec()), (20, vec![1, 2, 3]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn other_neighbours_of_all<F: FnMut(u64)>(&self, ranks: &[u64], report: F) {
        self.neighbours_of_all(ranks, report);
    }
}

/// Neighbours one rank away that depend only on the rank modulo a period:
/// rank `r` has neighbour `r - 1` when bit `r % period` of `down` is set,
/// and `r + 1` when that bit of `up` is. A sliding puzzle ranked as its
/// tile order times its cell count plus its blank's cell has this shape:
/// sliding the blank along a row keeps the order, and whether it can go
/// left or right depends on the blank's column alone.
///
/// [`RankedSpace::rank_steps`] names them so that a
/// [`LayerTable`](crate::LayerTable) can mark them a whole table word
/// (32 ranks) at a time, with a few shifts and masks.
///
/// # Example
///
/// ```
/// use search_core::RankSteps;
///
/// // A 2x3 board's blank in cells 0..6: it can go left from columns 1
/// // and 2, right from columns 0 and 1.
/// let steps = RankSteps::new(6, 0b110_110, 0b011_011);
/// assert!(steps.steps_down(6 * 40 + 2) && !steps.steps_up(6 * 40 + 2));
/// assert_eq!(steps.period(), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankSteps {
    period: u32,
    down: u64,
    up: u64,
}

impl RankSteps {
    /// Steps down from the ranks whose residue modulo `period` has its bit
    /// set in `down`, up from those in `up`; bits from `period` on are
    /// ignored. A `period` of 0 or past 64 names no steps.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::RankSteps;
    ///
    /// // Every rank steps up, but for the last of each pair.
    /// let pairs = RankSteps::new(2, 0, 0b01);
    /// assert!(pairs.steps_up(10) && !pairs.steps_up(11));
    /// assert_eq!(RankSteps::new(0, 1, 1), RankSteps::none());
    /// ```
    pub fn new(period: u32, down: u64, up: u64) -> RankSteps {
        if period == 0 || period > 64 {
            return RankSteps::none();
        }
        let within = if period == 64 { u64::MAX } else { (1 << period) - 1 };
        RankSteps { period, down: down & within, up: up & within }
    }

    /// No steps: every neighbour comes from
    /// [`other_neighbours_of_all`](RankedSpace::other_neighbours_of_all).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::RankSteps;
    ///
    /// assert!(RankSteps::none().is_none());
    /// ```
    pub fn none() -> RankSteps {
        RankSteps { period: 1, down: 0, up: 0 }
    }

    /// Whether no rank steps either way.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::RankSteps;
    ///
    /// assert!(!RankSteps::new(3, 0b10, 0).is_none());
    /// ```
    pub fn is_none(&self) -> bool {
        self.down == 0 && self.up == 0
    }

    /// The period of the pattern.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::RankSteps;
    ///
    /// assert_eq!(RankSteps::new(12, 1, 0).period(), 12);
    /// ```
    pub fn period(&self) -> u32 {
        self.period
    }

    /// Whether `rank - 1` is a neighbour of `rank`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::RankSteps;
    ///
    /// assert!(RankSteps::new(3, 0b100, 0).steps_down(5));
    /// ```
    pub fn steps_down(&self, rank: u64) -> bool {
        self.down >> (rank % u64::from(self.period)) & 1 != 0
    }

    /// Whether `rank + 1` is a neighbour of `rank`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::RankSteps;
    ///
    /// assert!(RankSteps::new(3, 0, 0b001).steps_up(3));
    /// ```
    pub fn steps_up(&self, rank: u64) -> bool {
        self.up >> (rank % u64::from(self.period)) & 1 != 0
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
/// use search_core::{AsRanked, DenseEnumeration, Ranking, Successors, Unranking};
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
/// let layers = DenseEnumeration::new().run(&AsRanked(Cube), &[0], |_, _| {})?;
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
    fn rank_count(&self) -> u64 {
        self.0.rank_count()
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        let state = self.0.unrank(rank);
        self.0.successors(&state, |next, _| report(self.0.rank(&next)));
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
/// use search_core::{rank_by, Ranking};
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
/// use search_core::{bfs, rank_by, Ranking, Successors};
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
    fn rank_count(&self) -> u64 {
        self.count
    }

    fn rank(&self, state: &S) -> u64 {
        (self.rank)(state)
    }
}

impl<S, F> fmt::Debug for RankBy<S, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RankBy").field("count", &self.count).finish_non_exhaustive()
    }
}
