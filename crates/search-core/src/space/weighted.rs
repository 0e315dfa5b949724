//! Spaces whose moves have costs, and the heuristics that estimate them.

use std::fmt;
use std::ops::ControlFlow;

use std::cmp::Ordering;

use num_traits::Zero;

use crate::error::Error;
use crate::space::traits::{Reversible, Successors};

/// The cost of a move or a path: a number with a zero, an order and a
/// checked sum. Every primitive integer is one, and so are `f32` and
/// `f64`, as they are: `dijkstra` over `f64` costs needs no wrapper.
///
/// Every sum of costs (a path's cost, a cost and its estimate) is
/// checked: one that passes the most the type holds (for a float, one
/// that is not finite) ends the search with
/// [`ErrorKind::CostOverflow`](crate::ErrorKind::CostOverflow), never a
/// wrapped, wrong answer. A* keeps the primitive integer types (up to a
/// cost of 255 per path) in buckets instead of a heap, which it tells by
/// the type: hence `'static`.
///
/// A move's cost must not be negative: every search refuses one that is
/// (or that is not finite, a NaN or an infinity) with
/// [`ErrorKind::InvalidCost`](crate::ErrorKind::InvalidCost) rather than
/// answer wrongly. [`Real`](crate::space::Real) wraps a float in a type that is
/// [`Ord`], for code of your own that needs one; the searches take the
/// float as it is. With the features `noisy_float` and `ordered-float`,
/// the float types of those crates are costs too (`R64`, `N64`, `R32`,
/// `N32`; `OrderedFloat` and `NotNan` of `f64` and `f32`): a
/// `pathfinding` user's costs work unchanged.
///
/// A type of your own is a cost with two methods: its sum, checked, and
/// its order, total.
///
/// # Example
///
/// ```
/// use std::cmp::Ordering;
/// use std::ops::Add;
/// use num_traits::Zero;
/// use search_core::{dijkstra, from_fn_weighted, Cost};
///
/// // Plain floats: the cheapest walk along a line of 1 m and 1.4 m steps.
/// let walk = from_fn_weighted(|&n: &i32| [(n + 1, 1.0), (n + 2, 1.4)]);
/// let (path, metres) = dijkstra(&walk, [0], |&n| n == 5)?.expect("on the line");
/// assert_eq!((path.len(), metres), (3, 3.8));
///
/// /// Money in whole cents, which never goes past a budget.
/// #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
/// struct Cents(u32);
/// impl Add for Cents {
///     type Output = Cents;
///     fn add(self, other: Cents) -> Cents { Cents(self.0 + other.0) }
/// }
/// impl Zero for Cents {
///     fn zero() -> Cents { Cents(0) }
///     fn is_zero(&self) -> bool { self.0 == 0 }
/// }
/// impl Cost for Cents {
///     fn checked_add(&self, other: &Cents) -> Option<Cents> {
///         self.0.checked_add(other.0).filter(|&sum| sum <= 10_000).map(Cents)
///     }
///     fn cost_cmp(&self, other: &Cents) -> Ordering { self.0.cmp(&other.0) }
/// }
/// let fares = from_fn_weighted(|&stop: &u32| [(stop + 1, Cents(250)), (stop + 3, Cents(600))]);
/// let (_, fare) = dijkstra(&fares, [0], |&stop| stop == 6)?.expect("within the budget");
/// assert_eq!(fare, Cents(1200));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a cost the searches take",
    note = "costs are the primitive integers, `f32`, `f64` and `Real`; `noisy_float`'s and `ordered-float`'s floats are costs with search-core's features of those names; a type of your own implements `Cost`'s two methods"
)]
pub trait Cost: Copy + PartialOrd + Zero + fmt::Debug + 'static {
    /// `self + other`, or `None` when the sum passes the most the type
    /// holds (for a float, when it is not finite).
    fn checked_add(&self, other: &Self) -> Option<Self>;

    /// The order of costs, total: the searches' open lists sort by it.
    /// It must agree with [`PartialOrd`] wherever that gives an order.
    fn cost_cmp(&self, other: &Self) -> Ordering;
}

