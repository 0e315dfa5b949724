//! A disk run's directory: [`DirLock`], which keeps a second run out of
//! it, and [`check_free_space`], which refuses a run the disk cannot hold
//! before it writes.
//!
//! The lock is an advisory lock on a file in the directory
//! ([`File::try_lock`], `flock` on Unix): the system releases it when the
//! process ends, however it ends, so a killed run leaves nothing held,
//! and the next run knows that files it finds beside a free lock are a
//! dead run's.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use crate::error::{Error, HumanBytes};

/// An exclusive lock on a directory, held while the value lives; its
/// file is removed when it is dropped.
#[derive(Debug)]
pub(crate) struct DirLock {
    file: File,
    path: PathBuf,
}

/// How many times a lock whose file another run removed meanwhile is
/// tried again.
const RETRIES: usize = 8;

impl DirLock {
    /// Locks `dir` through its file `name`, made if need be, and writes
    /// this process's id there, for the message of a run refused.
    ///
    /// # Errors
    ///
    /// [`TableFile`](crate::ErrorKind::TableFile), naming the lock's
    /// file, when another run holds it (with that run's process id), or
    /// when it cannot be made or locked.
    pub(crate) fn acquire(dir: &Path, name: &str) -> Result<DirLock, Error> {
        let path = dir.join(name);
        let failed =
            |e: &std::io::Error| Error::table_file(&path, format!("cannot be locked: {e}"));
        for _ in 0..RETRIES {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(|e| failed(&e))?;
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    let mut holder = String::new();
                    let _ = file.read_to_string(&mut holder);
                    let holder = holder.trim();
                    let who = if holder.is_empty() {
                        String::new()
                    } else {
                        format!(" (process {holder})")
                    };
                    return Err(Error::table_file(
                        &path,
                        format!(
                            "is locked by another run{who} using {}: wait for it to end, or give \
                             this run another directory",
                            dir.display()
                        ),
                    ));
                }
                Err(TryLockError::Error(e)) => return Err(failed(&e)),
            }
            // A run that held the lock removes its file before letting it
            // go: one locked after that is no longer the directory's.
            if !still_named(&file, &path) {
                continue;
            }
            let id = std::process::id().to_string();
            file.set_len(0)
                .and_then(|()| file.rewind())
                .and_then(|()| file.write_all(id.as_bytes()))
                .map_err(|e| failed(&e))?;
            return Ok(DirLock { file, path });
        }
        Err(Error::table_file(
            &path,
            "cannot be locked: it is removed as fast as it is made".into(),
        ))
    }
}

impl Drop for DirLock {
    fn drop(&mut self) {
        // Removed while still held, so that no run locks a file that is
        // no longer the directory's; best effort, as the lock goes anyway.
        let _ = std::fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// Whether `path` still names the file `file` has open.
#[cfg(unix)]
fn still_named(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(open), Ok(named)) => (open.dev(), open.ino()) == (named.dev(), named.ino()),
        _ => false,
    }
}

/// Whether `path` still names the file `file` has open: elsewhere than
/// Unix, a file open cannot be removed, so it does.
#[cfg(not(unix))]
fn still_named(_: &File, path: &Path) -> bool {
    path.exists()
}

/// The one policy of both disk tiers for a run's directory: made if need
/// be, locked with the file `lock` for as long as the returned lock
/// lives, and refused by name when it holds a stopped run's `manifest`
/// and this run starts afresh (its files would be lost), or holds none
/// and this run would `resume` one. Which files a resumed run keeps is
/// the tier's to say, from its manifest.
pub(crate) fn claim(
    dir: &Path,
    lock: &str,
    manifest: &str,
    resume: bool,
) -> Result<DirLock, Error> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::table_file(dir, format!("cannot be made a directory: {e}")))?;
    let lock = DirLock::acquire(dir, lock)?;
    match (resume, dir.join(manifest).exists()) {
        (true, false) => Err(Error::table_file(dir, "holds no enumeration to resume".into())),
        (false, true) => Err(Error::table_file(
            dir,
            "holds an unfinished enumeration: resume it, or remove its files".into(),
        )),
        _ => Ok(lock),
    }
}

/// A disk run's directory, locked, and the files the run made there:
/// each named `{prefix}{what}`, beside the lock `{prefix}lock` and the
/// manifest `{prefix}manifest` that names what a stopped run goes on
/// from. Both disk tiers keep their files so, and so share one policy
/// for what is kept and what removed.
#[cfg(any(feature = "rayon", feature = "serde"))]
#[derive(Debug)]
pub(crate) struct RunFiles {
    dir: PathBuf,
    prefix: &'static str,
    made: Vec<PathBuf>,
    /// The files the last manifest names, with the manifest itself.
    named: Vec<PathBuf>,
    /// Dropped after the files are cleared: the lock's file goes last.
    _lock: DirLock,
}

