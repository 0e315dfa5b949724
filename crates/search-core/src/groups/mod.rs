//! Permutation puzzles from their generators: the Cayley graph of the
//! group some permutations generate ([`Cayley`]), and the graph of the
//! arrangements they reach from one whose items repeat ([`Orbit`], a
//! coset graph: a cube's coloured stickers, a string of beads).
//!
//! Pancake flips, TopSpin, the LRX and LX graphs, Coxeter and star
//! generators, a cube's face turns: a puzzle of items on places is its
//! moves, written as permutations ([`Generators`], in one-line or GAP's
//! cycle notation), or a puzzle as text, in ours or GAP's
//! ([`PermutationPuzzle`]). The spaces here are ordinary spaces: every search
//! takes them, [`Cayley`] is ranked, so flat tables and the dense engine
//! ([`AsRanked`](crate::space::AsRanked)) take it too, and both have
//! predecessors, so searches from both ends work on them.
//!
//! # Example
//!
//! ```
//! use search_core::{bidirectional_bfs, enumerate};
//! use search_core::groups::{Cayley, Generators};
//!
//! // The LX graph of 5 points: a shift left, and a swap of the first two.
//! let mut lx = Generators::new(5)?;
//! lx.push_one_line("L", "1 2 3 4 0")?;
//! lx.push_cycles("X", "(1,2)")?;
//! assert!(!lx.is_closed_under_inverse()); // a directed graph
//! let graph = Cayley::new(lx)?;
//! let layers = enumerate(&graph, [graph.identity()])?;
//! assert_eq!(layers.states(), 120); // L and X generate every permutation
//! // The shortest word for the reversal, found from both ends.
//! let reversed = [4, 3, 2, 1, 0].into_iter().collect();
//! let path = bidirectional_bfs(&graph, [graph.identity()], [reversed])?.expect("reachable");
//! assert!(path.len() <= layers.radius());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use self::canonical::CanonicalMoves;
pub use self::cayley::{Arrangement, Cayley, Orbit};
pub use self::chain::StabilizerChain;
pub use self::generators::{Generators, MAX_POINTS};
pub use self::puzzle::PermutationPuzzle;
pub use self::reduced::{ReducedCayley, ReducedStates};
pub use self::symmetry::{MAX_SYMMETRIES, Symmetries};

mod canonical;
mod cayley;
mod chain;
mod generators;
mod puzzle;
mod reduced;
mod symmetry;
