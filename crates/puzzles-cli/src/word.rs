//! `puzzles solve --family` and `--generators`: the shortest word in a
//! permutation puzzle's generators that takes a state to the start.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path as FilePath, PathBuf};

use puzzles::{Family, PermutationGraph};
use search_core::groups::Arrangement;
use search_core::{Path, Run};
use serde_json::json;

use crate::batch::{Questions, answer_each};
use crate::progress::Display;
use crate::{Format, SearchArgs};

/// Where the generators come from.
#[derive(Clone, Copy)]
pub(crate) enum Generated<'a> {
    /// A family, on as many points as each state has (burnt pancakes: 2
    /// points a pancake), from the identity.
    Family(Family),
    /// A file of generators, from its start or from the items given.
    File(&'a PathBuf, Option<&'a str>),
}

/// Where `--pdb-dir` keeps the pattern databases of a file's puzzle,
/// how large they may be, and the most nodes IDA* may expand a state.
pub(crate) struct Tables<'a> {
    pub(crate) directory: &'a FilePath,
    pub(crate) max_bytes: u64,
    pub(crate) max_nodes: u64,
}

/// Answers each state of `states` (or of standard input's lines) with
/// the fewest moves that take it to the start, found from both ends or,
/// given `tables`, by IDA* over a file's pattern databases.
pub(crate) fn run<W: Write>(
    generated: Generated<'_>,
    states: &[OsString],
    tables: Option<Tables<'_>>,
    (format, search, with_stats): (&Format, &SearchArgs, bool),
    out: &mut W,
) -> Result<bool, String> {
    // A file's puzzle is read once; a family's is made for each size.
    let mut puzzles: Vec<PermutationGraph> = Vec::new();
    if let Generated::File(file, start) = generated {
        let puzzle = crate::values::read_generators(file)?;
        let start = match start {
            Some(items) => {
                crate::values::parse_items(items).map_err(|e| format!("--start: {e}"))?
            }
            None => puzzle.start().to_vec(),
        };
        let graph = PermutationGraph::new(puzzle.generators().clone(), &start)
            .map_err(|e| format!("{}: {e}", file.display()))?;
        puzzles.push(graph);
    }
    let display = Display::new(search.progress);
    if let Some(tables) = tables {
        let Generated::File(file, _) = generated else {
            return Err("--pdb-dir keeps the pattern databases of --generators FILE".into());
        };
        let options = (format, search, with_stats);
        return run_with_tables(&puzzles[0], file, states, &tables, options, &display, out);
    }
    let questions = Questions::from(states);
    answer_each(questions, format.json, out, |text, out| {
        let state = crate::values::parse_items(text)?;
        let graph = match generated {
            Generated::File(..) => &puzzles[0],
            Generated::Family(family) => family_graph(&mut puzzles, family, state.len())?,
        };
        let started = std::time::Instant::now();
        let path = search.run_shown(&display, |run: &mut Run<'_>| {
            let path = graph.solve(&state, run);
            if with_stats {
                report_stats(&state, "bidirectional", run.stats(), started.elapsed());
            }
            path
        });
        let path = path.map_err(|e| crate::explain(&e, None))?;
        write_word(out, graph, &state, path.as_ref(), *format).map_err(crate::io_failure)
    })
}

