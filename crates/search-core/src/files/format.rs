//! A checksum for table files: distance tables and pattern databases are
//! written once and read back many times, and a file cut short or damaged
//! must be refused, not used.

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::Xxh3;

use crate::error::Error;

/// A 64-bit checksum of a byte stream (XXH3, from `xxhash-rust`), the same
/// whatever pieces the stream comes in. It finds a truncated or damaged
/// file, not a forged one.
///
/// # Example
///
/// ```
/// use search_core::files::Checksum;
///
/// let mut whole = Checksum::default();
/// whole.update(b"pattern database");
/// let mut pieces = Checksum::default();
/// pieces.update(b"pattern");
/// pieces.update(b" database");
/// assert_eq!(whole.finish(), pieces.finish());
/// let mut other = Checksum::default();
/// other.update(b"pattern databasf");
/// assert_ne!(whole.finish(), other.finish());
/// ```
#[derive(Clone, Default)]
pub struct Checksum(Xxh3);

impl Checksum {
    /// Adds `bytes` to the stream.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::files::Checksum;
    ///
    /// let mut sum = Checksum::default();
    /// sum.update(&[1, 2, 3]);
    /// assert_ne!(sum.finish(), Checksum::default().finish());
    /// ```
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// The checksum of the bytes so far (the stream can go on).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::files::Checksum;
    ///
    /// let (mut a, mut b) = (Checksum::default(), Checksum::default());
    /// a.update(&[0]);
    /// b.update(&[0, 0]);
    /// assert_ne!(a.finish(), b.finish()); // the length counts
    /// ```
    pub fn finish(&self) -> u64 {
        self.0.digest()
    }
}

impl fmt::Debug for Checksum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Checksum").field(&format_args!("{:#018x}", self.finish())).finish()
    }
}

/// A reader or writer that keeps a [`Checksum`] of the bytes through it.
#[derive(Debug)]
pub(crate) struct Checksummed<T> {
    inner: T,
    sum: Checksum,
}

impl<T> Checksummed<T> {
    /// Wraps `inner`, with an empty checksum.
    pub(crate) fn new(inner: T) -> Checksummed<T> {
        Checksummed { inner, sum: Checksum::default() }
    }

    /// The reader or writer back, and the checksum of what went through.
    pub(crate) fn finish(self) -> (T, u64) {
        (self.inner, self.sum.finish())
    }
}

impl<R: Read> Read for Checksummed<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buffer)?;
        self.sum.update(&buffer[..read]);
        Ok(read)
    }
}

