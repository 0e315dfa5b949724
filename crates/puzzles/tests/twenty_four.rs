//! Boards of more than 16 cells, up to the 24-puzzle: their 5-bit cells,
//! exact answers against breadth-first search from both ends, and pattern
//! databases against search-core's independent builder.

use proptest::prelude::*;
use puzzles::{
    Algorithm, Board, Partition, PatternDatabase, ReachableBoards, Slide, SlidingHeuristic,
    SlidingPuzzle,
};
use search_core::patterns::{Combine, Patterns, PiecePattern};
use search_core::{Heuristic, Ranking, Run, Successors};

use super::informed::assert_legal;

/// Korf and Taylor's ten instances, as (number, board).
pub(crate) fn korf_taylor_instances() -> Vec<(u32, Board)> {
    let text = include_str!("../data/korf-taylor-24.txt");
    text.lines()
        .map(|line| {
            let numbers: Vec<u8> = line.split_whitespace().map(|n| n.parse().unwrap()).collect();
            (u32::from(numbers[0]), Board::new(5, 5, &numbers[1..]).unwrap())
        })
        .collect()
}

/// The 24-puzzle's goal with the blank first, as the instances use it.
pub(crate) fn blank_first() -> Board {
    Board::new(5, 5, &(0..25).collect::<Vec<u8>>()).unwrap()
}

/// The board `slides` (indices into [`Slide::ALL`], each taken modulo the
/// slides possible there) make from `start`.
fn walk(start: Board, slides: &[usize]) -> Board {
    slides.iter().fold(start, |board, &pick| {
        let next: Vec<Board> = Slide::ALL.iter().filter_map(|&s| board.slide(s)).collect();
        next[pick % next.len()]
    })
}

#[test]
fn boards_of_25_cells_read_print_and_slide() {
    let instances = korf_taylor_instances();
    assert_eq!(instances.len(), 10);
    let first: Board =
        "17 1 20 9 16 2 22 19 14 5 15 21 0 3 24 23 18 13 12 7 10 8 6 4 11".parse().unwrap();
    assert_eq!(first, instances[0].1);
    assert_eq!((first.rows(), first.cols(), first.blank()), (5, 5, (2, 2)));
    assert_eq!(first.tile(4, 4), 11);
    assert_eq!(first.tiles().max(), Some(24));
    assert_eq!(first.to_string().lines().next(), Some("17  1 20  9 16"));
    let up = first.slide(Slide::Up).unwrap();
    assert_eq!((up.blank(), up.tile(2, 2)), ((1, 2), 19));
    assert_eq!(up.slide(Slide::Down), Some(first));

    let puzzle = SlidingPuzzle::with_goal(blank_first());
    for (number, board) in &instances {
        assert!(puzzle.is_solvable(board), "instance {number}");
    }
    // Two tiles swapped: the other half.
    let mut tiles: Vec<u8> = first.tiles().collect();
    tiles.swap(0, 1);
    assert!(!puzzle.is_solvable(&Board::new(5, 5, &tiles).unwrap()));
    let error = Board::new(5, 6, &[0; 30]).unwrap_err().to_string();
    assert_eq!(
        error,
        "a 5x6 board is not supported: rows and columns must be at least 2, with at most 25 cells"
    );
    let error = "[[1,2,3,4,5,6,7,8,9,10,11,12,13,0],[14,15,16,17,18,19,20,21,22,23,24,25,26,27]]"
        .parse::<Board>()
        .unwrap_err();
    assert!(error.to_string().starts_with("a 2x14 board is not supported"), "{error}");
}

#[test]
fn boards_of_more_than_16_cells_are_not_numbered() {
    let puzzle = SlidingPuzzle::new(5, 5).unwrap();
    assert!(puzzle.ranking().is_none());
    assert_eq!(puzzle.rank_count(), 0);
    assert_eq!(puzzle.unrank(0), None);
    let error = ReachableBoards::new(puzzle.goal()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a 5x5 board has 25 cells: boards are numbered (for enumeration and ranks) up to 16 cells"
    );
    let error = puzzle
        .enumerate_with(&search_core::layers::Enumerator::new(), &mut Run::new())
        .unwrap_err();
    assert!(error.to_string().starts_with("a 5x5 board has 25 cells"), "{error}");
    assert!(SlidingPuzzle::new(4, 4).unwrap().ranking().is_some());
}

