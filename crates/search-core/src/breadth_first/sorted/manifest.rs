//! The manifest of a sorted enumeration on disk: written at each layer's
//! end, it names what a resumed run goes on from (the sizes of the
//! layers so far, and by them the files of the last layer and of the
//! levels behind it), in the table-file format every file of this
//! crate shares.

use std::path::Path;

use crate::disk::files::{TableReader, write_layer_sizes, write_table_file};
use crate::error::Error;

/// The prefix of every file of a run.
pub(super) const PREFIX: &str = "sorted-";

/// The first bytes of a manifest, and its layout's version.
const MAGIC: [u8; 8] = *b"SRCHSRTM";
/// Version 2: a directed run keeps levels (`kept-FROM-TO`), where
/// version 1 kept one file of every key.
const VERSION: u32 = 2;

/// The name, after the prefix, of the file of the layer at `depth`.
pub(super) fn layer_name(depth: usize) -> String {
    format!("layer-{depth}")
}

/// The name, after the prefix, of the file of the keys of the layers
/// `from..=to`, a level of a directed run.
pub(super) fn kept_name(from: usize, to: usize) -> String {
    format!("kept-{from}-{to}")
}

/// Writes the manifest of a run whose layers so far are `layer_sizes`,
/// synced, at `path`.
pub(super) fn save(path: &Path, description: &str, layer_sizes: &[u64]) -> Result<(), Error> {
    write_table_file(path, MAGIC, VERSION, description, |out| write_layer_sizes(out, layer_sizes))
}

/// The layer sizes of the manifest at `path`, refused by name when it
/// is not one, is damaged, or is of another run than `description`.
pub(super) fn load(path: &Path, description: &str) -> Result<Vec<u64>, Error> {
    let kind = "a sorted enumeration's manifest";
    let mut input = TableReader::open(path, MAGIC, VERSION, kind, description)?;
    let layer_sizes = input.read_layer_sizes()?;
    input.finish()?;
    Ok(layer_sizes)
}
