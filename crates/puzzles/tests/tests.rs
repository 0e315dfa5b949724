//! Integration tests for the puzzles crate, gathered into one binary.

mod cube;
mod disk;
mod families;
mod informed;
mod ladder;
mod lock;
mod memory;
mod mirrored;
mod numbered;
mod others;
mod pattern_database;
mod sliding;
mod twenty_four;
mod words;