#[cfg(any(feature = "rayon", feature = "serde"))]
impl RunFiles {
    /// The directory `dir`, made if need be, and locked ([`claim`]),
    /// with what `load` reads from the manifest of the stopped run to go
    /// on from when `resume`, and the names of the files it needs. The
    /// run's other files (of a run that died before its first manifest,
    /// or that a manifest does not name) are removed, as no run can go
    /// on from them.
    ///
    /// # Errors
    ///
    /// As [`claim`], and what `load` returns; a file that cannot be
    /// removed, by name.
    pub(crate) fn claim<M>(
        dir: &Path,
        prefix: &'static str,
        resume: bool,
        load: impl FnOnce(&Path) -> Result<(M, Vec<String>), Error>,
    ) -> Result<(RunFiles, Option<M>), Error> {
        let lock_name = format!("{prefix}lock");
        let manifest_path = dir.join(format!("{prefix}manifest"));
        let lock = claim(dir, &lock_name, &format!("{prefix}manifest"), resume)?;
        let (manifest, mut named) = if resume {
            let (manifest, names) = load(&manifest_path)?;
            (Some(manifest), names.iter().map(|name| dir.join(name)).collect::<Vec<_>>())
        } else {
            (None, Vec::new())
        };
        if manifest.is_some() {
            named.push(manifest_path);
        }
        let unreadable = |e: std::io::Error| Error::table_file(dir, format!("cannot be read: {e}"));
        for entry in std::fs::read_dir(dir).map_err(unreadable)? {
            let entry = entry.map_err(unreadable)?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with(prefix) && name != lock_name && !named.contains(&entry.path()) {
                remove_file(&entry.path())?;
            }
        }
        let files =
            RunFiles { dir: dir.to_owned(), prefix, made: named.clone(), named, _lock: lock };
        Ok((files, manifest))
    }

    /// The run's directory.
    #[cfg(feature = "serde")]
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// The path of the run's file named by `what`, made or not.
    pub(crate) fn path(&self, what: &str) -> PathBuf {
        self.dir.join(format!("{}{what}", self.prefix))
    }

    /// The path of the run's manifest.
    pub(crate) fn manifest(&self) -> PathBuf {
        self.path("manifest")
    }

    /// Notes that the manifest just written names `named`, and itself.
    pub(crate) fn name_in_manifest(&mut self, named: Vec<PathBuf>) {
        self.named = named;
        let manifest = self.manifest();
        if !self.made.contains(&manifest) {
            self.made.push(manifest.clone());
        }
        self.named.push(manifest);
    }

    /// A new file's path, named by `what`, noted to be removed.
    pub(crate) fn name(&mut self, what: &str) -> PathBuf {
        let path = self.path(what);
        self.made.push(path.clone());
        path
    }

    /// Removes `path`, a file this run made.
    ///
    /// # Errors
    ///
    /// When it cannot be removed, naming it.
    pub(crate) fn remove(&mut self, path: &Path) -> Result<(), Error> {
        self.made.retain(|made| made != path);
        remove_file(path)
    }

    /// Removes every file the run made and has not removed.
    ///
    /// # Errors
    ///
    /// The first file that cannot be removed, by name.
    pub(crate) fn clear(&mut self) -> Result<(), Error> {
        self.named.clear();
        self.clear_unnamed()
    }

    /// Removes every file the run made and has not removed, but those
    /// the last manifest names: what a resumed run goes on from.
    ///
    /// # Errors
    ///
    /// As [`clear`](RunFiles::clear).
    pub(crate) fn clear_unnamed(&mut self) -> Result<(), Error> {
        let mut first_error = Ok(());
        let named = std::mem::take(&mut self.named);
        for path in std::mem::take(&mut self.made) {
            if named.contains(&path) {
                continue;
            }
            if let Err(error) = remove_file(&path) {
                first_error = first_error.and(Err(error));
            }
        }
        first_error
    }
}

/// Removes `path`; one that is gone already is no error.
#[cfg(any(feature = "rayon", feature = "serde"))]
fn remove_file(path: &Path) -> Result<(), Error> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(Error::table_file(path, format!("cannot be removed: {e}")))
        }
        _ => Ok(()),
    }
}

/// The bytes free for this user on the disk of `dir`.
///
/// # Errors
///
/// [`TableFile`](crate::ErrorKind::TableFile), naming `dir`, when the
/// system does not tell.
pub(crate) fn free_space(dir: &Path) -> Result<u64, Error> {
    fs4::available_space(dir)
        .map_err(|e| Error::table_file(dir, format!("cannot tell the free space of its disk: {e}")))
}

/// Refuses a run that needs `needed` bytes more on the disk of `dir`, for
/// `what`, when the disk has less free.
///
/// # Errors
///
/// [`TableFile`](crate::ErrorKind::TableFile), naming `dir`, with both
/// figures; or when the system does not tell the free space.
pub(crate) fn check_free_space(dir: &Path, needed: u64, what: &str) -> Result<(), Error> {
    let free = free_space(dir)?;
    if free < needed {
        return Err(Error::table_file(
            dir,
            format!(
                "is on a disk with {} free, but {what} needs {}",
                HumanBytes(free),
                HumanBytes(needed)
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::ErrorKind;
    use crate::files::directory::*;

    #[test]
    fn a_locked_directory_is_refused_by_name_until_its_lock_goes() {
        let dir = std::env::temp_dir().join(format!("dir-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let first = DirLock::acquire(&dir, "run.lock").unwrap();
        let error = DirLock::acquire(&dir, "run.lock").unwrap_err();
        let ErrorKind::TableFile { path, reason } = error.kind() else { panic!("{error}") };
        assert_eq!(path, &dir.join("run.lock"));
        let pid = std::process::id();
        assert!(
            reason.starts_with(&format!("is locked by another run (process {pid})")),
            "{reason}"
        );
        drop(first);
        assert!(!dir.join("run.lock").exists(), "the lock's file goes with it");
        let again = DirLock::acquire(&dir, "run.lock").unwrap();
        drop(again);
        std::fs::remove_dir(&dir).unwrap();
    }

    #[test]
    fn a_run_larger_than_the_free_space_is_refused_with_both_figures() {
        let dir = std::env::temp_dir();
        let free = free_space(&dir).unwrap();
        assert!(free > 0);
        check_free_space(&dir, 1, "a byte").unwrap();
        let error = check_free_space(&dir, 5 << 50, "the table").unwrap_err();
        let text = error.to_string();
        assert!(text.contains(" free, but the table needs 5.0 PiB"), "{text}");
    }
}
