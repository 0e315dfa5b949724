//! [`Pending`]: the marks a disk-tier pass defers, neighbours that fall in
//! a part other than the one in memory. They are kept per part and depth
//! as offsets within the part, in memory up to a budget, and past it in a
//! file for each part and depth: sorted runs of differences,
//! LEB128-coded, appended as the budget fills, closed with a checksum when
//! the part takes them or a manifest is to name the file.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use integer_encoding::VarInt;

use crate::error::Error;
use crate::files::format::{Checksummed, TableReader, write_table_header};
use crate::run::memory::bytes_of;

/// The first bytes of a file of deferred marks.
const MARKS_MAGIC: [u8; 8] = *b"SRCHMARK";
/// The layout of mark files; a file of another is refused.
const MARKS_VERSION: u32 = 1;

/// Marks sent to one part's buffer at a time, before the budget is looked
/// at again.
const ROUTE_BATCH: usize = 1 << 12;

/// What ends the runs of a file of marks, where a run's count would be.
const END_OF_RUNS: u64 = u64::MAX;

/// A closed file of deferred marks: sorted runs for one part at one depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Spill {
    pub(super) depth: usize,
    /// The file's name in the disk directory.
    pub(super) name: String,
    pub(super) marks: u64,
}

/// The deferred marks of every part of a disk-tier table.
#[derive(Debug)]
pub(super) struct Pending {
    dir: PathBuf,
    description: String,
    part_ranks: u64,
    rank_count: u64,
    /// Per part, the marks in memory by the parity of their depth: a part
    /// waits for marks of at most two depths, the one its next visit
    /// expands and the one after.
    memory: Vec<[Buffer; 2]>,
    /// Per part, by the parity of their depth, the files of marks being
    /// appended to.
    open: Vec<[Option<OpenSpill>; 2]>,
    /// Per part, the closed files of marks it waits for.
    spilled: Vec<Vec<Spill>>,
    /// Bytes the buffers in `memory` hold.
    held: u64,
    budget: u64,
    /// The number of the next file written.
    serial: u64,
    /// Bytes of mark files written and read.
    pub(super) written: u64,
    pub(super) read: u64,
}

/// One part's marks of one depth, in memory.
#[derive(Debug, Default)]
struct Buffer {
    depth: usize,
    offsets: Vec<u32>,
}

/// A file of marks of one part and depth, open for more runs.
#[derive(Debug)]
struct OpenSpill {
    spill: Spill,
    out: Checksummed<File>,
}

impl Pending {
    /// No marks for `parts` parts of `part_ranks` ranks each (the last may
    /// be shorter, ending at `rank_count`), buffered in at most `budget`
    /// bytes of memory, spilled to files in `dir` past it.
    pub(super) fn new(
        dir: &Path,
        description: &str,
        (part_ranks, rank_count): (u64, u64),
        parts: usize,
        budget: u64,
    ) -> Result<Pending, Error> {
        let mut memory = Vec::new();
        memory.try_reserve_exact(parts).map_err(|_| Error::allocation_failed(parts as u64))?;
        memory.resize_with(parts, Default::default);
        let mut spilled = Vec::new();
        spilled.try_reserve_exact(parts).map_err(|_| Error::allocation_failed(parts as u64))?;
        spilled.resize_with(parts, Vec::new);
        let mut open = Vec::new();
        open.try_reserve_exact(parts).map_err(|_| Error::allocation_failed(parts as u64))?;
        open.resize_with(parts, Default::default);
        Ok(Pending {
            dir: dir.to_path_buf(),
            description: description.to_string(),
            part_ranks,
            rank_count,
            memory,
            open,
            spilled,
            held: 0,
            budget,
            serial: 0,
            written: 0,
            read: 0,
        })
    }

    /// Restores the files of marks a finished pass left, and the number to
    /// give the next file.
    pub(super) fn restore(&mut self, spilled: Vec<Vec<Spill>>, serial: u64) {
        self.spilled = spilled;
        self.serial = serial;
    }

