//! Perfect hashes of boards: ranks of permutations.
//!
//! Two numberings live here. [`rank`] numbers every arrangement of the cells
//! (`n!` ranks); search-core uses it to keep visited boards in a flat array.
//! [`ReachableBoards`] numbers only the boards reachable from a goal (`n!/2` ranks)
//! and computes neighbours rank to rank, for [`DenseEnumeration`] over
//! hundreds of millions of boards.
//!
//! [`DenseEnumeration`]: search_core::dense::DenseEnumeration

// The hot loops here are written once with the board's size as a parameter
// and stamped out per size; without forced inlining the size stays a
// variable and every division stays a division. Measured 2026-12-01 by
// callgrind, `puzzles enumerate 2x5 --threads 1`: 753.0 M instructions
// with every `#[inline(always)]` of this file, 908.3 M with `#[inline]`.
#![expect(clippy::inline_always, reason = "see the comment above")]

use search_core::space::{RankSteps, RankedSpace, WordSteps};

use super::board::{Board, NIBBLE_CELLS};
use crate::error::{Error, ErrorKind};

/// `FACTORIALS[i]` is `i!`, for the boards that are numbered: those packed
/// 4 bits a cell.
const FACTORIALS: [u64; NIBBLE_CELLS + 1] = {
    let mut table = [1u64; NIBBLE_CELLS + 1];
    let mut i = 1;
    while i <= NIBBLE_CELLS {
        table[i] = table[i - 1] * i as u64;
        i += 1;
    }
    table
};

/// `n!`, for `n` up to [`NIBBLE_CELLS`].
pub(crate) fn factorial(n: usize) -> u64 {
    FACTORIALS[n]
}

/// Refuses boards too large to number.
pub(crate) fn check_numbered(board: &Board) -> Result<(), Error> {
    if board.cell_count() <= NIBBLE_CELLS {
        return Ok(());
    }
    let (rows, cols, cells) = (board.rows(), board.cols(), board.cell_count());
    Err(Error::new(ErrorKind::Input {
        reason: format!(
            "a {rows}x{cols} board has {cells} cells: boards are numbered (for enumeration and ranks) up to {NIBBLE_CELLS} cells"
        ),
    }))
}

/// Sixteen nibbles of 1.
const NIBBLE_ONES: u64 = 0x1111_1111_1111_1111;

/// Counts, for each value, how many smaller values have been placed: one
/// nibble per value, so that a Lehmer digit costs a shift and an add rather
/// than a population count (which baseline x86-64 lacks as an instruction).
#[derive(Clone, Copy)]
struct PlacedBelow(u64);

impl PlacedBelow {
    /// The number of values below `value` not yet placed.
    #[inline(always)]
    fn unplaced_below(self, value: u8) -> u64 {
        u64::from(value) - ((self.0 >> (4 * value)) & 0xF)
    }

    #[inline(always)]
    fn place(&mut self, value: u8) {
        // Two shifts, so that placing 15 shifts the ones out rather than by 64.
        self.0 += (NIBBLE_ONES << (4 * value)) << 4;
    }
}

/// The Lehmer rank of a board's cells among all `n!` arrangements, in
/// O(n). Searches call this for every board they generate, so each board
/// size gets its own unrolled loop, with the cell count a constant.
pub(crate) fn rank(board: &Board) -> u64 {
    let cells = board.packed_cells();
    match board.cell_count() {
        4 => rank_of::<4>(cells),
        6 => rank_of::<6>(cells),
        8 => rank_of::<8>(cells),
        9 => rank_of::<9>(cells),
        10 => rank_of::<10>(cells),
        12 => rank_of::<12>(cells),
        14 => rank_of::<14>(cells),
        15 => rank_of::<15>(cells),
        _ => rank_of::<16>(cells),
    }
}

/// The Lehmer rank of the first `N` nibbles of `cells`.
#[inline(always)]
fn rank_of<const N: usize>(cells: u64) -> u64 {
    let mut placed = PlacedBelow(0);
    let mut rank = 0u64;
    // The last digit is always 0.
    for i in 0..N - 1 {
        let value = ((cells >> (4 * i)) & 0xF) as u8;
        rank = rank * (N - i) as u64 + placed.unplaced_below(value);
        placed.place(value);
    }
    rank
}

