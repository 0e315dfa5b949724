//! [`Cost`] for the float types of two crates that users of `pathfinding`
//! already have, each behind a feature named after its crate:
//! `noisy_float`'s `NoisyFloat` (`R64`, `N64`, `R32`, `N32`), and
//! `ordered-float`'s `OrderedFloat` and `NotNan`. Each sums and orders as
//! the float inside it, and goes to the same radix heap as that float
//! ([`float_inside`]).

use std::any::Any;

/// The float inside a cost, for the open list's keys: `None` for a type
/// that holds none.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Inside {
    Double(f64),
    Single(f32),
}

/// The float that `cost` holds, if it is one of the types of this
/// module, or `f64`, `f32` or [`Real`](crate::space::Real) of either. Generic and
/// inlined, so that each type's answer is known when it is compiled: on
/// `&dyn Any` out of line, its run-time type tests, made for every entry
/// the open list took, were 15% of Dijkstra's instructions on the octile
/// bench (cachegrind).
#[inline(always)]
pub(crate) fn float_inside<C: Any>(cost: &C) -> Option<Inside> {
    use crate::space::real::Real;
    let cost = cost as &dyn Any;
    if let Some(&v) = cost.downcast_ref::<f64>() {
        return Some(Inside::Double(v));
    }
    if let Some(&v) = cost.downcast_ref::<f32>() {
        return Some(Inside::Single(v));
    }
    if let Some(&Real(v)) = cost.downcast_ref::<Real<f64>>() {
        return Some(Inside::Double(v));
    }
    if let Some(&Real(v)) = cost.downcast_ref::<Real<f32>>() {
        return Some(Inside::Single(v));
    }
    wrapped(cost)
}

#[cfg(not(any(feature = "noisy_float", feature = "ordered-float")))]
#[expect(clippy::inline_always, reason = "as `float_inside`, which calls it")]
#[inline(always)]
fn wrapped(_: &dyn Any) -> Option<Inside> {
    None
}

#[cfg(any(feature = "noisy_float", feature = "ordered-float"))]
#[inline(always)]
fn wrapped(cost: &dyn Any) -> Option<Inside> {
    #[cfg(feature = "noisy_float")]
    {
        use noisy_float::types::{N32, N64, R32, R64};
        if let Some(v) = cost.downcast_ref::<R64>() {
            return Some(Inside::Double(v.raw()));
        }
        if let Some(v) = cost.downcast_ref::<N64>() {
            return Some(Inside::Double(v.raw()));
        }
        if let Some(v) = cost.downcast_ref::<R32>() {
            return Some(Inside::Single(v.raw()));
        }
        if let Some(v) = cost.downcast_ref::<N32>() {
            return Some(Inside::Single(v.raw()));
        }
    }
    #[cfg(feature = "ordered-float")]
    {
        use ordered_float::{NotNan, OrderedFloat};
        if let Some(v) = cost.downcast_ref::<OrderedFloat<f64>>() {
            return Some(Inside::Double(v.0));
        }
        if let Some(v) = cost.downcast_ref::<NotNan<f64>>() {
            return Some(Inside::Double(v.into_inner()));
        }
        if let Some(v) = cost.downcast_ref::<OrderedFloat<f32>>() {
            return Some(Inside::Single(v.0));
        }
        if let Some(v) = cost.downcast_ref::<NotNan<f32>>() {
            return Some(Inside::Single(v.into_inner()));
        }
    }
    None
}

#[cfg(feature = "noisy_float")]
mod noisy {
    use std::cmp::Ordering;

    use noisy_float::{FloatChecker, NoisyFloat};

    use crate::space::weighted::Cost;

    macro_rules! noisy_cost {
        ($($float:ty),*) => {$(
            /// With the `noisy_float` feature: summed as the float inside,
            /// a sum that is not finite an overflow; ordered as that float.
            impl<C: FloatChecker<$float> + 'static> Cost
                for NoisyFloat<$float, C>
            {
                #[inline]
                fn checked_add(&self, other: &Self) -> Option<Self> {
                    let sum = self.raw() + other.raw();
                    if sum.is_finite() { NoisyFloat::try_new(sum) } else { None }
                }

                #[inline]
                fn cost_cmp(&self, other: &Self) -> Ordering {
                    self.raw().cost_cmp(&other.raw())
                }
            }
        )*};
    }

    noisy_cost!(f32, f64);
}

#[cfg(feature = "ordered-float")]
mod ordered {
    use std::cmp::Ordering;

    use ordered_float::{NotNan, OrderedFloat};

    use crate::space::weighted::Cost;

    macro_rules! ordered_cost {
        ($($float:ty),*) => {$(
            /// With the `ordered-float` feature: summed as the float
            /// inside, a sum that is not finite an overflow; ordered by
            /// its own `Ord`.
            impl Cost for OrderedFloat<$float> {
                #[inline]
                fn checked_add(&self, other: &Self) -> Option<Self> {
                    let sum = self.0 + other.0;
                    sum.is_finite().then_some(OrderedFloat(sum))
                }

                #[inline]
                fn cost_cmp(&self, other: &Self) -> Ordering {
                    self.cmp(other)
                }
            }

            /// With the `ordered-float` feature: as `OrderedFloat`.
            impl Cost for NotNan<$float> {
                #[inline]
                fn checked_add(&self, other: &Self) -> Option<Self> {
                    let sum = self.into_inner() + other.into_inner();
                    if sum.is_finite() { NotNan::new(sum).ok() } else { None }
                }

                #[inline]
                fn cost_cmp(&self, other: &Self) -> Ordering {
                    self.cmp(other)
                }
            }
        )*};
    }

    ordered_cost!(f32, f64);
}