    /// The files of marks each part waits for, and the number of the next
    /// file: what a manifest keeps. Call [`spill_all`](Pending::spill_all)
    /// first, so that no mark is only in memory and every file is closed.
    pub(super) fn files(&self) -> (&[Vec<Spill>], u64) {
        (&self.spilled, self.serial)
    }

    /// Defers `ranks`, found at `depth`, to the parts that hold them.
    ///
    /// # Errors
    ///
    /// A rank past the space's count, a buffer the machine cannot grow, a
    /// file of marks that cannot be written.
    pub(super) fn defer(&mut self, ranks: &[u64], depth: usize) -> Result<(), Error> {
        for batch in ranks.chunks(ROUTE_BATCH) {
            for &rank in batch {
                if rank >= self.rank_count {
                    return Err(Error::rank_out_of_bounds(rank, self.rank_count));
                }
                // Below the part count, which is a usize; the offset is
                // below `part_ranks`, at most 2^32.
                let part = (rank / self.part_ranks) as usize;
                let offset = (rank % self.part_ranks) as u32;
                let buffer = &mut self.memory[part][depth % 2];
                debug_assert!(buffer.offsets.is_empty() || buffer.depth == depth);
                buffer.depth = depth;
                if buffer.offsets.len() == buffer.offsets.capacity() {
                    let before = bytes_of::<u32>(buffer.offsets.capacity());
                    let more = buffer.offsets.capacity().max(64);
                    buffer
                        .offsets
                        .try_reserve(more)
                        .map_err(|_| Error::allocation_failed(bytes_of::<u32>(more)))?;
                    self.held += bytes_of::<u32>(buffer.offsets.capacity()) - before;
                }
                buffer.offsets.push(offset);
            }
            if self.held > self.budget {
                self.spill_largest()?;
            }
        }
        Ok(())
    }

    /// Whether part `part` waits for marks of `depth`.
    pub(super) fn waits(&self, part: usize, depth: usize) -> bool {
        let buffer = &self.memory[part][depth % 2];
        let open = &self.open[part][depth % 2];
        (!buffer.offsets.is_empty() && buffer.depth == depth)
            || open.as_ref().is_some_and(|open| open.spill.depth == depth)
            || self.spilled[part].iter().any(|spill| spill.depth == depth)
    }

    /// Whether any part waits for marks of `depth`.
    pub(super) fn any_waits(&self, depth: usize) -> bool {
        (0..self.memory.len()).any(|part| self.waits(part, depth))
    }

    /// Calls `mark` with the offsets part `part` waits for at `depth`, a
    /// slice at a time, and forgets them; returns the files they were read
    /// from, for the caller to remove once no manifest names them.
    ///
    /// # Errors
    ///
    /// A file of marks that cannot be read or is damaged, after the marks
    /// read from it before the damage was found.
    pub(super) fn take(
        &mut self,
        part: usize,
        depth: usize,
        mut mark: impl FnMut(&[u32]),
    ) -> Result<Vec<Spill>, Error> {
        let buffer = &mut self.memory[part][depth % 2];
        if buffer.depth == depth && !buffer.offsets.is_empty() {
            // In order, the table is written front to back.
            mark(&self.take_sorted(part, depth % 2));
        }
        if self.open[part][depth % 2].as_ref().is_some_and(|open| open.spill.depth == depth) {
            self.close(part, depth % 2)?;
        }
        let (taken, kept) = std::mem::take(&mut self.spilled[part])
            .into_iter()
            .partition(|spill: &Spill| spill.depth == depth);
        self.spilled[part] = kept;
        for spill in &taken {
            self.read += self.read_spill(part, spill, &mut mark)?;
        }
        Ok(taken)
    }

    /// Writes every buffer to files, so that the marks survive the
    /// process.
    ///
    /// # Errors
    ///
    /// A file that cannot be written.
    pub(super) fn spill_all(&mut self) -> Result<(), Error> {
        for part in 0..self.memory.len() {
            for parity in 0..2 {
                self.spill(part, parity)?;
                self.close(part, parity)?;
            }
        }
        Ok(())
    }

