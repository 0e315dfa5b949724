//! Pattern databases: exact where they can be, admissible everywhere,
//! reflected where the goal allows, and kept in files that are refused
//! when they do not match.

use std::path::PathBuf;
use std::sync::Arc;

use puzzles::{
    Algorithm, Board, ErrorKind, Manhattan, Partition, PatternDatabase, SlidingHeuristic,
    SlidingPuzzle,
};
use search_core::breadth_first::Bfs;
use search_core::{Heuristic, Run, Successors, ida_star};

use super::informed::{assert_legal, korf_goal, korf_instances};

/// A file name of this test's own in the temporary directory.
fn temporary(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("puzzles-test-{}-{name}", std::process::id()))
}

/// Checks `database` against the true distance of every board of
/// `puzzle`, and its updates against a fresh lookup; returns the boards.
fn check_admissible(puzzle: &SlidingPuzzle, database: &PatternDatabase) -> usize {
    let manhattan = Manhattan::new(puzzle.goal());
    let mut walk = Bfs::new();
    walk.start(puzzle, [*puzzle.goal()]).unwrap();
    let mut boards = 0;
    while let Some(visit) = walk.next(puzzle).unwrap() {
        let (board, depth) = (*visit.state(), visit.depth() as u32);
        let h = database.estimate(&board);
        assert!(manhattan.estimate(&board) <= h && h <= depth, "{board:?}: {h} against {depth}");
        assert_eq!(h % 2, depth % 2, "{board:?}: parity");
        puzzle.successors(&board, |child, _| {
            assert_eq!(database.estimate_child(&board, h, &child), database.estimate(&child));
        });
        boards += 1;
    }
    boards
}

#[test]
fn databases_are_admissible_on_every_board_of_wide_tall_and_square_puzzles() {
    for (goal, patterns, reflects) in [
        (Board::solved(2, 4).unwrap(), vec![vec![1, 2, 3], vec![4, 5, 6, 7]], false),
        (Board::solved(4, 2).unwrap(), vec![vec![1, 2, 3, 4], vec![5, 6, 7]], false),
        // The blank on the diagonal: looked up on the reflection too.
        ("0 1 2 / 3 4 5 / 6 7 8".parse().unwrap(), vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]], true),
        // Off the diagonal: no reflection maps the goal onto itself.
        ("1 0 2 / 3 4 5 / 6 7 8".parse().unwrap(), vec![vec![1, 2, 3], vec![4, 5, 6, 7, 8]], false),
    ] {
        let puzzle = SlidingPuzzle::with_goal(goal);
        let database = PatternDatabase::new(&goal, &patterns).unwrap();
        assert_eq!(database.reflects(), reflects, "{goal:?}");
        let expected = if goal.cell_count() == 8 { 20_160 } else { 181_440 };
        assert_eq!(check_admissible(&puzzle, &database), expected);
    }
}

#[test]
fn reflection_raises_estimates_and_never_past_the_distance() {
    // The same tables, with and without the reflected lookup: a pattern
    // of the whole puzzle's tiles but one, whose reflection is another
    // pattern, so the two lookups differ.
    let goal: Board = "0 1 2 / 3 4 5 / 6 7 8".parse().unwrap();
    let puzzle = SlidingPuzzle::with_goal(goal);
    let database = PatternDatabase::new(&goal, &[vec![1, 2, 5]]).unwrap();
    assert!(database.reflects());
    // A board whose pattern tiles are home, but whose reflected pattern
    // tiles (3, 6, 7) are not: only the reflection sees the moves needed.
    let board: Board = "0 1 2 / 7 4 5 / 3 6 8".parse().unwrap();
    assert!(puzzle.is_solvable(&board));
    let distance = puzzle.moves(&board).unwrap().unwrap() as u32;
    let estimate = database.estimate(&board);
    assert!(estimate > 0 && estimate <= distance, "{estimate} against {distance}");
}

