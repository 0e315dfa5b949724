//! Cayley and coset graphs from generators, against references that
//! share none of their code: growth functions counted by formula
//! (inversions, cycles, binomials), published values (OEIS A058986), and
//! plain breadth-first search over permutations moved by hand.

use std::collections::{HashMap, VecDeque};

use proptest::prelude::*;
use search_core::breadth_first::Search;
use search_core::dense::DenseEnumeration;
use search_core::groups::{
    Arrangement, Cayley, Generators, Orbit, PermutationPuzzle, ReducedCayley, ReducedStates,
    StabilizerChain, Symmetries,
};
use search_core::space::AsRanked;
use search_core::{Ranking, Run, Successors, Unranking, bfs, bidirectional_bfs, enumerate};

fn arrangement(items: &[u8]) -> Arrangement {
    items.iter().copied().collect()
}

/// The layer sizes of a Cayley graph from the identity.
fn growth(generators: Generators) -> Vec<u64> {
    let graph = Cayley::new(generators).unwrap();
    enumerate(&graph, [graph.identity()]).unwrap().layer_sizes().to_vec()
}

/// The adjacent transpositions of `n` points: Coxeter's generators.
fn coxeter(n: usize) -> Generators {
    let mut generators = Generators::new(n).unwrap();
    for i in 1..n {
        generators.push_cycles(&format!("s{i}"), &format!("({i},{})", i + 1)).unwrap();
    }
    generators
}

/// The permutations of `n` with `k` inversions, for each `k`: the
/// Mahonian numbers (OEIS A008302), by the recurrence over `n`.
fn mahonian(n: usize) -> Vec<u64> {
    let mut counts = vec![1u64];
    for m in 2..=n {
        let mut next = vec![0; counts.len() + m - 1];
        for (k, &count) in counts.iter().enumerate() {
            for extra in 0..m {
                next[k + extra] += count;
            }
        }
        counts = next;
    }
    counts
}

/// The permutations of `n` at each distance in transpositions: those of
/// `n - k` cycles, Stirling numbers of the first kind.
fn by_cycles(n: usize) -> Vec<u64> {
    // c(m, j) = c(m-1, j-1) + (m-1) c(m-1, j).
    let mut c = vec![vec![0u64; n + 1]; n + 1];
    c[0][0] = 1;
    for m in 1..=n {
        for j in 1..=m {
            c[m][j] = c[m - 1][j - 1] + (m as u64 - 1) * c[m - 1][j];
        }
    }
    (0..n).map(|k| c[n][n - k]).collect()
}

#[test]
fn coxeter_generators_grow_as_the_inversions_count() {
    for n in 2..=7 {
        assert_eq!(growth(coxeter(n)), mahonian(n), "{n} points");
    }
}

#[test]
fn all_transpositions_grow_as_the_cycles_count() {
    for n in 2..=7 {
        let mut generators = Generators::new(n).unwrap();
        for i in 1..=n {
            for j in i + 1..=n {
                generators.push_cycles(&format!("({i},{j})"), &format!("({i},{j})")).unwrap();
            }
        }
        assert_eq!(growth(generators), by_cycles(n), "{n} points");
    }
}

/// Prefix reversals of `n` pancakes, in one-line notation.
pub(crate) fn pancakes(n: usize) -> Generators {
    let mut generators = Generators::new(n).unwrap();
    for k in 2..=n {
        let image: Vec<String> =
            (0..n).map(|i| if i < k { k - 1 - i } else { i }.to_string()).collect();
        generators.push_one_line(&format!("flip {k}"), &image.join(" ")).unwrap();
    }
    generators
}

#[test]
fn pancake_graphs_have_the_published_diameters() {
    // OEIS A058986, the pancake numbers for 1 to 9 pancakes.
    let published = [0, 1, 3, 4, 5, 7, 8, 9, 10];
    for (n, &diameter) in (1..=9).zip(&published) {
        if n == 1 {
            continue; // No flips: one state, no generator.
        }
        let graph = Cayley::new(pancakes(n)).unwrap();
        let layers = DenseEnumeration::new().run(&AsRanked(graph), &[0], &mut Run::new()).unwrap();
        assert_eq!(layers.radius(), diameter, "{n} pancakes");
        assert_eq!(layers.states(), (1..=n as u64).product::<u64>(), "{n} pancakes");
    }
}

