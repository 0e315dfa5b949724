//! Integration tests for search-core, gathered into one binary.

mod graphs;

mod all_paths;
mod bfs;
mod bidirectional;
mod enumerate;
mod limits;