/// The board of `rows x cols` whose [`rank`] is `rank`.
pub(crate) fn unrank(rows: usize, cols: usize, mut rank: u64) -> Board {
    let n = rows * cols;
    let mut digits = [0u8; NIBBLE_CELLS];
    for i in (0..n).rev() {
        let base = (n - i) as u64;
        digits[i] = (rank % base) as u8;
        rank /= base;
    }
    let mut values = NibbleList::ascending(n);
    let tiles: Vec<u8> = digits[..n].iter().map(|&d| values.take(usize::from(d))).collect();
    Board::from_tiles(rows, cols, &tiles)
}

/// A mask of the low `n` nibbles, for `n` from 1 to 16.
#[inline(always)]
fn nibble_mask(n: usize) -> u64 {
    u64::MAX >> (64 - 4 * n)
}

/// The `i`-th nibble of `packed`.
#[inline(always)]
fn nibble(packed: u64, i: usize) -> u8 {
    ((packed >> (4 * i)) & 0xF) as u8
}

/// An ordered list of up to 16 small values, one per nibble, where taking
/// the `k`-th is a shift and a mask rather than a search.
#[derive(Clone, Copy)]
struct NibbleList(u64);

impl NibbleList {
    /// The values `0..n` in order.
    #[inline(always)]
    fn ascending(n: usize) -> NibbleList {
        NibbleList(0xFEDC_BA98_7654_3210 & nibble_mask(n))
    }

    /// Removes and returns the `k`-th value.
    #[inline(always)]
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
/// sideways keeps the order, so the rank changes by one; the space names
/// those slides as [`rank_steps`](WordSteps::rank_steps), and a
/// [`LayerTable`](search_core::dense::LayerTable) marks them a word at a time. Sliding it up or
/// down moves one tile `cols - 1` places within the order, and only that
/// order is ranked again.
///
/// Only half the orders can occur with a given blank cell: the parity of
/// the order is fixed by the goal, and on boards of even width by the
/// blank's row as well. The order's Lehmer digit of weight 1! is therefore
/// implied by the others, and dropping it halves the table.
///
/// It is a [`RankedSpace`], for [`DenseEnumeration`](search_core::dense::DenseEnumeration)
/// and anything else that walks ranks: a visitor of
/// [`run_visiting`](search_core::dense::DenseEnumeration::run_visiting) can turn
/// each rank back into its board.
///
/// # Example
///
/// ```
/// use puzzles::{Board, ReachableBoards};
/// use search_core::Run;
/// use search_core::dense::DenseEnumeration;
/// use search_core::space::RankedSpace;
///
/// let goal = Board::solved(2, 3)?;
/// let boards = ReachableBoards::new(&goal)?;
/// assert_eq!(boards.rank_count(), 360);
/// let start: Board = "4 1 2 / 5 0 3".parse()?;
/// let rank = boards.rank(&start).expect("reachable");
/// assert_eq!(boards.board(rank), Some(start));
/// // Half of all arrangements cannot reach the goal: they have no rank.
/// assert_eq!(boards.rank(&"1 2 3 / 5 4 0".parse()?), None);
/// let layers = DenseEnumeration::new().run(&boards, &[boards.rank(&goal).expect("the goal")], &mut Run::new())?;
/// assert_eq!((layers.states(), layers.radius()), (360, 21));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ReachableBoards {
    goal: Board,
    rows: usize,
    cols: usize,
    cells: usize,
    /// The parity of the tile order of reachable boards whose blank is on
    /// row 0; each row further down flips it on boards of even width.
    row0_parity: u32,
}

