use std::collections::VecDeque;
use std::sync::OnceLock;

use proptest::prelude::*;
use puzzles::{Algorithm, Board, ErrorKind, Slide, SlidingPuzzle, sliding_puzzle};
use search_core::Run;
use search_core::layers::Enumerator;
use search_core::{Ranking, Successors};

/// A board from a permutation of `0..rows*cols`.
fn board(rows: usize, cols: usize, tiles: &[u8]) -> Board {
    Board::new(rows, cols, tiles).expect("a permutation")
}

/// Which full ranks can reach the goal, by a plain BFS over boards that
/// shares nothing with the crate but `Board::slide` and `Board::new`.
fn reachable_by_plain_bfs(rows: usize, cols: usize) -> &'static [bool] {
    static TABLES: OnceLock<std::sync::Mutex<Vec<((usize, usize), &'static [bool])>>> =
        OnceLock::new();
    let tables = TABLES.get_or_init(Default::default);
    let mut tables = tables.lock().expect("not poisoned");
    if let Some((_, table)) = tables.iter().find(|(size, _)| *size == (rows, cols)) {
        return table;
    }
    let puzzle = SlidingPuzzle::new(rows, cols).unwrap();
    let n: usize = (1..=rows * cols).product();
    let mut seen = vec![false; n];
    let goal = *puzzle.goal();
    seen[puzzle.rank(&goal) as usize] = true;
    let mut queue = VecDeque::from([goal]);
    while let Some(b) = queue.pop_front() {
        for slide in Slide::ALL {
            if let Some(next) = b.slide(slide) {
                let r = puzzle.rank(&next) as usize;
                if !seen[r] {
                    seen[r] = true;
                    queue.push_back(next);
                }
            }
        }
    }
    let table: &'static [bool] = Box::leak(seen.into_boxed_slice());
    tables.push(((rows, cols), table));
    table
}

/// Checks a solution move by move.
fn assert_legal(path: &search_core::Path<Board, Slide>, start: &Board, goal: &Board) {
    assert_eq!(path.start(), start);
    assert_eq!(path.end(), goal);
    for (pair, slide) in path.states().windows(2).zip(path.moves()) {
        assert_eq!(pair[0].slide(*slide), Some(pair[1]), "illegal {slide} from\n{}", pair[0]);
    }
}

#[test]
fn leetcode_examples() {
    assert_eq!(sliding_puzzle(vec![vec![1, 2, 3], vec![4, 0, 5]]), 1);
    assert_eq!(sliding_puzzle(vec![vec![1, 2, 3], vec![5, 4, 0]]), -1);
    assert_eq!(sliding_puzzle(vec![vec![4, 1, 2], vec![5, 0, 3]]), 5);
    assert_eq!(sliding_puzzle(vec![vec![1, 2, 3], vec![4, 5, 0]]), 0);
    assert_eq!(sliding_puzzle(vec![vec![3, 2, 4], vec![1, 5, 0]]), 14);
    // Malformed boards answer -1 rather than panic.
    assert_eq!(sliding_puzzle(vec![vec![1, 2, 3], vec![4, 5, 5]]), -1);
    assert_eq!(sliding_puzzle(vec![]), -1);
}

#[test]
fn the_2x3_puzzle_has_360_boards_and_one_hardest_at_21() {
    let puzzle = SlidingPuzzle::new(2, 3).unwrap();
    let layers = puzzle.enumerate().unwrap();
    assert_eq!(layers.states(), 360);
    assert_eq!(layers.radius(), 21);
    assert_eq!(layers.deepest(), [board(2, 3, &[4, 5, 0, 1, 2, 3])]);
    assert_eq!(puzzle.moves(&board(2, 3, &[4, 5, 0, 1, 2, 3])).unwrap(), Some(21));
    assert_eq!(layers.layer_sizes().iter().sum::<u64>(), 360);
}

