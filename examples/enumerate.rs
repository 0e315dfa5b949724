//! The 8-puzzle, layer by layer: how many boards lie at each distance from
//! the goal, and which are the hardest.
//!
//! `cargo run -p examples --example enumerate`

use puzzles::SlidingPuzzle;
use search_core::Run;
use search_core::layers::Enumerator;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle = SlidingPuzzle::new(3, 3)?;
    let layers = puzzle.enumerate_with(&Enumerator::new(), &mut Run::new())?;
    println!("depth  boards");
    for (depth, boards) in layers.layer_sizes().iter().enumerate() {
        println!("{depth:>5}  {boards:>6}");
    }
    println!("{} boards, radius {}", layers.states(), layers.radius());
    assert_eq!((layers.states(), layers.radius()), (181_440, 31));
    for board in layers.deepest() {
        println!("\n{board}");
    }
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    main()
}
