//! [`PiecePattern`]: additive pattern databases against exact distances
//! found by a plain breadth-first search over whole boards, and its tables
//! against a 0-1 search that keeps every place of the empty place.

use std::collections::{HashMap, VecDeque};

use proptest::prelude::*;
use search_core::patterns::{Combine, DistanceTable, Patterns, PiecePattern, ZeroOneRankedSpace};
use search_core::ranking::KPermutations;
use search_core::{ErrorKind, Heuristic, Run};

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
        let table = pattern.build(&mut Run::new()).unwrap();
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

/// The reflection of a board of the `side` x `side` puzzle about its main
/// diagonal, each tile renamed so that `goal` reflects to itself.
fn reflect(board: &[u8], goal: &[u8], side: usize) -> Vec<u8> {
    let transposed = |cell: usize| (cell % side) * side + cell / side;
    let mut renamed = vec![0u8; goal.len()];
    for (cell, &tile) in goal.iter().enumerate() {
        renamed[usize::from(tile)] = goal[transposed(cell)];
    }
    let mut image = vec![0u8; board.len()];
    for (cell, &tile) in board.iter().enumerate() {
        image[transposed(cell)] = renamed[usize::from(tile)];
    }
    image
}

#[test]
fn a_symmetry_raises_the_estimate_and_keeps_it_admissible() {
    let (next_to, goal) = (grid(3, 3), vec![1, 2, 3, 4, 5, 6, 7, 8, 0]);
    let exact = distances(&next_to, &goal);
    let patterns: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
    let plain = additive(&next_to, &goal, &patterns);
    let goal_image = goal.clone();
    let reflected = additive(&next_to, &goal, &patterns)
        .with_symmetry(move |board: &Vec<u8>| reflect(board, &goal_image, 3));
    let mut raised = 0;
    for (board, &distance) in &exact {
        // The reflection is a symmetry: it keeps the distance.
        assert_eq!(exact[&reflect(board, &goal, 3)], distance, "{board:?}");
        let (low, high) = (plain.estimate(board), reflected.estimate(board));
        assert!(low <= high && high <= distance, "{board:?}: {low} {high} {distance}");
        raised += usize::from(high > low);
    }
    assert!(raised > exact.len() / 10, "raised on {raised} of {}", exact.len());
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
}

/// The same abstraction written the plain way, sharing no code with
/// [`PiecePattern`]'s: the places of the pattern's pieces and of the empty
/// place, a slide of another piece costing 0 and of a pattern piece 1.
struct EveryEmptyPlace {
    next_to: Vec<Vec<usize>>,
    k: usize,
    with_empty: KPermutations,
}

impl EveryEmptyPlace {
    fn new(next_to: &[Vec<usize>], k: usize) -> EveryEmptyPlace {
        let with_empty = KPermutations::new(next_to.len(), k + 1).unwrap();
        EveryEmptyPlace { next_to: next_to.to_vec(), k, with_empty }
    }

    /// The least distance over the empty place's places, for each
    /// placement of the pieces in [`KPermutations`] order.
    fn table(&self, goal: &[u8], pieces: &[u8]) -> Vec<Option<u8>> {
        let place_of = |piece: u8| goal.iter().position(|&p| p == piece).unwrap() as u8;
        let mut start: Vec<u8> = pieces.iter().map(|&piece| place_of(piece)).collect();
        start.push(place_of(0));
        let distances =
            DistanceTable::build(self, &[self.with_empty.rank(&start)], &mut Run::new()).unwrap();
        let pieces_only = KPermutations::new(self.next_to.len(), self.k).unwrap();
        let mut least = vec![None; pieces_only.count() as usize];
        let mut places = vec![0u8; self.k + 1];
        for rank in 0..self.with_empty.count() {
            self.with_empty.unrank(rank, &mut places);
            let Some(distance) = distances.distance(rank) else { continue };
            let entry = &mut least[pieces_only.rank(&places[..self.k]) as usize];
            *entry = Some(entry.map_or(distance, |d: u8| d.min(distance)));
        }
        least
    }
}

impl ZeroOneRankedSpace for EveryEmptyPlace {
    fn rank_count(&self) -> u64 {
        self.with_empty.count()
    }

    fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) {
        let mut places = vec![0u8; self.k + 1];
        self.with_empty.unrank(rank, &mut places);
        let empty = usize::from(places[self.k]);
        for &next in &self.next_to[empty] {
            let mut moved = places.clone();
            let piece = places[..self.k].iter().position(|&place| usize::from(place) == next);
            if let Some(slot) = piece {
                moved[slot] = empty as u8;
            }
            moved[self.k] = next as u8;
            report(self.with_empty.rank(&moved), piece.is_some());
        }
    }
}

/// `PiecePattern::build`'s table against [`EveryEmptyPlace`]'s.
fn assert_same_tables(next_to: &[Vec<usize>], goal: &[u8], pieces: &[u8]) {
    let pattern = PiecePattern::new(next_to, goal, pieces).unwrap();
    let built = pattern.build(&mut Run::new()).unwrap();
    let reference = EveryEmptyPlace::new(next_to, pieces.len()).table(goal, pieces);
    assert_eq!(built.len() as u64, pattern.placements());
    for (rank, &expected) in reference.iter().enumerate() {
        assert_eq!(built.distance(rank as u64), expected, "{pieces:?}, placement {rank}");
    }
}

#[test]
fn tables_equal_a_zero_one_search_over_every_empty_place() {
    // Boards up to 16 places look regions up; the 5x5 board fills them in.
    let goal = |places: usize| -> Vec<u8> { (1..places as u8).chain([0]).collect() };
    assert_same_tables(&grid(3, 5), &goal(15), &[1, 2, 6, 7]);
    assert_same_tables(&grid(4, 4), &goal(16), &[1, 6, 11]);
    assert_same_tables(&grid(5, 5), &(0..25).collect::<Vec<u8>>(), &[1, 2, 5]);
    assert_same_tables(&grid(5, 5), &goal(25), &[24, 13]);
}

/// A connected graph of `places` places: a path through them all, and
/// the extra edges `extra` names (pairs of places, folded into range).
fn graph(places: usize, extra: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut next_to = vec![Vec::new(); places];
    let mut join = |a: usize, b: usize| {
        if a != b && !next_to[a].contains(&b) {
            next_to[a].push(b);
            next_to[b].push(a);
        }
    };
    for place in 1..places {
        join(place - 1, place);
    }
    for &(a, b) in extra {
        join(a % places, b % places);
    }
    next_to
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any graph of places, tabled (up to 16 places) or filled in (17 and
    /// more), with the empty place anywhere in the goal.
    #[test]
    fn tables_of_any_graph_equal_the_zero_one_search(
        places in 4usize..=19,
        extra in proptest::collection::vec((0usize..19, 0usize..19), 0..12),
        rotate in 0usize..19,
        k in 1usize..=3,
    ) {
        let next_to = graph(places, &extra);
        let mut goal: Vec<u8> = (0..places as u8).collect();
        goal.rotate_left(rotate % places);
        let pieces: Vec<u8> = (1..=k as u8).collect();
        assert_same_tables(&next_to, &goal, &pieces);
    }
}
