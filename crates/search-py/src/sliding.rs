//! Sliding puzzles solved and enumerated with the GIL released, in a way
//! Ctrl-C can stop.
//!
//! A search runs on the calling thread with the GIL released, so Python's
//! signal handlers cannot run until it returns. The solver's progress
//! observer, called every 65,536 expansions, takes the GIL for a moment to
//! run them; once one raises (KeyboardInterrupt), it cancels the search
//! through its [`CancelHandle`], and the exception is raised in place of
//! the answer. An enumeration's observer is called at each layer's end.

use std::path::Path as FilePath;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use ::puzzles::{Algorithm, Board, DatabaseDir, Partition, Slide, SlidingHeuristic, SlidingPuzzle};
use pyo3::prelude::*;
use search_core::layers::Enumerator;
use search_core::run::CancelHandle;
use search_core::{Limits, Path, Run};

/// Ctrl-C for a search running with the GIL released.
#[derive(Default)]
pub(crate) struct Interrupt {
    stopped: AtomicBool,
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

    /// Whether a signal handler has raised.
    fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    /// The exception a signal handler raised, if one did.
    pub(crate) fn into_error(self) -> Option<PyErr> {
        self.error.into_inner().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A puzzle towards one goal, with the tables of its estimates, built on
/// first use and kept for the process.
pub(crate) struct Sliding {
    pub(crate) puzzle: SlidingPuzzle,
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
    let sliding = Arc::new(Sliding { puzzle: SlidingPuzzle::with_goal(goal) });
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

impl Sliding {
    /// Installs the databases of `folder` that `heuristic` can use, as
    /// `puzzles pdb build` saved them: for "pdb-78" and "pdb-6666" the 7-8
    /// or 6-6-6-6 one, which must be there; for "pdb-663" the 6-6-3 one if
    /// it is there; for "best" the best one for the board's size (7-8, else
    /// 6-6-3, on 4x4; 6-6-6-6 on 5x5), one of which must be there. Boards of
    /// other sizes have none to use.
    pub(crate) fn install_from(
        &self,
        folder: &FilePath,
        heuristic: SlidingHeuristic,
    ) -> Result<(), String> {
        let goal = self.puzzle.goal();
        let dir = DatabaseDir::new(folder);
        let installed = dir.install(&self.puzzle, heuristic);
        // A file the user pointed at that cannot be used is an error here,
        // not a warning: Python has no standard error a user reads.
        if let Some(error) = installed.unusable.first() {
            return Err(error.to_string());
        }
        let size = (goal.rows(), goal.cols());
        let wanted: Vec<Partition> = match heuristic {
            SlidingHeuristic::SevenEight => vec![Partition::SevenEight],
            SlidingHeuristic::SixSixSixSix => vec![Partition::SixSixSixSix],
            SlidingHeuristic::Best => Partition::of_size(size.0, size.1).collect(),
            _ => Vec::new(),
        };
        if installed.partition.is_some() || wanted.iter().all(|partition| partition.size() != size)
        {
            return Ok(());
        }
        let names: Vec<String> =
            wanted.iter().rev().map(|partition| partition.file_name(goal)).collect();
        Err(format!(
            "{} has no pattern database for this goal (looked for {}); `puzzles pdb build {}x{} \
             --pdb-dir {}` (the workspace's command-line tool) builds one there",
            folder.display(),
            names.join(" and "),
            size.0,
            size.1,
            folder.display()
        ))
    }

    /// The heuristic to hand the solver for `kind`: "pdb-78" and
    /// "pdb-6666" only when their databases are installed (building them
    /// takes minutes and 1.6 GB or 0.9 GB: the CLI builds and saves them),
    /// and "best" on a 4x4 or 5x5 board with no database installed linear
    /// conflicts, so that nothing is built that was not asked for.
    fn usable(&self, board: &Board, kind: SlidingHeuristic) -> Result<SlidingHeuristic, Failure> {
        let puzzle = &self.puzzle;
        let installed = |partition| puzzle.installed_database(partition).is_some();
        let prebuilt = |partition: Partition, cost: &str| {
            // The size is checked first, as building would check it.
            partition.patterns(puzzle.goal())?;
            if installed(partition) {
                return Ok(kind);
            }
            let (rows, cols) = partition.size();
            Err(Failure::Heuristic(format!(
                "'{kind}' needs the {partition} pattern databases, which take {cost} to build: \
                 build them once with `puzzles pdb build {rows}x{cols} --pattern {partition}` and \
                 pass their folder as databases="
            )))
        };
        match kind {
            SlidingHeuristic::SevenEight => prebuilt(Partition::SevenEight, "minutes and 1.6 GB"),
            SlidingHeuristic::SixSixSixSix => {
                prebuilt(Partition::SixSixSixSix, "minutes and 0.9 GB")
            }
            SlidingHeuristic::Best
                if Partition::of_size(board.rows(), board.cols()).next().is_some()
                    && !Partition::ALL.iter().any(|&p| installed(p)) =>
            {
                Ok(SlidingHeuristic::LinearConflict)
            }
            _ => Ok(kind),
        }
    }

    /// A shortest solution of `board`, or `None` when it cannot be solved,
    /// found by `puzzles::Solver`; Ctrl-C cancels the search through
    /// `interrupt`, and its answer is then meaningless.
    pub(crate) fn solve(
        &self,
        board: &Board,
        algorithm: Algorithm,
        heuristic: SlidingHeuristic,
        interrupt: &Interrupt,
    ) -> Result<Option<Path<Board, Slide>>, Failure> {
        let heuristic = self.usable(board, heuristic)?;
        let cancel = CancelHandle::new();
        let stop = cancel.clone();
        let mut solver = self.puzzle.solver().algorithm(algorithm).heuristic(heuristic);
        let mut run = Run::new().cancel_with(cancel).on_progress(move |_| {
            if interrupt.check() {
                stop.cancel();
            }
        });
        match solver.solve(board, &mut run) {
            // The caller raises what the signal handler raised.
            Err(_) if interrupt.stopped() => Ok(None),
            answer => Ok(answer?),
        }
    }

    /// The number of boards at each distance from the goal, on the
    /// engine the front door picks (2 bits a board where the table fits),
    /// on every core, within `max_memory`; Ctrl-C stops it at a layer's
    /// end.
    pub(crate) fn enumerate(
        &self,
        max_memory: u64,
        interrupt: &Interrupt,
    ) -> Result<Vec<u64>, ::puzzles::Error> {
        let mut run = interruptible_run(Limits::new().max_memory(max_memory), interrupt);
        let counts_only = Enumerator::new().deepest_states(false);
        let layers = self.puzzle.enumerate_with(&counts_only, &mut run)?;
        Ok(layers.layer_sizes().to_vec())
    }
}

/// A run within `limits` that a signal handler raising cancels, checked at
/// each progress report.
pub(crate) fn interruptible_run(limits: Limits, interrupt: &Interrupt) -> Run<'_> {
    let cancel = CancelHandle::new();
    let stop = cancel.clone();
    Run::new().limits(limits).cancel_with(cancel).on_progress(move |_| {
        if interrupt.check() {
            stop.cancel();
        }
    })
}
