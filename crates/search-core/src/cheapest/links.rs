//! The fringe of fringe search: a doubly linked list of node ids, kept in
//! the `AStar` cache between searches.

use std::fmt;

use crate::error::Error;
use crate::run::memory::Meter;

/// The end of the list.
pub(crate) const NIL: u32 = u32::MAX;

/// A doubly linked list of node ids, with room for every id seen: the
/// fringe, in the order its passes walk it.
pub(crate) struct Links {
    head: u32,
    tail: u32,
    next: Vec<u32>,
    previous: Vec<u32>,
    listed: Vec<bool>,
}

impl Links {
    /// The first node of the list, or [`NIL`].
    #[inline]
    pub(crate) fn head(&self) -> u32 {
        self.head
    }

    /// The node after the node of index `id`, or [`NIL`].
    #[inline]
    pub(crate) fn next(&self, id: usize) -> u32 {
        self.next[id]
    }

    pub(crate) fn new() -> Links {
        Links { head: NIL, tail: NIL, next: Vec::new(), previous: Vec::new(), listed: Vec::new() }
    }

    /// Empties the list, keeping its allocations.
    pub(crate) fn clear(&mut self) {
        (self.head, self.tail) = (NIL, NIL);
        self.next.clear();
        self.previous.clear();
        self.listed.clear();
    }

    /// Makes room for node `id`, within the memory budget.
    fn grow(&mut self, id: u32, meter: &mut Meter) -> Result<(), Error> {
        while self.next.len() <= id as usize {
            meter.push(&mut self.next, NIL)?;
            meter.push(&mut self.previous, NIL)?;
            meter.push(&mut self.listed, false)?;
        }
        Ok(())
    }

    pub(crate) fn push_back(&mut self, id: u32, meter: &mut Meter) -> Result<(), Error> {
        self.grow(id, meter)?;
        let tail = self.tail;
        self.link(tail, id, NIL);
        Ok(())
    }

    pub(crate) fn insert_after(
        &mut self,
        at: u32,
        id: u32,
        meter: &mut Meter,
    ) -> Result<(), Error> {
        self.grow(id, meter)?;
        let after = self.next[at as usize];
        self.link(at, id, after);
        Ok(())
    }

    /// Puts `id` between `before` and `after` (either may be [`NIL`]).
    fn link(&mut self, before: u32, id: u32, after: u32) {
        (self.previous[id as usize], self.next[id as usize]) = (before, after);
        self.listed[id as usize] = true;
        if before == NIL {
            self.head = id;
        } else {
            self.next[before as usize] = id;
        }
        if after == NIL {
            self.tail = id;
        } else {
            self.previous[after as usize] = id;
        }
    }

    pub(crate) fn remove(&mut self, id: u32) {
        if !self.listed.get(id as usize).copied().unwrap_or(false) {
            return;
        }
        self.listed[id as usize] = false;
        let (before, after) = (self.previous[id as usize], self.next[id as usize]);
        if before == NIL {
            self.head = after;
        } else {
            self.next[before as usize] = after;
        }
        if after == NIL {
            self.tail = before;
        } else {
            self.previous[after as usize] = before;
        }
    }
}

impl fmt::Debug for Links {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Links").field("listed", &self.next.len()).finish_non_exhaustive()
    }
}
