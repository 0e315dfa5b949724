//! `puzzles enumerate`.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::{Args, ValueEnum};
use indicatif::{HumanBytes, ProgressBar, ProgressStyle};
use puzzles::{
    Board, Family, Hanoi4, Pancakes, PermutationGraph, ReachableBoards, SlidingPuzzle, Tokens,
    TopSpin,
};
use search_core::breadth_first::Enumeration;
use search_core::dense::DenseEnumeration;
use search_core::groups::{Arrangement, Generators, Symmetries};
use search_core::layers::{Engine as LayerEngine, Enumerator};
use search_core::run::Progress;
use search_core::space::{AsRanked, RankedSpace};
use search_core::{Limits, Ranking, Run, Successors, Unranking};
use search_dist::{DistributedEnumeration, Workers};

use crate::progress::Display;

#[derive(Debug, Args)]
#[expect(clippy::struct_excessive_bools, reason = "a command's switches, as clap reads them")]
#[command(group(clap::ArgGroup::new("resumable").multiple(true).args(["checkpoint", "disk"])))]
pub(crate) struct EnumerateArgs {
    /// What to enumerate: a sliding puzzle's size, rows x columns, such as
    /// 3x3 or 2x7 (at most 16 cells: larger boards are not numbered); or
    /// `pancake`, `topspin` or `hanoi4`, followed by its size; or the
    /// Cayley graph of a family of generators, `lrx`, `lx`, `coxeter`,
    /// `cyclic-coxeter`, `transpositions`, `star`, `reversals` or
    /// `burnt-pancake`, followed by its points (2 to 256; burnt pancakes 1
    /// to 128). With --generators, none.
    #[arg(
        value_name = "PUZZLE",
        value_parser = parse_puzzle,
        required_unless_present = "generators",
        conflicts_with = "generators"
    )]
    puzzle: Option<Puzzle>,
    /// The size of a pancake stack (2 to 16 pancakes), a TopSpin ring (4
    /// to 16 tokens), a 4-peg Hanoi tower (1 to 16 discs) or a family of
    /// generators.
    #[arg(value_name = "N")]
    size: Option<usize>,
    /// Enumerate the graph of the permutations in FILE from its start:
    /// one generator a line, `NAME: PERMUTATION` in one-line notation
    /// (from 0: `L: 1 2 3 0` moves the item at position i + 1 to i, so a
    /// state s becomes t with t[i] = s[L[i]]) or cycles (`(1,2,3)(4,5)`,
    /// from 1: the item at 1 moves to 2; `(1,2,3)` is `2 0 1`), or a GAP file as
    /// `PuzzleGeometry` writes them (`M_U:=(1,2,3,4);`, with `ip:=[[...]];`
    /// for pieces that look alike); `start: ITEMS` gives a start whose
    /// items may repeat (a coset graph) [default start: the identity].
    /// Ranked states (at most 20 distinct points, or arrangements of
    /// repeated items that number below 2^64) run on the dense engine when
    /// its table fits --max-memory or with --disk; others on the hashed
    /// engine, within --max-memory.
    #[arg(long, value_name = "FILE")]
    generators: Option<PathBuf>,
    /// The start of a --generators enumeration, the item at each position
    /// apart by spaces or commas, such as "0 0 1 1" [default: the file's].
    #[arg(long, value_name = "ITEMS")]
    start: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Worker threads, 1 to 1024 [default: one per core; a small board
    /// gets fewer].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Run on the distributed engine (timely-dataflow) with N workers in
    /// this process; with --processes, in each process.
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(1..=1024),
        conflicts_with = "threads"
    )]
    workers: Option<u16>,
    /// Run on the distributed engine in N processes, each started with
    /// the same arguments and its own --process; their addresses are the
    /// first N lines of --hostfile.
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(1..),
        requires_all = ["process", "hostfile"],
        conflicts_with = "threads"
    )]
    processes: Option<u16>,
    /// This process's index, 0 to N - 1; process 0 prints the table.
    #[arg(long, value_name = "I", requires = "processes")]
    process: Option<u16>,
    /// A file of one host:port a line, the address of each process.
    #[arg(long, value_name = "FILE", requires = "processes")]
    hostfile: Option<PathBuf>,
    /// Seconds to wait for the other processes to connect, 1 to 86400.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 60,
        value_parser = clap::value_parser!(u64).range(1..=86_400),
        requires = "processes"
    )]
    connect_timeout: u64,
    /// Seconds another process may send nothing (each sends a heartbeat
    /// every second) before this one calls it lost and stops the run: a
    /// process stopped (SIGSTOP), hung or cut off. 1 to 86400.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 30,
        value_parser = clap::value_parser!(u64).range(1..=86_400),
        requires = "processes"
    )]
    peer_timeout: u64,
    /// The distributed engine's kind: "ranked" keeps 2 bits for every
    /// board's rank, "hashed" keeps the boards found in hash sets (the
    /// engine of spaces without ranks).
    #[arg(long, value_enum, default_value_t = Engine::Ranked)]
    engine: Engine,
    /// The most memory the table may take, such as 512M or 16G (on the
    /// distributed engine, this process's workers together) [default: 4G,
    /// the bound of every search].
    #[arg(long, value_name = "SIZE", value_parser = crate::values::parse_bytes)]
    max_memory: Option<u64>,
    /// Enumerate the layers to depth N only, and say whether the space goes
    /// on past it (the last checkpoint, or --disk manifest, of a cut run
    /// stays for --resume with more depth). A sliding puzzle whose table
    /// cannot fit (4x4) is then enumerated to depth N with its layers kept
    /// as sorted, compressed ranks (a few bytes a board), within
    /// --max-memory; with --disk, in files under DIR/enumerate-4x4-sorted
    /// (each layer checksummed, a stopped run resumed with --resume), the
    /// deepest layer's boards then not listed.
    #[arg(long, value_name = "N")]
    max_depth: Option<usize>,
    /// Save the table in DIR/enumerate-PUZZLE at the end of a layer, so
    /// that an interrupted run can go on with --resume (one file, the
    /// newest only: as large as the table). With --disk, its DIR is used.
    #[arg(long, value_name = "DIR")]
    checkpoint: Option<std::path::PathBuf>,
    /// Seconds, at the least, between two checkpoints: one is written at
    /// the end of the first layer after them; 0 writes one at every
    /// layer's end. --disk writes its first manifest at the first layer's
    /// end and doubles the gap up to this. 0 to 86400.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 180,
        value_parser = clap::value_parser!(u64).range(0..=86_400),
        requires = "resumable"
    )]
    checkpoint_every: u64,
    /// Keep the table in files under DIR/enumerate-PUZZLE when it does not
    /// fit --max-memory: a third of the limit for each of the two parts in
    /// memory (one expanded while the one before is written), the rest for
    /// the neighbours waiting for other parts. Each layer reads and writes
    /// the parts it touches once; at the first layer's end, and then at
    /// gaps that double up to --checkpoint-every seconds, a manifest names
    /// the files, and an interrupted run goes on from it with --resume.
    /// The files take up to
    /// twice the table (a disk with less free than the table is refused
    /// first); a finished run removes them, and a second run in DIR is
    /// refused while one runs. A table that fits stays in memory, saved
    /// whole in the same directory as --checkpoint saves it.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["workers", "processes"])]
    disk: Option<PathBuf>,
    /// Go on from the checkpoint in --checkpoint DIR, or from the last
    /// layer finished in --disk DIR.
    #[arg(long, requires = "resumable")]
    resume: bool,
    /// Print progress on standard error even when it is not a terminal: a
    /// line at the first report, then one a second (on a terminal, a bar
    /// always shows it).
    #[arg(long)]
    progress: bool,
    /// With --generators, leave the file's `sym:` symmetries out: every
    /// position kept, where they keep one of each class of equivalent
    /// positions.
    #[arg(long, requires = "generators", conflicts_with = "inverse")]
    no_symmetries: bool,
    /// With --generators, count a position and its inverse as one too (a
    /// position and its inverse lie at one depth where every move can be
    /// undone): about half the classes again.
    #[arg(long, requires = "generators")]
    inverse: bool,
    /// For a square sliding puzzle, keep a board and its mirror image
    /// across the diagonal as one class: about half the boards kept, as
    /// sorted, compressed ranks (in memory or with --disk), and each
    /// layer's classes printed beside its boards.
    #[arg(long, conflicts_with_all = ["generators", "workers", "processes"])]
    mirror: bool,
}