impl<W: Write> Write for Checksummed<W> {
    fn write(&mut self, buffer: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(buffer)?;
        self.sum.update(&buffer[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes a file whose bytes `write` gives, followed by their
/// [`Checksum`] (8 bytes, little-endian), through a temporary file beside
/// `path` that is synced and renamed into place when complete: a reader
/// never sees half a file. The temporary files of earlier writers of
/// `path` that were killed are removed first (on Linux, where `/proc`
/// tells which processes still run).
///
/// # Errors
///
/// The first I/O error; the temporary file is then removed.
///
/// # Example
///
/// ```
/// use search_core::files::{write_checksummed, Checksum};
///
/// let path = std::env::temp_dir().join(format!("doc-checksummed-{}.bin", std::process::id()));
/// write_checksummed(&path, |out| out.write_all(b"header and table"))?;
/// let bytes = std::fs::read(&path)?;
/// let (body, sum) = bytes.split_at(bytes.len() - 8);
/// let mut expected = Checksum::default();
/// expected.update(body);
/// assert_eq!((body, sum), (&b"header and table"[..], &expected.finish().to_le_bytes()[..]));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_checksummed<F>(path: &Path, write: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    write_checksummed_with(path, Durability::Synced, write)
}

/// Whether a file written is synced to its disk before it is renamed
/// into place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Durability {
    Synced,
    /// Left to the system to write back: the disk tier writes a table's
    /// size each layer, and syncs what a manifest is to name only before
    /// writing it (see [`sync_file`]).
    Unsynced,
}

/// Syncs the file at `path` to its disk.
///
/// # Errors
///
/// [`ErrorKind::TableFile`](crate::ErrorKind::TableFile), naming the file.
pub(crate) fn sync_file(path: &Path) -> Result<(), Error> {
    File::open(path)
        .and_then(|file| file.sync_all())
        .map_err(|error| Error::table_file(path, format!("cannot be synced: {error}")))
}

/// As [`write_checksummed`], synced or not.
fn write_checksummed_with<F>(path: &Path, durability: Durability, write: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let mut pending = PendingFile::create(path)?;
    write(pending.writer())?;
    pending.commit(durability)
}

/// A file being written under a temporary name beside its own, through a
/// checksum: renamed into place with the checksum last by
/// [`commit`](PendingFile::commit), removed if dropped before.
struct PendingFile {
    path: PathBuf,
    temporary: PathBuf,
    out: Option<Checksummed<BufWriter<File>>>,
}

impl PendingFile {
    /// Begins the file that will be `path`, first removing what killed
    /// writers of it left.
    fn create(path: &Path) -> io::Result<PendingFile> {
        remove_stale_temporaries(path);
        let temporary = PathBuf::from(temporary_path(path, std::process::id()));
        let out = Checksummed::new(BufWriter::new(File::create(&temporary)?));
        Ok(PendingFile { path: path.to_owned(), temporary, out: Some(out) })
    }

    /// Where the bytes go.
    fn writer(&mut self) -> &mut Checksummed<BufWriter<File>> {
        self.out.as_mut().expect("a pending file is written only until it is committed")
    }

    /// Ends the file with its checksum, synced if `durability` says so,
    /// and renames it into place.
    fn commit(mut self, durability: Durability) -> io::Result<()> {
        let Some(out) = self.out.take() else { return Ok(()) };
        let committed = (|| {
            let (buffered, sum) = out.finish();
            let mut file = buffered.into_inner().map_err(io::IntoInnerError::into_error)?;
            file.write_all(&sum.to_le_bytes())?;
            if durability == Durability::Synced {
                file.sync_all()?;
            }
            std::fs::rename(&self.temporary, &self.path)
        })();
        if committed.is_err() {
            // Best effort: the error that matters is the write's.
            let _ = std::fs::remove_file(&self.temporary);
        }
        committed
    }
}

impl Drop for PendingFile {
    fn drop(&mut self) {
        if self.out.take().is_some() {
            // Best effort: a file never committed is no one's.
            let _ = std::fs::remove_file(&self.temporary);
        }
    }
}

/// A table file written a piece at a time, for a body too large to hold
/// (a layer found pass by pass): what [`write_table_file`] writes, with
/// its header, a checksum last, under a temporary name until
/// [`finish`](TableWriter::finish); dropped before, it leaves nothing.
#[cfg(feature = "rayon")]
pub(crate) struct TableWriter {
    pending: PendingFile,
    /// Where the body begins: the header's length.
    body: u64,
}

#[cfg(feature = "rayon")]
impl TableWriter {
    /// Begins the table file `path` with its header.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TableFile`](crate::ErrorKind::TableFile), naming the
    /// file, when it cannot be made.
    pub(crate) fn create(path: &Path, header: ([u8; 8], u32, &str)) -> Result<TableWriter, Error> {
        let failed = |e: io::Error| Error::table_file(path, format!("cannot be written: {e}"));
        let mut pending = PendingFile::create(path).map_err(failed)?;
        write_table_header(pending.writer(), header).map_err(failed)?;
        Ok(TableWriter { pending, body: table_header_len(header.2) })
    }

    /// Where in the file its body begins.
    pub(crate) fn body_start(&self) -> u64 {
        self.body
    }

    /// Adds `bytes` to the body.
    ///
    /// # Errors
    ///
    /// As [`create`](TableWriter::create), when they cannot be written (a
    /// full disk, say).
    pub(crate) fn write_all(&mut self, bytes: &[u8]) -> Result<(), Error> {
        self.pending.writer().write_all(bytes).map_err(|e| self.failed(&e))
    }

    /// Ends the file, synced or not, and renames it into place.
    ///
    /// # Errors
    ///
    /// As [`write_all`](TableWriter::write_all); nothing is left then.
    pub(crate) fn finish(self, durability: Durability) -> Result<(), Error> {
        let path = self.pending.path.clone();
        self.pending
            .commit(durability)
            .map_err(|e| Error::table_file(&path, format!("cannot be written: {e}")))
    }

    fn failed(&self, error: &io::Error) -> Error {
        Error::table_file(&self.pending.path, format!("cannot be written: {error}"))
    }
}

/// Where the process `pid` writes `path` before renaming it into place.
fn temporary_path(path: &Path, pid: u32) -> std::ffi::OsString {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(format!(".{pid}.tmp"));
    temporary
}

/// Removes what writers of `path` that no longer run left beside it (a
/// killed database build leaves megabytes, a killed checkpoint gigabytes):
/// `path.PID.tmp` files whose process is gone. Only where the system says
/// which processes run (Linux's `/proc`); elsewhere they are left alone.
fn remove_stale_temporaries(path: &Path) {
    let proc = Path::new("/proc/self");
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else { return };
    if !cfg!(target_os = "linux") || !proc.exists() {
        return;
    }
    let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let prefix = format!("{}.", name.to_string_lossy());
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        let pid = file_name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|pid| pid.parse::<u32>().ok());
        if let Some(pid) = pid
            && pid != std::process::id()
            && !Path::new("/proc").join(pid.to_string()).exists()
        {
            // Best effort: a file another cleaner removed first is fine.
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Writes a table file at `path`, as [`write_checksummed`] does (a
/// temporary file, synced, then renamed over `path`, a checksum last),
/// beginning with a header that [`TableReader::open`] checks: 8 bytes that
/// name the file's kind, its layout `version`, and the caller's
/// `description` of what it holds (a space, a pattern, a goal). Then
/// `write` writes the body.
///
/// Distance tables, enumeration checkpoints and search-dist's checkpoints
/// are such files; a crate of table files of its own can write them the
/// same way.
///
/// # Errors
///
/// [`ErrorKind::TableFile`](crate::ErrorKind::TableFile), naming the file,
/// when it cannot be written; nothing is left at `path` then.
///
/// # Example
///
/// ```
/// use search_core::files::{write_table_file, TableReader};
///
/// let path = std::env::temp_dir().join(format!("squares-{}.table", std::process::id()));
/// let squares: Vec<u64> = (0..10).map(|n| n * n).collect();
/// write_table_file(&path, *b"SQUARES!", 1, "squares below 10", |out| {
///     squares.iter().try_for_each(|n| out.write_all(&n.to_le_bytes()))
/// })?;
///
/// let mut input = TableReader::open(&path, *b"SQUARES!", 1, "a table of squares", "squares below 10")?;
/// let read = (0..10).map(|_| input.read_u64()).collect::<Result<Vec<u64>, _>>()?;
/// input.finish()?;
/// assert_eq!(read, squares);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_table_file<F>(
    path: &Path,
    magic: [u8; 8],
    version: u32,
    description: &str,
    write: F,
) -> Result<(), Error>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    write_table_file_with(path, (magic, version, description), Durability::Synced, write)
}

/// As [`write_table_file`], synced or not.
pub(crate) fn write_table_file_with<F>(
    path: &Path,
    (magic, version, description): ([u8; 8], u32, &str),
    durability: Durability,
    write: F,
) -> Result<(), Error>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    write_checksummed_with(path, durability, |out| {
        write_table_header(out, (magic, version, description))?;
        write(out)
    })
    .map_err(|error| Error::table_file(path, format!("cannot be written: {error}")))
}

/// The bytes of a table file's header whose description is
/// `description`: what [`write_table_header`] writes.
pub(crate) const fn table_header_len(description: &str) -> u64 {
    8 + 4 + 8 + description.len() as u64
}

/// Writes the header of a table file, which [`TableReader::open`] checks:
/// for a file written a piece at a time, through a [`Checksummed`] writer
/// whose checksum ends the file.
pub(crate) fn write_table_header(
    out: &mut dyn Write,
    (magic, version, description): ([u8; 8], u32, &str),
) -> io::Result<()> {
    out.write_all(&magic)?;
    out.write_all(&version.to_le_bytes())?;
    out.write_all(&(description.len() as u64).to_le_bytes())?;
    out.write_all(description.as_bytes())
}

/// The most layers a checkpoint may say it holds: far past any search's
/// radius, and a bound on what a damaged count makes a reader allocate.
const MAX_LAYERS: u64 = 1 << 20;

/// Writes the sizes of a search's layers as enumeration checkpoints keep
/// them, for [`TableReader::read_layer_sizes`]: their number, then each,
/// 8 bytes little-endian apiece. `LayerTable` checkpoints and
/// search-dist's use it.
///
/// # Errors
///
/// Whatever `out` returns.
///
/// # Example
///
/// ```
/// use search_core::files::{write_layer_sizes, write_table_file, TableReader};
///
/// let path = std::env::temp_dir().join(format!("layers-{}.table", std::process::id()));
/// write_table_file(&path, *b"LAYERS!!", 1, "a ring of 10", |out| {
///     write_layer_sizes(out, &[1, 2, 2, 2, 2, 1])
/// })?;
/// let mut input = TableReader::open(&path, *b"LAYERS!!", 1, "layers", "a ring of 10")?;
/// assert_eq!(input.read_layer_sizes()?, [1, 2, 2, 2, 2, 1]);
/// input.finish()?;
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_layer_sizes(out: &mut dyn Write, layer_sizes: &[u64]) -> io::Result<()> {
    out.write_all(&(layer_sizes.len() as u64).to_le_bytes())?;
    layer_sizes.iter().try_for_each(|size| out.write_all(&size.to_le_bytes()))
}

/// A table file that [`write_table_file`] wrote, read back: the header
/// checked, the body read through the checksum, every failure an
/// [`ErrorKind::TableFile`](crate::ErrorKind::TableFile) error that names
/// the file and what is wrong with it. Read the body, then call
/// [`finish`](TableReader::finish) to check the checksum before using what
/// was read.
///
/// # Example
///
/// ```
/// use search_core::files::{write_table_file, TableReader};
///
/// let path = std::env::temp_dir().join(format!("reader-{}.table", std::process::id()));
/// write_table_file(&path, *b"EXAMPLE!", 3, "seven", |out| out.write_all(&7u64.to_le_bytes()))?;
///
/// let mut input = TableReader::open(&path, *b"EXAMPLE!", 3, "an example", "seven")?;
/// assert_eq!(input.read_u64()?, 7);
/// input.finish()?;
///
/// // Another description, layout or kind of file is refused with a reason.
/// let error = TableReader::open(&path, *b"EXAMPLE!", 3, "an example", "eight").unwrap_err();
/// assert!(error.to_string().ends_with("holds \"seven\", not \"eight\""));
/// let error = TableReader::open(&path, *b"EXAMPLE!", 4, "an example", "seven").unwrap_err();
/// assert!(error.to_string().ends_with("has layout version 3, not 4"));
/// let error = TableReader::open(&path, *b"OTHERS!!", 3, "another kind", "seven").unwrap_err();
/// assert!(error.to_string().ends_with("is not another kind"));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct TableReader<'p> {
    path: &'p Path,
    length: u64,
    input: Checksummed<BufReader<File>>,
}