#[test]
fn the_6666_partition_follows_the_blanks_corner() {
    let patterns = Partition::SixSixSixSix.patterns(&blank_first()).unwrap();
    assert_eq!(
        patterns,
        [
            vec![1, 2, 5, 6, 7, 12],
            vec![3, 4, 8, 9, 13, 14],
            vec![10, 11, 15, 16, 20, 21],
            vec![17, 18, 19, 22, 23, 24],
        ]
    );
    // The blank last: the same cells turned half a circle.
    let patterns = Partition::SixSixSixSix.patterns(&Board::solved(5, 5).unwrap()).unwrap();
    assert_eq!(patterns[0], [13, 18, 19, 20, 23, 24]);
    assert_eq!(patterns[3], [1, 2, 3, 6, 7, 8]);
    let mut tiles: Vec<u8> = (1..25).collect();
    tiles.insert(12, 0);
    let centre = Board::new(5, 5, &tiles).unwrap();
    assert_eq!(
        Partition::SixSixSixSix.patterns(&centre).unwrap_err().to_string(),
        "the 6-6-6-6 pattern database is for goals with the blank in a corner, not at row 3, column 3"
    );
    assert_eq!(
        Partition::SixSixSixSix.patterns(&Board::solved(4, 4).unwrap()).unwrap_err().to_string(),
        "the 6-6-6-6 pattern database is for 5x5 boards, not 4x4"
    );
    assert_eq!("6-6-6-6".parse::<Partition>().unwrap(), Partition::SixSixSixSix);
    assert_eq!("pdb-6666".parse::<SlidingHeuristic>().unwrap(), SlidingHeuristic::SixSixSixSix);
}

/// A 5x5 goal with the blank off the main diagonal, so that no reflection
/// applies, and small patterns that build in a moment.
fn off_diagonal() -> (Board, Vec<Vec<u8>>) {
    let mut tiles: Vec<u8> = (1..25).collect();
    tiles.insert(1, 0);
    let goal = Board::new(5, 5, &tiles).unwrap();
    (goal, vec![vec![1, 2, 6], vec![3, 4, 5], vec![7, 8, 12], vec![9, 10, 14]])
}

/// The places of the 5x5 grid, each next to those beside, above and
/// below it.
fn grid_5x5() -> Vec<Vec<usize>> {
    (0..25)
        .map(|place: usize| {
            let (row, col) = (place / 5, place % 5);
            let mut next = Vec::new();
            if row > 0 {
                next.push(place - 5);
            }
            if row < 4 {
                next.push(place + 5);
            }
            if col > 0 {
                next.push(place - 1);
            }
            if col < 4 {
                next.push(place + 1);
            }
            next
        })
        .collect()
}