impl ReachableBoards {
    /// The boards of `goal`'s size that can reach `goal`.
    ///
    /// # Errors
    ///
    /// When `goal` has more than 16 cells: larger boards are not numbered
    /// (a 4x5 board's half of 20! ranks would need 290 PB at 2 bits each).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, ReachableBoards};
    /// use search_core::space::RankedSpace;
    ///
    /// assert_eq!(ReachableBoards::new(&Board::solved(3, 3)?)?.rank_count(), 181_440);
    /// let error = ReachableBoards::new(&Board::solved(5, 5)?).unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "a 5x5 board has 25 cells: boards are numbered (for enumeration and ranks) up to 16 cells"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(goal: &Board) -> Result<ReachableBoards, Error> {
        check_numbered(goal)?;
        let (rows, cols) = (goal.rows(), goal.cols());
        let cells = rows * cols;
        let order = ReachableBoards::order_of(goal);
        let mut placed = PlacedBelow(0);
        let mut digit_sum = 0;
        for i in 0..cells - 1 {
            digit_sum += placed.unplaced_below(nibble(order, i));
            placed.place(nibble(order, i));
        }
        let row0_parity = (digit_sum % 2) as u32 ^ ReachableBoards::row_flip(cols, goal.blank().0);
        Ok(ReachableBoards { goal: *goal, rows, cols, cells, row0_parity })
    }

    /// 1 when boards of width `cols` flip the order's parity on `row`.
    #[inline]
    fn row_flip(cols: usize, row: usize) -> u32 {
        if cols.is_multiple_of(2) { (row % 2) as u32 } else { 0 }
    }

    /// The tile order of a board: its tiles read row by row without the
    /// blank, as values `0..n-1`, one per nibble, the first lowest.
    fn order_of(board: &Board) -> u64 {
        board
            .tiles()
            .filter(|&t| t != 0)
            .enumerate()
            .fold(0, |order, (i, tile)| order | (u64::from(tile - 1) << (4 * i)))
    }

    /// The half rank of a tile order of `tiles` values.
    #[inline(always)]
    fn order_rank(tiles: usize, order: u64) -> u64 {
        let mut placed = PlacedBelow(0);
        let mut rank = 0u64;
        // The last two digits are dropped: the last is always 0, and the one
        // before it is implied by the parity.
        for i in 0..tiles - 2 {
            let value = nibble(order, i);
            rank = rank * (tiles - i) as u64 + placed.unplaced_below(value);
            placed.place(value);
        }
        rank
    }

    /// The rank of `board`, or `None` when it is of another size or cannot
    /// reach the goal.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, ReachableBoards};
    ///
    /// let boards = ReachableBoards::new(&Board::solved(2, 2)?)?;
    /// assert_eq!(boards.rank(&Board::solved(3, 3)?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rank(&self, board: &Board) -> Option<u64> {
        (board.same_size(&self.goal) && board.can_reach(&self.goal)).then(|| self.encode(board))
    }

    /// The board ranked `rank`, or `None` past the last rank.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, ReachableBoards};
    /// use search_core::space::RankedSpace;
    ///
    /// let boards = ReachableBoards::new(&Board::solved(2, 2)?)?;
    /// assert_eq!(boards.rank_count(), 12);
    /// assert!(boards.board(11).is_some() && boards.board(12).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn board(&self, rank: u64) -> Option<Board> {
        (rank < self.rank_count()).then(|| self.decode(rank))
    }

    /// The rank of a reachable board.
    pub(crate) fn encode(&self, board: &Board) -> u64 {
        ReachableBoards::order_rank(self.cells - 1, ReachableBoards::order_of(board))
            * self.cells as u64
            + board.blank_index() as u64
    }

    /// The tile order whose half rank is `order_rank`, of `tiles` tiles
    /// and the given parity. Inlined into callers that pass constants, so
    /// that the divisions become multiplications.
    #[inline(always)]
    fn decode_order_rank(tiles: usize, mut order_rank: u64, parity: u32) -> u64 {
        let mut digits = [0u8; NIBBLE_CELLS];
        let mut digit_sum = 0;
        for i in (0..tiles - 2).rev() {
            let base = (tiles - i) as u64;
            let digit = order_rank % base;
            digits[i] = digit as u8;
            digit_sum += digit;
            order_rank /= base;
        }
        digits[tiles - 2] = ((digit_sum as u32 + parity) % 2) as u8;
        let mut values = NibbleList::ascending(tiles);
        let mut order = 0u64;
        for (i, &digit) in digits[..tiles].iter().enumerate() {
            order |= u64::from(values.take(usize::from(digit))) << (4 * i);
        }
        order
    }

    /// The parity of the tile order of reachable boards whose blank is in
    /// `cell`.
    #[inline(always)]
    fn parity_at(&self, cols: usize, cell: usize) -> u32 {
        self.row0_parity ^ ReachableBoards::row_flip(cols, cell / cols)
    }

    /// The tile order of the board ranked `rank`, and its blank's cell.
    fn decode_order(&self, rank: u64) -> (u64, usize) {
        let cells = self.cells as u64;
        let (order_rank, blank) = (rank / cells, (rank % cells) as usize);
        let parity = self.parity_at(self.cols, blank);
        (ReachableBoards::decode_order_rank(self.cells - 1, order_rank, parity), blank)
    }

    /// The board ranked `rank`.
    pub(crate) fn decode(&self, rank: u64) -> Board {
        let (order, blank) = self.decode_order(rank);
        let mut tiles = Vec::with_capacity(self.cells);
        let mut next = 0;
        for cell in 0..self.cells {
            if cell == blank {
                tiles.push(0);
            } else {
                tiles.push(nibble(order, next) + 1);
                next += 1;
            }
        }
        Board::from_tiles(self.rows, self.cols, &tiles)
    }

    /// The cells of the board ranked `rank` on a board of `CELLS` cells
    /// and `cols` columns, 4 bits each with the blank a 0, and the blank's
    /// cell: [`decode`](ReachableBoards::decode) without building a
    /// [`Board`], the divisions by constants.
    #[inline(always)]
    pub(super) fn decode_cells<const CELLS: usize>(&self, cols: usize, rank: u64) -> (u64, usize) {
        let (order_rank, blank) = (rank / CELLS as u64, (rank % CELLS as u64) as usize);
        let parity = self.parity_at(cols, blank);
        let order = ReachableBoards::decode_order_rank(CELLS - 1, order_rank, parity);
        (ReachableBoards::cells_of(CELLS, order, blank), blank)
    }

    /// The cells of a board of `cells` cells, 4 bits each with the blank a
    /// 0, from its tile order and its blank's cell.
    #[inline(always)]
    fn cells_of(cells: usize, order: u64, blank: usize) -> u64 {
        // Tiles are the order's values plus one; the blank's 0 goes in
        // at its cell. Shifted in two steps: a blank in the last cell
        // would shift by 64.
        let tiles = order + (NIBBLE_ONES & nibble_mask(cells - 1));
        let below = tiles & ((1u64 << (4 * blank)) - 1);
        let above = ((tiles >> (4 * blank)) << (4 * blank)) << 4;
        below | above
    }

    /// The rank of the board of `CELLS` cells whose cells are `cells`, 4
    /// bits each, with the blank's 0 in cell `blank`: the inverse of
    /// [`decode_cells`](ReachableBoards::decode_cells).
    #[inline(always)]
    pub(super) fn encode_cells<const CELLS: usize>(cells: u64, blank: usize) -> u64 {
        let below = cells & ((1u64 << (4 * blank)) - 1);
        let above = ((cells >> (4 * blank)) >> 4) << (4 * blank);
        let order = (below | above) - (NIBBLE_ONES & nibble_mask(CELLS - 1));
        ReachableBoards::order_rank(CELLS - 1, order) * CELLS as u64 + blank as u64
    }

    /// The neighbours of each board of `ranks` (increasing) on a board of
    /// `rows x cols`. Ranks that share a tile order (the same board with the
    /// blank elsewhere) lie next to each other and share one decoding.
    /// With `SIDEWAYS` false, leaves out the moves along a row, which
    /// [`rank_steps`](WordSteps::rank_steps) names.
    #[inline(always)]
    fn expand_ranks<const SIDEWAYS: bool, F: FnMut(u64)>(
        &self,
        rows: usize,
        cols: usize,
        ranks: &[u64],
        mut report: F,
    ) {
        self.expand_ranks_from::<SIDEWAYS, _>(rows, cols, ranks, |_, _, next| report(next));
    }

    /// The neighbours of each board of `ranks` (increasing) on a square
    /// board of `side x side`, 3 or 4, each reported with the cells of the board
    /// it neighbours, 4 bits each with the blank a 0, and that board's
    /// blank: for a caller that maps some neighbours on, which can then
    /// build them from their neighbour's cells by one slide rather than
    /// decode them.
    pub(super) fn square_neighbours_of_all<F: FnMut(u64, usize, u64)>(
        &self,
        side: usize,
        ranks: &[u64],
        report: F,
    ) {
        match side {
            3 => self.expand_ranks_from::<true, _>(3, 3, ranks, report),
            _ => self.expand_ranks_from::<true, _>(4, 4, ranks, report),
        }
    }

    /// [`expand_ranks`](ReachableBoards::expand_ranks), each neighbour
    /// reported after the cells and blank of the board it neighbours.
    #[inline(always)]
    fn expand_ranks_from<const SIDEWAYS: bool, F: FnMut(u64, usize, u64)>(
        &self,
        rows: usize,
        cols: usize,
        ranks: &[u64],
        mut report: F,
    ) {
        let cells = (rows * cols) as u64;
        let weights = ReachableBoards::digit_weights(rows * cols - 1);
        let mut cursor = OrderCursor::new(rows * cols - 1);
        for &rank in ranks {
            let (order_rank, blank) = (rank / cells, (rank % cells) as usize);
            let order = cursor.seek(rows * cols - 1, order_rank, self.parity_at(cols, blank));
            let cells = ReachableBoards::cells_of(rows * cols, order, blank);
            ReachableBoards::neighbours_from::<SIDEWAYS, _>(
                rows,
                cols,
                &cursor,
                &weights,
                blank,
                |next| report(cells, blank, next),
            );
        }
    }

    /// What each Lehmer digit of a tile order of `tiles` values is worth in
    /// its half rank; 0 for the two digits the half rank drops.
    #[inline(always)]
    fn digit_weights(tiles: usize) -> [i64; NIBBLE_CELLS] {
        let mut weights = [0i64; NIBBLE_CELLS];
        let mut weight = 1i64;
        for i in (0..tiles - 2).rev() {
            weights[i] = weight;
            weight *= i64::from((tiles - i) as u8);
        }
        weights
    }

    /// The neighbours of the board whose tile order is the `cursor`'s and
    /// whose blank is in cell `blank`; see [`ReachableBoards`] for why each
    /// is cheap.
    ///
    /// A horizontal move keeps the tile order: the rank moves by one. A
    /// vertical move carries one tile past the `cols - 1` tiles between
    /// its cell and the blank's, in the order: only those `cols` Lehmer
    /// digits change, each by what the moved tile adds to or takes from
    /// its count of smaller values after it, so the new half rank is the
    /// old one plus `cols` weighted differences, instead of a ranking of
    /// the whole order.
    #[inline(always)]
    fn neighbours_from<const SIDEWAYS: bool, F: FnMut(u64)>(
        rows: usize,
        cols: usize,
        cursor: &OrderCursor,
        weights: &[i64; NIBBLE_CELLS],
        blank: usize,
        mut report: F,
    ) {
        let cells = (rows * cols) as u64;
        let (order_rank, order, digits) = cursor.current();
        let rank = order_rank * cells + blank as u64;
        let (row, col) = (blank / cols, blank % cols);
        if SIDEWAYS && col > 0 {
            report(rank - 1);
        }
        if SIDEWAYS && col + 1 < cols {
            report(rank + 1);
        }
        let digit = |place: usize| i64::from(digits[place]);
        let moved_rank = |delta: i64| order_rank.wrapping_add_signed(delta) * cells;
        if row > 0 {
            // The tile above, `x` at place `from`, drops into the blank's
            // cell: place `from + cols - 1` in the order, and the places
            // between shift down by one. Each value it passes now has `x`
            // after it; `x` no longer has them.
            let from = blank - cols;
            let last = from + cols - 1;
            let x = nibble(order, from);
            let mut delta = 0i64;
            let mut passed_below_x = 0i64;
            for place in from + 1..=last {
                let value = nibble(order, place);
                let shifted = digit(place) + i64::from(x < value);
                delta += (shifted - digit(place - 1)) * weights[place - 1];
                passed_below_x += i64::from(value < x);
            }
            delta += (digit(from) - passed_below_x - digit(last)) * weights[last];
            report(moved_rank(delta) + from as u64);
        }
        if row + 1 < rows {
            // The tile below, `y` at place `blank + cols - 1`, rises into
            // the blank's cell: place `blank`, the places between shifting
            // up by one.
            let last = blank + cols - 1;
            let y = nibble(order, last);
            let mut delta = 0i64;
            let mut passed_below_y = 0i64;
            for place in blank..last {
                let value = nibble(order, place);
                let shifted = digit(place) - i64::from(y < value);
                delta += (shifted - digit(place + 1)) * weights[place + 1];
                passed_below_y += i64::from(value < y);
            }
            delta += (digit(last) + passed_below_y - digit(blank)) * weights[blank];
            report(moved_rank(delta) + (blank + cols) as u64);
        }
    }
}

