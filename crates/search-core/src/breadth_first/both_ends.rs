//! [`BothEnds`]: the tables that only the search from both ends keeps,
//! in the breadth-first cache beside those every search shares.

use hashbrown::HashTable;

use crate::space::traits::State;
use crate::store::batch::Keyed;
use crate::store::tree::Tree;

/// The tables only the search from both ends keeps, held by
/// [`Search`](crate::breadth_first::Search): the backward tree, the
/// backward side's buffers (one state's predecessors, and a run of
/// states' predecessors, each with its hash), and the one index of both
/// trees.
pub(super) struct BothEnds<S, M> {
    pub(super) backward: Tree<S, M>,
    pub(super) predecessors: Vec<(S, ())>,
    pub(super) keyed_predecessors: Vec<Keyed<S, ()>>,
    pub(super) sides: HashTable<(S, u32)>,
}

impl<S: State, M: Clone> BothEnds<S, M> {
    /// Empty tables, which allocate nothing until a search uses them.
    pub(super) fn new() -> BothEnds<S, M> {
        BothEnds {
            backward: Tree::new(),
            predecessors: Vec::new(),
            keyed_predecessors: Vec::new(),
            sides: HashTable::new(),
        }
    }
}
