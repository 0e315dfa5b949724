use std::fmt;
use std::hash::{Hash, Hasher};

use crate::error::{Error, ErrorKind};

use super::slide::Slide;

/// The most cells a board may have: 5 bits per cell in two `u64`s.
pub(crate) const MAX_CELLS: usize = 25;

/// The most cells a board packed 4 bits a cell may have. Boards up to this
/// size keep that packing, which the tables of linear conflicts and the
/// numbering of boards read directly; larger ones take 5 bits a cell.
pub(crate) const NIBBLE_CELLS: usize = 16;

/// The number of values a cell's bits can hold: a table indexed by a tile
/// read from a board with this many rows needs no bounds check.
pub(crate) const CELL_VALUES: usize = 32;

/// The longest line (row or column) of a board: 2 x 12.
pub(crate) const MAX_LINE: usize = MAX_CELLS / 2;

/// A sliding-puzzle board of `rows x cols` cells: tiles `1..rows*cols` and a
/// blank, written 0.
///
/// The board is a small `Copy` value: each cell takes 4 bits (boards of up
/// to 16 cells, in one `u64`) or 5 bits (up to 25, in two), so boards hash
/// and compare in a few instructions. Any size from 2x2 to 5x5 is allowed: at
/// least 2 rows and 2 columns, at most 25 cells (so 2x12 too).
///
/// Boards parse from LeetCode's JSON form, `[[4,1,2],[5,0,3]]`, or from text
/// rows separated by `/`, `;` or new lines, `4 1 2 / 5 0 3`. Errors name the
/// row, column or tile that is wrong.
///
/// # Example
///
/// ```
/// use puzzles::Board;
///
/// let board: Board = "4 1 2 / 5 0 3".parse()?;
/// assert_eq!((board.rows(), board.cols()), (2, 3));
/// assert_eq!(board.tile(0, 0), 4);
/// assert_eq!(board.blank(), (1, 1));
/// assert_eq!(board, "[[4,1,2],[5,0,3]]".parse()?);
/// assert_eq!(board.to_string(), "4 1 2\n5 . 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Board {
    /// The cells, the first lowest: all of them on boards of 4-bit cells,
    /// the low half of the 128 bits of 5-bit cells otherwise.
    low: u64,
    /// The high half of 5-bit cells; 0 on boards of 4-bit cells. Two
    /// words rather than a `u128`, whose alignment would make the board
    /// 32 bytes.
    high: u64,
    rows: u8,
    cols: u8,
    /// The bits a cell takes: 4, or 5 on boards of more than 16 cells.
    bits: u8,
    /// The blank's row and column, kept apart so that a move needs no
    /// division by the width.
    blank_row: u8,
    blank_col: u8,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.low == other.low
            && self.high == other.high
            && self.rows == other.rows
            && self.cols == other.cols
    }
}

impl Eq for Board {}

impl Hash for Board {
    // Boards in one search share their size, so the cells alone make the
    // hash, in one word: the high half (0 up to 16 cells) folded into the
    // low one.
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.low ^ self.high.rotate_left(32)).hash(state);
    }
}