/// The spaces `enumerate` walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Puzzle {
    /// A sliding puzzle of rows x columns, from its goal.
    Sliding(usize, usize),
    /// `pancake N`, from the sorted stack.
    Pancake,
    /// `topspin N`, from the solved ring.
    TopSpin,
    /// `hanoi4 N`, from every disc on the first peg.
    Hanoi4,
    /// A family of generators (`lrx N`, `coxeter N`, ...): its Cayley
    /// graph from the identity.
    Family(Family),
}

fn parse_puzzle(text: &str) -> Result<Puzzle, String> {
    match text.to_ascii_lowercase().as_str() {
        "pancake" | "pancakes" => Ok(Puzzle::Pancake),
        "topspin" => Ok(Puzzle::TopSpin),
        "hanoi4" => Ok(Puzzle::Hanoi4),
        _ if let Ok(family) = text.parse::<Family>() => Ok(Puzzle::Family(family)),
        // A size is digits on both sides of its x: a mistyped name with an
        // x in it is a name, and told so.
        _ if text.split_once(['x', 'X']).is_some_and(|(rows, cols)| {
            [rows, cols]
                .iter()
                .all(|side| !side.is_empty() && side.bytes().all(|b| b.is_ascii_digit()))
        }) =>
        {
            crate::values::parse_size(text).map(|(rows, cols)| Puzzle::Sliding(rows, cols))
        }
        _ => Err(format!(
            "'{}' is not a size like 3x3, nor one of pancake, topspin, hanoi4, {}",
            crate::values::printable(text),
            FAMILIES.join(", ")
        )),
    }
}

