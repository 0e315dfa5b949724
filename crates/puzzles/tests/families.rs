//! The families of generators and the 2x2x2 cube as a coset graph,
//! against the growth functions cayleypy publishes (its `data/*.csv`,
//! computed by its own code; OEIS A058986 for pancakes, A008302 for
//! Coxeter's inversions).

use puzzles::{Family, PermutationGraph};
use search_core::dense::DenseEnumeration;
use search_core::enumerate;
use search_core::groups::{Cayley, Orbit, PermutationPuzzle};
use search_core::layers::{Engine, Enumerator};
use search_core::space::AsRanked;
use search_core::{Ranking, Run};

/// A family, its size, and the states at each distance from the identity.
type Growth = (Family, usize, &'static [u64]);

#[rustfmt::skip]
const PUBLISHED: &[Growth] = &[
    // data/lrx_cayley_growth.csv
    (Family::Lrx, 3, &[1, 3, 2]),
    (Family::Lrx, 4, &[1, 3, 5, 6, 5, 3, 1]),
    (Family::Lrx, 5, &[1, 3, 6, 10, 16, 24, 29, 21, 6, 3, 1]),
    (Family::Lrx, 6, &[1, 3, 6, 11, 20, 35, 55, 81, 109, 128, 126, 95, 40, 6, 3, 1]),
    (Family::Lrx, 7, &[1, 3, 6, 12, 22, 42, 73, 124, 203, 303, 425, 559, 678, 713, 746, 611, 355, 122, 28, 10, 3, 1]),
    (Family::Lrx, 8, &[1, 3, 6, 12, 23, 44, 80, 142, 247, 411, 662, 1019, 1481, 2059, 2745, 3465, 4126, 4633, 4913, 4777, 4163, 3079, 1612, 488, 94, 25, 6, 3, 1]),
    (Family::Lrx, 9, &[1, 3, 6, 12, 24, 46, 85, 156, 283, 492, 845, 1415, 2258, 3476, 5188, 7448, 10303, 13816, 17827, 22311, 26810, 31091, 34664, 36935, 37516, 35651, 31354, 23197, 13382, 4680, 1212, 268, 88, 25, 8, 3, 1]),
    // data/lx_cayley_growth.csv
    (Family::Lx, 3, &[1, 2, 3]),
    (Family::Lx, 4, &[1, 2, 3, 5, 5, 5, 3]),
    (Family::Lx, 5, &[1, 2, 3, 5, 8, 12, 15, 20, 22, 19, 11, 2]),
    (Family::Lx, 6, &[1, 2, 3, 5, 8, 13, 20, 30, 42, 56, 73, 87, 98, 101, 85, 59, 29, 7, 1]),
    (Family::Lx, 7, &[1, 2, 3, 5, 8, 13, 21, 33, 52, 78, 110, 151, 203, 265, 337, 417, 485, 530, 554, 552, 499, 388, 227, 83, 21, 2]),
    (Family::Lx, 8, &[1, 2, 3, 5, 8, 13, 21, 34, 54, 86, 133, 195, 275, 379, 514, 685, 901, 1170, 1492, 1850, 2217, 2586, 2947, 3276, 3534, 3649, 3589, 3343, 2865, 2167, 1358, 688, 239, 31, 9, 1]),
    (Family::Lx, 9, &[1, 2, 3, 5, 8, 13, 21, 34, 55, 88, 141, 221, 332, 479, 671, 923, 1253, 1681, 2235, 2948, 3859, 5010, 6420, 8074, 9939, 12008, 14281, 16727, 19268, 21785, 24173, 26209, 27523, 27766, 27003, 25493, 23053, 19472, 14997, 10111, 5624, 2259, 574, 108, 28, 2]),
    // data/coxeter_cayley_growth.csv
    (Family::Coxeter, 2, &[1, 1]),
    (Family::Coxeter, 3, &[1, 2, 2, 1]),
    (Family::Coxeter, 4, &[1, 3, 5, 6, 5, 3, 1]),
    (Family::Coxeter, 5, &[1, 4, 9, 15, 20, 22, 20, 15, 9, 4, 1]),
    (Family::Coxeter, 6, &[1, 5, 14, 29, 49, 71, 90, 101, 101, 90, 71, 49, 29, 14, 5, 1]),
    (Family::Coxeter, 7, &[1, 6, 20, 49, 98, 169, 259, 359, 455, 531, 573, 573, 531, 455, 359, 259, 169, 98, 49, 20, 6, 1]),
    (Family::Coxeter, 8, &[1, 7, 27, 76, 174, 343, 602, 961, 1415, 1940, 2493, 3017, 3450, 3736, 3836, 3736, 3450, 3017, 2493, 1940, 1415, 961, 602, 343, 174, 76, 27, 7, 1]),
    // data/cyclic_coxeter_cayley_growth.csv
    (Family::CyclicCoxeter, 2, &[1, 1]),
    (Family::CyclicCoxeter, 3, &[1, 3, 2]),
    (Family::CyclicCoxeter, 4, &[1, 4, 10, 8, 1]),
    (Family::CyclicCoxeter, 5, &[1, 5, 15, 35, 42, 20, 2]),
    (Family::CyclicCoxeter, 6, &[1, 6, 21, 56, 126, 197, 195, 100, 17, 1]),
    (Family::CyclicCoxeter, 7, &[1, 7, 28, 84, 210, 462, 828, 1148, 1169, 777, 282, 42, 2]),
    (Family::CyclicCoxeter, 8, &[1, 8, 36, 120, 330, 792, 1716, 3278, 5362, 7336, 8148, 6972, 4258, 1624, 308, 30, 1]),
    (Family::CyclicCoxeter, 9, &[1, 9, 45, 165, 495, 1287, 3003, 6435, 12638, 22452, 35592, 49740, 60360, 62064, 52250, 34272, 16212, 4944, 842, 72, 2]),
    // data/all_transpositions_cayley_growth.csv
    (Family::Transpositions, 2, &[1, 1]),
    (Family::Transpositions, 3, &[1, 3, 2]),
    (Family::Transpositions, 4, &[1, 6, 11, 6]),
    (Family::Transpositions, 5, &[1, 10, 35, 50, 24]),
    (Family::Transpositions, 6, &[1, 15, 85, 225, 274, 120]),
    (Family::Transpositions, 7, &[1, 21, 175, 735, 1624, 1764, 720]),
    (Family::Transpositions, 8, &[1, 28, 322, 1960, 6769, 13132, 13068, 5040]),
    // data/stars_cayley_growth.csv
    (Family::Star, 3, &[1, 2, 2, 1]),
    (Family::Star, 4, &[1, 3, 6, 9, 5]),
    (Family::Star, 5, &[1, 4, 12, 30, 44, 26, 3]),
    (Family::Star, 6, &[1, 5, 20, 70, 170, 250, 169, 35]),
    (Family::Star, 7, &[1, 6, 30, 135, 460, 1110, 1689, 1254, 340, 15]),
    (Family::Star, 8, &[1, 7, 42, 231, 1015, 3430, 8379, 13083, 10408, 3409, 315]),
    (Family::Star, 9, &[1, 8, 56, 364, 1960, 8540, 28994, 71512, 114_064, 96116, 36260, 4900, 105]),
    // data/pancake_cayley_growth.csv
    (Family::Pancake, 2, &[1, 1]),
    (Family::Pancake, 3, &[1, 2, 2, 1]),
    (Family::Pancake, 4, &[1, 3, 6, 11, 3]),
    (Family::Pancake, 5, &[1, 4, 12, 35, 48, 20]),
    (Family::Pancake, 6, &[1, 5, 20, 79, 199, 281, 133, 2]),
    (Family::Pancake, 7, &[1, 6, 30, 149, 543, 1357, 1903, 1016, 35]),
    (Family::Pancake, 8, &[1, 7, 42, 251, 1191, 4281, 10561, 15011, 8520, 455]),
    (Family::Pancake, 9, &[1, 8, 56, 391, 2278, 10666, 38015, 93585, 132_697, 79379, 5804]),
    // data/top_spin_cayley_growth.csv
    (Family::TopSpin, 4, &[1, 3, 3, 1]),
    (Family::TopSpin, 5, &[1, 3, 4, 2]),
    (Family::TopSpin, 6, &[1, 3, 6, 11, 20, 37, 63, 103, 165, 152, 106, 46, 7]),
    (Family::TopSpin, 7, &[1, 3, 6, 12, 20, 34, 58, 96, 158, 234, 334, 430, 410, 326, 258, 112, 24, 4]),
    (Family::TopSpin, 8, &[1, 3, 6, 12, 23, 44, 85, 148, 244, 389, 621, 996, 1584, 2484, 3764, 5452, 6968, 7138, 6292, 3036, 848, 166, 16]),
    (Family::TopSpin, 9, &[1, 3, 6, 12, 24, 46, 88, 168, 322, 613, 1137, 2095, 3745, 6385, 10697, 17134, 24461, 30412, 32269, 27633, 17101, 5884, 1112, 92]),
    // data/full_reversals_cayley_growth.csv
    (Family::Reversals, 2, &[1, 1]),
    (Family::Reversals, 3, &[1, 3, 2]),
    (Family::Reversals, 4, &[1, 6, 15, 2]),
    (Family::Reversals, 5, &[1, 10, 52, 55, 2]),
    (Family::Reversals, 6, &[1, 15, 129, 389, 184, 2]),
    (Family::Reversals, 7, &[1, 21, 266, 1563, 2539, 648, 2]),
    (Family::Reversals, 8, &[1, 28, 487, 4642, 16445, 16604, 2111, 2]),
    (Family::Reversals, 9, &[1, 36, 820, 11407, 69863, 169_034, 105_365, 6352, 2]),
    // data/burnt_pancake_cayley_growth.csv
    (Family::BurntPancake, 1, &[1, 1]),
    (Family::BurntPancake, 2, &[1, 2, 2, 2, 1]),
    (Family::BurntPancake, 3, &[1, 3, 6, 12, 18, 6, 2]),
    (Family::BurntPancake, 4, &[1, 4, 12, 36, 90, 124, 96, 18, 3]),
    (Family::BurntPancake, 5, &[1, 5, 20, 80, 280, 680, 1214, 1127, 389, 40, 4]),
    (Family::BurntPancake, 6, &[1, 6, 30, 150, 675, 2340, 6604, 12795, 15519, 6957, 959, 43, 1]),
];

#[test]
fn ten_families_grow_as_published() {
    for &(family, n, published) in PUBLISHED {
        let graph = Cayley::new(family.generators(n).unwrap()).unwrap();
        let layers = enumerate(&graph, [graph.identity()]).unwrap();
        assert_eq!(layers.layer_sizes(), published, "{} {n}", family.name());
    }
    let mut families: Vec<Family> = PUBLISHED.iter().map(|growth| growth.0).collect();
    families.dedup();
    assert_eq!(families, Family::ALL, "every family is checked");
}

#[test]
fn the_largest_published_sizes_agree_on_the_dense_engine() {
    // The last size of each family, as the command line runs it: ranked
    // (in n!/2 when every generator is even), 2 bits a permutation.
    for family in Family::ALL {
        let &(_, n, published) = PUBLISHED.iter().rev().find(|growth| growth.0 == family).unwrap();
        let graph = Cayley::new(family.generators(n).unwrap()).unwrap();
        let start = graph.rank(&graph.identity());
        let mut run = Run::new();
        let layers = DenseEnumeration::new().run(&AsRanked(&graph), &[start], &mut run).unwrap();
        assert_eq!(layers.layer_sizes(), published, "{} {n}", family.name());
    }
}

/// The 2x2x2 cube from its file: 24 stickers in 6 colours under the
/// turns of three faces, its coloured arrangements hashed.
fn pocket_cube(text: &str) -> Vec<u64> {
    let puzzle = PermutationPuzzle::parse(text).unwrap();
    assert!(!puzzle.is_permutation());
    let cube = Orbit::new(puzzle.generators().clone(), puzzle.start()).unwrap();
    enumerate(&cube, [cube.start()]).unwrap().layer_sizes().to_vec()
}

/// The same cube's group, its elements ranked and enumerated in 2 bits
/// each: no turn but the identity leaves every colour in place, so the
/// group's layers are its colourings'.
fn pocket_cube_group(text: &str) -> Vec<u64> {
    let puzzle = PermutationPuzzle::parse(text).unwrap();
    let identity: Vec<u8> = (0..puzzle.generators().points() as u8).collect();
    let group = PermutationGraph::new(puzzle.generators().clone(), &identity).unwrap();
    let layers = group.enumerate(&Enumerator::new(), &mut Run::new()).unwrap();
    assert_eq!(layers.engine(), Some(Engine::Dense));
    layers.layer_sizes().to_vec()
}

#[test]
fn the_pocket_cube_as_coloured_stickers_grows_as_published() {
    // cayleypy's data/puzzles_growth.csv, cube_222_fixed_htm and _qtm
    // (and the figures on Wikipedia's "Pocket Cube").
    let half_turns = pocket_cube(include_str!("../data/pocket-cube-htm.gap"));
    assert_eq!(
        half_turns,
        [1, 9, 54, 321, 1847, 9992, 50136, 227_536, 870_072, 1_887_748, 623_800, 2644]
    );
    let quarter_turns = pocket_cube_group(include_str!("../data/pocket-cube-qtm.gap"));
    assert_eq!(
        quarter_turns,
        [
            1, 6, 27, 120, 534, 2256, 8969, 33058, 114_149, 360_508, 930_588, 1_350_852, 782_536,
            90280, 276
        ]
    );
    assert_eq!(quarter_turns.iter().sum::<u64>(), 3_674_160);
}
