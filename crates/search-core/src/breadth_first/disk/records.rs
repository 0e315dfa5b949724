//! Files of records: states as bytes, each behind its length in LEB128,
//! sorted and without repeats. The sort buffer that makes them from a
//! layer's successors, and the readers and writer that merge them.
//!
//! A file is a table file of the one format of both disk tiers (`disk/files.rs`):
//! its header (kind, layout, description), a body, and the XXH3 checksum
//! of all before it, so that one reader checks the files of both disk
//! tiers. The body is blocks of whole records, each behind its length
//! (4 bytes) and followed by its own checksum (of its number and its
//! bytes), which is checked before any of its records is read: a
//! damaged record is never read as a state. A block of length 0, then
//! the number of records, ends the body: a file cut at a block's end is
//! refused too.

use std::cmp::Ordering;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::files::format::{
    Checksum, Checksummed, TableReader, table_header_len, write_table_header,
};
use integer_encoding::VarInt;

use crate::error::Error;

/// The first bytes of a file of records.
const RECORDS_MAGIC: [u8; 8] = *b"SRCHRECS";
/// The layout of files of records; a file of another is refused.
const RECORDS_VERSION: u32 = 1;
/// What every file of records holds, as its header says.
const RECORDS_DESCRIPTION: &str = "serialized states, sorted";
/// The bytes of a file of records' header.
const RECORDS_HEADER: u64 = table_header_len(RECORDS_DESCRIPTION);

/// The bytes of a block's records: with the reader's 8 KiB buffer, one
/// file's [`IO_BUFFER`]. A record longer than that has a block of its own.
const BLOCK: usize = IO_BUFFER - (8 << 10);

/// The longest record a file may hold: a state of more than 16 MiB
/// serialized is taken for a damaged length.
const LONGEST: u64 = 1 << 24;

/// The bytes read and written so far, for progress reports.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Traffic {
    pub(crate) read: u64,
    pub(crate) written: u64,
}

/// The error of a file that cannot be made, read or written.
pub(crate) fn file_error(path: &Path, doing: &str, error: &std::io::Error) -> Error {
    Error::table_file(path, format!("cannot be {doing}: {error}"))
}

/// Records in memory, filled up to a budget of bytes, then sorted and
/// written out as a run.
///
/// Records of one width of at most 8 bytes (most states: a packed board,
/// a tuple of small numbers) are kept as numbers whose big-endian bytes
/// are the record, so that they sort as integers, 8 bytes each. The first
/// record of another width moves the buffer, for the rest of the run, to
/// bytes one record after another and where each lies.
pub(crate) struct SortBuffer {
    keys: Vec<u64>,
    /// The width of the records in `keys`, once there is one.
    width: Option<usize>,
    bytes: Vec<u8>,
    spans: Vec<(usize, usize)>,
    /// Whether records go to `bytes` and `spans`.
    spanned: bool,
    /// The record being added, as its writer made it.
    scratch: Vec<u8>,
    budget: usize,
}

/// The bytes a record's place in the buffer takes beside its own.
const SPAN_BYTES: usize = std::mem::size_of::<(usize, usize)>();

/// The widest record kept as a number.
const KEY_BYTES: usize = std::mem::size_of::<u64>();

/// `record`, of at most 8 bytes, as a number whose big-endian bytes begin
/// with it: records of one width order as their numbers do.
fn key_of(record: &[u8]) -> u64 {
    let mut padded = [0u8; KEY_BYTES];
    padded[..record.len()].copy_from_slice(record);
    u64::from_be_bytes(padded)
}

/// The order of records, which is their bytes' order; records of at most
/// 8 bytes, most of them, are compared as numbers and lengths, which order
/// as the bytes do (a shorter record padded with zeros ties only with a
/// longer one it begins), without a call to `memcmp`.
#[inline]
fn order(a: &[u8], b: &[u8]) -> Ordering {
    if a.len() <= KEY_BYTES && b.len() <= KEY_BYTES {
        (key_of(a), a.len()).cmp(&(key_of(b), b.len()))
    } else {
        a.cmp(b)
    }
}

