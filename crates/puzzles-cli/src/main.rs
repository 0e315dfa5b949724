//! `puzzles`: solve sliding puzzles, locks and word ladders, and enumerate
//! whole state spaces, from the command line.
//!
//! This binary is glue: parsing arguments, reading lines, printing answers.
//! Every search lives in the `puzzles` and `search-core` crates.

// No unsafe code anywhere.
#![forbid(unsafe_code)]

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use search_core::{Limits, Run};

use crate::progress::Display;

mod batch;
mod enumerate;
mod ladder;
mod lock;
mod order;
mod output;
mod pdb;
mod progress;
mod scramble;
mod solve;
mod values;
mod word;

/// Breadth-first search over puzzles: solve them, answer them in batches,
/// and explore whole state spaces.
#[derive(Debug, Parser)]
#[command(name = "puzzles", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
#[expect(
    clippy::doc_link_with_quotes,
    reason = "clap prints these comments as help, where backticks would show"
)]
enum Command {
    /// Solve sliding puzzles optimally (LeetCode 773 and any size up to
    /// 5x5), or permutation puzzles in their generators (--family,
    /// --generators).
    ///
    /// Boards come from the arguments or, with none, from standard input,
    /// one per line. A board is LeetCode's JSON form "[[4,1,2],[5,0,3]]" or
    /// text rows "4 1 2 / 5 0 3"; a permutation puzzle's state is its items
    /// apart by spaces, "3 2 1 0".
    Solve(solve::SolveArgs),
    /// Open a combination lock (LeetCode 752) while avoiding dead ends.
    ///
    /// With no --target, reads JSON lines such as
    /// {"deadends":["0201","0101"],"target":"0202"} from standard input.
    Lock(lock::LockArgs),
    /// Find word ladders (LeetCode 127 and 126).
    ///
    /// With no --begin, reads JSON lines such as
    /// {"begin":"hit","end":"cog","words":["hot","dot"]} from standard input.
    Ladder(ladder::LadderArgs),
    /// Enumerate every state of a sliding puzzle (from the goal), a pancake
    /// stack, a TopSpin ring, a 4-peg Hanoi tower, a family of permutation
    /// generators or the generators in a file by breadth-first search: how
    /// many lie at each depth, the radius, and which lie farthest from the
    /// start.
    Enumerate(enumerate::EnumerateArgs),
    /// Say how large a permutation puzzle is from its moves: the number of
    /// elements of the group its generators generate (Schreier-Sims), for
    /// a family or the generators in a file.
    Order(order::OrderArgs),
    /// Print uniformly random positions of a permutation puzzle given as
    /// its generators (from its base and strong generating set), or the
    /// start after random moves: questions for `solve --generators`.
    Scramble(scramble::ScrambleArgs),
    /// Build and list the pattern databases that `solve` uses for 4x4 and
    /// 5x5 boards.
    Pdb(pdb::PdbArgs),
}

/// How answers are printed, shared by every command.
#[derive(Clone, Copy, Debug, Args)]
struct Format {
    /// Print only the answer's number, one line per question (each command
    /// says which number).
    #[arg(short, long, conflicts_with = "json")]
    count: bool,
    /// Print one JSON object per line.
    #[arg(long)]
    json: bool,
}

/// The bounds of each search, shared by `solve`, `lock` and `ladder`.
#[derive(Clone, Copy, Debug, Args)]
struct SearchArgs {
    /// The most states one search may store.
    #[arg(long, value_name = "N", default_value_t = Limits::DEFAULT_MAX_STATES)]
    max_states: usize,
    /// The most memory one search's tables may take, such as 512M or 16G.
    #[arg(long, value_name = "SIZE", value_parser = values::parse_bytes, default_value = "4G")]
    max_memory: u64,
    /// Print progress on standard error even when it is not a terminal:
    /// from the search's first report, then once a second (on a terminal,
    /// a search that runs over a second always shows it).
    #[arg(long)]
    progress: bool,
}

impl SearchArgs {
    fn limits(&self) -> Limits {
        Limits::new().max_states(self.max_states).max_memory(self.max_memory)
    }

