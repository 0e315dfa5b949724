//! Shortest words in a permutation puzzle's generators, from any of its
//! positions to the identity: the 3x3x3 cube given only as its 18 face
//! turns, the pocket cube, pancakes, any group below 2^128 elements.
//!
//! A [`Solver`] chooses [`PointPattern`]s (the places of some of the
//! puzzle's items, a corner sticker of each corner, say) within a byte
//! budget, builds each one's distance table with the dense engine (or
//! reads it from a directory), and answers each position by IDA* over
//! [`CanonicalMoves`](crate::groups::CanonicalMoves), the tables' largest
//! distance, at the position and at its inverse, its estimate.
//!
//! # Example
//!
//! ```
//! use search_core::Run;
//! use search_core::groups::Generators;
//! use search_core::words::Solver;
//!
//! // The LX graph of 6 points: a shift left, and a swap of the first two.
//! let mut lx = Generators::new(6)?;
//! lx.push_one_line("L", "1 2 3 4 5 0")?;
//! lx.push_cycles("X", "(1,2)")?;
//! let solver = Solver::new(&lx, 1_000, &mut Run::new())?;
//! let path = solver.solve(&[1, 0, 2, 3, 4, 5], &mut Run::new())?;
//! assert_eq!(path.moves(), [1]); // X
//! # Ok::<(), search_core::Error>(())
//! ```

pub use self::pattern::PointPattern;
pub use self::solver::Solver;

mod pattern;
mod solver;
