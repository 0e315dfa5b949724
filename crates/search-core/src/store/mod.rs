//! The visited stores of the searches that keep what they visit, and the
//! expansion of a state into them.
//!
//! - `tree`: `Tree`, each state once with a parent and a move; start here.
//!   `seen`: `Seen`, a set, for searches that keep no parents.
//! - `index`: how both index states: a bit or a node id a rank, or a hash
//!   table of node ids, chosen when a store is reset from the space's
//!   ranking and the memory budget; the tables' growth through the meter.
//! - `batch`: the successors of a batch of states collected before any
//!   is stored, so that the inserts' cache misses overlap.
//! - `expand`: one state's neighbours collected, along either direction
//!   of its edges, its parent left out, the counts kept, and what a depth
//!   bound means.
//!
//! Every table hashes with the one hash of the crate,
//! [`BuildStateHasher`](crate::space::BuildStateHasher).
//!
//! It may use `space`, `run`, `path` and `error`.

pub(crate) mod batch;
pub(crate) mod expand;
pub(crate) mod index;
pub(crate) mod seen;
pub(crate) mod tree;
