//! Pancakes, TopSpin and the 4-peg Hanoi: the dense engine's layers from
//! their ranks against a plain enumeration of their states, and the
//! published pancake numbers.

use puzzles::{Hanoi4, Pancakes, Tokens, TopSpin};
use search_core::Run;
use search_core::dense::DenseEnumeration;
use search_core::space::{AsRanked, RankedSpace};
use search_core::{Ranking, Successors, Unranking, enumerate};

/// The dense layers from `start`, checked against a plain (hashed)
/// enumeration of the states, and every reached rank's unranking.
fn dense_layers<G>(space: G, start: Tokens) -> Vec<u64>
where
    G: Successors<State = Tokens> + Ranking<Tokens> + Unranking<Tokens> + Sync,
{
    let plain = enumerate(&space, [start]).unwrap();
    let rank = space.rank(&start);
    assert_eq!(space.unrank(rank), start);
    let dense = DenseEnumeration::new().run(&AsRanked(space), &[rank], &mut Run::new()).unwrap();
    assert_eq!(dense.layer_sizes(), plain.layer_sizes(), "from {start}");
    dense.layer_sizes().to_vec()
}

#[test]
fn pancake_layers_are_a_plain_enumerations_and_reach_the_pancake_numbers() {
    // The pancake numbers (OEIS A058986) for 2 to 8 pancakes.
    for (n, radius) in (2..=8).zip([1, 3, 4, 5, 7, 8, 9]) {
        let pancakes = Pancakes::new(n).unwrap();
        let layers = dense_layers(pancakes, pancakes.sorted());
        assert_eq!(layers.len() - 1, radius, "{n} pancakes");
        assert_eq!(layers.iter().sum::<u64>(), (1..=n as u64).product::<u64>());
    }
}

#[test]
fn topspin_layers_are_a_plain_enumerations() {
    for n in 4..=9 {
        let ring = TopSpin::new(n).unwrap();
        let layers = dense_layers(ring, ring.solved());
        let states: u64 = layers.iter().sum();
        assert!(states <= ring.rank_count(), "{n} tokens");
        if n >= 6 {
            // From six tokens on, every arrangement of the right parity.
            assert_eq!(states, ring.rank_count(), "{n} tokens");
        }
    }
}

#[test]
fn hanoi_layers_are_a_plain_enumerations_and_reach_every_state() {
    for discs in 1..=7 {
        let hanoi = Hanoi4::new(discs).unwrap();
        let layers = dense_layers(hanoi.clone(), hanoi.start());
        assert_eq!(layers.iter().sum::<u64>(), 4u64.pow(discs as u32), "{discs} discs");
    }
}

#[test]
fn sizes_outside_each_puzzle_are_refused_by_name() {
    assert_eq!(Pancakes::new(1).unwrap_err().to_string(), "1 pancakes: the puzzle takes 2 to 16");
    assert_eq!(
        TopSpin::new(17).unwrap_err().to_string(),
        "17 TopSpin tokens: the puzzle takes 4 to 16"
    );
    assert_eq!(Hanoi4::new(0).unwrap_err().to_string(), "0 discs: the puzzle takes 1 to 16");
}

/// `fast` gives each of `ranks` the neighbours `plain` gives, in order.
fn assert_same_neighbours(
    fast: &impl RankedSpace,
    plain: &impl RankedSpace,
    ranks: impl IntoIterator<Item = u64>,
    what: &str,
) {
    let (mut from_fast, mut from_plain) = (Vec::new(), Vec::new());
    for rank in ranks {
        from_fast.clear();
        from_plain.clear();
        fast.neighbours(rank, |next| from_fast.push(next));
        plain.neighbours(rank, |next| from_plain.push(next));
        assert_eq!(from_fast, from_plain, "{what}, rank {rank}");
    }
}

#[test]
fn pancakes_own_neighbours_are_the_ranks_of_their_flips() {
    for n in 2..=7 {
        let pancakes = Pancakes::new(n).unwrap();
        let every = 0..pancakes.rank_count();
        assert_same_neighbours(
            &pancakes.ranks(),
            &AsRanked(pancakes),
            every,
            &format!("{n} pancakes"),
        );
    }
    // Spread over 16 pancakes' 16! ranks.
    let pancakes = Pancakes::new(16).unwrap();
    let spread = (0..pancakes.rank_count()).step_by(1_000_000_007).take(20_000);
    assert_same_neighbours(&pancakes.ranks(), &AsRanked(pancakes), spread, "16 pancakes");
    let ranks = Pancakes::new(8).unwrap().ranks();
    let layers = DenseEnumeration::new().run(&ranks, &[0], &mut Run::new()).unwrap();
    assert_eq!(layers.radius(), 9);
}

#[test]
fn hanoi_own_neighbours_are_the_ranks_of_its_moves() {
    for discs in 1..=6 {
        let hanoi = Hanoi4::new(discs).unwrap();
        let every = 0..hanoi.rank_count();
        assert_same_neighbours(
            &hanoi.ranks(),
            &AsRanked(hanoi.clone()),
            every,
            &format!("{discs} discs"),
        );
    }
    let hanoi = Hanoi4::new(16).unwrap();
    let spread = (0..hanoi.rank_count()).step_by(65_537).take(20_000);
    assert_same_neighbours(&hanoi.ranks(), &AsRanked(hanoi.clone()), spread, "16 discs");
}
