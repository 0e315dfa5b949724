//! Integration tests for the puzzles crate, gathered into one binary.

mod ladder;
mod lock;
mod others;
mod sliding;
