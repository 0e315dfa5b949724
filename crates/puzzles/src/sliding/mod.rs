//! Sliding puzzles of any size from 2x2 to 5x5.
//!
//! - This file: [`Slide`], the space [`SlidingPuzzle`], and LeetCode
//!   773's [`sliding_puzzle`].
//! - `board`: [`Board`], packed 4 bits a cell in a `u64`, and the checks
//!   every way of making one goes through; `parse`: LeetCode's JSON and
//!   text rows.
//! - `solver`: [`Solver`], which answers boards one after another, and
//!   its choices, [`Algorithm`] and [`SlidingHeuristic`].
//! - `packed`: boards of up to 16 cells as their cells alone, in one
//!   word, the states the solver's breadth-first searches store.
//! - `heuristic`: [`Manhattan`] and [`LinearConflict`], each updated in
//!   O(1) a move; `guided`: boards that carry their estimate, for IDA*.
//! - `pdb`: the additive pattern databases ([`PatternDatabase`],
//!   [`Partition`]); `database_dir`: the folder of their files
//!   ([`DatabaseDir`]).
//! - `ranked`: ranks of boards and [`ReachableBoards`], which dense
//!   enumeration walks.

use std::borrow::Cow;
use std::cell::RefCell;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use search_core::breadth_first::{Enumeration, Search};
use search_core::deepening::InPlace;
use search_core::layers::{Engine, Enumerator};
use search_core::{Limits, Path, Ranking, Reversible, Run, Successors, Weighted};

use crate::error::{Error, ErrorKind};

pub use self::board::Board;
pub use self::database_dir::{DatabaseDir, Installed};
pub use self::heuristic::{LinearConflict, Manhattan};
pub use self::pdb::{Partition, PatternDatabase};
pub use self::ranked::ReachableBoards;
pub use self::solver::{Algorithm, SlidingHeuristic, Solver};

mod board;
mod database_dir;
mod guided;
mod heuristic;
mod packed;
mod parse;
mod pdb;
mod ranked;
mod solver;

/// A move, named by the direction the blank travels.
///
/// # Example
///
/// ```
/// use puzzles::Slide;
///
/// assert_eq!(Slide::Left.to_string(), "left");
/// assert_eq!("up".parse::<Slide>(), Ok(Slide::Up));
/// assert_eq!(Slide::Up.reverse(), Slide::Down);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slide {
    /// The blank moves up: the tile above it slides down.
    Up,
    /// The blank moves down: the tile below it slides up.
    Down,
    /// The blank moves left: the tile on its left slides right.
    Left,
    /// The blank moves right: the tile on its right slides left.
    Right,
}

impl Slide {
    /// The four moves, in the order searches try them.
    pub const ALL: [Slide; 4] = [Slide::Up, Slide::Down, Slide::Left, Slide::Right];

    /// The move that undoes this one.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Slide;
    ///
    /// assert_eq!(Slide::Left.reverse(), Slide::Right);
    /// ```
    #[must_use]
    pub fn reverse(self) -> Slide {
        match self {
            Slide::Up => Slide::Down,
            Slide::Down => Slide::Up,
            Slide::Left => Slide::Right,
            Slide::Right => Slide::Left,
        }
    }

    /// The lowercase name: `up`, `down`, `left` or `right`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Slide;
    ///
    /// assert_eq!(Slide::Down.name(), "down");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Slide::Up => "up",
            Slide::Down => "down",
            Slide::Left => "left",
            Slide::Right => "right",
        }
    }
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Slide {
    type Err = Error;

    fn from_str(text: &str) -> Result<Slide, Error> {
        Slide::ALL
            .into_iter()
            .find(|slide| slide.name() == text)
            .ok_or_else(|| unknown(text, "a move", "up, down, left or right"))
    }
}

/// The error for a name that is none of the `expected` ones.
fn unknown(text: &str, what: &'static str, expected: &'static str) -> Error {
    Error::new(ErrorKind::UnknownName { text: text.to_string(), what, expected })
}

