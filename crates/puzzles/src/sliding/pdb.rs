//! Additive pattern databases: exact distances of groups of tiles, found by
//! enumerating an abstraction of the puzzle with search-core's dense
//! engine.

use std::sync::atomic::{AtomicU8, Ordering};

use search_core::{DenseEnumeration, Heuristic, RankedSpace};

use super::board::{Board, MAX_CELLS};
use crate::error::{Error, ErrorKind};

/// A value no distance takes: not reached yet.
const UNREACHED: u8 = u8::MAX;

/// The tiles of one pattern, and the fewest moves of those tiles that bring
/// them home from any placement, whatever the other tiles do.
#[derive(Clone, Debug)]
struct Pattern {
    tiles: Vec<u8>,
    /// By the rank of the tiles' cells ([`Cells::rank`]).
    distances: Vec<u8>,
}

/// The geometry of a board, for the abstraction.
#[derive(Clone, Copy, Debug)]
struct Cells {
    rows: usize,
    cols: usize,
    /// Every cell of the board.
    all: u32,
    /// The cells of the first and of the last column.
    first_col: u32,
    last_col: u32,
}

impl Cells {
    fn new(rows: usize, cols: usize) -> Cells {
        let all = (1u32 << (rows * cols)) - 1;
        let first_col = (0..rows).fold(0, |mask, row| mask | 1 << (row * cols));
        Cells { rows, cols, all, first_col, last_col: first_col << (cols - 1) }
    }

    fn count(&self) -> usize {
        self.rows * self.cols
    }

    /// The cells next to any cell of `mask`.
    fn around(&self, mask: u32) -> u32 {
        let right = (mask << 1) & !self.first_col;
        let left = (mask >> 1) & !self.last_col;
        let down = (mask << self.cols) & self.all;
        let up = mask >> self.cols;
        right | left | down | up
    }

    /// The cells the blank can reach from `start` without moving a tile of
    /// `occupied`.
    fn region(&self, start: usize, occupied: u32) -> u32 {
        let free = self.all & !occupied;
        let mut region = 1 << start;
        loop {
            let grown = region | (self.around(region) & free);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The number of placements of `k` distinct tiles.
    fn placements(&self, k: usize) -> usize {
        (self.count() - k + 1..=self.count()).product()
    }

    /// The rank of an ordered placement of distinct cells, in
    /// `0..placements(cells.len())`.
    fn rank(&self, cells: &[u8]) -> usize {
        let mut used = 0u32;
        let mut rank = 0;
        for (i, &cell) in cells.iter().enumerate() {
            let smaller_free = usize::from(cell) - (used & ((1 << cell) - 1)).count_ones() as usize;
            rank = rank * (self.count() - i) + smaller_free;
            used |= 1 << cell;
        }
        rank
    }

    /// The placement of `k` cells whose rank is `rank`.
    fn unrank(&self, mut rank: usize, k: usize, cells: &mut [u8]) {
        let mut digits = [0usize; MAX_CELLS];
        for i in (0..k).rev() {
            let base = self.count() - i;
            digits[i] = rank % base;
            rank /= base;
        }
        let mut used = 0u32;
        for i in 0..k {
            // The digit-th free cell.
            let mut seen = 0;
            for cell in 0..self.count() {
                if used & (1 << cell) == 0 {
                    if seen == digits[i] {
                        cells[i] = cell as u8;
                        used |= 1 << cell;
                        break;
                    }
                    seen += 1;
                }
            }
        }
    }
}

/// The abstraction of one pattern: where its tiles stand, and which region
/// of free cells holds the blank (named by its lowest cell). Moving a
/// pattern tile into the blank's region costs a move; the blank wandering
/// through free cells costs none, so it is folded into the region, and
/// every abstract move costs one: breadth-first layers are exact.
struct Abstraction<'a> {
    cells: Cells,
    k: usize,
    /// Reached abstract states' distances, by placement rank: the smallest
    /// over the blank's regions, which is the first one reached.
    distances: &'a [AtomicU8],
}

impl Abstraction<'_> {
    fn split(&self, rank: usize) -> ([u8; MAX_CELLS], usize) {
        let mut placed = [0u8; MAX_CELLS];
        self.cells.unrank(rank / self.cells.count(), self.k, &mut placed);
        (placed, rank % self.cells.count())
    }
}

