//! [`Solver`]: a puzzle's boards answered one after another, reusing its
//! tables, and the choice of search by board size ([`Algorithm`]).

use std::borrow::Cow;
use std::cell::RefCell;
use std::str::FromStr;

use search_core::breadth_first::Search;
use search_core::cheapest::AStar;
use search_core::deepening::{IdaStar, Iteration};
use search_core::{Heuristic, Path, Run};

use crate::error::{Error, ErrorKind};

use super::board::Board;
use super::estimate::{Estimate, SlidingHeuristic};
use super::guided;
use super::packed::PackedBoards;
use super::puzzle::SlidingPuzzle;
use super::slide::Slide;
/// Which search answers a board.
///
/// # Example
///
/// ```
/// use puzzles::{Algorithm, SlidingPuzzle};
/// use search_core::Run;
///
/// let puzzle = SlidingPuzzle::new(2, 3)?;
/// let board = "4 1 2 / 5 0 3".parse()?;
/// let mut answers = Vec::new();
/// for algorithm in [Algorithm::Bfs, Algorithm::Bidirectional, Algorithm::AStar, Algorithm::IdaStar] {
///     answers.push(puzzle.solver().algorithm(algorithm).moves(&board, &mut Run::new())?);
/// }
/// assert_eq!(answers, [Some(5); 4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Breadth-first search from the board towards the goal.
    Bfs,
    /// Breadth-first search from both ends: the fastest on boards of up to
    /// 10 cells (see `docs/performance.md`).
    Bidirectional,
    /// A* with the solver's [`SlidingHeuristic`].
    AStar,
    /// IDA* with the solver's [`SlidingHeuristic`]: memory that grows only
    /// with the solution's length, so it reaches where breadth-first
    /// search runs out of memory (4x4 boards far from the goal).
    IdaStar,
    /// Bidirectional search on boards of up to 10 cells, IDA* above; the
    /// default.
    #[default]
    Auto,
}

impl Algorithm {
    /// The search [`Auto`](Algorithm::Auto) picks for boards of `cells`
    /// cells; any other algorithm is itself.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Algorithm;
    ///
    /// assert_eq!(Algorithm::Auto.resolve(9), Algorithm::Bidirectional);
    /// assert_eq!(Algorithm::Auto.resolve(16), Algorithm::IdaStar);
    /// assert_eq!(Algorithm::Bfs.resolve(16), Algorithm::Bfs);
    /// ```
    #[must_use]
    pub fn resolve(self, cells: usize) -> Algorithm {
        match self {
            Algorithm::Auto if cells <= 10 => Algorithm::Bidirectional,
            Algorithm::Auto => Algorithm::IdaStar,
            other => other,
        }
    }
}

impl FromStr for Algorithm {
    type Err = Error;

    fn from_str(text: &str) -> Result<Algorithm, Error> {
        match text {
            "bfs" => Ok(Algorithm::Bfs),
            "bidirectional" => Ok(Algorithm::Bidirectional),
            "astar" => Ok(Algorithm::AStar),
            "idastar" => Ok(Algorithm::IdaStar),
            "auto" => Ok(Algorithm::Auto),
            _ => Err(Error::unknown_name(
                text,
                "an algorithm",
                "bfs, bidirectional, astar, idastar or auto",
            )),
        }
    }
}

