//! LeetCode 127 and 126: the shortest word ladders from `hit` to `cog`.
//!
//! `cargo run -p examples --example word_ladder`

use puzzles::{count_ladders, find_ladders, ladder_length};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let words = ["hot", "dot", "dog", "lot", "log", "cog"];
    let length = ladder_length("hit", "cog", &words)?;
    println!("a shortest ladder has {length} words");
    assert_eq!(length, 5);

    for ladder in find_ladders("hit", "cog", &words)? {
        println!("  {}", ladder.join(" -> "));
    }
    println!("{} ladders in all", count_ladders("hit", "cog", &words)?);

    // Bad input is an error that says what is wrong, never a panic.
    if let Err(error) = ladder_length("hit", "cog", &["hot", "dots"]) {
        println!("error: {error}");
    }
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    main()
}
