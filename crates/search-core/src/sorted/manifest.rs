//! The manifest of a sorted enumeration on disk: written at each layer's
//! end, it names what a resumed run goes on from (the sizes of the
//! layers so far, and by them the files of the last layer and of the
//! levels behind it), in the table-file format every file of this
//! crate shares.

use std::path::Path;

use crate::error::Error;
use crate::files::format::{TableReader, write_layer_sizes, write_table_file};

/// The prefix of every file of a run.
pub(super) const PREFIX: &str = "sorted-";

/// The first bytes of a manifest, and its layout's version.
const MAGIC: [u8; 8] = *b"SRCHSRTM";
/// Version 3: the positions each layer's keys stand for follow the layer
/// sizes (a space whose keys are classes). Version 2 had none; version 1
/// kept one file of every key of a directed run, where 2 keeps levels
/// (`kept-FROM-TO`).
const VERSION: u32 = 3;

/// The name, after the prefix, of the file of the layer at `depth`.
pub(super) fn layer_name(depth: usize) -> String {
    format!("layer-{depth}")
}

/// The name, after the prefix, of the file of the keys of the layers
/// `from..=to`, a level of a directed run.
pub(super) fn kept_name(from: usize, to: usize) -> String {
    format!("kept-{from}-{to}")
}

/// What a manifest says of the layers so far: their sizes, and the
/// positions their keys stand for.
#[derive(Clone, Debug, Default)]
pub(super) struct Layers {
    pub(super) sizes: Vec<u64>,
    pub(super) positions: Vec<u128>,
}

/// Writes the manifest of a run whose layers so far are `layers`, synced,
/// at `path`.
pub(super) fn save(path: &Path, description: &str, layers: &Layers) -> Result<(), Error> {
    write_table_file(path, MAGIC, VERSION, description, |out| {
        write_layer_sizes(out, &layers.sizes)?;
        layers.positions.iter().try_for_each(|positions| out.write_all(&positions.to_le_bytes()))
    })
}

/// The layers of the manifest at `path`, refused by name when it is not
/// one, is damaged, or is of another run than `description`.
pub(super) fn load(path: &Path, description: &str) -> Result<Layers, Error> {
    let kind = "a sorted enumeration's manifest";
    let mut input = TableReader::open(path, MAGIC, VERSION, kind, description)?;
    let sizes = input.read_layer_sizes()?;
    let mut positions = Vec::with_capacity(sizes.len());
    for _ in &sizes {
        let mut bytes = [0u8; 16];
        input.read_exact(&mut bytes)?;
        positions.push(u128::from_le_bytes(bytes));
    }
    input.finish()?;
    Ok(Layers { sizes, positions })
}
