//! `puzzles pdb`, and where pattern databases are kept for `puzzles solve`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use puzzles::{Board, DatabaseDir, Partition, PatternDatabase, SlidingHeuristic, SlidingPuzzle};
use search_core::Run;
use search_core::run::Progress;

/// The environment variable that names the database directory.
pub(crate) const DIR_VARIABLE: &str = "PUZZLES_PDB_DIR";

#[derive(Debug, Args)]
pub(crate) struct PdbArgs {
    #[command(subcommand)]
    command: PdbCommand,
}

#[derive(Debug, Subcommand)]
enum PdbCommand {
    /// Build a pattern database for 4x4 or 5x5 boards and save it where
    /// `puzzles solve` looks for it.
    Build(BuildArgs),
    /// Print the database directory, and the databases in it.
    List(DirArgs),
}

#[derive(Debug, Args)]
struct BuildArgs {
    /// The board size: 4x4 or 5x5.
    #[arg(value_name = "RxC", value_parser = crate::values::parse_size)]
    size: (usize, usize),
    /// The partition of the tiles: for 4x4, 7-8 (minutes to build, 288 MB,
    /// the fastest solves) or 6-6-3 (seconds, 5.8 MB); for 5x5, 6-6-6-6
    /// (minutes, 255 MB; the goal's blank in a corner)
    /// [default: 7-8 for 4x4, 6-6-6-6 for 5x5].
    #[arg(long, value_name = "PATTERN")]
    pattern: Option<Partition>,
    /// The goal board; by default tiles in order with the blank last.
    #[arg(long, value_name = "BOARD", value_parser = crate::values::parse_board_option)]
    goal: Option<Board>,
    #[command(flatten)]
    dir: DirArgs,
}

/// Where pattern databases are kept, shared by `pdb` and `solve`.
#[derive(Clone, Debug, Args)]
#[expect(
    clippy::doc_markdown,
    reason = "clap prints these comments as help, where backticks would show"
)]
pub(crate) struct DirArgs {
    /// The directory of pattern databases [default: $PUZZLES_PDB_DIR, else
    /// $XDG_CACHE_HOME/puzzles, else ~/.cache/puzzles].
    #[arg(id = "pdb_dir", long = "pdb-dir", value_name = "DIR")]
    dir: Option<PathBuf>,
}

impl DirArgs {
    /// The `--pdb-dir` option to repeat in a command we suggest, when it
    /// was given: a database built elsewhere would not be found.
    fn repeated(&self) -> String {
        self.dir.as_ref().map_or_else(String::new, |dir| {
            let dir = dir.display().to_string();
            if dir.contains(char::is_whitespace) {
                format!(" --pdb-dir '{dir}'")
            } else {
                format!(" --pdb-dir {dir}")
            }
        })
    }

    /// Whether `dir` was named by the user, with `--pdb-dir` or the
    /// environment variable, rather than being the default cache.
    fn named(&self, dir: &Path) -> bool {
        self.dir.is_some()
            || std::env::var_os(DIR_VARIABLE).is_some_and(|value| Path::new(&value) == dir)
    }

    /// The directory `--pdb-dir` names, if given.
    pub(crate) fn given(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The directory, if any can be named.
    pub(crate) fn resolve(&self) -> Option<DatabaseDir> {
        let from_env = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
        self.dir
            .clone()
            .or_else(|| from_env(DIR_VARIABLE).map(PathBuf::from))
            .or_else(|| from_env("XDG_CACHE_HOME").map(|dir| Path::new(&dir).join("puzzles")))
            .or_else(|| from_env("HOME").map(|home| Path::new(&home).join(".cache/puzzles")))
            .map(DatabaseDir::new)
    }
}

pub(crate) fn run<W: Write>(args: &PdbArgs, out: &mut W) -> Result<bool, String> {
    match &args.command {
        PdbCommand::Build(args) => build(args, out),
        PdbCommand::List(args) => list(args, out),
    }
}

fn build<W: Write>(args: &BuildArgs, out: &mut W) -> Result<bool, String> {
    let (rows, cols) = args.size;
    let pattern = match args.pattern {
        Some(pattern) => pattern,
        None if (rows, cols) == (4, 4) => Partition::SevenEight,
        None if (rows, cols) == (5, 5) => Partition::SixSixSixSix,
        None => {
            return Err(format!(
                "pattern databases are built for 4x4 and 5x5 boards only, not {rows}x{cols}: \
                 smaller boards are solved without one"
            ));
        }
    };
    let goal = match args.goal {
        Some(goal) if (goal.rows(), goal.cols()) != (rows, cols) => {
            return Err(format!(
                "the goal is {}x{} but the size is {rows}x{cols}",
                goal.rows(),
                goal.cols()
            ));
        }
        Some(goal) => goal,
        None => Board::solved(rows, cols).map_err(|e| e.to_string())?,
    };
    let patterns = pattern.patterns(&goal).map_err(|e| e.to_string())?;
    let dir = args.dir.resolve().ok_or_else(|| {
        format!("no directory for the database: give --pdb-dir or set {DIR_VARIABLE}")
    })?;
    let started = Instant::now();
    // Hidden on its own when standard error is not a terminal.
    let progress = ProgressBar::new(patterns.len() as u64);
    progress.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {msg}")
            .map_err(|e| e.to_string())?
            .progress_chars("=> "),
    );
    let (bar, sizes) = (progress.clone(), patterns.iter().map(Vec::len).collect::<Vec<_>>());
    // Each pattern's enumeration reports its layers, from depth 0.
    let mut current = 0;
    let mut run = Run::new().on_progress(move |layer: &Progress| {
        if layer.depth == 0 {
            current += 1;
            bar.set_position(current as u64 - 1);
        }
        bar.set_message(format!(
            "pattern {current} of {} ({} tiles), depth {}, {} states",
            sizes.len(),
            sizes[current.max(1) - 1],
            layer.depth,
            layer.stored
        ));
    });
    let database = PatternDatabase::build(&goal, &patterns, &mut run);
    progress.finish_and_clear();
    let database = database.map_err(|e| e.to_string())?;
    let path = dir.save(&database).map_err(|e| e.to_string())?;
    #[expect(clippy::cast_precision_loss, reason = "a size for a person to read")]
    let megabytes = database.table_bytes() as f64 / 1e6;
    writeln!(
        out,
        "built the {pattern} database for the goal {} in {:.1} s: {megabytes:.1} MB in {}",
        crate::output::board_json(&goal),
        started.elapsed().as_secs_f64(),
        path.display()
    )
    .map_err(crate::io_failure)?;
    Ok(true)
}

