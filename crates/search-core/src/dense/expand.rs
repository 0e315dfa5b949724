//! A layer of a [`LayerTable`] expanded into the next: its chunks scanned
//! for the layer's entries, their neighbours marked in batches
//! ([`Marks`]), and a space's one-rank steps marked a word at a time
//! ([`StepMasks`]).

use std::sync::atomic::{AtomicU64, Ordering};

#[cfg(feature = "rayon")]
use rayon::prelude::*;

use super::marks::{Marks, StepMasks};
use super::table::{
    BATCH, CHUNK_WORDS, LEAVING_BATCH, LayerTable, PER_WORD, append_ranks, code, equal_entries,
};
use crate::error::Error;
use crate::run::cancel::CancelHandle;
use crate::space::ranked::{RankSteps, RankedSpace, WordSteps};

impl LayerTable {
    /// Expands the layer at `depth` into the next: begins the layer
    /// `depth + 1`, then marks every unseen neighbour of the ranks at
    /// `depth`, calling `visit(rank, depth + 1)` for each, and returns how
    /// many it marked. Every neighbour must be in this table's range. Uses
    /// the current rayon pool when `parallel`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::RankOutOfBounds`](crate::ErrorKind::RankOutOfBounds)
    /// when a neighbour is outside the table's range.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::dense::LayerTable;
    /// use search_core::space::RankedSpace;
    ///
    /// struct Halving;
    /// impl RankedSpace for Halving {
    ///     fn rank_count(&self) -> u64 { 100 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         report(rank / 2);
    ///     }
    /// }
    ///
    /// let table = LayerTable::new(0..100, 1 << 10)?;
    /// table.mark(99, 0)?;
    /// assert_eq!(table.expand_layer(&Halving, 0, |_, _| {}, false)?, 1);
    /// let mut next = Vec::new();
    /// table.for_each_at(1, |rank| next.push(rank));
    /// assert_eq!(next, [49]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expand_layer<R, V>(
        &self,
        space: &R,
        depth: usize,
        visit: V,
        parallel: bool,
    ) -> Result<u64, Error>
    where
        R: RankedSpace,
        V: Fn(u64, usize) + Sync,
    {
        self.expand_layer_within(space, depth, visit, parallel, &CancelHandle::new())
    }

    /// As [`expand_layer`](LayerTable::expand_layer), ending with
    /// [`ErrorKind::Cancelled`](crate::ErrorKind::Cancelled) within a
    /// batch of [`BATCH`] expansions a thread once `cancel` is cancelled;
    /// the layer is then left part done.
    pub(crate) fn expand_layer_within<R, V>(
        &self,
        space: &R,
        depth: usize,
        visit: V,
        parallel: bool,
        cancel: &CancelHandle,
    ) -> Result<u64, Error>
    where
        R: RankedSpace,
        V: Fn(u64, usize) + Sync,
    {
        let end = self.ranks.end;
        let refuse = |leaving: &[u64]| Err(Error::rank_out_of_bounds(leaving[0], end));
        self.expand_layer_sending(space, depth, visit, parallel, cancel, &refuse)
    }

    /// As [`expand_layer_within`](LayerTable::expand_layer_within), handing
    /// the neighbours outside the table's range to `leaving`, a batch at a
    /// time from each thread, instead of refusing them: the disk tier
    /// defers them to the parts that hold them. An error from `leaving`
    /// ends the layer with it.
    pub(super) fn expand_layer_sending<R, V, L>(
        &self,
        space: &R,
        depth: usize,
        visit: V,
        parallel: bool,
        cancel: &CancelHandle,
        leaving: &L,
    ) -> Result<u64, Error>
    where
        R: RankedSpace,
        V: Fn(u64, usize) + Sync,
        L: Fn(&[u64]) -> Result<(), Error> + Sync,
    {
        self.begin_layer_on(depth + 1, parallel);
        let codes = (code(depth), code(depth + 1), depth + 1);
        let stepped = space.word_steps();
        let steps =
            StepMasks::new(stepped.as_ref().map_or(RankSteps::none(), WordSteps::rank_steps));
        let steps = (steps.as_ref(), stepped.as_ref());
        let expand = |(chunk_index, chunk): (usize, &[AtomicU64])| {
            if self.chunk_holds(chunk_index, codes.0) {
                let first_word = chunk_index * CHUNK_WORDS;
                let chunk = (first_word, chunk);
                self.expand_chunk(space, chunk, codes, steps, (&visit, leaving), cancel)
            } else {
                Ok(0)
            }
        };
        #[cfg(feature = "rayon")]
        if parallel {
            return self
                .words
                .par_chunks(CHUNK_WORDS)
                .enumerate()
                .map(expand)
                .try_reduce(|| 0, |a, b| Ok(a + b));
        }
        self.words.chunks(CHUNK_WORDS).enumerate().map(expand).sum()
    }

    /// Expands the entries coded `current` among `chunk`, whose first word
    /// is word `first_word` of the table, into ranks coded `next` at
    /// `depth`; see [`expand_layer`](LayerTable::expand_layer).
    pub(super) fn expand_chunk<R, W, V, L>(
        &self,
        space: &R,
        (first_word, chunk): (usize, &[AtomicU64]),
        (current, next, depth): (u64, u64, usize),
        (steps, stepped): (Option<&StepMasks>, Option<&W>),
        (visit, leaving): (&V, &L),
        cancel: &CancelHandle,
    ) -> Result<u64, Error>
    where
        R: RankedSpace,
        W: WordSteps,
        V: Fn(u64, usize),
        L: Fn(&[u64]) -> Result<(), Error>,
    {
        // Empty, and never allocated, unless a neighbour leaves the range.
        let mut outside = Vec::new();
        let mut failed = None;
        let send = |rank| {
            outside.push(rank);
            // Sent a batch at a time, so that a chunk whose neighbours all
            // leave holds a batch, not the chunk's worth.
            if outside.len() == LEAVING_BATCH {
                if failed.is_none() {
                    failed = leaving(&outside).err();
                }
                outside.clear();
            }
        };
        let mut marks = Marks::new(self, next, depth, visit, send);
        let mut batch = [0u64; BATCH];
        let mut len = 0;
        let mut cancelled = cancel.is_cancelled();
        self.scan_chunk(first_word, chunk, current, steps, |index, value, layer, residue| {
            if cancelled {
                return;
            }
            append_ranks(layer, self.rank_of(index, 0), &mut batch, &mut len);
            if let Some(steps) = steps {
                marks.mark_steps(index, value, steps.targets(layer, residue));
            }
            // A word adds at most PER_WORD ranks, so flushing here keeps the
            // batch from overflowing.
            if len > BATCH - PER_WORD {
                other_neighbours(space, stepped, &batch[..len], |rank| marks.push(rank));
                len = 0;
                cancelled = cancel.is_cancelled();
            }
        });
        if !cancelled {
            other_neighbours(space, stepped, &batch[..len], |rank| marks.push(rank));
        }
        let found = marks.finish();
        if let Some(error) = failed {
            return Err(error);
        }
        if !outside.is_empty() {
            leaving(&outside)?;
        }
        if cancelled { Err(Error::cancelled()) } else { Ok(found) }
    }

    /// Marks at `depth + 1` the neighbours that `steps` names of the ranks
    /// at `depth`, where they are unseen, a table word at a time, and
    /// returns how many it marked; calls `outside` with each that is
    /// outside the table's range (steps from the first or last ranks of a
    /// slice), for the executor to send to the table that holds it. Call
    /// it after [`begin_layer(depth + 1)`](LayerTable::begin_layer), and
    /// report the rest of the neighbours with
    /// [`WordSteps::other_neighbours_of_all`];
    /// [`expand_layer`](LayerTable::expand_layer) does both.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::dense::LayerTable;
    /// use search_core::space::RankSteps;
    ///
    /// // Ranks in pairs, each stepping to the other.
    /// let steps = RankSteps::new(2, 0b10, 0b01);
    /// let table = LayerTable::new(10..20, 1 << 10)?;
    /// table.mark(10, 0)?;
    /// table.mark(15, 0)?;
    /// table.begin_layer(1);
    /// let mut outside = Vec::new();
    /// assert_eq!(table.mark_steps(0, steps, |rank| outside.push(rank)), 2);
    /// let mut next = Vec::new();
    /// table.for_each_at(1, |rank| next.push(rank));
    /// assert_eq!((next, outside), (vec![11, 14], vec![]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mark_steps(&self, depth: usize, steps: RankSteps, outside: impl FnMut(u64)) -> u64 {
        let Some(steps) = StepMasks::new(steps) else {
            return 0;
        };
        let current = code(depth);
        let ignore = |_, _| {};
        let mut marks = Marks::new(self, code(depth + 1), depth + 1, &ignore, outside);
        for (chunk_index, chunk) in self.chunks_holding(current) {
            let first_word = chunk_index * CHUNK_WORDS;
            let all = Some(&steps);
            self.scan_chunk(first_word, chunk, current, all, |index, value, layer, residue| {
                marks.mark_steps(index, value, steps.targets(layer, residue));
            });
        }
        marks.finish()
    }

    /// Calls `on_word(index, value, layer, residue)` for each word of
    /// `chunk` (whose first word is word `first_word` of the table) that
    /// holds entries coded `current`: its index in the table, its value,
    /// the low bits of those entries, and its first rank's residue modulo
    /// the period of `steps` (0 without steps), for
    /// [`StepMasks::targets`].
    #[inline]
    pub(super) fn scan_chunk(
        &self,
        first_word: usize,
        chunk: &[AtomicU64],
        current: u64,
        steps: Option<&StepMasks>,
        mut on_word: impl FnMut(usize, u64, u64, usize),
    ) {
        let mut residue = steps.map_or(0, |steps| steps.residue_of(self.rank_of(first_word, 0)));
        for (offset, word) in chunk.iter().enumerate() {
            let value = word.load(Ordering::Relaxed);
            let layer = equal_entries(value, current);
            if layer != 0 {
                on_word(first_word + offset, value, layer, residue);
            }
            if let Some(steps) = steps {
                residue = steps.next_residue(residue);
            }
        }
    }
}

/// The neighbours of `ranks` that a table does not mark by steps: those
/// `stepped` leaves out, or all of them when the space names no steps.
fn other_neighbours<R, W, F>(space: &R, stepped: Option<&W>, ranks: &[u64], report: F)
where
    R: RankedSpace,
    W: WordSteps,
    F: FnMut(u64),
{
    match stepped {
        Some(stepped) => stepped.other_neighbours_of_all(ranks, report),
        None => space.neighbours_of_all(ranks, report),
    }
}
