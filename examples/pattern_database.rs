//! Pattern databases for your own space: the 8-puzzle written from scratch
//! as an array of tiles, two abstractions of it (where tiles 1-4, or 5-8,
//! and the blank are; the other tiles forgotten), their exact distances in
//! `DistanceTable`s, and their sum guiding IDA* to optimal answers.
//!
//! `cargo run -p examples --example pattern_database`

use search_core::deepening::IdaStar;
use search_core::patterns::{Combine, DistanceTable, Patterns, ZeroOneRankedSpace};
use search_core::space::UnitCost;
use search_core::{Heuristic, Run, Successors, bfs};

/// The 8-puzzle: tiles by cell, 0 for the blank.
type Board = [u8; 9];

const GOAL: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/// The cells next to each cell of the 3x3 grid.
fn neighbours(cell: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (cell / 3, cell % 3);
    [
        (row > 0).then(|| cell - 3),
        (row < 2).then(|| cell + 3),
        (col > 0).then(|| cell - 1),
        (col < 2).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

struct EightPuzzle;

impl Successors for EightPuzzle {
    type State = Board;
    type Move = ();

    fn successors<F: FnMut(Board, ())>(&self, board: &Board, mut report: F) {
        let blank = board.iter().position(|&tile| tile == 0).unwrap_or(0);
        for cell in neighbours(blank) {
            let mut next = *board;
            next.swap(blank, cell);
            report(next, ());
        }
    }
}

/// Where a pattern's tiles and the blank stand, as base-9 digits: tile
/// `tiles[i]` at digit `i`, the blank last. Moving a pattern tile costs 1;
/// the blank trading places with a forgotten tile costs nothing.
struct Abstraction {
    tiles: [u8; 4],
}

impl Abstraction {
    fn rank(&self, board: &Board) -> u64 {
        let cell_of = |tile: u8| board.iter().position(|&t| t == tile).unwrap_or(0) as u64;
        self.tiles.iter().chain(&[0]).fold(0, |rank, &tile| rank * 9 + cell_of(tile))
    }
}

impl ZeroOneRankedSpace for Abstraction {
    fn rank_count(&self) -> u64 {
        9u64.pow(5)
    }

    fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) {
        let mut cells = [0u64; 5];
        let mut rest = rank;
        for cell in cells.iter_mut().rev() {
            *cell = rest % 9;
            rest /= 9;
        }
        let blank = cells[4];
        let distinct = (0..5).all(|i| (0..i).all(|j| cells[i] != cells[j]));
        if !distinct {
            return; // not a placement: unreachable, never expanded
        }
        for cell in neighbours(blank as usize).map(|cell| cell as u64) {
            let mut next = cells;
            next[4] = cell;
            // A pattern tile in that cell moves into the blank's.
            let moved = cells[..4].iter().position(|&c| c == cell);
            if let Some(tile) = moved {
                next[tile] = blank;
            }
            report(next.iter().fold(0, |rank, &c| rank * 9 + c), moved.is_some());
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut estimate = Patterns::new(Combine::Sum);
    for tiles in [[1, 2, 3, 4], [5, 6, 7, 8]] {
        let abstraction = Abstraction { tiles };
        let table =
            DistanceTable::build(&abstraction, &[abstraction.rank(&GOAL)], &mut Run::new())?;
        estimate = estimate.with(table, move |board: &Board| Abstraction { tiles }.rank(board));
    }
    let space = UnitCost(EightPuzzle);
    let mut search = IdaStar::new();
    let mut run = Run::new();
    for start in
        [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1], [4, 1, 2, 5, 0, 3, 7, 8, 6]]
    {
        let (path, moves) = search
            .run(
                &space,
                [start],
                |board| estimate.estimate(board),
                |board| *board == GOAL,
                &mut run,
            )?
            .ok_or("solvable")?;
        let shortest = bfs(&EightPuzzle, [start], |board| *board == GOAL)?.ok_or("solvable")?;
        println!("{start:?}: {moves} moves (breadth-first search: {})", shortest.len());
        assert_eq!((path.len(), moves as usize), (shortest.len(), shortest.len()));
    }
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    main()
}