/// Answers each state with the fewest moves to `graph`'s start, by IDA*
/// over pattern databases kept in `tables.directory`: built (or read)
/// once, before the first state, under the run's memory limit.
fn run_with_tables<W: Write>(
    graph: &PermutationGraph,
    file: &FilePath,
    states: &[OsString],
    tables: &Tables<'_>,
    (format, search, with_stats): (&Format, &SearchArgs, bool),
    display: &Display,
    out: &mut W,
) -> Result<bool, String> {
    if !graph.is_permutation() {
        let points = graph.generators().points();
        let identity: Vec<String> = (0..points).map(|point| point.to_string()).collect();
        return Err(format!(
            "{}: --pdb-dir builds its tables for a start that holds the points 0 to {} once \
             each, in an order the moves reach, and the file's start does not: give one with \
             --start, such as the identity \"{}\"",
            file.display(),
            points.saturating_sub(1),
            identity.join(" ")
        ));
    }
    if tables.directory.exists() && !tables.directory.is_dir() {
        return Err(format!("--pdb-dir {} is not a directory", tables.directory.display()));
    }
    let started = std::time::Instant::now();
    let solver = search.run_shown(display, |run: &mut Run<'_>| {
        graph.word_solver(tables.max_bytes, Some(tables.directory), run)
    });
    let solver = solver.map_err(|e| {
        let hint = match e.kind() {
            puzzles::ErrorKind::Search(inner) => match inner.kind() {
                search_core::ErrorKind::InvalidShape { .. } => " (raise it with --pdb-size)",
                search_core::ErrorKind::TableFile { .. } => {
                    " (delete the file, and it is built again)"
                }
                _ => "",
            },
            _ => "",
        };
        format!("{}: {}{hint}", file.display(), crate::explain(&e, None))
    })?;
    if with_stats {
        let entries: Vec<String> =
            solver.patterns().map(|pattern| pattern.entries().to_string()).collect();
        eprintln!(
            "stats: pattern databases of {} entries in {}, ready in {:.3} s",
            entries.join(" + "),
            tables.directory.display(),
            started.elapsed().as_secs_f64()
        );
    }
    let limits = search.limits().max_nodes(tables.max_nodes);
    answer_each(Questions::from(states), format.json, out, |text, out| {
        let state = crate::values::parse_items(text)?;
        let started = std::time::Instant::now();
        let mut run = Run::new().limits(limits).on_progress(|p| display.observe(p));
        display.start();
        let path = solver.solve(&state, &mut run);
        display.finish();
        if with_stats {
            report_stats(&state, "idastar", run.stats(), started.elapsed());
        }
        let path = path.map_err(|e| crate::explain(&e, None))?;
        write_word(out, graph, &state, path.as_ref(), *format).map_err(crate::io_failure)
    })
}

/// One state's search, on standard error: what it counted, and how long
/// it took.
fn report_stats(
    state: &[u8],
    algorithm: &str,
    counted: search_core::run::Stats,
    elapsed: std::time::Duration,
) {
    let items: Vec<String> = state.iter().map(u8::to_string).collect();
    eprintln!(
        "stats: {}: {algorithm}, {} expanded, {} generated, {} stored, {:.3} s",
        items.join(" "),
        counted.expanded,
        counted.generated,
        counted.stored,
        elapsed.as_secs_f64()
    );
}

/// The Cayley graph of `family` on `points` points, made on first use.
fn family_graph(
    puzzles: &mut Vec<PermutationGraph>,
    family: Family,
    points: usize,
) -> Result<&PermutationGraph, String> {
    if let Some(index) = puzzles.iter().position(|graph| graph.start().len() == points) {
        return Ok(&puzzles[index]);
    }
    let size = if family == Family::BurntPancake {
        if !points.is_multiple_of(2) {
            return Err(format!(
                "burnt pancakes take 2 points a pancake: {points} points is not a stack"
            ));
        }
        points / 2
    } else {
        points
    };
    let generators = family.generators(size).map_err(|e| e.to_string())?;
    let identity: Vec<u8> = (0..generators.points()).map(|point| point as u8).collect();
    puzzles.push(PermutationGraph::new(generators, &identity).map_err(|e| e.to_string())?);
    Ok(&puzzles[puzzles.len() - 1])
}

/// One state's answer: the word, its length (`-1` with --count when no
/// word reaches the start), or a JSON object of both.
fn write_word<W: Write>(
    out: &mut W,
    graph: &PermutationGraph,
    state: &[u8],
    path: Option<&Path<Arrangement, usize>>,
    format: Format,
) -> std::io::Result<()> {
    let names: Vec<&str> = graph.generators().names().collect();
    let word: Vec<&str> =
        path.map_or(Vec::new(), |path| path.moves().iter().map(|&g| names[g]).collect());
    let items: Vec<String> = state.iter().map(u8::to_string).collect();
    let items = items.join(" ");
    let moves = path.map_or(-1, |path| i64::try_from(path.len()).unwrap_or(i64::MAX));
    if format.count {
        return writeln!(out, "{moves}");
    }
    if format.json {
        return writeln!(out, "{}", json!({ "state": state, "moves": moves, "word": word }));
    }
    match path {
        None => {
            writeln!(out, "{items}: unreachable: no word in the generators takes it to the start")
        }
        Some(_) if word.is_empty() => writeln!(out, "{items}: 0 moves: already the start"),
        Some(_) => {
            let noun = if word.len() == 1 { "move" } else { "moves" };
            // Names such as "flip 3" are told apart by commas.
            let apart = if names.iter().any(|name| name.contains(' ')) { ", " } else { " " };
            writeln!(out, "{items}: {} {noun}: {}", word.len(), word.join(apart))
        }
    }
}