impl Board {
    /// A board from its tiles in reading order, checked to be a permutation
    /// of `0..rows*cols`.
    ///
    /// # Errors
    ///
    /// When the size is out of range, the number of tiles does not match,
    /// or a tile is out of range, repeated or missing.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Board;
    ///
    /// let board = Board::new(2, 2, &[1, 2, 3, 0])?;
    /// assert_eq!(board, Board::solved(2, 2)?);
    /// assert!(Board::new(2, 2, &[1, 2, 3]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(rows: usize, cols: usize, tiles: &[u8]) -> Result<Board, Error> {
        check_size(rows, cols)?;
        if tiles.len() != rows * cols {
            return Err(Error::new(ErrorKind::Input {
                reason: format!(
                    "a {rows}x{cols} board has {} cells, but {} tiles were given",
                    rows * cols,
                    tiles.len()
                ),
            }));
        }
        let grid: Vec<Vec<Cell>> = tiles
            .chunks(cols)
            .map(|row| row.iter().map(|&t| Cell::Value(u64::from(t))).collect())
            .collect();
        validate(&grid)
    }

    /// A board from rows of numbers, as LeetCode gives them.
    ///
    /// # Errors
    ///
    /// As for [`Board::new`], and when rows differ in length.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Board;
    ///
    /// let board = Board::from_rows(&[vec![4, 1, 2], vec![5, 0, 3]])?;
    /// assert_eq!(board.tile(1, 2), 3);
    /// let error = Board::from_rows(&[vec![1, 2, 3], vec![4, -5, 0]]).unwrap_err();
    /// assert_eq!(error.to_string(), "row 2, column 2: -5 is not a tile of this board (0 to 5)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_rows<T: Copy + Into<i64>>(rows: &[Vec<T>]) -> Result<Board, Error> {
        let grid: Vec<Vec<Cell>> = rows
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&value| {
                        let value: i64 = value.into();
                        u64::try_from(value)
                            .map_or_else(|_| Cell::Text(value.to_string()), Cell::Value)
                    })
                    .collect()
            })
            .collect();
        validate(&grid)
    }

    /// The solved board: tiles `1..rows*cols` in reading order, the blank
    /// last.
    ///
    /// # Errors
    ///
    /// When the size is out of range.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Board;
    ///
    /// assert_eq!(Board::solved(2, 3)?.to_string(), "1 2 3\n4 5 .");
    /// assert_eq!(Board::solved(5, 5)?.tile(4, 3), 24);
    /// assert!(Board::solved(5, 6).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solved(rows: usize, cols: usize) -> Result<Board, Error> {
        check_size(rows, cols)?;
        let n = rows * cols;
        let tiles: Vec<u8> = (1..n as u8).chain([0]).collect();
        Ok(Board::from_tiles(rows, cols, &tiles))
    }

    /// A board from tiles already known to be a permutation.
    pub(crate) fn from_tiles(rows: usize, cols: usize, tiles: &[u8]) -> Board {
        let bits = if rows * cols <= NIBBLE_CELLS { 4 } else { 5 };
        let mut cells = 0u128;
        let mut blank = 0;
        for (i, &tile) in tiles.iter().enumerate() {
            cells |= u128::from(tile) << (bits * i);
            if tile == 0 {
                blank = i;
            }
        }
        Board {
            low: cells as u64,
            high: (cells >> 64) as u64,
            rows: rows as u8,
            cols: cols as u8,
            bits: bits as u8,
            blank_row: (blank / cols) as u8,
            blank_col: (blank % cols) as u8,
        }
    }

    /// The number of rows.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Board;
    ///
    /// assert_eq!(Board::solved(3, 4)?.rows(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// The number of columns.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Board;
    ///
    /// assert_eq!(Board::solved(3, 4)?.cols(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The number of cells, `rows * cols`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Board;
    ///
    /// assert_eq!(Board::solved(3, 4)?.cell_count(), 12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cell_count(&self) -> usize {
        self.rows() * self.cols()
    }

    /// The tile at `row` and `col` (from 0), 0 for the blank.
    ///
    /// # Panics
    ///
    /// When the cell is outside the board.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Board;
    ///
    /// let board = Board::solved(2, 2)?;
    /// assert_eq!(board.tile(1, 0), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tile(&self, row: usize, col: usize) -> u8 {
        assert!(row < self.rows() && col < self.cols(), "cell ({row}, {col}) is outside the board");
        self.cell(row * self.cols() + col)
    }

    /// The tiles in reading order, 0 for the blank.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Board;
    ///
    /// let tiles: Vec<u8> = Board::solved(2, 2)?.tiles().collect();
    /// assert_eq!(tiles, [1, 2, 3, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tiles(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.cell_count()).map(|i| self.cell(i))
    }

    /// The rows of tiles, as LeetCode writes a board.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Board;
    ///
    /// assert_eq!(Board::solved(2, 2)?.to_rows(), [vec![1, 2], vec![3, 0]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_rows(&self) -> Vec<Vec<u8>> {
        (0..self.rows())
            .map(|row| (0..self.cols()).map(|col| self.tile(row, col)).collect())
            .collect()
    }

    /// The blank's row and column, from 0.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Board;
    ///
    /// assert_eq!(Board::solved(3, 3)?.blank(), (2, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn blank(&self) -> (usize, usize) {
        (usize::from(self.blank_row), usize::from(self.blank_col))
    }

    /// The board after the blank moves one cell in `direction`, or `None`
    /// at the edge.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, Slide};
    ///
    /// let board = Board::solved(2, 2)?;
    /// assert_eq!(board.slide(Slide::Up).map(|b| b.to_string()), Some("1 .\n3 2".to_string()));
    /// assert_eq!(board.slide(Slide::Right), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn slide(&self, direction: Slide) -> Option<Board> {
        let (row, col) = (self.blank_row, self.blank_col);
        let (row, col) = match direction {
            Slide::Up if row > 0 => (row - 1, col),
            Slide::Down if row + 1 < self.rows => (row + 1, col),
            Slide::Left if col > 0 => (row, col - 1),
            Slide::Right if col + 1 < self.cols => (row, col + 1),
            _ => return None,
        };
        let blank = self.blank_index();
        let target = usize::from(row) * self.cols() + usize::from(col);
        let tile = self.cell(target);
        // The blank's cell is 0, so one exclusive-or moves the tile over
        // and clears its old cell.
        let (low, high) = if self.bits == 4 {
            let tile = u64::from(tile);
            (self.low ^ (tile << (4 * target)) ^ (tile << (4 * blank)), 0)
        } else {
            let tile = u128::from(tile);
            let cells = self.wide() ^ (tile << (5 * target)) ^ (tile << (5 * blank));
            (cells as u64, (cells >> 64) as u64)
        };
        Some(Board { low, high, blank_row: row, blank_col: col, ..*self })
    }

    /// The board of `rows x cols` (at most [`NIBBLE_CELLS`] cells) whose
    /// 4-bit cells are `cells`, with the blank in cell `blank`.
    pub(crate) fn from_packed(rows: usize, cols: usize, cells: u64, blank: usize) -> Board {
        debug_assert!(rows * cols <= NIBBLE_CELLS, "a board of 5-bit cells");
        Board {
            low: cells,
            high: 0,
            rows: rows as u8,
            cols: cols as u8,
            bits: 4,
            blank_row: (blank / cols) as u8,
            blank_col: (blank % cols) as u8,
        }
    }

    /// The 5-bit cells as one number.
    fn wide(&self) -> u128 {
        u128::from(self.high) << 64 | u128::from(self.low)
    }

    /// The cells, 4 bits each, the first cell lowest: for boards of at
    /// most [`NIBBLE_CELLS`] cells.
    pub(crate) fn packed_cells(&self) -> u64 {
        debug_assert!(self.cell_count() <= NIBBLE_CELLS, "a board of 5-bit cells");
        self.low
    }

    // Boards of 4-bit cells are the searches' hot path: one word, a
    // constant shift, and a branch that a search always takes one way.
    #[inline]
    pub(crate) fn cell(&self, index: usize) -> u8 {
        if self.bits == 4 {
            ((self.low >> (4 * index)) & 0xF) as u8
        } else {
            ((self.wide() >> (5 * index)) & 0x1F) as u8
        }
    }

    pub(crate) fn blank_index(&self) -> usize {
        usize::from(self.blank_row) * self.cols() + usize::from(self.blank_col)
    }

    pub(crate) fn same_size(&self, other: &Board) -> bool {
        self.rows == other.rows && self.cols == other.cols
    }

    /// Whether `other` can be reached from this board. Both boards have the
    /// same size.
    ///
    /// Each move swaps the blank with a neighbour: one transposition, and
    /// one step of the blank on a board coloured like a chessboard. So the
    /// parity of the permutation taking one board to the other must equal
    /// the parity of the blank's taxicab distance; and on boards of at least
    /// 2x2 that is also enough. O(n), by counting cycles.
    pub(crate) fn can_reach(&self, other: &Board) -> bool {
        let n = self.cell_count();
        let mut position_in_other = [0u8; MAX_CELLS];
        for i in 0..n {
            position_in_other[usize::from(other.cell(i))] = i as u8;
        }
        let mut visited = 0u32;
        let mut cycles = 0;
        for start in 0..n {
            if visited & (1 << start) != 0 {
                continue;
            }
            cycles += 1;
            let mut i = start;
            while visited & (1 << i) == 0 {
                visited |= 1 << i;
                i = usize::from(position_in_other[usize::from(self.cell(i))]);
            }
        }
        let permutation_parity = (n - cycles) % 2;
        let (row, col) = self.blank();
        let (other_row, other_col) = other.blank();
        let blank_distance = row.abs_diff(other_row) + col.abs_diff(other_col);
        permutation_parity == blank_distance % 2
    }
}

