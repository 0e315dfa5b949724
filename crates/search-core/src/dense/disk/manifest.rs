//! [`Manifest`]: what a disk-tier run has finished, written at each
//! layer's end, and the only file that names the others: a part file or
//! a file of marks that no manifest names is the unfinished work of a
//! pass, removed when the run resumes.

use std::io::Write;
use std::path::Path;

use super::pending::Spill;
use crate::error::Error;
use crate::files::format::{TableReader, write_layer_sizes, write_table_file};

/// The manifest's name in the disk directory.
pub(super) const MANIFEST: &str = "enumeration.manifest";
const MANIFEST_MAGIC: [u8; 8] = *b"SRCHDISK";
const MANIFEST_VERSION: u32 = 1;
/// The most parts a manifest may name, and the longest file name: bounds
/// on what a damaged count makes a reader allocate.
pub(super) const MAX_PARTS: u64 = 1 << 24;
const MAX_NAME: u64 = 256;

/// One part of the table, as the last pass left it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Part {
    /// The deepest layer begun in the part ([`LayerTable::begin_layer`]).
    ///
    /// [`LayerTable::begin_layer`]: crate::dense::LayerTable::begin_layer
    pub(super) begun: usize,
    /// The part's entries in the layers `begun - 1` and `begun`, by the
    /// parity of their depth.
    pub(super) counts: [u64; 2],
    /// The pass that wrote the part's file, `None` while it holds only
    /// unseen entries and has no file.
    pub(super) written: Option<usize>,
}

impl Part {
    /// Whether the part holds entries of the layer at `depth`.
    pub(super) fn holds(&self, depth: usize) -> bool {
        (self.begun == depth || self.begun == depth + 1) && self.counts[depth % 2] > 0
    }
}

/// What a finished pass leaves: the sizes of the layers it completed, the
/// marks of the next layer found so far, every part, and the files of
/// marks the parts wait for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Manifest {
    pub(super) rank_count: u64,
    pub(super) part_ranks: u64,
    pub(super) layer_sizes: Vec<u64>,
    /// Ranks of the layer after `layer_sizes` marked so far.
    pub(super) next_found: u64,
    pub(super) parts: Vec<Part>,
    pub(super) spilled: Vec<Vec<Spill>>,
    /// The number of the next file of marks.
    pub(super) serial: u64,
}

/// The name of part `index`'s file written by pass `pass`.
pub(super) fn part_name(index: usize, pass: usize) -> String {
    format!("part-{index}-{pass}")
}

impl Manifest {
    /// Writes the manifest to `dir`, synced, over the last one.
    pub(super) fn save(&self, dir: &Path, description: &str) -> Result<(), Error> {
        let path = dir.join(MANIFEST);
        write_table_file(&path, MANIFEST_MAGIC, MANIFEST_VERSION, description, |out| {
            let put = |out: &mut dyn Write, value: u64| out.write_all(&value.to_le_bytes());
            for value in [self.rank_count, self.part_ranks, self.next_found, self.serial] {
                put(out, value)?;
            }
            put(out, self.parts.len() as u64)?;
            for part in &self.parts {
                put(out, part.begun as u64)?;
                put(out, part.counts[0])?;
                put(out, part.counts[1])?;
                put(out, part.written.map_or(u64::MAX, |pass| pass as u64))?;
            }
            for spills in &self.spilled {
                put(out, spills.len() as u64)?;
                for spill in spills {
                    put(out, spill.depth as u64)?;
                    put(out, spill.marks)?;
                    put(out, spill.name.len() as u64)?;
                    out.write_all(spill.name.as_bytes())?;
                }
            }
            write_layer_sizes(out, &self.layer_sizes)
        })
    }

    /// The names of the files of marks the manifest names.
    pub(super) fn spill_names(&self) -> Vec<String> {
        self.spilled.iter().flatten().map(|spill| spill.name.clone()).collect()
    }

    /// Whether `dir` holds a manifest.
    pub(super) fn exists(dir: &Path) -> bool {
        dir.join(MANIFEST).exists()
    }

    /// Reads the manifest of `dir`, which must be of `description`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TableFile`](crate::ErrorKind::TableFile) when it
    /// cannot be read, is another run's, or is damaged.
    pub(super) fn load(dir: &Path, description: &str) -> Result<Manifest, Error> {
        let path = dir.join(MANIFEST);
        let kind = "a disk enumeration's manifest";
        let mut input =
            TableReader::open(&path, MANIFEST_MAGIC, MANIFEST_VERSION, kind, description)?;
        let (rank_count, part_ranks) = (input.read_u64()?, input.read_u64()?);
        let (next_found, serial) = (input.read_u64()?, input.read_u64()?);
        let count = input.read_u64()?;
        if count > MAX_PARTS || part_ranks == 0 {
            return Err(input.fail(format!("names {count} parts of {part_ranks}: it is damaged")));
        }
        let mut parts = Vec::new();
        for _ in 0..count {
            let begun = input.read_u64()?;
            let counts = [input.read_u64()?, input.read_u64()?];
            let written = input.read_u64()?;
            parts.push(Part {
                begun: usize::try_from(begun).unwrap_or(usize::MAX),
                counts,
                written: (written != u64::MAX).then(|| usize::try_from(written).unwrap_or(0)),
            });
        }
        let mut spilled = Vec::new();
        for _ in 0..count {
            let files = input.read_u64()?;
            if files > input.length() {
                return Err(input.fail(format!("names {files} files of marks: it is damaged")));
            }
            let mut spills = Vec::new();
            for _ in 0..files {
                let depth = usize::try_from(input.read_u64()?).unwrap_or(usize::MAX);
                let marks = input.read_u64()?;
                let length = input.read_u64()?;
                if length > MAX_NAME {
                    return Err(
                        input.fail(format!("names a file of {length} bytes: it is damaged"))
                    );
                }
                let mut name = vec![0u8; length as usize];
                input.read_exact(&mut name)?;
                let name = String::from_utf8(name).map_err(|_| {
                    input.fail("names a file that is not UTF-8: it is damaged".into())
                })?;
                spills.push(Spill { depth, name, marks });
            }
            spilled.push(spills);
        }
        let layer_sizes = input.read_layer_sizes()?;
        input.finish()?;
        Ok(Manifest { rank_count, part_ranks, layer_sizes, next_found, parts, spilled, serial })
    }
}

#[cfg(test)]
mod tests {
    use crate::dense::disk::manifest::*;

    #[test]
    fn a_manifest_reads_back_as_written_and_refuses_another_run() {
        let dir = std::env::temp_dir().join(format!("manifest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let manifest = Manifest {
            rank_count: 1_000,
            part_ranks: 320,
            layer_sizes: vec![1, 2, 4],
            next_found: 3,
            parts: vec![
                Part { begun: 3, counts: [1, 2], written: Some(2) },
                Part::default(),
                Part { begun: 2, counts: [0, 4], written: Some(1) },
                Part::default(),
            ],
            spilled: vec![
                vec![Spill { depth: 3, name: "marks-0-7".into(), marks: 5 }],
                vec![],
                vec![],
                vec![Spill { depth: 3, name: "marks-3-8".into(), marks: 1 }],
            ],
            serial: 9,
        };
        manifest.save(&dir, "a ring").expect("saved");
        assert!(Manifest::exists(&dir));
        assert_eq!(Manifest::load(&dir, "a ring").expect("loaded"), manifest);
        let error = Manifest::load(&dir, "a line").unwrap_err();
        assert!(error.to_string().ends_with("holds \"a ring\", not \"a line\""), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
