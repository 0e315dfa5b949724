//! Ranking building blocks: perfect, dense numberings of the shapes a
//! puzzle's state is made of, to compose into a space's
//! [`Ranking`](crate::Ranking) and [`Unranking`](crate::Unranking) in a
//! line or two, so that the dense engines can enumerate it.
//!
//! - `permutations`: [`Permutations`](crate::Permutations) (`n!`),
//!   [`EvenPermutations`](crate::EvenPermutations) (`n!/2`, for spaces
//!   that keep parity) and [`KPermutations`](crate::KPermutations)
//!   (`n!/(n-k)!`, the placements of `k` pieces in `n` cells).
//! - `combinations`: [`Combinations`](crate::Combinations) (`n` choose
//!   `k`, as bit masks).
//! - `digits`: [`MixedRadix`](crate::MixedRadix) (`pegs^discs`, or a radix
//!   per position) and [`Product`](crate::Product), two rankings side by
//!   side (a cube's permutation and its twists).
//!
//! It may use `error` and nothing else.

pub(crate) mod combinations;
pub(crate) mod digits;
pub(crate) mod permutations;
