//! Puzzles (work in progress).
