//! Pattern databases.

pub(crate) mod combine;
pub(crate) mod distance_table;
pub(crate) mod piece_pattern;
