//! Runnable examples of `search-core` and `puzzles`; the code is in the
//! `.rs` files beside this folder. Run one with
//! `cargo run -p examples --example sliding_puzzle`.
