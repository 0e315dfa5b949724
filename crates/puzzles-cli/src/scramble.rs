//! `puzzles scramble`: uniformly random positions of a permutation
//! puzzle, or random walks of its moves.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use puzzles::PermutationGraph;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use search_core::groups::CanonicalMoves;
use serde_json::json;

#[derive(Debug, Args)]
pub(crate) struct ScrambleArgs {
    /// The generators in FILE, as `puzzles enumerate --generators` reads
    /// them.
    #[arg(long, value_name = "FILE")]
    generators: PathBuf,
    /// The position scrambled, the item at each position apart by spaces
    /// or commas [default: the file's start].
    #[arg(long, value_name = "ITEMS")]
    start: Option<String>,
    /// How many positions to print, a line each.
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: u64,
    /// Instead of a uniformly random position, the start after K random
    /// moves, none undoing or repeating the one before as a shortest word
    /// never does (its answer may still be shorter than K).
    #[arg(long, value_name = "K")]
    moves: Option<usize>,
    /// The seed of the random numbers: the same seed prints the same
    /// positions [default: one from the operating system].
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Print one JSON object per position: its items, and with --moves
    /// the moves made.
    #[arg(long)]
    json: bool,
}

pub(crate) fn run<W: Write>(args: &ScrambleArgs, out: &mut W) -> Result<bool, String> {
    let puzzle = crate::values::read_generators(&args.generators)?;
    let start = match &args.start {
        Some(items) => crate::values::parse_items(items).map_err(|e| format!("--start: {e}"))?,
        None => puzzle.start().to_vec(),
    };
    let file = args.generators.display();
    let graph = PermutationGraph::new(puzzle.generators().clone(), &start)
        .map_err(|e| format!("{file}: {e}"))?;
    let order = graph.order().ok_or_else(|| {
        format!("{file}: the group has 2^128 elements or more, past what a rank can pick from")
    })?;
    let mut random = match args.seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => StdRng::from_os_rng(),
    };
    let generators = graph.generators();
    let canonical = CanonicalMoves::new(generators);
    let names: Vec<&str> = generators.names().collect();
    for _ in 0..args.count {
        let (position, word) = match args.moves {
            None => {
                let rank = random.random_range(0..order);
                (graph.position(rank).ok_or("a rank below the order has a position")?, None)
            }
            Some(moves) => {
                let mut at = graph.start();
                let mut word: Vec<usize> = Vec::with_capacity(moves);
                for _ in 0..moves {
                    let allowed: Vec<usize> = (0..generators.len())
                        .filter(|&g| canonical.allows(word.last().copied(), g))
                        .collect();
                    if allowed.is_empty() {
                        let after = word.last().map_or("the start", |&g| names[g]);
                        return Err(format!("{file}: no move may follow {after}"));
                    }
                    let g = allowed[random.random_range(0..allowed.len())];
                    at = generators.apply(g, &at);
                    word.push(g);
                }
                (at, Some(word))
            }
        };
        let written = if args.json {
            let mut object = json!({ "state": position.as_slice() });
            if let Some(word) = &word {
                let word: Vec<&str> = word.iter().map(|&g| names[g]).collect();
                object["word"] = json!(word);
            }
            writeln!(out, "{object}")
        } else {
            let items: Vec<String> = position.iter().map(u8::to_string).collect();
            writeln!(out, "{}", items.join(" "))
        };
        written.map_err(crate::io_failure)?;
    }
    Ok(true)
}