/// The sliding puzzle of one board size, towards one goal, as a state space.
///
/// States are [`Board`]s and moves are [`Slide`]s. The space numbers boards
/// by the rank of their permutation, so searches keep visited boards in a
/// flat array when the board is small enough (up to 3x3 and 2x5), and every
/// move can be undone, so it can be searched from both ends.
///
/// Half of all arrangements can reach the goal, and a parity check in O(n)
/// tells which: an unsolvable board is answered at once, without a search.
///
/// # Example
///
/// ```
/// use puzzles::{Board, Slide, SlidingPuzzle};
///
/// let puzzle = SlidingPuzzle::new(2, 3)?;
/// let board: Board = "[[4,1,2],[5,0,3]]".parse()?;
/// let path = puzzle.solve(&board)?.expect("solvable");
/// assert_eq!(path.len(), 5);
/// assert_eq!(path.end(), puzzle.goal());
/// // Every move is legal: each board is the one before with a slide applied.
/// for (pair, slide) in path.states().windows(2).zip(path.moves()) {
///     assert_eq!(pair[0].slide(*slide), Some(pair[1]));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SlidingPuzzle {
    goal: Board,
    rank_count: u64,
    /// The estimates' tables, built on first use (or installed) and
    /// shared by every solver of the puzzle (linear conflicts take about
    /// 5 ms for 4x4, the 6-6-3 database seconds). Databases by
    /// [`Partition::ALL`] order.
    linear_conflict: OnceLock<Arc<LinearConflict>>,
    databases: [OnceLock<Arc<PatternDatabase>>; Partition::ALL.len()],
}

/// The most memory a thread keeps between one-shot solves, for
/// [`SlidingPuzzle::solve`] and [`SlidingPuzzle::moves`]: 16 MiB.
const ONE_SHOT_CACHE: u64 = 16 << 20;

