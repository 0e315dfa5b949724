//! Admissible estimates of a sliding puzzle's distance to its goal: the
//! Manhattan distance and the linear conflicts, each updated in O(1) from
//! the parent's estimate when a search takes one move.

use search_core::Heuristic;

use super::board::{Board, CELL_VALUES, MAX_CELLS, MAX_LINE, NIBBLE_CELLS};

/// Lets a borrowed estimate guide a search, which takes its estimate by
/// value: `&Manhattan` as well as `Manhattan`.
macro_rules! heuristic_by_reference {
    ($($estimate:ty),*) => {$(
        impl search_core::Heuristic<Board> for &$estimate {
            type Cost = u32;

            fn estimate(&self, board: &Board) -> u32 {
                (**self).estimate(board)
            }

            fn estimate_child(&self, parent: &Board, parent_estimate: u32, child: &Board) -> u32 {
                (**self).estimate_child(parent, parent_estimate, child)
            }
        }
    )*};
}
pub(super) use heuristic_by_reference;

heuristic_by_reference!(Manhattan, LinearConflict);

/// The Manhattan distance: the sum, over tiles, of the rows and columns
/// between each tile and its goal cell. Each move moves one tile by one
/// cell, so it is admissible, and consistent.
///
/// Made for one goal by [`Manhattan::new`].
///
/// # Example
///
/// ```
/// use puzzles::{Board, Manhattan};
/// use search_core::Heuristic;
///
/// let manhattan = Manhattan::new(&Board::solved(3, 3)?);
/// assert_eq!(manhattan.estimate(&"8 6 7 / 2 5 4 / 3 0 1".parse()?), 21);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Manhattan {
    /// `distance[tile][cell]`: rows and columns from `cell` to `tile`'s
    /// goal cell (0 for the blank). A row for every value a cell can hold
    /// (32), so that a tile read from a board needs no bounds check.
    distance: [[u8; MAX_CELLS]; CELL_VALUES],
}

impl Manhattan {
    /// The Manhattan distance towards `goal`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, Manhattan};
    /// use search_core::Heuristic;
    ///
    /// let goal: Board = "0 1 / 2 3".parse()?;
    /// assert_eq!(Manhattan::new(&goal).estimate(&goal), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(goal: &Board) -> Manhattan {
        let cols = goal.cols();
        let mut distance = [[0; MAX_CELLS]; CELL_VALUES];
        for home in 0..goal.cell_count() {
            let tile = usize::from(goal.cell(home));
            if tile == 0 {
                continue;
            }
            for (cell, slot) in distance[tile].iter_mut().enumerate().take(goal.cell_count()) {
                let rows = (cell / cols).abs_diff(home / cols);
                let columns = (cell % cols).abs_diff(home % cols);
                *slot = (rows + columns) as u8;
            }
        }
        Manhattan { distance }
    }

    /// The change in distance when the tile now at the child's old blank
    /// cell moved there from the child's blank cell.
    fn moved(&self, parent: &Board, child: &Board) -> (u32, u32) {
        let to = parent.blank_index();
        let from = child.blank_index();
        let tile = usize::from(child.cell(to));
        (u32::from(self.distance[tile][to]), u32::from(self.distance[tile][from]))
    }
}

impl Heuristic<Board> for Manhattan {
    type Cost = u32;

    fn estimate(&self, board: &Board) -> u32 {
        (0..board.cell_count())
            .map(|cell| u32::from(self.distance[usize::from(board.cell(cell))][cell]))
            .sum()
    }

    fn estimate_child(&self, parent: &Board, parent_estimate: u32, child: &Board) -> u32 {
        let (now, before) = self.moved(parent, child);
        parent_estimate + now - before
    }
}

/// The Manhattan distance plus two moves for each tile that must leave its
/// goal row or column to let another pass: in each row, the tiles whose
/// goal is that row, less the longest run of them already in goal order;
/// likewise in each column. Admissible (Hansson, Mayer and Yung, 1992),
/// and about a third of the way from Manhattan to pattern databases.
///
/// # Example
///
/// ```
/// use puzzles::{Board, LinearConflict, Manhattan};
/// use search_core::Heuristic;
///
/// let goal = Board::solved(2, 2)?;
/// let board: Board = "2 1 / 3 0".parse()?;
/// // Tiles 2 and 1 are both in their goal row, in the wrong order.
/// assert_eq!(Manhattan::new(&goal).estimate(&board), 2);
/// assert_eq!(LinearConflict::new(&goal).estimate(&board), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct LinearConflict {
    manhattan: Manhattan,
    rows: usize,
    cols: usize,
    goal_row: [u8; MAX_CELLS],
    goal_col: [u8; MAX_CELLS],
    /// For lines of at most 4 cells on boards packed 4 bits a cell, the
    /// conflicts of every content a line can hold, looked up by its cells: `row_table[row << 16 | key]`
    /// and likewise for columns. Computing them took two thirds of an
    /// IDA* search's time; a 4x4 board's tables take 512 KiB.
    row_table: Vec<u8>,
    col_table: Vec<u8>,
}

/// Lines of up to this many cells get a table of their conflicts.
const TABLED_LINE: usize = 4;