impl SortBuffer {
    /// An empty buffer that holds at most `budget` bytes, records and
    /// their places together; it grows as it fills.
    pub(crate) fn new(budget: usize) -> SortBuffer {
        SortBuffer {
            keys: Vec::new(),
            width: None,
            bytes: Vec::new(),
            spans: Vec::new(),
            spanned: false,
            scratch: Vec::new(),
            budget,
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.keys.is_empty() && self.spans.is_empty()
    }

    /// The bytes the buffer holds (its capacity).
    pub(crate) fn held(&self) -> u64 {
        let keys = self.keys.capacity() * KEY_BYTES;
        (keys + self.bytes.capacity() + self.spans.capacity() * SPAN_BYTES) as u64
    }

    /// Adds the record `write` makes, or gives back `false`, the buffer
    /// unchanged, when it has no room for it within its budget: the
    /// caller then sorts and writes out what it holds, and adds the record
    /// again. The buffer grows as it fills, each time fallibly, never past
    /// the budget.
    ///
    /// # Errors
    ///
    /// [`TooLarge`](crate::ErrorKind::TooLarge) when an empty buffer has
    /// no room for the record; when the allocator refuses room the budget
    /// allows; or when `write` fails.
    pub(crate) fn push(
        &mut self,
        write: impl FnOnce(&mut Vec<u8>) -> Result<(), Error>,
    ) -> Result<bool, Error> {
        self.scratch.clear();
        write(&mut self.scratch)?;
        let size = self.scratch.len();
        if !self.spanned {
            if size <= KEY_BYTES && self.width.is_none_or(|width| width == size) {
                return self.push_key();
            }
            self.spanned = true;
            if !self.keys.is_empty() {
                // Written out first, so that the buffer holds one kind.
                return Ok(false);
            }
        }
        if self.keys.capacity() > 0 {
            self.keys = Vec::new();
        }
        let needed = self.bytes.len() + size;
        if needed > self.bytes.capacity() {
            let Some(grown) = grown(self.bytes.capacity(), needed, 1 << 10, self.free()) else {
                return self.full(size + SPAN_BYTES);
            };
            let more = grown - self.bytes.len();
            self.bytes
                .try_reserve_exact(more)
                .map_err(|_| Error::allocation_failed(grown as u64))?;
        }
        if self.spans.len() == self.spans.capacity() {
            let free = self.free() / SPAN_BYTES;
            let Some(grown) = grown(self.spans.capacity(), self.spans.len() + 1, 64, free) else {
                return self.full(size + SPAN_BYTES);
            };
            let more = grown - self.spans.len();
            let bytes = (grown * SPAN_BYTES) as u64;
            self.spans.try_reserve_exact(more).map_err(|_| Error::allocation_failed(bytes))?;
        }
        let start = self.bytes.len();
        self.bytes.extend_from_slice(&self.scratch);
        self.spans.push((start, self.bytes.len()));
        Ok(true)
    }

    /// Adds the record in `scratch` as a number.
    fn push_key(&mut self) -> Result<bool, Error> {
        if self.keys.len() == self.keys.capacity() {
            let free = self.free() / KEY_BYTES;
            let Some(grown) = grown(self.keys.capacity(), self.keys.len() + 1, 1 << 10, free)
            else {
                return self.full(KEY_BYTES);
            };
            let more = grown - self.keys.len();
            let bytes = (grown * KEY_BYTES) as u64;
            self.keys.try_reserve_exact(more).map_err(|_| Error::allocation_failed(bytes))?;
        }
        self.width = Some(self.scratch.len());
        self.keys.push(key_of(&self.scratch));
        Ok(true)
    }

    /// The budget's bytes that the buffer does not hold.
    fn free(&self) -> usize {
        self.budget.saturating_sub(usize::try_from(self.held()).unwrap_or(usize::MAX))
    }

    /// No room for a record that needs `size` bytes: `false`, or an error
    /// for an empty buffer, which no run written out makes room in.
    fn full(&self, size: usize) -> Result<bool, Error> {
        if self.is_empty() {
            Err(Error::too_large(size as u64, self.budget as u64))
        } else {
            Ok(false)
        }
    }

    /// Sorts the records and drops repeats.
    pub(crate) fn sort(&mut self) {
        #[cfg(feature = "rayon")]
        {
            use rayon::slice::ParallelSliceMut;
            self.keys.par_sort_unstable();
        }
        #[cfg(not(feature = "rayon"))]
        self.keys.sort_unstable();
        self.keys.dedup();
        let bytes = &self.bytes;
        let record = |&(start, end): &(usize, usize)| &bytes[start..end];
        self.spans.sort_unstable_by(|a, b| order(record(a), record(b)));
        self.spans.dedup_by(|a, b| record(a) == record(b));
    }

    /// The number of records.
    fn len(&self) -> usize {
        self.keys.len() + self.spans.len()
    }

    /// Record `index` (of the sorted buffer), its bytes written to `key`
    /// when it is kept as a number.
    fn record<'a>(&'a self, index: usize, key: &'a mut [u8; KEY_BYTES]) -> &'a [u8] {
        match self.width {
            Some(width) if !self.keys.is_empty() => {
                *key = self.keys[index].to_be_bytes();
                &key[..width]
            }
            _ => {
                let (start, end) = self.spans[index];
                &self.bytes[start..end]
            }
        }
    }

    /// Writes the sorted records to a new file at `path`, and empties the
    /// buffer.
    pub(crate) fn write_run(&mut self, path: &Path, traffic: &mut Traffic) -> Result<(), Error> {
        let mut out = RecordWriter::create(path)?;
        let mut key = [0; KEY_BYTES];
        for index in 0..self.len() {
            out.write(self.record(index, &mut key))?;
        }
        out.finish(traffic)?;
        self.clear();
        Ok(())
    }

    /// Empties the buffer, keeping its room; records of another width
    /// than the last may be kept as numbers again.
    pub(crate) fn clear(&mut self) {
        self.keys.clear();
        self.width = None;
        self.bytes.clear();
        self.spans.clear();
    }
}

/// The capacity a buffer of `capacity` grows to, to hold `needed`, with
/// `free` more at most: twice as large (at least `least`), but taking at
/// most half of what is free, so that the other buffer can grow too;
/// `None` when `needed` does not fit.
fn grown(capacity: usize, needed: usize, least: usize, free: usize) -> Option<usize> {
    let most = capacity + free;
    let doubled = (capacity * 2).max(least).min(capacity + free / 2);
    (needed <= most).then(|| doubled.max(needed))
}

/// Writes records to a file, a block at a time.
pub(crate) struct RecordWriter {
    out: Checksummed<File>,
    path: PathBuf,
    /// The records of the block being filled, each behind its length.
    block: Vec<u8>,
    /// The blocks written, to number the next.
    blocks: u64,
    written: u64,
    count: u64,
}

/// The checksum of block `number`, whose records are `bytes`: numbered,
/// so that a block moved or repeated is refused too.
fn block_sum(number: u64, bytes: &[u8]) -> u64 {
    let mut sum = Checksum::default();
    sum.update(&number.to_le_bytes());
    sum.update(bytes);
    sum.finish()
}

impl RecordWriter {
    pub(crate) fn create(path: &Path) -> Result<RecordWriter, Error> {
        let file = File::create(path).map_err(|e| file_error(path, "made", &e))?;
        let mut out = Checksummed::new(file);
        write_table_header(&mut out, (RECORDS_MAGIC, RECORDS_VERSION, RECORDS_DESCRIPTION))
            .map_err(|e| file_error(path, "written", &e))?;
        let mut block = Vec::new();
        block.try_reserve_exact(BLOCK).map_err(|_| Error::allocation_failed(BLOCK as u64))?;
        let written = RECORDS_HEADER;
        Ok(RecordWriter { out, path: path.to_owned(), block, blocks: 0, written, count: 0 })
    }

