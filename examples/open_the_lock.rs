//! LeetCode 752: open a four-wheel lock without touching a dead end.
//!
//! `cargo run -p examples --example open_the_lock`

use puzzles::{Lock, open_lock};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let deadends = ["0201", "0101", "0102", "1212", "2002"];
    assert_eq!(open_lock(&deadends, "0202")?, 6);

    let lock = Lock::standard().with_deadends(deadends)?;
    match lock.open("0202")? {
        Some(path) => {
            println!("{} turns", path.len());
            for (turn, code) in path.moves().iter().zip(&path.states()[1..]) {
                println!("  {turn:<12} -> {}", lock.format_code(*code));
            }
        }
        None => println!("the lock cannot be opened"),
    }

    // A lock of 6 wheels of 3 digits: the same search, a different space.
    let small = Lock::new(6, 3)?.with_deadends(["000001", "000002"])?;
    println!("6 wheels of 3 digits, 222222: {:?} turns", small.turns("222222")?);
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    main()
}
