//! The disk tier of [`DenseEnumeration`]: its 2-bit table in files, one
//! part in memory at a time, after Korf's two-bit breadth-first search on
//! disk ("Minimizing Disk I/O in Two-Bit Breadth-First Search", AAAI
//! 2008).
//!
//! The ranks are cut into parts of equal length, each a file of a
//! [`LayerTable`]. A pass over the parts, in order, finishes one layer
//! and expands it: each part it loads first takes the marks deferred to
//! it (`pending`), then has its entries of the layer expanded. A
//! neighbour in the part in memory is marked there; one in another part
//! is deferred to it: a part after this one takes it later in the same
//! pass, a part before it at the start of the next. A layer's size is
//! therefore known when the pass that expands it ends, and a pass loads
//! only the parts that hold the layer or wait for marks. At each pass's
//! end a `manifest` names every file the run needs; a file it does not
//! name is removed when the run resumes, and none it names is changed,
//! so a run stopped anywhere goes on from the last finished layer.
//!
//! [`DenseEnumeration`]: crate::dense::DenseEnumeration

mod manifest;
mod pending;
mod writer;

use std::ops::{ControlFlow, Range};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use manifest::{MANIFEST, MAX_PARTS, Manifest, Part, part_name};
use pending::{Pending, Spill, file_length};
use writer::{PART_MAGIC, PART_VERSION, Writer};

use super::pool::Pool;
use super::table::{LayerTable, PER_WORD, code};
use crate::enumeration::Enumeration;
use crate::error::Error;
use crate::files::directory::{check_free_space, claim};
use crate::files::format::{TableReader, sync_file};
use crate::run::context::Run;
use crate::space::ranked::RankedSpace;

/// The lock's file in a run's directory: a second run there is refused
/// while a process holds it.
pub(super) const LOCK: &str = "enumeration.lock";

/// The file in a run's directory of the whole table of a run in memory,
/// saved at a layer's end.
pub(super) const CHECKPOINT: &str = "enumeration.checkpoint";

/// The largest part: marks deferred to a part are 32-bit offsets in it.
const MAX_PART_RANKS: u64 = 1 << 32;

/// Where a [`DenseEnumeration`] keeps its run: the whole table saved
/// now and then when it fits the memory limit, in parts when it does not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Disk {
    pub(super) dir: PathBuf,
    /// The caller's name for the space, kept in every file: the files of
    /// another space's run are refused.
    pub(super) description: String,
    /// The least time between two manifests.
    pub(super) every: Duration,
}

impl Disk {
    /// Whether `dir` holds a run to resume.
    pub(super) fn holds_a_run(&self) -> bool {
        Manifest::exists(&self.dir)
    }
}

/// The ranks in a part when `max_memory` bytes are allowed: a third of them
/// for each of two parts in memory (one expanded, one being written), a
/// whole number of table words, the rest for the marks deferred to other
/// parts.
fn part_ranks(rank_count: u64, max_memory: u64) -> Result<u64, Error> {
    let words = max_memory / 3 / 8;
    if words == 0 {
        // A word for each table, and one for the marks.
        return Err(Error::too_large(24, max_memory));
    }
    Ok((words * PER_WORD as u64).min(MAX_PART_RANKS).min(rank_count.max(1)))
}

