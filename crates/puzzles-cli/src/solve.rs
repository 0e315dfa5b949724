//! `puzzles solve`.

use std::io::Write;

use clap::Args;
use puzzles::{Algorithm, Board, Family, SlidingHeuristic, SlidingPuzzle, Solver};
use search_core::Run;

use crate::batch::{Questions, answer_each};
use crate::progress::Display;
use crate::word::Generated;
use crate::{Format, SearchArgs};

#[derive(Debug, Args)]
#[command(mut_arg("count", |count| {
    count.help(
        "Print only the number of moves, one line per board (-1 when the board cannot reach the goal).",
    )
}))]
// A negative number is a value, such as a tile of a board to refuse.
#[command(allow_negative_numbers = true)]
pub(crate) struct SolveArgs {
    /// Boards to solve (with --family or --generators, arrangements such
    /// as "2 0 1"); with none, one per line of standard input.
    boards: Vec<std::ffi::OsString>,
    /// Solve permutations in a family's generators instead of boards:
    /// lrx, lx, coxeter, cyclic-coxeter, transpositions, star, pancake,
    /// topspin, reversals or burnt-pancake. Each state is a permutation
    /// of 0 to n - 1 (n its length; 2 points a burnt pancake), answered
    /// with the fewest generators that take it to the identity, found
    /// from both ends.
    #[arg(long, value_name = "NAME", value_parser = parse_family, conflicts_with_all = SLIDING_ONLY)]
    family: Option<Family>,
    /// Solve arrangements in the generators of FILE (see `puzzles
    /// enumerate --generators`): each is answered with the fewest
    /// generators that take it to the file's start, in the order applied
    /// (in a directed graph, such as LX's, its distance to the start, not
    /// from it). Found from both ends, or with --pdb-dir DIR by IDA* over
    /// pattern databases of the puzzle's pieces, kept in DIR: far deeper
    /// words (a 3x3x3 cube's 14 moves in seconds) in far less memory.
    /// Only a --pdb-dir given here does so, not the environment's
    /// database directory.
    #[arg(long, value_name = "FILE", conflicts_with_all = GENERATORS_REFUSE, conflicts_with = "family")]
    generators: Option<std::path::PathBuf>,
    /// With --generators and --pdb-dir, the most bytes the pattern
    /// databases may take together, such as 200M or 2G: larger tables
    /// guide the search better, and take longer to build the first time
    /// [default: 256M].
    #[arg(long, value_name = "SIZE", value_parser = crate::values::parse_bytes, requires = "pdb_dir", requires = "generators")]
    pdb_size: Option<u64>,
    /// The start of --generators, the item at each position apart by
    /// spaces or commas, such as "0 0 1 1" [default: the file's].
    #[arg(long, value_name = "ITEMS", requires = "generators")]
    start: Option<String>,
    /// The goal board; by default tiles in order with the blank last.
    #[arg(long, value_name = "BOARD", value_parser = crate::values::parse_board_option)]
    goal: Option<Board>,
    /// The search to use: bfs, bidirectional, astar, idastar or auto
    /// [default: auto: idastar when --heuristic, --max-nodes or --weight
    /// is given, else bidirectional up to 10 cells and idastar above]
    #[arg(long, value_name = "ALGORITHM")]
    algorithm: Option<Algorithm>,
    /// The estimate that guides astar and idastar: manhattan,
    /// linear-conflict, pdb-663 or pdb-78 (4x4 only: additive pattern
    /// databases, loaded from the database directory; the 6-6-3 one is
    /// built in a few seconds and saved there when missing, the 7-8 one by
    /// `puzzles pdb build 4x4`), pdb-6666 (5x5 only, built by `puzzles pdb
    /// build 5x5`), or best [default: best: on 4x4, the 7-8 database if it
    /// is saved, else the 6-6-3 one; on 5x5 the 6-6-6-6 one if it is saved;
    /// linear-conflict otherwise]
    #[arg(long, value_name = "HEURISTIC")]
    heuristic: Option<SlidingHeuristic>,
    /// Answers within W times the fewest moves, found with far fewer nodes:
    /// astar and idastar search with the estimate multiplied by W, a finite
    /// number of at least 1 such as 1.5; above 2^20 it searches as 2^20
    /// [default: 1: optimal answers]
    #[arg(long, value_name = "W")]
    weight: Option<f64>,
    /// The most nodes an informed search (astar, idastar, or the search of
    /// --generators with --pdb-dir) may expand, over all of its iterations
    /// [default: 10000000000, some minutes of work; the hardest 4x4 boards
    /// need far fewer]
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Print, on standard error, each board's search: its algorithm, nodes
    /// expanded (per iteration, for idastar) and time; each state's, with
    /// --family or --generators.
    #[arg(long)]
    stats: bool,
    /// Threads for idastar, 1 to 1024 [default: one per core]. With more
    /// than one, the optimal length is the same but which optimal path is
    /// printed may differ from run to run.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    #[command(flatten)]
    pdb: crate::pdb::DirArgs,
    #[command(flatten)]
    format: Format,
    #[command(flatten)]
    search: SearchArgs,
}