#[test]
fn known_state_counts_and_radii() {
    for (rows, cols, states, radius) in
        [(2, 2, 12, 6), (3, 3, 181_440, 31), (2, 4, 20_160, 36), (4, 2, 20_160, 36)]
    {
        let puzzle = SlidingPuzzle::new(rows, cols).unwrap();
        let layers = puzzle.enumerate().unwrap();
        assert_eq!((layers.states(), layers.radius()), (states, radius), "{rows}x{cols}");
        let dense = puzzle.enumerate_with(&Enumerator::new(), &mut Run::new()).unwrap();
        assert_eq!(dense.layer_sizes(), layers.layer_sizes(), "{rows}x{cols}");
        let mut deepest = dense.deepest().to_vec();
        let mut expected = layers.deepest().to_vec();
        deepest.sort_by_key(|b| puzzle.rank(b));
        expected.sort_by_key(|b| puzzle.rank(b));
        assert_eq!(deepest, expected, "{rows}x{cols}");
    }
    // The two hardest 8-puzzle boards.
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    for text in ["[[8,6,7],[2,5,4],[3,0,1]]", "[[6,4,7],[8,5,0],[3,2,1]]"] {
        assert_eq!(puzzle.moves(&text.parse().unwrap()).unwrap(), Some(31));
    }
}

#[test]
fn the_2x5_puzzle_has_1814400_boards_and_radius_55() {
    let puzzle = SlidingPuzzle::new(2, 5).unwrap();
    let layers = puzzle.enumerate_with(&Enumerator::new(), &mut Run::new()).unwrap();
    assert_eq!(layers.states(), 1_814_400);
    assert_eq!(layers.radius(), 55);
    for hardest in layers.deepest() {
        assert!(puzzle.is_solvable(hardest));
    }
    let first = layers.deepest()[0];
    assert_eq!(puzzle.moves(&first).unwrap(), Some(55));
}

#[test]
#[ignore = "enumerates 239,500,800 boards in 57 MiB: about 9 s on two cores; run with --ignored"]
fn the_3x4_puzzle_has_239500800_boards_and_radius_53() {
    let puzzle = SlidingPuzzle::new(3, 4).unwrap();
    let layers = puzzle.enumerate_with(&Enumerator::new(), &mut Run::new()).unwrap();
    assert_eq!(layers.states(), 239_500_800);
    assert_eq!(layers.radius(), 53);
    assert_eq!(layers.deepest().len(), 18);
}

#[test]
fn dense_enumeration_towards_other_goals_matches_the_generic_one() {
    for goal in ["0 1 2 / 3 4 5", "5 4 3 / 2 1 0", "1 0 / 2 3 / 4 5", "3 1 2 / 0 4 5 / 6 7 8"] {
        let goal: Board = goal.parse().unwrap();
        let puzzle = SlidingPuzzle::with_goal(goal);
        let generic = puzzle.enumerate().unwrap();
        for threads in [1, 2] {
            let dense = puzzle
                .enumerate_with(&Enumerator::new().threads(threads), &mut Run::new())
                .unwrap();
            assert_eq!(dense.layer_sizes(), generic.layer_sizes(), "{goal}");
            assert_eq!(dense.deepest().len(), generic.deepest().len());
        }
    }
}

#[test]
fn parity_agrees_with_exhaustive_search_on_every_2x3_arrangement() {
    let puzzle = SlidingPuzzle::new(2, 3).unwrap();
    let reachable = reachable_by_plain_bfs(2, 3);
    let mut solvable = 0;
    for rank in 0..720 {
        let b = puzzle.unrank(rank).unwrap();
        assert_eq!(puzzle.is_solvable(&b), reachable[rank as usize], "{b}");
        solvable += usize::from(reachable[rank as usize]);
        // Unsolvable boards are answered without a search.
        let mut solver = puzzle.solver();
        let mut run = Run::new();
        let moves = solver.moves(&b, &mut run).unwrap();
        assert_eq!(moves.is_some(), reachable[rank as usize]);
        if moves.is_none() {
            assert_eq!(run.stats().expanded, 0);
        }
    }
    assert_eq!(solvable, 360);
}