/// Runs an enumeration on `threads` threads (all, for `None`) with its
/// table on `disk`; see
/// [`DenseEnumeration::disk`].
pub(super) fn enumerate_on_disk<R, F, V>(
    threads: Option<usize>,
    disk: &Disk,
    resume: bool,
    (space, starts): (&R, &[u64]),
    (on_layer, visit): (&mut F, &V),
    run: &mut Run<'_>,
) -> Result<Enumeration<u64>, Error>
where
    R: RankedSpace,
    F: FnMut(usize, u64) -> ControlFlow<()>,
    V: Fn(u64, usize) + Sync,
{
    let rank_count = space.rank_count();
    let max_memory = run.get_limits().get_max_memory();
    let dir = disk.dir.as_path();
    // Held until the run returns; the system lets it go if it dies.
    let _lock = claim(dir, LOCK, MANIFEST, resume)?;
    let manifest = if resume {
        Manifest::load(dir, &disk.description)?
    } else {
        let part_ranks = part_ranks(rank_count, max_memory)?;
        // A part's bookkeeping is a few dozen bytes: past MAX_PARTS
        // parts, the limit is too small for the space.
        let parts = rank_count.div_ceil(part_ranks);
        if parts > MAX_PARTS {
            let needed = 3 * LayerTable::memory_needed(rank_count.div_ceil(MAX_PARTS));
            return Err(Error::too_large(needed, max_memory));
        }
        let parts = usize::try_from(parts).map_err(|_| Error::too_large(u64::MAX, max_memory))?;
        Manifest {
            rank_count,
            part_ranks,
            layer_sizes: Vec::new(),
            next_found: 0,
            parts: vec![Part::default(); parts],
            spilled: vec![Vec::new(); parts],
            serial: 0,
        }
    };
    if manifest.rank_count != rank_count {
        return Err(Error::table_file(
            &dir.join(MANIFEST),
            format!("is of a space of {} ranks, not {rank_count}", manifest.rank_count),
        ));
    }
    remove_unnamed(dir, &manifest);
    // Every part is written by the time the run ends; those written
    // already count.
    let written: u64 = (manifest.parts.iter().enumerate())
        .filter_map(|(index, part)| part.written.map(|pass| dir.join(part_name(index, pass))))
        .map(|path| file_length(&path))
        .sum();
    let table = LayerTable::memory_needed(rank_count).saturating_sub(written);
    check_free_space(dir, table, "the table")?;
    let mut tier = Tier::new(threads, disk, manifest, max_memory, run)?;
    if !resume {
        tier.pending.defer(starts, 0)?;
    }
    let layers = tier.run(space, on_layer, visit, run)?;
    // Layers cut at the depth bound keep their files, to go on from with
    // more depth.
    if layers.is_complete() {
        tier.remove_all();
    }
    Ok(layers)
}

/// A disk-tier run: the table of the part in memory, every part's state,
/// the deferred marks.
struct Tier<'d> {
    disk: &'d Disk,
    table: LayerTable,
    writer: Writer,
    part_ranks: u64,
    rank_count: u64,
    parts: Vec<Part>,
    /// The pass of each part's file that the last manifest names.
    committed: Vec<Option<usize>>,
    pending: Pending,
    /// Files of marks taken since the last manifest, removed once a
    /// manifest no longer names them.
    taken: Vec<Spill>,
    /// The files of marks the last manifest names.
    committed_spills: Vec<String>,
    /// When the last manifest was written, or the run began.
    committed_at: Instant,
    /// When this process began the run.
    began: Instant,
    layer_sizes: Vec<u64>,
    next_found: u64,
    pool: Pool,
    /// Bytes of part files read.
    read: u64,
    /// The bytes of memory the run holds.
    bytes: u64,
}

