//! Shortest Path to Get All Keys (LeetCode 864): a state that is a place
//! and a set of keys.

use search_core::breadth_first::Search;
use search_core::space::rank_by;
use search_core::{Ranking, Run, Successors};

use crate::error::{Error, ErrorKind};

/// A grid of walls (`#`), open cells (`.`), one start (`@`), keys (`a` to
/// `f`) and the locks they open (`A` to `F`).
///
/// A state is a cell together with the keys held, packed into one number:
/// `cell * 64 + keys`. The same cell is a different state with different
/// keys, which is what lets a breadth-first search walk back through a
/// corridor once it holds a new key.
///
/// # Example
///
/// ```
/// use puzzles::KeyGrid;
///
/// let grid = KeyGrid::parse(&["@.a..", "###.#", "b.A.B"])?;
/// assert_eq!(grid.fewest_moves()?, Some(8));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct KeyGrid {
    cells: Vec<u8>,
    cols: usize,
    start: usize,
    all_keys: u32,
}

impl KeyGrid {
    /// Reads a grid, one string per row.
    ///
    /// # Errors
    ///
    /// When rows differ in length, a character is not one of `#.@a-fA-F`,
    /// or there is not exactly one `@`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::KeyGrid;
    ///
    /// let error = KeyGrid::parse(&["@.x"]).unwrap_err();
    /// assert_eq!(error.to_string(), "row 1, column 3: 'x' is not one of # . @ a-f A-F");
    /// ```
    pub fn parse<S: AsRef<str>>(rows: &[S]) -> Result<KeyGrid, Error> {
        let grid_error = |reason: String| Error::new(ErrorKind::Grid { reason });
        let cols = rows.first().map_or(0, |row| row.as_ref().len());
        if cols == 0 {
            return Err(grid_error("the grid is empty".to_string()));
        }
        let mut cells = Vec::with_capacity(rows.len() * cols);
        let mut start = None;
        let mut all_keys = 0;
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            let found = row.chars().count();
            if found != cols {
                let cells = if found == 1 { "cell" } else { "cells" };
                return Err(grid_error(format!(
                    "row {} has {found} {cells}, but row 1 has {cols}",
                    r + 1
                )));
            }
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '@' if start.is_some() => {
                        return Err(grid_error(format!(
                            "row {}, column {}: a second start '@'",
                            r + 1,
                            c + 1
                        )));
                    }
                    '@' => start = Some(cells.len()),
                    'a'..='f' => all_keys |= 1 << (ch as u8 - b'a'),
                    '#' | '.' | 'A'..='F' => {}
                    _ => {
                        return Err(grid_error(format!(
                            "row {}, column {}: '{ch}' is not one of # . @ a-f A-F",
                            r + 1,
                            c + 1
                        )));
                    }
                }
                cells.push(ch as u8);
            }
        }
        let start = start.ok_or_else(|| grid_error("the grid has no start '@'".to_string()))?;
        Ok(KeyGrid { cells, cols, start, all_keys })
    }

    /// The fewest moves to collect every key, or `None`.
    ///
    /// # Errors
    ///
    /// When the search passes the default state limit, which a grid of at
    /// most a million cells does not.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::KeyGrid;
    ///
    /// assert_eq!(KeyGrid::parse(&["@Aa"])?.fewest_moves()?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fewest_moves(&self) -> Result<Option<usize>, Error> {
        let all = self.all_keys;
        let start = (self.start as u32) << 6;
        Ok(Search::new().distance(self, [start], |&state| state & 63 == all, &mut Run::new())?)
    }
}

impl Successors for KeyGrid {
    type State = u32;
    type Move = ();

    fn successors<F: FnMut(u32, ())>(&self, &state: &u32, mut report: F) {
        let (cell, keys) = ((state >> 6) as usize, state & 63);
        let (row, col) = (cell / self.cols, cell % self.cols);
        let rows = self.cells.len() / self.cols;
        let mut step = |next: usize| match self.cells[next] {
            b'#' => {}
            lock @ b'A'..=b'F' if keys & (1 << (lock - b'A')) == 0 => {}
            key @ b'a'..=b'f' => report(((next as u32) << 6) | keys | (1 << (key - b'a')), ()),
            _ => report(((next as u32) << 6) | keys, ()),
        };
        if row > 0 {
            step(cell - self.cols);
        }
        if row + 1 < rows {
            step(cell + self.cols);
        }
        if col > 0 {
            step(cell - 1);
        }
        if col + 1 < self.cols {
            step(cell + 1);
        }
    }

    fn ranking(&self) -> Option<impl Ranking<u32> + '_> {
        Some(rank_by((self.cells.len() as u64) << 6, |&state: &u32| u64::from(state)))
    }
}

/// LeetCode 864: the fewest moves to collect every key, or -1.
///
/// # Errors
///
/// When the grid is malformed.
///
/// # Example
///
/// ```
/// use puzzles::shortest_path_all_keys;
///
/// assert_eq!(shortest_path_all_keys(&["@.a..", "###.#", "b.A.B"])?, 8);
/// assert_eq!(shortest_path_all_keys(&["@..aA", "..B#.", "....b"])?, 6);
/// assert_eq!(shortest_path_all_keys(&["@Aa"])?, -1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shortest_path_all_keys<S: AsRef<str>>(grid: &[S]) -> Result<i32, Error> {
    Ok(KeyGrid::parse(grid)?
        .fewest_moves()?
        .map_or(-1, |moves| i32::try_from(moves).unwrap_or(i32::MAX)))
}
