//! `puzzles solve`.

use std::io::Write;

use clap::Args;
use puzzles::{Algorithm, Board, SlidingPuzzle};
use serde_json::json;

use crate::batch::{Questions, answer_each};
use crate::progress::Display;
use crate::{Format, SearchArgs};

#[derive(Debug, Args)]
pub(crate) struct SolveArgs {
    /// Boards to solve; with none, one board per line of standard input.
    boards: Vec<String>,
    /// The goal board; by default tiles in order with the blank last.
    #[arg(long, value_name = "BOARD", value_parser = parse_board)]
    goal: Option<Board>,
    /// The search to use: bfs or bidirectional [default: bidirectional,
    /// the faster on every board size benchmarked]
    #[arg(long, value_name = "ALGORITHM")]
    algorithm: Option<Algorithm>,
    #[command(flatten)]
    format: Format,
    #[command(flatten)]
    search: SearchArgs,
}

/// What a failed 4x4 search is told: breadth-first search cannot reach
/// boards far from the goal there.
const LARGE_BOARD_ADVICE: &str = "boards of 16 cells far from the goal need informed search \
    (IDA* with pattern databases), which puzzles does not have yet";

fn parse_board(text: &str) -> Result<Board, String> {
    text.parse().map_err(|e: puzzles::Error| e.to_string())
}

pub(crate) fn run<W: Write>(args: &SolveArgs, out: &mut W) -> Result<bool, String> {
    let questions = Questions::from(&args.boards);
    // Boards of a line each are printed on a line each; boards given as
    // arguments are drawn in full.
    let one_line = matches!(questions, Questions::Lines(_));
    let fixed_goal = args.goal.map(SlidingPuzzle::with_goal);
    // One puzzle per board size, made when a board of that size first comes.
    let mut puzzles: Vec<SlidingPuzzle> = Vec::new();
    let display = Display::new(args.search.progress);
    answer_each(questions, args.format.json, out, |text, out| {
        let board = parse_board(text)?;
        let puzzle = match &fixed_goal {
            Some(puzzle) => puzzle,
            None => puzzle_of_size(&mut puzzles, board.rows(), board.cols())?,
        };
        let mut solver = puzzle
            .solver()
            .algorithm(args.algorithm.unwrap_or_default())
            .limits(args.search.limits())
            .on_progress(|progress| display.observe(progress));
        let failed = |error: puzzles::Error| {
            let advice = (board.cell_count() >= 16).then_some(LARGE_BOARD_ADVICE);
            crate::explain(&error, advice)
        };
        let write = |out: &mut W, text: std::fmt::Arguments<'_>| {
            out.write_fmt(text).map_err(crate::io_failure)
        };
        display.start();
        if args.format.count {
            // The number alone needs no path: with bfs, no parents are kept.
            let moves = solver.moves(&board);
            display.finish();
            let moves = moves.map_err(failed)?;
            let moves = moves.map_or(-1, |m| i64::try_from(m).unwrap_or(i64::MAX));
            return write(out, format_args!("{moves}\n"));
        }
        let path = solver.solve(&board);
        display.finish();
        let path = path.map_err(failed)?;
        match (&path, args.format.json) {
            (Some(path), true) => {
                let object = json!({
                    "board": board.to_rows(),
                    "moves": path.len(),
                    "path": path.moves().iter().map(ToString::to_string).collect::<Vec<_>>(),
                    "boards": path.states().iter().map(Board::to_rows).collect::<Vec<_>>(),
                });
                write(out, format_args!("{object}\n"))
            }
            (None, true) => {
                let object = json!({
                    "board": board.to_rows(),
                    "moves": -1,
                    "path": [],
                    "boards": [],
                    "reason": "parity",
                });
                write(out, format_args!("{object}\n"))
            }
            (None, false) => write(
                out,
                format_args!(
                    "{}: unsolvable: its permutation parity differs from the goal's\n",
                    board_json(&board)
                ),
            ),
            (Some(path), false) => {
                let moves: Vec<String> = path.moves().iter().map(ToString::to_string).collect();
                let noun = if path.len() == 1 { "move" } else { "moves" };
                write(
                    out,
                    format_args!(
                        "{}: {} {noun}: {}\n",
                        board_json(&board),
                        path.len(),
                        moves.join(" ")
                    ),
                )?;
                if !one_line {
                    for (step, state) in path.states().iter().enumerate() {
                        match step.checked_sub(1) {
                            None => write(out, format_args!("\nstart\n{state}\n"))?,
                            Some(previous) => write(
                                out,
                                format_args!("\n{}. {}\n{state}\n", step, path.moves()[previous]),
                            )?,
                        }
                    }
                }
                Ok(())
            }
        }
    })
}

/// The standard puzzle of one size, made on first use.
fn puzzle_of_size(
    puzzles: &mut Vec<SlidingPuzzle>,
    rows: usize,
    cols: usize,
) -> Result<&SlidingPuzzle, String> {
    let size = |p: &SlidingPuzzle| (p.goal().rows(), p.goal().cols());
    if let Some(index) = puzzles.iter().position(|p| size(p) == (rows, cols)) {
        return Ok(&puzzles[index]);
    }
    puzzles.push(SlidingPuzzle::new(rows, cols).map_err(|e| e.to_string())?);
    Ok(&puzzles[puzzles.len() - 1])
}

/// A board in LeetCode's form, without spaces.
fn board_json(board: &Board) -> String {
    json!(board.to_rows()).to_string()
}
