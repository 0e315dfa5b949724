//! [`Real`]: `f32` and `f64` as costs, in a total order.

use std::cmp::Ordering;
use std::fmt;
use std::ops::Add;

use num_traits::{CheckedAdd, Zero};

/// A float in a total order: `Real(1.5)` is [`Ord`] where a bare `f64`
/// is not. The searches take `f64` and `f32` costs as they are; `Real`
/// serves code of your own that needs [`Ord`] (a `BTreeMap` of costs, a
/// sort), and is a [`Cost`](crate::Cost) too.
///
/// Numbers compare as numbers (`-0.0` equals `0.0`); a NaN orders beyond
/// every number, positive ones above and negative ones below. A sum that
/// is not finite (past the most the float holds, or NaN) is refused as an
/// overflow, and every search refuses a move whose cost is negative or not
/// finite with [`ErrorKind::InvalidCost`](crate::ErrorKind::InvalidCost):
/// a NaN never makes a wrong answer.
///
/// # Example
///
/// ```
/// use search_core::{dijkstra, from_fn_weighted, ErrorKind};
/// use search_core::space::Real;
///
/// // Steps of a metre and of 1.4 metres along a line.
/// let walk = from_fn_weighted(|&n: &i32| [(n + 1, Real(1.0)), (n + 2, Real(1.4))]);
/// let (path, metres) = dijkstra(&walk, [0], |&n| n == 5)?.expect("on the line");
/// assert_eq!((path.len(), metres), (3, Real(3.8)));
///
/// let broken = from_fn_weighted(|&n: &i32| [(n + 1, Real(f64::NAN))]);
/// let error = dijkstra(&broken, [0], |&n| n == 5).unwrap_err();
/// assert!(matches!(error.kind(), ErrorKind::InvalidCost { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Default)]
pub struct Real<F>(pub F);

macro_rules! real {
    ($float:ty) => {
        impl Ord for Real<$float> {
            fn cmp(&self, other: &Self) -> Ordering {
                self.0.partial_cmp(&other.0).unwrap_or_else(|| self.0.total_cmp(&other.0))
            }
        }

        impl PartialOrd for Real<$float> {
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }

        impl PartialEq for Real<$float> {
            fn eq(&self, other: &Self) -> bool {
                self.cmp(other) == Ordering::Equal
            }
        }

        impl Eq for Real<$float> {}

        impl Add for Real<$float> {
            type Output = Self;

            fn add(self, other: Self) -> Self {
                Real(self.0 + other.0)
            }
        }

        impl CheckedAdd for Real<$float> {
            fn checked_add(&self, other: &Self) -> Option<Self> {
                let sum = self.0 + other.0;
                sum.is_finite().then_some(Real(sum))
            }
        }

        impl crate::space::weighted::Cost for Real<$float> {
            #[inline]
            fn checked_add(&self, other: &Self) -> Option<Self> {
                CheckedAdd::checked_add(self, other)
            }

            #[inline]
            fn cost_cmp(&self, other: &Self) -> Ordering {
                self.cmp(other)
            }
        }

        impl Zero for Real<$float> {
            fn zero() -> Self {
                Real(0.0)
            }

            fn is_zero(&self) -> bool {
                self.0 == 0.0
            }
        }

        impl From<$float> for Real<$float> {
            fn from(value: $float) -> Self {
                Real(value)
            }
        }

        impl fmt::Debug for Real<$float> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.0, f)
            }
        }

        impl fmt::Display for Real<$float> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }
    };
}

real!(f32);
real!(f64);
