//! The pocket cube against its published distance distributions.

use std::sync::OnceLock;

use proptest::prelude::*;
use puzzles::{Cube, PocketCube};
use search_core::Run;
use search_core::breadth_first::{Bfs, Search};
use search_core::dense::DenseEnumeration;
use search_core::space::AsRanked;
use search_core::{Ranking, Unranking};

/// Every position's distance from solved, by rank, from one breadth-first
/// walk per metric: half-turn first.
fn distances() -> &'static [Vec<u8>; 2] {
    static TABLES: OnceLock<[Vec<u8>; 2]> = OnceLock::new();
    TABLES.get_or_init(|| {
        [PocketCube::half_turn(), PocketCube::quarter_turn()].map(|cube| {
            let mut table = vec![u8::MAX; 3_674_160];
            let mut walk = Bfs::new();
            walk.start(&cube, [Cube::solved()]).unwrap();
            while let Some(visit) = walk.next(&cube).unwrap() {
                table[cube.rank(visit.state()) as usize] = visit.depth() as u8;
            }
            table
        })
    })
}

/// Positions at each distance from solved, half-turn metric (11 at most).
const HALF_TURN_LAYERS: [u64; 12] =
    [1, 9, 54, 321, 1_847, 9_992, 50_136, 227_536, 870_072, 1_887_748, 623_800, 2_644];

/// The same, quarter-turn metric (14 at most).
const QUARTER_TURN_LAYERS: [u64; 15] = [
    1, 6, 27, 120, 534, 2_256, 8_969, 33_058, 114_149, 360_508, 930_588, 1_350_852, 782_536,
    90_280, 276,
];

#[test]
fn both_metrics_match_the_published_distance_distributions() {
    for (cube, layers) in [
        (PocketCube::half_turn(), &HALF_TURN_LAYERS[..]),
        (PocketCube::quarter_turn(), &QUARTER_TURN_LAYERS[..]),
    ] {
        let generic = Search::new().enumerate(&cube, [Cube::solved()], &mut Run::new()).unwrap();
        assert_eq!(generic.layer_sizes(), layers);
        assert_eq!(generic.states(), 3_674_160);
        // The same implementation, walked rank to rank in 2 bits a position.
        let dense = DenseEnumeration::new().run(&AsRanked(cube), &[0], &mut Run::new()).unwrap();
        assert_eq!(dense.layer_sizes(), layers);
        // The deepest positions, both ways, are the same ones.
        let mut deepest: Vec<u64> = generic.deepest().iter().map(|c| cube.rank(c)).collect();
        deepest.sort_unstable();
        assert_eq!(deepest, dense.deepest());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn rank_and_unrank_are_inverse(rank in 0u64..3_674_160) {
        let cube = PocketCube::half_turn();
        let position = cube.unrank(rank);
        prop_assert_eq!(cube.rank(&position), rank);
    }

    #[test]
    fn solutions_are_legal_and_within_gods_number(rank in 0u64..3_674_160) {
        let metrics = [(PocketCube::half_turn(), 11), (PocketCube::quarter_turn(), 14)];
        for ((cube, most), distances) in metrics.into_iter().zip(distances()) {
            let position = cube.unrank(rank);
            let path = cube.solve(&position).unwrap().expect("every position is solvable");
            prop_assert!(path.len() <= most);
            prop_assert_eq!(path.start(), &position);
            prop_assert_eq!(path.end(), &Cube::solved());
            for (pair, &turn) in path.states().windows(2).zip(path.moves()) {
                prop_assert_eq!(pair[0].apply(turn), pair[1]);
            }
            prop_assert_eq!(usize::from(distances[rank as usize]), path.len());
        }
    }
}
