//! Sliding puzzles of any size from 2x2 to 4x4.

use std::fmt;
use std::str::FromStr;

use search_core::{
    DenseEnumeration, Enumeration, Limits, Path, Progress, Reversible, Search, Stats, Successors,
};

use crate::error::{Error, ErrorKind};

pub use self::board::Board;

mod board;
mod ranked;

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
    type Err = String;

    fn from_str(text: &str) -> Result<Slide, String> {
        Slide::ALL
            .into_iter()
            .find(|slide| slide.name() == text)
            .ok_or_else(|| format!("'{text}' is not a move: expected up, down, left or right"))
    }
}

/// Which search answers a board.
///
/// # Example
///
/// ```
/// use puzzles::{Algorithm, SlidingPuzzle};
///
/// let puzzle = SlidingPuzzle::new(2, 3)?;
/// let board = "4 1 2 / 5 0 3".parse()?;
/// let mut bfs = puzzle.solver().algorithm(Algorithm::Bfs);
/// let mut both = puzzle.solver().algorithm(Algorithm::Bidirectional);
/// assert_eq!(bfs.moves(&board)?, both.moves(&board)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Breadth-first search from the board towards the goal.
    Bfs,
    /// Breadth-first search from both ends; the default, since it stores
    /// far fewer boards on every size measured (see `docs/performance.md`).
    #[default]
    Bidirectional,
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(text: &str) -> Result<Algorithm, String> {
        match text {
            "bfs" => Ok(Algorithm::Bfs),
            "bidirectional" => Ok(Algorithm::Bidirectional),
            _ => Err(format!("'{text}' is not an algorithm: expected bfs or bidirectional")),
        }
    }
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
    rank_bound: Option<usize>,
}

impl SlidingPuzzle {
    /// The puzzle of `rows x cols` towards the usual goal: tiles in reading
    /// order, the blank last.
    ///
    /// # Errors
    ///
    /// When the size is outside 2x2 to 4x4.
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
        let rank_bound = usize::try_from(ranked::factorial(goal.cell_count())).ok();
        SlidingPuzzle { goal, rank_bound }
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
        self.solver().solve(board)
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
        self.solver().moves(board)
    }

    /// A solver that reuses its tables from one board to the next: the way
    /// to answer many boards of one size.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// let mut solver = puzzle.solver();
    /// let answers: Vec<Option<usize>> = ["4 1 2 / 5 0 3", "1 2 3 / 5 4 0"]
    ///     .iter()
    ///     .map(|text| solver.moves(&text.parse()?))
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(answers, [Some(5), None]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solver(&self) -> Solver<'_> {
        Solver {
            puzzle: self,
            search: Search::new(self),
            algorithm: Algorithm::default(),
            last_stats: Stats::default(),
        }
    }

    /// Every board that can reach the goal, by a breadth-first search from
    /// it: the number at each distance, the radius ("God's number" of this
    /// size) and the hardest boards.
    ///
    /// This uses the generic [`Search::enumerate`]. For boards larger than
    /// 2x4, [`enumerate_dense`](SlidingPuzzle::enumerate_dense) is far
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
        Ok(Search::new(self).enumerate([self.goal])?)
    }

    /// As [`enumerate`](SlidingPuzzle::enumerate), on every core, with
    /// 2 bits per reachable board.
    ///
    /// Boards are numbered so that neighbours are found rank to rank, and
    /// `config` sets the threads and the memory limit. `on_layer(depth,
    /// boards)` is called as each layer completes.
    ///
    /// # Errors
    ///
    /// When the table would pass `config`'s memory limit (4x4 needs about
    /// 2.4 TiB), or the worker threads cannot start.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    /// use search_core::DenseEnumeration;
    ///
    /// let layers = SlidingPuzzle::new(3, 3)?.enumerate_dense(DenseEnumeration::new(), |_, _| {})?;
    /// assert_eq!(layers.states(), 181_440);
    /// assert_eq!(layers.radius(), 31);
    /// assert_eq!(layers.deepest().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn enumerate_dense<F>(
        &self,
        config: DenseEnumeration,
        on_layer: F,
    ) -> Result<Enumeration<Board>, Error>
    where
        F: FnMut(usize, u64),
    {
        let packed = ranked::Packed::new(&self.goal);
        let layers = config.run(&packed, &[packed.encode(&self.goal)], on_layer)?;
        let deepest = layers.deepest().iter().map(|&rank| packed.decode(rank)).collect();
        Ok(Enumeration::new(layers.layer_sizes().to_vec(), deepest))
    }

    /// The board whose [`rank`](Successors::rank) is `rank`, or `None`
    /// when `rank` is not below `rows * cols` factorial.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    /// use search_core::Successors;
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// let board = "4 1 2 / 5 0 3".parse()?;
    /// let rank = puzzle.rank(&board);
    /// assert_eq!(puzzle.unrank(rank as u64), Some(board));
    /// assert_eq!(puzzle.unrank(720), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unrank(&self, rank: u64) -> Option<Board> {
        (rank < ranked::factorial(self.goal.cell_count()))
            .then(|| ranked::unrank(self.goal.rows(), self.goal.cols(), rank))
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

    fn rank_bound(&self) -> Option<usize> {
        self.rank_bound
    }

    fn rank(&self, board: &Board) -> usize {
        ranked::rank(board) as usize
    }
}

impl Reversible for SlidingPuzzle {}

/// Answers boards of one puzzle one after another, reusing its tables.
///
/// Made by [`SlidingPuzzle::solver`].
///
/// # Example
///
/// ```
/// use puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let mut solver = puzzle.solver();
/// for (board, moves) in [("8 6 7 / 2 5 4 / 3 0 1", 31), ("1 2 3 / 4 5 6 / 7 0 8", 1)] {
///     assert_eq!(solver.moves(&board.parse()?)?, Some(moves));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Solver<'p> {
    puzzle: &'p SlidingPuzzle,
    search: Search<'p, SlidingPuzzle>,
    algorithm: Algorithm,
    last_stats: Stats,
}