macro_rules! integer_cost {
    ($($integer:ty),*) => {$(
        impl Cost for $integer {
            #[inline]
            fn checked_add(&self, other: &Self) -> Option<Self> {
                <$integer>::checked_add(*self, *other)
            }

            #[inline]
            fn cost_cmp(&self, other: &Self) -> Ordering {
                Ord::cmp(self, other)
            }
        }
    )*};
}

integer_cost!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

macro_rules! float_cost {
    ($($float:ty),*) => {$(
        /// A float's sum is checked for being finite; numbers are ordered
        /// as numbers (`-0.0` equals `0.0`), and a NaN, which no search
        /// takes as a cost, beyond them.
        impl Cost for $float {
            #[inline]
            fn checked_add(&self, other: &Self) -> Option<Self> {
                let sum = *self + *other;
                sum.is_finite().then_some(sum)
            }

            #[inline]
            fn cost_cmp(&self, other: &Self) -> Ordering {
                self.partial_cmp(other).unwrap_or_else(|| self.total_cmp(other))
            }
        }
    )*};
}

float_cost!(f32, f64);

/// A cost in a type that is [`Ord`] by [`Cost::cost_cmp`], for the
/// standard library's ordered collections.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ByCost<C>(pub(crate) C);

impl<C: Cost> Ord for ByCost<C> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.cost_cmp(&other.0)
    }
}

impl<C: Cost> PartialOrd for ByCost<C> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Cost> PartialEq for ByCost<C> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<C: Cost> Eq for ByCost<C> {}

/// The smaller of two costs, in their order.
#[inline]
pub(crate) fn min_cost<C: Cost>(a: C, b: C) -> C {
    if b.cost_cmp(&a) == Ordering::Less { b } else { a }
}

/// The larger of two costs, in their order.
#[inline]
pub(crate) fn max_cost<C: Cost>(a: C, b: C) -> C {
    if b.cost_cmp(&a) == Ordering::Greater { b } else { a }
}

/// `reached + step`, the cost of a path of cost `reached` extended by a
/// move of cost `step`: [`ErrorKind::InvalidCost`](crate::ErrorKind::InvalidCost)
/// when `step` is negative or not finite (no sum with zero), else as
/// [`add_costs`]. For unsigned integers both checks fold away.
#[inline]
pub(crate) fn extend_cost<C: Cost>(reached: C, step: C) -> Result<C, Error> {
    if step < C::zero() || step.checked_add(&C::zero()).is_none() {
        return Err(Error::invalid_cost(&step, &reached));
    }
    add_costs(reached, step)
}

/// `reached + step` as [`extend_cost`] checks it, or `None` when the sum
/// passes the most `C` holds: a path the search prunes, and answers
/// [`ErrorKind::CostOverflow`](crate::ErrorKind::CostOverflow) for only
/// when it finds no other.
#[inline]
pub(crate) fn extend_within<C: Cost>(reached: C, step: C) -> Result<Option<C>, Error> {
    if step < C::zero() || step.checked_add(&C::zero()).is_none() {
        return Err(Error::invalid_cost(&step, &reached));
    }
    Ok(reached.checked_add(&step))
}

/// `cost + estimate`, or `None` when the sum passes the most `C` holds:
/// an estimate that large says no goal is reachable within the type, and
/// the state is pruned (how [`Patterns`](crate::patterns::Patterns) marks a state
/// its tables never reached).
#[inline]
pub(crate) fn add_within<C: Cost>(cost: C, estimate: C) -> Option<C> {
    cost.checked_add(&estimate)
}