    /// Runs one question's `search` within these limits, its progress
    /// shown on `display`.
    fn run_shown<T>(&self, display: &Display, search: impl FnOnce(&mut Run<'_>) -> T) -> T {
        let mut run = Run::new().limits(self.limits()).on_progress(|p| display.observe(p));
        display.start();
        let answer = search(&mut run);
        display.finish();
        answer
    }
}

/// An error's message, with a hint that names the option behind what it
/// ran into (the limit a search reached, the lock's wheels or digits), and
/// `more` (advice for this puzzle) after it.
fn explain(error: &puzzles::Error, more: Option<&str>) -> String {
    let hint = match error.kind() {
        puzzles::ErrorKind::Search(inner) => match inner.kind() {
            search_core::ErrorKind::LimitReached(search_core::Limit::States(_)) => {
                Some("raise it with --max-states")
            }
            search_core::ErrorKind::LimitReached(search_core::Limit::Memory(_))
            | search_core::ErrorKind::TooLarge { .. } => Some("raise it with --max-memory"),
            search_core::ErrorKind::LimitReached(search_core::Limit::Nodes(_)) => {
                Some("raise it with --max-nodes")
            }
            search_core::ErrorKind::LimitReached(search_core::Limit::Depth(_)) => {
                Some("raise it with --max-depth")
            }
            _ => None,
        },
        puzzles::ErrorKind::TooManyLadders { .. }
        | puzzles::ErrorKind::DictionaryTooLarge { .. } => Some("raise it with --max-memory"),
        // The lock's shape comes from options the user may not know of.
        puzzles::ErrorKind::CodeLength { .. } => Some("--wheels sets the number of wheels"),
        puzzles::ErrorKind::CodeDigit { code, position, .. }
            if position
                .checked_sub(1)
                .and_then(|i| code.chars().nth(i))
                .is_some_and(|c| c.is_ascii_digit()) =>
        {
            Some("--digits sets the digits on a wheel")
        }
        _ => None,
    };
    match (hint, more) {
        (Some(hint), Some(more)) => format!("{error} ({hint}; {more})"),
        (Some(hint), None) => format!("{error} ({hint})"),
        (None, _) => error.to_string(),
    }
}

/// The message of a failed read or write; or, when the reader of our
/// output has gone away (`puzzles ... | head`), a quiet exit, as other Unix
/// tools make.
#[expect(clippy::needless_pass_by_value, reason = "`map_err` hands the error over by value")]
pub(crate) fn io_failure(error: io::Error) -> String {
    if error.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    error.to_string()
}

/// Input errors and failed searches end with status 2, as usage errors do.
const FAILURE: u8 = 2;

/// The command line with every argument that starts with a minus sign and
/// a digit but is not a number marked as a value, by a leading space: no
/// option of ours is spelled so, and clap would otherwise take a board
/// whose first tile is negative (`"-1 2 3 / 4 5 0"`) for an unknown option,
/// where the board's reader, which ignores the space, says what is wrong
/// with it. A negative number is a value already (`allow_negative_numbers`).
fn arguments() -> impl Iterator<Item = std::ffi::OsString> {
    std::env::args_os().map(|argument| {
        let text = argument.to_string_lossy();
        let mut chars = text.chars();
        let hyphen_digit =
            chars.next() == Some('-') && chars.next().is_some_and(|c| c.is_ascii_digit());
        if hyphen_digit && text.parse::<i64>().is_err() {
            let mut marked = std::ffi::OsString::from(" ");
            marked.push(&argument);
            marked
        } else {
            argument
        }
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse_from(arguments());
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = match cli.command {
        Command::Solve(args) => solve::run(&args, &mut out),
        Command::Lock(args) => lock::run(&args, &mut out),
        Command::Ladder(args) => ladder::run(&args, &mut out),
        Command::Enumerate(args) => enumerate::run(&args, &mut out),
        Command::Order(args) => order::run(&args, &mut out),
        Command::Scramble(args) => scramble::run(&args, &mut out),
        Command::Pdb(args) => pdb::run(&args, &mut out),
    };
    let flushed = out.flush();
    match result.and_then(|ok| flushed.map(|()| ok).map_err(io_failure)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(FAILURE),
        Err(message) => {
            eprintln!("puzzles: {}", output::Printable(&message));
            ExitCode::from(FAILURE)
        }
    }
}
