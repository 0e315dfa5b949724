//! The 8-puzzle packed in a `u64` (a nibble a cell, the blank's cell
//! above them), with the plain successor functions a user would write:
//! the one state type and successor function handed to every contender.

#![expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "both libraries hand states to these functions by reference"
)]
#![allow(dead_code, reason = "each benchmark binary uses some of them")]

use smallvec::SmallVec;

const BLANK: u32 = 36;

pub(crate) fn pack(board: &puzzles::Board) -> u64 {
    let rows = board.to_rows();
    let mut state = 0;
    for (index, &tile) in rows.iter().flatten().enumerate() {
        state |= u64::from(tile) << (4 * index);
        if tile == 0 {
            state |= (index as u64) << BLANK;
        }
    }
    state
}

pub(crate) fn successors(&state: &u64) -> SmallVec<[u64; 4]> {
    let mut out = SmallVec::new();
    each_neighbour(state, |next| out.push(next));
    out
}

/// Hands each neighbour of `state` to `report`.
#[inline]
fn each_neighbour(state: u64, mut report: impl FnMut(u64)) {
    let blank = (state >> BLANK) as usize;
    let (row, col) = (blank / 3, blank % 3);
    let mut swap = |cell: usize| {
        let tile = (state >> (4 * cell)) & 0xF;
        let cells = state & ((1 << BLANK) - 1);
        let cells = cells & !(0xF << (4 * cell)) | (tile << (4 * blank));
        report(cells | ((cell as u64) << BLANK));
    };
    if row > 0 {
        swap(blank - 3);
    }
    if row < 2 {
        swap(blank + 3);
    }
    if col > 0 {
        swap(blank - 1);
    }
    if col < 2 {
        swap(blank + 1);
    }
}

/// The same neighbours in a `Vec` of room for four, filled in place:
/// the plainest successor function a user could write, handed
/// unchanged to every contender of the `generic` groups.
pub(crate) fn successors_vec(&state: &u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(4);
    each_neighbour(state, |next| out.push(next));
    out
}

/// Any board of `rows x cols` (at most 15 cells) packed the same way,
/// the blank's cell in the top nibble.
pub(crate) fn pack_any(board: &puzzles::Board) -> u64 {
    let mut state = 0;
    for (index, tile) in board.tiles().enumerate() {
        state |= u64::from(tile) << (4 * index);
        if tile == 0 {
            state |= (index as u64) << 60;
        }
    }
    state
}

/// Neighbours of a board packed by [`pack_any`], as a `Vec`.
pub(crate) fn successors_any(rows: usize, cols: usize, state: u64) -> Vec<u64> {
    let blank = (state >> 60) as usize;
    let (row, col) = (blank / cols, blank % cols);
    let mut out = Vec::with_capacity(4);
    let mut swap = |cell: usize| {
        let tile = (state >> (4 * cell)) & 0xF;
        let cells = state & ((1 << 60) - 1);
        let cells = cells & !(0xF << (4 * cell)) | (tile << (4 * blank));
        out.push(cells | ((cell as u64) << 60));
    };
    if row > 0 {
        swap(blank - cols);
    }
    if row + 1 < rows {
        swap(blank + cols);
    }
    if col > 0 {
        swap(blank - 1);
    }
    if col + 1 < cols {
        swap(blank + 1);
    }
    out
}

/// Towards tiles in order with the blank last.
pub(crate) fn manhattan(&state: &u64) -> u32 {
    (0..9usize)
        .map(|cell| {
            let tile = ((state >> (4 * cell)) & 0xF) as usize;
            if tile == 0 {
                return 0;
            }
            let home = tile - 1;
            ((cell / 3).abs_diff(home / 3) + (cell % 3).abs_diff(home % 3)) as u32
        })
        .sum()
}