#[test]
fn a_saved_database_loads_with_the_same_estimates() {
    let goal = Board::solved(3, 3).unwrap();
    let patterns = [vec![1, 2, 3, 4], vec![5, 6, 7, 8]];
    let database = PatternDatabase::new(&goal, &patterns).unwrap();
    let path = temporary("round-trip.bin");
    database.save(&path).unwrap();
    // Magic, version, the description's length and the description
    // "goal [[1,2,3],[4,5,6],[7,8,0]], patterns [[1, 2, 3, 4], [5, 6, 7, 8]]",
    // tables (3,024 placements each, two a byte), checksum.
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 8 + 4 + 8 + 69 + 2 * 1512 + 8);
    let loaded = PatternDatabase::load(&path, &goal, &patterns).unwrap();
    std::fs::remove_file(&path).unwrap();
    let puzzle = SlidingPuzzle::with_goal(goal);
    let mut walk = Bfs::new();
    walk.start(&puzzle, [goal]).unwrap();
    while let Some(visit) = walk.next(&puzzle).unwrap() {
        assert_eq!(loaded.estimate(visit.state()), database.estimate(visit.state()));
    }
}

#[test]
fn a_file_that_does_not_match_is_refused_with_the_reason() {
    let goal = Board::solved(3, 3).unwrap();
    let patterns = vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]];
    let path = temporary("refused.bin");
    PatternDatabase::new(&goal, &patterns).unwrap().save(&path).unwrap();
    let good = std::fs::read(&path).unwrap();
    let refuse = |bytes: &[u8], goal: &Board, patterns: &[Vec<u8>]| {
        std::fs::write(&path, bytes).unwrap();
        let error = PatternDatabase::load(&path, goal, patterns).unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::Database { path: named, .. } if *named == path));
        let message = error.to_string();
        let prefix = format!("pattern database {} ", path.display());
        message.strip_prefix(&prefix).expect("the message names the file").to_string()
    };

    let mut corrupt = good.clone();
    corrupt[100] ^= 0x10;
    assert_eq!(refuse(&corrupt, &goal, &patterns), "fails its checksum: the file is corrupt");
    let whole = good.len();
    assert_eq!(
        refuse(&good[..whole - 100], &goal, &patterns),
        format!("is {} bytes where its header says {whole}: truncated or corrupt", whole - 100)
    );
    assert_eq!(refuse(&good[..30], &goal, &patterns), "is 30 bytes: truncated or corrupt");
    assert_eq!(refuse(b"hello, world", &goal, &patterns), "is not a pattern database");
    let other_goal: Board = "1 2 3 / 4 5 6 / 7 0 8".parse().unwrap();
    assert_eq!(
        refuse(&good, &other_goal, &patterns),
        "holds \"goal [[1,2,3],[4,5,6],[7,8,0]], patterns [[1, 2, 3, 4], [5, 6, 7, 8]]\", \
         not \"goal [[1,2,3],[4,5,6],[7,0,8]], patterns [[1, 2, 3, 4], [5, 6, 7, 8]]\""
    );
    assert_eq!(
        refuse(&good, &goal, &[vec![1, 2, 3], vec![4, 5, 6, 7, 8]]),
        "holds \"goal [[1,2,3],[4,5,6],[7,8,0]], patterns [[1, 2, 3, 4], [5, 6, 7, 8]]\", \
         not \"goal [[1,2,3],[4,5,6],[7,8,0]], patterns [[1, 2, 3], [4, 5, 6, 7, 8]]\""
    );
    let mut version = good.clone();
    version[8] = 9;
    assert_eq!(refuse(&version, &goal, &patterns), "has layout version 9, not 3");
    let wide = Board::solved(2, 4).unwrap();
    assert_eq!(
        refuse(&good, &wide, &[vec![1, 2, 3]]),
        "holds \"goal [[1,2,3],[4,5,6],[7,8,0]], patterns [[1, 2, 3, 4], [5, 6, 7, 8]]\", \
         not \"goal [[1,2,3,4],[5,6,7,0]], patterns [[1, 2, 3]]\""
    );
    std::fs::remove_file(&path).unwrap();
    let missing = PatternDatabase::load(&path, &goal, &patterns).unwrap_err().to_string();
    assert!(missing.contains("cannot be read"), "{missing}");
}

#[test]
fn partitions_follow_the_goal() {
    // The blank in the bottom half: its 7 tiles are the bottom half's.
    let goal = Board::solved(4, 4).unwrap();
    assert_eq!(
        Partition::SevenEight.patterns(&goal).unwrap(),
        [vec![9, 10, 11, 12, 13, 14, 15], vec![1, 2, 3, 4, 5, 6, 7, 8]]
    );
    assert_eq!(
        Partition::SixSixThree.patterns(&korf_goal()).unwrap(),
        [vec![1, 2, 3], vec![4, 5, 8, 9, 12, 13], vec![6, 7, 10, 11, 14, 15]]
    );
    let error = "6-7".parse::<Partition>().unwrap_err();
    assert_eq!(error.to_string(), "'6-7' is not a partition: expected 6-6-3, 7-8 or 6-6-6-6");
}