/// The tile order of one half rank, kept so that the next, larger half
/// rank is reached by counting up in its Lehmer digits rather than by
/// decoding it whole: ranks come in increasing order, and in the wide
/// layers that hold most of the work the next half rank is a few steps on,
/// so only the last digits change, and only the last places of the order
/// are taken again.
struct OrderCursor {
    /// `None` until the first seek.
    order_rank: Option<u64>,
    parity: u32,
    digits: [u8; NIBBLE_CELLS],
    /// The values not yet placed before each place: the list that place
    /// takes its value from.
    remaining: [NibbleList; NIBBLE_CELLS],
    /// The sum of the digits the half rank holds (all but the last two).
    digit_sum: u64,
    /// The last [`TAIL_DIGITS`] digits of the half rank as one number below
    /// [`TAIL_RADIX`], and the sum of the digits before them.
    tail: u64,
    head_sum: u64,
    order: u64,
}

/// How many of the half rank's last digits [`OrderCursor::seek`] counts up
/// in without a loop: their bases are 3, 4 and 5 whatever the size.
const TAIL_DIGITS: usize = 3;

/// The half ranks one pass of the tail counts: `3 * 4 * 5`.
const TAIL_RADIX: u64 = 60;

impl OrderCursor {
    #[inline(always)]
    fn new(tiles: usize) -> OrderCursor {
        OrderCursor {
            order_rank: None,
            parity: 0,
            digits: [0; NIBBLE_CELLS],
            remaining: [NibbleList::ascending(tiles); NIBBLE_CELLS],
            digit_sum: 0,
            tail: 0,
            head_sum: 0,
            order: 0,
        }
    }

