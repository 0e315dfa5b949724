//! The one file format of every table this crate writes, for both disk
//! tiers, checkpoints and pattern databases, and for engines of other
//! crates (the distributed one of `search-dist`): a header that names the
//! format, its version and what the file holds, the body, and a checksum
//! of the whole (XXH3), so that a file of another format, another space,
//! cut short or damaged is refused by name, never read as data.
//!
//! [`write_table_file`] writes one (to a temporary name, renamed once
//! synced), [`TableReader`] reads one back and checks it,
//! [`write_checksummed`] and [`Checksum`] serve a file of another shape.
//!
//! # Example
//!
//! ```
//! use std::io::Write;
//! use search_core::files::{TableReader, write_table_file};
//!
//! let dir = std::env::temp_dir().join(format!("search-core-disk-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let path = dir.join("squares.table");
//! write_table_file(&path, *b"SQUARES!", 1, "the squares to 9", |out| {
//!     (0u8..10).try_for_each(|n| out.write_all(&[n * n]))
//! })?;
//! let mut table = TableReader::open(&path, *b"SQUARES!", 1, "squares", "the squares to 9")?;
//! let mut squares = [0u8; 10];
//! table.read_exact(&mut squares)?;
//! table.finish()?;
//! assert_eq!(squares[9], 81);
//! std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use self::format::{
    Checksum, TableReader, write_checksummed, write_layer_sizes, write_table_file,
};

pub(crate) mod directory;
pub(crate) mod format;
