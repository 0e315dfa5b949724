//! A [`LayerTable`] saved at a layer's end and read back to resume: the
//! table-file format of `files`, with the rank range and the layer sizes
//! in its header.

use std::path::Path;
use std::sync::atomic::Ordering;

use super::table::{LayerTable, code};
use crate::error::Error;
use crate::files::format::{TableReader, write_layer_sizes, write_table_file};

/// The first bytes of a checkpoint file.
pub(super) const CHECKPOINT_MAGIC: &[u8; 8] = b"SRCHLAYR";
/// The layout of checkpoint files; a file of another is refused.
pub(super) const CHECKPOINT_VERSION: u32 = 2;

impl LayerTable {
    /// Saves the table and the sizes of the layers it holds to `path`: a
    /// header (magic, layout version, `description`, the rank range, the
    /// layer sizes), the entries, a checksum. Written to a temporary file,
    /// synced, then renamed over `path`, so that `path` is always whole: a
    /// checkpoint between two layers.
    ///
    /// The file holds the layers `layer_sizes` counts. When the layer after
    /// them is begun already (in a distributed run, a faster worker may
    /// have sent some of it), its marks are left out: they were counted
    /// with that layer, which a resumed run counts again.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TableFile`](crate::ErrorKind::TableFile) when the file
    /// cannot be written, or when the table has begun a layer past the one
    /// after `layer_sizes`, whose marks it could not tell apart.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::dense::LayerTable;
    ///
    /// let path = std::env::temp_dir().join(format!("layers-{}.checkpoint", std::process::id()));
    /// let table = LayerTable::new(0..100, 1 << 10)?;
    /// table.mark(7, 0)?;
    /// table.save(&path, "a ring of 100", &[1])?;
    ///
    /// let copy = LayerTable::new(0..100, 1 << 10)?;
    /// assert_eq!(copy.load(&path, "a ring of 100")?, [1]);
    /// assert_eq!(copy.count_at(0), 1);
    /// // Another space, or another slice of ranks, is refused.
    /// assert!(copy.load(&path, "a ring of 99").is_err());
    /// assert!(LayerTable::new(0..50, 1 << 10)?.load(&path, "a ring of 100").is_err());
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save(&self, path: &Path, description: &str, layer_sizes: &[u64]) -> Result<(), Error> {
        let after = layer_sizes.len();
        let begun = self.begun.load(Ordering::Relaxed);
        if begun > after {
            return Err(Error::table_file(
                path,
                format!("cannot be written: layer {begun} is begun, past the {after} layers given"),
            ));
        }
        let forget = (after >= 1 && begun == after).then(|| code(after));
        write_table_file(path, *CHECKPOINT_MAGIC, CHECKPOINT_VERSION, description, |out| {
            out.write_all(&self.ranks.start.to_le_bytes())?;
            out.write_all(&self.ranks.end.to_le_bytes())?;
            write_layer_sizes(out, layer_sizes)?;
            self.write_entries_forgetting(out, forget)
        })
    }

    /// Restores a table [`save`](LayerTable::save)d with the same
    /// description and the same ranks, and returns its layer sizes.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TableFile`](crate::ErrorKind::TableFile) when the file
    /// cannot be read, is of another description or another range of
    /// ranks, is truncated, or fails its checksum.
    ///
    /// # Example
    ///
    /// See [`save`](LayerTable::save).
    pub fn load(&self, path: &Path, description: &str) -> Result<Vec<u64>, Error> {
        let kind = "an enumeration checkpoint";
        let mut input =
            TableReader::open(path, *CHECKPOINT_MAGIC, CHECKPOINT_VERSION, kind, description)?;
        let (start, end) = (input.read_u64()?, input.read_u64()?);
        if (start..end) != self.ranks {
            return Err(input.fail(format!(
                "holds ranks {start}..{end}, not {}..{}",
                self.ranks.start, self.ranks.end
            )));
        }
        let layer_sizes = input.read_layer_sizes()?;
        input.read_with(|body| self.read_entries(body))?;
        input.finish()?;
        self.begun.store(layer_sizes.len() - 1, Ordering::Relaxed);
        Ok(layer_sizes)
    }
}
