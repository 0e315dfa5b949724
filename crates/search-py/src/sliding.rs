//! Sliding puzzles solved and enumerated with the GIL released, in a way
//! Ctrl-C can stop.
//!
//! The engine has no way to cancel a search from outside: its progress
//! observers return nothing. So the searches here run over [`Stoppable`],
//! the puzzle's own space behind a check: every [`TICKS`] expansions it
//! takes the GIL for a moment and runs Python's signal handlers, and once
//! one raises (KeyboardInterrupt) it reports no more successors, so that
//! the search runs dry at once, and the exception is raised in place of
//! its answer. The dense enumeration checks between layers instead, as
//! its `run_until` allows. This module therefore picks the search and the
//! estimate itself, as `puzzles::Solver` does, since a `Solver` can only
//! search the puzzle it was made from: a second owner of that choice, to
//! go when search-core's searches take a cancellation handle and
//! `puzzles` owns which pattern databases a heuristic loads.

use std::path::Path as FilePath;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use ::puzzles::{
    Algorithm, Board, LinearConflict, Manhattan, Partition, PatternDatabase, ReachableBoards,
    Slide, SlidingHeuristic, SlidingPuzzle,
};
use pyo3::prelude::*;
use search_core::{
    AStar, DenseEnumeration, Heuristic, IdaStar, Path, Ranking, Reversible, Search, Successors,
    Weighted,
};

/// Expansions between two checks for Ctrl-C: some microseconds of work,
/// against well under one for taking the GIL.
const TICKS: u32 = 1 << 14;

/// Ctrl-C for a search running with the GIL released.
#[derive(Default)]
pub(crate) struct Interrupt {
    stopped: AtomicBool,
    ticks: AtomicU32,
    error: Mutex<Option<PyErr>>,
}

impl Interrupt {
    /// Runs Python's signal handlers; true once one has raised.
    #[expect(
        clippy::redundant_closure_for_method_calls,
        reason = "the method path is not general over the GIL token's lifetime"
    )]
    pub(crate) fn check(&self) -> bool {
        if self.stopped.load(Ordering::Relaxed) {
            return true;
        }
        if let Err(error) = Python::attach(|py| py.check_signals()) {
            *self.error.lock().unwrap_or_else(PoisonError::into_inner) = Some(error);
            self.stopped.store(true, Ordering::Relaxed);
        }
        self.stopped.load(Ordering::Relaxed)
    }

    /// Counts one expansion, and checks every [`TICKS`]; true once
    /// stopped.
    fn tick(&self) -> bool {
        let ticks = self.ticks.load(Ordering::Relaxed).wrapping_add(1);
        self.ticks.store(ticks, Ordering::Relaxed);
        if ticks.is_multiple_of(TICKS) {
            self.check()
        } else {
            self.stopped.load(Ordering::Relaxed)
        }
    }

    /// The exception a signal handler raised, if one did.
    pub(crate) fn into_error(self) -> Option<PyErr> {
        self.error.into_inner().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A puzzle's space that reports no successors once interrupted.
struct Stoppable<'a> {
    puzzle: &'a SlidingPuzzle,
    interrupt: &'a Interrupt,
}

impl Successors for Stoppable<'_> {
    type State = Board;
    type Move = Slide;

    fn successors<F: FnMut(Board, Slide)>(&self, board: &Board, report: F) {
        if !self.interrupt.tick() {
            self.puzzle.successors(board, report);
        }
    }

    fn ranking(&self) -> Option<impl Ranking<Board> + '_> {
        self.puzzle.ranking()
    }
}

impl Reversible for Stoppable<'_> {}

impl Weighted for Stoppable<'_> {
    type Cost = u32;

    fn cost(&self, from: &Board, slide: &Slide, to: &Board) -> u32 {
        self.puzzle.cost(from, slide, to)
    }
}

/// A puzzle towards one goal, with the tables of its estimates, built on
/// first use and kept for the process.
pub(crate) struct Sliding {
    pub(crate) puzzle: SlidingPuzzle,
    linear_conflict: OnceLock<Arc<LinearConflict>>,
}

/// The puzzles made so far, one per goal.
static PUZZLES: Mutex<Vec<Arc<Sliding>>> = Mutex::new(Vec::new());

/// The puzzle towards `goal`.
pub(crate) fn puzzle_for(goal: Board) -> Arc<Sliding> {
    // A panic elsewhere cannot leave the list half-changed: it only grows.
    let mut puzzles = PUZZLES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(sliding) = puzzles.iter().find(|sliding| sliding.puzzle.goal() == &goal) {
        return Arc::clone(sliding);
    }
    let sliding = Arc::new(Sliding {
        puzzle: SlidingPuzzle::with_goal(goal),
        linear_conflict: OnceLock::new(),
    });
    puzzles.push(Arc::clone(&sliding));
    sliding
}

/// Why a solve failed: the puzzles crate's error, or a heuristic that
/// would need a database that is not there.
pub(crate) enum Failure {
    Puzzle(::puzzles::Error),
    Heuristic(String),
}

impl From<::puzzles::Error> for Failure {
    fn from(error: ::puzzles::Error) -> Failure {
        Failure::Puzzle(error)
    }
}

impl From<search_core::Error> for Failure {
    fn from(error: search_core::Error) -> Failure {
        Failure::Puzzle(error.into())
    }
}

