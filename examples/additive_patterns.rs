//! Additive pattern databases for a puzzle of your own, from the public
//! API alone: the 3x5 sliding puzzle written from scratch, its fourteen
//! tiles split into three patterns, each pattern's table built by
//! `PiecePattern::build`, and their sum guiding IDA* to optimal answers,
//! checked against breadth-first search from both ends.
//!
//! `cargo run --release -p examples --example additive_patterns`

use search_core::deepening::IdaStar;
use search_core::patterns::{Combine, Patterns, PiecePattern};
use search_core::space::UnitCost;
use search_core::{Heuristic, Reversible, Run, Successors, bidirectional_bfs};

const ROWS: usize = 3;
const COLS: usize = 5;

/// Tiles by cell, row by row, 0 for the blank.
type Board = [u8; ROWS * COLS];

/// 1 to 14 in order, the blank last.
const GOAL: Board = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0];

/// The cells next to `cell`.
fn next_to(cell: usize) -> Vec<usize> {
    let (row, col) = (cell / COLS, cell % COLS);
    [
        (row > 0).then(|| cell - COLS),
        (row + 1 < ROWS).then(|| cell + COLS),
        (col > 0).then(|| cell - 1),
        (col + 1 < COLS).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The puzzle: a tile next to the blank slides into it.
struct ThreeByFive;

impl Successors for ThreeByFive {
    type State = Board;
    type Move = ();

    fn successors<F: FnMut(Board, ())>(&self, board: &Board, mut report: F) {
        let blank = board.iter().position(|&tile| tile == 0).unwrap_or(0);
        for cell in next_to(blank) {
            let mut next = *board;
            next.swap(blank, cell);
            report(next, ());
        }
    }
}

/// Every slide can be slid back: a space for search from both ends.
impl Reversible for ThreeByFive {}

/// The sum of one table per pattern: the fewest moves of each pattern's
/// own tiles that bring them home, the other tiles and the blank free.
fn additive_estimate(patterns: &[&[u8]]) -> Result<Patterns<Board>, search_core::Error> {
    let places: Vec<Vec<usize>> = (0..ROWS * COLS).map(next_to).collect();
    let mut estimate = Patterns::new(Combine::Sum);
    for &tiles in patterns {
        let pattern = PiecePattern::new(&places, &GOAL, tiles)?;
        let table = pattern.build(&mut Run::new())?;
        estimate = estimate.with(table, move |board: &Board| pattern.rank(board));
    }
    Ok(estimate)
}

/// A board `slides` random slides from the goal (a fixed generator, never
/// undoing the slide before).
fn scrambled(slides: usize, seed: u64) -> Board {
    let (mut board, mut state, mut came_from) = (GOAL, seed, usize::MAX);
    for _ in 0..slides {
        state =
            state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let blank = board.iter().position(|&tile| tile == 0).unwrap_or(0);
        let cells: Vec<usize> = next_to(blank).into_iter().filter(|&c| c != came_from).collect();
        let cell = cells[(state >> 33) as usize % cells.len()];
        board.swap(blank, cell);
        came_from = blank;
    }
    board
}

/// Solves each board by IDA* with the estimate, checks the length against
/// breadth-first search from both ends, and returns the lengths.
fn solve(boards: &[Board]) -> Result<Vec<usize>, Box<dyn std::error::Error>> {
    // Columns: the left two, the middle and the fourth, the last. Any
    // partition adds up; these keep tiles that block one another together.
    let estimate = additive_estimate(&[&[1, 2, 6, 7, 11, 12], &[3, 4, 8, 9, 13], &[5, 10, 14]])?;
    let mut search = IdaStar::new();
    let mut lengths = Vec::new();
    for &board in boards {
        let mut run = Run::new();
        let found = search.run(
            &UnitCost(ThreeByFive),
            [board],
            |board| estimate.estimate(board),
            |board| *board == GOAL,
            &mut run,
        )?;
        let (path, moves) = found.ok_or("a scrambled board is solvable")?;
        let shortest = bidirectional_bfs(&ThreeByFive, [board], [GOAL])?.ok_or("solvable")?;
        assert_eq!((path.len(), moves as usize), (shortest.len(), shortest.len()), "{board:?}");
        println!(
            "{board:?}: {moves} moves, estimated {} at the start; IDA* expanded {}",
            estimate.estimate(&board),
            run.stats().expanded
        );
        lengths.push(path.len());
    }
    Ok(lengths)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let boards: Vec<Board> = (1..=5).map(|seed| scrambled(60, seed)).collect();
    solve(&boards)?;
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    // A single slide, and boards of many: every length as breadth-first
    // search from both ends finds it (checked inside `solve`).
    let mut boards = vec![GOAL, scrambled(1, 3)];
    boards.extend((1..=3).map(|seed| scrambled(40, seed)));
    let lengths = solve(&boards)?;
    assert_eq!(lengths[..2], [0, 1]);
    assert!(lengths[2..].iter().all(|&moves| moves > 1 && moves <= 40));
    Ok(())
}