impl SlidingPuzzle {
    /// The puzzle of `rows x cols` towards the usual goal: tiles in reading
    /// order, the blank last.
    ///
    /// # Errors
    ///
    /// When the size is outside 2x2 to 5x5 (at most 25 cells).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    ///
    /// assert_eq!(SlidingPuzzle::new(3, 3)?.goal().to_string(), "1 2 3\n4 5 6\n7 8 .");
    /// assert!(SlidingPuzzle::new(1, 9).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(rows: usize, cols: usize) -> Result<SlidingPuzzle, Error> {
        Ok(SlidingPuzzle::with_goal(Board::solved(rows, cols)?))
    }

    /// The puzzle of `goal`'s size, towards `goal`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    ///
    /// let puzzle = SlidingPuzzle::with_goal("0 1 / 2 3".parse()?);
    /// assert_eq!(puzzle.moves(&"1 0 / 2 3".parse()?)?, Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_goal(goal: Board) -> SlidingPuzzle {
        let rank_count = if ranked::check_numbered(&goal).is_ok() {
            ranked::factorial(goal.cell_count())
        } else {
            0
        };
        SlidingPuzzle {
            goal,
            rank_count,
            linear_conflict: OnceLock::new(),
            databases: Default::default(),
        }
    }

    /// The goal.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    ///
    /// assert_eq!(SlidingPuzzle::new(2, 2)?.goal().to_rows(), [vec![1, 2], vec![3, 0]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The pattern database of `partition` towards this puzzle's goal:
    /// the one installed, or else built now (seconds for 6-6-3, minutes
    /// for 7-8) and kept, shared by every solver of the puzzle.
    ///
    /// # Errors
    ///
    /// When the board is not 4x4, or the tables do not fit in memory.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Partition, SlidingPuzzle};
    ///
    /// let error = SlidingPuzzle::new(3, 3)?.pattern_database(Partition::SixSixThree).unwrap_err();
    /// assert_eq!(error.to_string(), "the 6-6-3 pattern database is for 4x4 boards, not 3x3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pattern_database(&self, partition: Partition) -> Result<Arc<PatternDatabase>, Error> {
        if let Some(database) = self.installed_database(partition) {
            return Ok(database);
        }
        let database = Arc::new(PatternDatabase::of_partition(&self.goal, partition)?);
        Ok(Arc::clone(self.databases[partition as usize].get_or_init(|| database)))
    }

    /// The pattern database of `partition` if it is built or installed,
    /// without building it.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Partition, SlidingPuzzle};
    ///
    /// assert!(SlidingPuzzle::new(4, 4)?.installed_database(Partition::SevenEight).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn installed_database(&self, partition: Partition) -> Option<Arc<PatternDatabase>> {
        self.databases[partition as usize].get().map(Arc::clone)
    }

    /// Gives the puzzle a database built or loaded elsewhere (say, by
    /// [`PatternDatabase::load`]), to be used by
    /// [`SlidingHeuristic::Best`] and by the heuristic of its partition.
    /// A puzzle keeps the first database of each partition it gets.
    ///
    /// # Errors
    ///
    /// When the database is for another goal, or its patterns are not
    /// those of a [`Partition`] of this goal.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, Partition, PatternDatabase, SlidingPuzzle};
    ///
    /// let puzzle = SlidingPuzzle::new(3, 3)?;
    /// let other = PatternDatabase::new(&Board::solved(3, 3)?, &[vec![1, 2, 3]])?;
    /// let error = puzzle.install_database(other.into()).unwrap_err();
    /// assert!(error.to_string().contains("not those of a partition"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn install_database(&self, database: Arc<PatternDatabase>) -> Result<(), Error> {
        if database.goal() != &self.goal {
            return Err(Error::new(ErrorKind::Input {
                reason: "the pattern database is for another goal than the puzzle's".to_string(),
            }));
        }
        let Some(partition) = Partition::of(&database) else {
            return Err(Error::new(ErrorKind::Input {
                reason: "the pattern database's patterns are not those of a partition".to_string(),
            }));
        };
        let _ = self.databases[partition as usize].set(database);
        Ok(())
    }

    /// Whether `board` can reach the goal: the same size, and the right
    /// parity. O(n), no search.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// assert!(puzzle.is_solvable(&"[[4,1,2],[5,0,3]]".parse()?));
    /// assert!(!puzzle.is_solvable(&"[[1,2,3],[5,4,0]]".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_solvable(&self, board: &Board) -> bool {
        board.same_size(&self.goal) && board.can_reach(&self.goal)
    }

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

    /// Every board that can reach the goal, by a breadth-first search from
    /// it: the number at each distance, the radius ("God's number" of this
    /// size) and the hardest boards.
    ///
    /// This uses the generic [`Search::enumerate`]. For boards larger than
    /// 2x4, [`enumerate_with`](SlidingPuzzle::enumerate_with) is far
    /// faster and smaller.
    ///
    /// # Errors
    ///
    /// When the space passes the default state limit (3x4 and larger).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    ///
    /// let layers = SlidingPuzzle::new(2, 3)?.enumerate()?;
    /// assert_eq!(layers.states(), 360);
    /// assert_eq!(layers.radius(), 21);
    /// assert_eq!(layers.deepest(), ["[[4,5,0],[1,2,3]]".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn enumerate(&self) -> Result<Enumeration<Board>, Error> {
        Ok(Search::new().enumerate(self, [self.goal], &mut Run::new())?)
    }

    /// As [`enumerate`](SlidingPuzzle::enumerate), on every core, a few
    /// bits a board, on the engine [`Enumerator`] picks: the 2-bit table of
    /// every reachable board when it fits `run`'s memory limit (or, given
    /// a directory, on disk), else the layers met as sorted, compressed
    /// ranks, to `run`'s depth limit (the 4x4's table would take
    /// 2.4 TiB). `layers` sets the threads, the directory and a resume;
    /// `run` the limits, the observer, which hears of each layer as it
    /// completes, and the cancel handle. The deepest layer's boards are
    /// left out where they would pass the memory limit
    /// ([`Enumeration::is_deepest_omitted`]).
    ///
    /// # Errors
    ///
    /// When the table would pass `run`'s memory limit and no depth limit
    /// is set (the whole space is the table's), the layers pass it even
    /// in passes, a file of the directory cannot be written or read, the
    /// worker threads cannot start, or the run is cancelled.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    /// use search_core::layers::{Engine, Enumerator};
    /// use search_core::{Limits, Run};
    ///
    /// let puzzle = SlidingPuzzle::new(3, 3)?;
    /// let layers = puzzle.enumerate_with(&Enumerator::new(), &mut Run::new())?;
    /// assert_eq!((layers.states(), layers.radius()), (181_440, 31));
    /// assert_eq!(layers.deepest().len(), 2);
    /// assert_eq!(layers.engine(), Some(Engine::Dense));
    ///
    /// // The 15-puzzle's table cannot fit; its layers to a depth can.
    /// let mut run = Run::new().limits(Limits::new().max_depth(10));
    /// let layers = SlidingPuzzle::new(4, 4)?.enumerate_with(&Enumerator::new(), &mut run)?;
    /// // OEIS A089484: the 15-puzzle's boards by distance from the goal.
    /// assert_eq!(layers.layer_sizes(), [1, 2, 4, 10, 24, 54, 107, 212, 446, 946, 1948]);
    /// assert_eq!(layers.engine(), Some(Engine::Sorted));
    /// assert!(!layers.is_complete());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn enumerate_with(
        &self,
        layers: &Enumerator,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<Board>, Error> {
        let packed = ReachableBoards::new(&self.goal)?;
        let found = Self::shaped(layers).run(&packed, &[packed.encode(&self.goal)], run)?;
        let max_memory = run.get_limits().get_max_memory();
        Ok(found.map_deepest_within(max_memory, |&rank| packed.decode(rank)))
    }

    /// The engine [`enumerate_with`](SlidingPuzzle::enumerate_with) takes
    /// with `layers` within `limits`: for a progress report made to fit it.
    ///
    /// # Errors
    ///
    /// For a board of more than 16 cells, which has no numbering.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    /// use search_core::Limits;
    /// use search_core::layers::{Engine, Enumerator};
    ///
    /// let fifteen = SlidingPuzzle::new(4, 4)?;
    /// let shallow = Limits::new().max_depth(20);
    /// assert_eq!(fifteen.engine(&Enumerator::new(), &shallow)?, Engine::Sorted);
    /// assert_eq!(fifteen.engine(&Enumerator::new(), &Limits::new())?, Engine::Dense); // refused: 2.4 TiB
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn engine(&self, layers: &Enumerator, limits: &Limits) -> Result<Engine, Error> {
        let boards =
            search_core::space::RankedSpace::rank_count(&ReachableBoards::new(&self.goal)?);
        Ok(Self::shaped(layers).engine(u128::from(boards), limits))
    }

    /// `layers` told what the boards are: every move slides back, and
    /// every reachable board has its rank.
    fn shaped(layers: &Enumerator) -> Enumerator {
        layers.clone().reversible(true).every_rank(true)
    }

    /// The board whose [`rank`](Ranking::rank) is `rank`, or `None`
    /// when `rank` is not below `rows * cols` factorial.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    /// use search_core::Ranking;
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// let board = "4 1 2 / 5 0 3".parse()?;
    /// let rank = puzzle.rank(&board);
    /// assert_eq!(puzzle.unrank(rank), Some(board));
    /// assert_eq!(puzzle.unrank(720), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unrank(&self, rank: u64) -> Option<Board> {
        (rank < self.rank_count).then(|| ranked::unrank(self.goal.rows(), self.goal.cols(), rank))
    }
}

