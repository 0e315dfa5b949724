//! A knight on a board without edges, from closures: A* guided by a plain
//! closure, checked against breadth-first search.
//! `cargo run -p examples --example knight`

use search_core::{astar, bfs, from_fn, ida_star};

/// An admissible estimate of the knight's moves from `(x, y)` to `target`:
/// a move covers at most 2 squares of the larger coordinate distance, and
/// at most 3 of the two distances together.
fn estimate((x, y): (i32, i32), (tx, ty): (i32, i32)) -> u32 {
    let (dx, dy) = ((tx - x).unsigned_abs(), (ty - y).unsigned_abs());
    dx.max(dy).div_ceil(2).max((dx + dy).div_ceil(3))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let space = from_fn(|&(x, y): &(i32, i32)| {
        [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
            .map(|(dx, dy)| (x + dx, y + dy))
    });
    for target in [(1, 1), (2, 2), (7, 7), (50, 50), (-30, 11)] {
        let goal = |&s: &(i32, i32)| s == target;
        let (path, moves) =
            astar(&space, [(0, 0)], |&s| estimate(s, target), goal)?.ok_or("reachable")?;
        let (_, deepening) =
            ida_star(&space, [(0, 0)], |&s| estimate(s, target), goal)?.ok_or("reachable")?;
        let plain = bfs(&space, [(0, 0)], goal)?.ok_or("reachable")?;
        println!("(0, 0) to {target:?}: {moves} moves");
        assert_eq!((path.len(), moves, deepening), (plain.len(), moves, moves));
    }
    // The classic corner case: one square diagonally takes two moves.
    assert_eq!(bfs(&space, [(0, 0)], |&s| s == (1, 1))?.map(|p| p.len()), Some(2));
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    main()
}
