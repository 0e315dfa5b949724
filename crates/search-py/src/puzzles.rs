//! The puzzles, with Python values in and out, solved with the GIL
//! released.

use std::sync::{Arc, Mutex, OnceLock};

use ::puzzles::{Algorithm, Board, SlidingHeuristic, SlidingPuzzle};
use pyo3::prelude::*;
use search_core::{Bfs, DenseEnumeration, Ranking};

use crate::puzzle_error;

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

/// The puzzles made so far, one per goal, so that the tables of their
/// estimates are built once a process.
static PUZZLES: Mutex<Vec<Arc<SlidingPuzzle>>> = Mutex::new(Vec::new());

fn puzzle_for(goal: Board) -> Arc<SlidingPuzzle> {
    // A panic elsewhere cannot leave the list half-changed: it only grows.
    let mut puzzles = PUZZLES.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(puzzle) = puzzles.iter().find(|puzzle| puzzle.goal() == &goal) {
        return Arc::clone(puzzle);
    }
    let puzzle = Arc::new(SlidingPuzzle::with_goal(goal));
    puzzles.push(Arc::clone(&puzzle));
    puzzle
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

fn parse_board(rows: &[Vec<i64>]) -> PyResult<Board> {
    Board::from_rows(rows).map_err(|error| puzzle_error(&error))
}

/// The fewest moves that solve a sliding puzzle, or -1 when it cannot be
/// solved: LeetCode 773's signature, for boards of any size from 2x2 to
/// 4x4, with the goal of tiles in order and the blank (0) last.
///
/// Raises ValueError for a malformed board.
///
/// ```python
/// >>> sliding_puzzle([[4, 1, 2], [5, 0, 3]])
/// 5
/// >>> sliding_puzzle([[1, 2, 3], [5, 4, 0]])
/// -1
/// ```
#[pyfunction]
fn sliding_puzzle(py: Python<'_>, board: Vec<Vec<i64>>) -> PyResult<i64> {
    let board = parse_board(&board)?;
    if let Some(answer) = small_answer(&board) {
        return Ok(answer);
    }
    let goal = Board::solved(board.rows(), board.cols()).map_err(|e| puzzle_error(&e))?;
    let puzzle = puzzle_for(goal);
    let moves = py.detach(|| puzzle.moves(&board)).map_err(|error| puzzle_error(&error))?;
    Ok(moves.map_or(-1, |moves| i64::try_from(moves).unwrap_or(i64::MAX)))
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
/// `goal` is a board of the same size (by default tiles in order, the
/// blank last); `algorithm` is "auto" (bidirectional up to 10 cells, IDA*
/// above), "bfs", "bidirectional", "astar" or "idastar"; `heuristic`
/// guides astar and idastar: "manhattan", "linear-conflict", "pdb-663" (4x4:
/// builds pattern databases once a process, a few seconds) or "best".
///
/// Raises ValueError for a malformed board or an unknown name, and
/// LimitError when the search reaches a limit.
///
/// ```python
/// >>> solve([[1, 2, 3], [4, 0, 5]]).moves
/// ['right']
/// >>> solve([[1, 2, 3], [5, 4, 0]]) is None
/// True
/// ```
#[pyfunction]
#[pyo3(signature = (board, goal = None, algorithm = "auto", heuristic = "best"))]
fn solve(
    py: Python<'_>,
    board: Vec<Vec<i64>>,
    goal: Option<Vec<Vec<i64>>>,
    algorithm: &str,
    heuristic: &str,
) -> PyResult<Option<Solution>> {
    let board = parse_board(&board)?;
    let goal = match goal {
        Some(goal) => parse_board(&goal)?,
        None => Board::solved(board.rows(), board.cols()).map_err(|e| puzzle_error(&e))?,
    };
    let algorithm: Algorithm = algorithm.parse().map_err(|e| puzzle_error(&e))?;
    let heuristic: SlidingHeuristic = heuristic.parse().map_err(|e| puzzle_error(&e))?;
    let puzzle = puzzle_for(goal);
    let path = py
        .detach(|| puzzle.solver().algorithm(algorithm).heuristic(heuristic).solve(&board))
        .map_err(|error| puzzle_error(&error))?;
    Ok(path.map(|path| Solution {
        moves: path.moves().iter().map(ToString::to_string).collect(),
        boards: path.states().iter().map(rows_of).collect(),
    }))
}

/// The number of boards at each distance from the goal of the `rows` x
/// `cols` sliding puzzle: every reachable board, enumerated breadth-first
/// in 2 bits a board on every core.
///
/// Raises ValueError for a size outside 2x2 to 4x4, and LimitError when
/// the table would pass `max_memory` bytes (default 8 GiB).
///
/// ```python
/// >>> layers = enumerate(2, 3)
/// >>> sum(layers), len(layers) - 1, layers[-1]
/// (360, 21, 1)
/// ```
#[pyfunction]
#[pyo3(signature = (rows, cols, max_memory = 8 << 30))]
fn enumerate(py: Python<'_>, rows: usize, cols: usize, max_memory: u64) -> PyResult<Vec<u64>> {
    let puzzle = SlidingPuzzle::new(rows, cols).map_err(|error| puzzle_error(&error))?;
    let config = DenseEnumeration::new().max_memory(max_memory);
    let layers = py
        .detach(|| puzzle.enumerate_dense(&config, |_, _| {}))
        .map_err(|error| puzzle_error(&error))?;
    Ok(layers.layer_sizes().to_vec())
}

/// The fewest turns that open a 4-wheel lock from "0000" to `target`
/// without passing a code of `deadends`, or -1 (LeetCode 752).
///
/// ```python
/// >>> open_lock(["0201", "0101", "0102", "1212", "2002"], "0202")
/// 6
/// >>> open_lock(["0000"], "8888")
/// -1
/// ```
#[pyfunction]
fn open_lock(py: Python<'_>, deadends: Vec<String>, target: String) -> PyResult<i64> {
    let turns = py
        .detach(|| ::puzzles::open_lock(&deadends, &target))
        .map_err(|error| puzzle_error(&error))?;
    Ok(i64::from(turns))
}

/// The number of words in the shortest ladder from `begin` to `end` that
/// changes one letter a step through `words`, or 0 (LeetCode 127).
///
/// ```python
/// >>> ladder_length("hit", "cog", ["hot", "dot", "dog", "lot", "log", "cog"])
/// 5
/// ```
#[pyfunction]
fn ladder_length(
    py: Python<'_>,
    begin: String,
    end: String,
    words: Vec<String>,
) -> PyResult<usize> {
    py.detach(|| ::puzzles::ladder_length(&begin, &end, &words))
        .map_err(|error| puzzle_error(&error))
}

/// Every shortest ladder from `begin` to `end` (LeetCode 126), sorted.
///
/// ```python
/// >>> find_ladders("hit", "cog", ["hot", "dot", "dog", "lot", "log", "cog"])
/// [['hit', 'hot', 'dot', 'dog', 'cog'], ['hit', 'hot', 'lot', 'log', 'cog']]
/// ```
#[pyfunction]
fn find_ladders(
    py: Python<'_>,
    begin: String,
    end: String,
    words: Vec<String>,
) -> PyResult<Vec<Vec<String>>> {
    let mut ladders = py
        .detach(|| ::puzzles::find_ladders(&begin, &end, &words))
        .map_err(|error| puzzle_error(&error))?;
    ladders.sort();
    Ok(ladders)
}
