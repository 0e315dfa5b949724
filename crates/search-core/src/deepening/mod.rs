//! Iterative deepening: IDA* and its unit-cost form, in memory of one path.

pub(crate) mod ida_star;
pub(crate) mod iddfs;
