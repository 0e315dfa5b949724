//! Sliding puzzles of any size from 2x2 to 5x5.
//!
//! - `puzzle`: the space [`SlidingPuzzle`]; `slide`: its moves, [`Slide`].
//! - `board`: [`Board`], packed 4 bits a cell in a `u64`, and the checks
//!   every way of making one goes through; `parse`: LeetCode's JSON and
//!   text rows.
//! - `solver`: [`Solver`], which answers boards one after another, and
//!   its choice of search, [`Algorithm`]; `estimate`: its choice of
//!   estimate, [`SlidingHeuristic`], and the tables it is built into.
//! - `packed`: boards of up to 16 cells as their cells alone, in one
//!   word, the states the solver's breadth-first searches store.
//! - `heuristic`: [`Manhattan`] and [`LinearConflict`], each updated in
//!   O(1) a move; `guided`: boards that carry their estimate, for IDA*.
//! - `pdb`: the additive pattern databases ([`PatternDatabase`],
//!   [`Partition`]); `database_dir`: the folder of their files
//!   ([`DatabaseDir`]).
//! - `ranked`: ranks of boards and [`ReachableBoards`], which dense
//!   enumeration walks; `mirrored`: [`MirroredBoards`], those of a square
//!   board a board and its mirror image to a key, for the sorted engine.
//! - `leetcode`: LeetCode 773's [`sliding_puzzle`].

pub use self::board::Board;
pub use self::database_dir::{DatabaseDir, Installed};
pub use self::estimate::SlidingHeuristic;
pub use self::heuristic::{LinearConflict, Manhattan};
pub use self::leetcode::sliding_puzzle;
pub use self::mirrored::MirroredBoards;
pub use self::pdb::{Partition, PatternDatabase};
pub use self::puzzle::SlidingPuzzle;
pub use self::ranked::ReachableBoards;
pub use self::slide::Slide;
pub use self::solver::{Algorithm, Solver};

mod board;
mod database_dir;
mod estimate;
mod guided;
mod heuristic;
mod leetcode;
mod mirrored;
mod packed;
mod parse;
mod pdb;
mod puzzle;
mod ranked;
mod slide;
mod solver;