/// The layer sizes of plain breadth-first search from `start`, with
/// `moves` written by hand.
fn plain_layers(start: Vec<u8>, moves: &[fn(&[u8]) -> Vec<u8>]) -> Vec<u64> {
    let mut depth = HashMap::from([(start.clone(), 0usize)]);
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        let d = depth[&state];
        for apply in moves {
            let next = apply(&state);
            if !depth.contains_key(&next) {
                depth.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    let mut sizes = vec![0; depth.values().max().unwrap() + 1];
    for d in depth.values() {
        sizes[*d] += 1;
    }
    sizes
}

fn shift_left(s: &[u8]) -> Vec<u8> {
    s[1..].iter().chain(&s[..1]).copied().collect()
}

fn shift_right(s: &[u8]) -> Vec<u8> {
    s[s.len() - 1..].iter().chain(&s[..s.len() - 1]).copied().collect()
}

fn swap_first_two(s: &[u8]) -> Vec<u8> {
    let mut t = s.to_vec();
    t.swap(0, 1);
    t
}

pub(crate) fn lrx(n: usize) -> Generators {
    let mut generators = Generators::new(n).unwrap();
    let left: Vec<String> = (0..n).map(|i| ((i + 1) % n).to_string()).collect();
    let right: Vec<String> = (0..n).map(|i| ((i + n - 1) % n).to_string()).collect();
    generators.push_one_line("L", &left.join(",")).unwrap();
    generators.push_one_line("R", &right.join(",")).unwrap();
    generators.push_cycles("X", "(1,2)").unwrap();
    generators
}

#[test]
fn lrx_and_lx_match_plain_bfs_in_memory_and_dense() {
    for n in 3..=8 {
        let identity: Vec<u8> = (0..n as u8).collect();
        let expected = plain_layers(identity.clone(), &[shift_left, shift_right, swap_first_two]);
        assert_eq!(growth(lrx(n)), expected, "LRX {n}");
        let dense = DenseEnumeration::new()
            .run(&AsRanked(Cayley::new(lrx(n)).unwrap()), &[0], &mut Run::new())
            .unwrap();
        assert_eq!(dense.layer_sizes(), expected, "LRX {n}, dense");
        // LX: directed, as L's inverse is no generator.
        let mut lx = Generators::new(n).unwrap();
        let left: Vec<String> = (0..n).map(|i| ((i + 1) % n).to_string()).collect();
        lx.push_one_line("L", &left.join(" ")).unwrap();
        lx.push_cycles("X", "(1,2)").unwrap();
        assert!(!lx.is_closed_under_inverse());
        assert_eq!(growth(lx), plain_layers(identity, &[shift_left, swap_first_two]), "LX {n}");
    }
}

#[test]
fn an_orbit_of_repeated_items_is_a_coset_graph() {
    // Three black and three white beads under every transposition:
    // C(6, 3) arrangements, k of the first three made white at distance k.
    let mut generators = Generators::new(6).unwrap();
    for i in 1..=6 {
        for j in i + 1..=6 {
            generators.push_cycles(&format!("({i},{j})"), &format!("({i},{j})")).unwrap();
        }
    }
    let beads = Orbit::new(generators, &[0, 0, 0, 1, 1, 1]).unwrap();
    let layers = enumerate(&beads, [beads.start()]).unwrap();
    assert_eq!(layers.layer_sizes(), [1, 9, 9, 1]);
    assert_eq!(layers.deepest(), [arrangement(&[1, 1, 1, 0, 0, 0])]);
    // Ranked by the arrangements of the beads, the dense engine agrees.
    assert_eq!(beads.rank_count(), 20);
    let start = beads.rank(&beads.start());
    let dense = DenseEnumeration::new().run(&AsRanked(&beads), &[start], &mut Run::new()).unwrap();
    assert_eq!(dense.layer_sizes(), layers.layer_sizes());
}

#[test]
fn orbits_rank_on_the_dense_engine_as_they_hash() {
    // LRX on binary strings: cosets of the shifts and swap, against
    // cayleypy's published growth (its data/lrx_coset_growth.csv).
    for (start, published) in [
        (&[0, 0, 1, 1][..], &[1, 2, 3][..]),
        (&[0, 1, 0, 1], &[1, 2, 3]),
        (&[0, 0, 1, 1, 1], &[1, 2, 4, 2, 1]),
        (&[0, 1, 0, 1, 0], &[1, 3, 2, 3, 1]),
        (&[0, 0, 0, 1, 1, 1], &[1, 2, 3, 4, 4, 3, 2, 1]),
        (&[0, 0, 0, 1, 1, 1, 1], &[1, 2, 3, 5, 5, 6, 5, 5, 3]),
    ] {
        let n = start.len();
        let mut generators = Generators::new(n).unwrap();
        let shift = |by: usize| -> Vec<u8> { (0..n).map(|i| ((i + by) % n) as u8).collect() };
        generators.push("L", &shift(1)).unwrap();
        generators.push("R", &shift(n - 1)).unwrap();
        generators.push_cycles("X", "(1,2)").unwrap();
        let orbit = Orbit::new(generators, start).unwrap();
        let hashed = enumerate(&orbit, [orbit.start()]).unwrap();
        assert_eq!(hashed.layer_sizes(), published, "{start:?}");
        let first = orbit.rank(&orbit.start());
        let dense = DenseEnumeration::new().run(&AsRanked(&orbit), &[first], &mut Run::new());
        assert_eq!(dense.unwrap().layer_sizes(), published, "{start:?}");
    }
}

#[test]
fn even_generators_rank_in_half_the_permutations() {
    // (1,2,3) and (1,2,3,4,5) generate A_5 (n odd): 60 ranks, and the
    // dense engine fills them all.
    let mut generators = Generators::new(5).unwrap();
    generators.push_cycles("a", "(1,2,3)").unwrap();
    generators.push_cycles("b", "(1,2,3,4,5)").unwrap();
    let graph = Cayley::new(generators).unwrap();
    assert_eq!(graph.rank_count(), 60);
    let hashed = enumerate(&graph, [graph.identity()]).unwrap();
    let start = graph.rank(&graph.identity());
    let dense = DenseEnumeration::new().run(&AsRanked(&graph), &[start], &mut Run::new()).unwrap();
    assert_eq!(dense.layer_sizes(), hashed.layer_sizes());
    assert_eq!(dense.states(), 60);
    // An odd permutation, which no even generator reaches, ranks past
    // every table.
    assert_eq!(graph.rank(&arrangement(&[1, 0, 2, 3, 4])), 60);
}

#[test]
fn even_generators_reach_half_the_permutations() {
    // 3-cycles (1,2,3), (2,3,4), ...: even, and they generate A_n.
    for n in 3..=7 {
        let mut generators = Generators::new(n).unwrap();
        for i in 1..=n - 2 {
            generators
                .push_cycles(&format!("c{i}"), &format!("({i},{},{})", i + 1, i + 2))
                .unwrap();
        }
        assert!(generators.are_even());
        let states: u64 = growth(generators).iter().sum();
        assert_eq!(states, (1..=n as u64).product::<u64>() / 2, "{n} points");
    }
}

#[test]
fn bad_generators_are_refused_by_name() {
    let mut generators = Generators::new(4).unwrap();
    let cases = [
        (generators.push_one_line("a", "0 1 2 x"), "generator a has \"x\" where a point should be"),
        (generators.push_cycles("b", "(1,2"), "generator b has a cycle not closed"),
        (
            generators.push_cycles("c", "(0,1)"),
            "generator c names point 0: cycles count points from 1",
        ),
        (generators.push_cycles("d", "(1,2)(2,3)"), "generator d names point 2 twice"),
        (
            generators.push_cycles("e", "1,2"),
            "generator e is not cycles such as (1,2,3): it has \"1,2\"",
        ),
        (
            generators.push_one_line("f", "0 1 2 4"),
            "generator f is not a permutation: point 4 is not below 4",
        ),
    ];
    for (result, message) in cases {
        assert_eq!(result.unwrap_err().to_string(), message);
    }
    assert!(generators.is_empty());
    assert!(Generators::new(0).is_err());
    let mut wide = Generators::new(21).unwrap();
    wide.push_cycles("x", "(1,21)").unwrap();
    // A Cayley graph of any size is numbered by its group: here of two.
    assert_eq!(Cayley::new(wide.clone()).unwrap().rank_count(), 2);
    let start: Vec<u8> = (0..21).collect();
    let orbit = Orbit::new(wide, &start).unwrap();
    assert_eq!(orbit.generators().len(), 1);
    // 21! arrangements pass 64 bits: hashed, with no ranks.
    assert_eq!(orbit.rank_count(), 0);
    assert!(orbit.ranking().is_none());
    assert_eq!(enumerate(&orbit, [orbit.start()]).unwrap().layer_sizes(), [1, 1]);
    let error = Orbit::new(Generators::new(3).unwrap(), &[0, 1]).unwrap_err();
    assert_eq!(error.to_string(), "the start has 2 items, for generators of 3 points");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A shortest word found from both ends is as long as plain BFS's,
    /// and legal move by move, on random generators of 6 points:
    /// directed or not.
    #[test]
    fn shortest_words_from_both_ends_match_bfs(
        images in prop::collection::vec(Just((0u8..6).collect::<Vec<_>>()).prop_shuffle(), 1..4),
        target in Just((0u8..6).collect::<Vec<_>>()).prop_shuffle(),
    ) {
        let mut generators = Generators::new(6).unwrap();
        for (index, image) in images.iter().enumerate() {
            generators.push(&format!("g{index}"), image).unwrap();
        }
        let graph = Cayley::new(generators).unwrap();
        let target = arrangement(&target);
        let forward = bfs(&graph, [graph.identity()], |s| *s == target).unwrap();
        let both = bidirectional_bfs(&graph, [graph.identity()], [target.clone()]).unwrap();
        prop_assert_eq!(forward.as_ref().map(search_core::Path::len), both.as_ref().map(search_core::Path::len));
        if let Some(path) = both {
            for (step, (from, to)) in path.states().iter().zip(&path.states()[1..]).enumerate() {
                let g = images[path.moves()[step]].clone();
                let applied: Arrangement = g.iter().map(|&i| from[usize::from(i)]).collect();
                prop_assert_eq!(&applied, to);
            }
        }
    }
}

#[test]
fn a_puzzle_reads_from_gap_or_our_text() {
    // As PuzzleGeometry writes a GAP file: the generators, their list
    // over several lines, and identical pieces.
    let gap = "# PuzzleGeometry\nM_F:=(1,2,3);\nM_B:=(3,4)\n(5,6);\nGen:=[\nM_F,M_B\n];\n\
               ip:=[[1,2],[5,6]];\n";
    let puzzle = PermutationPuzzle::parse(gap).unwrap();
    assert_eq!(puzzle.generators().names().collect::<Vec<_>>(), ["F", "B"]);
    assert_eq!(puzzle.generators().image(1), [0, 1, 3, 2, 5, 4]);
    assert_eq!(puzzle.start().as_slice(), [0, 0, 1, 2, 3, 3]);
    assert!(!puzzle.is_permutation());
    let ours = PermutationPuzzle::parse("L = [1, 2, 0]\nX: (1,2)\nstart: 2 0 1").unwrap();
    assert_eq!(ours.start().as_slice(), [2, 0, 1]);
    assert!(ours.is_permutation());
    let plain = PermutationPuzzle::parse("L: 1 2 3 0\n").unwrap();
    assert_eq!(plain.start().as_slice(), [0, 1, 2, 3]);
    // A generator called Gen is one, in either notation; only GAP's list
    // of names is skipped.
    for text in ["Gen: 1 0 2\nA: 0 2 1", "Gen: [1, 0, 2]\nA: (2,3)", "Gen:=(1,2);\nA:=(2,3);"] {
        let s3 = PermutationPuzzle::parse(text).unwrap();
        assert_eq!(s3.generators().names().collect::<Vec<_>>(), ["Gen", "A"], "{text:?}");
        assert_eq!(growth(s3.generators().clone()), [1, 2, 2, 1], "{text:?}");
    }

    for (text, message) in [
        ("", "no generator: a line such as `L: 1 2 0`"),
        ("L 1 2 0", "line 1: \"L 1 2 0\" is not `NAME: PERMUTATION`"),
        ("a: 1 0\n\n: 0 1", "line 3: a generator needs a name before its ':'"),
        ("a: 1 0\na: 0 1", "line 2: generator a is named twice (first on line 1)"),
        ("a: 1 0 2\nb: (1,2", "line 2: generator b has a cycle not closed"),
        (
            "A:",
            "line 1: generator A is empty: write its permutation after its name, such as \
             `A: 1 0 2` or `A: (1,2)`",
        ),
        ("a: 1 0\nb: 1 0 2", "line 1: generator a moves 2 points, not 3"),
        ("M_a:=(1,2)\n", "line 1: M_a has no ';' to end it"),
        ("a: (1,2)\nstart: 0 x", "line 2: the start has \"x\" where an item (0 to 255) should be"),
        ("a: (1,2)\nstart: 0 0 0", "line 2: the start has 3 items, for generators of 2 points"),
        ("a: (1,2)\nip:=[[1,3]];", "line 2: ip names piece 3, not one of 1 to 2"),
        ("a: (1,2)\nip:=[[1],[1]];", "line 2: ip names piece 1 twice"),
        (
            "a: (1,2)\nstart: 0 0\nip:=[[1]];",
            "line 3: a start and identical pieces (line 2): give one",
        ),
        ("a: (1,2)\nstart: 0 0\nstart: 0 1", "line 3: start is given twice (first on line 2)"),
        (
            "a: (1,2)\nsym:",
            "line 2: a `sym:` line is empty: write a permutation of the 2 points after `sym:`, \
             in one-line notation or cycles",
        ),
        ("a: (1,2)\nsym: 1 0 2", "line 2: symmetry sym 1 moves 3 points, not 2"),
    ] {
        let error = PermutationPuzzle::parse(text).unwrap_err();
        assert_eq!(error.to_string(), message, "{text:?}");
    }
}

/// The elements `generators` reach from the identity, by a plain search
/// over arrangements moved by hand.
fn closure(generators: &Generators) -> std::collections::HashSet<Vec<u8>> {
    let n = generators.points();
    let identity: Vec<u8> = (0..n as u8).collect();
    let mut seen = std::collections::HashSet::from([identity.clone()]);
    let mut queue = VecDeque::from([identity]);
    while let Some(state) = queue.pop_front() {
        for g in 0..generators.len() {
            let image = generators.image(g);
            let next: Vec<u8> = image.iter().map(|&from| state[usize::from(from)]).collect();
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }
    seen
}

/// Up to three permutations of `n` points, from seeds.
fn random_generators(n: usize, seeds: &[u64]) -> Generators {
    let mut generators = Generators::new(n).unwrap();
    for (index, &seed) in seeds.iter().enumerate() {
        generators.push(&format!("g{index}"), &shuffled(n, seed)).unwrap();
    }
    generators
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A stabilizer chain's order is the group's size, its ranks number
    /// the elements from 0 to the order one each, and what is not an
    /// element has no rank.
    #[test]
    fn a_stabilizer_chain_numbers_exactly_the_group(
        n in 1usize..=6,
        seeds in proptest::collection::vec(any::<u64>(), 0..=3),
    ) {
        let generators = random_generators(n, &seeds);
        let chain = StabilizerChain::new(&generators).unwrap();
        let elements = closure(&generators);
        prop_assert_eq!(chain.order(), elements.len() as u128);
        let mut ranks: Vec<u128> = Vec::new();
        for element in &elements {
            let rank = chain.rank(element).expect("an element has a rank");
            prop_assert!(rank < chain.order());
            prop_assert_eq!(chain.rank_of_element(element), rank);
            prop_assert_eq!(&chain.unrank(rank)[..], element.as_slice());
            ranks.push(rank);
        }
        ranks.sort_unstable();
        ranks.dedup();
        prop_assert_eq!(ranks.len(), elements.len());
        let mut all: Vec<u8> = (0..n as u8).collect();
        let mut others = 0;
        loop {
            if !elements.contains(&all) {
                prop_assert!(!chain.contains(&all) && chain.rank(&all).is_none());
                others += 1;
            }
            // The next permutation in lexicographic order.
            let Some(i) = (1..n).rev().find(|&i| all[i - 1] < all[i]) else { break };
            let j = (i..n).rev().find(|&j| all[j] > all[i - 1]).unwrap();
            all.swap(i - 1, j);
            all[i..].reverse();
        }
        prop_assert_eq!(others + elements.len(), (1..=n).product::<usize>());
    }
}

/// Up to three signed permutations of `n` pancakes, from seeds: each
/// pancake's two sides (points 2p and 2p + 1) go to another's, turned
/// over where the seed says, so that the group is one of signed
/// permutations, ranked by its stabilizer chain.
fn signed_generators(n: usize, seeds: &[u64]) -> Generators {
    let mut generators = Generators::new(2 * n).unwrap();
    for (index, &seed) in seeds.iter().enumerate() {
        let order = shuffled(n, seed);
        let image: Vec<u8> = (0..2 * n)
            .map(|point| {
                let (pancake, side) = (point / 2, point % 2);
                let turned = (seed >> (pancake % 64)) as usize & 1;
                (usize::from(order[pancake]) * 2 + (side ^ turned)) as u8
            })
            .collect();
        generators.push(&format!("g{index}"), &image).unwrap();
    }
    generators
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The neighbours a Cayley graph keyed by its chain reports within a
    /// range of keys, stopping early on the others, are its neighbours
    /// in that range, in the same order.
    #[test]
    fn a_chains_neighbours_within_a_range_are_those_of_the_range(
        n in 2usize..=4,
        seeds in proptest::collection::vec(any::<u64>(), 1..=3),
        cuts in (0u128..=1000, 0u128..=1000),
    ) {
        use search_core::space::KeyedSpace;
        let graph = Cayley::new(signed_generators(n, &seeds)).unwrap();
        let order = graph.key_count();
        let (a, b) = (order * cuts.0 / 1000, order * cuts.1 / 1000);
        let range = a.min(b)..a.max(b);
        let keys: Vec<u128> = (0..order).collect();
        let mut within = Vec::new();
        graph.key_neighbours_within(&keys, range.clone(), |key| within.push(key));
        let mut filtered = Vec::new();
        graph.key_neighbours_of_all(&keys, |key| {
            if range.contains(&key) {
                filtered.push(key);
            }
        });
        prop_assert_eq!(within, filtered);
    }
}

#[test]
fn a_chain_ranked_group_in_passes_over_ranges_keeps_its_layers() {
    use search_core::sorted::SortedEnumeration;
    // Burnt pancakes of 6 as their 12 sides: 46,080 elements, ranked by
    // the chain, whose 276,480 neighbours pass the limits below in runs.
    let graph = Cayley::new(signed_generators_of_flips(6)).unwrap();
    let hashed = enumerate(&graph, [graph.identity()]).unwrap();
    // OEIS A078941: the burnt pancake graph of 6 has diameter 12.
    assert_eq!((hashed.states(), hashed.radius()), (46_080, 12));
    let identity = StabilizerChain::new(graph.generators()).unwrap().rank(&graph.identity());
    for (limit, threads) in [(512 << 10, 1), (2 << 20, 2)] {
        let ranges = Ranges { graph: &graph, asked: std::sync::Mutex::default() };
        let mut run = Run::new().limits(search_core::Limits::new().max_memory(limit));
        let engine = SortedEnumeration::new().threads(threads);
        let split = engine.run(&ranges, &[identity.unwrap()], &mut run).unwrap();
        assert_eq!(split.layer_sizes(), hashed.layer_sizes(), "{limit} bytes");
        // Passes over several ranges, each asked for by range.
        assert!(ranges.asked.lock().unwrap().len() > 1, "{limit} bytes: one range");
    }
}

/// A Cayley graph that keeps the ranges of keys it is asked for.
struct Ranges<'a> {
    graph: &'a Cayley,
    asked: std::sync::Mutex<std::collections::HashSet<(u128, u128)>>,
}

impl search_core::space::KeyedSpace for Ranges<'_> {
    type Key = u128;

    fn key_count(&self) -> u128 {
        self.graph.key_count()
    }

    fn key_neighbours<F: FnMut(u128)>(&self, key: u128, report: F) {
        self.graph.key_neighbours(key, report);
    }

    fn key_neighbours_within<F: FnMut(u128)>(
        &self,
        keys: &[u128],
        range: std::ops::Range<u128>,
        report: F,
    ) {
        self.asked.lock().unwrap().insert((range.start, range.end));
        self.graph.key_neighbours_within(keys, range, report);
    }
}

/// The `n` flips of burnt pancakes as permutations of their `2n` sides.
fn signed_generators_of_flips(n: u8) -> Generators {
    let mut flips = Generators::new(2 * usize::from(n)).unwrap();
    for k in 1..=n {
        let image: Vec<u8> = (0..2 * n)
            .map(|point| {
                let (pancake, side) = (point / 2, point % 2);
                if pancake < k { (k - 1 - pancake) * 2 + 1 - side } else { point }
            })
            .collect();
        flips.push(&format!("flip {k}"), &image).unwrap();
    }
    flips
}

#[test]
fn a_stabilizer_chain_knows_the_orders_of_known_groups() {
    let factorial = |n: u128| (1..=n).product::<u128>();
    for n in 2..=34 {
        // A shift and a swap give every permutation: 34! is below 2^128.
        let mut lx = Generators::new(n).unwrap();
        let shift: Vec<u8> = (0..n).map(|i| ((i + 1) % n) as u8).collect();
        lx.push("L", &shift).unwrap();
        lx.push_cycles("X", "(1,2)").unwrap();
        assert_eq!(StabilizerChain::new(&lx).unwrap().order(), factorial(n as u128), "S_{n}");
    }
    // 35! is past 2^128: refused, by what it would need.
    let mut big = Generators::new(35).unwrap();
    big.push("L", &(0..35u8).map(|i| (i + 1) % 35).collect::<Vec<u8>>()).unwrap();
    big.push_cycles("X", "(1,2)").unwrap();
    let error = StabilizerChain::new(&big).unwrap_err();
    assert!(error.to_string().contains("has 2^128 elements or more"), "{error}");
    // Burnt pancakes of n: 2^n n!, where the 2n points have (2n)!.
    for n in 1..=10u32 {
        let mut flips = Generators::new(2 * n as usize).unwrap();
        for k in 1..=n {
            // The top k pancakes reversed, each turned over: side s of
            // pancake p goes to side 1 - s of pancake k - 1 - p.
            let image: Vec<u8> = (0..2 * n)
                .map(|point| {
                    let (pancake, side) = (point / 2, point % 2);
                    if pancake < k { ((k - 1 - pancake) * 2 + 1 - side) as u8 } else { point as u8 }
                })
                .collect();
            flips.push(&format!("flip {k}"), &image).unwrap();
        }
        let order = StabilizerChain::new(&flips).unwrap().order();
        assert_eq!(order, (1u128 << n) * factorial(u128::from(n)), "{n} burnt pancakes");
    }
    // The identity alone, and no generators: the trivial group.
    assert_eq!(StabilizerChain::new(&Generators::new(3).unwrap()).unwrap().order(), 1);
    let mut identity = Generators::new(3).unwrap();
    identity.push("e", &[0, 1, 2]).unwrap();
    let trivial = StabilizerChain::new(&identity).unwrap();
    assert_eq!((trivial.order(), trivial.base()), (1, &[][..]));
    assert_eq!(trivial.rank(&[0, 1, 2]), Some(0));
}

#[test]
fn a_group_ranked_by_its_chain_takes_every_engine() {
    use search_core::sorted::SortedEnumeration;
    use search_core::space::KeyedSpace;
    // Burnt pancakes of 5: 3,840 elements of the 10! permutations of the
    // pancakes' 10 sides, numbered densely by the group.
    let graph = Cayley::new(signed_generators_of_flips(5)).unwrap();
    assert_eq!((graph.rank_count(), graph.order()), (3_840, Some(3_840)));
    let hashed = enumerate(&graph, [graph.identity()]).unwrap();
    // OEIS A078941: the burnt pancake graph of 5 has diameter 10.
    assert_eq!((hashed.states(), hashed.radius()), (3_840, 10));
    let start = graph.rank(&graph.identity());
    let dense = DenseEnumeration::new().run(&AsRanked(&graph), &[start], &mut Run::new()).unwrap();
    assert_eq!(dense.layer_sizes(), hashed.layer_sizes());
    let keyed = SortedEnumeration::new().run_reversible(&graph, &[0], &mut Run::new()).unwrap();
    assert_eq!(keyed.layer_sizes(), hashed.layer_sizes());
    let deepest: Vec<Vec<u8>> =
        keyed.deepest().iter().map(|&key| graph.unrank(key as u64).to_vec()).collect();
    let mut expected: Vec<Vec<u8>> = hashed.deepest().iter().map(|s| s.to_vec()).collect();
    expected.sort();
    let mut deepest = deepest;
    deepest.sort();
    assert_eq!(deepest, expected);
    // Every permutation of 30 points: past 2^64, keyed in 128 bits, the
    // sorted engine's layers to a depth as the hashed engine's.
    let mut lrx = Generators::new(30).unwrap();
    lrx.push("L", &(0..30).map(|i| (i + 1) % 30).collect::<Vec<u8>>()).unwrap();
    lrx.push("R", &(0..30).map(|i| (i + 29) % 30).collect::<Vec<u8>>()).unwrap();
    lrx.push_cycles("X", "(1,2)").unwrap();
    let wide = Cayley::new(lrx).unwrap();
    assert_eq!(wide.rank_count(), 0);
    assert!(wide.ranking().is_none());
    assert_eq!(wide.key_count(), (1..=30u128).product());
    let limits = search_core::Limits::new().max_depth(7);
    let hashed = Search::new().enumerate(&wide, [wide.identity()], &mut Run::new().limits(limits));
    let identity = StabilizerChain::new(wide.generators()).unwrap().rank(&wide.identity()).unwrap();
    let keyed =
        SortedEnumeration::new().run_reversible(&wide, &[identity], &mut Run::new().limits(limits));
    assert_eq!(keyed.unwrap().layer_sizes(), hashed.unwrap().layer_sizes());
}

/// A permutation of `n` points from a seed (Fisher-Yates over xorshift).
pub(crate) fn shuffled(n: usize, seed: u64) -> Vec<u8> {
    let mut image: Vec<u8> = (0..n as u8).collect();
    let mut state = seed | 1;
    for i in (1..n).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        image.swap(i, (state % (i as u64 + 1)) as usize);
    }
    image
}