fn permutation(n: usize) -> impl Strategy<Value = Vec<u8>> {
    Just((0..n as u8).collect::<Vec<u8>>()).prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn parity_agrees_with_exhaustive_search_on_3x3_and_2x4((rows, cols, tiles) in prop_oneof![
        permutation(9).prop_map(|t| (3, 3, t)),
        permutation(8).prop_map(|t| (2, 4, t)),
        permutation(8).prop_map(|t| (4, 2, t)),
    ]) {
        let puzzle = SlidingPuzzle::new(rows, cols).unwrap();
        let b = board(rows, cols, &tiles);
        prop_assert_eq!(puzzle.is_solvable(&b), reachable_by_plain_bfs(rows, cols)[puzzle.rank(&b) as usize]);
    }

    #[test]
    fn bidirectional_and_plain_bfs_agree_on_solvable_boards(tiles in permutation(9)) {
        let puzzle = SlidingPuzzle::new(3, 3).unwrap();
        let b = board(3, 3, &tiles);
        let via_bfs = puzzle.solver().algorithm(Algorithm::Bfs).solve(&b, &mut Run::new()).unwrap();
        let via_both = puzzle.solver().algorithm(Algorithm::Bidirectional).solve(&b, &mut Run::new()).unwrap();
        prop_assert_eq!(via_bfs.is_some(), puzzle.is_solvable(&b));
        if let (Some(one), Some(other)) = (&via_bfs, &via_both) {
            prop_assert_eq!(one.len(), other.len());
            assert_legal(one, &b, puzzle.goal());
            assert_legal(other, &b, puzzle.goal());
            prop_assert_eq!(puzzle.solver().algorithm(Algorithm::Bfs).moves(&b, &mut Run::new()).unwrap(), Some(one.len()));
        } else {
            prop_assert!(via_both.is_none());
        }
    }

    #[test]
    fn solutions_towards_any_goal_are_legal(tiles in permutation(6), goal in permutation(6)) {
        let goal = board(2, 3, &goal);
        let puzzle = SlidingPuzzle::with_goal(goal);
        let b = board(2, 3, &tiles);
        match puzzle.solve(&b).unwrap() {
            Some(path) => assert_legal(&path, &b, &goal),
            None => prop_assert!(!puzzle.is_solvable(&b)),
        }
    }

    #[test]
    fn rank_then_unrank_is_the_identity(tiles in permutation(16)) {
        let puzzle = SlidingPuzzle::new(4, 4).unwrap();
        let b = board(4, 4, &tiles);
        prop_assert_eq!(puzzle.unrank(puzzle.rank(&b)), Some(b));
    }

    #[test]
    fn parsing_never_panics(text in "\\PC{0,40}") {
        let _ = text.parse::<Board>();
    }

    #[test]
    fn parsing_numeric_noise_never_panics(text in "[\\[\\]0-9, /;-]{0,40}") {
        if let Ok(b) = text.parse::<Board>() {
            // Whatever parses prints back and parses again to itself.
            let again: Board = b.to_string().replace('.', "0").parse().unwrap();
            prop_assert_eq!(again, b);
        }
    }
}