impl RankedSpace for Abstraction<'_> {
    fn rank_count(&self) -> usize {
        self.cells.placements(self.k) * self.cells.count()
    }

    fn neighbours<F: FnMut(usize)>(&self, rank: usize, mut report: F) {
        let (mut placed, blank) = self.split(rank);
        let occupied = placed[..self.k].iter().fold(0u32, |mask, &cell| mask | 1 << cell);
        let mut region = self.cells.region(blank, occupied);
        while region != 0 {
            let to = region.trailing_zeros() as usize;
            region &= region - 1;
            for tile in 0..self.k {
                let from = usize::from(placed[tile]);
                if self.cells.around(1 << to) & (1 << from) == 0 {
                    continue;
                }
                placed[tile] = to as u8;
                let now = occupied ^ (1 << from) ^ (1 << to);
                let blank = self.cells.region(from, now).trailing_zeros() as usize;
                report(self.cells.rank(&placed[..self.k]) * self.cells.count() + blank);
                placed[tile] = from as u8;
            }
        }
    }
}

/// An additive pattern database for a sliding puzzle: the tiles split into
/// disjoint patterns, each with a table of the fewest moves of its own
/// tiles that bring them home, and the estimate the sum of the tables.
/// Each move moves one tile, of one pattern, so the sum never passes the
/// true distance: admissible, and at least the Manhattan distance. A table
/// keeps the smallest distance over the blank's places, which it then
/// forgets, so one move can change the estimate by more than one: it is
/// not consistent, which IDA* does not need and A* handles by reopening.
///
/// Tables are built by [`DenseEnumeration`] over an abstraction in which
/// only a pattern's tiles and the blank's region matter, in 2 bits per
/// abstract state, on every core; a 6-tile table of the 4x4 puzzle takes a
/// few seconds and 5.8 MB.
///
/// # Example
///
/// ```
/// use puzzles::{Board, Manhattan, PatternDatabase};
/// use search_core::Heuristic;
///
/// let goal = Board::solved(3, 3)?;
/// let database = PatternDatabase::new(&goal, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]])?;
/// let board: Board = "8 6 7 / 2 5 4 / 3 0 1".parse()?;
/// let estimate = database.estimate(&board);
/// assert!(estimate >= Manhattan::new(&goal).estimate(&board) && estimate <= 31);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PatternDatabase {
    cells: Cells,
    patterns: Vec<Pattern>,
    /// The pattern of each tile, or `None` for the blank and tiles in none.
    pattern_of: [Option<u8>; MAX_CELLS],
}

