//! Paths: [`Path`], one walk from a start to an end, and
//! [`CheapestPaths`] (with [`ShortestPaths`], its unit-cost form), the
//! graph of every cheapest edge into each state, which holds many
//! cheapest paths at once and counts them before it walks them.

pub use self::dag::{CheapestPaths, Paths, ShortestPaths};
pub use self::walk::Path;

pub(crate) mod dag;
pub(crate) mod walk;
