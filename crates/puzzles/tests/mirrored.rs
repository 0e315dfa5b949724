//! `MirroredBoards` and `SlidingPuzzle::enumerate_mirrored` against plain
//! breadth-first search over every board.

use proptest::prelude::*;
use puzzles::{Board, MirroredBoards, Slide, SlidingPuzzle};
use search_core::breadth_first::{Enumeration, Search};
use search_core::layers::{Engine, Enumerator};
use search_core::sorted::SortedEnumeration;
use search_core::space::KeyedSpace;
use search_core::{Limits, Run};

/// Goals whose blank lies on the diagonal: the solved board's (bottom
/// right), and ones with the blank at the top left and in the middle.
fn goals() -> Vec<Board> {
    ["1 2 3 / 4 5 6 / 7 8 0", "0 1 2 / 3 4 5 / 6 7 8", "8 1 2 / 3 0 5 / 6 7 4"]
        .iter()
        .map(|text| text.parse().expect("a board"))
        .collect()
}

/// Each layer's boards, as wide as a plain enumeration's counts.
fn boards_of<S>(layers: &Enumeration<S>) -> Vec<u64> {
    layers.layer_positions().iter().map(|&n| u64::try_from(n).expect("small")).collect()
}

#[test]
fn mirrored_layers_count_the_boards_plain_search_finds() {
    for goal in goals() {
        let puzzle = SlidingPuzzle::with_goal(goal);
        let plain = Search::new().enumerate(&puzzle, [goal], &mut Run::new()).unwrap();
        let mirrored = puzzle.enumerate_mirrored(&Enumerator::new(), &mut Run::new()).unwrap();
        assert_eq!(boards_of(&mirrored), plain.layer_sizes(), "from {goal}");
        assert_eq!(mirrored.engine(), Some(Engine::Sorted));
        // A class is one board or two: fewer classes than boards, more
        // than half as many.
        for (&classes, &boards) in mirrored.layer_sizes().iter().zip(plain.layer_sizes()) {
            assert!(
                classes <= boards && 2 * classes >= boards,
                "from {goal}: {classes} of {boards}"
            );
        }
        let boards = MirroredBoards::new(&goal).unwrap();
        // The deepest classes are the plain deepest boards, a board of each.
        let mut kept: Vec<u64> =
            mirrored.deepest().iter().map(|b| boards.key(b).unwrap()).collect();
        let mut expected: Vec<u64> =
            plain.deepest().iter().map(|b| boards.key(b).unwrap()).collect();
        kept.sort_unstable();
        expected.sort_unstable();
        expected.dedup();
        assert_eq!(kept, expected, "from {goal}");
    }
}

#[test]
fn the_fifteen_puzzle_mirrored_matches_its_layers_to_depth_18() {
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let limits = Limits::new().max_depth(18);
    let plain = puzzle.enumerate_with(&Enumerator::new(), &mut Run::new().limits(limits)).unwrap();
    let mirrored =
        puzzle.enumerate_mirrored(&Enumerator::new(), &mut Run::new().limits(limits)).unwrap();
    assert_eq!(boards_of(&mirrored), plain.layer_sizes());
    // OEIS A089484 at depth 18.
    assert_eq!(mirrored.layer_positions()[18], 447_342);
    assert!(mirrored.states() * 10 < plain.states() * 6);
    assert!(!mirrored.is_complete());
}

#[test]
fn boards_without_a_mirror_are_refused_by_name() {
    let error = MirroredBoards::new(&Board::solved(2, 3).unwrap()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a 2x3 board has no mirror image across a diagonal: only square boards do"
    );
    let error = MirroredBoards::new(&Board::solved(2, 2).unwrap()).unwrap_err();
    assert_eq!(error.to_string(), "a 2x2 board's classes are not keyed: 3x3 and 4x4 boards are");
    let off: Board = "1 2 3 / 4 5 6 / 7 0 8".parse().unwrap();
    let error = SlidingPuzzle::with_goal(off)
        .enumerate_mirrored(&Enumerator::new(), &mut Run::new())
        .unwrap_err();
    assert!(error.to_string().contains("row 3, column 2, off the diagonal"), "{error}");
    let error = MirroredBoards::new(&Board::solved(5, 5).unwrap()).unwrap_err();
    assert!(error.to_string().contains("numbered"), "{error}");
}

/// A random board reachable from `goal`: a walk of `steps` slides.
fn walk(goal: &Board, slides: &[u8]) -> Board {
    let mut board = *goal;
    for &slide in slides {
        if let Some(next) = board.slide(Slide::ALL[usize::from(slide) % 4]) {
            board = next;
        }
    }
    board
}

/// The boards one slide from `board`.
fn neighbours(board: &Board) -> Vec<Board> {
    Slide::ALL.iter().filter_map(|&slide| board.slide(slide)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_mirror_maps_slides_to_slides_and_a_class_to_one_key(
        which in 0usize..5,
        slides in proptest::collection::vec(0u8..4, 0..80),
    ) {
        let goal = match which {
            3 => Board::solved(4, 4).unwrap(),
            4 => "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15".parse().unwrap(),
            i => goals()[i],
        };
        let boards = MirroredBoards::new(&goal).unwrap();
        prop_assert_eq!(boards.mirror(&goal), goal);
        let board = walk(&goal, &slides);
        let mirror = boards.mirror(&board);
        prop_assert_eq!(boards.mirror(&mirror), board);
        let key = boards.key(&board).unwrap();
        prop_assert_eq!(boards.key(&mirror), Some(key));
        let kept = boards.board(key).unwrap();
        prop_assert!(kept == board || kept == mirror);
        let size = if board == mirror { 1 } else { 2 };
        prop_assert_eq!(boards.key_class_size(key), size);
        // The mirror of each neighbour is a neighbour of the mirror, and
        // the space reports the classes of the neighbours.
        let mut mirrored: Vec<Board> = neighbours(&board).iter().map(|b| boards.mirror(b)).collect();
        let mut of_mirror = neighbours(&mirror);
        mirrored.sort_by_key(Board::to_string);
        of_mirror.sort_by_key(Board::to_string);
        prop_assert_eq!(mirrored, of_mirror);
        let mut reported = Vec::new();
        boards.key_neighbours(key, |next| reported.push(next));
        let mut expected: Vec<u64> = neighbours(&kept).iter().map(|b| boards.key(b).unwrap()).collect();
        reported.sort_unstable();
        expected.sort_unstable();
        prop_assert_eq!(reported, expected);
    }
}

#[test]
fn a_run_on_disk_keeps_the_same_classes() {
    let dir = std::env::temp_dir().join(format!("mirrored-disk-{}", std::process::id()));
    let goal = Board::solved(3, 3).unwrap();
    let boards = MirroredBoards::new(&goal).unwrap();
    let start = [boards.key(&goal).unwrap()];
    let memory = SortedEnumeration::new().run_reversible(&boards, &start, &mut Run::new()).unwrap();
    let disk = SortedEnumeration::new()
        .disk(&dir)
        .run_reversible(&boards, &start, &mut Run::new())
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(disk.layer_sizes(), memory.layer_sizes());
    assert_eq!(disk.positions(), 181_440);
}