    pub(crate) fn write(&mut self, record: &[u8]) -> Result<(), Error> {
        let mut length = [0u8; 10];
        let used = (record.len() as u64).encode_var(&mut length);
        let size = used + record.len();
        if !self.block.is_empty() && self.block.len() + size > BLOCK {
            self.write_block()?;
        }
        self.block.try_reserve(size).map_err(|_| Error::allocation_failed(size as u64))?;
        self.block.extend_from_slice(&length[..used]);
        self.block.extend_from_slice(record);
        self.count += 1;
        Ok(())
    }

    /// Writes the block being filled, if it holds records: its length,
    /// its records, its checksum.
    fn write_block(&mut self) -> Result<(), Error> {
        if self.block.is_empty() {
            return Ok(());
        }
        // At most a record of `LONGEST` bytes behind its length.
        let length = self.block.len() as u32;
        let sum = block_sum(self.blocks, &self.block);
        let out = &mut self.out;
        out.write_all(&length.to_le_bytes())
            .and_then(|()| out.write_all(&self.block))
            .and_then(|()| out.write_all(&sum.to_le_bytes()))
            .map_err(|e| file_error(&self.path, "written", &e))?;
        self.written += 4 + self.block.len() as u64 + 8;
        self.blocks += 1;
        self.block.clear();
        Ok(())
    }

