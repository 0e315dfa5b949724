//! An entry of A*'s open list, and the order the list takes entries in.

use std::cmp::Ordering;

use crate::space::weighted::Cost;

/// An entry of the open list: the smallest `f` first, and among equal `f`
/// the largest `g`, which is the deepest node and the nearest to a goal.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Open<C> {
    pub(crate) f: C,
    pub(crate) g: C,
    pub(crate) node: u32,
}

impl<C: Cost> Ord for Open<C> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        other.f.cost_cmp(&self.f).then_with(|| self.g.cost_cmp(&other.g))
    }
}

impl<C: Cost> PartialOrd for Open<C> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Entries are equal when they are equal in the open list's order.
impl<C: Cost> PartialEq for Open<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal && self.node == other.node
    }
}

impl<C: Cost> Eq for Open<C> {}
