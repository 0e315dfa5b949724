//! [`Writer`]: a part's table written on a thread of its own, while the
//! calling thread reads and expands the next part with a second table.

use std::path::PathBuf;
use std::thread::JoinHandle;

use super::pending::file_length;
use crate::dense::table::LayerTable;
use crate::error::Error;
use crate::files::format::{Durability, write_table_file_with};

/// The first bytes of a part file.
pub(super) const PART_MAGIC: [u8; 8] = *b"SRCHPART";
/// The layout of part files; a file of another is refused.
pub(super) const PART_VERSION: u32 = 1;

/// A write in flight: the part's index, and the thread that gives its
/// table back with the bytes written.
type InFlight = (usize, JoinHandle<Result<(LayerTable, u64), Error>>);

/// Writes part files one at a time, each on a thread of its own, and
/// keeps the second table the run swaps with the one being written.
pub(super) struct Writer {
    description: String,
    in_flight: Option<InFlight>,
    spare: Option<LayerTable>,
    /// Bytes of part files written.
    pub(super) written: u64,
}

impl Writer {
    /// A writer of files of `description`'s run, with `spare`, a table as
    /// large as the run's, to swap.
    pub(super) fn new(description: &str, spare: LayerTable) -> Writer {
        Writer {
            description: description.to_string(),
            in_flight: None,
            spare: Some(spare),
            written: 0,
        }
    }

    /// Starts writing `table`, part `index`, to `path`, once the write
    /// before has ended, and leaves in `table` the other table, to load
    /// the next part into.
    ///
    /// # Errors
    ///
    /// The error of the write before, or a thread that cannot be started.
    pub(super) fn write(
        &mut self,
        table: &mut LayerTable,
        index: usize,
        path: PathBuf,
    ) -> Result<(), Error> {
        self.finish()?;
        let Some(mut free) = self.spare.take() else {
            unreachable!("a finished writer holds its spare table")
        };
        std::mem::swap(table, &mut free);
        let description = self.description.clone();
        let write = move || {
            let ranks = free.ranks();
            let header = (PART_MAGIC, PART_VERSION, description.as_str());
            // Synced only when a manifest is to name it: most part files
            // are replaced before then.
            write_table_file_with(&path, header, Durability::Unsynced, |out| {
                out.write_all(&(index as u64).to_le_bytes())?;
                out.write_all(&ranks.start.to_le_bytes())?;
                out.write_all(&ranks.end.to_le_bytes())?;
                free.write_entries(out)
            })?;
            Ok((free, file_length(&path)))
        };
        let thread = std::thread::Builder::new().name("part writer".into()).spawn(write);
        let thread =
            thread.map_err(|e| Error::space_failed(format!("cannot start a thread: {e}")))?;
        self.in_flight = Some((index, thread));
        Ok(())
    }

    /// Whether part `index` is being written.
    pub(super) fn writing(&self, index: usize) -> bool {
        self.in_flight.as_ref().is_some_and(|(writing, _)| *writing == index)
    }

    /// Waits for the write in flight, if any.
    ///
    /// # Errors
    ///
    /// Its error: the file could not be written.
    pub(super) fn finish(&mut self) -> Result<(), Error> {
        let Some((_, thread)) = self.in_flight.take() else { return Ok(()) };
        match thread.join() {
            Ok(written) => {
                let (table, bytes) = written?;
                self.spare = Some(table);
                self.written += bytes;
                Ok(())
            }
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
}