fn list<W: Write>(args: &DirArgs, out: &mut W) -> Result<bool, String> {
    let Some(dir) = args.resolve() else {
        return Err(format!("no database directory: give --pdb-dir or set {DIR_VARIABLE}"));
    };
    // The default directory is made by the first database saved; one the
    // user named must exist.
    if args.named(dir.path()) && !dir.path().is_dir() {
        let what = if dir.path().exists() { "not a directory" } else { "no such directory" };
        return Err(format!("cannot list {}: {what}", dir.path().display()));
    }
    let names = dir.names().map_err(|e| e.to_string())?;
    writeln!(out, "{}", dir.path().display()).map_err(crate::io_failure)?;
    if names.is_empty() {
        writeln!(out, "no databases yet").map_err(crate::io_failure)?;
    }
    for name in names {
        writeln!(out, "{name}").map_err(crate::io_failure)?;
    }
    Ok(true)
}

/// Gives `puzzle` the pattern databases `heuristic` asks for, the first
/// time a 4x4 or 5x5 board of it is solved: loaded from the directory, or
/// (the 6-6-3 one) built and saved there, saying so on standard error. An
/// unusable file is reported and not used.
///
/// # Errors
///
/// When `heuristic` names the 7-8 or 6-6-6-6 database and the directory
/// lacks it.
pub(crate) fn prepare(
    puzzle: &SlidingPuzzle,
    heuristic: SlidingHeuristic,
    dirs: &DirArgs,
) -> Result<(), String> {
    let dir = dirs.resolve();
    let goal = puzzle.goal();
    let size = (goal.rows(), goal.cols());
    let wants_database = matches!(
        heuristic,
        SlidingHeuristic::SixSixThree
            | SlidingHeuristic::SevenEight
            | SlidingHeuristic::SixSixSixSix
            | SlidingHeuristic::Best
    );
    if !wants_database || Partition::of_size(size.0, size.1).next().is_none() {
        return Ok(());
    }
    if let Some(dir) = &dir {
        let installed = dir.install(puzzle, heuristic);
        for error in &installed.unusable {
            eprintln!("puzzles: {}; not used", crate::output::Printable(&error.to_string()));
        }
        if installed.partition.is_some() {
            return Ok(());
        }
    }
    let prebuilt = match heuristic {
        SlidingHeuristic::SevenEight => Some(Partition::SevenEight),
        SlidingHeuristic::SixSixSixSix => Some(Partition::SixSixSixSix),
        _ => None,
    };
    if let Some(partition) = prebuilt {
        let place = dir.as_ref().map_or_else(
            || format!("no database directory is set ({DIR_VARIABLE})"),
            |dir| format!("none is in {}", dir.path().display()),
        );
        let goal_option = if *goal == Board::solved(size.0, size.1).map_err(|e| e.to_string())? {
            String::new()
        } else {
            format!(" --goal \"{}\"", crate::output::board_json(goal))
        };
        return Err(format!(
            "the {partition} pattern database for this goal is not built: {place}; build it with \
             `puzzles pdb build {}x{} --pattern {partition}{goal_option}{}` (a few minutes, once)",
            size.0,
            size.1,
            dirs.repeated()
        ));
    }
    if size != Partition::SixSixThree.size() {
        // "best" on a 5x5 board without its database: linear conflicts.
        return Ok(());
    }
    eprintln!("puzzles: building the 6-6-3 pattern database (a few seconds)");
    let database = puzzle.pattern_database(Partition::SixSixThree).map_err(|e| e.to_string())?;
    if let Some(dir) = dir {
        match dir.save(&database) {
            Ok(path) => eprintln!("puzzles: saved it as {}", path.display()),
            Err(error) => eprintln!("puzzles: not saved: {error}"),
        }
    }
    Ok(())
}