    /// Ends the file: the last block, the end and the number of records,
    /// the file's checksum. Returns the records written.
    pub(crate) fn finish(mut self, traffic: &mut Traffic) -> Result<u64, Error> {
        self.write_block()?;
        let path = self.path;
        let out = &mut self.out;
        out.write_all(&0u32.to_le_bytes())
            .and_then(|()| out.write_all(&self.count.to_le_bytes()))
            .map_err(|e| file_error(&path, "written", &e))?;
        let (mut file, sum) = self.out.finish();
        file.write_all(&sum.to_le_bytes()).map_err(|e| file_error(&path, "written", &e))?;
        traffic.written += self.written + 4 + 8 + 8;
        Ok(self.count)
    }
}

/// The buffer of each file read or written: 64 KiB.
pub(crate) const IO_BUFFER: usize = 64 << 10;

/// Where records come from in a merge: a file, or a sorted buffer still
/// in memory.
pub(crate) enum Source<'b> {
    File(RecordReader<'b>),
    Memory {
        buffer: &'b SortBuffer,
        next: usize,
        /// The record at `next`, when the buffer keeps it as a number.
        key: [u8; KEY_BYTES],
        width: usize,
    },
}

impl<'b> Source<'b> {
    /// The records of a sorted `buffer`.
    pub(crate) fn memory(buffer: &'b SortBuffer) -> Source<'b> {
        let mut source = Source::Memory { buffer, next: 0, key: [0; KEY_BYTES], width: 0 };
        source.load();
        source
    }

    /// Reads the buffer's record at `next` into `key`, when the buffer
    /// keeps its records as numbers.
    fn load(&mut self) {
        if let Source::Memory { buffer, next, key, width } = self
            && let (Some(&number), Some(kept)) = (buffer.keys.get(*next), buffer.width)
        {
            *key = number.to_be_bytes();
            *width = kept;
        }
    }

    /// The record at the head, if any.
    pub(crate) fn head(&self) -> Option<&[u8]> {
        match self {
            Source::File(reader) => reader.head(),
            Source::Memory { buffer, next, key, width } => {
                if *next >= buffer.len() {
                    None
                } else if buffer.keys.is_empty() {
                    let (start, end) = buffer.spans[*next];
                    Some(&buffer.bytes[start..end])
                } else {
                    Some(&key[..*width])
                }
            }
        }
    }

    /// Moves past the head.
    pub(crate) fn advance(&mut self, traffic: &mut Traffic) -> Result<(), Error> {
        match self {
            Source::File(reader) => reader.advance(traffic),
            Source::Memory { next, .. } => {
                *next += 1;
                self.load();
                Ok(())
            }
        }
    }
}

/// Reads a file of records one at a time, a block at a time, each block
/// checked against its checksum before its records are read.
pub(crate) struct RecordReader<'p> {
    /// The file, until its end is read and checked (boxed: its checksum's
    /// state is large, and merges hold a reader beside a small source).
    input: Option<Box<TableReader<'p>>>,
    path: &'p Path,
    /// The block being read, and where its next record begins.
    block: Vec<u8>,
    at: usize,
    /// The blocks and records read.
    blocks: u64,
    records: u64,
    head: Vec<u8>,
    /// Whether `head` holds a record: false once the file is read.
    full: bool,
    /// The record before `head`, to check that the file is sorted.
    previous: Vec<u8>,
}

impl<'p> RecordReader<'p> {
    /// Opens `path`, its header checked and its first record at the head.
    pub(crate) fn open(path: &'p Path, traffic: &mut Traffic) -> Result<RecordReader<'p>, Error> {
        let kind = "a file of states";
        let input =
            TableReader::open(path, RECORDS_MAGIC, RECORDS_VERSION, kind, RECORDS_DESCRIPTION)?;
        traffic.read += RECORDS_HEADER;
        let mut block = Vec::new();
        block.try_reserve_exact(BLOCK).map_err(|_| Error::allocation_failed(BLOCK as u64))?;
        let mut reader = RecordReader {
            input: Some(Box::new(input)),
            path,
            block,
            at: 0,
            blocks: 0,
            records: 0,
            head: Vec::new(),
            full: false,
            previous: Vec::new(),
        };
        reader.advance(traffic)?;
        Ok(reader)
    }

    pub(crate) fn head(&self) -> Option<&[u8]> {
        self.full.then_some(&self.head[..])
    }

    /// Reads the next record into the head; past the last, the head is
    /// empty.
    ///
    /// # Errors
    ///
    /// A file whose header, block or checksum is not what was written,
    /// that ends early, holds a length past [`LONGEST`], or is not sorted
    /// without repeats, is damaged: a
    /// [`TableFile`](crate::ErrorKind::TableFile) error names it.
    pub(crate) fn advance(&mut self, traffic: &mut Traffic) -> Result<(), Error> {
        std::mem::swap(&mut self.previous, &mut self.head);
        let had = self.full;
        self.full = false;
        if self.at == self.block.len() && !self.next_block(traffic)? {
            return Ok(());
        }
        let (length, prefix) = self.read_length()?;
        if length > LONGEST {
            return Err(self.damaged(&format!("a record of {length} bytes")));
        }
        let start = self.at + prefix;
        // Below `LONGEST`, checked above.
        let end = start + length as usize;
        if end > self.block.len() {
            return Err(self.damaged("a record cut short"));
        }
        self.head.clear();
        self.head.try_reserve(length as usize).map_err(|_| Error::allocation_failed(length))?;
        self.head.extend_from_slice(&self.block[start..end]);
        self.at = end;
        self.records += 1;
        if had && order(&self.previous, &self.head) != Ordering::Less {
            return Err(self.damaged("records out of order"));
        }
        self.full = true;
        Ok(())
    }

    /// Reads the next block and checks it, or the file's end: whether
    /// there was a block.
    fn next_block(&mut self, traffic: &mut Traffic) -> Result<bool, Error> {
        let Some(input) = self.input.as_mut() else { return Ok(false) };
        let mut word = [0u8; 4];
        input.read_exact(&mut word)?;
        let length = u64::from(u32::from_le_bytes(word));
        if length == 0 {
            let count = input.read_u64()?;
            if let Some(input) = self.input.take() {
                input.finish()?;
            }
            traffic.read += 4 + 8 + 8;
            if count != self.records {
                return Err(
                    self.damaged(&format!("it says {count} records, but holds {}", self.records))
                );
            }
            return Ok(false);
        }
        if length > LONGEST + 10 || length > input.length() {
            return Err(self.damaged(&format!("a block of {length} bytes")));
        }
        self.block.clear();
        // Below `LONGEST`, checked above.
        let length = length as usize;
        self.block.try_reserve(length).map_err(|_| Error::allocation_failed(length as u64))?;
        self.block.resize(length, 0);
        input.read_exact(&mut self.block)?;
        let sum = input.read_u64()?;
        if sum != block_sum(self.blocks, &self.block) {
            return Err(self.damaged(&format!("block {} fails its checksum", self.blocks)));
        }
        traffic.read += 4 + length as u64 + 8;
        self.blocks += 1;
        self.at = 0;
        Ok(true)
    }

    /// The length of the record at `at` in the block, and the bytes it
    /// took.
    fn read_length(&self) -> Result<(u64, usize), Error> {
        u64::decode_var(&self.block[self.at..])
            .ok_or_else(|| self.damaged("a length cut short or of more than 64 bits"))
    }

    fn damaged(&self, what: &str) -> Error {
        Error::table_file(self.path, format!("is damaged: {what}"))
    }
}

/// Which source has the smallest head (the first of them, on a tie), if
/// any has a head.
fn smallest(sources: &[Source<'_>]) -> Option<usize> {
    let mut best: Option<(usize, &[u8])> = None;
    for (index, source) in sources.iter().enumerate() {
        if let Some(head) = source.head()
            && best.is_none_or(|(_, least)| order(head, least) == Ordering::Less)
        {
            best = Some((index, head));
        }
    }
    best.map(|(index, _)| index)
}

/// Merges `sources`, each sorted without repeats, into one run at `path`,
/// without repeats.
pub(crate) fn merge_into(
    sources: Vec<Source<'_>>,
    path: &Path,
    traffic: &mut Traffic,
) -> Result<(), Error> {
    merge_subtracting(sources, Vec::new(), path, None, traffic).map(drop)
}

/// Merges `candidates`, each sorted without repeats, into the file at
/// `path`, each record once, leaving out those `known` holds; returns how
/// many it wrote.
/// With `union`, writes there too every record of `known` and of the new
/// layer, in order: `known` then holds a single file.
pub(crate) fn merge_subtracting(
    mut candidates: Vec<Source<'_>>,
    mut known: Vec<RecordReader<'_>>,
    path: &Path,
    union: Option<&Path>,
    traffic: &mut Traffic,
) -> Result<u64, Error> {
    let mut layer = RecordWriter::create(path)?;
    let mut union = union.map(RecordWriter::create).transpose()?;
    let mut record = Vec::new();
    while let Some(least) = smallest(&candidates) {
        record.clear();
        record.extend_from_slice(candidates[least].head().unwrap_or_default());
        for source in &mut candidates {
            if source.head().is_some_and(|head| order(head, &record) == Ordering::Equal) {
                source.advance(traffic)?;
            }
        }
        let mut found = false;
        for file in &mut known {
            while let Some(head) = file.head() {
                match order(head, &record) {
                    Ordering::Less => {
                        if let Some(union) = union.as_mut() {
                            union.write(head)?;
                        }
                        file.advance(traffic)?;
                    }
                    Ordering::Equal => {
                        found = true;
                        break;
                    }
                    Ordering::Greater => break,
                }
            }
        }
        if !found {
            layer.write(&record)?;
            if let Some(union) = union.as_mut() {
                union.write(&record)?;
            }
        }
    }
    if let Some(union) = union.as_mut() {
        for file in &mut known {
            while let Some(head) = file.head() {
                union.write(head)?;
                file.advance(traffic)?;
            }
        }
    }
    if let Some(union) = union {
        union.finish(traffic)?;
    }
    layer.finish(traffic)
}

#[cfg(test)]
mod tests {
    use crate::breadth_first::disk::records::*;
    use crate::error::ErrorKind;

    fn scratch(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("records-{name}-{}", std::process::id()))
    }

    fn write_all(path: &Path, records: &[&[u8]]) {
        let mut out = RecordWriter::create(path).unwrap();
        for record in records {
            out.write(record).unwrap();
        }
        assert_eq!(out.finish(&mut Traffic::default()).unwrap(), records.len() as u64);
    }

    fn read_all(path: &Path) -> Result<Vec<Vec<u8>>, Error> {
        let mut traffic = Traffic::default();
        let mut reader = RecordReader::open(path, &mut traffic)?;
        let mut records = Vec::new();
        while let Some(head) = reader.head() {
            records.push(head.to_vec());
            reader.advance(&mut traffic)?;
        }
        Ok(records)
    }

    fn damage(error: &Error) -> String {
        match error.kind() {
            ErrorKind::TableFile { reason, .. } => reason.clone(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn records_read_back_as_written_and_damage_is_named() {
        let path = scratch("round");
        let long = vec![b'a'; 300];
        write_all(&path, &[b"", b"a", &long, b"ab", b"b"]);
        let read = read_all(&path).unwrap();
        assert_eq!(read, [&b""[..], b"a", &long, b"ab", b"b"]);
        write_all(&path, &[b"b", b"a"]);
        assert_eq!(damage(&read_all(&path).unwrap_err()), "is damaged: records out of order");
        write_all(&path, &[b"a", b"a"]);
        assert_eq!(damage(&read_all(&path).unwrap_err()), "is damaged: records out of order");
        std::fs::write(&path, [0xff; 11]).unwrap();
        assert_eq!(damage(&read_all(&path).unwrap_err()), "is not a file of states");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn every_bit_flipped_and_every_cut_is_refused_by_name() {
        // Three blocks: records of 1 to 3 bytes, then one longer than a
        // block, then more.
        let path = scratch("flips");
        let mut records: Vec<Vec<u8>> = (0u32..20).map(|n| n.to_be_bytes()[1..].to_vec()).collect();
        records.push(vec![b'x'; BLOCK + 5]);
        records.extend((0u8..20).map(|n| vec![b'y', n]));
        let slices: Vec<&[u8]> = records.iter().map(Vec::as_slice).collect();
        write_all(&path, &slices);
        assert_eq!(read_all(&path).unwrap(), records);
        let bytes = std::fs::read(&path).unwrap();
        let refused = |damaged: &[u8], what: &str| {
            std::fs::write(&path, damaged).unwrap();
            let error = read_all(&path).expect_err(what);
            let named = matches!(error.kind(), ErrorKind::TableFile { path: p, .. } if p == &path);
            assert!(named, "{what}: {error}");
        };
        // Every byte of the ends and the first block, one in 101 of the
        // long record's.
        let len = bytes.len();
        let places = (0..len).filter(|&at| at < 300 || at + 300 > len || at % 101 == 0);
        for at in places.clone() {
            for bit in [0, 7] {
                let mut damaged = bytes.clone();
                damaged[at] ^= 1 << bit;
                refused(&damaged, &format!("bit {bit} of byte {at} flipped"));
            }
        }
        for length in places {
            refused(&bytes[..length], &format!("cut to {length} bytes"));
        }
        let mut longer = bytes.clone();
        longer.push(0);
        refused(&longer, "appended to");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_buffer_sorts_drops_repeats_and_fills_within_its_budget() {
        let mut buffer = SortBuffer::new(4 << 10);
        let mut pushed = 0u32;
        let record = |n: u32| {
            move |bytes: &mut Vec<u8>| {
                bytes.extend_from_slice(&(n % 50).to_be_bytes());
                Ok(())
            }
        };
        while buffer.push(record(pushed)).unwrap() {
            pushed += 1;
        }
        assert!(pushed > 150, "{pushed} records of 4 bytes in 4 KiB");
        assert!(buffer.held() <= 4 << 10, "{}", buffer.held());
        buffer.sort();
        let path = scratch("sorted");
        buffer.write_run(&path, &mut Traffic::default()).unwrap();
        assert!(buffer.is_empty());
        let expected: Vec<Vec<u8>> = (0u32..50).map(|n| n.to_be_bytes().to_vec()).collect();
        assert_eq!(read_all(&path).unwrap(), expected);
        std::fs::remove_file(&path).unwrap();
        // A record larger than an empty buffer's budget is refused.
        let error = buffer
            .push(|bytes| {
                bytes.resize(8 << 10, 1);
                Ok(())
            })
            .unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::TooLarge { limit: 4096, .. }), "{error}");
    }

    #[test]
    fn a_record_of_another_width_moves_the_buffer_to_spans_after_a_run() {
        let bytes = |record: &'static [u8]| {
            move |out: &mut Vec<u8>| {
                out.extend_from_slice(record);
                Ok(())
            }
        };
        let mut buffer = SortBuffer::new(4 << 10);
        assert!(buffer.push(bytes(b"bb")).unwrap());
        assert!(buffer.push(bytes(b"ab")).unwrap());
        // Another width: the numbers are written out first.
        assert!(!buffer.push(bytes(b"abcdefghi")).unwrap());
        buffer.sort();
        let (first, second) = (scratch("keys"), scratch("spans"));
        buffer.write_run(&first, &mut Traffic::default()).unwrap();
        assert_eq!(read_all(&first).unwrap(), [b"ab".to_vec(), b"bb".to_vec()]);
        for record in [&b"abcdefghi"[..], b"b", b"ab", b"b", b""] {
            assert!(buffer.push(bytes(record)).unwrap());
        }
        buffer.sort();
        let mut key = [0; KEY_BYTES];
        let held: Vec<Vec<u8>> =
            (0..buffer.len()).map(|i| buffer.record(i, &mut key).to_vec()).collect();
        assert_eq!(held, [&b""[..], b"ab", b"abcdefghi", b"b"]);
        buffer.write_run(&second, &mut Traffic::default()).unwrap();
        let mut traffic = Traffic::default();
        let sources = vec![
            Source::File(RecordReader::open(&first, &mut traffic).unwrap()),
            Source::File(RecordReader::open(&second, &mut traffic).unwrap()),
        ];
        let merged = scratch("both");
        merge_into(sources, &merged, &mut traffic).unwrap();
        let expected: Vec<Vec<u8>> =
            [&b""[..], b"ab", b"abcdefghi", b"b", b"bb"].iter().map(|r| r.to_vec()).collect();
        assert_eq!(read_all(&merged).unwrap(), expected);
        for path in [first, second, merged] {
            std::fs::remove_file(path).unwrap();
        }
    }

    #[test]
    fn records_order_as_their_bytes() {
        let records: Vec<Vec<u8>> = (0u32..600)
            .map(|n| {
                let length = (n * 7 % 11) as usize;
                (0..length).map(|i| [0, 1, 255][(n as usize + i * 5) % 3]).collect()
            })
            .collect();
        for a in &records {
            for b in &records {
                assert_eq!(order(a, b), a.cmp(b), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn runs_merge_into_one_without_repeats() {
        let (a, b, out) = (scratch("a"), scratch("b"), scratch("merged"));
        write_all(&a, &[b"a", b"c", b"e"]);
        write_all(&b, &[b"b", b"c", b"d", b"f"]);
        let mut traffic = Traffic::default();
        let sources = vec![
            Source::File(RecordReader::open(&a, &mut traffic).unwrap()),
            Source::File(RecordReader::open(&b, &mut traffic).unwrap()),
        ];
        merge_into(sources, &out, &mut traffic).unwrap();
        let merged: Vec<Vec<u8>> = read_all(&out).unwrap();
        assert_eq!(merged, [b"a", b"b", b"c", b"d", b"e", b"f"].map(|r| r.to_vec()));
        // Each file: a header of 45 bytes, one block (4 + records + 8),
        // the end (4 + 8) and the checksum (8).
        let file = |records: u64| 45 + 4 + records + 8 + 4 + 8 + 8;
        assert_eq!((traffic.read, traffic.written), (file(6) + file(8), file(12)));
        for path in [a, b, out] {
            std::fs::remove_file(path).unwrap();
        }
    }
}
