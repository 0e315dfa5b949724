//! Breadth-first layers in 2 bits per rank: [`LayerTable`], the table and
//! its layer steps, which [`DenseEnumeration`](crate::dense::DenseEnumeration)
//! drives on one machine and the distributed engine of `search-dist`
//! drives slice by slice; and the word-level helpers they share.

use std::io::{self, Read, Write};
use std::ops::Range;
use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};

#[cfg(feature = "rayon")]
use rayon::prelude::*;

use crate::error::Error;

/// Bits per entry of the table. An entry is [`UNSEEN`], [`DONE`] (expanded
/// in an earlier layer), or one of two layer codes that alternate: the
/// layer being expanded, and the layer being found.
pub(super) const BITS: usize = 2;
pub(super) const PER_WORD: usize = 64 / BITS;
pub(super) const LOW_BITS: u64 = 0x5555_5555_5555_5555;
pub(super) const UNSEEN: u64 = 0;
pub(super) const DONE: u64 = 1;
/// Tables of at most this many words are walked on the calling thread.
#[cfg(feature = "rayon")]
pub(super) const SEQUENTIAL_WORDS: usize = 4 * CHUNK_WORDS;
/// Ranks handed to [`RankedSpace::neighbours_of_all`](crate::space::RankedSpace::neighbours_of_all) at once.
pub(super) const BATCH: usize = 256;
/// Neighbours whose table words are read together before any is marked.
pub(super) const MARK_BATCH: usize = 32;
/// Neighbours outside the table sent to the executor at once.
pub(super) const LEAVING_BATCH: usize = 1 << 15;
/// Words per unit of parallel work: large enough to amortise scheduling,
/// small enough to balance two cores over a small space.
pub(super) const CHUNK_WORDS: usize = 1 << 10;

/// A table of 2 bits for each rank of a range: the breadth-first layer
/// engine that [`DenseEnumeration`](crate::dense::DenseEnumeration) drives, public so that other executors
/// can drive it too.
///
/// Each entry is unseen, in one of the two newest layers, or done (in an
/// older layer). A layer-synchronous search over it is, for each depth:
///
/// 1. [`begin_layer(depth + 1)`](LayerTable::begin_layer), which retires
///    the entries of `depth - 1` so that their code can mark `depth + 1`;
/// 2. for the ranks [`at`](LayerTable::for_each_at) `depth`, their
///    neighbours ([`RankedSpace::neighbours_of_all`](crate::space::RankedSpace::neighbours_of_all));
/// 3. [`mark`](LayerTable::mark) each neighbour at `depth + 1`; the marks
///    that return `true` are the new layer.
///
/// [`expand_layer`](LayerTable::expand_layer) does all three in one pass
/// when every neighbour belongs to this table. An executor that splits the
/// ranks between tables (one slice per worker, [`new`](LayerTable::new)
/// takes any range) does step 2 on its own slice and sends each neighbour
/// to the table whose range holds it.
///
/// Marking is atomic, so one table can be shared by many threads, as long
/// as none marks while a layer [begins](LayerTable::begin_layer).
///
/// # Example
///
/// A ring of 10 ranks walked from rank 0, one step at a time:
///
/// ```
/// use search_core::dense::LayerTable;
/// use search_core::space::RankedSpace;
///
/// struct Ring;
/// impl RankedSpace for Ring {
///     fn rank_count(&self) -> u64 { 10 }
///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
///         report((rank + 1) % 10);
///         report((rank + 9) % 10);
///     }
/// }
///
/// let table = LayerTable::new(0..10, 1 << 20)?;
/// assert!(table.mark(0, 0)?);
/// let mut sizes = vec![1];
/// for depth in 0.. {
///     table.begin_layer(depth + 1);
///     let mut frontier = Vec::new();
///     table.for_each_at(depth, |rank| frontier.push(rank));
///     let mut found = 0;
///     for neighbour in frontier.iter().flat_map(|&r| {
///         let mut next = Vec::new();
///         Ring.neighbours(r, |n| next.push(n));
///         next
///     }) {
///         found += u64::from(table.mark(neighbour, depth + 1)?);
///     }
///     if found == 0 {
///         break;
///     }
///     sizes.push(found);
/// }
/// assert_eq!(sizes, [1, 2, 2, 2, 2, 1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct LayerTable {
    pub(super) words: Vec<AtomicU64>,
    /// For each chunk of [`CHUNK_WORDS`] words, a bit for each layer code
    /// (see [`code_bit`]), set when the chunk may hold an entry of that
    /// code. Scans and retirement pass over the chunks whose bit is clear:
    /// the first and last layers of a large space are thin, and every layer
    /// would otherwise read the whole table twice (the 2x7's 10.9 GB, 108
    /// layers).
    pub(super) chunk_codes: Vec<AtomicU8>,
    pub(super) ranks: Range<u64>,
    /// The deepest layer begun: its code is taken, and the layer two
    /// before it is done.
    pub(super) begun: AtomicUsize,
}

