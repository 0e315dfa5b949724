//! The manifest of a hashed disk run: written at each layer's end, it
//! names what a resumed run goes on from (the layer sizes so far, and by
//! them the files of the last layer and of what it is checked against),
//! in the table-file format every file of this crate shares.

use std::path::Path;

use super::{PREFIX, Subtract};
use crate::error::Error;
use crate::files::format::{TableReader, write_layer_sizes, write_table_file};

/// The first bytes of a manifest, and its layout's version.
const MAGIC: [u8; 8] = *b"SRCHDDDM";
const VERSION: u32 = 1;

/// What a stopped run finished: the sizes of its layers, the last of
/// which is the layer it goes on from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Manifest {
    pub(super) layer_sizes: Vec<u64>,
}

impl Manifest {
    /// The name, after the run's prefix, of the file of the layer at
    /// `depth`.
    pub(super) fn layer_name(depth: usize) -> String {
        format!("layer-{depth}")
    }

    /// The name, after the run's prefix, of the file of every state found
    /// up to the layer at `depth`.
    pub(super) fn seen_name(depth: usize) -> String {
        format!("seen-{depth}")
    }

    /// The files, in the run's directory, that a run of `subtract` goes on
    /// from.
    pub(super) fn files(&self, subtract: Subtract) -> impl Iterator<Item = String> {
        let depth = self.layer_sizes.len() - 1;
        let beside = match subtract {
            Subtract::EveryLayer => Some(Manifest::seen_name(depth)),
            Subtract::TwoLayers => depth.checked_sub(1).map(Manifest::layer_name),
        };
        std::iter::once(Manifest::layer_name(depth))
            .chain(beside)
            .map(|name| format!("{PREFIX}{name}"))
    }

    /// Writes the manifest at `path`, synced, for the space `description`
    /// names.
    pub(super) fn save(&self, path: &Path, description: &str) -> Result<(), Error> {
        write_table_file(path, MAGIC, VERSION, description, |out| {
            write_layer_sizes(out, &self.layer_sizes)
        })
    }

    /// The manifest at `path`, refused by name when it is not one, is
    /// damaged, or is of a space other than `description`.
    pub(super) fn load(path: &Path, description: &str) -> Result<Manifest, Error> {
        let mut input =
            TableReader::open(path, MAGIC, VERSION, "a disk enumeration's manifest", description)?;
        let layer_sizes = input.read_layer_sizes()?;
        input.finish()?;
        Ok(Manifest { layer_sizes })
    }
}

#[cfg(test)]
mod tests {
    use crate::breadth_first::disk::manifest::*;

    #[test]
    fn a_manifest_names_the_last_layer_and_what_it_is_checked_against() {
        let manifest = Manifest { layer_sizes: vec![1, 3, 4] };
        let every: Vec<String> = manifest.files(Subtract::EveryLayer).collect();
        assert_eq!(every, ["ddd-layer-2", "ddd-seen-2"]);
        let two: Vec<String> = manifest.files(Subtract::TwoLayers).collect();
        assert_eq!(two, ["ddd-layer-2", "ddd-layer-1"]);
        let first = Manifest { layer_sizes: vec![1] };
        assert_eq!(first.files(Subtract::TwoLayers).collect::<Vec<_>>(), ["ddd-layer-0"]);
    }

    #[test]
    fn a_manifest_reads_back_and_refuses_another_space() {
        let dir = std::env::temp_dir().join(format!("ddd-manifest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("ddd-manifest");
        let manifest = Manifest { layer_sizes: vec![1, 2, 5] };
        manifest.save(&path, "rings of 10").unwrap();
        assert_eq!(Manifest::load(&path, "rings of 10").unwrap(), manifest);
        let error = Manifest::load(&path, "rings of 12").unwrap_err();
        assert!(error.to_string().contains("ddd-manifest"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