/// Answers boards of one puzzle one after another, reusing its tables:
/// a cache, as [`Search`] is, whose searches each take the [`Run`] that
/// bounds, observes and counts them.
///
/// Made by [`SlidingPuzzle::solver`].
///
/// # Example
///
/// ```
/// use puzzles::SlidingPuzzle;
/// use search_core::Run;
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let mut solver = puzzle.solver();
/// let mut run = Run::new();
/// for (board, moves) in [("8 6 7 / 2 5 4 / 3 0 1", 31), ("1 2 3 / 4 5 6 / 7 0 8", 1)] {
///     assert_eq!(solver.moves(&board.parse()?, &mut run)?, Some(moves));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Solver<'p> {
    puzzle: Cow<'p, SlidingPuzzle>,
    /// The puzzle's boards as packed cells, when they fit a word.
    packed: Option<PackedBoards>,
    /// The breadth-first searches' tables, on packed boards.
    pub(super) search: Search<u64, Slide>,
    /// The same on boards of more than 16 cells, which do not pack.
    wide_search: Search<Board, Slide>,
    astar: AStar<Board, Slide, u32>,
    /// IDA* over boards that carry their estimate, which each slide
    /// updates in O(1) ([`guided`]).
    ida_star: IdaStar<guided::Step, Slide, u32>,
    algorithm: Algorithm,
    /// The search that answered the last board.
    last_algorithm: Algorithm,
    heuristic: SlidingHeuristic,
    /// The estimate, built when an informed search first needs it.
    estimate: Option<Estimate>,
    parallel: bool,
    /// What A* and IDA* multiply the estimate by, when not 1.
    weight: Option<f64>,
}

