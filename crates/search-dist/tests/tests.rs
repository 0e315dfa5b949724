//! Integration tests for search-dist, gathered into one binary: timely's
//! dataflows are compiled once for both modules, not once a binary.

mod cluster;
mod engines;
