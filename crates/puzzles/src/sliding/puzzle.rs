//! [`SlidingPuzzle`]: the sliding puzzle of one board size, towards one
//! goal, as a state space.

use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

use search_core::breadth_first::{Enumeration, Search};
use search_core::deepening::InPlace;
use search_core::layers::{Engine, Enumerator, Numbering};
use search_core::{Limits, Ranking, Reversible, Run, Successors, Weighted};

use crate::error::{Error, ErrorKind};

use super::board::Board;
use super::heuristic::LinearConflict;
use super::mirrored::MirroredBoards;
use super::pdb::{Partition, PatternDatabase};
use super::ranked;
use super::ranked::ReachableBoards;
use super::slide::Slide;

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
    pub(super) goal: Board,
    pub(super) rank_count: u64,
    /// The estimates' tables, built on first use (or installed) and
    /// shared by every solver of the puzzle (linear conflicts take about
    /// 5 ms for 4x4, the 6-6-3 database seconds). Databases by
    /// [`Partition::ALL`] order.
    pub(super) linear_conflict: OnceLock<Arc<LinearConflict>>,
    pub(super) databases: [OnceLock<Arc<PatternDatabase>>; Partition::ALL.len()],
}

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
    /// [`SlidingHeuristic::Best`](crate::SlidingHeuristic::Best) and by
    /// the heuristic of its partition.
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
        Ok(found.map_deepest_within(max_memory, |&rank| packed.decode(rank), |_| 0))
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
        Ok(Self::shaped(layers).engine(Numbering::Ranks(u128::from(boards)), limits))
    }

    /// As [`enumerate_with`](SlidingPuzzle::enumerate_with), a board and
    /// its mirror image across the diagonal kept as one class
    /// ([`MirroredBoards`]), always as sorted, compressed ranks: about
    /// half the boards kept, in about half the time and disk. Each
    /// layer's boards are [`Enumeration::layer_positions`], its classes
    /// [`Enumeration::layer_sizes`]; the deepest layer lists the board each
    /// class is kept as.
    ///
    /// # Errors
    ///
    /// As [`MirroredBoards::new`] for a board that has no such mirror (not
    /// square, or its goal's blank off the diagonal); as
    /// [`enumerate_with`](SlidingPuzzle::enumerate_with) on the sorted
    /// engine.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    /// use search_core::layers::{Engine, Enumerator};
    /// use search_core::{Limits, Run};
    ///
    /// let mut run = Run::new().limits(Limits::new().max_depth(10));
    /// let layers = SlidingPuzzle::new(4, 4)?.enumerate_mirrored(&Enumerator::new(), &mut run)?;
    /// // OEIS A089484, as `enumerate_with` finds it, in fewer classes.
    /// assert_eq!(layers.layer_positions(), [1, 2, 4, 10, 24, 54, 107, 212, 446, 946, 1948]);
    /// assert_eq!(layers.layer_sizes(), [1, 1, 2, 5, 12, 27, 54, 106, 223, 473, 974]);
    /// assert_eq!(layers.engine(), Some(Engine::Sorted));
    /// assert!(SlidingPuzzle::new(2, 3)?.enumerate_mirrored(&Enumerator::new(), &mut Run::new()).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn enumerate_mirrored(
        &self,
        layers: &Enumerator,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<Board>, Error> {
        let mirrored = MirroredBoards::new(&self.goal)?;
        let goal = mirrored.key_of_reachable(&self.goal);
        let found = Self::shaped(layers).run_keyed(&mirrored, &[goal], run)?;
        let max_memory = run.get_limits().get_max_memory();
        Ok(found.map_deepest_within(max_memory, |&key| mirrored.decode(key), |_| 0))
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