impl Solver<'_> {
    /// The largest weight that [`weight`](Solver::weight) searches with:
    /// 2^20. Every estimate of a board of up to 25 cells is below 2^11, so
    /// a weighted estimate stays below 2^31 and a path's moves added to it
    /// stay within the `u32` costs, where a larger product would read as
    /// "no goal this way" and prune every board.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Algorithm, SlidingPuzzle, Solver};
    /// use search_core::Run;
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// let board = "4 1 2 / 5 0 3".parse()?;
    /// for algorithm in [Algorithm::AStar, Algorithm::IdaStar] {
    ///     let mut solver = puzzle.solver().algorithm(algorithm).weight(1e10)?;
    ///     let moves = solver.moves(&board, &mut Run::new())?.expect("solvable");
    ///     assert!((5..=Solver::MAX_WEIGHT as usize * 5).contains(&moves));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const MAX_WEIGHT: f64 = (1u32 << 20) as f64;

    /// A solver of `puzzle` with the default algorithm and heuristic.
    pub(super) fn of(puzzle: Cow<'_, SlidingPuzzle>) -> Solver<'_> {
        let size = puzzle.goal();
        Solver {
            packed: PackedBoards::of(size.rows(), size.cols()),
            puzzle,
            search: Search::new(),
            wide_search: Search::new(),
            astar: AStar::new(),
            // A board's loops are 12 moves or longer and rare among its
            // paths: comparing each child with the path costs more than
            // searching them.
            ida_star: IdaStar::new().check_cycles(false),
            algorithm: Algorithm::default(),
            last_algorithm: Algorithm::default(),
            heuristic: SlidingHeuristic::default(),
            estimate: None,
            parallel: false,
            weight: None,
        }
    }

    /// The puzzle this solver solves.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    ///
    /// let solver = SlidingPuzzle::new(2, 3)?.into_solver();
    /// assert_eq!(solver.puzzle().goal().to_string(), "1 2 3\n4 5 .");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn puzzle(&self) -> &SlidingPuzzle {
        &self.puzzle
    }

    /// Chooses the search.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Algorithm, SlidingPuzzle};
    /// use search_core::Run;
    ///
    /// let puzzle = SlidingPuzzle::new(2, 2)?;
    /// let mut solver = puzzle.solver().algorithm(Algorithm::Bfs);
    /// assert_eq!(solver.moves(&"3 1 / 2 0".parse()?, &mut Run::new())?, Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn algorithm(mut self, algorithm: Algorithm) -> Self {
        self.algorithm = algorithm;
        self
    }

    /// Runs IDA* on every thread of the current rayon pool
    /// ([`IdaStar::run_parallel`]); off by default. The cost of the answer
    /// is the same; which of several optimal paths is returned may differ.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Algorithm, SlidingPuzzle};
    /// use search_core::Run;
    ///
    /// let puzzle = SlidingPuzzle::new(3, 3)?;
    /// let mut solver = puzzle.solver().algorithm(Algorithm::IdaStar).parallel(true);
    /// assert_eq!(solver.moves(&"8 6 7 / 2 5 4 / 3 0 1".parse()?, &mut Run::new())?, Some(31));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn parallel(self, parallel: bool) -> Self {
        Solver { parallel, ..self }
    }

    /// Makes A* and IDA* search with the estimate multiplied by `weight`
    /// (rounded down): weighted A* and weighted IDA*, whose answers take
    /// at most `weight` times the fewest moves, and which find them with
    /// far fewer nodes. 1, the default, keeps the answers optimal.
    ///
    /// A weight above [`Solver::MAX_WEIGHT`] searches as that weight does:
    /// past it, a weighted estimate orders boards by their estimate alone,
    /// ties broken by moves made, for every path shorter than the weight,
    /// so a larger one would change nothing but overflow the costs.
    ///
    /// # Errors
    ///
    /// When `weight` is below 1, or not a finite number.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Algorithm, SlidingPuzzle};
    /// use search_core::Run;
    ///
    /// let puzzle = SlidingPuzzle::new(3, 3)?;
    /// let board = "8 6 7 / 2 5 4 / 3 0 1".parse()?;
    /// let mut solver = puzzle.solver().algorithm(Algorithm::IdaStar).weight(2.0)?;
    /// let moves = solver.moves(&board, &mut Run::new())?.expect("solvable");
    /// assert!((31..=62).contains(&moves));
    /// assert!(puzzle.solver().weight(0.5).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn weight(self, weight: f64) -> Result<Self, Error> {
        if weight.is_finite() && weight >= 1.0 {
            let weight = weight.min(Solver::MAX_WEIGHT);
            return Ok(Solver { weight: (weight > 1.0).then_some(weight), ..self });
        }
        Err(Error::new(ErrorKind::Input {
            reason: format!("the weight must be a finite number of at least 1, not {weight}"),
        }))
    }

    /// Chooses the estimate that guides A* and IDA*.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Algorithm, SlidingHeuristic, SlidingPuzzle};
    /// use search_core::Run;
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// let mut solver =
    ///     puzzle.solver().algorithm(Algorithm::AStar).heuristic(SlidingHeuristic::Manhattan);
    /// assert_eq!(solver.moves(&"4 5 0 / 1 2 3".parse()?, &mut Run::new())?, Some(21));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn heuristic(self, heuristic: SlidingHeuristic) -> Self {
        Solver { heuristic, estimate: None, ..self }
    }

    /// The iterations of the last IDA* search: each bound and the nodes it
    /// expanded. Empty after any other search.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Algorithm, SlidingPuzzle};
    /// use search_core::Run;
    ///
    /// let puzzle = SlidingPuzzle::new(3, 3)?;
    /// let mut solver = puzzle.solver().algorithm(Algorithm::IdaStar);
    /// solver.moves(&"8 6 7 / 2 5 4 / 3 0 1".parse()?, &mut Run::new())?;
    /// assert_eq!(solver.iterations().last().map(|i| i.bound), Some(31));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iterations(&self) -> &[Iteration<u32>] {
        if self.last_algorithm == Algorithm::IdaStar { self.ida_star.iterations() } else { &[] }
    }

    /// A shortest solution of `board`, or `None` when it cannot be solved,
    /// by the solver's [`Algorithm`] under `run` (its limits, observer and
    /// cancel handle, and afterwards what the search counted: all zero for
    /// a board answered by parity alone).
    ///
    /// # Errors
    ///
    /// When the board's size differs from the goal's, or the search reaches
    /// a limit or is cancelled.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Algorithm, ErrorKind, SlidingPuzzle};
    /// use search_core::{Limits, Run};
    /// use search_core::run::CancelHandle;
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// let mut solver = puzzle.solver();
    /// let mut run = Run::new();
    /// assert_eq!(solver.solve(&"1 2 3 / 4 5 0".parse()?, &mut run)?.map(|p| p.len()), Some(0));
    /// let error = solver.solve(&"1 2 / 3 0".parse()?, &mut run).unwrap_err();
    /// assert_eq!(error.to_string(), "the board is 2x2 but the goal is 2x3");
    ///
    /// // A search stopped from its observer, as from another thread.
    /// let puzzle = SlidingPuzzle::new(4, 4)?;
    /// let mut solver = puzzle.solver().algorithm(Algorithm::Bfs);
    /// let cancel = CancelHandle::new();
    /// let stop = cancel.clone();
    /// let mut run = Run::new().cancel_with(cancel).on_progress(move |_| stop.cancel());
    /// // Two pairs of tiles swapped: solvable, and far from the goal.
    /// let board = "2 1 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0".parse()?;
    /// let error = solver.solve(&board, &mut run).unwrap_err();
    /// let ErrorKind::Search(error) = error.kind() else { panic!("{error}") };
    /// assert_eq!(error.kind(), &search_core::ErrorKind::Cancelled);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(
        &mut self,
        board: &Board,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<Board, Slide>>, Error> {
        if !self.check(board, run)? {
            return Ok(None);
        }
        let goal = *self.puzzle.goal();
        self.last_algorithm = self.algorithm.resolve(board.cell_count());
        let bidirectional = match self.last_algorithm {
            Algorithm::Bfs => false,
            Algorithm::AStar | Algorithm::IdaStar => return self.informed(board, run),
            Algorithm::Bidirectional | Algorithm::Auto => true,
        };
        let Some(packed) = &self.packed else {
            let path = if bidirectional {
                self.wide_search.bidirectional(&*self.puzzle, [*board], [goal], run)
            } else {
                self.wide_search.bfs(&*self.puzzle, [*board], |b| *b == goal, run)
            };
            return Ok(path?);
        };
        let (start, goal) = (PackedBoards::pack(board), PackedBoards::pack(&goal));
        let path = if bidirectional {
            self.search.bidirectional(packed, [start], [goal], run)
        } else {
            self.search.bfs(packed, [start], |cells| *cells == goal, run)
        };
        Ok(path?.map(|path| packed.boards(path)))
    }

    /// The fewest moves that solve `board`, or `None` when it cannot be
    /// solved. With [`Algorithm::Bfs`] no parents are kept.
    ///
    /// # Errors
    ///
    /// As for [`solve`](Solver::solve).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    /// use search_core::{Limits, Run};
    ///
    /// let puzzle = SlidingPuzzle::new(3, 3)?;
    /// let mut solver = puzzle.solver();
    /// let mut run = Run::new();
    /// assert_eq!(solver.moves(&"8 6 7 / 2 5 4 / 3 0 1".parse()?, &mut run)?, Some(31));
    /// assert!(run.stats().expanded > 0);
    /// let mut tight = Run::new().limits(Limits::new().max_states(100));
    /// assert!(solver.moves(&"8 6 7 / 2 5 4 / 3 0 1".parse()?, &mut tight).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&mut self, board: &Board, run: &mut Run<'_>) -> Result<Option<usize>, Error> {
        if !self.check(board, run)? {
            return Ok(None);
        }
        if self.algorithm.resolve(board.cell_count()) != Algorithm::Bfs {
            return Ok(self.solve(board, run)?.map(|path| path.len()));
        }
        self.last_algorithm = Algorithm::Bfs;
        let goal = *self.puzzle.goal();
        let moves = match &self.packed {
            Some(packed) => {
                let (start, goal) = (PackedBoards::pack(board), PackedBoards::pack(&goal));
                self.search.distance(packed, [start], |cells| *cells == goal, run)
            }
            None => self.wide_search.distance(&*self.puzzle, [*board], |b| *b == goal, run),
        };
        Ok(moves?)
    }

    /// A* or IDA*, whichever the last board called for, with the estimate
    /// built on first use. IDA* searches boards that carry their estimate,
    /// which each move updates from the parent's.
    fn informed(
        &mut self,
        board: &Board,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<Board, Slide>>, Error> {
        let puzzle = &*self.puzzle;
        let goal = *puzzle.goal();
        let estimate = match &self.estimate {
            Some(estimate) => estimate,
            None => self.estimate.insert(Estimate::new(self.heuristic, puzzle)?),
        };
        let weight = self.weight.unwrap_or(1.0);
        #[expect(
            clippy::cast_sign_loss,
            clippy::cast_possible_truncation,
            reason = "a product of two positive numbers, rounded down; `as` saturates"
        )]
        let weighted = |estimate: u32| (f64::from(estimate) * weight) as u32;
        if self.last_algorithm == Algorithm::AStar {
            let found = if self.weight.is_none() {
                self.astar.run(puzzle, [*board], |b| estimate.estimate(b), |b| *b == goal, run)
            } else {
                let estimated = |b: &Board| weighted(estimate.estimate(b));
                self.astar.run(puzzle, [*board], estimated, |b| *b == goal, run)
            };
            return Ok(found?.map(|(path, _)| path));
        }
        let space = guided::Guided::new(estimate);
        let start = space.start(*board);
        let (ida_star, parallel) = (&mut self.ida_star, self.parallel);
        let found = if self.weight.is_none() {
            guided_ida_star(ida_star, parallel, &space, start, goal, |s| s.estimate, run)
        } else {
            let estimated = |s: &guided::Step| weighted(s.estimate);
            guided_ida_star(ida_star, parallel, &space, start, goal, estimated, run)
        };
        Ok(found?.map(|(path, _)| {
            let (steps, moves) = path.into_parts();
            Path::new(steps.into_iter().map(|step| step.board).collect(), moves)
        }))
    }

    /// The search that answered the last board: the solver's
    /// [`Algorithm`], with [`Auto`](Algorithm::Auto) resolved.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Algorithm, SlidingPuzzle};
    /// use search_core::Run;
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// let mut solver = puzzle.solver();
    /// solver.moves(&"4 1 2 / 5 0 3".parse()?, &mut Run::new())?;
    /// assert_eq!(solver.last_algorithm(), Algorithm::Bidirectional);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_algorithm(&self) -> Algorithm {
        self.last_algorithm
    }

    /// Checks the size, and answers by parity whether a search is needed;
    /// a board answered by parity leaves `run` counting nothing.
    fn check(&mut self, board: &Board, run: &mut Run<'_>) -> Result<bool, Error> {
        let goal = self.puzzle.goal();
        if !board.same_size(goal) {
            return Err(Error::new(ErrorKind::SizeMismatch {
                expected: (goal.rows(), goal.cols()),
                found: (board.rows(), board.cols()),
            }));
        }
        let reachable = board.can_reach(goal);
        if !reachable {
            run.reset_stats();
        }
        Ok(reachable)
    }
}

