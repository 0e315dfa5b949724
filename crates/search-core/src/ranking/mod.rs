//! Perfect, dense numberings of the shapes a puzzle's state is made of,
//! to compose into a space's [`Ranking`](crate::Ranking) and
//! [`Unranking`](crate::Unranking) in a line or two, so that flat tables
//! and the dense engines can take the space.
//!
//! [`Permutations`] (`n!`), [`EvenPermutations`] (`n!/2`, for spaces that
//! keep parity), [`KPermutations`] (`n!/(n-k)!`, the placements of `k`
//! pieces in `n` cells), [`Combinations`] (`n` choose `k`, as bit masks),
//! [`MultisetPermutations`] (the arrangements of items that repeat, a
//! cube's coloured stickers), [`MixedRadix`] (`pegs^discs`, or a radix per
//! position) and
//! [`Product`], two rankings side by side (a cube's permutation and its
//! twists).
//!
//! # Example
//!
//! ```
//! use search_core::ranking::Permutations;
//!
//! let permutations = Permutations::new(4)?;
//! assert_eq!(permutations.count(), 24);
//! let rank = permutations.rank(&[3, 2, 1, 0]);
//! assert_eq!(rank, 23);
//! let mut back = [0; 4];
//! permutations.unrank(rank, &mut back);
//! assert_eq!(back, [3, 2, 1, 0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use self::combinations::Combinations;
pub use self::digits::{MixedRadix, Product};
pub use self::multiset::MultisetPermutations;
pub use self::permutations::{EvenPermutations, KPermutations, Permutations};

pub(crate) mod combinations;
pub(crate) mod digits;
pub(crate) mod multiset;
pub(crate) mod permutations;
