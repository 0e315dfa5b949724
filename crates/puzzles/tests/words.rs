//! `PermutationGraph::word_solver` and `position`: words as short as
//! breadth-first search finds, to any start, and scrambles that are
//! uniform.

use puzzles::{Family, PermutationGraph};
use search_core::groups::{
    Arrangement, CanonicalMoves, Cayley, Generators, PermutationPuzzle, Symmetries,
};
use search_core::layers::Enumerator;
use search_core::words::Solver;
use search_core::{ErrorKind, Run, bidirectional_bfs};

/// `state` moved by `word`, a generator at a time, checked to end where
/// the word says.
fn walk(generators: &Generators, state: &[u8], word: &[usize]) -> Vec<u8> {
    let mut at = state.to_vec();
    for &g in word {
        let image = generators.image(g);
        at = (0..at.len()).map(|i| at[usize::from(image[i])]).collect();
    }
    at
}

#[test]
fn words_to_a_shuffled_start_are_as_short_as_bidirectional_search_finds() {
    // Pancakes of 6 (undirected) and LX of 6 (directed), from a start
    // that is not the identity, every position solved both ways.
    let cases = [
        (Family::Pancake.generators(6).unwrap(), 720, [2, 0, 5, 1, 4, 3]),
        (Family::Lx.generators(6).unwrap(), 720, [1, 2, 3, 4, 5, 0]),
    ];
    for (generators, order, start) in cases {
        let graph = PermutationGraph::new(generators.clone(), &start).unwrap();
        assert!(graph.is_permutation());
        let solver = graph.word_solver(200, None, &mut Run::new()).unwrap();
        let mut longest = 0;
        for rank in 0..order {
            let state = graph.position(rank).unwrap();
            let word = solver.solve(&state, &mut Run::new()).unwrap().unwrap();
            let shortest = graph.solve(&state, &mut Run::new()).unwrap().unwrap();
            assert_eq!(word.len(), shortest.len(), "{state:?}");
            assert_eq!(walk(&generators, &state, word.moves()), start, "{state:?}");
            assert_eq!(word.states()[0], state);
            assert_eq!(word.end().as_slice(), start);
            longest = longest.max(word.len());
        }
        // The hardest position is as far as breadth-first layers reach.
        let layers = graph.enumerate(&Enumerator::new(), &mut Run::new()).unwrap();
        assert_eq!(longest, layers.radius());
    }
}

#[test]
fn positions_from_every_rank_cover_the_graph_evenly() {
    let lrx = Family::Lrx.generators(5).unwrap();
    // A Cayley graph: each of the 120 elements once.
    let graph = PermutationGraph::new(lrx.clone(), &[4, 3, 2, 1, 0]).unwrap();
    let mut positions: Vec<_> = (0..120).map(|rank| graph.position(rank).unwrap()).collect();
    positions.sort();
    positions.dedup();
    assert_eq!(positions.len(), 120);
    assert_eq!(graph.position(120), None);
    // An orbit of two kinds of bead: its 10 arrangements 12 times each.
    let beads = PermutationGraph::new(lrx, &[0, 0, 1, 1, 1]).unwrap();
    let mut positions: Vec<_> = (0..120).map(|rank| beads.position(rank).unwrap()).collect();
    positions.sort();
    let layers = beads.enumerate(&Enumerator::new(), &mut Run::new()).unwrap();
    assert_eq!(layers.states(), 10);
    for chunk in positions.chunks(12) {
        assert!(chunk.iter().all(|p| *p == chunk[0]), "{chunk:?}");
    }
    positions.dedup();
    assert_eq!(positions.len(), 10);
}

