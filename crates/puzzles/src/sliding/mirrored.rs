//! [`MirroredBoards`]: a square puzzle's reachable boards, a board and its
//! mirror image across the diagonal one class, for the sorted engine.

use search_core::space::{KeyedSpace, RankedSpace};

use super::board::{Board, NIBBLE_CELLS};
use super::ranked::ReachableBoards;
use crate::error::{Error, ErrorKind};

/// The reachable boards of a square puzzle whose goal's blank lies on the
/// diagonal from the top left, a board and its mirror image across that
/// diagonal kept as one class: about half as many keys as boards, for
/// [`SortedEnumeration`](search_core::sorted::SortedEnumeration) (Korf and
/// Schultze's complete breadth-first search of the 15-puzzle kept one of
/// each such pair too).
///
/// The mirror of a board swaps rows for columns and renames each tile
/// for the tile the goal holds at the mirrored cell, so the goal is its
/// own mirror, and a slide of the mirror is the mirror of a slide: the
/// layers from the goal are the same, a class at a time. A class is kept
/// as a [`ReachableBoards`] rank: the rank of its board whose blank lies
/// above the diagonal, or, for a blank on the diagonal, of the board whose
/// tiles read first, cell by cell, as the smaller numbers. The few boards
/// that are their own mirror, a class of one, are kept at the rank their
/// tile order would have with the blank below the diagonal, a cell no
/// other class is kept with: so
/// [`key_class_size`](KeyedSpace::key_class_size) reads a class's size
/// off its key, where a pass over a layer's keys counts its boards, and
/// the keys stay within the ranks, which the engine's passes divide.
///
/// # Example
///
/// ```
/// use puzzles::{Board, MirroredBoards};
/// use search_core::Run;
/// use search_core::sorted::SortedEnumeration;
///
/// let boards = MirroredBoards::new(&Board::solved(3, 3)?)?;
/// let start = boards.key(&Board::solved(3, 3)?).expect("the goal");
/// let layers = SortedEnumeration::new().run_reversible(&boards, &[start], &mut Run::new())?;
/// assert_eq!((layers.positions(), layers.radius()), (181_440, 31));
/// assert!(layers.states() < 91_000); // classes
/// let board: Board = "1 2 3 / 4 5 6 / 7 0 8".parse()?;
/// assert_eq!(boards.key(&board), boards.key(&boards.mirror(&board)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct MirroredBoards {
    boards: ReachableBoards,
    side: usize,
    /// The cell each cell's tile moves to.
    cell_image: [u8; NIBBLE_CELLS],
    /// The tile each tile becomes.
    tile_image: [u8; NIBBLE_CELLS],
    /// A bit for each cell above the diagonal, on it, and below it.
    above: u16,
    diagonal: u16,
    below: u16,
    /// The cell below the diagonal that a board that is its own mirror,
    /// its blank in a cell of the diagonal, is kept with; and back.
    single_cell: [u8; NIBBLE_CELLS],
    diagonal_cell: [u8; NIBBLE_CELLS],
}