impl<'p> Solver<'p> {
    /// Chooses the search.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Algorithm, SlidingPuzzle};
    ///
    /// let puzzle = SlidingPuzzle::new(2, 2)?;
    /// let mut solver = puzzle.solver().algorithm(Algorithm::Bfs);
    /// assert_eq!(solver.moves(&"3 1 / 2 0".parse()?)?, Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn algorithm(mut self, algorithm: Algorithm) -> Self {
        self.algorithm = algorithm;
        self
    }

    /// Bounds each search.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    /// use search_core::Limits;
    ///
    /// let puzzle = SlidingPuzzle::new(3, 3)?;
    /// let mut solver = puzzle.solver().limits(Limits::new().max_states(100));
    /// assert!(solver.moves(&"8 6 7 / 2 5 4 / 3 0 1".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn limits(self, limits: Limits) -> Self {
        Solver { search: self.search.limits(limits), ..self }
    }

    /// Calls `observer` as each search goes; see
    /// [`Search::on_progress`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Algorithm, SlidingPuzzle};
    ///
    /// let puzzle = SlidingPuzzle::new(3, 3)?;
    /// let mut deepest = 0;
    /// let mut solver =
    ///     puzzle.solver().algorithm(Algorithm::Bfs).on_progress(|p| deepest = deepest.max(p.depth));
    /// assert_eq!(solver.moves(&"8 6 7 / 2 5 4 / 3 0 1".parse()?)?, Some(31));
    /// drop(solver);
    /// assert!(deepest > 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn on_progress<F: FnMut(&Progress) + 'p>(self, observer: F) -> Self {
        Solver { search: self.search.on_progress(observer), ..self }
    }

    /// A shortest solution of `board`, or `None` when it cannot be solved.
    ///
    /// # Errors
    ///
    /// When the board's size differs from the goal's, or the search reaches
    /// a limit.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// let mut solver = puzzle.solver();
    /// assert_eq!(solver.solve(&"1 2 3 / 4 5 0".parse()?)?.map(|p| p.len()), Some(0));
    /// let error = solver.solve(&"1 2 / 3 0".parse()?).unwrap_err();
    /// assert_eq!(error.to_string(), "the board is 2x2 but the goal is 2x3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&mut self, board: &Board) -> Result<Option<Path<Board, Slide>>, Error> {
        if !self.check(board)? {
            return Ok(None);
        }
        let goal = *self.puzzle.goal();
        let path = match self.algorithm {
            Algorithm::Bfs => self.search.bfs([*board], |b| *b == goal),
            Algorithm::Bidirectional => self.search.bidirectional(*board, goal),
        };
        self.last_stats = self.search.stats();
        Ok(path?)
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
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// assert_eq!(puzzle.solver().moves(&"4 5 0 / 1 2 3".parse()?)?, Some(21));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&mut self, board: &Board) -> Result<Option<usize>, Error> {
        if !self.check(board)? {
            return Ok(None);
        }
        let goal = *self.puzzle.goal();
        let moves = match self.algorithm {
            Algorithm::Bfs => self.search.distance([*board], |b| *b == goal),
            Algorithm::Bidirectional => {
                self.search.bidirectional(*board, goal).map(|path| path.map(|path| path.len()))
            }
        };
        self.last_stats = self.search.stats();
        Ok(moves?)
    }

    /// What the last search counted; all zero after a board answered by
    /// parity alone.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SlidingPuzzle;
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3)?;
    /// let mut solver = puzzle.solver();
    /// solver.moves(&"4 1 2 / 5 0 3".parse()?)?;
    /// assert!(solver.stats().expanded > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> Stats {
        self.last_stats
    }

    /// Checks the size, and answers by parity whether a search is needed.
    fn check(&mut self, board: &Board) -> Result<bool, Error> {
        self.last_stats = Stats::default();
        let goal = self.puzzle.goal();
        if !board.same_size(goal) {
            return Err(Error::new(ErrorKind::SizeMismatch {
                expected: (goal.rows(), goal.cols()),
                found: (board.rows(), board.cols()),
            }));
        }
        Ok(board.can_reach(goal))
    }
}

/// LeetCode 773: the fewest moves that solve a 2x3 board (or a board of any
/// size from 2x2 to 4x4) towards the usual goal, or -1 when it cannot be
/// solved.
///
/// A board that is not a permutation of `0..rows*cols` also answers -1;
/// parse it with [`Board::from_rows`] to learn what is wrong.
///
/// On boards of at most 11 cells (every size up to 3x3, 2x5 and 5x2) the
/// answer is always exact: the whole space fits the default [`Limits`].
/// Larger boards far from the goal can pass them; use
/// [`SlidingPuzzle::solver`], which returns the error, to handle that.
///
/// # Panics
///
/// When the search reaches its default limits before it finds the answer
/// (possible on 3x4 boards and larger), rather than answer -1 for a board
/// that may well be solvable.
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
    let answer = SlidingPuzzle::new(board.rows(), board.cols())
        .and_then(|puzzle| puzzle.solver().limits(limits).moves(&board));
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
        let layers = puzzle.enumerate_dense(DenseEnumeration::new(), |_, _| {}).expect("fits");
        let hardest = layers.deepest()[0].to_rows();
        let hardest =
            hardest.iter().map(|row| row.iter().map(|&t| i32::from(t)).collect()).collect();
        assert_eq!(sliding_puzzle(hardest), 55);
    }
}