#[test]
fn the_word_solver_refuses_what_it_cannot_answer_by_name() {
    let turns = PermutationPuzzle::parse("a: (1,2,3)\nb: (2,3,4)").unwrap();
    let graph = PermutationGraph::new(turns.generators().clone(), &[0, 1, 2, 3]).unwrap();
    let solver = graph.word_solver(100, None, &mut Run::new()).unwrap();
    // An odd arrangement: no word of 3-cycles reaches it.
    assert_eq!(solver.solve(&[1, 0, 2, 3], &mut Run::new()).unwrap(), None);
    for wrong in [&[0, 1, 2][..], &[0, 0, 1, 2], &[0, 1, 2, 9]] {
        let error = solver.solve(wrong, &mut Run::new()).unwrap_err();
        assert!(error.to_string().contains("not an arrangement of the start's 4 items"), "{error}");
    }
    let beads = PermutationGraph::new(turns.generators().clone(), &[0, 0, 1, 1]).unwrap();
    let error = beads.word_solver(100, None, &mut Run::new()).unwrap_err();
    assert!(error.to_string().contains("holds the points 0 to 3 once each"), "{error}");
    let error = graph.word_solver(1, None, &mut Run::new()).unwrap_err();
    let puzzles::ErrorKind::Search(inner) = error.kind() else { panic!("{error}") };
    assert!(matches!(inner.kind(), ErrorKind::InvalidShape { .. }), "{error}");
}

/// Not run by default: builds a table of half a million entries.
/// `cargo test --release -p puzzles --test tests -- --ignored pocket`.
#[test]
#[ignore = "a table of the 2x2x2 cube: seconds in release"]
fn the_pocket_cube_from_its_file_alone_is_solved_optimally() {
    // The half-turn metric with a corner fixed (cayleypy's cube_222_fixed_htm).
    let published = [1, 9, 54, 321, 1847, 9992, 50136, 227_536, 870_072, 1_887_748, 623_800, 2644];
    // A budget below the whole group's 3,674,160.
    solves_from_its_file_alone(
        include_str!("../data/pocket-cube-htm.gap"),
        &published,
        1_000_000,
        200,
    );
}

#[test]
fn canonical_words_of_the_cube_pass_its_positions_by_five_percent_at_depth_ten() {
    let file = PermutationPuzzle::parse(include_str!("../data/cube-3x3x3-htm.txt")).unwrap();
    let words = search_core::groups::CanonicalMoves::new(file.generators()).words(10);
    // The canonical sequences of the half-turn metric (no face twice
    // running, opposite faces in one order), as published with the
    // positions at each depth (Rokicki et al., cube20.org).
    let sequences: [u128; 11] = [
        1,
        18,
        243,
        3240,
        43_254,
        577_368,
        7_706_988,
        102_876_480,
        1_373_243_544,
        18_330_699_168,
        244_686_773_808,
    ];
    let positions: [u128; 11] = [
        1,
        18,
        243,
        3240,
        43_239,
        574_908,
        7_618_438,
        100_803_036,
        1_332_343_288,
        17_596_479_795,
        232_248_063_316,
    ];
    assert_eq!(words, sequences);
    for (words, positions) in words.iter().zip(positions) {
        assert!(*words >= positions);
    }
    // 5.4% more words than positions at depth 10.
    assert_eq!(words[10] * 1000 / positions[10], 1053);
}