/// A puzzle, and whether its pattern databases are ready: `None` until a
/// board that needs them comes, then the outcome of preparing them.
/// The solver of one goal, kept for the whole batch so that its tables
/// are built once, and whether its databases are ready.
struct Prepared<'d> {
    solver: Solver<'d>,
    databases: Option<Result<(), String>>,
}

/// The node bound of A* and IDA* when no --max-nodes is given: an IDA*
/// that stores nothing would otherwise run for ever on a board its
/// estimate guides badly (a large --weight, say), where a search that
/// stores states meets --max-memory.
const DEFAULT_MAX_NODES: u64 = 10_000_000_000;

/// The pattern databases' bytes of `--generators` with `--pdb-dir` when
/// no --pdb-size is given: a 3x3x3 cube's corners and two sets of six
/// edges, built in about a minute and a half.
const DEFAULT_PDB_SIZE: u64 = 256 << 20;

/// What a failed search of a 16-cell board that stores what it visits is
/// told: such searches run out of memory far from the goal, and IDA* does
/// not.
const LARGE_BOARD_ADVICE: &str = "boards of 16 or more cells far from the goal need \
    --algorithm idastar (the default), which keeps only its path";

/// The options of sliding boards only, which a permutation puzzle refuses.
const SLIDING_ONLY: [&str; 7] =
    ["goal", "algorithm", "heuristic", "weight", "max_nodes", "threads", "pdb_dir"];

/// What `--generators` refuses: the sliding options but the pattern
/// databases' directory and IDA*'s node bound.
const GENERATORS_REFUSE: [&str; 5] = ["goal", "algorithm", "heuristic", "weight", "threads"];

pub(crate) fn parse_family(text: &str) -> Result<Family, String> {
    text.parse().map_err(|e: puzzles::Error| crate::values::printable(&e.to_string()))
}

pub(crate) fn run<W: Write>(args: &SolveArgs, out: &mut W) -> Result<bool, String> {
    let generated = match (args.family, &args.generators) {
        (Some(family), _) => Some(Generated::Family(family)),
        (None, Some(file)) => Some(Generated::File(file, args.start.as_deref())),
        (None, None) => None,
    };
    if let Some(generated) = generated {
        return solve_words(args, generated, out);
    }
    // The searches run on rayon's global pool; this command makes it once.
    if let Some(threads) = args.threads.filter(|&threads| threads > 1) {
        rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(threads))
            .build_global()
            .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    }
    let questions = Questions::from(&args.boards);
    // Boards of a line each are printed on a line each; boards given as
    // arguments are drawn in full.
    let one_line = matches!(questions, Questions::Lines(_));
    let algorithm = chosen_algorithm(args)?;
    let display = Display::new(args.search.progress);
    let heuristic = args.heuristic.unwrap_or_default();
    let limits = args.search.limits().max_nodes(args.max_nodes.unwrap_or(DEFAULT_MAX_NODES));
    // Every solver of the batch is set up alike, and every search runs
    // under one run.
    let weight = args.weight.unwrap_or(1.0);
    let prepare = |puzzle: SlidingPuzzle| {
        let solver = puzzle
            .into_solver()
            .algorithm(algorithm)
            .heuristic(heuristic)
            .parallel(args.threads != Some(1))
            .weight(weight)
            .map_err(|e| format!("--weight: {e}"))?;
        Ok(Prepared { solver, databases: None })
    };
    let mut run = Run::new().limits(limits).on_progress(|progress| display.observe(progress));
    let mut fixed_goal =
        args.goal.map(|goal| prepare(SlidingPuzzle::with_goal(goal))).transpose()?;
    // One solver per board size, made when a board of that size first comes.
    let mut solvers: Vec<Prepared> = Vec::new();
    answer_each(questions, args.format.json, out, |text, out| {
        let board = crate::values::parse_board(text)?;
        let prepared = match &mut fixed_goal {
            Some(prepared) => prepared,
            None => solver_of_size(&mut solvers, board.rows(), board.cols(), &prepare)?,
        };
        let algorithm = algorithm.resolve(board.cell_count());
        let puzzle = prepared.solver.puzzle();
        // A board of the wrong parity is answered without a search, so it
        // waits for no database.
        if matches!(algorithm, Algorithm::AStar | Algorithm::IdaStar)
            && (board.rows(), board.cols()) == (puzzle.goal().rows(), puzzle.goal().cols())
            && puzzle.is_solvable(&board)
        {
            prepared
                .databases
                .get_or_insert_with(|| crate::pdb::prepare(puzzle, heuristic, &args.pdb))
                .clone()?;
        }
        let solver = &mut prepared.solver;
        let stores_states = algorithm != Algorithm::IdaStar;
        let failed = |error: puzzles::Error| {
            // The advice is about room, so it goes with the limits of room.
            let out_of_room = matches!(
                error.kind(),
                puzzles::ErrorKind::Search(inner) if matches!(
                    inner.kind(),
                    search_core::ErrorKind::LimitReached(
                        search_core::Limit::States(_) | search_core::Limit::Memory(_)
                    ) | search_core::ErrorKind::AllocationFailed { .. }
                )
            );
            let advice = (board.cell_count() >= 16 && stores_states && out_of_room)
                .then_some(LARGE_BOARD_ADVICE);
            crate::explain(&error, advice)
        };
        let write = |out: &mut W, text: std::fmt::Arguments<'_>| {
            out.write_fmt(text).map_err(crate::io_failure)
        };
        display.start();
        let started = std::time::Instant::now();
        if args.format.count {
            // The number alone needs no path: with bfs, no parents are kept.
            let moves = solver.moves(&board, &mut run);
            display.finish();
            if args.stats {
                crate::output::report_stats(&board, solver, run.stats(), started.elapsed());
            }
            let moves = moves.map_err(failed)?;
            let moves = moves.map_or(-1, |m| i64::try_from(m).unwrap_or(i64::MAX));
            return write(out, format_args!("{moves}\n"));
        }
        let path = solver.solve(&board, &mut run);
        display.finish();
        if args.stats {
            crate::output::report_stats(&board, solver, run.stats(), started.elapsed());
        }
        let path = path.map_err(failed)?;
        crate::output::write_solution(out, &board, path.as_ref(), args.format.json, one_line)
            .map_err(crate::io_failure)
    })
}

