/*!
State spaces built on [`search_core`]: sliding puzzles of any size, Open the
Lock, Word Ladder, the pocket cube, pancakes, TopSpin, the Tower of Hanoi
with four pegs, and four smaller LeetCode puzzles.

Each puzzle is a type that implements [`search_core::Successors`], plus a
small function that answers the puzzle's own question. The point is that
one breadth-first search serves them all; each module is short and is meant
to be read as an example of writing a state space.

| puzzle | space | answer | what it shows |
|---|---|---|---|
| sliding puzzle (LeetCode 773), 2x2 to 5x5 | [`SlidingPuzzle`] | [`sliding_puzzle`] | compact `Copy` states, ranks, parity, bidirectional search, dense enumeration |
| Open the Lock (752) | [`Lock`] | [`open_lock`] | states that are their own rank |
| the pocket cube (2x2x2), two metrics | [`PocketCube`] | [`PocketCube::solve`] | a permutation and orientation ranked densely, enumerated in 2 bits a position |
| Word Ladder (127, 126) | [`WordLadder`] | [`ladder_length`], [`find_ladders`], [`count_ladders`] | neighbours from an index, all shortest paths |
| Water and Jug (365) | [`Jugs`] | [`can_measure_water`] | a goal that is a test |
| Get All Keys (864) | [`KeyGrid`] | [`shortest_path_all_keys`] | a state that is a place and a key set |
| Visiting All Nodes (847) | [`VisitAll`] | [`shortest_path_length`] | many starts at once |
| Genetic Mutation (433) | a closure | [`min_mutation`] | a space written with [`search_core::from_fn`] |
| the pancake puzzle | [`Pancakes`] | layers by [`search_core::dense::DenseEnumeration`] | a page of code ranked by [`search_core::ranking::Permutations`], billions of states |
| TopSpin, a ring and a turntable of 4 | [`TopSpin`] | the same | parity: an odd ring ranked by [`search_core::ranking::EvenPermutations`] |
| the Tower of Hanoi, 4 pegs | [`Hanoi4`] | the same | ranked by [`search_core::ranking::MixedRadix`] |
| permutation puzzles from generators: LRX, Coxeter, burnt pancakes, a cube's stickers | [`Family`], [`PermutationGraph`] | [`PermutationGraph::enumerate`], [`PermutationGraph::solve`], [`WordSolver::solve`] | the dense or the hashed engine, picked from what the states offer; IDA* over pattern databases of its pieces |

# Example

```
use puzzles::{Board, SlidingPuzzle, sliding_puzzle};

// LeetCode's answer, as LeetCode asks for it.
assert_eq!(sliding_puzzle(vec![vec![4, 1, 2], vec![5, 0, 3]]), 5);

// The same board through the library: parse, solve, show.
let board: Board = "4 1 2 / 5 0 3".parse()?;
let puzzle = SlidingPuzzle::new(board.rows(), board.cols())?;
let path = puzzle.solve(&board)?.expect("solvable");
let moves: Vec<String> = path.moves().iter().map(|m| m.to_string()).collect();
assert_eq!(moves.len(), 5);
assert_eq!(path.end(), puzzle.goal());

// Half of all boards cannot be solved, and parity says which at once.
assert!(!puzzle.is_solvable(&"1 2 3 / 5 4 0".parse()?));
# Ok::<(), Box<dyn std::error::Error>>(())
```

# Errors

Every fallible function returns [`Error`], whose message names what is
wrong and where: `row 2 has 2 cells, but row 1 has 3`, `tile 4 appears
twice (row 2, column 1 and row 2, column 3)`, `code '12a4': character 3 is
not a digit from 0 to 9`.
*/

// No unsafe code anywhere.
#![forbid(unsafe_code)]
// Every public item is documented, with an example.
#![deny(missing_docs)]
// Every public type can be printed with `{:?}`.
#![warn(missing_debug_implementations)]

pub use crate::cube::{Cube, CubeTurn, Face, PocketCube, Scramble};
pub use crate::error::{Error, ErrorKind};
pub use crate::families::Family;
pub use crate::jugs::{Jugs, Pour, can_measure_water};
pub use crate::keys::{KeyGrid, shortest_path_all_keys};
pub use crate::ladder::{
    WordLadder, count_ladders, find_ladders, find_ladders_with, first_ladder_with, ladder_length,
    ladder_length_with,
};
pub use crate::lock::{Lock, Turn, open_lock};
pub use crate::mutation::min_mutation;
pub use crate::numbered::hanoi::{Hanoi4, HanoiRanks};
pub use crate::numbered::pancakes::{PancakeRanks, Pancakes};
pub use crate::numbered::tokens::Tokens;
pub use crate::numbered::topspin::{Spin, TopSpin};
pub use crate::permuted::PermutationGraph;
pub use crate::sliding::{
    Algorithm, Board, DatabaseDir, Installed, LinearConflict, Manhattan, MirroredBoards, Partition,
    PatternDatabase, ReachableBoards, Slide, SlidingHeuristic, SlidingPuzzle, Solver,
    sliding_puzzle,
};
pub use crate::visit_all::{VisitAll, shortest_path_length};
pub use crate::words::WordSolver;
pub use search_core::layers::Engine;

mod cube;
mod error;
mod families;
mod jugs;
mod numbered;

/// The workspace README's Rust examples, run as doctests so that they stay
/// true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
mod keys;
mod ladder;
mod lock;
mod mutation;
mod permuted;
mod sliding;
mod visit_all;
mod words;
