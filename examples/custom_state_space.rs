//! A state space from scratch: a knight on a chessboard. Copy this file to
//! start your own: `cargo run -p examples --example custom_state_space`

use search_core::{Reversible, Successors, bfs, bidirectional_bfs, enumerate};

/// A knight on an `n x n` board; states are squares, moves are jumps.
struct Knight {
    n: i8,
}

#[rustfmt::skip]
const JUMPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

impl Successors for Knight {
    type State = (i8, i8);
    type Move = (i8, i8);

    fn successors<F: FnMut((i8, i8), (i8, i8))>(&self, &(x, y): &(i8, i8), mut report: F) {
        for (dx, dy) in JUMPS {
            let (nx, ny) = (x + dx, y + dy);
            if (0..self.n).contains(&nx) && (0..self.n).contains(&ny) {
                report((nx, ny), (dx, dy));
            }
        }
    }
}

/// Every knight move can be undone, so searches may run from both ends.
impl Reversible for Knight {}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let board = Knight { n: 8 };
    let path = bfs(&board, [(0, 0)], |&square| square == (7, 7))?.ok_or("unreachable")?;
    println!("a1 to h8 in {} moves: {:?}", path.len(), path.states());
    assert_eq!(bidirectional_bfs(&board, [(0, 0)], [(7, 7)])?.map(|p| p.len()), Some(path.len()));
    println!("squares by distance from a1: {:?}", enumerate(&board, [(0, 0)])?.layer_sizes());
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    main()
}