impl PatternDatabase {
    /// Builds the tables of `patterns` (lists of tiles, disjoint) towards
    /// `goal`.
    ///
    /// # Errors
    ///
    /// When a pattern names the blank or a tile the board lacks, or a tile
    /// twice, or when a table would not fit the default memory limit.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, PatternDatabase};
    ///
    /// let goal = Board::solved(2, 3)?;
    /// let error = PatternDatabase::new(&goal, &[vec![1, 2], vec![2, 3]]).unwrap_err();
    /// assert_eq!(error.to_string(), "tile 2 is in two patterns");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(goal: &Board, patterns: &[Vec<u8>]) -> Result<PatternDatabase, Error> {
        let cells = Cells::new(goal.rows(), goal.cols());
        let mut pattern_of = [None; MAX_CELLS];
        for (index, pattern) in patterns.iter().enumerate() {
            for &tile in pattern {
                let reason = if tile == 0 || usize::from(tile) >= cells.count() {
                    format!("tile {tile} is not a tile of a pattern of this board")
                } else if pattern_of[usize::from(tile)].is_some() {
                    format!("tile {tile} is in two patterns")
                } else {
                    pattern_of[usize::from(tile)] = Some(index as u8);
                    continue;
                };
                return Err(Error::new(ErrorKind::Input { reason }));
            }
        }
        let patterns = patterns
            .iter()
            .map(|tiles| {
                Ok(Pattern { tiles: tiles.clone(), distances: build(cells, goal, tiles)? })
            })
            .collect::<Result<_, Error>>()?;
        Ok(PatternDatabase { cells, patterns, pattern_of })
    }

    /// The 6-6-3 partition of the 4x4 puzzle towards `goal`: the three
    /// tiles of the blank's goal row, then the other tiles of the two left
    /// columns, then those of the two right columns.
    ///
    /// # Errors
    ///
    /// When `goal` is not a 4x4 board.
    ///
    /// # Example
    ///
    /// ```no_run
    /// use puzzles::{Board, PatternDatabase};
    ///
    /// let database = PatternDatabase::six_six_three(&Board::solved(4, 4)?)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn six_six_three(goal: &Board) -> Result<PatternDatabase, Error> {
        if (goal.rows(), goal.cols()) != (4, 4) {
            return Err(Error::new(ErrorKind::Input {
                reason: format!(
                    "the 6-6-3 pattern database is for 4x4 boards, not {}x{}",
                    goal.rows(),
                    goal.cols()
                ),
            }));
        }
        let (blank_row, _) = goal.blank();
        let mut patterns = vec![Vec::new(); 3];
        for cell in 0..16 {
            let tile = goal.cell(cell);
            if tile == 0 {
                continue;
            }
            let which = match (cell / 4, cell % 4) {
                (row, _) if row == blank_row => 0,
                (_, col) if col < 2 => 1,
                _ => 2,
            };
            patterns[which].push(tile);
        }
        PatternDatabase::new(goal, &patterns)
    }

    /// The estimate of one pattern, where `home[tile]` is each tile's cell.
    fn pattern_estimate(&self, home: &[u8; MAX_CELLS], pattern: &Pattern) -> u32 {
        let mut placed = [0u8; MAX_CELLS];
        for (slot, &tile) in placed.iter_mut().zip(&pattern.tiles) {
            *slot = home[usize::from(tile)];
        }
        u32::from(pattern.distances[self.cells.rank(&placed[..pattern.tiles.len()])])
    }

    /// Each tile's cell on `board`.
    fn homes(&self, board: &Board) -> [u8; MAX_CELLS] {
        let mut home = [0u8; MAX_CELLS];
        for cell in 0..self.cells.count() {
            home[usize::from(board.cell(cell))] = cell as u8;
        }
        home
    }
}

/// The distances of one pattern's placements from their goal placement.
fn build(cells: Cells, goal: &Board, tiles: &[u8]) -> Result<Vec<u8>, Error> {
    let k = tiles.len();
    let mut start = [0u8; MAX_CELLS];
    for (slot, &tile) in start.iter_mut().zip(tiles) {
        *slot = (0..cells.count()).find(|&cell| goal.cell(cell) == tile).unwrap_or(0) as u8;
    }
    let occupied = start[..k].iter().fold(0u32, |mask, &cell| mask | 1 << cell);
    let blank = goal.blank_index();
    let region = cells.region(blank, occupied).trailing_zeros() as usize;
    let distances: Vec<AtomicU8> =
        (0..cells.placements(k)).map(|_| AtomicU8::new(UNREACHED)).collect();
    let abstraction = Abstraction { cells, k, distances: &distances };
    let start = cells.rank(&start[..k]) * cells.count() + region;
    DenseEnumeration::new().run_visiting(
        &abstraction,
        &[start],
        |_, _| {},
        |rank, depth| {
            let slot = &abstraction.distances[rank / cells.count()];
            let depth = u8::try_from(depth).unwrap_or(UNREACHED - 1);
            // Layers come in order, so the first region reached is the nearest.
            let _ = slot.compare_exchange(UNREACHED, depth, Ordering::Relaxed, Ordering::Relaxed);
        },
    )?;
    Ok(distances.into_iter().map(AtomicU8::into_inner).collect())
}

impl Heuristic<Board> for PatternDatabase {
    type Cost = u32;

    fn estimate(&self, board: &Board) -> u32 {
        let home = self.homes(board);
        self.patterns.iter().map(|pattern| self.pattern_estimate(&home, pattern)).sum()
    }

    fn estimate_child(&self, parent: &Board, parent_estimate: u32, child: &Board) -> u32 {
        let moved = child.cell(parent.blank_index());
        match self.pattern_of[usize::from(moved)] {
            None => parent_estimate,
            Some(index) => {
                let pattern = &self.patterns[usize::from(index)];
                // Only the moved tile's cell differs between the two boards.
                let mut home = self.homes(parent);
                let before = self.pattern_estimate(&home, pattern);
                home[usize::from(moved)] = parent.blank_index() as u8;
                parent_estimate + self.pattern_estimate(&home, pattern) - before
            }
        }
    }
}
