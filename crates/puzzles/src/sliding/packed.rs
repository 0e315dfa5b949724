//! Boards of up to 16 cells as their cells alone, one `u64`: the state
//! the solver's breadth-first searches store. A [`Board`] is 24 bytes and
//! compares its size as well as its cells; this third of it hashes,
//! compares and moves in a word. On the two 31-move 8-puzzles the
//! solver's bidirectional search took 880 µs a pair on `Board`s and
//! 545 µs on these.

use std::ops::ControlFlow;

use search_core::{Path, Reversible, Successors};

use super::board::{Board, NIBBLE_CELLS};
use super::slide::Slide;

/// No cell: the slide is off the board.
const OFF: u8 = u8::MAX;

/// The boards of one size as packed cells, 4 bits each, the first cell
/// lowest; the blank is the cell that holds 0.
#[derive(Clone, Debug)]
pub(crate) struct PackedBoards {
    rows: usize,
    cols: usize,
    /// One bit at the bottom of each cell's nibble.
    cell_bits: u64,
    /// `targets[blank][slide]`: the cell whose tile slides into the blank,
    /// in [`Slide::ALL`] order, or [`OFF`].
    targets: [[u8; 4]; NIBBLE_CELLS],
}

impl PackedBoards {
    /// The space of `rows x cols` boards, or `None` when their cells do
    /// not fit one word.
    pub(crate) fn of(rows: usize, cols: usize) -> Option<PackedBoards> {
        let cells = rows * cols;
        if cells > NIBBLE_CELLS {
            return None;
        }
        let mut targets = [[OFF; 4]; NIBBLE_CELLS];
        for (blank, targets) in targets.iter_mut().enumerate().take(cells) {
            let (row, col) = (blank / cols, blank % cols);
            for (target, slide) in targets.iter_mut().zip(Slide::ALL) {
                let cell = match slide {
                    Slide::Up if row > 0 => blank - cols,
                    Slide::Down if row + 1 < rows => blank + cols,
                    Slide::Left if col > 0 => blank - 1,
                    Slide::Right if col + 1 < cols => blank + 1,
                    _ => continue,
                };
                *target = cell as u8;
            }
        }
        let cell_bits = 0x1111_1111_1111_1111 >> (4 * (NIBBLE_CELLS - cells));
        Some(PackedBoards { rows, cols, cell_bits, targets })
    }

    /// `board`'s cells; `board` must be of this space's size.
    pub(crate) fn pack(board: &Board) -> u64 {
        board.packed_cells()
    }

    /// The board whose cells are `cells`.
    pub(crate) fn board(&self, cells: u64) -> Board {
        Board::from_packed(self.rows, self.cols, cells, self.blank(cells))
    }

    /// A path of packed boards as one of boards.
    pub(crate) fn boards(&self, path: Path<u64, Slide>) -> Path<Board, Slide> {
        let (states, moves) = path.into_parts();
        Path::new(states.into_iter().map(|cells| self.board(cells)).collect(), moves)
    }

    /// The blank's cell: the one nibble that is 0.
    #[inline]
    fn blank(&self, cells: u64) -> usize {
        let any = cells | (cells >> 1);
        let any = any | (any >> 2);
        ((!any & self.cell_bits).trailing_zeros() / 4) as usize
    }
}

impl Successors for PackedBoards {
    type State = u64;
    type Move = Slide;

    fn successors<F: FnMut(u64, Slide)>(&self, cells: &u64, mut report: F) {
        let _ = self.successors_until(cells, |next, slide| {
            report(next, slide);
            ControlFlow::Continue(())
        });
    }

    #[inline]
    fn successors_until<F>(&self, &cells: &u64, mut report: F) -> ControlFlow<()>
    where
        F: FnMut(u64, Slide) -> ControlFlow<()>,
    {
        let blank = self.blank(cells);
        for (&target, slide) in self.targets[blank].iter().zip(Slide::ALL) {
            if target != OFF {
                // The blank's nibble is 0, so one exclusive-or moves the
                // tile over and clears its old cell.
                let tile = (cells >> (4 * target)) & 0xF;
                report(cells ^ (tile << (4 * target)) ^ (tile << (4 * blank)), slide)?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl Reversible for PackedBoards {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board's packed neighbours are its own, slide for slide, on
    /// every size that packs.
    #[test]
    fn neighbours_match_the_boards() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 3), (2, 5), (3, 4), (4, 4), (2, 8), (3, 5)] {
            let space = PackedBoards::of(rows, cols).unwrap();
            let mut board = Board::solved(rows, cols).unwrap();
            // A walk that visits every cell with the blank several times.
            for step in 0..400 {
                let packed = PackedBoards::pack(&board);
                assert_eq!(space.board(packed), board);
                let mut expected = Vec::new();
                for slide in Slide::ALL {
                    if let Some(next) = board.slide(slide) {
                        expected.push((PackedBoards::pack(&next), slide));
                    }
                }
                let mut seen = Vec::new();
                space.successors(&packed, |next, slide| seen.push((next, slide)));
                assert_eq!(seen, expected, "{rows}x{cols} {board:?}");
                let (_, slide) = expected[(step * 7 + step / 3) % expected.len()];
                board = board.slide(slide).unwrap();
            }
        }
        assert!(PackedBoards::of(4, 5).is_none());
    }
}