impl MirroredBoards {
    /// The boards that can reach `goal`, paired with their mirror images.
    ///
    /// # Errors
    ///
    /// When `goal` is not a 3x3 or 4x4 board (larger boards are not
    /// numbered; a 2x2 has too few cells below its diagonal to key its
    /// classes of one), or its blank lies off the diagonal from the top left:
    /// then the mirror moves the goal, and the layers from it are not
    /// its mirror's.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, MirroredBoards};
    ///
    /// assert!(MirroredBoards::new(&Board::solved(4, 4)?).is_ok());
    /// let error = MirroredBoards::new(&Board::solved(2, 3)?).unwrap_err();
    /// assert_eq!(error.to_string(), "a 2x3 board has no mirror image across a diagonal: only square boards do");
    /// let error = MirroredBoards::new(&"1 2 3 / 4 5 6 / 7 0 8".parse()?).unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "the goal's blank is at row 3, column 2, off the diagonal from the top left: its mirror image would move it"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(goal: &Board) -> Result<MirroredBoards, Error> {
        let (rows, cols) = (goal.rows(), goal.cols());
        if rows != cols {
            return Err(Error::new(ErrorKind::Input {
                reason: format!(
                    "a {rows}x{cols} board has no mirror image across a diagonal: only square boards do"
                ),
            }));
        }
        let boards = ReachableBoards::new(goal)?;
        if rows < 3 {
            return Err(Error::new(ErrorKind::Input {
                reason: "a 2x2 board's classes are not keyed: 3x3 and 4x4 boards are".into(),
            }));
        }
        let (row, col) = goal.blank();
        if row != col {
            return Err(Error::new(ErrorKind::Input {
                reason: format!(
                    "the goal's blank is at row {}, column {}, off the diagonal from the top left: \
                     its mirror image would move it",
                    row + 1,
                    col + 1
                ),
            }));
        }
        let side = rows;
        let mut cell_image = [0u8; NIBBLE_CELLS];
        let mut home = [0usize; NIBBLE_CELLS];
        let (mut above, mut diagonal, mut below) = (0u16, 0u16, 0u16);
        for (cell, image) in cell_image.iter_mut().enumerate().take(side * side) {
            let (r, c) = (cell / side, cell % side);
            *image = (c * side + r) as u8;
            home[usize::from(goal.tile(r, c))] = cell;
            above |= u16::from(r < c) << cell;
            diagonal |= u16::from(r == c) << cell;
            below |= u16::from(r > c) << cell;
        }
        // The i-th cell of the diagonal pairs with the i-th below it: a
        // side of 3 or more has at least as many below as on it.
        let (mut single_cell, mut diagonal_cell) = ([0u8; NIBBLE_CELLS], [0u8; NIBBLE_CELLS]);
        let below_cells = (0..side * side).filter(|&cell| below >> cell & 1 == 1);
        for (i, beneath) in below_cells.take(side).enumerate() {
            single_cell[i * (side + 1)] = beneath as u8;
            diagonal_cell[beneath] = (i * (side + 1)) as u8;
        }
        let mut tile_image = [0u8; NIBBLE_CELLS];
        for (tile, image) in tile_image.iter_mut().enumerate().take(side * side) {
            let mirrored = usize::from(cell_image[home[tile]]);
            *image = goal.tile(mirrored / side, mirrored % side);
        }
        Ok(MirroredBoards {
            boards,
            side,
            cell_image,
            tile_image,
            above,
            diagonal,
            below,
            single_cell,
            diagonal_cell,
        })
    }

    /// The mirror image of `board`, which is of the goal's size.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, MirroredBoards};
    ///
    /// let boards = MirroredBoards::new(&Board::solved(3, 3)?)?;
    /// let board: Board = "1 2 3 / 4 5 6 / 7 0 8".parse()?;
    /// // A slide along the bottom row from the goal; its mirror, one up
    /// // the right column.
    /// assert_eq!(boards.mirror(&board).to_string(), "1 2 3\n4 5 .\n7 8 6");
    /// assert_eq!(boards.mirror(&boards.mirror(&board)), board);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn mirror(&self, board: &Board) -> Board {
        let cells = match self.side {
            3 => self.mirror_cells::<9>(board.packed_cells()),
            _ => self.mirror_cells::<16>(board.packed_cells()),
        };
        let blank = usize::from(self.cell_image[board.blank_index()]);
        Board::from_packed(self.side, self.side, cells, blank)
    }

    /// The key of `board`'s class, or `None` when it is of another size or
    /// cannot reach the goal.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, MirroredBoards};
    ///
    /// let boards = MirroredBoards::new(&Board::solved(3, 3)?)?;
    /// let board: Board = "1 2 3 / 4 5 0 / 7 8 6".parse()?;
    /// assert_eq!(boards.key(&board), boards.key(&boards.mirror(&board)));
    /// assert_eq!(boards.key(&"2 1 3 / 4 5 6 / 7 8 0".parse()?), None); // cannot reach the goal
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn key(&self, board: &Board) -> Option<u64> {
        self.boards.rank(board).map(|rank| self.key_of_rank(rank))
    }

    /// The key of the class of `board`, which reaches the goal.
    pub(crate) fn key_of_reachable(&self, board: &Board) -> u64 {
        self.key_of_rank(self.boards.encode(board))
    }

    /// The key of the class of the board ranked `rank`.
    fn key_of_rank(&self, rank: u64) -> u64 {
        match self.side {
            3 => self.class_of::<9>(rank),
            _ => self.class_of::<16>(rank),
        }
    }

    /// The board a class is kept as, or `None` past the last key.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, MirroredBoards};
    ///
    /// let goal = Board::solved(3, 3)?;
    /// let boards = MirroredBoards::new(&goal)?;
    /// assert_eq!(boards.board(boards.key(&goal).expect("the goal")), Some(goal));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn board(&self, key: u64) -> Option<Board> {
        self.boards.board(self.rank_of(key))
    }

    /// The board a class is kept as, for a key below the key count.
    pub(crate) fn decode(&self, key: u64) -> Board {
        self.boards.decode(self.rank_of(key))
    }

    /// The rank of the board the class keyed `key` is kept as.
    #[inline]
    fn rank_of(&self, key: u64) -> u64 {
        let cells = (self.side * self.side) as u64;
        let cell = (key % cells) as usize;
        if self.below >> cell & 1 == 1 {
            key - cell as u64 + u64::from(self.diagonal_cell[cell])
        } else {
            key
        }
    }

    /// Each tile of `cells`, a board of `CELLS` cells, renamed and moved
    /// to its mirrored cell.
    #[inline]
    fn mirror_cells<const CELLS: usize>(&self, cells: u64) -> u64 {
        let mut mirrored = 0u64;
        for cell in 0..CELLS {
            let tile = usize::from(((cells >> (4 * cell)) & 0xF) as u8);
            mirrored |= u64::from(self.tile_image[tile]) << (4 * self.cell_image[cell]);
        }
        mirrored
    }

    /// The key of the class of the board ranked `rank`.
    #[inline]
    fn class_of<const CELLS: usize>(&self, rank: u64) -> u64 {
        let (cells, blank) = self.boards.decode_cells::<CELLS>(self.side, rank);
        self.class_of_board::<CELLS>(rank, cells, blank)
    }

    /// The key of the class of the board ranked `rank`, whose cells are
    /// `cells` and whose blank is in cell `blank`: the cells are read only
    /// when the blank lies on or below the diagonal.
    #[inline]
    fn class_of_board<const CELLS: usize>(&self, rank: u64, cells: u64, blank: usize) -> u64 {
        if self.above >> blank & 1 == 1 {
            return rank;
        }
        let mirrored = |cells: u64| {
            let blank = usize::from(self.cell_image[blank]);
            ReachableBoards::encode_cells::<CELLS>(self.mirror_cells::<CELLS>(cells), blank)
        };
        if self.diagonal >> blank & 1 == 0 {
            return mirrored(cells);
        }
        // With the blank on the diagonal, the board and its mirror differ
        // first, cell by cell, within a cell or two: the smaller is kept,
        // and ranked only when it is the mirror.
        for cell in 0..CELLS {
            let here = (cells >> (4 * cell)) & 0xF;
            let image = (cells >> (4 * self.cell_image[cell])) & 0xF;
            let there = u64::from(self.tile_image[image as usize]);
            if here != there {
                return if here < there { rank } else { mirrored(cells) };
            }
        }
        rank - blank as u64 + u64::from(self.single_cell[blank])
    }

    #[inline]
    fn neighbours_of_all<const CELLS: usize, F: FnMut(u64)>(&self, keys: &[u64], mut report: F) {
        // A neighbour's cells are its neighbour's with the tile in the
        // neighbour's new blank cell slid into the old one.
        let mut report = |cells: u64, blank: usize, next: u64| {
            let next_blank = (next % CELLS as u64) as usize;
            let tile = (cells >> (4 * next_blank)) & 0xF;
            let next_cells = cells ^ (tile << (4 * next_blank)) ^ (tile << (4 * blank));
            report(self.class_of_board::<CELLS>(next, next_cells, next_blank));
        };
        // A class of one is rare: most batches are their own ranks.
        let cells = CELLS as u64;
        if keys.iter().all(|&key| self.below >> (key % cells) & 1 == 0) {
            self.boards.square_neighbours_of_all(self.side, keys, &mut report);
        } else {
            let ranks: Vec<u64> = keys.iter().map(|&key| self.rank_of(key)).collect();
            self.boards.square_neighbours_of_all(self.side, &ranks, &mut report);
        }
    }
}

impl KeyedSpace for MirroredBoards {
    type Key = u64;

    fn key_count(&self) -> u64 {
        self.boards.rank_count()
    }

    fn key_neighbours<F: FnMut(u64)>(&self, key: u64, report: F) {
        self.key_neighbours_of_all(&[key], report);
    }

    fn key_neighbours_of_all<F: FnMut(u64)>(&self, keys: &[u64], report: F) {
        match self.side {
            3 => self.neighbours_of_all::<9, F>(keys, report),
            _ => self.neighbours_of_all::<16, F>(keys, report),
        }
    }

    fn has_classes(&self) -> bool {
        true
    }

    fn key_class_size(&self, key: u64) -> u64 {
        let cells = (self.side * self.side) as u64;
        if self.below >> (key % cells) & 1 == 1 { 1 } else { 2 }
    }
}