impl fmt::Display for Board {
    /// Rows of tiles, the blank shown as `.`, one row per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = if self.cell_count() > 10 { 2 } else { 1 };
        for row in 0..self.rows() {
            if row > 0 {
                f.write_str("\n")?;
            }
            for col in 0..self.cols() {
                if col > 0 {
                    f.write_str(" ")?;
                }
                match self.tile(row, col) {
                    0 => write!(f, "{:>width$}", ".")?,
                    tile => write!(f, "{tile:>width$}")?,
                }
            }
        }
        Ok(())
    }
}

/// One cell as written: a non-negative number, or other numeric text (a
/// negative or a number too large) kept for the error message.
#[derive(Clone, Debug)]
pub(super) enum Cell {
    Value(u64),
    Text(String),
}

fn check_size(rows: usize, cols: usize) -> Result<(), Error> {
    if rows >= 2 && cols >= 2 && rows.saturating_mul(cols) <= MAX_CELLS {
        Ok(())
    } else {
        Err(Error::new(ErrorKind::BoardSize { rows, cols }))
    }
}

/// Checks shape and tiles, in the order a person fixes them: the shape,
/// then a missing blank, then each cell in reading order.
pub(super) fn validate(grid: &[Vec<Cell>]) -> Result<Board, Error> {
    let rows = grid.len();
    let cols = grid.first().map_or(0, Vec::len);
    for (i, row) in grid.iter().enumerate() {
        if row.len() != cols {
            return Err(Error::new(ErrorKind::RaggedRow {
                row: i + 1,
                found: row.len(),
                expected: cols,
            }));
        }
    }
    if rows == 1 && cols >= 4 {
        // One line of 4, 9, 16 or 25 cells was read as a square already.
        return Err(Error::new(ErrorKind::UnmarkedRows { cells: cols }));
    }
    check_size(rows, cols)?;
    let n = rows * cols;
    if !grid.iter().flatten().any(|cell| matches!(cell, Cell::Value(0))) {
        return Err(Error::new(ErrorKind::NoBlank));
    }
    let mut seen: [Option<(usize, usize)>; MAX_CELLS] = [None; MAX_CELLS];
    let mut tiles = Vec::with_capacity(n);
    for (r, row) in grid.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let place = (r + 1, c + 1);
            let tile = match cell {
                Cell::Value(value) if *value < n as u64 => *value as usize,
                Cell::Value(value) => return Err(out_of_range(value.to_string(), n, place)),
                Cell::Text(text) => return Err(out_of_range(text.clone(), n, place)),
            };
            if let Some(first) = seen[tile] {
                return Err(Error::new(ErrorKind::RepeatedTile { tile, first, second: place }));
            }
            seen[tile] = Some(place);
            tiles.push(tile as u8);
        }
    }
    if let Some(tile) = (0..n).find(|&tile| seen[tile].is_none()) {
        return Err(Error::new(ErrorKind::MissingTile { tile }));
    }
    Ok(Board::from_tiles(rows, cols, &tiles))
}

fn out_of_range(value: String, n: usize, (row, column): (usize, usize)) -> Error {
    Error::new(ErrorKind::ValueOutOfRange { value, max: n - 1, row, column })
}

/// A board travels as its size and its packed cells (4 bits a tile on
/// boards of up to 16 cells, 5 bits on larger ones, the first cell lowest),
/// and is checked again when it arrives.
#[cfg(feature = "serde")]
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&(self.rows, self.cols, self.wide()), serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        let (rows, cols, cells): (u8, u8, u128) = serde::Deserialize::deserialize(deserializer)?;
        let count = usize::from(rows) * usize::from(cols);
        let bits = if count <= NIBBLE_CELLS { 4 } else { 5 };
        let tiles: Vec<u8> = (0..count.min(MAX_CELLS))
            .map(|index| ((cells >> (bits * index)) & ((1 << bits) - 1)) as u8)
            .collect();
        Board::new(usize::from(rows), usize::from(cols), &tiles).map_err(serde::de::Error::custom)
    }
}