/// `a + b`, or [`ErrorKind::CostOverflow`](crate::ErrorKind::CostOverflow)
/// when the sum passes the most `C` holds.
#[inline]
pub(crate) fn add_costs<C: Cost>(a: C, b: C) -> Result<C, Error> {
    a.checked_add(&b).ok_or_else(Error::cost_overflow)
}

/// A space whose moves have costs, for [`AStar`](crate::cheapest::AStar),
/// [`IdaStar`](crate::deepening::IdaStar) and [`dijkstra`](crate::dijkstra).
///
/// Spaces that do not implement it pay nothing for it; to search one whose
/// moves all cost the same with an informed search, wrap it in
/// [`UnitCost`].
///
/// # Example
///
/// A lift that goes up one floor for 1 and skips three floors for 2:
///
/// ```
/// use search_core::{dijkstra, Successors, Weighted};
///
/// struct Lift;
///
/// impl Successors for Lift {
///     type State = u32;
///     type Move = u32;
///     fn successors<F: FnMut(u32, u32)>(&self, &floor: &u32, mut report: F) {
///         report(floor + 1, 1);
///         report(floor + 3, 3);
///     }
/// }
///
/// impl Weighted for Lift {
///     type Cost = u32;
///     fn cost(&self, _: &u32, &floors: &u32, _: &u32) -> u32 {
///         if floors == 1 { 1 } else { 2 }
///     }
/// }
///
/// let (path, cost) = dijkstra(&Lift, [0], |&floor| floor == 7)?.expect("reachable");
/// assert_eq!(cost, 5); // 3, 3, 1
/// assert_eq!(path.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Weighted: Successors {
    /// The type of costs.
    type Cost: Cost;

    /// The cost of the move `mv` from `from` to `to`. Costs must not be
    /// negative.
    fn cost(&self, from: &Self::State, mv: &Self::Move, to: &Self::State) -> Self::Cost;

    /// Each move into `state`, as `report(previous, mv, cost)`, until
    /// `report` breaks, and `Some` of how the listing ended; `None`, the
    /// default, when this space does not list them.
    ///
    /// The searches from both ends
    /// ([`bidirectional_dijkstra`](crate::cheapest::bidirectional_dijkstra),
    /// [`bidirectional_astar`](crate::cheapest::bidirectional_astar)) expand their
    /// backward side with it. Without it they ask
    /// [`Predecessors`](crate::Predecessors) for the states one move
    /// before and, for each, its successors for the move's cost: a call
    /// of `successors` per backward step, and one more per step of the
    /// path found. A space that knows its moves backwards lists them here
    /// in one call; [`from_fn_weighted_directed`](crate::from_fn_weighted_directed)
    /// does for closures. The moves must be the space's own: `mv` from
    /// `previous` leads to `state` at `cost`, as `successors(previous)`
    /// and [`cost`](Weighted::cost) say; they are not checked.
    ///
    /// # Example
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use search_core::{from_fn_weighted, from_fn_weighted_directed, Weighted};
    ///
    /// // A step up costs 2, a step down 1.
    /// let up = |&n: &i32| [(n + 1, 2u32), (n - 1, 1)];
    /// let down = |&n: &i32| [(n - 1, 2u32), (n + 1, 1)];
    /// let mut before = Vec::new();
    /// let listed = from_fn_weighted_directed(up, down).weighted_predecessors(&5, |n, _, cost| {
    ///     before.push((n, cost));
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!((listed, before), (Some(ControlFlow::Continue(())), vec![(4, 2), (6, 1)]));
    /// assert!(from_fn_weighted(up).weighted_predecessors(&5, |_, _, _| ControlFlow::Continue(())).is_none());
    /// ```
    #[inline]
    fn weighted_predecessors<F>(&self, state: &Self::State, report: F) -> Option<ControlFlow<()>>
    where
        F: FnMut(Self::State, Self::Move, Self::Cost) -> ControlFlow<()>,
    {
        let _ = (state, report);
        None
    }
}

