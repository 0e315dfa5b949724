//! The puzzles, with Python values in and out, solved with the GIL
//! released.

use std::sync::OnceLock;

use ::puzzles::{Algorithm, Board, ErrorKind, Lock, SlidingHeuristic, SlidingPuzzle, WordLadder};
use pyo3::prelude::*;
use search_core::breadth_first::Bfs;
use search_core::{Limits, Ranking};

use crate::args::{self, Arg, bad_value};
use crate::puzzle_error;
use crate::sliding::{Failure, Interrupt, puzzle_for};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Solution>()?;
    module.add_function(wrap_pyfunction!(sliding_puzzle, module)?)?;
    module.add_function(wrap_pyfunction!(solve, module)?)?;
    module.add_function(wrap_pyfunction!(enumerate, module)?)?;
    module.add_function(wrap_pyfunction!(open_lock, module)?)?;
    module.add_function(wrap_pyfunction!(ladder_length, module)?)?;
    module.add_function(wrap_pyfunction!(find_ladders, module)?)?;
    Ok(())
}

/// Runs `search` with the GIL released and Ctrl-C checked; a
/// KeyboardInterrupt (or whatever a signal handler raised) takes the place
/// of its answer.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    search: impl FnOnce(&Interrupt) -> T + Send,
) -> PyResult<T> {
    let interrupt = Interrupt::default();
    let answer = py.detach(|| search(&interrupt));
    match interrupt.into_error() {
        Some(error) => Err(error),
        // A signal that came after the search last looked, or while it
        // never did (it was quick), is raised here, by the call it
        // interrupted: never left for later, nor lost.
        None => py.check_signals().map(|()| answer),
    }
}

/// The sizes of at most 6 cells (at most 360 reachable boards).
const SMALL_SIZES: [(usize, usize); 3] = [(2, 2), (2, 3), (3, 2)];