    /// Spills the largest buffers until at most half the budget is held,
    /// so that the next spill is a budget's worth of marks away.
    fn spill_largest(&mut self) -> Result<(), Error> {
        let mut sizes: Vec<(usize, usize, usize)> = Vec::new();
        let buffers = self.memory.iter().flatten().filter(|buffer| !buffer.offsets.is_empty());
        let count = buffers.count();
        sizes.try_reserve_exact(count).map_err(|_| Error::allocation_failed(24 * count as u64))?;
        for (part, buffers) in self.memory.iter().enumerate() {
            for (parity, buffer) in buffers.iter().enumerate() {
                if !buffer.offsets.is_empty() {
                    sizes.push((buffer.offsets.capacity(), part, parity));
                }
            }
        }
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        for (_, part, parity) in sizes {
            if self.held <= self.budget / 2 {
                break;
            }
            self.spill(part, parity)?;
        }
        Ok(())
    }

    /// Appends the buffer of `part` for depth parity `parity`, sorted and
    /// without repeats, to its file of marks as a run, and frees it.
    fn spill(&mut self, part: usize, parity: usize) -> Result<(), Error> {
        let buffer = &mut self.memory[part][parity];
        if buffer.offsets.is_empty() {
            return Ok(());
        }
        let depth = buffer.depth;
        let mut offsets = self.take_sorted(part, parity);
        offsets.dedup();
        if self.open[part][parity].is_none() {
            self.open[part][parity] = Some(self.create(part, depth)?);
        }
        let Some(open) = &mut self.open[part][parity] else { unreachable!("just opened") };
        let path = self.dir.join(&open.spill.name);
        // The run's count and the length of its differences, then the
        // differences, coded a piece at a time into a buffer of a fixed
        // size: a run's whole coding would be memory past the budget,
        // asked of the allocator just when marks are many.
        let mut previous = 0u32;
        let length: u64 = offsets
            .iter()
            .map(|&offset| {
                let gap = offset - previous;
                previous = offset;
                gap.required_space() as u64
            })
            .sum();
        let count = offsets.len() as u64;
        let mut coded = Vec::new();
        coded
            .try_reserve_exact(SPILL_BUFFER)
            .map_err(|_| Error::allocation_failed(SPILL_BUFFER as u64))?;
        coded.extend_from_slice(&count.to_le_bytes());
        coded.extend_from_slice(&length.to_le_bytes());
        let mut previous = 0u32;
        for &offset in &offsets {
            if coded.len() + 5 > SPILL_BUFFER {
                open.out.write_all(&coded).map_err(|e| cannot_write(&path, &e))?;
                coded.clear();
            }
            let mut gap = [0u8; 5];
            let used = (offset - previous).encode_var(&mut gap);
            coded.extend_from_slice(&gap[..used]);
            previous = offset;
        }
        open.out.write_all(&coded).map_err(|e| cannot_write(&path, &e))?;
        open.spill.marks += count;
        self.written += 16 + length;
        Ok(())
    }

    /// The buffer of `part` for depth parity `parity`, sorted, taken out
    /// of memory.
    fn take_sorted(&mut self, part: usize, parity: usize) -> Vec<u32> {
        let mut offsets = std::mem::take(&mut self.memory[part][parity].offsets);
        self.held -= bytes_of::<u32>(offsets.capacity());
        #[cfg(feature = "rayon")]
        rayon::slice::ParallelSliceMut::par_sort_unstable(offsets.as_mut_slice());
        #[cfg(not(feature = "rayon"))]
        offsets.sort_unstable();
        offsets
    }

