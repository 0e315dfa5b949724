//! Integration tests for search-core, gathered into one binary.

mod graphs;

mod informed;

mod all_paths;
mod bfs;
mod bidirectional;
mod cancel;
mod cheapest_paths;
mod costs;
mod enumerate;
mod fallible;
mod limits;
mod pathfinding_suite;
mod ranking;