/// The estimate that guides A* and IDA*.
#[expect(
    clippy::large_enum_variant,
    reason = "one per search, and the Manhattan table is read on every node: kept inline"
)]
enum Estimate {
    Manhattan(Manhattan),
    LinearConflict(Arc<LinearConflict>),
    Database(Arc<PatternDatabase>),
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

impl Sliding {
    /// Installs the databases of `folder` that `heuristic` can use, as
    /// `puzzles pdb build` saved them: for "pdb-78" the 7-8 one, which
    /// must be there; for "pdb-663" the 6-6-3 one if it is there; for
    /// "best" the 7-8 one, else the 6-6-3 one, one of which must be there.
    /// Boards other than 4x4 have none to use.
    pub(crate) fn install_from(
        &self,
        folder: &FilePath,
        heuristic: SlidingHeuristic,
    ) -> Result<(), String> {
        let goal = self.puzzle.goal();
        if (goal.rows(), goal.cols()) != (4, 4) {
            return Ok(());
        }
        let (wanted, required): (&[Partition], bool) = match heuristic {
            SlidingHeuristic::SevenEight => (&[Partition::SevenEight], true),
            SlidingHeuristic::SixSixThree => (&[Partition::SixSixThree], false),
            SlidingHeuristic::Best => (&[Partition::SevenEight, Partition::SixSixThree], true),
            _ => return Ok(()),
        };
        if wanted.iter().any(|&partition| self.puzzle.installed_database(partition).is_some()) {
            return Ok(());
        }
        for &partition in wanted {
            let path = folder.join(partition.file_name(goal));
            if !path.exists() {
                continue;
            }
            let patterns = partition.patterns(goal).map_err(|error| error.to_string())?;
            let database =
                PatternDatabase::load(&path, goal, &patterns).map_err(|error| error.to_string())?;
            self.puzzle.install_database(Arc::new(database)).map_err(|error| error.to_string())?;
            return Ok(());
        }
        if !required {
            return Ok(());
        }
        let names: Vec<String> = wanted.iter().map(|partition| partition.file_name(goal)).collect();
        Err(format!(
            "{} has no pattern database for this goal (looked for {}); `puzzles pdb build 4x4` \
             builds one",
            folder.display(),
            names.join(" and ")
        ))
    }

    /// The estimate of `kind`: 6-6-3 databases are built when missing (a
    /// few seconds), 7-8 ones never (minutes and 1.6 GB: the CLI builds
    /// and saves them).
    fn estimate(&self, kind: SlidingHeuristic) -> Result<Estimate, Failure> {
        let puzzle = &self.puzzle;
        Ok(match kind {
            SlidingHeuristic::Manhattan => Estimate::Manhattan(Manhattan::new(puzzle.goal())),
            SlidingHeuristic::LinearConflict => Estimate::LinearConflict(Arc::clone(
                self.linear_conflict.get_or_init(|| Arc::new(LinearConflict::new(puzzle.goal()))),
            )),
            SlidingHeuristic::SixSixThree => {
                Estimate::Database(puzzle.pattern_database(Partition::SixSixThree)?)
            }
            SlidingHeuristic::SevenEight => {
                // The size is checked first, as building would check it.
                Partition::SevenEight.patterns(puzzle.goal())?;
                match puzzle.installed_database(Partition::SevenEight) {
                    Some(database) => Estimate::Database(database),
                    None => {
                        return Err(Failure::Heuristic(
                            "'pdb-78' needs the 7-8 pattern databases, which take minutes and \
                             1.6 GB to build: build them once with `puzzles pdb build 4x4` and \
                             pass their folder as databases="
                                .to_string(),
                        ));
                    }
                }
            }
            SlidingHeuristic::Best => {
                let installed = Partition::ALL
                    .iter()
                    .rev()
                    .find_map(|&partition| puzzle.installed_database(partition));
                match installed {
                    Some(database) => Estimate::Database(database),
                    None => self.estimate(SlidingHeuristic::LinearConflict)?,
                }
            }
        })
    }

    /// A shortest solution of `board`, or `None` when it cannot be solved,
    /// as `puzzles::Solver::solve` finds it; Ctrl-C stops the search
    /// through `interrupt`, and its answer is then meaningless.
    pub(crate) fn solve(
        &self,
        board: &Board,
        algorithm: Algorithm,
        heuristic: SlidingHeuristic,
        interrupt: &Interrupt,
    ) -> Result<Option<Path<Board, Slide>>, Failure> {
        let puzzle = &self.puzzle;
        if !puzzle.is_solvable(board) {
            return Ok(None);
        }
        let goal = *puzzle.goal();
        let space = Stoppable { puzzle, interrupt };
        Ok(match algorithm.resolve(board.cell_count()) {
            Algorithm::Bfs => Search::new().bfs(&space, [*board], |b| *b == goal)?,
            Algorithm::AStar => {
                let estimate = self.estimate(heuristic)?;
                AStar::new().run(&space, *board, &estimate, |b| *b == goal)?.map(|(path, _)| path)
            }
            Algorithm::IdaStar => {
                let estimate = self.estimate(heuristic)?;
                IdaStar::new().run(&space, *board, &estimate, |b| *b == goal)?.map(|(path, _)| path)
            }
            _ => Search::new().bidirectional(&space, *board, goal)?,
        })
    }

    /// The number of boards at each distance from the goal, in 2 bits a
    /// board on every core; Ctrl-C stops it between two layers.
    pub(crate) fn enumerate(
        &self,
        config: &DenseEnumeration,
        interrupt: &Interrupt,
    ) -> Result<Vec<u64>, ::puzzles::Error> {
        let boards = ReachableBoards::new(self.puzzle.goal());
        let start = boards.rank(self.puzzle.goal()).into_iter().collect::<Vec<_>>();
        let on_layer = |_, _| {
            if interrupt.check() {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        };
        let layers = config.run_until(&boards, &start, on_layer, |_, _| {})?;
        Ok(layers.layer_sizes().to_vec())
    }
}