/// The families of generators `enumerate` takes by name, beyond the
/// puzzles of their own (pancake and topspin).
const FAMILIES: [&str; 8] = [
    "lrx",
    "lx",
    "coxeter",
    "cyclic-coxeter",
    "transpositions",
    "star",
    "reversals",
    "burnt-pancake",
];

/// The boards the hashed engine may store for the layers to a depth bound
/// of a board whose dense table cannot fit: the memory limit is what
/// bounds it.
const HASHED_MAX_STATES: usize = 1 << 31;

/// The engines of `--workers` and `--processes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Engine {
    Ranked,
    Hashed,
}

pub(crate) fn run<W: Write>(args: &EnumerateArgs, out: &mut W) -> Result<bool, String> {
    if args.start.is_some() && args.generators.is_none() {
        return Err("--start gives the start of --generators FILE, and goes with it".into());
    }
    let Some(puzzle) = args.puzzle else {
        let file = args.generators.as_deref().ok_or("name a puzzle, or --generators FILE")?;
        return run_generators(args, file, out);
    };
    let size = |name: &str, example: u8| {
        args.size.ok_or_else(|| {
            format!("{name} needs a size, such as: puzzles enumerate {name} {example}")
        })
    };
    let failed = |e: puzzles::Error| crate::explain(&e, None);
    if args.mirror && !matches!(puzzle, Puzzle::Sliding(..)) {
        return Err(
            "--mirror pairs a square sliding puzzle's boards, such as 4x4, and goes with one"
                .into(),
        );
    }
    match puzzle {
        Puzzle::Sliding(rows, cols) => {
            if let Some(extra) = args.size {
                return Err(format!(
                    "{rows}x{cols} is a sliding puzzle's whole size: no {extra} after it"
                ));
            }
            run_sliding(args, (rows, cols), out)
        }
        Puzzle::Pancake => {
            let pancakes = Pancakes::new(size("pancake", 12)?).map_err(failed)?;
            let start = pancakes.sorted();
            // Pancakes rank their own flips, faster than AsRanked.
            let names = ("pancake", "stacks", "the sorted stack", "each from its top");
            let enumerate =
                |layers: &Enumerator, run: &mut Run<'_>| pancakes.enumerate_with(layers, run);
            run_numbered(args, (pancakes, pancakes.ranks()), enumerate, start, names, out)
        }
        Puzzle::TopSpin => {
            let ring = TopSpin::new(size("topspin", 12)?).map_err(failed)?;
            let start = ring.solved();
            let names = ("topspin", "rings", "the solved ring", "each from the turntable");
            let enumerate =
                |layers: &Enumerator, run: &mut Run<'_>| ring.enumerate_with(layers, run);
            run_numbered(args, (ring, AsRanked(ring)), enumerate, start, names, out)
        }
        Puzzle::Hanoi4 => {
            let hanoi = Hanoi4::new(size("hanoi4", 15)?).map_err(failed)?;
            let start = hanoi.start();
            let names = (
                "hanoi4",
                "states",
                "every disc on the first peg",
                "each disc's peg, the smallest disc first",
            );
            let enumerate =
                |layers: &Enumerator, run: &mut Run<'_>| hanoi.enumerate_with(layers, run);
            run_numbered(args, (hanoi.clone(), hanoi.ranks()), enumerate, start, names, out)
        }
        Puzzle::Family(family) => run_family(args, family, size(family.name(), 10)?, out),
    }
}

/// The Cayley graph of `family`'s generators on `n` points, from the
/// identity.
fn run_family<W: Write>(
    args: &EnumerateArgs,
    family: Family,
    n: usize,
    out: &mut W,
) -> Result<bool, String> {
    let title = format!("{} {n}", family.name());
    let failed = |e: puzzles::Error| format!("{title}: {}", crate::explain(&e, None));
    let generators = family.generators(n).map_err(failed)?;
    let heading = Heading {
        name: family.name(),
        size: n,
        title: title.clone(),
        from: "the identity",
        checkpoint_name: format!("{}-{n}", family.name()),
    };
    let identity: Vec<u8> = (0..generators.points()).map(|point| point as u8).collect();
    run_permutations(args, generators, &identity, &heading, out)
}