impl LinearConflict {
    /// The linear-conflict estimate towards `goal`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, LinearConflict};
    /// use search_core::Heuristic;
    ///
    /// let goal = Board::solved(4, 4)?;
    /// assert_eq!(LinearConflict::new(&goal).estimate(&goal), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(goal: &Board) -> LinearConflict {
        let mut goal_row = [0; MAX_CELLS];
        let mut goal_col = [0; MAX_CELLS];
        for cell in 0..goal.cell_count() {
            let tile = usize::from(goal.cell(cell));
            goal_row[tile] = (cell / goal.cols()) as u8;
            goal_col[tile] = (cell % goal.cols()) as u8;
        }
        let mut estimate = LinearConflict {
            manhattan: Manhattan::new(goal),
            rows: goal.rows(),
            cols: goal.cols(),
            goal_row,
            goal_col,
            row_table: Vec::new(),
            col_table: Vec::new(),
        };
        let nibbles = goal.cell_count() <= NIBBLE_CELLS;
        if nibbles && estimate.cols <= TABLED_LINE {
            let keys = 1 << (4 * estimate.cols);
            estimate.row_table = (0..estimate.rows * keys)
                .map(|index| {
                    let (row, key) = (index / keys, index % keys);
                    let tiles = (0..estimate.cols).map(|col| (key >> (4 * col)) & 0xF);
                    estimate.line_conflicts(tiles, |tile| {
                        (usize::from(goal_row[tile]) == row).then_some(goal_col[tile])
                    }) as u8
                })
                .collect();
        }
        if nibbles && estimate.rows <= TABLED_LINE {
            let keys = 1 << (4 * estimate.rows);
            estimate.col_table = (0..estimate.cols * keys)
                .map(|index| {
                    let (col, key) = (index / keys, index % keys);
                    let tiles = (0..estimate.rows).map(|row| (key >> (4 * row)) & 0xF);
                    estimate.line_conflicts(tiles, |tile| {
                        (usize::from(goal_col[tile]) == col).then_some(goal_row[tile])
                    }) as u8
                })
                .collect();
        }
        estimate
    }

    /// The conflicts among `tiles` of a line, where `goal_place` gives a
    /// tile's goal place along the line when its goal is on the line. Tile
    /// numbers past the board are ignored (table keys hold every nibble).
    fn line_conflicts(
        &self,
        tiles: impl Iterator<Item = usize>,
        goal_place: impl Fn(usize) -> Option<u8>,
    ) -> u32 {
        let mut order = [0u8; MAX_LINE];
        let mut len = 0;
        for tile in tiles {
            if tile != 0
                && tile < self.rows * self.cols
                && let Some(place) = goal_place(tile)
            {
                order[len] = place;
                len += 1;
            }
        }
        out_of_order(&order[..len])
    }

    /// The tiles of row `row` that must leave it and come back.
    fn row_conflicts(&self, board: &Board, row: usize) -> u32 {
        if !self.row_table.is_empty() {
            let key = (board.packed_cells() >> (4 * self.cols * row)) as usize
                & ((1 << (4 * self.cols)) - 1);
            return u32::from(self.row_table[(row << (4 * self.cols)) | key]);
        }
        let tiles = (0..self.cols).map(|col| usize::from(board.cell(row * self.cols + col)));
        self.line_conflicts(tiles, |tile| {
            (usize::from(self.goal_row[tile]) == row).then_some(self.goal_col[tile])
        })
    }

    /// The tiles of column `col` that must leave it and come back.
    fn col_conflicts(&self, board: &Board, col: usize) -> u32 {
        if !self.col_table.is_empty() {
            let cells = board.packed_cells();
            let mut key = 0;
            for row in 0..self.rows {
                key |= ((cells >> (4 * (row * self.cols + col))) as usize & 0xF) << (4 * row);
            }
            return u32::from(self.col_table[(col << (4 * self.rows)) | key]);
        }
        let tiles = (0..self.rows).map(|row| usize::from(board.cell(row * self.cols + col)));
        self.line_conflicts(tiles, |tile| {
            (usize::from(self.goal_col[tile]) == col).then_some(self.goal_row[tile])
        })
    }

    /// The conflicts on the two lines a move changes: a tile that moves
    /// along a row leaves one column for another, and one that moves along
    /// a column leaves one row for another.
    fn lines_moved(&self, board: &Board, from: usize, to: usize) -> u32 {
        if from / self.cols == to / self.cols {
            self.col_conflicts(board, from % self.cols) + self.col_conflicts(board, to % self.cols)
        } else {
            self.row_conflicts(board, from / self.cols) + self.row_conflicts(board, to / self.cols)
        }
    }
}

/// How many of `goals` (goal positions along a line, in the order the tiles
/// stand) are not in the longest increasing run: the fewest tiles that must
/// step out of the line so the rest can pass one another. A line has at
/// most [`MAX_LINE`] cells.
fn out_of_order(goals: &[u8]) -> u32 {
    let mut run = [0u8; MAX_LINE];
    let mut longest = 0;
    for i in 0..goals.len() {
        let before = (0..i).filter(|&j| goals[j] < goals[i]).map(|j| run[j]).max().unwrap_or(0);
        run[i] = before + 1;
        longest = longest.max(run[i]);
    }
    (goals.len() - usize::from(longest)) as u32
}

impl Heuristic<Board> for LinearConflict {
    type Cost = u32;

    fn estimate(&self, board: &Board) -> u32 {
        let rows: u32 = (0..self.rows).map(|row| self.row_conflicts(board, row)).sum();
        let cols: u32 = (0..self.cols).map(|col| self.col_conflicts(board, col)).sum();
        self.manhattan.estimate(board) + 2 * (rows + cols)
    }

    fn estimate_child(&self, parent: &Board, parent_estimate: u32, child: &Board) -> u32 {
        let (to, from) = (parent.blank_index(), child.blank_index());
        let (now, before) = self.manhattan.moved(parent, child);
        let lines_before = self.lines_moved(parent, from, to);
        let lines_now = self.lines_moved(child, from, to);
        parent_estimate + now + 2 * lines_now - before - 2 * lines_before
    }
}