#[test]
fn parse_errors_name_what_is_wrong_and_where() {
    let cases = [
        ("[[1,2,3],[4,0]]", "row 2 has 2 cells, but row 1 has 3"),
        ("1 2 3 / 4 5", "row 2 has 2 cells, but row 1 has 3"),
        ("[[1,2],[0]]", "row 2 has 1 cell, but row 1 has 2"),
        (
            "[[1,2,3,4,5,6,7,8,0]]",
            "a 1x9 board is not supported: rows and columns must be at least 2, with at most 25 cells \
             (mark the rows: 4 1 2 / 5 0 3 or [[4,1,2],[5,0,3]])",
        ),
        (
            "1 2 3 4 5 0",
            "a 1x6 board is not supported: rows and columns must be at least 2, with at most 25 cells \
             (mark the rows: 4 1 2 / 5 0 3 or [[4,1,2],[5,0,3]])",
        ),
        (
            "1 0",
            "a 1x2 board is not supported: rows and columns must be at least 2, with at most 25 cells",
        ),
        (
            "[[]]",
            "a 1x0 board is not supported: rows and columns must be at least 2, with at most 25 cells",
        ),
        (
            "",
            "a 0x0 board is not supported: rows and columns must be at least 2, with at most 25 cells",
        ),
        ("[[1,2,3],[4,0,4]]", "tile 4 appears twice (row 2, column 1 and row 2, column 3)"),
        ("[[1,2,3],[4,0,9]]", "row 2, column 3: 9 is not a tile of this board (0 to 5)"),
        (
            "[[1,2,3],[4,0,99999999999999999999999]]",
            "row 2, column 3: 99999999999999999999999 is not a tile of this board (0 to 5)",
        ),
        ("[[1,2,3],[4,5,6]]", "the board has no blank (0)"),
        ("1 2 x / 4 5 0", "row 1: 'x' is not a number"),
        ("[[1,2,3],[4,5,0]", "expected ',' or ']' after a row at column 17"),
        ("[[1,2,3],[4,5,0]] extra", "expected the end of the board at column 19"),
        ("[[1,,2]]", "expected a number at column 5"),
    ];
    for (text, message) in cases {
        let error = text.parse::<Board>().unwrap_err();
        assert_eq!(error.to_string(), message, "for {text:?}");
    }
    assert!(matches!("1 2 / 3 3".parse::<Board>().unwrap_err().kind(), ErrorKind::NoBlank));
}

#[test]
fn one_line_of_a_square_count_of_cells_is_a_square_board() {
    // Korf's first instance, as papers and files usually write it.
    let korf_1: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse().unwrap();
    assert_eq!(korf_1, "14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3".parse().unwrap());
    assert_eq!((korf_1.rows(), korf_1.cols()), (4, 4));
    let eight: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
    assert_eq!(eight, Board::solved(3, 3).unwrap());
    let two: Board = "1, 2, 3, 0".parse().unwrap();
    assert_eq!(two, Board::solved(2, 2).unwrap());
}

#[test]
fn custom_goal_and_size_mismatch() {
    let goal: Board = "0 1 2 / 3 4 5".parse().unwrap();
    let puzzle = SlidingPuzzle::with_goal(goal);
    assert_eq!(puzzle.moves(&"1 0 2 / 3 4 5".parse().unwrap()).unwrap(), Some(1));
    let error = puzzle.solve(&"1 2 / 3 0".parse().unwrap()).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::SizeMismatch { .. }));
}

#[test]
fn bigger_boards_solve_through_hashing() {
    // 3x4 and 4x4 have too many arrangements for a flat table; the search
    // falls back to hashing and still answers.
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let b: Board = "1 2 3 4 / 5 6 7 8 / 9 10 0 11 / 13 14 15 12".parse().unwrap();
    let path = puzzle.solve(&b).unwrap().unwrap();
    // Blank right (over 11), then down (over 12).
    assert_eq!(path.moves(), [Slide::Right, Slide::Down]);
    assert_legal(&path, &b, puzzle.goal());
    assert_eq!(puzzle.ranking().map(|ranking| ranking.rank_count()), Some(20_922_789_888_000));
}

#[test]
fn tiles_are_written_without_sign_or_leading_zeros() {
    for (text, message) in [
        ("[[1,2,3],[4,5,-0]]", "row 2: '-0' is not a tile: tiles have no sign"),
        ("1 2 3 / 4 5 00", "row 2: '00' is not a tile: tiles have no leading zeros"),
        ("[[1,2,3],[4,05,0]]", "row 2: '05' is not a tile: tiles have no leading zeros"),
    ] {
        let error = text.parse::<Board>().unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::MalformedTile { row: 2, .. }), "{text}");
        assert_eq!(error.to_string(), message);
    }
    // A lone 0 is the blank, and -5 is a number that is no tile.
    assert!("1 2 3 / 4 5 0".parse::<Board>().is_ok());
    assert_eq!(
        "1 2 3 / 4 -5 0".parse::<Board>().unwrap_err().to_string(),
        "row 2, column 2: -5 is not a tile of this board (0 to 5)"
    );
}

