//! LeetCode 773's [`sliding_puzzle`]: the fewest moves that solve a
//! board, as LeetCode asks it.

use search_core::{Limits, Run};

use super::board::Board;
use super::puzzle::SlidingPuzzle;

/// LeetCode 773: the fewest moves that solve a 2x3 board (or a board of any
/// size from 2x2 to 5x5) towards the usual goal, or -1 when it cannot be
/// solved.
///
/// A board that is not a permutation of `0..rows*cols` also answers -1;
/// parse it with [`Board::from_rows`] to learn what is wrong.
///
/// It searches as [`Algorithm::Auto`](crate::Algorithm::Auto) does: from
/// both ends on boards of up to 10 cells, whose whole space fits the default [`Limits`], so that the
/// answer is always exact; and by IDA* with linear conflicts above, which
/// keeps only its path and has no limit by default, so that it answers
/// every solvable board, in time (a second or so for a typical 15-puzzle,
/// minutes for the hardest; a 24-puzzle far from the goal needs the
/// [`Partition::SixSixSixSix`](crate::Partition::SixSixSixSix) database
/// and a [`Solver`](crate::Solver), and hours).
///
/// # Panics
///
/// When a search reaches a limit before it finds the answer, rather than
/// answer -1 for a board that may well be solvable; with the default
/// limits that cannot happen.
///
/// # Example
///
/// ```
/// use puzzles::sliding_puzzle;
///
/// assert_eq!(sliding_puzzle(vec![vec![1, 2, 3], vec![4, 0, 5]]), 1);
/// assert_eq!(sliding_puzzle(vec![vec![1, 2, 3], vec![5, 4, 0]]), -1);
/// assert_eq!(sliding_puzzle(vec![vec![4, 1, 2], vec![5, 0, 3]]), 5);
/// ```
#[expect(
    clippy::needless_pass_by_value,
    reason = "LeetCode's signature, so that solutions paste in unchanged"
)]
pub fn sliding_puzzle(board: Vec<Vec<i32>>) -> i32 {
    sliding_puzzle_within(&board, Limits::new())
}

/// [`sliding_puzzle`] under `limits`, so that tests can reach its panic.
fn sliding_puzzle_within(board: &[Vec<i32>], limits: Limits) -> i32 {
    let Ok(board) = Board::from_rows(board) else {
        return -1;
    };
    let mut run = Run::new().limits(limits);
    let answer = SlidingPuzzle::new(board.rows(), board.cols())
        .and_then(|puzzle| puzzle.solver().moves(&board, &mut run));
    match answer {
        Ok(Some(moves)) => i32::try_from(moves).unwrap_or(i32::MAX),
        Ok(None) => -1,
        Err(error) => panic!(
            "sliding_puzzle gave up on {}: {error}; SlidingPuzzle::solver returns this as an error",
            board.to_rows().iter().map(|row| format!("{row:?}")).collect::<Vec<_>>().join(",")
        ),
    }
}

#[cfg(test)]
mod tests {
    use search_core::layers::Enumerator;

    use super::*;

    #[test]
    #[should_panic(
        expected = "sliding_puzzle gave up on [8, 6, 7],[2, 5, 4],[3, 0, 1]: search reached its limit of 100 stored states"
    )]
    fn giving_up_is_a_panic_not_minus_one() {
        let board = [vec![8, 6, 7], vec![2, 5, 4], vec![3, 0, 1]];
        sliding_puzzle_within(&board, Limits::new().max_states(100));
    }

    #[test]
    fn the_hardest_boards_of_every_size_up_to_eleven_cells_are_answered() {
        // One board at the radius of each size (radii are public: 2x5 is 55).
        for (rows, moves) in [
            (vec![vec![4, 5, 0], vec![1, 2, 3]], 21),
            (vec![vec![8, 6, 7], vec![2, 5, 4], vec![3, 0, 1]], 31),
        ] {
            assert_eq!(sliding_puzzle(rows), moves);
        }
        let puzzle = SlidingPuzzle::new(2, 5).expect("a size");
        let layers = puzzle.enumerate_with(&Enumerator::new(), &mut Run::new()).expect("fits");
        let hardest = layers.deepest()[0].to_rows();
        let hardest =
            hardest.iter().map(|row| row.iter().map(|&t| i32::from(t)).collect()).collect();
        assert_eq!(sliding_puzzle(hardest), 55);
    }
}