    /// The tile order whose half rank is `order_rank`, of `tiles` tiles
    /// and `parity`.
    #[inline(always)]
    fn seek(&mut self, tiles: usize, order_rank: u64, parity: u32) -> u64 {
        let kept = tiles - 2;
        // Most steps stay within the last digits: they are counted there
        // with constant divisions, and the same places are taken again
        // every time, so that the processor can predict the branches that
        // the general path below takes by the step's size.
        // (A rank below the cursor's wraps to a step past any tail.)
        let step_within_tail = self
            .order_rank
            .map(|known| order_rank.wrapping_sub(known))
            .filter(|&step| kept > TAIL_DIGITS && step < TAIL_RADIX - self.tail);
        let first_changed = if let Some(step) = step_within_tail {
            self.set_tail(kept, self.tail + step);
            kept - TAIL_DIGITS
        } else {
            let first_changed = match self.order_rank {
                Some(known) if known == order_rank => {
                    if parity == self.parity {
                        return self.order;
                    }
                    kept
                }
                Some(known) if known < order_rank => self.count_up(tiles, order_rank - known),
                _ => self.decode(tiles, order_rank),
            };
            if kept > TAIL_DIGITS {
                self.read_tail(kept);
            }
            first_changed
        };
        self.order_rank = Some(order_rank);
        self.parity = parity;
        // The places before the first changed digit keep their values.
        let mut order =
            if first_changed == 0 { 0 } else { self.order & nibble_mask(first_changed) };
        let mut values = self.remaining[first_changed];
        for place in first_changed..kept {
            self.remaining[place] = values;
            order |= u64::from(values.take(usize::from(self.digits[place]))) << (4 * place);
        }
        self.remaining[kept] = values;
        let implied = ((self.digit_sum + u64::from(parity)) % 2) as usize;
        self.digits[kept] = implied as u8;
        order |= u64::from(values.take(implied)) << (4 * kept);
        order |= u64::from(values.take(0)) << (4 * (kept + 1));
        self.order = order;
        order
    }

