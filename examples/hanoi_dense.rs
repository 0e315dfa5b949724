//! The Tower of Hanoi with four pegs, every state counted from the
//! standard start (all discs on the first peg) by the 2-bit dense engine.
//! `cargo run --release -p examples --example hanoi_dense -- 12`
//!
//! The space is `puzzles::Hanoi4` (crates/puzzles/src/numbered/hanoi.rs):
//! a state is each disc's peg, the smallest disc first, ranked by
//! search-core's `MixedRadix` (`4^discs` numbers); `AsRanked` hands the
//! successors and the ranking to `DenseEnumeration`.

use puzzles::Hanoi4;
use search_core::dense::DenseEnumeration;
use search_core::space::AsRanked;
use search_core::{Ranking, Run};

/// Every layer from all discs on the first peg.
fn layers(discs: usize) -> Result<Vec<u64>, Box<dyn std::error::Error>> {
    let hanoi = Hanoi4::new(discs)?;
    let start = hanoi.rank(&hanoi.start());
    let layers = DenseEnumeration::new().run(&AsRanked(hanoi), &[start], &mut Run::new())?;
    Ok(layers.layer_sizes().to_vec())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let discs = std::env::args().nth(1).map_or(Ok(8), |n| n.parse::<usize>())?;
    let sizes = layers(discs)?;
    let states: u64 = sizes.iter().sum();
    println!(
        "{discs} discs on 4 pegs: {states} states, the farthest {} moves away",
        sizes.len() - 1
    );
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    // Every state is reachable; the farthest from the start, for 1 to 6
    // discs, as a plain breadth-first search finds them.
    for (discs, farthest) in (1..=6).zip([1, 3, 5, 9, 13, 17]) {
        let sizes = layers(discs)?;
        assert_eq!(sizes.iter().sum::<u64>(), 4u64.pow(discs as u32));
        assert_eq!(sizes.len() - 1, farthest, "{discs} discs");
    }
    main()
}