/// Generators closed under conjugation by the group `symmetry`
/// generates: the conjugates of a few seeds' permutations, and their
/// inverses when `undirected`.
fn symmetric_generators(n: usize, symmetry: &[u8], seeds: &[u64], undirected: bool) -> Generators {
    let conjugate = |m: &[u8], g: &[u8]| -> Vec<u8> {
        let mut unmap = vec![0u8; n];
        for (i, &p) in m.iter().enumerate() {
            unmap[usize::from(p)] = i as u8;
        }
        (0..n).map(|i| m[usize::from(g[usize::from(unmap[i])])]).collect()
    };
    let mut images: Vec<Vec<u8>> = Vec::new();
    for &seed in seeds {
        let mut g = shuffled(n, seed);
        // Its conjugates by the powers of the symmetry.
        for _ in 0..n.max(2) * 2 {
            let mut pair = vec![g.clone()];
            if undirected {
                let mut inverse = vec![0u8; n];
                for (i, &p) in g.iter().enumerate() {
                    inverse[usize::from(p)] = i as u8;
                }
                pair.push(inverse);
            }
            for image in pair {
                if !images.contains(&image) {
                    images.push(image);
                }
            }
            g = conjugate(symmetry, &g);
        }
    }
    let mut generators = Generators::new(n).unwrap();
    for (index, image) in images.iter().enumerate() {
        generators.push(&format!("g{index}"), image).unwrap();
    }
    generators
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A group reduced by its symmetries, on the sorted engine and the
    /// hashed one: each layer's positions are plain BFS's states at that
    /// depth, and its classes the distinct first positions of their
    /// classes; directed and undirected, with and without the inverse.
    #[test]
    fn symmetric_enumeration_counts_what_plain_bfs_finds(
        n in 3usize..=6,
        symmetry_seed in any::<u64>(),
        seeds in proptest::collection::vec(any::<u64>(), 1..=2),
        undirected in any::<bool>(),
        with_inverse in any::<bool>(),
    ) {
        use search_core::sorted::SortedEnumeration;
        use search_core::space::Quotient;
        let symmetry = shuffled(n, symmetry_seed);
        let generators = symmetric_generators(n, &symmetry, &seeds, undirected);
        let inverse = with_inverse && undirected;
        let mut given = Generators::new(n).unwrap();
        given.push("m", &symmetry).unwrap();
        let symmetries = Symmetries::new(&generators, &given, inverse).unwrap();
        let graph = Cayley::new(generators).unwrap();
        let plain = enumerate(&graph, [graph.identity()]).unwrap();
        // The classes of each plain layer, by their first positions.
        let mut by_depth: Vec<std::collections::HashSet<Arrangement>> = Vec::new();
        let mut walk = search_core::breadth_first::Bfs::new();
        walk.start(&graph, [graph.identity()]).unwrap();
        while let Some(visit) = walk.next(&graph).unwrap() {
            if by_depth.len() <= visit.depth() {
                by_depth.push(std::collections::HashSet::default());
            }
            by_depth[visit.depth()].insert(symmetries.canonical(visit.state()).0);
        }
        let classes: Vec<u64> = by_depth.iter().map(|layer| layer.len() as u64).collect();
        let positions: Vec<u128> = plain.layer_sizes().iter().map(|&s| u128::from(s)).collect();
        let reduced = ReducedCayley::new(&graph, &symmetries).unwrap();
        let start = reduced.key(&graph.identity()).unwrap();
        let engine = SortedEnumeration::new().threads(1);
        let sorted = if undirected {
            engine.run_reversible(&reduced, &[start], &mut Run::new())
        } else {
            engine.run(&reduced, &[start], &mut Run::new())
        }
        .unwrap();
        prop_assert_eq!(sorted.layer_positions(), &positions[..]);
        prop_assert_eq!(sorted.layer_sizes(), &classes[..]);
        let hashed = enumerate(&ReducedStates::new(&graph, &symmetries), [graph.identity()]).unwrap();
        prop_assert_eq!(hashed.layer_positions(), &positions[..]);
        prop_assert_eq!(hashed.layer_sizes(), &classes[..]);
        // A generic quotient takes the symmetries that map moves to moves.
        if !inverse {
            let quotient = Quotient::new(&graph, |state: &Arrangement| symmetries.canonical(state));
            let hashed = enumerate(&quotient, [graph.identity()]).unwrap();
            prop_assert_eq!(hashed.layer_positions(), &positions[..]);
        }
    }
}

