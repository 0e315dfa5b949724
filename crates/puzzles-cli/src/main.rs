//! The `puzzles` command (work in progress).
fn main() {}
