//! What a hashed store costs per state as it grows from a million states
//! to a hundred million: a bidirectional search of the 15-puzzle written as
//! a user would write one (the board packed 4 bits a cell in a `u64`, the
//! neighbours of a board returned in a `Vec`, no ranks), timed at each
//! doubling of the states it stores until a state limit stops it.
//!
//! `cargo run --release -p examples --example hashed_store_scale -- 120000000`
//! prints the whole curve (38 s and 8.1 GiB of memory here); without an
//! argument it stops at 4,000,000 states. docs/performance.md has the
//! figures ("Hashed stores at scale").

use std::time::Instant;

use search_core::breadth_first::Search;
use search_core::space::Undirected;
use search_core::{ErrorKind, Limit, Limits, Run, from_fn};

/// The goal: tiles 1 to 15 in order, the blank (0) last.
const GOAL: u64 = 0x0FED_CBA9_8765_4321;

/// The tile in `cell` of `board`, 0 for the blank.
fn tile(board: u64, cell: usize) -> u64 {
    (board >> (4 * cell)) & 0xF
}

/// The boards one slide from `board`: the blank is the one 0 nibble.
#[expect(clippy::trivially_copy_pass_by_ref, reason = "`from_fn` hands states by reference")]
fn neighbours(&board: &u64) -> Vec<u64> {
    let blank = (0..16).find(|&cell| tile(board, cell) == 0).unwrap_or(0);
    let (row, col) = (blank / 4, blank % 4);
    let mut out = Vec::with_capacity(4);
    let mut slide = |cell: usize| {
        out.push(board & !(0xF << (4 * cell)) | (tile(board, cell) << (4 * blank)));
    };
    if row > 0 {
        slide(blank - 4);
    }
    if row < 3 {
        slide(blank + 4);
    }
    if col > 0 {
        slide(blank - 1);
    }
    if col < 3 {
        slide(blank + 1);
    }
    out
}

/// A board some 1,000 random slides from the goal (a fixed seed): on
/// average some fifty moves away, so that the two frontiers of a search
/// from both ends pass a hundred million states long before they meet.
fn scrambled() -> u64 {
    let (mut board, mut seed) = (GOAL, 0x9E37_79B9_7F4A_7C15u64);
    for _ in 0..1_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let next = neighbours(&board);
        board = next[(seed % next.len() as u64) as usize];
    }
    board
}

/// One row of the curve: the states stored when it was taken, and the time
/// each state of the doubling before it took.
struct Doubling {
    stored: u64,
    seconds: f64,
    nanos_per_state: f64,
}

/// Searches from a scrambled board to the goal until `max_states` are
/// stored, and times each doubling of the stored states from 2^20 up.
#[expect(clippy::cast_precision_loss, reason = "state counts below 2^52 convert exactly")]
fn curve(max_states: usize) -> Result<Vec<Doubling>, search_core::Error> {
    let space = Undirected(from_fn(neighbours));
    let start = Instant::now();
    let mut rows: Vec<Doubling> = Vec::new();
    let mut next_row = 1u64 << 20;
    let (mut last_stored, mut last_seconds) = (0u64, 0f64);
    let limits = Limits::new().max_states(max_states).max_memory(64 << 30);
    let mut search = Search::new();
    let mut run = Run::new().limits(limits).on_progress(|progress| {
        if progress.stored >= next_row {
            let seconds = start.elapsed().as_secs_f64();
            let added = (progress.stored - last_stored) as f64;
            let nanos_per_state = (seconds - last_seconds) * 1e9 / added;
            rows.push(Doubling { stored: progress.stored, seconds, nanos_per_state });
            (last_stored, last_seconds) = (progress.stored, seconds);
            next_row = progress.stored.saturating_mul(2);
        }
    });
    match search.bidirectional(&space, [scrambled()], [GOAL], &mut run) {
        // The frontiers met first: the board was nearer than it looks.
        Ok(_) => {}
        Err(error) if matches!(error.kind(), ErrorKind::LimitReached(Limit::States(_))) => {}
        Err(error) => return Err(error),
    }
    drop(run);
    Ok(rows)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let max_states = match std::env::args().nth(1) {
        Some(states) => states.parse().map_err(|_| format!("'{states}' is not a state count"))?,
        None => 4_000_000,
    };
    let rows = curve(max_states)?;
    println!("{:>12} {:>9} {:>20}", "stored", "seconds", "ns a state, this row");
    for row in &rows {
        println!("{:>12} {:>9.2} {:>20.0}", row.stored, row.seconds, row.nanos_per_state);
    }
    if let (Some(first), Some(last)) = (rows.first(), rows.last()) {
        let growth = last.nanos_per_state / first.nanos_per_state;
        println!("cost a state grew {growth:.2}x from {} to {} states", first.stored, last.stored);
    }
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    // Slides can be undone, as `Undirected` requires, and the goal's blank
    // in its corner has two.
    assert_eq!(neighbours(&GOAL).len(), 2);
    assert!(neighbours(&GOAL).iter().all(|next| neighbours(next).contains(&GOAL)));
    let rows = curve(2_500_000)?;
    // Rows at each doubling from 2^20 that the limit lets it reach: about
    // 2^20 and 2^21 stored states.
    assert_eq!(rows.len(), 2);
    assert!(rows[0].stored >= 1 << 20 && rows[1].stored >= 1 << 21);
    main()
}