/// A puzzle given by its file alone, checked against what is published and
/// against the search from both ends: its layers, then `samples` positions
/// spread over the group and a share of the deepest, each solved by the
/// pattern databases its generators give within `budget` bytes, every
/// word as short as the search from both ends finds and walked move by move.
fn solves_from_its_file_alone(text: &str, layer_sizes: &[u64], budget: u64, samples: usize) {
    let file = PermutationPuzzle::parse(text).unwrap();
    let points = file.generators().points();
    let identity: Vec<u8> = (0..points).map(|point| point as u8).collect();
    let graph = PermutationGraph::new(file.generators().clone(), &identity).unwrap();
    let order: u64 = layer_sizes.iter().sum();
    assert_eq!(graph.order(), Some(u128::from(order)));
    let layers = graph.enumerate(&Enumerator::new(), &mut Run::new()).unwrap();
    assert_eq!(layers.layer_sizes(), layer_sizes);
    let solver = graph.word_solver(budget, None, &mut Run::new()).unwrap();
    assert!(solver.patterns().all(|p| p.entries() < order), "the tables only bound");
    let mut rank: u128 = 1;
    for _ in 0..samples {
        rank = (rank * 1_000_003 + 12_345) % u128::from(order);
        let state = graph.position(rank).unwrap();
        let word = solver.solve(&state, &mut Run::new()).unwrap().unwrap();
        let shortest = graph.solve(&state, &mut Run::new()).unwrap().unwrap();
        assert_eq!(word.len(), shortest.len(), "{state:?}");
        assert_eq!(walk(graph.generators(), &state, word.moves()), identity);
    }
    let radius = layer_sizes.len() - 1;
    for state in layers.deepest().iter().step_by(7) {
        let word = solver.solve(state, &mut Run::new()).unwrap().unwrap();
        assert_eq!(word.len(), radius, "{state:?}");
        assert_eq!(walk(graph.generators(), state, word.moves()), identity);
    }
}

#[test]
fn the_pyraminx_from_its_file_alone_is_solved_optimally() {
    // Jaap's Puzzle Page: the pyraminx without its tips, 933,120 positions.
    let published = [1, 8, 48, 288, 1728, 9896, 51808, 220_111, 480_467, 166_276, 2457, 32];
    solves_from_its_file_alone(include_str!("../data/pyraminx.txt"), &published, 100_000, 50);
}

#[test]
fn the_skewb_from_its_file_alone_is_solved_optimally() {
    // Jaap's Puzzle Page: the skewb, 3,149,280 positions.
    let published = [1, 8, 48, 288, 1728, 10248, 59304, 315_198, 1_225_483, 1_455_856, 81028, 90];
    solves_from_its_file_alone(include_str!("../data/skewb.txt"), &published, 300_000, 50);
}

#[test]
fn the_cube_read_at_its_symmetric_conjugates_still_gives_shortest_words() {
    let file = PermutationPuzzle::parse(include_str!("../data/cube-3x3x3-htm.txt")).unwrap();
    let generators = file.generators();
    let symmetries = Symmetries::new(generators, file.symmetries(), false).unwrap();
    assert_eq!(symmetries.len(), 48);
    let budget = 3_000_000;
    let plain = Solver::new(generators, budget, &mut Run::new()).unwrap();
    let probed = Solver::new(generators, budget, &mut Run::new())
        .unwrap()
        .with_symmetries(&symmetries, 3)
        .unwrap();
    let graph = Cayley::new(generators.clone()).unwrap();
    let canonical = CanonicalMoves::new(generators);
    let (mut raised, mut state, mut last) = (0, graph.identity().to_vec(), None);
    let mut seed = 7u64;
    for walked in 1..=40 {
        // A canonical walk, a position a step: every depth to 7 and back.
        let g = loop {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let g = (seed >> 33) as usize % generators.len();
            if canonical.allows(last, g) {
                break g;
            }
        };
        last = Some(g);
        state = walk(generators, &state, &[g]);
        if walked % 8 == 0 {
            (state, last) = (graph.identity().to_vec(), None);
            continue;
        }
        let start: Arrangement = state.iter().copied().collect();
        let shortest = bidirectional_bfs(&graph, [start], [graph.identity()]).unwrap().unwrap();
        let (low, high) = (plain.estimate(&state), probed.estimate(&state));
        assert!(low <= high && high as usize <= shortest.len(), "{state:?}: {low} {high}");
        raised += usize::from(high > low);
        let word = probed.solve(&state, &mut Run::new()).unwrap();
        assert_eq!(word.len(), shortest.len(), "{state:?}");
        assert_eq!(walk(generators, &state, word.moves()), graph.identity().to_vec());
    }
    assert!(raised > 0, "no conjugate raised an estimate");
}
