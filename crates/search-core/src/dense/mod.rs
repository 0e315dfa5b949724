//! Dense tables for spaces that number their states, the files they are
//! kept in, and the pattern databases built with them.
//!
//! - `table`: [`LayerTable`](crate::LayerTable), 2 bits a rank, and its
//!   layer steps; start here. `marks` marks neighbours in batches and a
//!   space's steps a word at a time; `checkpoint` saves and loads a table.
//! - `enumeration`: [`DenseEnumeration`](crate::DenseEnumeration), which
//!   drives one table on every core, with checkpoints; `disk`, its disk
//!   tier, which drives a table too large for memory part by part, with
//!   the marks between parts waiting in `disk::pending` and what is
//!   finished named by `disk::manifest`.
//! - `files`: the checksummed table-file format that checkpoints, distance
//!   tables and pattern databases share ([`TableReader`](crate::TableReader),
//!   [`write_table_file`](crate::write_table_file)).
//! - `distance_table`: [`DistanceTable`](crate::DistanceTable), a pattern
//!   database's table, built by 0-1 BFS or by a dense enumeration;
//!   `patterns`: [`Patterns`](crate::Patterns), tables combined into one
//!   estimate; `piece_pattern`: [`PiecePattern`](crate::PiecePattern), the
//!   abstraction of an additive database of a puzzle of pieces on places.
//!
//! It may use `space`, `run`, `error` and the `Enumeration` result of
//! `breadth_first`.

mod checkpoint;
mod disk;
pub(crate) mod enumeration;
mod marks;
pub(crate) mod table;
