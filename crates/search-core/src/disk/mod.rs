//! Disk.

pub(crate) mod directory;
pub(crate) mod files;