impl Successors for SlidingPuzzle {
    type State = Board;
    type Move = Slide;

    fn successors<F: FnMut(Board, Slide)>(&self, board: &Board, mut report: F) {
        for slide in Slide::ALL {
            if let Some(next) = board.slide(slide) {
                report(next, slide);
            }
        }
    }

    // The searches call this one: written out, it costs them nothing over
    // `successors`, where the provided method checks a flag each slide.
    fn successors_until<F>(&self, board: &Board, mut report: F) -> ControlFlow<()>
    where
        F: FnMut(Board, Slide) -> ControlFlow<()>,
    {
        for slide in Slide::ALL {
            if let Some(next) = board.slide(slide) {
                report(next, slide)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn ranking(&self) -> Option<impl Ranking<Board> + '_> {
        (self.rank_count > 0).then_some(self)
    }
}

/// Every arrangement of the tiles, reachable or not, numbered by its
/// Lehmer code: `(rows * cols)!` ranks, on boards of up to 16 cells.
/// Larger boards are not numbered: their `rank_count` is 0 (and
/// [`ranking`](Successors::ranking) is `None`, so searches keep their
/// boards in hash tables), and `rank` answers `u64::MAX`.
impl Ranking<Board> for SlidingPuzzle {
    fn rank_count(&self) -> u64 {
        self.rank_count
    }

    fn rank(&self, board: &Board) -> u64 {
        if self.rank_count == 0 { u64::MAX } else { ranked::rank(board) }
    }
}

impl Reversible for SlidingPuzzle {}

/// Slides made on a board in place, for
/// [`IdaStar::run_in_place`](search_core::deepening::IdaStar::run_in_place). A board
/// is one machine word, so this saves nothing over copying it; it is here
/// as a second check of the in-place search, and for comparison.
impl InPlace for SlidingPuzzle {
    type State = Board;
    type Move = Slide;
    type Cost = u32;

    fn moves<F: FnMut(Slide)>(&self, board: &Board, mut report: F) {
        for slide in Slide::ALL {
            if board.slide(slide).is_some() {
                report(slide);
            }
        }
    }

    fn apply(&self, board: &mut Board, &slide: &Slide) -> u32 {
        if let Some(next) = board.slide(slide) {
            *board = next;
        }
        1
    }

    fn undo(&self, board: &mut Board, &slide: &Slide) {
        if let Some(previous) = board.slide(slide.reverse()) {
            *board = previous;
        }
    }

    fn reverses(&self, slide: &Slide, previous: &Slide) -> bool {
        *slide == previous.reverse()
    }
}

/// Every slide costs one move, for the informed searches.
impl Weighted for SlidingPuzzle {
    type Cost = u32;

    fn cost(&self, _: &Board, _: &Slide, _: &Board) -> u32 {
        1
    }
}

/// LeetCode 773: the fewest moves that solve a 2x3 board (or a board of any
/// size from 2x2 to 5x5) towards the usual goal, or -1 when it cannot be
/// solved.
///
/// A board that is not a permutation of `0..rows*cols` also answers -1;
/// parse it with [`Board::from_rows`] to learn what is wrong.
///
/// It searches as [`Algorithm::Auto`] does: from both ends on boards of up
/// to 10 cells, whose whole space fits the default [`Limits`], so that the
/// answer is always exact; and by IDA* with linear conflicts above, which
/// keeps only its path and has no limit by default, so that it answers
/// every solvable board, in time (a second or so for a typical 15-puzzle,
/// minutes for the hardest; a 24-puzzle far from the goal needs the
/// [`Partition::SixSixSixSix`] database and a [`Solver`], and hours).
///
/// # Panics
///
/// When a search reaches a limit before it finds the answer, rather than
/// answer -1 for a board that may well be solvable; with the default
/// limits that cannot happen.
///
/// # Example
///
/// ```
/// use puzzles::sliding_puzzle;
///
/// assert_eq!(sliding_puzzle(vec![vec![1, 2, 3], vec![4, 0, 5]]), 1);
/// assert_eq!(sliding_puzzle(vec![vec![1, 2, 3], vec![5, 4, 0]]), -1);
/// assert_eq!(sliding_puzzle(vec![vec![4, 1, 2], vec![5, 0, 3]]), 5);
/// ```
#[expect(
    clippy::needless_pass_by_value,
    reason = "LeetCode's signature, so that solutions paste in unchanged"
)]
pub fn sliding_puzzle(board: Vec<Vec<i32>>) -> i32 {
    sliding_puzzle_within(&board, Limits::new())
}