impl<'d> Tier<'d> {
    fn new(
        threads: Option<usize>,
        disk: &'d Disk,
        manifest: Manifest,
        max_memory: u64,
        run: &mut Run<'_>,
    ) -> Result<Tier<'d>, Error> {
        let part_bytes = LayerTable::memory_needed(manifest.part_ranks);
        // A resumed run's parts are as the first run cut them: its two
        // tables must fit the limit given, which the error names.
        if 2 * part_bytes > max_memory {
            return Err(Error::too_large(2 * part_bytes, max_memory));
        }
        let marks_budget = max_memory.saturating_sub(2 * part_bytes) / 2;
        let table = LayerTable::new(0..manifest.part_ranks, max_memory / 2)?;
        let writer = Writer::new(
            &disk.description,
            LayerTable::new(0..manifest.part_ranks, max_memory / 2)?,
        );
        let bytes = 2 * part_bytes + marks_budget;
        run.meter_mut().charge(bytes)?;
        let pool = Pool::new(threads, table.words.len())?;
        let parts = manifest.parts.len();
        let began = Instant::now();
        let ranks = (manifest.part_ranks, manifest.rank_count);
        let mut pending = Pending::new(&disk.dir, &disk.description, ranks, parts, marks_budget)?;
        let committed_spills = manifest.spill_names();
        pending.restore(manifest.spilled, manifest.serial);
        Ok(Tier {
            disk,
            table,
            writer,
            part_ranks: manifest.part_ranks,
            rank_count: manifest.rank_count,
            committed: manifest.parts.iter().map(|part| part.written).collect(),
            committed_spills,
            committed_at: began,
            began,
            parts: manifest.parts,
            pending,
            taken: Vec::new(),
            layer_sizes: manifest.layer_sizes,
            next_found: manifest.next_found,
            pool,
            read: 0,
            bytes,
        })
    }

    /// The layers, from those the manifest restored on.
    fn run<R, F, V>(
        &mut self,
        space: &R,
        on_layer: &mut F,
        visit: &V,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<u64>, Error>
    where
        R: RankedSpace,
        F: FnMut(usize, u64) -> ControlFlow<()>,
        V: Fn(u64, usize) + Sync,
    {
        let limits = run.get_limits();
        let (mut stopped, mut cut) = (false, false);
        for (depth, &size) in self.layer_sizes.iter().enumerate() {
            run.count_stored(size);
            self.report(run, depth)?;
            stopped = on_layer(depth, size).is_break();
            if stopped {
                break;
            }
        }
        let mut depth = self.layer_sizes.len();
        while !stopped {
            if self.next_found == 0 {
                // The layer, if any, is all in deferred marks: take them
                // before any part begins the layer after, which would
                // retire the one before, so that the last layer stays
                // whole when this one turns out empty.
                if !self.pending.any_waits(depth) {
                    break;
                }
                self.next_found = self.finish_layer(depth, visit, run)?;
                if self.next_found == 0 {
                    break;
                }
            }
            if depth > 0 && !limits.allows_depth(depth) {
                // The bound given, which a resumed run may be past already:
                // its layers are more than the bound allows.
                let bound = limits.get_max_depth().unwrap_or(depth - 1);
                if depth - 1 > bound {
                    return Err(Error::resumed_past_depth(depth - 1, bound));
                }
                cut = true;
                break;
            }
            let (size, next_found) = self.pass(space, depth, visit, run)?;
            self.layer_sizes.push(size);
            self.next_found = next_found;
            run.count_stored(size);
            run.count_expanded(size);
            run.count_frontier(usize::try_from(size).unwrap_or(usize::MAX));
            if self.manifest_due() {
                self.commit()?;
            }
            self.report(run, depth)?;
            stopped = on_layer(depth, size).is_break();
            depth += 1;
        }
        self.writer.finish()?;
        let mut deepest = Vec::new();
        if let Some(radius) = self.layer_sizes.len().checked_sub(1) {
            for index in 0..self.parts.len() {
                if self.parts[index].holds(radius) {
                    self.load(index)?;
                    self.table.for_each_at(radius, |rank| deepest.push(rank));
                }
            }
        }
        let layer_sizes = self.layer_sizes.clone();
        Ok(Enumeration::ended(layer_sizes, deepest, !cut))
    }

    /// Whether a manifest is due at a layer's end: once the time since the
    /// last is `every`, or as long as the run had run before it, whichever
    /// is less. The first is written at the first layer's end, and the
    /// gaps double up to `every`: a run stopped anywhere loses at most
    /// `every`, and at most about half of the work this process did, for
    /// a few manifests more (each syncs what the layers since the last
    /// wrote, and writes the marks in memory to files).
    fn manifest_due(&self) -> bool {
        let now = Instant::now();
        let since = now.duration_since(self.committed_at);
        since >= self.disk.every.min(now.duration_since(self.began))
    }

    /// Takes the marks deferred at `depth` in every part that waits for
    /// some, without expanding: the size of the layer they make.
    fn finish_layer<V: Fn(u64, usize) + Sync>(
        &mut self,
        depth: usize,
        visit: &V,
        run: &Run<'_>,
    ) -> Result<u64, Error> {
        let mut found = 0;
        for index in 0..self.parts.len() {
            if !self.pending.waits(index, depth) {
                continue;
            }
            run.check_cancelled()?;
            self.load(index)?;
            found += self.take(index, depth, visit)?;
            self.save(index, depth)?;
        }
        Ok(found)
    }

    /// Finishes the layer at `depth` and expands it, part by part: its
    /// size, and the ranks of the next layer marked so far.
    fn pass<R, V>(
        &mut self,
        space: &R,
        depth: usize,
        visit: &V,
        run: &Run<'_>,
    ) -> Result<(u64, u64), Error>
    where
        R: RankedSpace,
        V: Fn(u64, usize) + Sync,
    {
        let (mut size, mut next_found) = (self.next_found, 0);
        let cancel = run.cancel_handle();
        for index in 0..self.parts.len() {
            let waits = self.pending.waits(index, depth) || self.pending.waits(index, depth + 1);
            if !waits && !self.parts[index].holds(depth) {
                continue;
            }
            run.check_cancelled()?;
            self.load(index)?;
            size += self.take(index, depth, visit)?;
            next_found += self.take(index, depth + 1, visit)?;
            if self.parts[index].holds(depth) {
                let pending = Mutex::new(&mut self.pending);
                let leaving = |ranks: &[u64]| {
                    pending.lock().unwrap_or_else(PoisonError::into_inner).defer(ranks, depth + 1)
                };
                let table = &self.table;
                let found = self.pool.run(|parallel| {
                    table.expand_layer_sending(space, depth, visit, parallel, &cancel, &leaving)
                })?;
                self.parts[index].counts[(depth + 1) % 2] += found;
                next_found += found;
            }
            self.save(index, depth)?;
        }
        Ok((size, next_found))
    }

    /// Marks in the part in memory, number `index`, the ranks deferred to
    /// it at `depth`, having begun that layer in it: how many were new.
    fn take<V: Fn(u64, usize) + Sync>(
        &mut self,
        index: usize,
        depth: usize,
        visit: &V,
    ) -> Result<u64, Error> {
        self.advance(index, depth);
        let (table, pool) = (&self.table, &self.pool);
        let mut found = 0;
        let taken = self.pending.take(index, depth, |offsets| {
            found += pool.run(|parallel| mark_all(table, offsets, depth, visit, parallel));
        })?;
        self.taken.extend(taken);
        self.parts[index].counts[depth % 2] += found;
        Ok(found)
    }

    /// Begins the layer at `depth` in part `index`, which is in memory.
    fn advance(&mut self, index: usize, depth: usize) {
        let part = &mut self.parts[index];
        if depth <= part.begun {
            return;
        }
        let table = &self.table;
        if depth == part.begun + 1 {
            self.pool.run(|parallel| table.begin_layer_on(depth, parallel));
            part.counts[depth % 2] = 0;
        } else {
            // The part sat out layers: both its newest are older than the
            // one before `depth`, and done.
            self.pool.run(|parallel| {
                table.retire(code(depth), parallel);
                table.retire(code(depth + 1), parallel);
            });
            table.begun.store(depth, Ordering::Relaxed);
            part.counts = [0, 0];
        }
        part.begun = depth;
    }

    /// The ranks of part `index`.
    fn ranks_of(&self, index: usize) -> Range<u64> {
        let start = index as u64 * self.part_ranks;
        start..(start + self.part_ranks).min(self.rank_count)
    }

    /// Reads part `index` into the table.
    fn load(&mut self, index: usize) -> Result<(), Error> {
        if self.writer.writing(index) {
            self.writer.finish()?;
        }
        let ranks = self.ranks_of(index);
        let part = self.parts[index];
        let Some(pass) = part.written else {
            self.table.rebase(ranks, true);
            return Ok(());
        };
        self.table.rebase(ranks.clone(), false);
        let path = self.disk.dir.join(part_name(index, pass));
        let mut input = TableReader::open(
            &path,
            PART_MAGIC,
            PART_VERSION,
            "a part file",
            &self.disk.description,
        )?;
        let header = (input.read_u64()?, input.read_u64()?, input.read_u64()?);
        if header != (index as u64, ranks.start, ranks.end) {
            let (found, start, end) = header;
            return Err(input.fail(format!(
                "holds part {found}, ranks {start}..{end}, not part {index}, ranks {}..{}",
                ranks.start, ranks.end
            )));
        }
        let table = &self.table;
        input.read_with(|body| table.read_entries(body))?;
        input.finish()?;
        self.table.begun.store(part.begun, Ordering::Relaxed);
        self.read += file_length(&path);
        Ok(())
    }

    /// Starts writing the table, part `index`, to a new file for pass
    /// `pass`, and takes the other table; the file it replaces stays while
    /// a manifest names it.
    fn save(&mut self, index: usize, pass: usize) -> Result<(), Error> {
        let path = self.disk.dir.join(part_name(index, pass));
        self.writer.write(&mut self.table, index, path)?;
        let part = &mut self.parts[index];
        if let Some(replaced) = part.written
            && replaced != pass
            && Some(replaced) != self.committed[index]
        {
            let _ = std::fs::remove_file(self.disk.dir.join(part_name(index, replaced)));
        }
        part.written = Some(pass);
        Ok(())
    }

    /// Writes the manifest of what is finished, the files it names synced
    /// first, then removes the files it no longer names.
    fn commit(&mut self) -> Result<(), Error> {
        self.writer.finish()?;
        self.pending.spill_all()?;
        let (spilled, serial) = self.pending.files();
        let dir = &self.disk.dir;
        for (index, part) in self.parts.iter().enumerate() {
            if let Some(pass) = part.written
                && part.written != self.committed[index]
            {
                sync_file(&dir.join(part_name(index, pass)))?;
            }
        }
        for spill in spilled.iter().flatten() {
            if !self.committed_spills.contains(&spill.name) {
                sync_file(&dir.join(&spill.name))?;
            }
        }
        let manifest = Manifest {
            rank_count: self.rank_count,
            part_ranks: self.part_ranks,
            layer_sizes: self.layer_sizes.clone(),
            next_found: self.next_found,
            parts: self.parts.clone(),
            spilled: spilled.to_vec(),
            serial,
        };
        manifest.save(&self.disk.dir, &self.disk.description)?;
        for (index, part) in self.parts.iter().enumerate() {
            if let Some(old) = self.committed[index]
                && part.written != Some(old)
            {
                let _ = std::fs::remove_file(self.disk.dir.join(part_name(index, old)));
            }
            self.committed[index] = part.written;
        }
        for spill in self.taken.drain(..) {
            let _ = std::fs::remove_file(self.disk.dir.join(&spill.name));
        }
        self.committed_spills = manifest.spill_names();
        self.committed_at = Instant::now();
        Ok(())
    }

    /// Tells the run's observer of the layer at `depth`.
    fn report(&self, run: &mut Run<'_>, depth: usize) -> Result<(), Error> {
        let read = self.read + self.pending.read;
        let written = self.writer.written + self.pending.written;
        run.report_disk(depth, self.bytes, read, written)
    }

    /// Removes every file of the run: it is finished.
    fn remove_all(&self) {
        let dir = &self.disk.dir;
        for (index, part) in self.parts.iter().enumerate() {
            for pass in [part.written, self.committed[index]].into_iter().flatten() {
                let _ = std::fs::remove_file(dir.join(part_name(index, pass)));
            }
        }
        let (spilled, _) = self.pending.files();
        for spill in spilled.iter().flatten().chain(&self.taken) {
            let _ = std::fs::remove_file(dir.join(&spill.name));
        }
        let _ = std::fs::remove_file(dir.join(MANIFEST));
    }
}

