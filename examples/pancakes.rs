//! The pancake puzzle, its every layer counted by the 2-bit dense engine:
//! a stack of `n` pancakes of sizes `0..n`, a move flips the top `k`
//! (2 <= k <= n), and the space is all `n!` stacks.
//! `cargo run --release -p examples --example pancakes -- 10`
//!
//! The space is `puzzles::Pancakes` (crates/puzzles/src/numbered/pancakes.rs),
//! a page of code: successors that flip, and a ranking that is
//! search-core's `Permutations`. `AsRanked` turns the two into what
//! `DenseEnumeration` walks. The radius of each size is its pancake
//! number: the most flips any stack needs.

use puzzles::Pancakes;
use search_core::dense::DenseEnumeration;
use search_core::space::AsRanked;
use search_core::{Ranking, Run};

/// Every layer from the sorted stack, by the dense engine.
fn layers(n: usize) -> Result<Vec<u64>, Box<dyn std::error::Error>> {
    let pancakes = Pancakes::new(n)?;
    let start = pancakes.rank(&pancakes.sorted());
    let layers = DenseEnumeration::new().run(&AsRanked(pancakes), &[start], &mut Run::new())?;
    Ok(layers.layer_sizes().to_vec())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let largest = std::env::args().nth(1).map_or(Ok(9), |n| n.parse::<usize>())?;
    for n in 2..=largest {
        let sizes = layers(n)?;
        let stacks: u64 = sizes.iter().sum();
        println!("{n} pancakes: {stacks} stacks, the most flips {}", sizes.len() - 1);
    }
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    // The pancake numbers for 2 to 9, and every stack reached.
    for (n, radius) in (2..=9).zip([1, 3, 4, 5, 7, 8, 9, 10]) {
        let sizes = layers(n)?;
        assert_eq!(sizes.len() - 1, radius, "{n} pancakes");
        assert_eq!(sizes.iter().sum::<u64>(), (1..=n as u64).product::<u64>());
    }
    main()
}