/// IDA* over `space` from `start` to `goal`, guided by `estimated`, on
/// every thread of the current rayon pool when `parallel`.
fn guided_ida_star<H>(
    search: &mut IdaStar<guided::Step, Slide, u32>,
    parallel: bool,
    space: &guided::Guided<'_>,
    start: guided::Step,
    goal: Board,
    estimated: H,
    run: &mut Run<'_>,
) -> Result<Option<(Path<guided::Step, Slide>, u32)>, search_core::Error>
where
    H: Fn(&guided::Step) -> u32 + Sync,
{
    let is_goal = |s: &guided::Step| s.board == goal;
    if parallel {
        search.run_parallel(space, [start], estimated, is_goal, run)
    } else {
        search.run(space, [start], estimated, is_goal, run)
    }
}

/// The most memory a thread keeps between one-shot solves, for
/// [`SlidingPuzzle::solve`] and [`SlidingPuzzle::moves`]: 16 MiB.
const ONE_SHOT_CACHE: u64 = 16 << 20;

impl SlidingPuzzle {
    /// A shortest solution, or `None` when the board cannot be solved.
    ///
    /// A shortcut for [`solver`](SlidingPuzzle::solver) then
    /// [`Solver::solve`].
    ///
    /// # Errors
    ///
    /// When the board's size differs from the goal's, or the search passes
    /// the default state limit (only possible on 3x4 and larger boards).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Slide, SlidingPuzzle};
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// let path = puzzle.solve(&"[[1,2,3],[4,0,5]]".parse()?)?.expect("solvable");
    /// assert_eq!(path.moves(), [Slide::Right]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, board: &Board) -> Result<Option<Path<Board, Slide>>, Error> {
        self.one_shot(|solver, run| solver.solve(board, run))
    }

    /// The fewest moves that solve `board`, or `None` when it cannot be
    /// solved.
    ///
    /// # Errors
    ///
    /// As for [`solve`](SlidingPuzzle::solve).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// assert_eq!(puzzle.moves(&"[[3,2,4],[1,5,0]]".parse()?)?, Some(14));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&self, board: &Board) -> Result<Option<usize>, Error> {
        self.one_shot(|solver, run| solver.moves(board, run))
    }

    /// Runs `answer` on a solver whose breadth-first tables are this
    /// thread's: a one-shot call then costs about what a reused solver's
    /// does (building the tables took 2.8 ms of a 3x3 bidirectional solve,
    /// the search itself 0.75 ms). Tables larger than [`ONE_SHOT_CACHE`]
    /// are not kept.
    fn one_shot<T>(&self, answer: impl FnOnce(&mut Solver<'_>, &mut Run<'_>) -> T) -> T {
        thread_local! {
            static TABLES: RefCell<Search<u64, Slide>> = RefCell::new(Search::new());
        }
        let mut solver = self.solver();
        solver.search = TABLES.with(RefCell::take);
        let mut run = Run::new();
        let answer = answer(&mut solver, &mut run);
        if run.memory() <= ONE_SHOT_CACHE {
            TABLES.with(|cache| *cache.borrow_mut() = solver.search);
        }
        answer
    }

    /// A solver that reuses its tables from one board to the next: the way
    /// to answer many boards of one size.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    /// use search_core::Run;
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// let mut solver = puzzle.solver();
    /// let mut run = Run::new();
    /// let answers: Vec<Option<usize>> = ["4 1 2 / 5 0 3", "1 2 3 / 5 4 0"]
    ///     .iter()
    ///     .map(|text| solver.moves(&text.parse()?, &mut run))
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(answers, [Some(5), None]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solver(&self) -> Solver<'_> {
        Solver::of(Cow::Borrowed(self))
    }

    /// A solver that owns this puzzle: one that can be kept beside
    /// others, in a collection, for as long as its caller likes (a batch
    /// keeps one per board size). The puzzle's tables are shared with any
    /// clone of it that has built them.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{SlidingPuzzle, Solver};
    /// use search_core::Run;
    ///
    /// let mut solvers: Vec<Solver<'static>> = Vec::new();
    /// for (rows, cols) in [(2, 2), (2, 3)] {
    ///     solvers.push(SlidingPuzzle::new(rows, cols)?.into_solver());
    /// }
    /// assert_eq!(solvers[1].moves(&"4 1 2 / 5 0 3".parse()?, &mut Run::new())?, Some(5));
    /// assert_eq!(solvers[1].puzzle().goal().cols(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_solver<'p>(self) -> Solver<'p> {
        Solver::of(Cow::Owned(self))
    }
}