    /// A new file of marks for `part` at `depth`, its header written.
    fn create(&mut self, part: usize, depth: usize) -> Result<OpenSpill, Error> {
        let name = format!("marks-{part}-{}", self.serial);
        self.serial += 1;
        let path = self.dir.join(&name);
        let file = File::create(&path).map_err(|e| cannot_write(&path, &e))?;
        let mut out = Checksummed::new(file);
        let header = (MARKS_MAGIC, MARKS_VERSION, self.description.as_str());
        write_table_header(&mut out, header)
            .and_then(|()| out.write_all(&(part as u64).to_le_bytes()))
            .and_then(|()| out.write_all(&(depth as u64).to_le_bytes()))
            .map_err(|e| cannot_write(&path, &e))?;
        Ok(OpenSpill { spill: Spill { depth, name, marks: 0 }, out })
    }

    /// Ends the open file of marks of `part` for depth parity `parity`, if
    /// any, with its checksum; it is then a file the part waits for.
    fn close(&mut self, part: usize, parity: usize) -> Result<(), Error> {
        let Some(mut open) = self.open[part][parity].take() else { return Ok(()) };
        let path = self.dir.join(&open.spill.name);
        open.out.write_all(&END_OF_RUNS.to_le_bytes()).map_err(|e| cannot_write(&path, &e))?;
        let (mut file, sum) = open.out.finish();
        file.write_all(&sum.to_le_bytes()).map_err(|e| cannot_write(&path, &e))?;
        self.written += 8 + 8;
        self.spilled[part].push(open.spill);
        Ok(())
    }

    /// Reads the file `spill` of part `part`, calling `mark` with its
    /// offsets, a slice at a time; the bytes read.
    fn read_spill(
        &self,
        part: usize,
        spill: &Spill,
        mut mark: impl FnMut(&[u32]),
    ) -> Result<u64, Error> {
        let path = self.dir.join(&spill.name);
        let kind = "a file of deferred marks";
        let mut input =
            TableReader::open(&path, MARKS_MAGIC, MARKS_VERSION, kind, &self.description)?;
        let (found_part, found_depth) = (input.read_u64()?, input.read_u64()?);
        if (found_part, found_depth) != (part as u64, spill.depth as u64) {
            return Err(input.fail(format!(
                "holds marks of part {found_part} at depth {found_depth}, not of part {part} at \
                 depth {}: it is another run's",
                spill.depth
            )));
        }
        let (limit, mut marks) = (self.part_ranks, 0u64);
        let mut bytes = Vec::new();
        loop {
            let count = input.read_u64()?;
            if count == END_OF_RUNS {
                break;
            }
            let length = input.read_u64()?;
            if count > limit || length > input.length() {
                return Err(input
                    .fail(format!("has a run of {count} marks in {length} bytes: it is damaged")));
            }
            // Below the file's length, checked above.
            bytes.clear();
            bytes.try_reserve(length as usize).map_err(|_| Error::allocation_failed(length))?;
            bytes.resize(length as usize, 0);
            input.read_exact(&mut bytes)?;
            if !decode_offsets(&bytes, count, limit, &mut mark)? {
                return Err(input.fail(format!(
                    "has a run that is not {count} marks in {length} bytes: it is damaged"
                )));
            }
            marks += count;
        }
        input.finish()?;
        if marks != spill.marks {
            return Err(marks_miscounted(&path, marks, spill.marks));
        }
        Ok(file_length(&path))
    }
}

/// The error of a file of marks that holds another number of them than the
/// manifest says.
fn marks_miscounted(path: &Path, found: u64, expected: u64) -> Error {
    Error::table_file(path, format!("holds {found} marks, not {expected}: it is another run's"))
}

/// The error of a file of marks that cannot be written.
fn cannot_write(path: &Path, error: &io::Error) -> Error {
    Error::table_file(path, format!("cannot be written: {error}"))
}

/// The bytes of the buffer that codes a run of marks for its file.
const SPILL_BUFFER: usize = 64 << 10;

/// Offsets decoded from a file before they are marked.
const DECODED: usize = 1 << 16;

