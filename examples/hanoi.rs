//! The Tower of Hanoi with four pegs, from a closure: the fewest moves
//! that carry `n` discs from the first peg to the last.
//! `cargo run -p examples --example hanoi`
//!
//! A state packs each disc's peg in two bits, the smallest disc lowest;
//! the top disc of a peg is the smallest disc on it.

use search_core::space::Undirected;
use search_core::{bfs, bidirectional_bfs, from_fn};

/// The pegs' top discs: for each peg, the smallest disc on it, or `discs`.
fn tops(state: u32, discs: u32) -> [u32; 4] {
    let mut top = [discs; 4];
    for disc in (0..discs).rev() {
        top[(state >> (2 * disc) & 3) as usize] = disc;
    }
    top
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Frame and Stewart's numbers, shown optimal for four pegs by Bousch
    // (2014): 1, 3, 5, 9, 13, 17, 25, 33 moves for 1 to 8 discs.
    for (discs, fewest) in (1..=8).zip([1, 3, 5, 9, 13, 17, 25, 33]) {
        let space = Undirected(from_fn(move |&state: &u32| {
            let top = tops(state, discs);
            (0..4).flat_map(move |from| (0..4).map(move |to| (from, to))).filter_map(
                move |(from, to)| {
                    let disc = top[from];
                    (disc < discs && disc < top[to])
                        .then(|| state & !(3 << (2 * disc)) | (to as u32) << (2 * disc))
                },
            )
        }));
        let all_on_last = (0..discs).fold(0, |state, disc| state | 3 << (2 * disc));
        let path = bfs(&space, [0], |&state| state == all_on_last)?.ok_or("solvable")?;
        let both_ends = bidirectional_bfs(&space, [0], [all_on_last])?.ok_or("solvable")?;
        println!("{discs} discs: {} moves", path.len());
        assert_eq!((path.len(), both_ends.len()), (fewest, fewest));
    }
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    main()
}
