//! `puzzles enumerate`.

use std::io::Write;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use puzzles::SlidingPuzzle;
use search_core::DenseEnumeration;

#[derive(Debug, Args)]
pub(crate) struct EnumerateArgs {
    /// The board size, rows x columns, such as 3x3 (2x2 to 4x4, at most 16
    /// cells).
    #[arg(value_name = "RxC", value_parser = parse_size)]
    size: (usize, usize),
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Worker threads, 1 to 1024 [default: one per core; a small board
    /// gets fewer].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// The most memory the table may take, such as 512M or 16G.
    #[arg(long, value_name = "SIZE", value_parser = crate::parse_bytes, default_value = "8G")]
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

pub(crate) fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let (rows, cols) =
        text.split_once(['x', 'X']).ok_or_else(|| format!("'{text}' is not a size like 3x3"))?;
    let rows: usize =
        rows.trim().parse().map_err(|_| format!("'{rows}' is not a number of rows"))?;
    let cols: usize =
        cols.trim().parse().map_err(|_| format!("'{cols}' is not a number of columns"))?;
    SlidingPuzzle::new(rows, cols).map_err(|e| e.to_string())?;
    Ok((rows, cols))
}

pub(crate) fn run<W: Write>(args: &EnumerateArgs, out: &mut W) -> Result<bool, String> {
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
        config = config
            .checkpoint(
                dir.join(format!("enumerate-{rows}x{cols}.checkpoint")),
                &description,
                std::time::Duration::from_secs(args.checkpoint_every),
            )
            .resume(args.resume);
    }
    let total: u64 = (1..=(rows * cols) as u64).product::<u64>() / 2;
    // Hidden on its own when standard error is not a terminal.
    let progress = ProgressBar::new(total);
    progress.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} boards, depth {msg}",
        )
        .map_err(|e| e.to_string())?
        .progress_chars("=> "),
    );
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