#[test]
fn an_installed_database_is_what_best_uses() {
    let puzzle = SlidingPuzzle::with_goal(korf_goal());
    let board = korf_instances()[8].1;
    let solve = |heuristic| {
        let mut solver = puzzle.solver().algorithm(Algorithm::IdaStar).heuristic(heuristic);
        let mut run = Run::new();
        let path = solver.solve(&board, &mut run).unwrap().unwrap();
        assert_legal(&path, &board, puzzle.goal());
        (path.len(), run.stats().expanded)
    };
    let conflicts = solve(SlidingHeuristic::LinearConflict);
    // Nothing installed: linear conflicts.
    assert_eq!(solve(SlidingHeuristic::Best), conflicts);
    let database = PatternDatabase::of_partition(puzzle.goal(), Partition::SixSixThree).unwrap();
    puzzle.install_database(Arc::new(database)).unwrap();
    let best = solve(SlidingHeuristic::Best);
    assert_eq!(best, solve(SlidingHeuristic::SixSixThree));
    assert_eq!(best.0, 46);
    assert!(best.1 * 5 < conflicts.1, "{best:?} against {conflicts:?}");
    // A database of another goal is refused.
    let other = SlidingPuzzle::new(4, 4).unwrap();
    let error = other.install_database(puzzle.pattern_database(Partition::SixSixThree).unwrap());
    assert!(error.unwrap_err().to_string().contains("another goal"));
}

#[test]
#[ignore = "builds the 7-8 database (minutes, 1.6 GB) and solves all 100 instances"]
fn the_seven_eight_database_solves_every_korf_instance() {
    let puzzle = SlidingPuzzle::with_goal(korf_goal());
    let database = puzzle.pattern_database(Partition::SevenEight).unwrap();
    assert_eq!(database.table_bytes(), 259_459_200 + 28_828_800);
    let mut solver =
        puzzle.solver().algorithm(Algorithm::IdaStar).heuristic(SlidingHeuristic::SevenEight);
    let mut run = Run::new();
    let mut total = 0;
    for (number, board) in korf_instances() {
        let path = solver.solve(&board, &mut run).unwrap().expect("every instance is solvable");
        assert_legal(&path, &board, puzzle.goal());
        total += path.len();
        assert!(path.len() >= 41 && path.len() <= 66, "instance {number}: {}", path.len());
    }
    // The published optimal lengths of the 100 instances sum to 5,305.
    assert_eq!(total, 5305);
}

/// The 3x5 puzzle's databases, built once for the cases below: the five
/// tiles of the top row, the five of the middle row, and the four of the
/// bottom one.
fn three_by_five() -> &'static (SlidingPuzzle, PatternDatabase) {
    static BUILT: std::sync::OnceLock<(SlidingPuzzle, PatternDatabase)> =
        std::sync::OnceLock::new();
    BUILT.get_or_init(|| {
        let puzzle = SlidingPuzzle::new(3, 5).unwrap();
        let patterns = [vec![1, 2, 3, 4, 5], vec![6, 7, 8, 9, 10], vec![11, 12, 13, 14]];
        let database = PatternDatabase::new(puzzle.goal(), &patterns).unwrap();
        (puzzle, database)
    })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// IDA* guided by additive databases against breadth-first search
    /// from both ends, on 3x5 boards up to 60 random slides from the goal.
    #[test]
    fn scrambled_3x5_boards_are_solved_optimally_with_additive_databases(
        slides in proptest::collection::vec(0usize..4, 0..60),
    ) {
        let (puzzle, database) = three_by_five();
        let goal = *puzzle.goal();
        let board = slides.iter().fold(goal, |board, &pick| {
            let mut next = Vec::new();
            puzzle.successors(&board, |child, _| next.push(child));
            next[pick % next.len()]
        });
        let mut exact = puzzle.solver().algorithm(Algorithm::Bidirectional);
        let moves = exact.moves(&board, &mut Run::new()).unwrap().expect("reachable");
        let estimate = |b: &Board| database.estimate(b);
        let (path, cost) = ida_star(puzzle, [board], estimate, |b: &Board| *b == goal)
            .unwrap()
            .expect("reachable");
        assert_legal(&path, &board, &goal);
        proptest::prop_assert_eq!((path.len(), cost as usize), (moves, moves));
        proptest::prop_assert!(database.estimate(&board) as usize <= moves);
    }
}