#[test]
fn a_symmetry_of_a_space_of_its_own_keeps_its_layers() {
    use search_core::from_fn;
    use search_core::space::Quotient;
    // A knight on a 6x6 board from a corner, its mirror image across the
    // diagonal through that corner one class; and a walk that only goes
    // right or down (directed), mirrored the same way.
    let knight = from_fn(|&(x, y): &(i8, i8)| {
        [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
            .into_iter()
            .map(move |(dx, dy)| (x + dx, y + dy))
            .filter(|&(x, y)| (0..6).contains(&x) && (0..6).contains(&y))
    });
    let down_right = from_fn(|&(x, y): &(i8, i8)| {
        [(x + 1, y), (x, y + 1)].into_iter().filter(|&(x, y)| x < 6 && y < 6)
    });
    let mirror = |&(x, y): &(i8, i8)| ((x.min(y), x.max(y)), if x == y { 1 } else { 2 });
    let folded = Quotient::new(&knight, mirror);
    let plain = enumerate(&knight, [(0, 0)]).unwrap();
    let reduced = enumerate(&folded, [(0, 0)]).unwrap();
    let sizes: Vec<u128> = plain.layer_sizes().iter().map(|&s| u128::from(s)).collect();
    assert_eq!(reduced.layer_positions(), &sizes[..]);
    assert!(reduced.states() < plain.states());
    assert!(reduced.is_reduced());
    // A path of classes is a path of the board again, move by move.
    let classes = search_core::bfs(&folded, [(0, 0)], |&s| s == (4, 5)).unwrap().unwrap();
    let real = search_core::Path::through_classes(&folded, (0, 0), &classes).unwrap();
    assert_eq!(
        real.len(),
        search_core::bfs(&knight, [(0, 0)], |&s| s == (5, 4)).unwrap().unwrap().len()
    );
    for pair in real.states().windows(2) {
        let (dx, dy) = ((pair[0].0 - pair[1].0).abs(), (pair[0].1 - pair[1].1).abs());
        assert!(matches!((dx, dy), (1, 2) | (2, 1)), "{pair:?}");
    }
    // Directed: the walk's layers are the diagonals, folded in two.
    let walk = Quotient::new(&down_right, mirror);
    let plain = enumerate(&down_right, [(0, 0)]).unwrap();
    let reduced = enumerate(&walk, [(0, 0)]).unwrap();
    let sizes: Vec<u128> = plain.layer_sizes().iter().map(|&s| u128::from(s)).collect();
    assert_eq!(reduced.layer_positions(), &sizes[..]);
    assert_eq!(reduced.layer_sizes(), [1, 1, 2, 2, 3, 3, 3, 2, 2, 1, 1]);
}