impl<'p> TableReader<'p> {
    /// Opens `path` and checks its header: `magic` (else the file "is not
    /// {kind}"), `version`, and `description`.
    ///
    /// # Errors
    ///
    /// When the file cannot be read, or its header is not that.
    ///
    /// # Example
    ///
    /// See [`TableReader`].
    pub fn open(
        path: &'p Path,
        magic: [u8; 8],
        version: u32,
        kind: &str,
        description: &str,
    ) -> Result<TableReader<'p>, Error> {
        let fail = |reason: String| Error::table_file(path, reason);
        let file = File::open(path).map_err(|e| fail(format!("cannot be read: {e}")))?;
        let length = file.metadata().map_err(|e| fail(format!("cannot be read: {e}")))?.len();
        let mut reader =
            TableReader { path, length, input: Checksummed::new(BufReader::new(file)) };
        let mut found_magic = [0u8; 8];
        if reader.input.read_exact(&mut found_magic).is_err() || found_magic != magic {
            return Err(fail(format!("is not {kind}")));
        }
        let mut word = [0u8; 4];
        reader.read_exact(&mut word)?;
        let found_version = u32::from_le_bytes(word);
        if found_version != version {
            return Err(fail(format!("has layout version {found_version}, not {version}")));
        }
        let found_length = reader.read_u64()?;
        if found_length > length {
            return Err(fail(format!("is {length} bytes: truncated or corrupt")));
        }
        // Enough of a longer description to show it is another, never as
        // much as a damaged file would ask for.
        let shown = found_length.min(description.len() as u64 + 64) as usize;
        let mut found = vec![0u8; shown];
        reader.read_exact(&mut found)?;
        if found_length != description.len() as u64 || found != description.as_bytes() {
            let more = if (shown as u64) < found_length { "..." } else { "" };
            // A description is text; bytes that are not (a damaged
            // header) are named as such, not echoed.
            let text = match std::str::from_utf8(&found) {
                Ok(text) => Some(text),
                // Cut inside a character by `shown`: the text before it.
                Err(error) if error.error_len().is_none() => {
                    std::str::from_utf8(&found[..error.valid_up_to()]).ok()
                }
                Err(_) => None,
            };
            return Err(fail(match text.filter(|text| !text.contains(char::is_control)) {
                Some(text) => format!("holds {text:?}{more}, not {description:?}"),
                None => format!(
                    "is damaged: its description is not text, where it should be {description:?}"
                ),
            }));
        }
        Ok(reader)
    }

    /// The file's length in bytes, to check a length the body gives
    /// before allocating for it.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::files::{write_table_file, TableReader};
    ///
    /// let path = std::env::temp_dir().join(format!("length-{}.table", std::process::id()));
    /// write_table_file(&path, *b"EXAMPLE!", 1, "empty", |_| Ok(()))?;
    /// let input = TableReader::open(&path, *b"EXAMPLE!", 1, "an example", "empty")?;
    /// // Magic, version, description's length, description, checksum.
    /// assert_eq!(input.length(), 8 + 4 + 8 + 5 + 8);
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn length(&self) -> u64 {
        self.length
    }

    /// An error about this file: "table file {path} {reason}".
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::files::{write_table_file, TableReader};
    ///
    /// let path = std::env::temp_dir().join(format!("fail-{}.table", std::process::id()));
    /// write_table_file(&path, *b"EXAMPLE!", 1, "a count", |out| out.write_all(&0u64.to_le_bytes()))?;
    /// let mut input = TableReader::open(&path, *b"EXAMPLE!", 1, "an example", "a count")?;
    /// let count = input.read_u64()?;
    /// let error = input.fail(format!("counts {count} things, fewer than one"));
    /// assert!(error.to_string().ends_with("counts 0 things, fewer than one"));
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fail(&self, reason: String) -> Error {
        Error::table_file(self.path, reason)
    }

    /// Fills `bytes` from the body.
    ///
    /// # Errors
    ///
    /// When the file ends first ("truncated"), or cannot be read.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::files::{write_table_file, TableReader};
    ///
    /// let path = std::env::temp_dir().join(format!("exact-{}.table", std::process::id()));
    /// write_table_file(&path, *b"EXAMPLE!", 1, "abc", |out| out.write_all(b"abc"))?;
    /// let mut input = TableReader::open(&path, *b"EXAMPLE!", 1, "an example", "abc")?;
    /// let mut body = [0u8; 3];
    /// input.read_exact(&mut body)?;
    /// assert_eq!(&body, b"abc");
    /// input.finish()?;
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_exact(&mut self, bytes: &mut [u8]) -> Result<(), Error> {
        self.input.read_exact(bytes).map_err(|e| failed_read(self.path, self.length, &e))
    }

    /// Reads a little-endian `u64` from the body.
    ///
    /// # Errors
    ///
    /// As [`read_exact`](TableReader::read_exact).
    ///
    /// # Example
    ///
    /// See [`TableReader`].
    pub fn read_u64(&mut self) -> Result<u64, Error> {
        let mut bytes = [0u8; 8];
        self.read_exact(&mut bytes)?;
        Ok(u64::from_le_bytes(bytes))
    }

    /// Reads the layer sizes [`write_layer_sizes`] wrote.
    ///
    /// # Errors
    ///
    /// As [`read_exact`](TableReader::read_exact), and
    /// [`ErrorKind::TableFile`](crate::ErrorKind::TableFile) when the file
    /// says it holds no layers or more than 2^20: it is corrupt.
    ///
    /// # Example
    ///
    /// See [`write_layer_sizes`].
    pub fn read_layer_sizes(&mut self) -> Result<Vec<u64>, Error> {
        let layers = self.read_u64()?;
        if layers == 0 || layers > MAX_LAYERS {
            return Err(self.fail(format!("is corrupt: it says {layers} layers")));
        }
        (0..layers).map(|_| self.read_u64()).collect()
    }

    /// Reads from the body with `read`, which takes an `io::Read` (a
    /// decoder of another crate, say), and returns what it returns.
    ///
    /// # Errors
    ///
    /// When `read` fails: "truncated" when the file ended first.
    ///
    /// # Example
    ///
    /// ```
    /// use std::io::Read;
    /// use search_core::files::{write_table_file, TableReader};
    ///
    /// let path = std::env::temp_dir().join(format!("with-{}.table", std::process::id()));
    /// write_table_file(&path, *b"EXAMPLE!", 1, "text", |out| out.write_all(b"hello"))?;
    /// let mut input = TableReader::open(&path, *b"EXAMPLE!", 1, "an example", "text")?;
    /// let text = input.read_with(|body| {
    ///     let mut text = [0u8; 5];
    ///     body.read_exact(&mut text)?;
    ///     Ok(text)
    /// })?;
    /// assert_eq!(&text, b"hello");
    /// input.finish()?;
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_with<T, F>(&mut self, read: F) -> Result<T, Error>
    where
        F: FnOnce(&mut dyn Read) -> io::Result<T>,
    {
        read(&mut self.input).map_err(|e| failed_read(self.path, self.length, &e))
    }

    /// Reads the checksum at the end and compares it with the bytes read:
    /// the body must have been read whole.
    ///
    /// # Errors
    ///
    /// When the checksum does not match ("fails its checksum: the file is
    /// corrupt"), or the file ends first.
    ///
    /// # Example
    ///
    /// See [`TableReader`].
    pub fn finish(self) -> Result<(), Error> {
        let (path, length) = (self.path, self.length);
        let (mut input, computed) = self.input.finish();
        let mut bytes = [0u8; 8];
        input.read_exact(&mut bytes).map_err(|e| failed_read(path, length, &e))?;
        if u64::from_le_bytes(bytes) != computed {
            return Err(Error::table_file(path, "fails its checksum: the file is corrupt".into()));
        }
        // A writer ends the file with the checksum: anything after it was
        // added by something else.
        let mut rest = [0u8; 1];
        match input.read(&mut rest) {
            Ok(0) => Ok(()),
            Ok(_) => Err(Error::table_file(
                path,
                format!(
                    "is {length} bytes, with bytes after its checksum: the file was appended to"
                ),
            )),
            Err(error) => Err(failed_read(path, length, &error)),
        }
    }
}

