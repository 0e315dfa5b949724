//! Dense tables for spaces that number their states, the files they are
//! kept in, and the pattern databases built with them.
//!
//! - `table`: [`LayerTable`](crate::LayerTable), 2 bits a rank, and
//!   [`DenseEnumeration`](crate::DenseEnumeration), which drives it on
//!   every core with checkpoints; start here.
//! - `files`: the checksummed table-file format that checkpoints, distance
//!   tables and pattern databases share ([`TableReader`](crate::TableReader),
//!   [`write_table_file`](crate::write_table_file)).
//! - `pdb`: [`DistanceTable`](crate::DistanceTable) and
//!   [`Patterns`](crate::Patterns), pattern databases for any space.
//!
//! It may use `space`, `run`, `error` and the `Enumeration` result of
//! `breadth_first`.

pub(crate) mod files;
pub(crate) mod pdb;
pub(crate) mod table;