#[test]
fn a_byte_order_mark_before_a_board_is_skipped() {
    let expected: Board = "4 1 2 / 5 0 3".parse().unwrap();
    assert_eq!("\u{feff}[[4,1,2],[5,0,3]]".parse::<Board>().unwrap(), expected);
    assert_eq!("\u{feff}4 1 2 / 5 0 3".parse::<Board>().unwrap(), expected);
}

#[test]
fn a_huge_token_is_quoted_by_a_short_prefix() {
    let digits = "9".repeat(1_000_000);
    let message = format!("[[1,2,3],[4,{digits},0]]").parse::<Board>().unwrap_err().to_string();
    assert_eq!(
        message,
        format!(
            "row 2, column 2: {}... (1000000 characters) is not a tile of this board (0 to 5)",
            "9".repeat(32)
        )
    );
    let letters = "x".repeat(1_000_000);
    let message = format!("1 2 3 / 4 {letters} 0").parse::<Board>().unwrap_err().to_string();
    assert!(message.len() < 100, "{message}");
}

#[test]
fn a_wrapped_search_error_is_printed_once() {
    use std::error::Error as _;
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let mut solver = puzzle.solver();
    let mut run = Run::new().limits(search_core::Limits::new().max_states(10));
    let error = solver.moves(&"8 6 7 / 2 5 4 / 3 0 1".parse().unwrap(), &mut run).unwrap_err();
    assert_eq!(error.to_string(), "search reached its limit of 10 stored states without an answer");
    // A reporter that prints the message and then its sources says it once.
    assert!(error.source().is_none());
    assert!(matches!(error.kind(), ErrorKind::Search(_)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// One-shot solves share this thread's tables from one call to the
    /// next, across sizes and goals: each answer must still be the one a
    /// solver of its own gives, legal move by move.
    #[test]
    fn one_shot_solves_answer_as_their_own_solvers_do(
        runs in prop::collection::vec(
            prop_oneof![
                (permutation(6), permutation(6)).prop_map(|(t, g)| (2, 3, t, g)),
                (permutation(9), permutation(9)).prop_map(|(t, g)| (3, 3, t, g)),
                (permutation(8), permutation(8)).prop_map(|(t, g)| (2, 4, t, g)),
            ],
            1..6,
        ),
    ) {
        for (rows, cols, tiles, goal) in runs {
            let goal = board(rows, cols, &goal);
            let puzzle = SlidingPuzzle::with_goal(goal);
            let start = board(rows, cols, &tiles);
            let one_shot = puzzle.solve(&start).unwrap();
            let own = puzzle.solver().solve(&start, &mut Run::new()).unwrap();
            prop_assert_eq!(one_shot.as_ref().map(search_core::Path::len), own.as_ref().map(search_core::Path::len));
            prop_assert_eq!(puzzle.moves(&start).unwrap(), own.as_ref().map(search_core::Path::len));
            if let Some(path) = &one_shot {
                assert_legal(path, &start, &goal);
            }
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn boards_travel_as_size_and_cells_and_are_checked_on_arrival() {
    let start = board(2, 3, &[4, 1, 2, 5, 0, 3]);
    let text = serde_json::to_string(&start).expect("serialize");
    // 2 rows, 3 columns, the tiles 4 bits each, the first cell lowest.
    assert_eq!(text, format!("[2,3,{}]", 0x30_5214_u64));
    assert_eq!(serde_json::from_str::<Board>(&text).expect("deserialize"), start);
    // Two 1-tiles and no 4: not a board.
    let error = serde_json::from_str::<Board>(&format!("[2,3,{}]", 0x30_5211_u64)).unwrap_err();
    assert!(error.to_string().contains("tile"), "{error}");
    assert!(serde_json::from_str::<Board>("[9,9,0]").is_err());
}
