//! `puzzles enumerate`.

use std::io::Write;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use puzzles::{Board, ReachableBoards, SlidingPuzzle};
use search_core::{DenseEnumeration, Enumeration};
use search_dist::{DistributedEnumeration, Workers};

#[derive(Debug, Args)]
pub(crate) struct EnumerateArgs {
    /// The board size, rows x columns, such as 3x3 (2x2 to 4x4, at most 16
    /// cells).
    #[arg(value_name = "RxC", value_parser = crate::values::parse_size)]
    size: (usize, usize),
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
    /// Seconds to wait for the other processes to connect.
    #[arg(long, value_name = "SECONDS", default_value_t = 60, requires = "processes")]
    connect_timeout: u64,
    /// The distributed engine's kind: "ranked" keeps 2 bits for every
    /// board's rank, "hashed" keeps the boards found in hash sets (the
    /// engine of spaces without ranks).
    #[arg(long, value_enum, default_value_t = Engine::Ranked)]
    engine: Engine,
    /// The most memory the table may take, such as 512M or 16G.
    #[arg(long, value_name = "SIZE", value_parser = crate::values::parse_bytes, default_value = "8G")]
    max_memory: u64,
    /// Save the table in DIR at the end of a layer, so that an interrupted
    /// run can go on with --resume (one file, the newest only: as large as
    /// the table).
    #[arg(long, value_name = "DIR")]
    checkpoint: Option<std::path::PathBuf>,
    /// Seconds between checkpoints, at the most.
    #[arg(long, value_name = "SECONDS", default_value_t = 180, requires = "checkpoint")]
    checkpoint_every: u64,
    /// Go on from the checkpoint in --checkpoint DIR.
    #[arg(long, requires = "checkpoint")]
    resume: bool,
}

/// The engines of `--workers` and `--processes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Engine {
    Ranked,
    Hashed,
}

pub(crate) fn run<W: Write>(args: &EnumerateArgs, out: &mut W) -> Result<bool, String> {
    if args.workers.is_some() || args.processes.is_some() {
        return run_distributed(args, out);
    }
    let (rows, cols) = args.size;
    let puzzle = SlidingPuzzle::new(rows, cols).map_err(|e| e.to_string())?;
    let mut config = DenseEnumeration::new().max_memory(args.max_memory);
    if let Some(threads) = args.threads {
        config = config.threads(usize::from(threads));
    }
    if let Some(dir) = &args.checkpoint {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the checkpoint directory {}: {e}", dir.display()))?;
        let description = format!("{rows}x{cols} sliding puzzle, layers from the goal");
        let file = dir.join(format!("enumerate-{rows}x{cols}.checkpoint"));
        if args.resume && !file.exists() {
            return Err(format!(
                "{rows}x{cols}: no checkpoint to resume from in {} (one is written once \
                 --checkpoint-every seconds have passed, at a layer's end)",
                dir.display()
            ));
        }
        config = config
            .checkpoint(file, &description, std::time::Duration::from_secs(args.checkpoint_every))
            .resume(args.resume);
    }
    let progress = progress_bar((rows, cols))?;
    let layers = puzzle.enumerate_dense(&config, |depth, boards| {
        progress.set_message(depth.to_string());
        progress.inc(boards);
    });
    progress.finish_and_clear();
    let layers = layers.map_err(|e| format!("{rows}x{cols}: {}", crate::explain(&e, None)))?;

    let written = crate::output::write_enumeration(out, (rows, cols), &layers, args.json);
    written.map_err(crate::io_failure)?;
    Ok(true)
}

/// A bar over every reachable board; hidden on its own when standard
/// error is not a terminal.
fn progress_bar((rows, cols): (usize, usize)) -> Result<ProgressBar, String> {
    let total: u64 = (1..=(rows * cols) as u64).product::<u64>() / 2;
    let progress = ProgressBar::new(total);
    progress.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} boards, depth {msg}",
        )
        .map_err(|e| e.to_string())?
        .progress_chars("=> "),
    );
    Ok(progress)
}

/// `--workers` and `--processes`: the same table, from search-dist.
fn run_distributed<W: Write>(args: &EnumerateArgs, out: &mut W) -> Result<bool, String> {
    quiet_timely_panics();
    let (rows, cols) = args.size;
    let threads = usize::from(args.workers.unwrap_or(1));
    let workers = match (args.processes, args.process, &args.hostfile) {
        (Some(processes), Some(process), Some(hostfile)) => {
            Workers::from_hostfile(threads, usize::from(process), usize::from(processes), hostfile)
        }
        _ => Workers::threads(threads),
    }
    .map_err(|e| e.to_string())?
    .connect_timeout(Duration::from_secs(args.connect_timeout));
    let first = workers.process() == 0;
    // Names the space for the processes' handshake, too: a 2x3 and a 3x2
    // have the same type and rank count.
    let description = format!("{rows}x{cols} sliding puzzle, layers from the goal");
    let mut config =
        DistributedEnumeration::new(workers).max_memory(args.max_memory).describe(&description);
    if let Some(dir) = &args.checkpoint {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the checkpoint directory {}: {e}", dir.display()))?;
        config =
            config.checkpoint(dir, Duration::from_secs(args.checkpoint_every)).resume(args.resume);
    }
    let goal = Board::solved(rows, cols).map_err(|e| e.to_string())?;
    let progress = if first { progress_bar((rows, cols))? } else { ProgressBar::hidden() };
    let on_layer = |depth: usize, boards: u64| {
        progress.set_message(depth.to_string());
        progress.inc(boards);
    };
    let failed = |e: search_dist::Error| format!("{rows}x{cols}: {e}");
    let layers = match args.engine {
        Engine::Ranked => {
            let boards = Arc::new(ReachableBoards::new(&goal));
            let start = boards.rank(&goal).ok_or("the goal has no rank")?;
            let layers = config.run(Arc::clone(&boards), &[start], on_layer).map_err(failed)?;
            let deepest = layers.deepest().iter().filter_map(|&rank| boards.board(rank)).collect();
            Enumeration::new(layers.layer_sizes().to_vec(), deepest)
        }
        Engine::Hashed => {
            let puzzle = SlidingPuzzle::new(rows, cols).map_err(|e| e.to_string())?;
            config.run_hashed(Arc::new(puzzle), &[goal], on_layer).map_err(failed)?
        }
    };
    progress.finish_and_clear();
    if first {
        crate::output::write_enumeration(out, (rows, cols), &layers, args.json)
            .map_err(crate::io_failure)?;
    }
    Ok(true)
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
