//! The solver of permutation puzzles (pattern databases of pieces,
//! canonical sequences, IDA*) against plain breadth-first search over
//! permutations moved by hand: every element's distance, each word legal
//! move by move, directed and undirected generators.

use std::collections::{HashMap, VecDeque};

use proptest::prelude::*;
use search_core::groups::{CanonicalMoves, Generators};
use search_core::words::{PointPattern, Solver};
use search_core::{ErrorKind, Limits, Run};

use crate::groups::{lrx, pancakes, shuffled};

/// Each element's fewest moves to the identity, where a move takes `s`
/// to `s[g[i]]`: breadth-first from the identity along the inverses.
fn distances_to_identity(generators: &Generators) -> HashMap<Vec<u8>, usize> {
    let n = generators.points();
    let identity: Vec<u8> = (0..n as u8).collect();
    let inverses: Vec<Vec<u8>> = (0..generators.len())
        .map(|g| {
            let mut inverse = vec![0u8; n];
            for (i, &p) in generators.image(g).iter().enumerate() {
                inverse[usize::from(p)] = i as u8;
            }
            inverse
        })
        .collect();
    let mut depth = HashMap::from([(identity.clone(), 0)]);
    let mut queue = VecDeque::from([identity]);
    while let Some(state) = queue.pop_front() {
        let d = depth[&state];
        for inverse in &inverses {
            let before: Vec<u8> = inverse.iter().map(|&i| state[usize::from(i)]).collect();
            if !depth.contains_key(&before) {
                depth.insert(before.clone(), d + 1);
                queue.push_back(before);
            }
        }
    }
    depth
}

/// Checks the solver against `distances` at every element: the
/// estimate never passes the distance, and the word is as short and
/// legal move by move.
fn check_every_element(generators: &Generators, solver: &Solver) {
    let distances = distances_to_identity(generators);
    for (state, &distance) in &distances {
        assert!(solver.estimate(state) as usize <= distance, "{state:?}");
        let path = solver.solve(state, &mut Run::new()).unwrap();
        assert_eq!(path.len(), distance, "{state:?}");
        assert_eq!(path.states()[0].as_slice(), state.as_slice());
        for (step, pair) in path.states().windows(2).enumerate() {
            let image = generators.image(path.moves()[step]);
            let moved: Vec<u8> = image.iter().map(|&i| pair[0][usize::from(i)]).collect();
            assert_eq!(moved.as_slice(), pair[1].as_slice());
        }
        assert!(path.end().iter().enumerate().all(|(i, &x)| usize::from(x) == i));
    }
}

#[test]
fn pancakes_and_lrx_solve_as_short_as_bfs_finds() {
    // Tables that hold part of the puzzle, and one that holds it all.
    for budget in [40, 300, 10_000] {
        for generators in [pancakes(6), lrx(6)] {
            let solver = Solver::new(&generators, budget, &mut Run::new()).unwrap();
            assert!(solver.patterns().map(PointPattern::entries).sum::<u64>() <= budget);
            check_every_element(&generators, &solver);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// On random generators of 6 points, with their inverses or without:
    /// every element's word is a shortest one.
    #[test]
    fn random_groups_solve_as_short_as_bfs_finds(
        seeds in prop::collection::vec(any::<u64>(), 1..3),
        undirected in any::<bool>(),
        budget in 6u64..400,
    ) {
        let mut generators = Generators::new(6).unwrap();
        for (index, &seed) in seeds.iter().enumerate() {
            generators.push(&format!("g{index}"), &shuffled(6, seed)).unwrap();
        }
        if undirected {
            generators.close_under_inverse().unwrap();
        }
        match Solver::new(&generators, budget, &mut Run::new()) {
            Ok(solver) => check_every_element(&generators, &solver),
            // A budget below one piece's places is refused, by name.
            Err(error) => prop_assert!(error.to_string().contains("cannot hold every piece"), "{}", error),
        }
    }
}

#[test]
fn a_pattern_numbers_exactly_the_places_its_items_reach() {
    for generators in [pancakes(6), lrx(7)] {
        let distances = distances_to_identity(&generators);
        for items in [&[0u8][..], &[2, 0], &[1, 3, 4]] {
            let pattern = PointPattern::new(&generators, items).unwrap();
            let mut places = std::collections::HashSet::new();
            let mut ranks = std::collections::HashSet::new();
            for state in distances.keys() {
                let at: Vec<usize> = items
                    .iter()
                    .map(|&item| state.iter().position(|&x| x == item).unwrap())
                    .collect();
                let rank = pattern.rank(state);
                assert!(rank < pattern.entries());
                // One rank a placement, one placement a rank.
                if places.insert(at) {
                    assert!(ranks.insert(rank));
                }
            }
            assert_eq!(places.len() as u64, pattern.entries());
            assert_eq!(ranks.len() as u64, pattern.entries());
        }
    }
}

#[test]
fn canonical_words_of_a_cube_face_pair_branch_as_counted() {
    // Two opposite faces of four, each turned a quarter either way or
    // half: after a move of the first face, the second's three; after
    // the second's, none of the first's.
    let mut turns = Generators::new(8).unwrap();
    turns.push_cycles("U", "(1,2,3,4)").unwrap();
    turns.push_cycles("U2", "(1,3)(2,4)").unwrap();
    turns.push_cycles("U'", "(1,4,3,2)").unwrap();
    turns.push_cycles("D", "(5,6,7,8)").unwrap();
    turns.push_cycles("D2", "(5,7)(6,8)").unwrap();
    turns.push_cycles("D'", "(5,8,7,6)").unwrap();
    let canonical = CanonicalMoves::new(&turns);
    // 6; then 3 x 3 (U then D); then no more: the group has 16 elements.
    assert_eq!(canonical.words(3), [1, 6, 9, 0]);
    let distances = distances_to_identity(&turns);
    assert_eq!(distances.len(), 16);
}

#[test]
fn a_solver_keeps_its_tables_and_refuses_a_damaged_one() {
    let dir = std::env::temp_dir().join(format!("solver-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let generators = pancakes(6);
    let first = Solver::with_tables_in(&generators, 300, &dir, &mut Run::new()).unwrap();
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), first.patterns().count());
    let again = Solver::with_tables_in(&generators, 300, &dir, &mut Run::new()).unwrap();
    let state = [5, 3, 1, 0, 2, 4];
    let len = |solver: &Solver| solver.solve(&state, &mut Run::new()).unwrap().len();
    assert_eq!(len(&first), len(&again));
    std::fs::write(&files[0], b"damaged").unwrap();
    let error = Solver::with_tables_in(&generators, 300, &dir, &mut Run::new()).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::TableFile { .. }), "{error}");
    assert!(error.to_string().contains(&*files[0].to_string_lossy()), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_solver_refuses_what_is_no_position_and_honours_its_limits() {
    let solver = Solver::new(&lrx(6), 10_000, &mut Run::new()).unwrap();
    let error = solver.solve(&[0, 0, 1, 2, 3, 4], &mut Run::new()).unwrap_err();
    assert!(error.to_string().contains("is no position of this puzzle"), "{error}");
    // A word of 5 moves cannot be found within 1.
    let distances = distances_to_identity(&lrx(6));
    let far = distances.iter().find(|&(_, &d)| d == 5).map(|(state, _)| state).unwrap();
    let mut run = Run::new().limits(Limits::new().max_depth(1));
    let error = solver.solve(far, &mut run).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::LimitReached(_)), "{error}");
}
