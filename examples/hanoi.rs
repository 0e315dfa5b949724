//! The Tower of Hanoi with four pegs, from a closure: the fewest moves
//! that carry `n` discs from the first peg to the last; then its layers
//! with the three other pegs interchangeable, one state kept for each
//! class of states that differ only in those pegs' names.
//! `cargo run -p examples --example hanoi`
//!
//! A state packs each disc's peg in two bits, the smallest disc lowest;
//! the top disc of a peg is the smallest disc on it.

use search_core::space::{Quotient, Undirected};
use search_core::{Reversible, bfs, bidirectional_bfs, enumerate, from_fn};

/// The pegs' top discs: for each peg, the smallest disc on it, or `discs`.
fn tops(state: u32, discs: u32) -> [u32; 4] {
    let mut top = [discs; 4];
    for disc in (0..discs).rev() {
        top[(state >> (2 * disc) & 3) as usize] = disc;
    }
    top
}

/// The tower of `discs` discs: a move takes a peg's top disc onto a peg
/// whose top disc is larger, or onto an empty peg.
fn tower(discs: u32) -> impl Reversible<State = u32, Move = ()> {
    Undirected(from_fn(move |&state: &u32| {
        let top = tops(state, discs);
        (0..4).flat_map(move |from| (0..4).map(move |to| (from, to))).filter_map(
            move |(from, to)| {
                let disc = top[from];
                (disc < discs && disc < top[to])
                    .then(|| state & !(3 << (2 * disc)) | (to as u32) << (2 * disc))
            },
        )
    }))
}

/// `state` with the pegs other than the first renamed 1, 2, 3 in the
/// order the discs, largest first, come to them, and the number of
/// states that renaming them gives: the same for every state of the
/// class, so it names the class.
fn canonical(state: u32, discs: u32) -> (u32, u64) {
    let mut name = [0, 4, 4, 4]; // 4: not named yet
    let mut named = 0;
    let mut first = 0;
    for disc in (0..discs).rev() {
        let peg = (state >> (2 * disc) & 3) as usize;
        if name[peg] == 4 {
            named += 1;
            name[peg] = named;
        }
        first |= name[peg] << (2 * disc);
    }
    // 3! namings of the pegs, less those of the pegs no disc is on.
    (first, [1, 3, 6, 6][named as usize])
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Frame and Stewart's numbers, shown optimal for four pegs by Bousch
    // (2014): 1, 3, 5, 9, 13, 17, 25, 33 moves for 1 to 8 discs.
    for (discs, fewest) in (1..=8).zip([1, 3, 5, 9, 13, 17, 25, 33]) {
        let space = tower(discs);
        let all_on_last = (0..discs).fold(0, |state, disc| state | 3 << (2 * disc));
        let path = bfs(&space, [0], |&state| state == all_on_last)?.ok_or("solvable")?;
        let both_ends = bidirectional_bfs(&space, [0], [all_on_last])?.ok_or("solvable")?;
        println!("{discs} discs: {} moves", path.len());
        assert_eq!((path.len(), both_ends.len()), (fewest, fewest));
    }

    // Renaming the pegs other than the first takes every move to a move
    // and keeps the start: a symmetry. With one state a class the layers
    // count the same positions, in 11,051 classes of the 4^8 = 65,536
    // states: (65,536 + 3 x 2^8 + 2 x 1) / 6 by Burnside's lemma (a swap
    // of two pegs fixes the towers on the other two; a cycle of three,
    // the one on the first).
    let discs = 8;
    let space = tower(discs);
    let every = enumerate(&space, [0])?;
    let classes = enumerate(&Quotient::new(&space, |&state| canonical(state, discs)), [0])?;
    println!(
        "{discs} discs: {} positions in {} classes, {} moves at the most",
        every.states(),
        classes.states(),
        classes.radius()
    );
    let sizes: Vec<u128> = every.layer_sizes().iter().map(|&size| u128::from(size)).collect();
    assert_eq!(classes.layer_positions(), sizes);
    assert_eq!((every.states(), classes.states()), (65_536, 11_051));
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    main()
}
