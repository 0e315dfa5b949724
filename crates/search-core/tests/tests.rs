//! Integration tests for search-core, gathered into one binary.

mod graphs;

mod informed;

mod all_paths;
mod bfs;
mod bidirectional;
mod cheapest_paths;
mod contract;
mod costs;
mod disk;
mod disk_enumeration;
mod enumerate;
mod fallible;
mod groups;
mod limits;
mod pathfinding_suite;
mod piece_pattern;
mod ranking;
mod solver;
mod sorted;
