//! The visited stores of the searches that keep what they visit, and the
//! expansion of a state into them.
//!
//! - `tree`: `Tree` (each state once, with a parent and a move) and `Seen`
//!   (a set), indexed by rank (a bit or a node id a rank) or by a hash
//!   table of node ids, chosen when a store is reset from the space's
//!   ranking and the memory budget.
//! - `expand`: one state's successors collected, its parent left out, the
//!   counts kept, and what a depth bound means.
//! - `hash`: the one hash of every hashed table,
//!   [`BuildStateHasher`](crate::BuildStateHasher).
//!
//! It may use `space`, `run`, `path` and `error`.

pub(crate) mod expand;
pub(crate) mod hash;
pub(crate) mod tree;