/// The graph of the permutations of a file of generators, from the
/// file's start or --start.
fn run_generators<W: Write>(
    args: &EnumerateArgs,
    file: &std::path::Path,
    out: &mut W,
) -> Result<bool, String> {
    let shown = file.display();
    let puzzle = crate::values::read_generators(file)?;
    let start = match &args.start {
        Some(items) => crate::values::parse_items(items).map_err(|e| format!("--start: {e}"))?,
        None => puzzle.start().to_vec(),
    };
    let name = file.file_stem().map_or("generators".into(), |stem| stem.to_string_lossy());
    let points = puzzle.generators().points();
    let heading = Heading {
        name: &shown.to_string(),
        size: points,
        title: format!("{shown} ({points} points)"),
        from: if args.start.is_some() { "--start" } else { "the start" },
        checkpoint_name: crate::values::file_safe(&name),
    };
    let given = puzzle.symmetries();
    let symmetries = if args.no_symmetries || (given.is_empty() && !args.inverse) {
        None
    } else {
        let symmetries = Symmetries::new(puzzle.generators(), given, args.inverse)
            .map_err(|e| format!("{shown}: {e}"))?;
        Some(symmetries)
    };
    run_permutations_with(args, puzzle.generators().clone(), &start, &heading, symmetries, out)
}

/// How an enumeration of permutations is named: `name` and `size` in
/// JSON, `title` on its table, `from` its start, and `checkpoint_name`
/// in its files' names.
struct Heading<'a> {
    name: &'a str,
    size: usize,
    title: String,
    from: &'a str,
    checkpoint_name: String,
}

/// The graph `generators` make from `start`, on the engine
/// `PermutationGraph` picks: the dense one when the states are ranked and
/// the table fits (or --disk or --checkpoint asks for it), else the
/// hashed one within --max-memory.
fn run_permutations<W: Write>(
    args: &EnumerateArgs,
    generators: Generators,
    start: &[u8],
    heading: &Heading<'_>,
    out: &mut W,
) -> Result<bool, String> {
    run_permutations_with(args, generators, start, heading, None, out)
}

/// As [`run_permutations`], the layers reduced by `symmetries` when given.
fn run_permutations_with<W: Write>(
    args: &EnumerateArgs,
    generators: Generators,
    start: &[u8],
    heading: &Heading<'_>,
    symmetries: Option<Symmetries>,
    out: &mut W,
) -> Result<bool, String> {
    let title = &heading.title;
    let failed = |e: puzzles::Error| {
        // A table sized for the whole group: the layers to a depth keep
        // only the states met.
        let more = disk_advice(args, &e).map(|_| {
            "or keep the table in files with --disk DIR; or enumerate to a depth with \
             --max-depth N, keeping only the states met"
        });
        format!("{title}: {}", crate::explain(&e, more))
    };
    if start.len() != generators.points() {
        return Err(format!(
            "{title}: the start has {} items, for generators of {} points",
            start.len(),
            generators.points()
        ));
    }
    let items: Vec<String> = start.iter().map(u8::to_string).collect();
    // The generators themselves, not only their names: a checkpoint, a
    // --disk directory or another process of the cluster holding this
    // description is this run's only while the permutations are the same.
    let mut description = format!(
        "{title}, layers from {}, {} generators of digest {:016x}",
        items.join(" "),
        generators.len(),
        generators.fingerprint()
    );
    let mut graph = PermutationGraph::new(generators, start).map_err(failed)?;
    if let Some(symmetries) = symmetries {
        // A run reduced by symmetries keeps other keys than one that is not.
        let inverse = if symmetries.has_inverse() { " with the inverse" } else { "" };
        let _ = write!(description, ", reduced by {} symmetries{inverse}", symmetries.len());
        graph = graph.with_symmetries(symmetries).map_err(failed)?;
    }
    let noun = if graph.is_permutation() { "permutations" } else { "arrangements" };
    let numbered = crate::output::Numbered {
        name: heading.name,
        size: heading.size,
        title,
        from: heading.from,
        noun,
        reading: READING,
        directed: !graph.generators().is_closed_under_inverse(),
        order: None,
        engine: None,
        most: graph.symmetries().map_or(1, Symmetries::len),
    };
    if (args.workers.is_some() || args.processes.is_some()) && graph.symmetries().is_some() {
        return Err(format!(
            "{title}: the distributed engine keeps every position: give --no-symmetries to run \
             the file's generators without their symmetries"
        ));
    }
    if args.workers.is_some() || args.processes.is_some() {
        let (layers, first) = run_permutations_distributed(args, graph, &description)
            .map_err(|e| format!("{title}: {e}"))?;
        if first {
            crate::output::write_numbered(out, &numbered, &layers, args.json)
                .map_err(crate::io_failure)?;
        }
        return Ok(true);
    }
    let mut limits = limits_of(args);
    // The memory limit bounds the hashed engine.
    limits = limits.max_states(HASHED_MAX_STATES);
    let mut enumerator = enumerator(args, &heading.checkpoint_name, &description)?;
    let engine = graph.engine(&enumerator, &limits);
    if engine == LayerEngine::Hashed
        && let Some(option) = [(&args.disk, "--disk"), (&args.checkpoint, "--checkpoint")]
            .into_iter()
            .find_map(|(dir, option)| dir.is_some().then_some(option))
    {
        return Err(format!(
            "{title}: {option} keeps a table of ranked states or the layers of keyed ones, and \
             these {noun} have neither: they number past 2^64, and the group past 2^128, so \
             they run on the hashed engine, in memory, within --max-memory; drop {option}"
        ));
    }
    let (mut run, progress) = bar_run(args, 0, "states", true)?;
    run.set_limits(limits);
    match engine {
        LayerEngine::Dense => progress.set_length(graph.ranks().unwrap_or(0)),
        LayerEngine::Sorted => {
            // A group past 2^64 keeps its layers on --disk, their deepest
            // states then not listed: a layer on disk may be far past memory.
            enumerator = enumerator.deepest_states(args.disk.is_none());
            let total = graph.ranks().map_or(graph.order().unwrap_or(0), u128::from);
            progress.set_length(u64::try_from(total).unwrap_or(u64::MAX));
        }
        _ => {}
    }
    let layers = graph.enumerate(&enumerator, &mut run);
    progress.finish_and_clear();
    let layers = layers.map_err(failed)?;
    let numbered =
        crate::output::Numbered { order: graph.order(), engine: Some(engine), ..numbered };
    crate::output::write_numbered(out, &numbered, &layers, args.json).map_err(crate::io_failure)?;
    Ok(true)
}

