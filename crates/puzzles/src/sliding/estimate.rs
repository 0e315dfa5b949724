//! The estimates that guide a sliding puzzle's informed searches: the
//! user's choice ([`SlidingHeuristic`]) and the tables it is built into
//! for one goal (`Estimate`).

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use search_core::Heuristic;

use crate::error::Error;

use super::board::Board;
use super::heuristic::{self, LinearConflict, Manhattan};
use super::pdb::{Partition, PatternDatabase};
use super::puzzle::SlidingPuzzle;

/// Which estimate guides [`Algorithm::AStar`](crate::Algorithm::AStar)
/// and [`Algorithm::IdaStar`](crate::Algorithm::IdaStar).
///
/// # Example
///
/// ```
/// use puzzles::{Algorithm, SlidingHeuristic, SlidingPuzzle};
/// use search_core::Run;
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let board = "8 6 7 / 2 5 4 / 3 0 1".parse()?;
/// let mut expanded = Vec::new();
/// for heuristic in [SlidingHeuristic::Manhattan, SlidingHeuristic::LinearConflict] {
///     let mut solver = puzzle.solver().algorithm(Algorithm::IdaStar).heuristic(heuristic);
///     let mut run = Run::new();
///     assert_eq!(solver.moves(&board, &mut run)?, Some(31));
///     expanded.push(run.stats().expanded);
/// }
/// assert!(expanded[1] < expanded[0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SlidingHeuristic {
    /// [`Manhattan`]: each tile's rows and columns from its goal cell.
    Manhattan,
    /// [`LinearConflict`]: Manhattan, plus two moves per tile that must
    /// step out of its goal row or column.
    LinearConflict,
    /// The [`Partition::SixSixThree`] pattern database, for 4x4 boards
    /// only: built (a few seconds) the first time a puzzle needs it unless
    /// one was installed with [`SlidingPuzzle::install_database`], then
    /// kept with the puzzle.
    SixSixThree,
    /// The [`Partition::SevenEight`] pattern database, for 4x4 boards
    /// only: installed with [`SlidingPuzzle::install_database`] from a
    /// saved file, or built (minutes, 1.6 GB) the first time it is needed.
    SevenEight,
    /// The [`Partition::SixSixSixSix`] pattern database, for 5x5 boards
    /// only: installed with [`SlidingPuzzle::install_database`] from a
    /// saved file, or built (minutes and 0.9 GB, see
    /// `docs/performance.md`) the first time it is needed.
    SixSixSixSix,
    /// The best the puzzle has at hand, building nothing: the 6-6-6-6 or
    /// 7-8 database if one is installed, else the 6-6-3 one if there is
    /// one, else linear conflicts; the default.
    #[default]
    Best,
}

impl SlidingHeuristic {
    /// The heuristic's name, as `FromStr` reads it.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingHeuristic;
    ///
    /// for heuristic in [SlidingHeuristic::LinearConflict, SlidingHeuristic::SixSixSixSix] {
    ///     assert_eq!(heuristic.name().parse::<SlidingHeuristic>()?, heuristic);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            SlidingHeuristic::Manhattan => "manhattan",
            SlidingHeuristic::LinearConflict => "linear-conflict",
            SlidingHeuristic::SixSixThree => "pdb-663",
            SlidingHeuristic::SevenEight => "pdb-78",
            SlidingHeuristic::SixSixSixSix => "pdb-6666",
            SlidingHeuristic::Best => "best",
        }
    }

    /// The partitions whose databases this heuristic uses, the better
    /// first.
    pub(super) fn partitions(self) -> &'static [Partition] {
        match self {
            SlidingHeuristic::SixSixThree => &[Partition::SixSixThree],
            SlidingHeuristic::SevenEight => &[Partition::SevenEight],
            SlidingHeuristic::SixSixSixSix => &[Partition::SixSixSixSix],
            SlidingHeuristic::Best => {
                &[Partition::SixSixSixSix, Partition::SevenEight, Partition::SixSixThree]
            }
            SlidingHeuristic::Manhattan | SlidingHeuristic::LinearConflict => &[],
        }
    }
}

impl fmt::Display for SlidingHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SlidingHeuristic {
    type Err = Error;

    fn from_str(text: &str) -> Result<SlidingHeuristic, Error> {
        match text {
            "manhattan" => Ok(SlidingHeuristic::Manhattan),
            "linear-conflict" => Ok(SlidingHeuristic::LinearConflict),
            "pdb-663" => Ok(SlidingHeuristic::SixSixThree),
            "pdb-78" => Ok(SlidingHeuristic::SevenEight),
            "pdb-6666" => Ok(SlidingHeuristic::SixSixSixSix),
            "best" => Ok(SlidingHeuristic::Best),
            _ => Err(Error::unknown_name(
                text,
                "a heuristic",
                "manhattan, linear-conflict, pdb-663, pdb-78, pdb-6666 or best",
            )),
        }
    }
}

/// The estimate a solver uses, built for its goal.
#[derive(Clone, Debug)]
#[expect(
    clippy::large_enum_variant,
    reason = "one per solver, and the Manhattan table is read on every node: kept inline"
)]
pub(super) enum Estimate {
    Manhattan(Manhattan),
    LinearConflict(Arc<LinearConflict>),
    Database(Arc<PatternDatabase>),
}

impl Estimate {
    pub(super) fn new(kind: SlidingHeuristic, puzzle: &SlidingPuzzle) -> Result<Estimate, Error> {
        Ok(match kind {
            SlidingHeuristic::Manhattan => Estimate::Manhattan(Manhattan::new(&puzzle.goal)),
            SlidingHeuristic::LinearConflict => {
                let tables = puzzle
                    .linear_conflict
                    .get_or_init(|| Arc::new(LinearConflict::new(&puzzle.goal)));
                Estimate::LinearConflict(Arc::clone(tables))
            }
            SlidingHeuristic::SixSixThree => {
                Estimate::Database(puzzle.pattern_database(Partition::SixSixThree)?)
            }
            SlidingHeuristic::SevenEight => {
                Estimate::Database(puzzle.pattern_database(Partition::SevenEight)?)
            }
            SlidingHeuristic::SixSixSixSix => {
                Estimate::Database(puzzle.pattern_database(Partition::SixSixSixSix)?)
            }
            SlidingHeuristic::Best => {
                let installed = Partition::ALL
                    .iter()
                    .rev()
                    .find_map(|&partition| puzzle.installed_database(partition));
                match installed {
                    Some(database) => Estimate::Database(database),
                    None => Estimate::new(SlidingHeuristic::LinearConflict, puzzle)?,
                }
            }
        })
    }
}

impl Heuristic<Board> for Estimate {
    type Cost = u32;

    fn estimate(&self, board: &Board) -> u32 {
        match self {
            Estimate::Manhattan(h) => h.estimate(board),
            Estimate::LinearConflict(h) => h.estimate(board),
            Estimate::Database(h) => h.estimate(board),
        }
    }

    fn estimate_child(&self, parent: &Board, parent_estimate: u32, child: &Board) -> u32 {
        match self {
            Estimate::Manhattan(h) => h.estimate_child(parent, parent_estimate, child),
            Estimate::LinearConflict(h) => h.estimate_child(parent, parent_estimate, child),
            Estimate::Database(h) => h.estimate_child(parent, parent_estimate, child),
        }
    }
}

heuristic::heuristic_by_reference!(Estimate, PatternDatabase);
