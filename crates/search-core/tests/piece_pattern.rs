//! [`PiecePattern`]: additive pattern databases against exact distances
//! found by a plain breadth-first search over whole boards.

use std::collections::{HashMap, VecDeque};

use search_core::{Combine, DistanceTable, ErrorKind, Heuristic, Patterns, PiecePattern, Run};

/// The places of a `rows` x `cols` grid, each next to those beside,
/// above and below it.
fn grid(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    (0..rows * cols)
        .map(|place| {
            let (row, col) = (place / cols, place % cols);
            let mut next = Vec::new();
            if row > 0 {
                next.push(place - cols);
            }
            if row + 1 < rows {
                next.push(place + cols);
            }
            if col > 0 {
                next.push(place - 1);
            }
            if col + 1 < cols {
                next.push(place + 1);
            }
            next
        })
        .collect()
}

/// Every board reachable from `goal` and its distance, by a plain
/// breadth-first search of slides.
fn distances(next_to: &[Vec<usize>], goal: &[u8]) -> HashMap<Vec<u8>, u32> {
    let mut seen = HashMap::from([(goal.to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(board) = queue.pop_front() {
        let distance = seen[&board];
        let blank = board.iter().position(|&piece| piece == 0).unwrap();
        for &place in &next_to[blank] {
            let mut next = board.clone();
            next.swap(blank, place);
            if !seen.contains_key(&next) {
                seen.insert(next.clone(), distance + 1);
                queue.push_back(next);
            }
        }
    }
    seen
}

/// The sum of the pieces' grid distances from home.
fn manhattan(board: &[u8], goal: &[u8], cols: usize) -> u32 {
    let home = |piece: u8| goal.iter().position(|&p| p == piece).unwrap();
    let apart = |a: usize, b: usize| (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols);
    board
        .iter()
        .enumerate()
        .filter(|&(_, &p)| p != 0)
        .map(|(at, &p)| apart(at, home(p)) as u32)
        .sum()
}

/// The additive estimate of `patterns` towards `goal`.
fn additive(next_to: &[Vec<usize>], goal: &[u8], patterns: &[&[u8]]) -> Patterns<Vec<u8>> {
    let mut estimate = Patterns::new(Combine::Sum);
    for &pieces in patterns {
        let pattern = PiecePattern::new(next_to, goal, pieces).unwrap();
        let with_blank =
            DistanceTable::build(&pattern, &[pattern.goal_rank()], &mut Run::new()).unwrap();
        let table = pattern.without_blank(&with_blank).unwrap();
        estimate = estimate.with(table, move |board: &Vec<u8>| pattern.rank(board));
    }
    estimate
}

#[test]
fn one_pattern_of_every_piece_gives_the_exact_distance() {
    for (rows, cols, reachable, radius) in [(2, 3, 360, 21), (3, 3, 181_440, 31)] {
        let next_to = grid(rows, cols);
        let places = rows * cols;
        let goal: Vec<u8> = (1..places as u8).chain([0]).collect();
        let exact = distances(&next_to, &goal);
        assert_eq!(exact.len(), reachable);
        assert_eq!(exact.values().max(), Some(&radius));
        let every: Vec<u8> = (1..places as u8).collect();
        let estimate = additive(&next_to, &goal, &[&every]);
        for (board, &distance) in &exact {
            assert_eq!(estimate.estimate(board), distance, "{board:?}");
        }
    }
}

#[test]
fn disjoint_patterns_add_up_to_no_more_than_the_distance_and_no_less_than_manhattan() {
    // The 8-puzzle, and the 2x4 puzzle with the blank first.
    let cases: [(usize, usize, Vec<u8>, [&[u8]; 2], usize, u32); 2] = [
        (3, 3, vec![1, 2, 3, 4, 5, 6, 7, 8, 0], [&[1, 2, 3, 4], &[5, 6, 7, 8]], 181_440, 31),
        (2, 4, vec![0, 1, 2, 3, 4, 5, 6, 7], [&[1, 2, 5], &[3, 4, 6, 7]], 20_160, 36),
    ];
    for (rows, cols, goal, patterns, reachable, radius) in cases {
        let next_to = grid(rows, cols);
        let exact = distances(&next_to, &goal);
        assert_eq!((exact.len(), exact.values().max()), (reachable, Some(&radius)));
        let estimate = additive(&next_to, &goal, &patterns);
        let mut above_manhattan = 0;
        for (board, &distance) in &exact {
            let guess = estimate.estimate(board);
            let floor = manhattan(board, &goal, cols);
            assert!(floor <= guess && guess <= distance, "{board:?}: {floor} {guess} {distance}");
            above_manhattan += usize::from(guess > floor);
        }
        // Linear conflicts and more: most boards are estimated higher.
        assert!(above_manhattan > reachable / 2, "{above_manhattan} of {reachable}");
    }
}

#[test]
fn shapes_that_are_not_puzzles_are_refused_by_name() {
    let line = [vec![1], vec![0, 2], vec![1]];
    let refused = |next_to: &[Vec<usize>], goal: &[u8], pieces: &[u8]| {
        let error = PiecePattern::new(next_to, goal, pieces).unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::InvalidShape { .. }));
        error.to_string()
    };
    let one_way = [vec![1], vec![2], vec![1]];
    assert!(
        refused(&one_way, &[1, 2, 0], &[1])
            .contains("place 0 is next to 1, but 1 is not next to 0")
    );
    assert!(refused(&[vec![3]], &[0], &[]).contains("place 0 is next to 3, which is no place"));
    assert!(
        refused(&line, &[1, 1, 0], &[1]).contains("the goal must hold the pieces 0 to 2 once each")
    );
    assert!(refused(&line, &[1, 0], &[1]).contains("the goal has 2 places, the puzzle 3"));
    assert!(refused(&line, &[1, 2, 0], &[1, 1]).contains("piece 1 is listed twice"));
    assert!(refused(&line, &[1, 2, 0], &[3]).contains("piece 3 is not on a board of 3 places"));
    assert!(
        refused(&vec![vec![]; 33], &[0; 33], &[]).contains("a puzzle of 1 to 32 places, not 33")
    );
    let pattern = PiecePattern::new(&line, &[1, 2, 0], &[1]).unwrap();
    let error = pattern.without_blank(&DistanceTable::from_bytes(vec![0; 5])).unwrap_err();
    assert_eq!(error.to_string(), "a table of this pattern's 6 placements, not of 5");
}