/// A permutation graph on the distributed engine, ranked, from its start:
/// its layers, and whether this is the process that prints them.
fn run_permutations_distributed(
    args: &EnumerateArgs,
    graph: PermutationGraph,
    description: &str,
) -> Result<(Enumeration<Arrangement>, bool), String> {
    if args.engine == Engine::Hashed {
        return Err(
            "permutations from generators run on the ranked engine: no --engine hashed".into()
        );
    }
    let Some(ranks) = graph.ranks() else {
        return Err("these arrangements number past 2^64, and the distributed engine needs \
                    ranks: run them in one process"
            .into());
    };
    let max_memory = args.max_memory.unwrap_or(Limits::DEFAULT_MAX_MEMORY);
    if !graph.is_dense(&Enumerator::new(), &Limits::new().max_memory(max_memory)) {
        // In one process, the hashed engine keeps only the states it
        // meets: an orbit is often a small part of its arrangements.
        return Err(format!(
            "the distributed engine keeps 2 bits for each of these {ranks} arrangements, \
             {} over --max-memory {}: run it in one process, where the hashed engine keeps \
             only the states it meets",
            HumanBytes(DenseEnumeration::memory_needed(ranks)),
            HumanBytes(max_memory)
        ));
    }
    let (config, first) = distributed_config(args, description)?;
    let (mut run, progress) = bar_run(args, ranks, "states", first)?;
    let start = graph.rank(&graph.start());
    let graph = Arc::new(AsRanked(graph));
    let layers = config.run(Arc::clone(&graph), &[start], &mut run);
    progress.finish_and_clear();
    let layers = layers.map_err(|e| distributed_failure(&e))?;
    let max_memory = run.get_limits().get_max_memory();
    let mut layers =
        layers.map_deepest_within(max_memory, |&r| graph.0.unrank(r), |s| graph.0.heap_bytes(s));
    layers = layers.map_deepest(|mut deepest| {
        deepest.sort_unstable();
        deepest
    });
    Ok((layers, first))
}

/// How to read a state of a permutation puzzle.
const READING: &str = "the item at each position";