/// Marks `offsets` of `table` at `depth` where they are unseen, calling
/// `visit` with each rank marked, on the current rayon pool when
/// `parallel`: how many it marked.
fn mark_all<V: Fn(u64, usize) + Sync>(
    table: &LayerTable,
    offsets: &[u32],
    depth: usize,
    visit: &V,
    parallel: bool,
) -> u64 {
    let (first, layer) = (table.ranks.start, code(depth));
    let mark = |offsets: &[u32]| {
        let mut found = 0;
        for &offset in offsets {
            if table.mark_offset(offset as usize, layer) {
                visit(first + u64::from(offset), depth);
                found += 1;
            }
        }
        found
    };
    #[cfg(feature = "rayon")]
    if parallel {
        use rayon::prelude::*;
        return offsets.par_chunks(MARK_CHUNK).map(mark).sum();
    }
    let _ = parallel;
    mark(offsets)
}

/// Deferred marks per unit of parallel work.
#[cfg(feature = "rayon")]
const MARK_CHUNK: usize = 1 << 14;

/// Removes the part files and files of marks in `dir` that `manifest`
/// does not name: a stopped pass's.
fn remove_unnamed(dir: &Path, manifest: &Manifest) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut named = manifest.spill_names();
    let parts = manifest.parts.iter().enumerate();
    named.extend(parts.filter_map(|(index, part)| part.written.map(|pass| part_name(index, pass))));
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours = name.starts_with("part-") || name.starts_with("marks-");
        // A temporary file too: one run at a time uses the directory.
        if ours && !named.contains(&name) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}
