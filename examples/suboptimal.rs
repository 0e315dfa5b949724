//! Fast answers of bounded quality on Korf's 100 15-puzzles: weighted A*
//! (its cost at most `w` times the cheapest), greedy best-first search
//! and beam search, each against the optimum from the 6-6-3 pattern
//! database. `cargo run --release -p examples --example suboptimal -- 100`
//! runs every instance; with no argument, the first three.

use std::time::{Duration, Instant};

use puzzles::{Board, Manhattan, SlidingHeuristic, SlidingPuzzle};
use search_core::cheapest::{AStar, BeamSearch};
use search_core::{Heuristic, Limits, Run, astar};

/// Korf's instances, as `puzzles` ships them: a number, then 16 cells.
const KORF_100: &str = include_str!("../crates/puzzles/data/korf100.txt");

/// The beam's width: the boards of each layer kept.
const BEAM_WIDTH: usize = 1_000;

/// What one search gave over the instances: moves in all and the
/// optimum's over the same instances, the worst ratio to the optimum, the
/// instances it missed, and its time.
#[derive(Default)]
struct Tally {
    moves: usize,
    optimal_moves: usize,
    worst: f64,
    missed: usize,
    time: Duration,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let count: usize = std::env::args().nth(1).map_or(Ok(3), |arg| arg.parse())?;
    let (instances, optimal_moves, tallies) = compare(count)?;
    println!("{instances} instances, {optimal_moves} moves at best");
    println!("| search | moves | / optimal | worst instance | missed | time |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, tally) in tallies {
        println!(
            "| {name} | {} | {:.3} | {:.3} | {} | {:.2} s |",
            tally.moves,
            ratio(tally.moves, tally.optimal_moves),
            tally.worst,
            tally.missed,
            tally.time.as_secs_f64()
        );
    }
    Ok(())
}

/// How many instances were run, the optimum's moves over them, and each
/// search's tally over them.
type Comparison = (usize, usize, Vec<(&'static str, Tally)>);

/// Every search on Korf's first `count` instances (all 100 at most),
/// against the optimum; a search that beats it fails an assertion.
fn compare(count: usize) -> Result<Comparison, Box<dyn std::error::Error>> {
    let goal: Board = "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15".parse()?;
    let puzzle = SlidingPuzzle::with_goal(goal);
    let boards = KORF_100
        .lines()
        .take(count)
        .map(|line| line.split_once(' ').map_or(line, |(_, cells)| cells).parse::<Board>())
        .collect::<Result<Vec<Board>, _>>()?;
    let mut optimal = puzzle.solver().heuristic(SlidingHeuristic::SixSixThree);
    let mut best = Vec::new();
    let mut run = Run::new();
    for board in &boards {
        best.push(optimal.moves(board, &mut run)?.ok_or("every Korf instance is solvable")?);
    }
    let manhattan = Manhattan::new(puzzle.goal());
    let goal = |board: &Board| board == puzzle.goal();
    let limits = Limits::new().max_states(50_000_000);
    let methods: [(&'static str, &dyn Fn(&Board) -> Result<Option<usize>, search_core::Error>); 4] = [
        ("weighted A*, w = 2", &|board| {
            let estimate = |b: &Board| 2 * manhattan.estimate(b);
            Ok(astar(&puzzle, [*board], estimate, goal)?.map(|(path, _)| path.len()))
        }),
        ("weighted A*, w = 5", &|board| {
            let estimate = |b: &Board| 5 * manhattan.estimate(b);
            Ok(astar(&puzzle, [*board], estimate, goal)?.map(|(path, _)| path.len()))
        }),
        ("greedy best-first", &|board| {
            let estimate = |b: &Board| manhattan.estimate(b);
            let mut run = Run::new().limits(limits);
            let found =
                AStar::new().greedy_best_first(&puzzle, [*board], estimate, goal, &mut run)?;
            Ok(found.map(|path| path.len()))
        }),
        ("beam search, width 1,000", &|board| {
            let estimate = |b: &Board| manhattan.estimate(b);
            let mut run = Run::new().limits(limits);
            let found =
                BeamSearch::new().run(&puzzle, [*board], estimate, goal, BEAM_WIDTH, &mut run)?;
            Ok(found.map(|path| path.len()))
        }),
    ];
    let mut tallies = Vec::new();
    for (name, search) in methods {
        let mut tally = Tally::default();
        for (board, &optimum) in boards.iter().zip(&best) {
            let began = Instant::now();
            let found = search(board)?;
            tally.time += began.elapsed();
            match found {
                Some(moves) => {
                    assert!(moves >= optimum, "{name} beat the optimum");
                    tally.moves += moves;
                    tally.optimal_moves += optimum;
                    tally.worst = tally.worst.max(ratio(moves, optimum));
                }
                None => tally.missed += 1,
            }
        }
        tallies.push((name, tally));
    }
    Ok((boards.len(), best.iter().sum(), tallies))
}

#[expect(clippy::cast_precision_loss, reason = "move counts are far below 2^52")]
fn ratio(moves: usize, optimal: usize) -> f64 {
    moves as f64 / optimal as f64
}

#[test]
fn weighted_answers_keep_their_bound() -> Result<(), Box<dyn std::error::Error>> {
    let (instances, optimal_moves, tallies) = compare(3)?;
    // Korf's first three instances take 57, 55 and 59 moves; `compare`
    // asserts that no search beats them.
    assert_eq!((instances, optimal_moves), (3, 57 + 55 + 59));
    // Weighted A* answers every instance within its weight of the optimum.
    for ((name, tally), weight) in tallies.iter().zip([2.0, 5.0]) {
        assert_eq!((tally.missed, tally.optimal_moves), (0, optimal_moves), "{name}");
        assert!(tally.worst <= weight, "{name}: {}", tally.worst);
    }
    Ok(())
}