/// The run of an enumeration: its memory and depth limits, and a progress bar over
/// `total` states called `noun` (hidden when `shown` is false, and on its
/// own when standard error is not a terminal).
fn bar_run(
    args: &EnumerateArgs,
    total: u64,
    noun: &str,
    shown: bool,
) -> Result<(Run<'static>, ProgressBar), String> {
    let progress = if shown { progress_bar(total, noun)? } else { ProgressBar::hidden() };
    let bar = progress.clone();
    let lines = progress_lines(args, shown);
    // The disk's bytes at the end of the layer before, for each layer's own.
    let mut before = (0, 0);
    let run = Run::new().limits(limits_of(args)).on_progress(move |layer: &Progress| {
        if let Some(lines) = &lines {
            lines.observe(layer);
        }
        if layer.read == 0 && layer.written == 0 {
            bar.set_message(layer.depth.to_string());
        } else {
            let (read, written) = (layer.read - before.0, layer.written - before.1);
            before = (layer.read, layer.written);
            bar.set_message(format!(
                "{}, read {}, wrote {}",
                layer.depth,
                HumanBytes(read),
                HumanBytes(written)
            ));
        }
        bar.set_position(layer.stored);
    });
    Ok((run, progress))
}

/// Where --progress prints lines: when it is given, the run is this
/// process's to show (`shown`), and standard error is not a terminal,
/// which shows a bar instead.
fn progress_lines(args: &EnumerateArgs, shown: bool) -> Option<Display> {
    let lines = args.progress && shown && !std::io::stderr().is_terminal();
    lines.then(|| {
        let display = Display::new(true);
        display.start();
        display
    })
}

/// The limits the arguments set.
fn limits_of(args: &EnumerateArgs) -> Limits {
    let mut limits = Limits::new();
    if let Some(memory) = args.max_memory {
        limits = limits.max_memory(memory);
    }
    if let Some(depth) = args.max_depth {
        limits = limits.max_depth(depth);
    }
    limits
}

/// As [`bar_run`], for the sorted engine: the bar tells the bytes a
/// board of each layer kept (in memory, the two layers kept over their
/// boards; on disk, the layer's file over its boards).
fn sorted_bar_run(args: &EnumerateArgs, total: u64) -> Result<(Run<'static>, ProgressBar), String> {
    let progress = progress_bar(total, "boards")?;
    let bar = progress.clone();
    let lines = progress_lines(args, true);
    // The boards stored and the bytes written at the layer before, and
    // that layer's boards.
    let (mut before, mut previous) = ((0, 0), 0);
    let run = Run::new().limits(limits_of(args)).on_progress(move |layer: &Progress| {
        if let Some(lines) = &lines {
            lines.observe(layer);
        }
        let boards = layer.stored - before.0;
        let (bytes, kept) = if layer.written > 0 {
            (layer.written - before.1, boards)
        } else {
            (layer.bytes, boards + previous)
        };
        let hundredths = bytes * 100 / kept.max(1);
        bar.set_message(format!(
            "{}, {}.{:02} bytes a board kept",
            layer.depth,
            hundredths / 100,
            hundredths % 100
        ));
        (before, previous) = ((layer.stored, layer.written), boards);
        bar.set_position(layer.stored);
    });
    Ok((run, progress))
}

/// The enumeration's settings from the arguments: threads, a resume,
/// and the directory `enumerate-{name}` of `--disk` or `--checkpoint`
/// (`--disk`'s when both are given) for a run described as
/// `description`, saved every `--checkpoint-every` seconds.
fn enumerator(args: &EnumerateArgs, name: &str, description: &str) -> Result<Enumerator, String> {
    let every = Duration::from_secs(args.checkpoint_every);
    let mut enumerator =
        Enumerator::new().resume(args.resume).describe(description).checkpoint_every(every);
    if let Some(threads) = args.threads {
        enumerator = enumerator.threads(usize::from(threads));
    }
    if let Some(dir) = args.disk.as_ref().or(args.checkpoint.as_ref()) {
        // A directory of its own for each space.
        let dir = dir.join(format!("enumerate-{name}"));
        let empty = std::fs::read_dir(&dir).map_or(true, |mut files| files.next().is_none());
        if args.resume && empty {
            return Err(format!(
                "{name}: nothing to resume from in {}: a run that finished removed its \
                 files, and one stopped before its first save left none (a run saves its table \
                 at a layer's end once --checkpoint-every seconds have passed)",
                dir.display()
            ));
        }
        enumerator = enumerator.disk(dir);
    }
    Ok(enumerator)
}