#[test]
fn a_5x5_database_equals_search_cores_piece_patterns() {
    // The database keeps the tables `PiecePattern::build` makes in 4 bits
    // an entry, as half the excess over Manhattan distance, and looks
    // them up by its own ranks: the sum must equal that of the byte
    // tables looked up by `PiecePattern::rank`. (search-core's tests check
    // those tables against a 0-1 search over every place of the blank.)
    let (goal, patterns) = off_diagonal();
    let database = PatternDatabase::new(&goal, &patterns).unwrap();
    assert!(!database.reflects());
    let goal_pieces: Vec<u8> = goal.tiles().collect();
    let mut sum = Patterns::new(Combine::Sum);
    for pieces in &patterns {
        let pattern = PiecePattern::new(&grid_5x5(), &goal_pieces, pieces).unwrap();
        let table = pattern.build(&mut Run::new()).unwrap();
        sum =
            sum.with(table, move |board: &Board| pattern.rank(&board.tiles().collect::<Vec<u8>>()));
    }
    // Manhattan distance of the patterns' tiles alone.
    let manhattan = |board: &Board| -> u32 {
        let home = |tile: u8| goal.tiles().position(|t| t == tile).unwrap();
        let at = |tile: u8| board.tiles().position(|t| t == tile).unwrap();
        let apart = |a: usize, b: usize| (a / 5).abs_diff(b / 5) + (a % 5).abs_diff(b % 5);
        patterns.iter().flatten().map(|&tile| apart(home(tile), at(tile)) as u32).sum()
    };
    let mut board = goal;
    let mut above_manhattan = 0;
    for step in 0..400 {
        board = walk(board, &[step * 7 + step / 3]);
        let estimate = database.estimate(&board);
        assert_eq!(estimate, sum.estimate(&board), "{board}");
        assert!(estimate >= manhattan(&board));
        above_manhattan += usize::from(estimate > manhattan(&board));
        let puzzle = SlidingPuzzle::with_goal(goal);
        puzzle.successors(&board, |child, _| {
            assert_eq!(
                database.estimate_child(&board, estimate, &child),
                database.estimate(&child)
            );
        });
    }
    assert!(above_manhattan >= 30, "{above_manhattan} of 400 above Manhattan");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// IDA* with linear conflicts, and with a small database, against
    /// breadth-first search from both ends, on boards up to 30 slides
    /// from either goal.
    #[test]
    fn scrambled_5x5_boards_are_solved_optimally(
        slides in proptest::collection::vec(0usize..4, 0..30),
        blank_first_goal in any::<bool>(),
    ) {
        let (goal, patterns) = if blank_first_goal {
            (blank_first(), Vec::new())
        } else {
            off_diagonal()
        };
        let puzzle = SlidingPuzzle::with_goal(goal);
        let board = walk(goal, &slides);
        let mut exact = puzzle.solver().algorithm(Algorithm::Bidirectional);
        let moves = exact.moves(&board, &mut Run::new()).unwrap().expect("reachable");
        prop_assert!(moves <= slides.len());
        let mut lengths = Vec::new();
        for heuristic in [SlidingHeuristic::Manhattan, SlidingHeuristic::LinearConflict] {
            let mut solver = puzzle.solver().algorithm(Algorithm::IdaStar).heuristic(heuristic);
            let path = solver.solve(&board, &mut Run::new()).unwrap().expect("reachable");
            assert_legal(&path, &board, &goal);
            lengths.push(path.len());
        }
        if !patterns.is_empty() {
            let database = PatternDatabase::new(&goal, &patterns).unwrap();
            let estimate = database.estimate(&board);
            prop_assert!(estimate as usize <= moves, "{} above {}", estimate, moves);
        }
        prop_assert_eq!(lengths, [moves, moves]);
    }
}

#[test]
#[ignore = "builds the 6-6-6-6 databases (minutes, 1 GB) and solves two 24-puzzles: \
            run with --release"]
fn the_first_two_korf_taylor_instances_are_solved_optimally() {
    let puzzle = SlidingPuzzle::with_goal(blank_first());
    let database = PatternDatabase::of_partition(puzzle.goal(), Partition::SixSixSixSix).unwrap();
    puzzle.install_database(std::sync::Arc::new(database)).unwrap();
    let mut solver = puzzle
        .solver()
        .algorithm(Algorithm::IdaStar)
        .heuristic(SlidingHeuristic::SixSixSixSix)
        .parallel(true);
    let instances = korf_taylor_instances();
    // The optimal lengths Korf and Felner (2002) published.
    for (index, moves) in [(0, 100), (1, 95)] {
        let (number, board) = instances[index];
        let path = solver.solve(&board, &mut Run::new()).unwrap().expect("solvable");
        assert_legal(&path, &board, puzzle.goal());
        assert_eq!(path.len(), moves, "instance {number}");
    }
}