    /// Sets the last [`TAIL_DIGITS`] of the `kept` digits to those of
    /// `tail`, a number below [`TAIL_RADIX`].
    #[inline(always)]
    fn set_tail(&mut self, kept: usize, tail: u64) {
        let digits = [tail / 12, tail / 3 % 4, tail % 3];
        for (place, &digit) in digits.iter().enumerate() {
            self.digits[kept - TAIL_DIGITS + place] = digit as u8;
        }
        self.tail = tail;
        self.digit_sum = self.head_sum + digits.iter().sum::<u64>();
    }

    /// Reads [`tail`](OrderCursor::tail) and
    /// [`head_sum`](OrderCursor::head_sum) off digits set another way.
    #[inline(always)]
    fn read_tail(&mut self, kept: usize) {
        let digits = &self.digits[kept - TAIL_DIGITS..kept];
        let (first, second, third) =
            (u64::from(digits[0]), u64::from(digits[1]), u64::from(digits[2]));
        self.tail = first * 12 + second * 3 + third;
        self.head_sum = self.digit_sum - (first + second + third);
    }

    /// The half rank, tile order and Lehmer digits (all of them) the
    /// cursor is at.
    #[inline(always)]
    fn current(&self) -> (u64, u64, &[u8; NIBBLE_CELLS]) {
        (self.order_rank.unwrap_or(0), self.order, &self.digits)
    }

    /// Adds `delta` to the digits, carrying; returns the first place whose
    /// digit changed.
    #[inline(always)]
    fn count_up(&mut self, tiles: usize, mut delta: u64) -> usize {
        let mut place = tiles - 2;
        while delta > 0 && place > 0 {
            place -= 1;
            let base = (tiles - place) as u64;
            let old = u64::from(self.digits[place]);
            let sum = old + delta;
            let digit = sum % base;
            self.digits[place] = digit as u8;
            self.digit_sum = self.digit_sum + digit - old;
            delta = sum / base;
        }
        place
    }