/// [`sliding_puzzle`] under `limits`, so that tests can reach its panic.
fn sliding_puzzle_within(board: &[Vec<i32>], limits: Limits) -> i32 {
    let Ok(board) = Board::from_rows(board) else {
        return -1;
    };
    let mut run = Run::new().limits(limits);
    let answer = SlidingPuzzle::new(board.rows(), board.cols())
        .and_then(|puzzle| puzzle.solver().moves(&board, &mut run));
    match answer {
        Ok(Some(moves)) => i32::try_from(moves).unwrap_or(i32::MAX),
        Ok(None) => -1,
        Err(error) => panic!(
            "sliding_puzzle gave up on {}: {error}; SlidingPuzzle::solver returns this as an error",
            board.to_rows().iter().map(|row| format!("{row:?}")).collect::<Vec<_>>().join(",")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(
        expected = "sliding_puzzle gave up on [8, 6, 7],[2, 5, 4],[3, 0, 1]: search reached its limit of 100 stored states"
    )]
    fn giving_up_is_a_panic_not_minus_one() {
        let board = [vec![8, 6, 7], vec![2, 5, 4], vec![3, 0, 1]];
        sliding_puzzle_within(&board, Limits::new().max_states(100));
    }

    #[test]
    fn the_hardest_boards_of_every_size_up_to_eleven_cells_are_answered() {
        // One board at the radius of each size (radii are public: 2x5 is 55).
        for (rows, moves) in [
            (vec![vec![4, 5, 0], vec![1, 2, 3]], 21),
            (vec![vec![8, 6, 7], vec![2, 5, 4], vec![3, 0, 1]], 31),
        ] {
            assert_eq!(sliding_puzzle(rows), moves);
        }
        let puzzle = SlidingPuzzle::new(2, 5).expect("a size");
        let layers = puzzle.enumerate_with(&Enumerator::new(), &mut Run::new()).expect("fits");
        let hardest = layers.deepest()[0].to_rows();
        let hardest =
            hardest.iter().map(|row| row.iter().map(|&t| i32::from(t)).collect()).collect();
        assert_eq!(sliding_puzzle(hardest), 55);
    }
}
