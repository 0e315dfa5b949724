//! Files of records: states as bytes, each behind its length in LEB128,
//! sorted and without repeats. The sort buffer that makes them from a
//! layer's successors, and the readers and writer that merge them.

use std::cmp::Ordering;
use std::fs::File;
use std::io::{BufReader, BufWriter, ErrorKind as IoErrorKind, Read, Write};
use std::path::{Path, PathBuf};

use crate::error::Error;

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

/// Records in memory: their bytes one after another, and where each
/// lies. Filled up to a budget of bytes, then sorted and written out as
/// a run.
pub(crate) struct SortBuffer {
    bytes: Vec<u8>,
    spans: Vec<(usize, usize)>,
    budget: usize,
}

/// The bytes a record's place in the buffer takes beside its own.
const SPAN_BYTES: usize = std::mem::size_of::<(usize, usize)>();

impl SortBuffer {
    /// An empty buffer that holds at most `budget` bytes, records and
    /// their places together; it grows as it fills.
    pub(crate) fn new(budget: usize) -> SortBuffer {
        SortBuffer { bytes: Vec::new(), spans: Vec::new(), budget }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The bytes the buffer holds (its capacity).
    pub(crate) fn held(&self) -> u64 {
        (self.bytes.capacity() + self.spans.capacity() * SPAN_BYTES) as u64
    }

    /// Adds a record of `size` bytes, which `write` appends to the
    /// buffer's bytes, or gives back `false`, the buffer unchanged, when it
    /// has no room for it within its budget: the caller then sorts and
    /// writes out what it holds, and adds the record again. The buffer
    /// grows as it fills, each time fallibly, its bytes and places
    /// together never past the budget.
    ///
    /// # Errors
    ///
    /// [`TooLarge`](crate::ErrorKind::TooLarge) when an empty buffer has
    /// no room for the record; when the allocator refuses room the budget
    /// allows; or when `write` fails.
    pub(crate) fn push(
        &mut self,
        size: usize,
        write: impl FnOnce(&mut Vec<u8>) -> Result<(), Error>,
    ) -> Result<bool, Error> {
        let needed = self.bytes.len() + size;
        if needed > self.bytes.capacity() {
            let Some(grown) = grown(self.bytes.capacity(), needed, 1 << 10, self.free()) else {
                return self.full(size);
            };
            let more = grown - self.bytes.len();
            self.bytes
                .try_reserve_exact(more)
                .map_err(|_| Error::allocation_failed(grown as u64))?;
        }
        if self.spans.len() == self.spans.capacity() {
            let free = self.free() / SPAN_BYTES;
            let Some(grown) = grown(self.spans.capacity(), self.spans.len() + 1, 64, free) else {
                return self.full(size);
            };
            let more = grown - self.spans.len();
            let bytes = (grown * SPAN_BYTES) as u64;
            self.spans.try_reserve_exact(more).map_err(|_| Error::allocation_failed(bytes))?;
        }
        let start = self.bytes.len();
        write(&mut self.bytes)?;
        self.spans.push((start, self.bytes.len()));
        Ok(true)
    }

    /// The budget's bytes that neither the records nor their places take.
    fn free(&self) -> usize {
        self.budget.saturating_sub(self.bytes.capacity() + self.spans.capacity() * SPAN_BYTES)
    }

    /// No room for a record of `size` bytes: `false`, or an error for an
    /// empty buffer, which no run written out makes room in.
    fn full(&self, size: usize) -> Result<bool, Error> {
        if self.spans.is_empty() {
            Err(Error::too_large((size + SPAN_BYTES) as u64, self.budget as u64))
        } else {
            Ok(false)
        }
    }

    /// Sorts the records and drops repeats.
    pub(crate) fn sort(&mut self) {
        let bytes = &self.bytes;
        let record = |&(start, end): &(usize, usize)| &bytes[start..end];
        self.spans.sort_unstable_by(|a, b| record(a).cmp(record(b)));
        self.spans.dedup_by(|a, b| record(a) == record(b));
    }

    /// Writes the sorted records to a new file at `path`, and empties the
    /// buffer.
    pub(crate) fn write_run(&mut self, path: &Path, traffic: &mut Traffic) -> Result<(), Error> {
        let mut out = RecordWriter::create(path)?;
        for &(start, end) in &self.spans {
            out.write(&self.bytes[start..end])?;
        }
        out.finish(traffic)?;
        self.clear();
        Ok(())
    }

    pub(crate) fn clear(&mut self) {
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

/// Writes records to a file.
pub(crate) struct RecordWriter {
    out: BufWriter<File>,
    path: PathBuf,
    written: u64,
    count: u64,
}

impl RecordWriter {
    pub(crate) fn create(path: &Path) -> Result<RecordWriter, Error> {
        let file = File::create(path).map_err(|e| file_error(path, "made", &e))?;
        Ok(RecordWriter {
            out: BufWriter::with_capacity(IO_BUFFER, file),
            path: path.to_owned(),
            written: 0,
            count: 0,
        })
    }

    pub(crate) fn write(&mut self, record: &[u8]) -> Result<(), Error> {
        let mut length = [0u8; 10];
        let mut value = record.len() as u64;
        let mut used = 0;
        loop {
            let low = (value & 0x7f) as u8;
            value >>= 7;
            length[used] = if value == 0 { low } else { low | 0x80 };
            used += 1;
            if value == 0 {
                break;
            }
        }
        let written = self.out.write_all(&length[..used]).and_then(|()| self.out.write_all(record));
        written.map_err(|e| file_error(&self.path, "written", &e))?;
        self.written += (used + record.len()) as u64;
        self.count += 1;
        Ok(())
    }

    /// Flushes the file; the records written.
    pub(crate) fn finish(mut self, traffic: &mut Traffic) -> Result<u64, Error> {
        self.out.flush().map_err(|e| file_error(&self.path, "written", &e))?;
        traffic.written += self.written;
        Ok(self.count)
    }
}

/// The buffer of each file read or written: 64 KiB.
pub(crate) const IO_BUFFER: usize = 64 << 10;

/// Where records come from in a merge: a file, or a sorted buffer still
/// in memory.
pub(crate) enum Source<'b> {
    File(RecordReader),
    Memory { buffer: &'b SortBuffer, next: usize },
}

impl Source<'_> {
    /// The record at the head, if any.
    pub(crate) fn head(&self) -> Option<&[u8]> {
        match self {
            Source::File(reader) => reader.head(),
            Source::Memory { buffer, next } => {
                buffer.spans.get(*next).map(|&(start, end)| &buffer.bytes[start..end])
            }
        }
    }

    /// Moves past the head.
    pub(crate) fn advance(&mut self, traffic: &mut Traffic) -> Result<(), Error> {
        match self {
            Source::File(reader) => reader.advance(traffic),
            Source::Memory { next, .. } => {
                *next += 1;
                Ok(())
            }
        }
    }
}

/// Reads a file of records one at a time.
pub(crate) struct RecordReader {
    input: BufReader<File>,
    path: PathBuf,
    head: Vec<u8>,
    /// Whether `head` holds a record: false once the file is read.
    full: bool,
    /// The record before `head`, to check that the file is sorted.
    previous: Vec<u8>,
}

impl RecordReader {
    /// Opens `path`, its first record at the head.
    pub(crate) fn open(path: &Path, traffic: &mut Traffic) -> Result<RecordReader, Error> {
        let file = File::open(path).map_err(|e| file_error(path, "read", &e))?;
        let mut reader = RecordReader {
            input: BufReader::with_capacity(IO_BUFFER, file),
            path: path.to_owned(),
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
    /// A file that ends inside a record, holds a length past
    /// [`LONGEST`], or is not sorted without repeats, is damaged: a
    /// [`TableFile`](crate::ErrorKind::TableFile) error names it.
    pub(crate) fn advance(&mut self, traffic: &mut Traffic) -> Result<(), Error> {
        std::mem::swap(&mut self.previous, &mut self.head);
        let had = self.full;
        self.full = false;
        let Some((length, prefix)) = self.read_length()? else { return Ok(()) };
        if length > LONGEST {
            return Err(self.damaged(&format!("a record of {length} bytes")));
        }
        self.head.clear();
        self.head.try_reserve(length as usize).map_err(|_| Error::allocation_failed(length))?;
        self.head.resize(length as usize, 0);
        match self.input.read_exact(&mut self.head) {
            Ok(()) => {}
            Err(e) if e.kind() == IoErrorKind::UnexpectedEof => {
                return Err(self.damaged("a record cut short"));
            }
            Err(e) => return Err(file_error(&self.path, "read", &e)),
        }
        traffic.read += prefix + length;
        if had && self.previous.as_slice().cmp(&self.head) != Ordering::Less {
            return Err(self.damaged("records out of order"));
        }
        self.full = true;
        Ok(())
    }

    /// The next length and the bytes it took, or `None` at the end of the
    /// file.
    fn read_length(&mut self) -> Result<Option<(u64, u64)>, Error> {
        let mut value = 0u64;
        for shift in (0..64u32).step_by(7) {
            let mut byte = [0u8];
            match self.input.read_exact(&mut byte) {
                Ok(()) => {}
                Err(e) if e.kind() == IoErrorKind::UnexpectedEof && shift == 0 => return Ok(None),
                Err(e) if e.kind() == IoErrorKind::UnexpectedEof => {
                    return Err(self.damaged("a length cut short"));
                }
                Err(e) => return Err(file_error(&self.path, "read", &e)),
            }
            value |= u64::from(byte[0] & 0x7f) << shift;
            if byte[0] & 0x80 == 0 {
                return Ok(Some((value, u64::from(shift / 7 + 1))));
            }
        }
        Err(self.damaged("a length of more than 64 bits"))
    }

    fn damaged(&self, what: &str) -> Error {
        Error::table_file(&self.path, format!("is damaged: {what}"))
    }
}

/// The sources' smallest head, if any source has one, and which sources
/// hold it.
pub(crate) fn smallest(sources: &[Source<'_>]) -> Option<usize> {
    let mut best: Option<(usize, &[u8])> = None;
    for (index, source) in sources.iter().enumerate() {
        if let Some(head) = source.head()
            && best.is_none_or(|(_, least)| head < least)
        {
            best = Some((index, head));
        }
    }
    best.map(|(index, _)| index)
}

/// Merges `sources`, each sorted without repeats, into one run at `path`,
/// without repeats.
pub(crate) fn merge_into(
    mut sources: Vec<Source<'_>>,
    path: &Path,
    traffic: &mut Traffic,
) -> Result<(), Error> {
    let mut out = RecordWriter::create(path)?;
    let mut record = Vec::new();
    while let Some(least) = smallest(&sources) {
        record.clear();
        record.extend_from_slice(sources[least].head().unwrap_or_default());
        out.write(&record)?;
        for source in &mut sources {
            if source.head() == Some(&record[..]) {
                source.advance(traffic)?;
            }
        }
    }
    out.finish(traffic).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;
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
        // Cut inside the long record, whose length takes two bytes.
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..10]).unwrap();
        let error = read_all(&path).unwrap_err();
        assert_eq!(damage(&error), "is damaged: a record cut short");
        assert!(matches!(error.kind(), ErrorKind::TableFile { path: named, .. } if named == &path));
        write_all(&path, &[b"b", b"a"]);
        assert_eq!(damage(&read_all(&path).unwrap_err()), "is damaged: records out of order");
        write_all(&path, &[b"a", b"a"]);
        assert_eq!(damage(&read_all(&path).unwrap_err()), "is damaged: records out of order");
        std::fs::write(&path, [0xff; 11]).unwrap();
        assert!(damage(&read_all(&path).unwrap_err()).starts_with("is damaged: a length"));
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
        while buffer.push(4, record(pushed)).unwrap() {
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
        let error = buffer.push(8 << 10, |_| Ok(())).unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::TooLarge { limit: 4096, .. }), "{error}");
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
        assert_eq!((traffic.read, traffic.written), (14, 12));
        for path in [a, b, out] {
            std::fs::remove_file(path).unwrap();
        }
    }
}
