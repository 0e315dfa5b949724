//! Perfect hashes of boards: ranks of permutations.
//!
//! Two numberings live here. [`rank`] numbers every arrangement of the cells
//! (`n!` ranks); search-core uses it to keep visited boards in a flat array.
//! [`Packed`] numbers only the boards reachable from a goal (`n!/2` ranks)
//! and computes neighbours rank to rank, for [`DenseEnumeration`] over
//! hundreds of millions of boards.
//!
//! [`DenseEnumeration`]: search_core::DenseEnumeration

use search_core::RankedSpace;

use super::board::{Board, MAX_CELLS};

/// `FACTORIALS[i]` is `i!`; 16! still fits a `u64`.
const FACTORIALS: [u64; MAX_CELLS + 1] = {
    let mut table = [1u64; MAX_CELLS + 1];
    let mut i = 1;
    while i <= MAX_CELLS {
        table[i] = table[i - 1] * i as u64;
        i += 1;
    }
    table
};

/// `n!`.
pub(crate) fn factorial(n: usize) -> u64 {
    FACTORIALS[n]
}

/// The Lehmer rank of a board's cells among all `n!` arrangements, in
/// O(n): each digit counts the smaller values not yet placed, with one
/// population count.
pub(crate) fn rank(board: &Board) -> u64 {
    let n = board.cell_count();
    let mut unused: u32 = (1 << n) - 1;
    let mut rank = 0u64;
    for i in 0..n {
        let value = board.cell(i);
        let smaller = (unused & ((1 << value) - 1)).count_ones();
        rank = rank * (n - i) as u64 + u64::from(smaller);
        unused &= !(1 << value);
    }
    rank
}

/// The board of `rows x cols` whose [`rank`] is `rank`.
pub(crate) fn unrank(rows: usize, cols: usize, mut rank: u64) -> Board {
    let n = rows * cols;
    let mut digits = [0u8; MAX_CELLS];
    for i in (0..n).rev() {
        let base = (n - i) as u64;
        digits[i] = (rank % base) as u8;
        rank /= base;
    }
    let mut values = NibbleList::ascending(n);
    let tiles: Vec<u8> = digits[..n].iter().map(|&d| values.take(usize::from(d))).collect();
    Board::from_tiles(rows, cols, &tiles)
}

/// An ordered list of up to 16 small values, one per nibble, where taking
/// the `k`-th is a shift and a mask rather than a search.
#[derive(Clone, Copy)]
struct NibbleList(u64);

impl NibbleList {
    /// The values `0..n` in order.
    fn ascending(n: usize) -> NibbleList {
        NibbleList((0..n as u64).fold(0, |list, v| list | (v << (4 * v))))
    }

    /// Removes and returns the `k`-th value.
    fn take(&mut self, k: usize) -> u8 {
        let shift = 4 * k;
        let value = ((self.0 >> shift) & 0xF) as u8;
        let below = self.0 & ((1u64 << shift) - 1);
        // Shifting by 64 is undefined, so the top of the list is shifted in
        // two steps.
        let above = (self.0 >> shift >> 4) << shift;
        self.0 = below | above;
        value
    }
}

/// The reachable boards of one size, numbered `0..n!/2` so that a move of
/// the blank along a row is a step of one rank.
///
/// A board is split into the order of its tiles, read row by row without the
/// blank, and the blank's cell: `rank = order * n + blank`. Sliding the blank
/// sideways keeps the order, so the rank changes by one. Sliding it up or
/// down moves one tile `cols - 1` places within the order, and only that
/// order is ranked again.
///
/// Only half the orders can occur with a given blank cell: the parity of
/// the order is fixed by the goal, and on boards of even width by the
/// blank's row as well. The order's Lehmer digit of weight 1! is therefore
/// implied by the others, and dropping it halves the table.
#[derive(Clone, Debug)]
pub(crate) struct Packed {
    rows: usize,
    cols: usize,
    cells: usize,
    /// The parity of the tile order of reachable boards whose blank is on
    /// row 0; each row further down flips it on boards of even width.
    row0_parity: u32,
}

impl Packed {
    pub(crate) fn new(goal: &Board) -> Packed {
        let (rows, cols) = (goal.rows(), goal.cols());
        let mut packed = Packed { rows, cols, cells: rows * cols, row0_parity: 0 };
        let (order, _) = packed.order_digits(goal);
        let parity = order.iter().map(|&d| u32::from(d)).sum::<u32>() % 2;
        packed.row0_parity = parity ^ packed.row_flip(goal.blank().0);
        packed
    }

    /// 1 when boards of this width flip the order's parity on `row`.
    fn row_flip(&self, row: usize) -> u32 {
        if self.cols % 2 == 0 { (row % 2) as u32 } else { 0 }
    }

    /// The Lehmer digits of the tile order (values `1..n` as `0..n-1`) and
    /// the blank's cell.
    fn order_digits(&self, board: &Board) -> ([u8; MAX_CELLS], usize) {
        let mut digits = [0u8; MAX_CELLS];
        let mut unused: u32 = u32::MAX;
        let mut at = 0;
        for i in 0..self.cells {
            let value = board.cell(i);
            if value == 0 {
                continue;
            }
            let value = u32::from(value) - 1;
            digits[at] = (unused & ((1 << value) - 1)).count_ones() as u8;
            unused &= !(1 << value);
            at += 1;
        }
        (digits, board.blank_index())
    }

