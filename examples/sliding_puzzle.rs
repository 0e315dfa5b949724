//! LeetCode 773: solve a 2x3 sliding puzzle and show every move.
//!
//! `cargo run -p examples --example sliding_puzzle`

use puzzles::{Board, SlidingPuzzle, sliding_puzzle};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // LeetCode's own signature and answer.
    assert_eq!(sliding_puzzle(vec![vec![4, 1, 2], vec![5, 0, 3]]), 5);

    let board: Board = "[[4,1,2],[5,0,3]]".parse()?;
    let puzzle = SlidingPuzzle::new(board.rows(), board.cols())?;
    let Some(path) = puzzle.solve(&board)? else {
        println!("{board}\ncannot be solved");
        return Ok(());
    };
    println!("solved in {} moves\n\n{}", path.len(), path.start());
    for (slide, next) in path.moves().iter().zip(&path.states()[1..]) {
        println!("\nblank {slide}\n{next}");
    }

    // Half of all boards are unsolvable; parity tells at once.
    let swapped: Board = "[[1,2,3],[5,4,0]]".parse()?;
    println!("\n{swapped}\nsolvable: {}", puzzle.is_solvable(&swapped));
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    main()
}