fn run_sliding<W: Write>(
    args: &EnumerateArgs,
    (rows, cols): (usize, usize),
    out: &mut W,
) -> Result<bool, String> {
    if args.workers.is_some() || args.processes.is_some() {
        return run_distributed(args, (rows, cols), out);
    }
    let puzzle = SlidingPuzzle::new(rows, cols).map_err(|e| e.to_string())?;
    // A mirrored run's files are its own: one run cannot resume the other.
    let (name, pairs) = if args.mirror {
        (format!("{rows}x{cols}-mirrored"), ", a board and its mirror image one class")
    } else {
        (format!("{rows}x{cols}"), "")
    };
    let description = format!("{rows}x{cols} sliding puzzle, layers from the goal{pairs}");
    let boards = ReachableBoards::new(puzzle.goal()).map_err(|e| e.to_string())?.rank_count();
    let mut enumerator = enumerator(args, &name, &description)?;
    let engine = if args.mirror {
        LayerEngine::Sorted
    } else {
        puzzle.engine(&enumerator, &limits_of(args)).map_err(|e| e.to_string())?
    };
    let (mut run, progress) = if engine == LayerEngine::Sorted {
        // On --disk, the layer's boards are too many to list.
        enumerator = enumerator.deepest_states(args.disk.is_none());
        sorted_bar_run(args, boards)?
    } else {
        bar_run(args, boards, "boards", true)?
    };
    let layers = if args.mirror {
        puzzle.enumerate_mirrored(&enumerator, &mut run)
    } else {
        puzzle.enumerate_with(&enumerator, &mut run)
    };
    progress.finish_and_clear();
    let layers = layers.map_err(|e| {
        // A table past any disk (the 4x4's 2.4 TiB): the layers to a
        // depth still fit.
        let more = disk_advice(args, &e).map(|advice| {
            if boards > Enumerator::MAX_DISK_RANKS {
                "or enumerate to a depth with --max-depth N, keeping only the boards met"
            } else {
                advice
            }
        });
        format!("{rows}x{cols}: {}", crate::explain(&e, more))
    })?;
    let written = crate::output::write_enumeration(out, (rows, cols), &layers, args.json);
    written.map_err(crate::io_failure)?;
    Ok(true)
}

/// Pancakes, TopSpin or the 4-peg Hanoi from `start`, in this process by
/// the puzzle's `enumerate` or on the distributed engine: `space` with
/// its ranks as a `RankedSpace`; `name` is the puzzle's name on the command line,
/// `noun` what its states are called, `from` where the layers start,
/// `reading` how to read a state's numbers.
fn run_numbered<G, R, W>(
    args: &EnumerateArgs,
    (space, ranked): (G, R),
    enumerate: impl FnOnce(&Enumerator, &mut Run<'_>) -> Result<Enumeration<Tokens>, puzzles::Error>,
    start: Tokens,
    (name, noun, from, reading): (&str, &str, &str, &str),
    out: &mut W,
) -> Result<bool, String>
where
    G: Successors<State = Tokens> + Ranking<Tokens> + Unranking<Tokens>,
    G: Send + Sync + 'static,
    R: RankedSpace + Send + 'static,
    W: Write,
{
    let n = start.as_slice().len();
    let title = format!("{name} {n}");
    let mut description = format!("{title}, layers from {from}");
    if name == "pancake" {
        // Stacks were once ranked from the top: a checkpoint of that
        // numbering is another run's.
        description.push_str(", stacks ranked from the bottom");
    }
    let failed = |e: String| format!("{title}: {e}");
    let first_rank = space.rank(&start);
    let distributed = args.workers.is_some() || args.processes.is_some();
    let (config, first) = if distributed {
        let (config, first) = distributed_config(args, &description)?;
        (Some(config), first)
    } else {
        (None, true)
    };
    let (mut run, progress) = bar_run(args, space.rank_count(), noun, first)?;
    let max_memory = run.get_limits().get_max_memory();
    let (layers, first) = if let Some(config) = config {
        let layers = match args.engine {
            Engine::Ranked => {
                let layers = config.run(Arc::new(ranked), &[first_rank], &mut run);
                let layers = layers.map_err(|e| failed(distributed_failure(&e)))?;
                layers.map_deepest_within(
                    max_memory,
                    |&rank| space.unrank(rank),
                    |s| space.heap_bytes(s),
                )
            }
            Engine::Hashed => config
                .run_hashed(Arc::new(space), &[start], &mut run)
                .map_err(|e| failed(distributed_failure(&e)))?,
        };
        (layers, first)
    } else {
        let enumerator = enumerator(args, &format!("{name}-{n}"), &description)?;
        let layers = enumerate(&enumerator, &mut run)
            .map_err(|error| failed(crate::explain(&error, disk_advice(args, &error))))?;
        (layers, true)
    };
    progress.finish_and_clear();
    // In the order they read, whatever order the engine's ranks or hashes
    // gave them in.
    let layers = layers.map_deepest(|mut deepest| {
        deepest.sort_unstable_by(|a, b| a.as_slice().cmp(b.as_slice()));
        deepest
    });
    if first {
        let heading = crate::output::Numbered {
            name,
            size: n,
            title: &title,
            from,
            noun,
            reading,
            directed: false,
            order: None,
            engine: None,
            most: 1,
        };
        crate::output::write_numbered(out, &heading, &layers, args.json)
            .map_err(crate::io_failure)?;
    }
    Ok(true)
}

/// Where a table does not fit the memory limit and no --disk is given,
/// the advice to give it one.
fn disk_advice(args: &EnumerateArgs, error: &puzzles::Error) -> Option<&'static str> {
    let too_large = matches!(
        error.kind(),
        puzzles::ErrorKind::Search(inner) if matches!(inner.kind(), search_core::ErrorKind::TooLarge { .. })
    );
    (too_large && args.disk.is_none()).then_some("or keep the table in files with --disk DIR")
}

