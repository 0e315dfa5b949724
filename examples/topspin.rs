//! TopSpin: `n` tokens on a ring, a move shifts the ring one place or
//! reverses the four tokens in the turntable; every arrangement counted
//! by the 2-bit dense engine from the solved ring.
//! `cargo run --release -p examples --example topspin -- 11`
//!
//! The space is `puzzles::TopSpin` (crates/puzzles/src/numbered/topspin.rs).
//! An odd ring's moves are all even permutations, so it is ranked by
//! search-core's `EvenPermutations` (`n!/2` numbers) and an even ring by
//! `Permutations`.

use puzzles::TopSpin;
use search_core::dense::DenseEnumeration;
use search_core::space::AsRanked;
use search_core::{Ranking, Run};

/// Every layer from the solved ring, and the ranks the table holds.
fn layers(n: usize) -> Result<(Vec<u64>, u64), Box<dyn std::error::Error>> {
    let ring = TopSpin::new(n)?;
    let (start, ranks) = (ring.rank(&ring.solved()), ring.rank_count());
    let layers = DenseEnumeration::new().run(&AsRanked(ring), &[start], &mut Run::new())?;
    Ok((layers.layer_sizes().to_vec(), ranks))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let largest = std::env::args().nth(1).map_or(Ok(9), |n| n.parse::<usize>())?;
    for n in 4..=largest {
        let (sizes, ranks) = layers(n)?;
        let rings: u64 = sizes.iter().sum();
        println!(
            "{n} tokens: {rings} of {ranks} rings reached, the farthest {} moves",
            sizes.len() - 1
        );
    }
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    // From 6 tokens on, every ring of the moves' parity is reached.
    for n in 6..=9 {
        let (sizes, ranks) = layers(n)?;
        assert_eq!(sizes.iter().sum::<u64>(), ranks, "{n} tokens");
    }
    main()
}
