//! The Tower of Hanoi with four pegs, every state counted from the
//! standard start (all discs on the first peg) by the 2-bit dense engine.
//! `cargo run --release -p examples --example hanoi_dense -- 12`
//!
//! A state is each disc's peg, the smallest disc first; its ranking is
//! search-core's `MixedRadix` (`4^discs` numbers), and `AsRanked` hands the
//! successors and the ranking to `DenseEnumeration`.

use search_core::{AsRanked, DenseEnumeration, MixedRadix, Ranking, Successors, Unranking};

/// Each disc's peg, for up to 16 discs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pegs([u8; 16]);

struct Hanoi {
    discs: usize,
    digits: MixedRadix,
}

impl Hanoi {
    fn new(discs: usize) -> Result<Hanoi, search_core::Error> {
        Ok(Hanoi { discs, digits: MixedRadix::uniform(4, discs)? })
    }
}

impl Successors for Hanoi {
    type State = Pegs;
    type Move = (u8, u8);

    fn successors<F: FnMut(Pegs, (u8, u8))>(&self, pegs: &Pegs, mut report: F) {
        // Each peg's top disc: the smallest on it.
        let mut top = [usize::MAX; 4];
        for disc in (0..self.discs).rev() {
            top[usize::from(pegs.0[disc])] = disc;
        }
        for from in 0..4u8 {
            let disc = top[usize::from(from)];
            if disc == usize::MAX {
                continue;
            }
            for to in (0..4u8).filter(|&to| disc < top[usize::from(to)]) {
                let mut next = *pegs;
                next.0[disc] = to;
                report(next, (from, to));
            }
        }
    }

    fn ranking(&self) -> Option<impl Ranking<Pegs> + '_> {
        Some(self)
    }
}

impl Ranking<Pegs> for Hanoi {
    fn rank_count(&self) -> u64 {
        self.digits.count()
    }

    fn rank(&self, pegs: &Pegs) -> u64 {
        self.digits.rank(&pegs.0[..self.discs])
    }
}

impl Unranking<Pegs> for Hanoi {
    fn unrank(&self, rank: u64) -> Pegs {
        let mut pegs = [0; 16];
        self.digits.unrank(rank, &mut pegs);
        Pegs(pegs)
    }
}

/// Every layer from all discs on the first peg.
fn layers(discs: usize) -> Result<Vec<u64>, Box<dyn std::error::Error>> {
    let space = AsRanked(Hanoi::new(discs)?);
    let layers = DenseEnumeration::new().run(&space, &[0], |_, _| {})?;
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
    // Every state is reachable, and the layers are a plain enumeration's.
    for discs in 1..=6 {
        let hanoi = Hanoi::new(discs)?;
        let plain = search_core::enumerate(&hanoi, [Pegs([0; 16])])?;
        let dense = layers(discs)?;
        assert_eq!(dense, plain.layer_sizes(), "{discs} discs");
        assert_eq!(dense.iter().sum::<u64>(), 4u64.pow(discs as u32));
    }
    main()
}
