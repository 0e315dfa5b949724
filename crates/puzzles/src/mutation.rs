//! Minimum Genetic Mutation (LeetCode 433): a state space written as a
//! closure, with hashed `String` states.

use rustc_hash::FxHashSet;
use search_core::breadth_first::Search;
use search_core::{Run, from_fn};

use crate::error::{Error, ErrorKind};

const BASES: [u8; 4] = *b"ACGT";

/// LeetCode 433: the fewest one-letter mutations from `start` to `end`,
/// each passing through a gene in `bank`, or -1.
///
/// This space needs no type of its own: [`from_fn`] turns the closure that
/// lists a gene's mutations into a state space.
///
/// # Errors
///
/// When a gene is not 8 letters of `ACGT`.
///
/// # Example
///
/// ```
/// use puzzles::min_mutation;
///
/// assert_eq!(min_mutation("AACCGGTT", "AACCGGTA", &["AACCGGTA"])?, 1);
/// assert_eq!(min_mutation("AACCGGTT", "AAACGGTA", &["AACCGGTA", "AACCGCTA", "AAACGGTA"])?, 2);
/// assert_eq!(min_mutation("AAAAACCC", "AACCCCCC", &["AAAACCCC", "AAACCCCC", "AACCCCCC"])?, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn min_mutation<S: AsRef<str>>(start: &str, end: &str, bank: &[S]) -> Result<i32, Error> {
    for gene in [start, end].into_iter().chain(bank.iter().map(AsRef::as_ref)) {
        check_gene(gene)?;
    }
    let bank: FxHashSet<&str> = bank.iter().map(AsRef::as_ref).collect();
    if !bank.contains(end) {
        return Ok(-1);
    }
    let mutations = from_fn(|gene: &String| {
        let mut next = Vec::new();
        let mut bytes = gene.clone().into_bytes();
        for i in 0..bytes.len() {
            let original = bytes[i];
            for base in BASES {
                bytes[i] = base;
                // Genes are checked to be ASCII, so this cannot fail.
                if let Ok(candidate) = std::str::from_utf8(&bytes)
                    && base != original
                    && bank.contains(candidate)
                {
                    next.push(candidate.to_string());
                }
            }
            bytes[i] = original;
        }
        next
    });
    let is_end = |gene: &String| gene == end;
    let moves = Search::new().distance(&mutations, [start.to_string()], is_end, &mut Run::new())?;
    Ok(moves.map_or(-1, |moves| i32::try_from(moves).unwrap_or(i32::MAX)))
}

fn check_gene(gene: &str) -> Result<(), Error> {
    let bad = |reason: String| Err(Error::new(ErrorKind::Input { reason }));
    if gene.len() != 8 {
        return bad(format!("gene '{gene}' has {} letters, expected 8", gene.chars().count()));
    }
    if let Some(position) = gene.bytes().position(|b| !BASES.contains(&b)) {
        return bad(format!("gene '{gene}': letter {} is not one of A, C, G, T", position + 1));
    }
    Ok(())
}