/// Every board's distance to the usual goal, by rank, for each small size,
/// found once a process by one breadth-first search from the goal (360
/// boards for 2x3, in microseconds). Answering from it costs a rank and a
/// lookup, where a search per board costs setting up its tables, and
/// releasing the GIL for it costs more than the search.
static SMALL_TABLES: [OnceLock<(SlidingPuzzle, Vec<u8>)>; 3] =
    [OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// Not reachable from the goal.
const UNREACHABLE: u8 = u8::MAX;

/// The answer for a board of a small size (its fewest moves, or -1), or
/// `None` when the board is of another size.
fn small_answer(board: &Board) -> Option<i64> {
    let index = SMALL_SIZES.iter().position(|&size| size == (board.rows(), board.cols()))?;
    let (puzzle, table) = SMALL_TABLES[index].get_or_init(|| {
        let (rows, cols) = SMALL_SIZES[index];
        let puzzle = SlidingPuzzle::new(rows, cols).expect("a size SlidingPuzzle takes");
        let mut table = vec![UNREACHABLE; puzzle.rank_count() as usize];
        let mut walk = Bfs::new();
        if walk.start(&puzzle, [*puzzle.goal()]).is_ok() {
            while let Ok(Some(visit)) = walk.next(&puzzle) {
                table[puzzle.rank(visit.state()) as usize] = visit.depth() as u8;
            }
        }
        (puzzle, table)
    });
    let distance = *table.get(puzzle.rank(board) as usize)?;
    Some(if distance == UNREACHABLE { -1 } else { i64::from(distance) })
}

/// A board given as the argument `name`.
fn board(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Board> {
    Board::from_rows(&args::rows(value, name)?).map_err(|error| bad_value(name, error))
}

/// The Python exception for a failed solve of `board`.
fn solve_error(failure: Failure) -> PyErr {
    match failure {
        Failure::Heuristic(reason) => bad_value("heuristic", reason),
        Failure::Puzzle(error) => match error.kind() {
            ErrorKind::SizeMismatch { .. } => bad_value("goal", error),
            ErrorKind::Input { .. } => bad_value("heuristic", error),
            _ => puzzle_error(&error),
        },
    }
}

/// The fewest moves that solve a sliding puzzle, or -1 when it cannot be
/// solved: LeetCode 773's signature, for boards of any size from 2x2 to
/// 4x4, with the goal of tiles in order and the blank (0) last. Searches
/// as `solve` does by default; Ctrl-C stops it.
///
/// Raises TypeError when `board` is not rows (lists) of ints, and
/// ValueError when it is not a board (a tile twice or missing, rows of
/// different lengths, a size outside 2x2 to 5x5).
///
/// ```python
/// >>> sliding_puzzle([[4, 1, 2], [5, 0, 3]])
/// 5
/// >>> sliding_puzzle([[1, 2, 3], [5, 4, 0]])
/// -1
/// >>> sliding_puzzle([[1, 2], [3, 3]])
/// Traceback (most recent call last):
/// ValueError: board: the board has no blank (0)
/// ```
#[pyfunction]
fn sliding_puzzle(py: Python<'_>, board: Bound<'_, PyAny>) -> PyResult<i64> {
    let board = self::board(&board, "board")?;
    if let Some(answer) = small_answer(&board) {
        return Ok(answer);
    }
    let goal = Board::solved(board.rows(), board.cols()).map_err(|e| bad_value("board", e))?;
    let sliding = puzzle_for(goal);
    let path = interruptible(py, |interrupt| {
        sliding.solve(&board, Algorithm::Auto, SlidingHeuristic::Best, interrupt)
    })?
    .map_err(solve_error)?;
    Ok(path.map_or(-1, |path| i64::try_from(path.len()).unwrap_or(i64::MAX)))
}

/// A shortest solution of a sliding puzzle: its moves and every board
/// from the start to the goal.
///
/// ```python
/// >>> solution = solve([[4, 1, 2], [5, 0, 3]])
/// >>> len(solution), solution.moves[:2]
/// (5, ['left', 'up'])
/// >>> solution.boards[-1]
/// [[1, 2, 3], [4, 5, 0]]
/// ```
#[pyclass(frozen, module = "statespace")]
struct Solution {
    /// The moves of the blank: "up", "down", "left" or "right".
    #[pyo3(get)]
    moves: Vec<String>,
    /// The boards, from the start to the goal: one more than the moves.
    #[pyo3(get)]
    boards: Vec<Vec<Vec<u32>>>,
}

#[pymethods]
impl Solution {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __repr__(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|name| format!("'{name}'")).collect();
        format!("Solution(moves=[{}])", moves.join(", "))
    }
}

/// A board as lists of ints (a `Vec<u8>` would become `bytes`).
fn rows_of(board: &Board) -> Vec<Vec<u32>> {
    board.to_rows().iter().map(|row| row.iter().map(|&tile| u32::from(tile)).collect()).collect()
}

/// A shortest solution of a sliding puzzle, or None when it cannot be
/// solved.
///
/// - `goal`: a board of the same size; by default tiles in order, the
///   blank last.
/// - `algorithm`: "auto" (bidirectional up to 10 cells, IDA* above),
///   "bfs", "bidirectional", "astar" or "idastar".
/// - `heuristic`, the estimate that guides astar and idastar:
///   "manhattan", "linear-conflict", "pdb-663", "pdb-78", "pdb-6666" or
///   "best". "pdb-663" and "pdb-78" are additive pattern databases for 4x4
///   boards only, "pdb-6666" for 5x5 boards. "pdb-663" builds its
///   databases (5.8 MB, a few seconds, which Ctrl-C cannot interrupt)
///   unless `databases` holds them. "pdb-78" and "pdb-6666" never build
///   their own (minutes and 1.6 GB; minutes and 0.9 GB): build them once
///   with the command line, `puzzles pdb build 4x4` or `puzzles pdb build
///   5x5`, and pass their folder as `databases`; without them they raise
///   ValueError. "best", the default, takes the 6-6-6-6 or 7-8 databases,
///   else the 6-6-3 ones, if this process has them or `databases` holds
///   them, else linear conflicts, and builds nothing.
/// - `databases`: a folder (str or os.PathLike) of databases saved by
///   `puzzles pdb build`, such as its default ~/.cache/puzzles; read only
///   for 4x4 and 5x5 boards, and only what `heuristic` can use. A loaded database
///   is kept for the rest of the process (the 7-8 ones take 288 MB).
///
/// Ctrl-C stops the search (KeyboardInterrupt). Raises TypeError for an
/// argument of the wrong type, ValueError for a malformed board or goal,
/// an unknown name, or a database file that is unreadable, damaged or for
/// another goal (each message names its argument), and LimitError when
/// the search reaches a limit.
///
/// ```python
/// >>> solve([[1, 2, 3], [4, 0, 5]]).moves
/// ['right']
/// >>> solve([[1, 2, 3], [5, 4, 0]]) is None
/// True
/// >>> solve([[1, 2, 3], [4, 0, 5]], algorithm="dfs")
/// Traceback (most recent call last):
/// ValueError: algorithm: 'dfs' is not an algorithm: expected bfs, bidirectional, astar, idastar or auto
/// ```
#[pyfunction]
#[pyo3(
    signature = (board, goal = None, algorithm = Arg::Default, heuristic = Arg::Default, databases = None),
    text_signature = "(board, goal=None, algorithm='auto', heuristic='best', databases=None)"
)]
fn solve(
    py: Python<'_>,
    board: Bound<'_, PyAny>,
    goal: Option<Bound<'_, PyAny>>,
    algorithm: Arg<'_>,
    heuristic: Arg<'_>,
    databases: Option<Bound<'_, PyAny>>,
) -> PyResult<Option<Solution>> {
    let board = self::board(&board, "board")?;
    let goal = match goal {
        Some(goal) => self::board(&goal, "goal")?,
        None => Board::solved(board.rows(), board.cols()).map_err(|e| bad_value("board", e))?,
    };
    let algorithm: Algorithm = algorithm
        .string_or("algorithm", "auto")?
        .parse()
        .map_err(|error| bad_value("algorithm", error))?;
    let heuristic: SlidingHeuristic = heuristic
        .string_or("heuristic", "best")?
        .parse()
        .map_err(|error| bad_value("heuristic", error))?;
    let databases = databases.map(|folder| args::folder(&folder, "databases")).transpose()?;
    if (board.rows(), board.cols()) != (goal.rows(), goal.cols()) {
        return Err(bad_value(
            "goal",
            format!(
                "the board is {}x{} but the goal is {}x{}",
                board.rows(),
                board.cols(),
                goal.rows(),
                goal.cols()
            ),
        ));
    }
    let sliding = puzzle_for(goal);
    if let Some(folder) = &databases {
        py.detach(|| sliding.install_from(folder, heuristic))
            .map_err(|reason| bad_value("databases", reason))?;
    }
    let path =
        interruptible(py, |interrupt| sliding.solve(&board, algorithm, heuristic, interrupt))?
            .map_err(solve_error)?;
    Ok(path.map(|path| Solution {
        moves: path.moves().iter().map(ToString::to_string).collect(),
        boards: path.states().iter().map(rows_of).collect(),
    }))
}

