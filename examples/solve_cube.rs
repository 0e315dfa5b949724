//! Optimal words for the 3x3x3 cube given only as its generators: the
//! solver's pattern databases are chosen from the 48 stickers' orbits
//! within a byte budget, built by the dense engine, kept in a directory,
//! and IDA* over canonical sequences answers each position.
//!
//! ```text
//! cargo run --release -p examples --example solve_cube -- BYTES DIR (random N | moves K N) [SEED [PROBES]]
//! ```
//!
//! `random N` solves N uniformly random positions (a uniform rank below
//! the group's order, unranked by its chain); `moves K N`, N scrambles of
//! K random moves, no face turned twice running. PROBES (default 0) is
//! how many of a position's conjugates by the cube's 48 symmetries each
//! table is read at too. Not run by the tests: a random position takes
//! minutes.

use std::time::Instant;

use search_core::Run;
use search_core::groups::{CanonicalMoves, PermutationPuzzle, StabilizerChain, Symmetries};
use search_core::words::{PointPattern, Solver};

const CUBE: &str = include_str!("../crates/puzzles/data/cube-3x3x3-htm.txt");

/// xorshift64*: the example's own randomness, reproducible from a seed.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform below `bound`, by rejection.
    fn below(&mut self, bound: u128) -> u128 {
        let zone = u128::MAX - u128::MAX % bound;
        loop {
            let wide = (u128::from(self.next()) << 64) | u128::from(self.next());
            if wide < zone {
                return wide % bound;
            }
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: solve_cube BYTES DIR (random N | moves K N) [SEED [PROBES]]";
    let (Some(bytes), Some(dir), Some(kind)) = (args.first(), args.get(1), args.get(2)) else {
        println!("{usage}");
        return Ok(());
    };
    let number = |at: usize| -> Result<u64, String> {
        args.get(at).ok_or(usage)?.parse().map_err(|e| format!("argument {at}: {e}"))
    };
    let (moves, count, seed_at) = match kind.as_str() {
        "random" => (None, number(3)?, 4),
        "moves" => (Some(number(3)? as usize), number(4)?, 5),
        _ => return Err(usage.into()),
    };
    let mut random = Random(args.get(seed_at).map_or(Ok(1), |s| s.parse())?);
    let probes: usize = args.get(seed_at + 1).map_or(Ok(0), |s| s.parse())?;
    let puzzle = PermutationPuzzle::parse(CUBE)?;
    let generators = puzzle.generators().clone();
    let chain = StabilizerChain::new(&generators)?;
    let canonical = CanonicalMoves::new(&generators);
    let started = Instant::now();
    let symmetries = Symmetries::new(&generators, puzzle.symmetries(), false)?;
    let solver =
        Solver::with_tables_in(&generators, bytes.parse()?, dir.as_ref(), &mut Run::new())?
            .with_symmetries(&symmetries, probes)?;
    let entries: Vec<u64> = solver.patterns().map(PointPattern::entries).collect();
    println!("tables {entries:?} ready in {:.1} s", started.elapsed().as_secs_f64());
    for _ in 0..count {
        let position: Vec<u8> = match moves {
            None => chain.unrank(random.below(chain.order())).to_vec(),
            Some(k) => {
                // Moves no canonical sequence skips: no face twice running.
                let mut state: Vec<u8> = (0..generators.points() as u8).collect();
                let mut last = None;
                for _ in 0..k {
                    let g = loop {
                        let g = (random.next() % generators.len() as u64) as usize;
                        if canonical.allows(last, g) {
                            break g;
                        }
                    };
                    last = Some(g);
                    let image = generators.image(g);
                    state = image.iter().map(|&i| state[usize::from(i)]).collect();
                }
                state
            }
        };
        let started = Instant::now();
        let mut run = Run::new();
        let path = solver.solve(&position, &mut run)?;
        let names: Vec<&str> = generators.names().collect();
        let word: Vec<&str> = path.moves().iter().map(|&g| names[g]).collect();
        let items: Vec<String> = position.iter().map(u8::to_string).collect();
        println!("position {}", items.join(" "));
        println!(
            "{} moves in {:.2} s, {} expanded, estimate {}: {}",
            path.len(),
            started.elapsed().as_secs_f64(),
            run.stats().expanded,
            solver.estimate(&position),
            word.join(" ")
        );
    }
    Ok(())
}