/// Decodes `bytes`, `count` offsets below `limit` coded as differences,
/// calling `mark` with them, [`DECODED`] at a time; false when the bytes
/// are not that, an error when the allocator refuses the buffer.
fn decode_offsets(
    bytes: &[u8],
    count: u64,
    limit: u64,
    mut mark: impl FnMut(&[u32]),
) -> Result<bool, Error> {
    let mut decoded = Vec::new();
    if decoded.try_reserve_exact(DECODED.min(usize::try_from(count).unwrap_or(DECODED))).is_err() {
        return Err(Error::allocation_failed(bytes_of::<u32>(DECODED)));
    }
    let (mut offset, mut decoded_count) = (0u64, 0u64);
    let mut rest = bytes;
    while !rest.is_empty() {
        // A gap is below 2^32: a longer one, or one cut short, is damage.
        let Some((gap, used)) = u32::decode_var(rest) else {
            return Ok(false);
        };
        rest = &rest[used..];
        offset += u64::from(gap);
        if offset >= limit || decoded_count == count {
            return Ok(false);
        }
        // Below `limit`, at most 2^32.
        decoded.push(offset as u32);
        decoded_count += 1;
        if decoded.len() == DECODED {
            mark(&decoded);
            decoded.clear();
        }
    }
    if !decoded.is_empty() {
        mark(&decoded);
    }
    Ok(decoded_count == count)
}

/// The length of the file at `path`, or 0 when it cannot be read: for the
/// byte counts of progress reports only.
pub(super) fn file_length(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |metadata| metadata.len())
}

#[cfg(test)]
mod tests {
    use crate::dense::disk::pending::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("pending-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    }

    #[test]
    fn marks_come_back_whole_from_memory_and_from_files() {
        let dir = scratch("whole");
        // Three parts of 1,000 ranks; a budget of 1 KiB spills often.
        let mut pending = Pending::new(&dir, "test", (1_000, 2_500), 3, 1 << 10).expect("pending");
        let ranks: Vec<u64> = (0..20_000u64).map(|i| (i * 7_919) % 2_500).collect();
        pending.defer(&ranks, 4).expect("deferred");
        pending.defer(&[2_499, 0], 5).expect("deferred");
        assert!(pending.written > 0, "nothing spilled");
        assert!(pending.waits(1, 4) && pending.waits(2, 5) && !pending.waits(1, 5));
        for part in 0..3 {
            let mut got = Vec::new();
            pending
                .take(part, 4, |offsets| got.extend(offsets.iter().map(|&o| u64::from(o))))
                .expect("taken");
            got.sort_unstable();
            got.dedup();
            let mut expected: Vec<u64> = ranks
                .iter()
                .filter(|&&rank| rank / 1_000 == part as u64)
                .map(|&rank| rank % 1_000)
                .collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(got, expected, "part {part}");
            assert!(!pending.waits(part, 4));
        }
        let mut last = Vec::new();
        pending.take(2, 5, |offsets| last.extend_from_slice(offsets)).expect("taken");
        assert_eq!(last, [499]);
        assert!(pending.any_waits(5) && !pending.any_waits(4));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn ranks_past_the_space_and_damaged_files_are_refused() {
        let dir = scratch("damaged");
        let mut pending = Pending::new(&dir, "test", (100, 200), 2, 0).expect("pending");
        let error = pending.defer(&[200], 1).unwrap_err();
        assert_eq!(error.to_string(), Error::rank_out_of_bounds(200, 200).to_string());
        pending.defer(&[150, 160, 170], 1).expect("spilled at once");
        pending.spill_all().expect("closed");
        let (files, _) = pending.files();
        let path = dir.join(&files[1][0].name);
        let mut bytes = std::fs::read(&path).expect("the file");
        let last = bytes.len() - 9;
        bytes[last] ^= 1;
        std::fs::write(&path, bytes).expect("damaged");
        let error = pending.take(1, 1, |_| {}).unwrap_err();
        assert!(error.to_string().contains("marks-1-"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
