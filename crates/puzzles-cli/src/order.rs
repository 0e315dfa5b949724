//! `puzzles order`: how large a permutation puzzle is, from its moves.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use puzzles::Family;
use search_core::groups::{Generators, StabilizerChain, Symmetries};
use serde_json::json;

#[derive(Debug, Args)]
pub(crate) struct OrderArgs {
    /// A family of generators (lrx, lx, coxeter, cyclic-coxeter,
    /// transpositions, star, pancake, topspin, reversals, burnt-pancake)
    /// and its size, such as `burnt-pancake 7`; or, with --generators,
    /// none.
    #[arg(value_name = "FAMILY", value_parser = crate::solve::parse_family, requires = "size", conflicts_with = "generators")]
    family: Option<Family>,
    /// The family's size: its points (burnt pancakes: its pancakes).
    #[arg(value_name = "N")]
    size: Option<usize>,
    /// The generators in FILE, as `puzzles enumerate --generators` reads
    /// them; its `sym:` lines are counted as its symmetries.
    #[arg(long, value_name = "FILE", required_unless_present = "family")]
    generators: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub(crate) fn run<W: Write>(args: &OrderArgs, out: &mut W) -> Result<bool, String> {
    let (title, generators, given) = match (&args.family, &args.size, &args.generators) {
        (Some(family), Some(size), _) => {
            let generators = family.generators(*size).map_err(|e| e.to_string())?;
            let none = Generators::new(generators.points()).map_err(|e| e.to_string())?;
            (format!("{} {size}", family.name()), generators, none)
        }
        (_, _, Some(file)) => {
            let puzzle = crate::values::read_generators(file)?;
            (file.display().to_string(), puzzle.generators().clone(), puzzle.symmetries().clone())
        }
        _ => return Err("name a family and its size, or --generators FILE".into()),
    };
    let chain = StabilizerChain::new(&generators).map_err(|e| format!("{title}: {e}"))?;
    let symmetries = if given.is_empty() {
        None
    } else {
        Some(Symmetries::new(&generators, &given, false).map_err(|e| format!("{title}: {e}"))?)
    };
    let closed = generators.is_closed_under_inverse();
    let written = if args.json {
        let object = json!({
            "puzzle": title,
            "points": generators.points(),
            "generators": generators.len(),
            // A string, as `enumerate --json` writes it: past 2^53 a
            // number is rounded by most JSON readers.
            "order": chain.order().to_string(),
            "base": chain.base().len(),
            "closed_under_inverse": closed,
            "symmetries": symmetries.as_ref().map_or(1, Symmetries::len),
        });
        writeln!(out, "{object}")
    } else {
        let moves = if closed { "every move undone by another" } else { "a directed graph" };
        writeln!(
            out,
            "{title}: {} points, {} generators ({moves}); their group has {} elements",
            generators.points(),
            generators.len(),
            chain.order()
        )
        .and_then(|()| {
            writeln!(out, "order: {chain} (the orbits of a base of {} points)", chain.base().len())
        })
        .and_then(|()| match &symmetries {
            Some(symmetries) => writeln!(out, "{} symmetries", symmetries.len()),
            None => Ok(()),
        })
    };
    written.map_err(crate::io_failure)?;
    Ok(true)
}