    /// Sets the digits of `order_rank` from scratch; returns 0, the first
    /// place to take again.
    #[inline(always)]
    fn decode(&mut self, tiles: usize, mut order_rank: u64) -> usize {
        self.digit_sum = 0;
        for place in (0..tiles - 2).rev() {
            let base = (tiles - place) as u64;
            let digit = order_rank % base;
            self.digits[place] = digit as u8;
            self.digit_sum += digit;
            order_rank /= base;
        }
        self.remaining[0] = NibbleList::ascending(tiles);
        0
    }
}

/// Dispatches to [`ReachableBoards::expand_ranks`] with the board's dimensions as
/// constants for the sizes whose tables fit in one machine's memory (2x7's
/// 43.6 G boards take 10.9 GB).
macro_rules! expand_by_size {
    ($packed:expr, $sideways:literal, $ranks:expr, $report:expr, $(($rows:literal, $cols:literal)),*) => {
        match ($packed.rows, $packed.cols) {
            $(($rows, $cols) => $packed.expand_ranks::<$sideways, _>($rows, $cols, $ranks, $report),)*
            (rows, cols) => $packed.expand_ranks::<$sideways, _>(rows, cols, $ranks, $report),
        }
    };
    ($packed:expr, $sideways:literal, $ranks:expr, $report:expr) => {
        expand_by_size!(
            $packed,
            $sideways,
            $ranks,
            $report,
            (2, 2),
            (2, 3),
            (3, 2),
            (2, 4),
            (4, 2),
            (3, 3),
            (2, 5),
            (5, 2),
            (2, 6),
            (6, 2),
            (3, 4),
            (4, 3),
            (4, 4),
            (2, 7),
            (7, 2)
        )
    };
}

impl RankedSpace for ReachableBoards {
    fn rank_count(&self) -> u64 {
        factorial(self.cells - 1) / 2 * self.cells as u64
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, report: F) {
        self.neighbours_of_all(&[rank], report);
    }

    fn neighbours_of_all<F: FnMut(u64)>(&self, ranks: &[u64], report: F) {
        expand_by_size!(self, true, ranks, report);
    }

    fn word_steps(&self) -> Option<impl WordSteps + '_> {
        Some(self)
    }
}

impl WordSteps for &ReachableBoards {
    /// A move along a row is a step of one rank, and whether the blank can
    /// go left or right depends on its cell alone: the rank modulo the
    /// cell count.
    fn rank_steps(&self) -> RankSteps {
        let (mut left, mut right) = (0u64, 0u64);
        for cell in 0..self.cells {
            let col = cell % self.cols;
            left |= u64::from(col > 0) << cell;
            right |= u64::from(col + 1 < self.cols) << cell;
        }
        // At most 16 cells.
        RankSteps::new(self.cells as u32, left, right)
    }

