//! The neighbours found while expanding part of a [`LayerTable`], marked
//! in batches, and a space's [`RankSteps`] as masks over a table word, so
//! that steps of one rank are marked a word at a time.

use std::sync::atomic::Ordering;

use super::table::{
    BITS, LayerTable, MARK_BATCH, PER_WORD, UNSEEN, entry, equal_entries, for_each_bit,
};
use crate::space::ranked::RankSteps;

/// The neighbours found while expanding part of a [`LayerTable`], marked
/// in batches; those outside the table's range go to `outside`.
pub(super) struct Marks<'a, V, O> {
    table: &'a LayerTable,
    next: u64,
    depth: usize,
    visit: &'a V,
    outside: O,
    found: u64,
    pending: [u64; MARK_BATCH],
    len: usize,
}

impl<'a, V: Fn(u64, usize), O: FnMut(u64)> Marks<'a, V, O> {
    pub(super) fn new(
        table: &'a LayerTable,
        next: u64,
        depth: usize,
        visit: &'a V,
        outside: O,
    ) -> Marks<'a, V, O> {
        Marks { table, next, depth, visit, outside, found: 0, pending: [0; MARK_BATCH], len: 0 }
    }

    /// Adds `rank` to the batch, marking the batch when it is full.
    #[inline]
    pub(super) fn push(&mut self, rank: u64) {
        self.pending[self.len] = rank;
        self.len += 1;
        if self.len == MARK_BATCH {
            self.mark_pending();
        }
    }

    /// Marks the batch.
    pub(super) fn mark_pending(&mut self) {
        let table = self.table;
        let (first, range_len) = (table.ranks.start, table.ranks.end - table.ranks.start);
        let pending = &self.pending[..self.len];
        // Read every word first: the reads do not depend on one another,
        // so the processor overlaps their cache misses, where testing each
        // before reading the next would wait for each.
        let mut words = [0u64; MARK_BATCH];
        let mut offsets = [0u64; MARK_BATCH];
        for ((word, offset), &rank) in words.iter_mut().zip(&mut offsets).zip(pending) {
            // Past the range, a rank below its start wraps to a large
            // offset: one comparison checks both ends.
            *offset = rank.wrapping_sub(first);
            if *offset < range_len {
                *word = table.words[*offset as usize / PER_WORD].load(Ordering::Relaxed);
            }
        }
        for ((&word, &offset), &rank) in words.iter().zip(&offsets).zip(pending) {
            if offset >= range_len {
                (self.outside)(rank);
            } else if entry(word, (offset as usize % PER_WORD) * BITS) == UNSEEN
                && table.mark_offset(offset as usize, self.next)
            {
                (self.visit)(rank, self.depth);
                self.found += 1;
            }
        }
        self.len = 0;
    }

    /// Marks `targets`, step neighbours of the entries of word `index`
    /// (which held `value` when scanned), where they are unseen.
    #[inline]
    pub(super) fn mark_steps(&mut self, index: usize, value: u64, targets: StepTargets) {
        let table = self.table;
        let base = table.rank_of(index, 0);
        // The steps that leave the word go the way of any other neighbour.
        if targets.below {
            self.push(base.wrapping_sub(1));
        }
        if targets.above {
            self.push(base + PER_WORD as u64);
        }
        let mut within = targets.within;
        // A last word that the range ends inside: a step past the end is
        // out of bounds, reported by the same path.
        let beyond = table.ranks.end - base;
        if beyond < PER_WORD as u64 {
            let inside = (1u64 << (BITS as u64 * beyond)) - 1;
            for_each_bit(within & !inside, |entry| self.push(base + entry as u64));
            within &= inside;
        }
        // Entries only go from unseen to the new layer's code while a
        // layer is expanded, so one unseen when the word was scanned is
        // unseen or newly marked now, and or-ing the code into it is right
        // either way; the word as it was before tells which this call
        // marked.
        let unseen = within & equal_entries(value, UNSEEN);
        if unseen == 0 {
            return;
        }
        let before = table.words[index].fetch_or(unseen * self.next, Ordering::Relaxed);
        let marked = unseen & equal_entries(before, UNSEEN);
        if marked != 0 {
            table.note_code(index, self.next);
            self.found += u64::from(marked.count_ones());
            for_each_bit(marked, |entry| (self.visit)(base + entry as u64, self.depth));
        }
    }

    /// Marks what is left in the batch; the number of ranks marked.
    pub(super) fn finish(mut self) -> u64 {
        self.mark_pending();
        self.found
    }
}

/// A space's [`RankSteps`] as masks over a table word: for each residue of
/// a word's first rank modulo the period, the entries (their low bits)
/// that step down and up.
pub(super) struct StepMasks {
    period: u64,
    /// How far the residue moves from one word to the next.
    stride: usize,
    down: [u64; 64],
    up: [u64; 64],
}

/// Where the step neighbours of a word's entries are.
#[derive(Clone, Copy)]
pub(super) struct StepTargets {
    /// Entries of the same word, their low bits set.
    within: u64,
    /// Whether the first entry steps down, into the word before.
    below: bool,
    /// Whether the last entry steps up, into the word after.
    above: bool,
}

impl StepMasks {
    /// The masks of `steps`, or `None` when it names none.
    pub(super) fn new(steps: RankSteps) -> Option<StepMasks> {
        if steps.is_none() {
            return None;
        }
        let period = u64::from(steps.period());
        let mut masks = StepMasks {
            period,
            stride: PER_WORD % steps.period() as usize,
            down: [0; 64],
            up: [0; 64],
        };
        for residue in 0..period {
            for entry in 0..PER_WORD as u64 {
                let rank = residue + entry;
                if steps.steps_down(rank) {
                    masks.down[residue as usize] |= 1 << (BITS as u64 * entry);
                }
                if steps.steps_up(rank) {
                    masks.up[residue as usize] |= 1 << (BITS as u64 * entry);
                }
            }
        }
        Some(masks)
    }

    /// The residue of `rank`, a word's first.
    pub(super) fn residue_of(&self, rank: u64) -> usize {
        // Below the period, at most 64.
        (rank % self.period) as usize
    }

    /// The residue of the word after one whose first rank has `residue`.
    #[inline]
    pub(super) fn next_residue(&self, residue: usize) -> usize {
        let next = residue + self.stride;
        if next as u64 >= self.period { next - self.period as usize } else { next }
    }

    /// The step neighbours of the entries `layer` (low bits) of a word
    /// whose first rank has `residue`.
    #[inline]
    pub(super) fn targets(&self, layer: u64, residue: usize) -> StepTargets {
        let down = layer & self.down[residue];
        let up = layer & self.up[residue];
        let last = 1 << (BITS * (PER_WORD - 1));
        StepTargets {
            within: (down >> BITS) | (up << BITS),
            below: down & 1 != 0,
            above: up & last != 0,
        }
    }
}
