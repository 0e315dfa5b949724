//! The pancake puzzle, written as a user would, its every layer counted by
//! the 2-bit dense engine: a stack of `n` pancakes of sizes `0..n`, a move
//! flips the top `k` (2 <= k <= n), and the space is all `n!` stacks.
//! `cargo run --release -p examples --example pancakes -- 10`
//!
//! The ranking is search-core's `Permutations`; `AsRanked` turns the
//! successors and the ranking into what `DenseEnumeration` walks. The
//! radius of each size is its pancake number: the most flips any stack
//! needs (1, 3, 4, 5, 7, 8, 9, 10, 11, 13 for 2 to 11 pancakes).

use search_core::{AsRanked, DenseEnumeration, Permutations, Ranking, Successors, Unranking};

/// Stacks of up to 16 pancakes, the top first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Stack([u8; 16]);

struct Pancakes {
    n: usize,
    stacks: Permutations,
}

impl Pancakes {
    fn new(n: usize) -> Result<Pancakes, search_core::Error> {
        Ok(Pancakes { n, stacks: Permutations::new(n)? })
    }

    fn sorted(&self) -> Stack {
        let mut stack = [0; 16];
        (0..self.n).for_each(|i| stack[i] = i as u8);
        Stack(stack)
    }
}

impl Successors for Pancakes {
    type State = Stack;
    type Move = usize;

    fn successors<F: FnMut(Stack, usize)>(&self, stack: &Stack, mut report: F) {
        for k in 2..=self.n {
            let mut flipped = *stack;
            flipped.0[..k].reverse();
            report(flipped, k);
        }
    }

    fn ranking(&self) -> Option<impl Ranking<Stack> + '_> {
        Some(self)
    }
}

impl Ranking<Stack> for Pancakes {
    fn rank_count(&self) -> u64 {
        self.stacks.count()
    }

    fn rank(&self, stack: &Stack) -> u64 {
        self.stacks.rank(&stack.0[..self.n])
    }
}

impl Unranking<Stack> for Pancakes {
    fn unrank(&self, rank: u64) -> Stack {
        let mut stack = [0; 16];
        self.stacks.unrank(rank, &mut stack);
        Stack(stack)
    }
}

/// Every layer from the sorted stack, by the dense engine.
fn layers(n: usize) -> Result<Vec<u64>, Box<dyn std::error::Error>> {
    let pancakes = Pancakes::new(n)?;
    let start = pancakes.rank(&pancakes.sorted());
    let space = AsRanked(pancakes);
    let layers = DenseEnumeration::new().run(&space, &[start], |_, _| {})?;
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
    // The same layers as a plain enumeration of the stacks as states.
    let pancakes = Pancakes::new(7)?;
    let plain = search_core::enumerate(&pancakes, [pancakes.sorted()])?;
    assert_eq!(layers(7)?, plain.layer_sizes());
    main()
}