impl LayerTable {
    /// A table for the ranks of `ranks`, all unseen.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge) when the table
    /// would take more than `max_memory` bytes (see
    /// [`memory_needed`](LayerTable::memory_needed)), and
    /// [`ErrorKind::AllocationFailed`](crate::ErrorKind::AllocationFailed)
    /// when the machine cannot give what the limit allows.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::ErrorKind;
    /// use search_core::dense::LayerTable;
    ///
    /// let table = LayerTable::new(1_000..2_000, 1 << 20)?;
    /// assert_eq!(table.ranks(), 1_000..2_000);
    /// assert!(matches!(LayerTable::new(0..1 << 40, 1 << 30).unwrap_err().kind(), ErrorKind::TooLarge { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(ranks: Range<u64>, max_memory: u64) -> Result<LayerTable, Error> {
        let count = ranks.end.saturating_sub(ranks.start);
        let needed = LayerTable::memory_needed(count);
        if needed > max_memory {
            return Err(Error::too_large(needed, max_memory));
        }
        let words = usize::try_from(count.div_ceil(PER_WORD as u64))
            .map_err(|_| Error::too_large(needed, max_memory))?;
        let mut table: Vec<AtomicU64> = Vec::new();
        table.try_reserve_exact(words).map_err(|_| Error::allocation_failed(needed))?;
        table.resize_with(words, || AtomicU64::new(UNSEEN));
        // One byte for every 8 KiB of table, outside the budget above.
        let chunks = words.div_ceil(CHUNK_WORDS);
        let mut chunk_codes: Vec<AtomicU8> = Vec::new();
        chunk_codes.try_reserve_exact(chunks).map_err(|_| Error::allocation_failed(needed))?;
        chunk_codes.resize_with(chunks, || AtomicU8::new(0));
        Ok(LayerTable { words: table, chunk_codes, ranks, begun: AtomicUsize::new(0) })
    }

    /// The bytes a table for `rank_count` ranks takes: 2 bits a rank, the
    /// limit [`new`](LayerTable::new) holds it to. Beside them the table
    /// keeps one byte for each 8 KiB (which layers each part may hold), a
    /// little over 0.01% more.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::dense::LayerTable;
    ///
    /// // The 3x4 sliding puzzle's 239,500,800 boards take about 57 MiB,
    /// // the 2x7's 43,589,145,600 about 10.9 GB.
    /// assert_eq!(LayerTable::memory_needed(239_500_800), 59_875_200);
    /// assert_eq!(LayerTable::memory_needed(43_589_145_600), 10_897_286_400);
    /// ```
    pub fn memory_needed(rank_count: u64) -> u64 {
        rank_count.div_ceil(PER_WORD as u64) * 8
    }

    /// The ranks this table holds.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::dense::LayerTable;
    ///
    /// assert_eq!(LayerTable::new(5..9, 1 << 10)?.ranks(), 5..9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ranks(&self) -> Range<u64> {
        self.ranks.clone()
    }

    /// Whether `rank` is in this table's range.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::dense::LayerTable;
    ///
    /// let table = LayerTable::new(5..9, 1 << 10)?;
    /// assert!(table.holds(5) && !table.holds(9));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn holds(&self, rank: u64) -> bool {
        self.ranks.contains(&rank)
    }

    /// Marks `rank` as found at `depth` if it is unseen; `true` when this
    /// call marked it. The depth must be the one being found, or the start
    /// layer.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::RankOutOfBounds`](crate::ErrorKind::RankOutOfBounds)
    /// when `rank` is outside the table's range.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::dense::LayerTable;
    ///
    /// let table = LayerTable::new(0..100, 1 << 10)?;
    /// assert!(table.mark(42, 0)?);
    /// assert!(!table.mark(42, 0)?);
    /// assert!(table.mark(100, 0).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mark(&self, rank: u64, depth: usize) -> Result<bool, Error> {
        if !self.holds(rank) {
            return Err(Error::rank_out_of_bounds(rank, self.ranks.end));
        }
        Ok(self.mark_offset(self.offset(rank), code(depth)))
    }

    /// Prepares the table to [`mark`](LayerTable::mark) the layer at
    /// `depth`: the entries of `depth - 2`, whose code the new layer takes,
    /// become done. Call it before the first mark at `depth`; a second call
    /// for the same layer, or a call for an older one, does nothing (so an
    /// executor may call it wherever a layer's first mark can come from).
    /// Nothing is done for depths 0 and 1. No mark may run on another
    /// thread while it does: the entries it retires carry the new layer's
    /// code.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::dense::LayerTable;
    ///
    /// let table = LayerTable::new(0..10, 1 << 10)?;
    /// table.mark(0, 0)?;
    /// table.mark(1, 1)?;
    /// table.begin_layer(2);
    /// table.mark(2, 2)?;
    /// // Rank 0 is done; the two newest layers hold one rank each.
    /// let mut newest = Vec::new();
    /// table.for_each_at(1, |rank| newest.push(rank));
    /// table.for_each_at(2, |rank| newest.push(rank));
    /// assert_eq!(newest, [1, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn begin_layer(&self, depth: usize) {
        self.begin_layer_on(depth, false);
    }

    /// As [`begin_layer`](LayerTable::begin_layer), on the current rayon
    /// pool when `parallel`.
    pub(super) fn begin_layer_on(&self, depth: usize, parallel: bool) {
        // A plain load first: an executor calls this for every rank it is
        // sent, and all but the first of a layer find it begun.
        if self.begun.load(Ordering::Relaxed) >= depth
            || self.begun.fetch_max(depth, Ordering::Relaxed) >= depth
        {
            return;
        }
        if depth >= 2 {
            self.retire(code(depth), parallel);
        }
    }

    /// Calls `visit` with each rank of the layer at `depth`, in increasing
    /// order. Only the two newest layers are known; older ranks are done.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::dense::LayerTable;
    ///
    /// let table = LayerTable::new(100..200, 1 << 10)?;
    /// table.mark(150, 0)?;
    /// table.mark(120, 0)?;
    /// let mut ranks = Vec::new();
    /// table.for_each_at(0, |rank| ranks.push(rank));
    /// assert_eq!(ranks, [120, 150]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_each_at(&self, depth: usize, mut visit: impl FnMut(u64)) {
        let layer = code(depth);
        for (chunk_index, chunk) in self.chunks_holding(layer) {
            for (offset, word) in chunk.iter().enumerate() {
                let base = self.rank_of(chunk_index * CHUNK_WORDS + offset, 0);
                for_each_entry(word.load(Ordering::Relaxed), layer, |entry| {
                    visit(base + entry as u64);
                });
            }
        }
    }

    /// How many ranks the layer at `depth` holds.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::dense::LayerTable;
    ///
    /// let table = LayerTable::new(0..1_000, 1 << 10)?;
    /// (0..1_000).step_by(3).try_for_each(|rank| table.mark(rank, 0).map(drop))?;
    /// assert_eq!(table.count_at(0), 334);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_at(&self, depth: usize) -> u64 {
        let layer = code(depth);
        self.chunks_holding(layer)
            .flat_map(|(_, chunk)| chunk)
            .map(|word| u64::from(equal_entries(word.load(Ordering::Relaxed), layer).count_ones()))
            .sum()
    }

    /// Writes the table's entries, 2 bits per rank, little-endian words:
    /// a checkpoint of a search between two layers.
    ///
    /// # Errors
    ///
    /// Whatever `out` returns.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::dense::LayerTable;
    ///
    /// let table = LayerTable::new(0..100, 1 << 10)?;
    /// table.mark(7, 0)?;
    /// let mut bytes = Vec::new();
    /// table.write_entries(&mut bytes)?;
    /// let copy = LayerTable::new(0..100, 1 << 10)?;
    /// copy.read_entries(&mut bytes.as_slice())?;
    /// assert_eq!(copy.count_at(0), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_entries<W: Write>(&self, out: W) -> io::Result<()> {
        self.write_entries_forgetting(out, None)
    }

    /// As [`write_entries`](LayerTable::write_entries), with the entries
    /// coded `forget` written as unseen.
    pub(super) fn write_entries_forgetting<W: Write>(
        &self,
        mut out: W,
        forget: Option<u64>,
    ) -> io::Result<()> {
        let mut buffer = Vec::with_capacity(8 * CHUNK_WORDS);
        for chunk in self.words.chunks(CHUNK_WORDS) {
            buffer.clear();
            for word in chunk {
                let mut word = word.load(Ordering::Relaxed);
                if let Some(code) = forget {
                    word &= !(equal_entries(word, code) * 3);
                }
                buffer.extend_from_slice(&word.to_le_bytes());
            }
            out.write_all(&buffer)?;
        }
        Ok(())
    }

    /// Replaces the table's entries with ones written by
    /// [`write_entries`](LayerTable::write_entries) from a table of the
    /// same range.
    ///
    /// # Errors
    ///
    /// Whatever `input` returns, such as
    /// [`UnexpectedEof`](io::ErrorKind::UnexpectedEof) for a short input.
    ///
    /// # Example
    ///
    /// See [`write_entries`](LayerTable::write_entries).
    pub fn read_entries<R: Read>(&self, mut input: R) -> io::Result<()> {
        let mut buffer = vec![0u8; 8 * CHUNK_WORDS];
        for (chunk, codes) in self.words.chunks(CHUNK_WORDS).zip(&self.chunk_codes) {
            let bytes = &mut buffer[..8 * chunk.len()];
            input.read_exact(bytes)?;
            let mut held = 0;
            for (word, bytes) in chunk.iter().zip(bytes.chunks_exact(8)) {
                let mut le = [0u8; 8];
                le.copy_from_slice(bytes);
                let value = u64::from_le_bytes(le);
                word.store(value, Ordering::Relaxed);
                for layer in [code(0), code(1)] {
                    if equal_entries(value, layer) != 0 {
                        held |= code_bit(layer);
                    }
                }
            }
            codes.store(held, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Makes this a table for `ranks`, reusing its memory, with every
    /// entry unseen when `clear` (else left for
    /// [`read_entries`](LayerTable::read_entries) to fill): the disk tier
    /// moves one table from part to part. `ranks` must take no more words
    /// than the table was made with, so that nothing is allocated.
    pub(super) fn rebase(&mut self, ranks: Range<u64>, clear: bool) {
        let count = ranks.end.saturating_sub(ranks.start);
        // No more words than the table has room for, a usize.
        let words = count.div_ceil(PER_WORD as u64) as usize;
        debug_assert!(words <= self.words.capacity());
        self.words.truncate(words);
        if clear {
            self.words.iter().for_each(|word| word.store(UNSEEN, Ordering::Relaxed));
        }
        self.words.resize_with(words, || AtomicU64::new(UNSEEN));
        let chunks = words.div_ceil(CHUNK_WORDS);
        self.chunk_codes.truncate(chunks);
        self.chunk_codes.iter().for_each(|codes| codes.store(0, Ordering::Relaxed));
        self.chunk_codes.resize_with(chunks, || AtomicU8::new(0));
        self.ranks = ranks;
        self.begun.store(0, Ordering::Relaxed);
    }

    /// The index of `rank`, which is in range, from the table's start.
    pub(super) fn offset(&self, rank: u64) -> usize {
        // Below the range's length, which fits a usize: the table has a
        // word for every 32 of them.
        usize::try_from(rank - self.ranks.start).unwrap_or(usize::MAX)
    }

    /// The rank of entry `entry` of word `word`.
    pub(super) fn rank_of(&self, word: usize, entry: usize) -> u64 {
        self.ranks.start + (word * PER_WORD + entry) as u64
    }

    /// Whether chunk `chunk_index` may hold entries coded `layer`.
    pub(super) fn chunk_holds(&self, chunk_index: usize, layer: u64) -> bool {
        self.chunk_codes[chunk_index].load(Ordering::Relaxed) & code_bit(layer) != 0
    }

    /// The chunks that may hold entries coded `layer`, with their indices.
    pub(super) fn chunks_holding(&self, layer: u64) -> impl Iterator<Item = (usize, &[AtomicU64])> {
        self.words
            .chunks(CHUNK_WORDS)
            .enumerate()
            .filter(move |&(chunk_index, _)| self.chunk_holds(chunk_index, layer))
    }

    /// Marks entry `offset` with `code` if it is unseen; true when this
    /// call marked it.
    pub(super) fn mark_offset(&self, offset: usize, code: u64) -> bool {
        let word = &self.words[offset / PER_WORD];
        let shift = (offset % PER_WORD) * BITS;
        // A plain load first: most neighbours are seen already, and a failed
        // check costs far less than a locked read-modify-write.
        if entry(word.load(Ordering::Relaxed), shift) != UNSEEN {
            return false;
        }
        // Within a layer every writer writes the same code, so a race between
        // two of them leaves the right code, and only the first counts it.
        if entry(word.fetch_or(code << shift, Ordering::Relaxed), shift) != UNSEEN {
            return false;
        }
        self.note_code(offset / PER_WORD, code);
        true
    }

    /// Turns every entry coded `code` into [`DONE`], in the chunks that
    /// may hold one, and clears their bit for the code.
    pub(super) fn retire(&self, code: u64, parallel: bool) {
        let bit = code_bit(code);
        let retire_chunk = |(chunk, codes): (&[AtomicU64], &AtomicU8)| {
            if codes.load(Ordering::Relaxed) & bit == 0 {
                return;
            }
            for word in chunk {
                let value = word.load(Ordering::Relaxed);
                let equal = equal_entries(value, code);
                // A plain store, not a locked read-modify-write: no mark
                // may run while a layer begins (a mark of the new layer
                // would carry the retiring code), so nothing else writes
                // the word. Entries are two bits apart, so the product has
                // no carries. Stored whether or not it changed: a test
                // would be as good as random in a layer's busy chunks.
                word.store(value ^ (equal * (code ^ DONE)), Ordering::Relaxed);
            }
            codes.fetch_and(!bit, Ordering::Relaxed);
        };
        #[cfg(feature = "rayon")]
        if parallel {
            self.words.par_chunks(CHUNK_WORDS).zip(&self.chunk_codes).for_each(retire_chunk);
            return;
        }
        let _ = parallel;
        self.words.chunks(CHUNK_WORDS).zip(&self.chunk_codes).for_each(retire_chunk);
    }

    /// Notes that the chunk of word `index` may hold entries coded `code`.
    #[inline]
    pub(super) fn note_code(&self, index: usize, code: u64) {
        // Read before written: in all but the thinnest layers the chunk has
        // its bit already.
        let codes = &self.chunk_codes[index / CHUNK_WORDS];
        if codes.load(Ordering::Relaxed) & code_bit(code) == 0 {
            codes.fetch_or(code_bit(code), Ordering::Relaxed);
        }
    }
}
/// The table code of the layer at `depth`.
pub(super) fn code(depth: usize) -> u64 {
    2 + (depth % 2) as u64
}

/// A mask with the low bit of each entry of `word` equal to `code` set.
pub(super) fn equal_entries(word: u64, code: u64) -> u64 {
    let differs = word ^ (code * LOW_BITS);
    !(differs | (differs >> 1)) & LOW_BITS
}

/// The bit of a chunk's [`LayerTable::chunk_codes`] for a layer code.
pub(super) fn code_bit(code: u64) -> u8 {
    1 << (code & 1)
}

/// The entry at bit `shift` of a table word.
pub(super) fn entry(word: u64, shift: usize) -> u64 {
    (word >> shift) & 3
}

/// Calls `visit` with the index within `word` of each entry equal to `code`.
pub(super) fn for_each_entry(word: u64, code: u64, visit: impl FnMut(usize)) {
    for_each_bit(equal_entries(word, code), visit);
}

/// Calls `visit` with the index of each entry whose low bit is set in
/// `entries`.
#[inline]
pub(super) fn for_each_bit(entries: u64, mut visit: impl FnMut(usize)) {
    // A loop counted in advance: when `visit` does nothing (a `run`
    // without a visitor), the compiler can see that it ends and drop it,
    // where it keeps a loop that runs until the bits are cleared.
    let mut bits = entries;
    for _ in 0..entries.count_ones() {
        visit(bits.trailing_zeros() as usize / BITS);
        bits &= bits - 1;
    }
}

/// Appends to `batch`, from `len` on, the rank of each entry whose low bit
/// is set in `entries`, `base` being the rank of the word's first entry;
/// `batch` must have room for a word's worth of entries past `len`. Four at
/// a time, whether or not four are left: the entries past the last are
/// written and then left past the new `len`. The loop runs once for up to
/// four entries, and its exit is then predictable, where a loop of one
/// turn an entry mispredicts its exit at almost every word.
#[inline]
pub(super) fn append_ranks(entries: u64, base: u64, batch: &mut [u64; BATCH], len: &mut usize) {
    let count = entries.count_ones() as usize;
    let mut bits = entries;
    let mut written = 0;
    while written < count {
        for slot in &mut batch[*len + written..*len + written + 4] {
            // Past the last entry `bits` is 0: 64 trailing zeros, a rank
            // past the word, written where the next word's ranks go.
            *slot = base + u64::from(bits.trailing_zeros()) / BITS as u64;
            bits &= bits.wrapping_sub(1);
        }
        written += 4;
    }
    *len += count;
}

#[cfg(test)]
mod tests {
    use crate::dense::table::{BATCH, LOW_BITS, PER_WORD, append_ranks, for_each_bit};

    #[test]
    fn appended_ranks_are_the_entries_of_the_word_and_nothing_more() {
        // Every count of entries from none to a full word, at the start of
        // the batch and where a word's worth of room is all that is left.
        let mut pattern = 0x9E37_79B9_7F4A_7C15u64;
        for count in 0..=PER_WORD {
            pattern = pattern.rotate_left(7) ^ 0xD1B5_4A32_D192_ED03;
            let mut entries = 0u64;
            let mut bit = pattern;
            while (entries.count_ones() as usize) < count {
                entries |= 1 << (2 * (bit % PER_WORD as u64));
                bit = bit.rotate_left(5).wrapping_mul(0x2545_F491_4F6C_DD1D);
            }
            assert_eq!(entries & !LOW_BITS, 0);
            for start in [0, 3, BATCH - PER_WORD] {
                let mut batch = [u64::MAX; BATCH];
                let mut len = start;
                append_ranks(entries, 1_000, &mut batch, &mut len);
                let mut expected = Vec::new();
                for_each_bit(entries, |entry| expected.push(1_000 + entry as u64));
                assert_eq!(len, start + count);
                assert_eq!(&batch[start..len], expected.as_slice());
                assert!(batch[..start].iter().all(|&rank| rank == u64::MAX));
            }
        }
    }
}