    fn other_neighbours_of_all<F: FnMut(u64)>(&self, ranks: &[u64], report: F) {
        expand_by_size!(self, false, ranks, report);
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
            let packed = ReachableBoards::new(&goal).expect("at most 16 cells");
            let count = packed.rank_count();
            assert_eq!(count, factorial(rows * cols) / 2);
            let mut seen = vec![false; count as usize];
            for r in 0..factorial(rows * cols) {
                let board = unrank(rows, cols, r);
                if !board.can_reach(&goal) {
                    continue;
                }
                let packed_rank = packed.encode(&board);
                assert!(!seen[packed_rank as usize], "{rows}x{cols}: rank {packed_rank} twice");
                seen[packed_rank as usize] = true;
                assert_eq!(packed.decode(packed_rank), board);
            }
            assert!(seen.iter().all(|&s| s), "{rows}x{cols}: a rank with no board");
        }
    }

    /// The ranks of the boards one slide from the board ranked `rank`,
    /// found by sliding its tiles: sorted.
    fn one_slide_away(packed: &ReachableBoards, rank: u64) -> Vec<u64> {
        let board = packed.decode(rank);
        let mut ranks: Vec<u64> = crate::sliding::slide::Slide::ALL
            .iter()
            .filter_map(|&s| board.slide(s))
            .map(|b| packed.encode(&b))
            .collect();
        ranks.sort_unstable();
        ranks
    }

    #[test]
    fn the_order_cursor_agrees_with_a_fresh_decoding_at_every_step() {
        // Steps within the last digits, steps that carry out of them by
        // one, and long jumps, with both parities, from every sort of
        // start: each seek is checked against a decoding from scratch.
        for tiles in [5, 6, 7, 8, 9, 11, 13] {
            let halves = factorial(tiles) / 2;
            let mut cursor = OrderCursor::new(tiles);
            let mut order_rank = 0;
            let steps = [0, 1, 1, 2, 59, 60, 61, 0, 3, 119, 120, 7, 1, 58, 1, 1, 721, 5_040, 1];
            for (i, &step) in steps.iter().cycle().take(400).enumerate() {
                order_rank += step + (i as u64 % 7) * (halves / 1_000);
                if order_rank >= halves {
                    order_rank %= halves;
                    cursor = OrderCursor::new(tiles);
                }
                for parity in [(i % 2) as u32, 1 - (i % 2) as u32] {
                    let expected = ReachableBoards::decode_order_rank(tiles, order_rank, parity);
                    assert_eq!(
                        cursor.seek(tiles, order_rank, parity),
                        expected,
                        "{tiles} tiles, half rank {order_rank}, parity {parity}"
                    );
                    assert_eq!(cursor.current().1, expected);
                    assert_eq!(ReachableBoards::order_rank(tiles, expected), order_rank);
                }
            }
        }
    }

    #[test]
    fn batched_neighbours_are_the_boards_one_slide_away_at_every_size() {
        // In one batch, in increasing order, with gaps from 1 to far: the
        // way dense enumeration hands ranks over, which walks the order
        // cursor through its counting up, its parity changes and its
        // fresh decodings.
        let shapes =
            [(2, 5), (5, 2), (2, 6), (6, 2), (3, 4), (4, 3), (2, 7), (7, 2), (3, 5), (4, 4)];
        for (rows, cols) in shapes {
            let packed = ReachableBoards::new(&Board::solved(rows, cols).unwrap()).unwrap();
            let count = packed.rank_count();
            let mut ranks = Vec::new();
            let mut rank = count / 3;
            for gap in [1, 1, 2, 3, 5, 11, 12, 13, 24, 97, 1_000, 1, 1, 77_777, 1, 5_000_000, 2, 1]
            {
                ranks.push(rank);
                rank = (rank + gap) % count;
            }
            ranks.sort_unstable();
            ranks.dedup();
            let mut found = Vec::new();
            packed.neighbours_of_all(&ranks, |n| found.push(n));
            let mut rest = found.as_slice();
            for &r in &ranks {
                let expected = one_slide_away(&packed, r);
                let (these, others) = rest.split_at(expected.len());
                let mut these = these.to_vec();
                rest = others;
                these.sort_unstable();
                assert_eq!(these, expected, "{rows}x{cols} rank {r}");
            }
            assert!(rest.is_empty());
        }
    }

    #[test]
    fn steps_and_the_other_neighbours_are_the_boards_one_slide_away() {
        // Each rank alone, and all of a size's ranks in one batch: the
        // steps of one rank (slides along a row) and the rest together.
        let shapes = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 7), (4, 4)];
        for (rows, cols) in shapes {
            let packed = ReachableBoards::new(&Board::solved(rows, cols).unwrap()).unwrap();
            let steps = (&packed).rank_steps();
            assert_eq!(steps.period() as usize, rows * cols);
            let step = (packed.rank_count() / 3000).max(1);
            let ranks: Vec<u64> = (0..packed.rank_count()).step_by(step as usize).collect();
            let mut batched = Vec::new();
            (&packed).other_neighbours_of_all(&ranks, |n| batched.push(n));
            let mut rest = batched.as_slice();
            for &r in &ranks {
                let mut alone = Vec::new();
                (&packed).other_neighbours_of_all(&[r], |n| alone.push(n));
                // Slides up and down only: every rank has one or two.
                assert!((1..=2).contains(&alone.len()), "{rows}x{cols} rank {r}");
                let (these, others) = rest.split_at(alone.len());
                assert_eq!(these, alone, "{rows}x{cols} rank {r}");
                rest = others;
                if steps.steps_down(r) {
                    alone.push(r - 1);
                }
                if steps.steps_up(r) {
                    alone.push(r + 1);
                }
                alone.sort_unstable();
                assert_eq!(alone, one_slide_away(&packed, r), "{rows}x{cols} rank {r}");
            }
            assert!(rest.is_empty());
        }
    }

    #[test]
    fn packed_neighbours_are_the_boards_one_slide_away() {
        for (rows, cols) in sizes() {
            let goal = Board::solved(rows, cols).unwrap();
            let packed = ReachableBoards::new(&goal).expect("at most 16 cells");
            let step = (packed.rank_count() / 5000).max(1) as usize;
            for r in (0..packed.rank_count()).step_by(step) {
                let expected = one_slide_away(&packed, r);
                let mut found = Vec::new();
                packed.neighbours(r, |n| found.push(n));
                found.sort_unstable();
                assert_eq!(found, expected, "{rows}x{cols} board\n{}", packed.decode(r));
            }
        }
    }
}
