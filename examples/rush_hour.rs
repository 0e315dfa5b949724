//! Rush Hour: slide the cars until the red car `A` leaves by the right of
//! its row. A space of one's own, searched three ways that must agree.
//! `cargo run -p examples --example rush_hour`
//!
//! A move slides one car by one cell, so slides are reversible and the
//! space searches from both ends.

use search_core::space::UnitCost;
use search_core::{Reversible, Successors, astar, bfs, bidirectional_bfs};

/// A car: its fixed line (a row if horizontal, else a column) and length.
#[derive(Clone, Copy)]
struct Car {
    horizontal: bool,
    line: usize,
    length: usize,
}

/// The cars of one puzzle; a state is each car's first cell along its line.
struct RushHour {
    cars: Vec<Car>,
}

type State = Vec<u8>;

impl RushHour {
    /// Reads six rows of six cells, `.` empty and a letter a car, `A`
    /// the red car.
    fn parse(rows: &[&str; 6]) -> Result<(RushHour, State), String> {
        let mut cells: Vec<(char, usize, usize)> = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, name) in row.chars().enumerate().filter(|&(_, name)| name != '.') {
                cells.push((name, r, c));
            }
        }
        let mut names: Vec<char> = cells.iter().map(|&(name, _, _)| name).collect();
        names.sort_unstable();
        names.dedup();
        let (mut cars, mut start) = (Vec::new(), Vec::new());
        for name in names {
            let at: Vec<(usize, usize)> =
                cells.iter().filter(|c| c.0 == name).map(|&(_, r, c)| (r, c)).collect();
            let horizontal = at.iter().all(|&(r, _)| r == at[0].0);
            if !horizontal && at.iter().any(|&(_, c)| c != at[0].1) {
                return Err(format!("car {name} is not in one row or column"));
            }
            let (line, first) = if horizontal { at[0] } else { (at[0].1, at[0].0) };
            cars.push(Car { horizontal, line, length: at.len() });
            start.push(first as u8);
        }
        if !cars.first().is_some_and(|car| car.horizontal) {
            return Err("the red car A must lie in a row".into());
        }
        Ok((RushHour { cars }, start))
    }

    /// Which cells the cars of `state` cover.
    fn occupied(&self, state: &State) -> [[bool; 6]; 6] {
        let mut grid = [[false; 6]; 6];
        for (car, &first) in self.cars.iter().zip(state) {
            for along in usize::from(first)..usize::from(first) + car.length {
                let (r, c) = if car.horizontal { (car.line, along) } else { (along, car.line) };
                grid[r][c] = true;
            }
        }
        grid
    }

    fn solved(state: &State) -> bool {
        state[0] == 4
    }

    /// An admissible estimate: the cells the red car must still move, plus
    /// one for each car in its way, which must move at least once.
    fn estimate(&self, state: &State) -> u32 {
        let red = &self.cars[0];
        let end = usize::from(state[0]) + red.length;
        let blocking = self.cars.iter().zip(state).skip(1).filter(|&(car, &first)| {
            let first = usize::from(first);
            !car.horizontal && car.line >= end && (first..first + car.length).contains(&red.line)
        });
        (4 - u32::from(state[0])) + blocking.count() as u32
    }
}

impl Successors for RushHour {
    type State = State;
    /// The car and the way it slid: +1 or -1 cell.
    type Move = (usize, i8);

    fn successors<F: FnMut(State, (usize, i8))>(&self, state: &State, mut report: F) {
        let grid = self.occupied(state);
        for (index, car) in self.cars.iter().enumerate() {
            let first = usize::from(state[index]);
            let cell = |along: usize| {
                if car.horizontal { grid[car.line][along] } else { grid[along][car.line] }
            };
            let mut slid = |to: usize, step: i8| {
                let mut next = state.clone();
                next[index] = to as u8;
                report(next, (index, step));
            };
            if first > 0 && !cell(first - 1) {
                slid(first - 1, -1);
            }
            if first + car.length < 6 && !cell(first + car.length) {
                slid(first + 1, 1);
            }
        }
    }
}

impl Reversible for RushHour {}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (puzzle, start) =
        RushHour::parse(&["BB...C", "D..E.C", "DAAE.C", "D..E..", "F...GG", "F.HHH."])?;
    let path = bfs(&puzzle, [start.clone()], RushHour::solved)?.ok_or("solvable")?;
    let (_, slides) =
        astar(&UnitCost(&puzzle), [start.clone()], |s| puzzle.estimate(s), RushHour::solved)?
            .ok_or("solvable")?;
    // Searched from both ends towards the solved state breadth-first found.
    let met = bidirectional_bfs(&puzzle, [start], [path.end().clone()])?.ok_or("solvable")?;
    println!("solved in {} one-cell slides", path.len());
    assert_eq!((slides as usize, met.len()), (path.len(), path.len()));
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    main()
}

#[test]
fn refuses_a_bent_car() {
    let bent = RushHour::parse(&["AA....", "A.....", "......", "......", "......", "......"]);
    assert_eq!(bent.err().as_deref(), Some("car A is not in one row or column"));
}