/// A bar over `total` states, called `noun`; hidden on its own when
/// standard error is not a terminal.
fn progress_bar(total: u64, noun: &str) -> Result<ProgressBar, String> {
    let progress = ProgressBar::new(total);
    progress.set_style(
        ProgressStyle::with_template(&format!(
            "{{elapsed_precise}} [{{bar:40}}] {{human_pos}}/{{human_len}} {noun}, depth {{msg}}"
        ))
        .map_err(|e| e.to_string())?
        .progress_chars("=> "),
    );
    Ok(progress)
}

/// The distributed engine's settings from the arguments, for a run
/// described as `description` (which the processes' handshake compares),
/// and whether this is process 0, which prints.
fn distributed_config(
    args: &EnumerateArgs,
    description: &str,
) -> Result<(DistributedEnumeration, bool), String> {
    quiet_timely_panics();
    let threads = usize::from(args.workers.unwrap_or(1));
    let workers = match (args.processes, args.process, &args.hostfile) {
        (Some(processes), Some(process), Some(hostfile)) => {
            Workers::from_hostfile(threads, usize::from(process), usize::from(processes), hostfile)
        }
        _ => Workers::threads(threads),
    }
    .map_err(|e| e.to_string())?
    .connect_timeout(Duration::from_secs(args.connect_timeout))
    .peer_timeout(Duration::from_secs(args.peer_timeout));
    let first = workers.process() == 0;
    let mut config = DistributedEnumeration::new(workers).describe(description);
    if let Some(dir) = &args.checkpoint {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the checkpoint directory {}: {e}", dir.display()))?;
        config =
            config.checkpoint(dir, Duration::from_secs(args.checkpoint_every)).resume(args.resume);
    }
    Ok((config, first))
}

/// `--workers` and `--processes` for a sliding puzzle: the same table,
/// from search-dist.
fn run_distributed<W: Write>(
    args: &EnumerateArgs,
    (rows, cols): (usize, usize),
    out: &mut W,
) -> Result<bool, String> {
    // Names the space for the processes' handshake, too: a 2x3 and a 3x2
    // have the same type and rank count.
    let description = format!("{rows}x{cols} sliding puzzle, layers from the goal");
    let (config, first) = distributed_config(args, &description)?;
    let goal = Board::solved(rows, cols).map_err(|e| e.to_string())?;
    let ranked = Arc::new(ReachableBoards::new(&goal).map_err(|e| e.to_string())?);
    let (mut run, progress) = bar_run(args, ranked.rank_count(), "boards", first)?;
    let failed = |e: search_dist::Error| format!("{rows}x{cols}: {}", distributed_failure(&e));
    let layers = match args.engine {
        Engine::Ranked => {
            let boards = ranked;
            let start = boards.rank(&goal).ok_or("the goal has no rank")?;
            let layers = config.run(Arc::clone(&boards), &[start], &mut run).map_err(failed)?;
            let max_memory = run.get_limits().get_max_memory();
            let layers = layers.map_deepest_within(max_memory, |&rank| boards.board(rank), |_| 0);
            layers.map_deepest(|boards| boards.into_iter().flatten().collect())
        }
        Engine::Hashed => {
            let puzzle = SlidingPuzzle::new(rows, cols).map_err(|e| e.to_string())?;
            config.run_hashed(Arc::new(puzzle), &[goal], &mut run).map_err(failed)?
        }
    };
    progress.finish_and_clear();
    if first {
        crate::output::write_enumeration(out, (rows, cols), &layers, args.json)
            .map_err(crate::io_failure)?;
    }
    Ok(true)
}

/// What a distributed run's `error` says, with the options that move a
/// limit of the run's configuration: its workers and its memory.
fn distributed_failure(error: &search_dist::Error) -> String {
    match error.kind() {
        search_dist::ErrorKind::Config(_) => format!("{error} (--workers, --max-memory)"),
        _ => error.to_string(),
    }
}

/// timely's network threads panic when a connection breaks, and its
/// workers panic next; search-dist turns that into the error this command
/// prints, so their panic messages would only repeat it, with backtraces.
fn quiet_timely_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let timely = std::thread::current().name().is_some_and(|name| name.starts_with("timely:"));
        if !timely {
            default(info);
        }
    }));
}
