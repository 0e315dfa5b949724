//! Benchmarks (work in progress).
fn main() {}