/// Answers permutations in a family's or a file's generators: from both
/// ends, or with `--pdb-dir` by IDA* over pattern databases.
fn solve_words<W: Write>(
    args: &SolveArgs,
    generated: Generated<'_>,
    out: &mut W,
) -> Result<bool, String> {
    let tables = match (args.pdb.given(), args.max_nodes) {
        (Some(directory), max_nodes) => Some(crate::word::Tables {
            directory,
            max_bytes: args.pdb_size.unwrap_or(DEFAULT_PDB_SIZE),
            max_nodes: max_nodes.unwrap_or(DEFAULT_MAX_NODES),
        }),
        (None, Some(_)) => {
            return Err("--max-nodes bounds the search of --pdb-dir's pattern databases: \
                        give --pdb-dir DIR with it"
                .into());
        }
        (None, None) => None,
    };
    let options = (&args.format, &args.search, args.stats);
    crate::word::run(generated, &args.boards, tables, options, out)
}

/// The algorithm every board is searched with: the one asked for, except
/// that `auto` with an option of the informed searches (`--heuristic`,
/// `--max-nodes`) is IDA*, so that the option applies.
///
/// # Errors
///
/// When an option of the informed searches is given with a search that
/// uses none: silently ignoring it would answer another question.
fn chosen_algorithm(args: &SolveArgs) -> Result<Algorithm, String> {
    let algorithm = args.algorithm.unwrap_or_default();
    let name = match algorithm {
        Algorithm::Bfs => "bfs",
        Algorithm::Bidirectional => "bidirectional",
        _ if args.heuristic.is_some() || args.max_nodes.is_some() || args.weight.is_some() => {
            return Ok(if algorithm == Algorithm::Auto { Algorithm::IdaStar } else { algorithm });
        }
        _ => return Ok(algorithm),
    };
    if args.heuristic.is_some() {
        return Err(format!(
            "--heuristic guides astar and idastar only; --algorithm {name} uses no estimate"
        ));
    }
    if args.max_nodes.is_some() {
        return Err(format!(
            "--max-nodes bounds astar and idastar only; --algorithm {name} is bounded by \
             --max-states and --max-memory"
        ));
    }
    if args.weight.is_some() {
        return Err(format!(
            "--weight weighs the estimate of astar and idastar only; --algorithm {name} uses none"
        ));
    }
    Ok(algorithm)
}

/// The standard puzzle of one size, made on first use.
fn solver_of_size<'s, 'd>(
    solvers: &'s mut Vec<Prepared<'d>>,
    rows: usize,
    cols: usize,
    prepare: &impl Fn(SlidingPuzzle) -> Result<Prepared<'d>, String>,
) -> Result<&'s mut Prepared<'d>, String> {
    let size = |p: &Prepared| (p.solver.puzzle().goal().rows(), p.solver.puzzle().goal().cols());
    if let Some(index) = solvers.iter().position(|p| size(p) == (rows, cols)) {
        return Ok(&mut solvers[index]);
    }
    solvers.push(prepare(SlidingPuzzle::new(rows, cols).map_err(|e| e.to_string())?)?);
    let last = solvers.len() - 1;
    Ok(&mut solvers[last])
}