/// The error of a failed read: a short file is truncated.
fn failed_read(path: &Path, length: u64, error: &io::Error) -> Error {
    match error.kind() {
        io::ErrorKind::UnexpectedEof => {
            Error::table_file(path, format!("is {length} bytes: truncated"))
        }
        _ => Error::table_file(path, format!("cannot be read: {error}")),
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use std::io::{Read, Write};

    use crate::ErrorKind;
    use crate::files::format::{
        Checksum, Checksummed, TableReader, temporary_path, write_table_file,
    };

    #[test]
    fn a_checksummed_reader_and_writer_sum_the_same_bytes_alike() {
        let mut writer = Checksummed::new(Vec::new());
        writer.write_all(b"table").unwrap();
        let (bytes, written) = writer.finish();
        let mut reader = Checksummed::new(&bytes[..]);
        let mut text = String::new();
        reader.read_to_string(&mut text).unwrap();
        assert_eq!((text.as_str(), reader.finish().1), ("table", written));
        let mut direct = Checksum::default();
        direct.update(b"table");
        assert_eq!(direct.finish(), written);
        assert_ne!(Checksummed::new(Vec::<u8>::new()).finish().1, written);
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("checksum-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    }

    fn write_seven(path: &std::path::Path) {
        write_table_file(path, *b"SEVEN!!!", 1, "seven", |out| out.write_all(&7u64.to_le_bytes()))
            .expect("written");
    }

    #[test]
    fn a_file_with_bytes_after_its_checksum_is_refused() {
        let dir = scratch("appended");
        let path = dir.join("seven.table");
        write_seven(&path);
        let read = || -> Result<u64, crate::Error> {
            let mut input = TableReader::open(&path, *b"SEVEN!!!", 1, "a seven", "seven")?;
            let seven = input.read_u64()?;
            input.finish()?;
            Ok(seven)
        };
        assert_eq!(read(), Ok(7));
        let mut bytes = std::fs::read(&path).expect("the file");
        let length = bytes.len();
        bytes.push(0);
        std::fs::write(&path, &bytes).expect("appended");
        let error = read().unwrap_err();
        assert!(matches!(error.kind(), ErrorKind::TableFile { .. }));
        assert_eq!(
            error.to_string(),
            format!(
                "table file {} is {} bytes, with bytes after its checksum: the file was \
                 appended to",
                path.display(),
                length + 1
            )
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_description_is_named_not_echoed() {
        let dir = scratch("damaged");
        let path = dir.join("seven.table");
        write_seven(&path);
        let mut bytes = std::fs::read(&path).expect("the file");
        // The description starts after the magic, the version and its length.
        bytes[20..25].copy_from_slice(&[0xff, 0x00, 0x1b, 0x07, 0xfe]);
        std::fs::write(&path, &bytes).expect("damaged");
        let error = TableReader::open(&path, *b"SEVEN!!!", 1, "a seven", "seven").unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "table file {} is damaged: its description is not text, where it should be \
                 \"seven\"",
                path.display()
            )
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn temporaries_of_writers_that_are_gone_are_removed() {
        let dir = scratch("stale");
        let path = dir.join("seven.table");
        // No process has a pid this large (Linux's limit is 2^22).
        let gone = dir.join(temporary_path(&path, 4_000_000_000));
        let alive = dir.join(temporary_path(&path, 1));
        let other = dir.join("other.table.4000000000.tmp");
        for file in [&gone, &alive, &other] {
            std::fs::write(file, b"half a table").expect("a temporary");
        }
        write_seven(&path);
        if cfg!(target_os = "linux") {
            assert!(!gone.exists(), "the dead writer's temporary is removed");
        }
        assert!(alive.exists(), "process 1 runs: its temporary stays");
        assert!(other.exists(), "another file's temporary stays");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