/// The number of boards at each distance from the goal of the `rows` x
/// `cols` sliding puzzle: every reachable board, enumerated breadth-first
/// in 2 bits a board on every core. Ctrl-C stops it between two layers
/// (at most a second or so apart).
///
/// Raises TypeError when an argument is not an int, ValueError for a
/// negative or huge one or a size outside 2x2 to 4x4, and LimitError when
/// the table would pass `max_memory` bytes (default 4 GiB): 3x4 takes
/// 60 MB, 2x7 and 4x4 more than the default allows.
///
/// ```python
/// >>> layers = enumerate(2, 3)
/// >>> sum(layers), len(layers) - 1, layers[-1]
/// (360, 21, 1)
/// ```
#[pyfunction]
#[pyo3(
    signature = (rows, cols, max_memory = Arg::Default),
    text_signature = "(rows, cols, max_memory=4294967296)"
)]
fn enumerate(
    py: Python<'_>,
    rows: Bound<'_, PyAny>,
    cols: Bound<'_, PyAny>,
    max_memory: Arg<'_>,
) -> PyResult<Vec<u64>> {
    let rows = args::size(&rows, "rows")?;
    let cols = args::size(&cols, "cols")?;
    let max_memory = max_memory.count_or("max_memory", Limits::DEFAULT_MAX_MEMORY)?;
    let goal = Board::solved(rows, cols)
        .map_err(|error| bad_value(&format!("rows={rows}, cols={cols}"), error))?;
    let sliding = puzzle_for(goal);
    interruptible(py, |interrupt| sliding.enumerate(max_memory, interrupt))?
        .map_err(|error| puzzle_error(&error))
}