/// A borrowed weighted space is one, as a borrowed space is a space.
impl<G: Weighted + ?Sized> Weighted for &G {
    type Cost = G::Cost;

    #[inline]
    fn cost(&self, from: &Self::State, mv: &Self::Move, to: &Self::State) -> G::Cost {
        (**self).cost(from, mv, to)
    }

    #[inline]
    fn weighted_predecessors<F>(&self, state: &Self::State, report: F) -> Option<ControlFlow<()>>
    where
        F: FnMut(Self::State, Self::Move, Self::Cost) -> ControlFlow<()>,
    {
        (**self).weighted_predecessors(state, report)
    }
}

/// Makes every move of a space cost 1, so that informed searches apply to
/// it.
///
/// # Example
///
/// ```
/// use search_core::{astar, from_fn};
/// use search_core::space::UnitCost;
///
/// let line = UnitCost(from_fn(|&n: &i32| [n - 1, n + 1]));
/// let (path, cost) = astar(&line, [0], |&n: &i32| (10 - n).unsigned_abs(), |&n| n == 10)?
///     .expect("reachable");
/// assert_eq!((path.len(), cost), (10, 10));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct UnitCost<G>(pub G);

impl<G: Successors> Successors for UnitCost<G> {
    type State = G::State;
    type Move = G::Move;

    crate::space::delegate::delegate_successors!(0);
}

impl<G: Successors> Weighted for UnitCost<G> {
    type Cost = u32;

    #[inline]
    fn cost(&self, _: &G::State, _: &G::Move, _: &G::State) -> u32 {
        1
    }
}

impl<G: Reversible> Reversible for UnitCost<G> {}

/// An estimate of the cost from a state to the nearest goal, that guides
/// [`AStar`](crate::cheapest::AStar) and [`IdaStar`](crate::deepening::IdaStar).
///
/// The contract:
///
/// - *admissible*: never more than the true cheapest cost to a goal. Every
///   informed search here returns an optimal path only with an admissible
///   heuristic.
/// - *consistent* (or monotone): `h(a) <= cost(a, b) + h(b)` for every move
///   `a -> b`, and 0 at goals. A consistent heuristic is admissible, and
///   with one [`AStar`](crate::cheapest::AStar) never expands a state twice; with an
///   admissible one that is not consistent it reopens states
///   ([`Stats::reopened`](crate::run::Stats::reopened)) and is still optimal.
///
/// Any closure `Fn(&S) -> C` is a heuristic. A type that can update its
/// estimate from the parent's in O(1), as the Manhattan distance of a
/// sliding puzzle can, overrides
/// [`estimate_child`](Heuristic::estimate_child).
///
/// # Example
///
/// ```
/// use search_core::Heuristic;
///
/// // The distance to 100 on a number line, walked one step at a time.
/// let to_100 = |&n: &i64| (100 - n).unsigned_abs();
/// assert_eq!(to_100.estimate(&40), 60);
/// ```
pub trait Heuristic<S> {
    /// The type of estimates: the space's cost type.
    type Cost;

    /// The estimated cost from `state` to the nearest goal.
    fn estimate(&self, state: &S) -> Self::Cost;

    /// The estimate of `child`, one move from `parent`, whose estimate was
    /// `parent_estimate`. The default computes it afresh.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Heuristic;
    ///
    /// let to_100 = |&n: &i64| (100 - n).unsigned_abs();
    /// assert_eq!(to_100.estimate_child(&40, 60, &41), 59);
    /// ```
    #[inline]
    fn estimate_child(&self, parent: &S, parent_estimate: Self::Cost, child: &S) -> Self::Cost {
        let _ = (parent, parent_estimate);
        self.estimate(child)
    }
}

impl<S, C, F: Fn(&S) -> C> Heuristic<S> for F {
    type Cost = C;

    #[inline]
    fn estimate(&self, state: &S) -> C {
        self(state)
    }
}