    /// The half rank of a tile order given as tiles (values `0..n-1`).
    fn order_rank(&self, order: &[u8]) -> usize {
        let tiles = self.cells - 1;
        let mut unused: u32 = u32::MAX;
        let mut rank = 0usize;
        // The last two digits are dropped: the last is always 0, and the one
        // before it is implied by the parity.
        for (i, &value) in order[..tiles - 2].iter().enumerate() {
            let smaller = (unused & ((1 << value) - 1)).count_ones() as usize;
            rank = rank * (tiles - i) + smaller;
            unused &= !(1 << value);
        }
        rank
    }

    /// The rank of a reachable board.
    pub(crate) fn encode(&self, board: &Board) -> usize {
        let order: Vec<u8> = board.tiles().filter(|&t| t != 0).map(|t| t - 1).collect();
        self.order_rank(&order) * self.cells + board.blank_index()
    }

    /// The tile order (values `0..n-1`) of the board ranked `rank`, and its
    /// blank's cell.
    fn decode_order(&self, rank: usize) -> ([u8; MAX_CELLS], usize) {
        let tiles = self.cells - 1;
        let (mut order_rank, blank) = (rank / self.cells, rank % self.cells);
        let mut digits = [0u8; MAX_CELLS];
        for i in (0..tiles - 2).rev() {
            let base = tiles - i;
            digits[i] = (order_rank % base) as u8;
            order_rank /= base;
        }
        let sum: u32 = digits[..tiles - 2].iter().map(|&d| u32::from(d)).sum();
        let parity = self.row0_parity ^ self.row_flip(blank / self.cols);
        digits[tiles - 2] = ((sum + parity) % 2) as u8;
        let mut values = NibbleList::ascending(tiles);
        let mut order = [0u8; MAX_CELLS];
        for i in 0..tiles {
            order[i] = values.take(usize::from(digits[i]));
        }
        (order, blank)
    }

    /// The board ranked `rank`.
    pub(crate) fn decode(&self, rank: usize) -> Board {
        let (order, blank) = self.decode_order(rank);
        let mut tiles = Vec::with_capacity(self.cells);
        let mut next = order[..self.cells - 1].iter();
        for cell in 0..self.cells {
            if cell == blank {
                tiles.push(0);
            } else {
                tiles.push(next.next().map_or(0, |&v| v + 1));
            }
        }
        Board::from_tiles(self.rows, self.cols, &tiles)
    }
}

impl RankedSpace for Packed {
    fn rank_count(&self) -> usize {
        (factorial(self.cells - 1) / 2) as usize * self.cells
    }

    fn neighbours<F: FnMut(usize)>(&self, rank: usize, mut report: F) {
        let (mut order, blank) = self.decode_order(rank);
        let (row, col) = (blank / self.cols, blank % self.cols);
        if col > 0 {
            report(rank - 1);
        }
        if col + 1 < self.cols {
            report(rank + 1);
        }
        let tiles = self.cells - 1;
        let span = self.cols - 1;
        if row > 0 {
            // The tile above drops into the blank's cell: in the order it
            // moves from place `blank - cols` to place `blank - 1`.
            let from = blank - self.cols;
            order[from..=from + span].rotate_left(1);
            report(self.order_rank(&order[..tiles]) * self.cells + from);
            order[from..=from + span].rotate_right(1);
        }
        if row + 1 < self.rows {
            // The tile below rises into the blank's cell: from place
            // `blank + cols - 1` to place `blank`.
            let to = blank;
            order[to..=to + span].rotate_right(1);
            report(self.order_rank(&order[..tiles]) * self.cells + blank + self.cols);
            order[to..=to + span].rotate_left(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes() -> [(usize, usize); 6] {
        [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (4, 2)]
    }

    #[test]
    fn rank_then_unrank_is_the_identity() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 2)] {
            let n = rows * cols;
            for r in 0..factorial(n) {
                let board = unrank(rows, cols, r);
                assert_eq!(rank(&board), r, "{rows}x{cols}");
            }
        }
        let board = unrank(4, 4, factorial(16) - 1);
        assert_eq!(board.tiles().collect::<Vec<_>>(), (0..16).rev().collect::<Vec<u8>>());
        assert_eq!(rank(&board), factorial(16) - 1);
    }

    #[test]
    fn packed_ranks_number_the_reachable_boards_exactly() {
        for (rows, cols) in sizes() {
            let goal = Board::solved(rows, cols).unwrap();
            let packed = Packed::new(&goal);
            let count = packed.rank_count();
            assert_eq!(count as u64, factorial(rows * cols) / 2);
            let mut seen = vec![false; count];
            for r in 0..factorial(rows * cols) {
                let board = unrank(rows, cols, r);
                if !board.can_reach(&goal) {
                    continue;
                }
                let packed_rank = packed.encode(&board);
                assert!(!seen[packed_rank], "{rows}x{cols}: rank {packed_rank} twice");
                seen[packed_rank] = true;
                assert_eq!(packed.decode(packed_rank), board);
            }
            assert!(seen.iter().all(|&s| s), "{rows}x{cols}: a rank with no board");
        }
    }

    #[test]
    fn packed_neighbours_are_the_boards_one_slide_away() {
        for (rows, cols) in sizes() {
            let goal = Board::solved(rows, cols).unwrap();
            let packed = Packed::new(&goal);
            let step = (packed.rank_count() / 5000).max(1);
            for r in (0..packed.rank_count()).step_by(step) {
                let board = packed.decode(r);
                let mut expected: Vec<usize> = super::super::Slide::ALL
                    .iter()
                    .filter_map(|&s| board.slide(s))
                    .map(|b| packed.encode(&b))
                    .collect();
                let mut found = Vec::new();
                packed.neighbours(r, |n| found.push(n));
                expected.sort_unstable();
                found.sort_unstable();
                assert_eq!(found, expected, "{rows}x{cols} board\n{board}");
            }
        }
    }
}