/// The fewest turns that open a 4-wheel lock from "0000" to `target`
/// without passing a code of `deadends`, or -1 (LeetCode 752).
///
/// Raises TypeError when `deadends` is not a list of str or `target` not
/// a str, and ValueError for a code that is not 4 digits.
///
/// ```python
/// >>> open_lock(["0201", "0101", "0102", "1212", "2002"], "0202")
/// 6
/// >>> open_lock(["0000"], "8888")
/// -1
/// ```
#[pyfunction]
fn open_lock(
    py: Python<'_>,
    deadends: Bound<'_, PyAny>,
    target: Bound<'_, PyAny>,
) -> PyResult<i64> {
    let deadends = args::strings(&deadends, "deadends")?;
    let target = args::string(&target, "target")?;
    let lock = Lock::standard().with_deadends(&deadends).map_err(|e| bad_value("deadends", e))?;
    let turns = py.detach(|| lock.turns(&target)).map_err(|error| match error.kind() {
        ErrorKind::Search(_) => puzzle_error(&error),
        _ => bad_value("target", error),
    })?;
    Ok(turns.map_or(-1, |turns| i64::try_from(turns).unwrap_or(i64::MAX)))
}

/// The argument a word ladder's error is about: `words` when they alone
/// fail, else `end` (checked first, as LeetCode's `endWord`), else
/// `begin`. Checked only after a failure, so that a good call builds its
/// dictionary once.
fn ladder_error(error: &::puzzles::Error, end: &str, words: &[String]) -> PyErr {
    if matches!(
        error.kind(),
        ErrorKind::Search(_)
            | ErrorKind::TooManyLadders { .. }
            | ErrorKind::DictionaryTooLarge { .. }
    ) {
        return puzzle_error(error);
    }
    let with = |extra: Option<&str>| {
        WordLadder::new(words.iter().map(String::as_str).chain(extra)).map(|_| ())
    };
    if with(None).is_err() {
        return bad_value("words", error);
    }
    if with(Some(end)).is_err() {
        return bad_value("end", error);
    }
    bad_value("begin", error)
}

/// The words of a ladder's arguments.
fn ladder_arguments(
    begin: &Bound<'_, PyAny>,
    end: &Bound<'_, PyAny>,
    words: &Bound<'_, PyAny>,
) -> PyResult<(String, String, Vec<String>)> {
    Ok((args::string(begin, "begin")?, args::string(end, "end")?, args::strings(words, "words")?))
}

/// The number of words in the shortest ladder from `begin` to `end` that
/// changes one letter a step through `words`, or 0 (LeetCode 127).
///
/// Raises TypeError when `begin` or `end` is not a str or `words` not a
/// list of str, and ValueError for a word that is empty, not ASCII
/// letters, or of another length than the first of `words`.
///
/// ```python
/// >>> ladder_length("hit", "cog", ["hot", "dot", "dog", "lot", "log", "cog"])
/// 5
/// ```
#[pyfunction]
fn ladder_length(
    py: Python<'_>,
    begin: Bound<'_, PyAny>,
    end: Bound<'_, PyAny>,
    words: Bound<'_, PyAny>,
) -> PyResult<usize> {
    let (begin, end, words) = ladder_arguments(&begin, &end, &words)?;
    py.detach(|| ::puzzles::ladder_length(&begin, &end, &words))
        .map_err(|error| ladder_error(&error, &end, &words))
}

/// Every shortest ladder from `begin` to `end` (LeetCode 126), sorted.
/// Errors as for `ladder_length`.
///
/// ```python
/// >>> find_ladders("hit", "cog", ["hot", "dot", "dog", "lot", "log", "cog"])
/// [['hit', 'hot', 'dot', 'dog', 'cog'], ['hit', 'hot', 'lot', 'log', 'cog']]
/// ```
#[pyfunction]
fn find_ladders(
    py: Python<'_>,
    begin: Bound<'_, PyAny>,
    end: Bound<'_, PyAny>,
    words: Bound<'_, PyAny>,
) -> PyResult<Vec<Vec<String>>> {
    let (begin, end, words) = ladder_arguments(&begin, &end, &words)?;
    let mut ladders = py
        .detach(|| ::puzzles::find_ladders(&begin, &end, &words))
        .map_err(|error| ladder_error(&error, &end, &words))?;
    ladders.sort();
    Ok(ladders)
}
