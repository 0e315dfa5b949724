//! Integration tests for the puzzles crate, gathered into one binary.

mod informed;
mod ladder;
mod lock;
mod others;
mod sliding;
