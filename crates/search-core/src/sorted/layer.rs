//! [`Layer`]: a layer's sorted keys, held in memory as a [`Packed`], or
//! in a file of the run's directory with only the blocks' index in
//! memory, read back a chunk of blocks at a time ([`LayerFile`]).
//!
//! A layer file is a table file (`crate::files`): its header, then the
//! words of the keys' codes as the [`Packed`] holds them (8 bytes each,
//! little-endian), the blocks' index (16 bytes a block and its first
//! key, 8 or 16 bytes, little-endian), the number of
//! keys, of blocks and of words, and the checksum of it all. The words
//! come first so that a layer found a piece at a time is written as it
//! is found.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::ops::Range;
use std::path::{Path, PathBuf};

use super::packed::{BLOCK, Block, Cursor, Keys, Packed, Packer};
use crate::error::Error;
use crate::files::format::{Durability, TableReader, TableWriter, table_header_len};
use crate::space::SortKey;

/// The first bytes of a layer file, and its layout's version.
const MAGIC: [u8; 8] = *b"SRCHSRTL";
const VERSION: u32 = 1;

/// What a layer file is, for the message that refuses another file.
const KIND: &str = "a layer of a sorted enumeration";

/// Blocks read from a file at once: a few hundred kilobytes.
const CHUNK: usize = 32;

/// The bytes of one block's entry in a file's index, past its first
/// key: where its words start, and its count of keys and code.
const ENTRY: u64 = 16;

/// The bytes that end a file's body: its counts of keys, blocks and
/// words.
const COUNTS: u64 = 24;

/// A layer's keys, sorted and distinct.
#[derive(Debug)]
pub(super) enum Layer<K> {
    Memory(Packed<K>),
    File(LayerFile<K>),
}

impl<K: SortKey> Layer<K> {
    /// The number of keys.
    pub(super) fn len(&self) -> u64 {
        match self {
            Layer::Memory(packed) => packed.len(),
            Layer::File(file) => file.len,
        }
    }

    /// The bytes of memory it holds.
    pub(super) fn bytes(&self) -> u64 {
        match self {
            Layer::Memory(packed) => packed.bytes(),
            Layer::File(file) => index_bytes(&file.index),
        }
    }

    /// The bytes its keys take, in memory or on disk.
    pub(super) fn stored_bytes(&self) -> u64 {
        match self {
            Layer::Memory(packed) => packed.bytes(),
            Layer::File(file) => file.words as u64 * 8 + index_bytes(&file.index),
        }
    }

    /// The number of blocks.
    pub(super) fn blocks(&self) -> usize {
        match self {
            Layer::Memory(packed) => packed.blocks(),
            Layer::File(file) => file.index.len(),
        }
    }

    /// The keys of blocks `blocks`, in order.
    pub(super) fn iter_blocks(&self, blocks: Range<usize>) -> LayerKeys<'_, K> {
        match self {
            Layer::Memory(packed) => LayerKeys::Memory(packed.iter_blocks(blocks)),
            Layer::File(file) => LayerKeys::File(Box::new(FileKeys::new(file, blocks))),
        }
    }

    /// Every key, in order.
    pub(super) fn iter(&self) -> LayerKeys<'_, K> {
        self.iter_blocks(0..self.blocks())
    }

    /// The keys from the block that would hold `key`, in order: a few
    /// below `key` may come first.
    pub(super) fn iter_near(&self, key: K) -> LayerKeys<'_, K> {
        match self {
            Layer::Memory(packed) => LayerKeys::Memory(packed.iter_from(key)),
            Layer::File(file) => {
                self.iter_blocks(file.block_of(key).unwrap_or(0)..file.index.len())
            }
        }
    }

    /// Whether it holds `key`.
    ///
    /// # Errors
    ///
    /// When its file cannot be read.
    pub(super) fn contains(&self, key: K) -> Result<bool, Error> {
        let mut keys = match self {
            Layer::Memory(packed) => LayerKeys::Memory(packed.iter_from(key)),
            Layer::File(file) => {
                let Some(block) = file.block_of(key) else { return Ok(false) };
                self.iter_blocks(block..block + 1)
            }
        };
        let found = keys.by_ref().find(|&found| found >= key) == Some(key);
        keys.check()?;
        Ok(found)
    }

    /// The path of its file, if it has one.
    pub(super) fn path(&self) -> Option<&Path> {
        match self {
            Layer::Memory(_) => None,
            Layer::File(file) => Some(&file.path),
        }
    }
}

/// The bytes of a file's index in memory.
fn index_bytes<K>(index: &Vec<Block<K>>) -> u64 {
    (index.capacity() * size_of::<Block<K>>()) as u64
}

/// The keys of a [`Layer`], decoded as they are read.
#[derive(Debug)]
pub(super) enum LayerKeys<'l, K> {
    Memory(Keys<'l, K>),
    File(Box<FileKeys<'l, K>>),
}

impl<K> LayerKeys<'_, K> {
    /// The error that ended the keys early, if one did: a file that
    /// could not be read. A reader of a layer asks once it is done.
    ///
    /// # Errors
    ///
    /// That error.
    pub(super) fn check(&mut self) -> Result<(), Error> {
        match self {
            LayerKeys::Memory(_) => Ok(()),
            LayerKeys::File(keys) => keys.error.take().map_or(Ok(()), Err),
        }
    }
}

impl<K: SortKey> Iterator for LayerKeys<'_, K> {
    type Item = K;

    #[inline]
    fn next(&mut self) -> Option<K> {
        match self {
            LayerKeys::Memory(keys) => keys.next(),
            LayerKeys::File(keys) => keys.next(),
        }
    }
}

/// A layer in a file: its index in memory, its codes on disk.
#[derive(Debug)]
pub(super) struct LayerFile<K> {
    path: PathBuf,
    index: Vec<Block<K>>,
    /// The number of keys, and of words of codes.
    len: u64,
    words: usize,
    /// Where in the file the words begin: past the header.
    body: u64,
}

impl<K: SortKey> LayerFile<K> {
    /// The bytes of a block's entry in the index.
    const ENTRY: u64 = K::BYTES as u64 + ENTRY;

    /// The block that would hold `key`: the last whose first key is at
    /// or before it; none when `key` is below every key.
    fn block_of(&self, key: K) -> Option<usize> {
        self.index.partition_point(|block| block.first <= key).checked_sub(1)
    }

    /// The layer file at `path`, of the run `description` names, read
    /// whole to check it: the index kept, the words left on disk.
    ///
    /// # Errors
    ///
    /// [`TableFile`](crate::ErrorKind::TableFile), naming the file, when
    /// it cannot be read, is not a layer file of this run, is cut short
    /// or fails its checksum.
    pub(super) fn open(path: &Path, description: &str) -> Result<LayerFile<K>, Error> {
        let mut input = TableReader::open(path, MAGIC, VERSION, KIND, description)?;
        let body = table_header_len(description);
        let corrupt =
            |input: &TableReader<'_>, what: &str| input.fail(format!("is corrupt: {what}"));
        // The counts end the body: read them first, to know its shape.
        let length = input.length();
        let (len, blocks, words) = read_counts(path, length)
            .map_err(|e| Error::table_file(path, format!("cannot be read: {e}")))?;
        let expected = blocks
            .checked_mul(Self::ENTRY)
            .and_then(|index| words.checked_mul(8)?.checked_add(index))
            .and_then(|sizes| sizes.checked_add(body + COUNTS + 8));
        if expected != Some(length) {
            return Err(corrupt(&input, "its counts do not match its length"));
        }
        let mut chunk = vec![0u8; 1 << 16];
        let mut left = words * 8;
        while left > 0 {
            let now = left.min(chunk.len() as u64) as usize;
            input.read_exact(&mut chunk[..now])?;
            left -= now as u64;
        }
        let blocks = usize::try_from(blocks).map_err(|_| corrupt(&input, "too many blocks"))?;
        let mut index = Vec::new();
        index
            .try_reserve_exact(blocks)
            .map_err(|_| Error::allocation_failed(blocks as u64 * size_of::<Block<K>>() as u64))?;
        let (mut keys, mut next_word, mut last) = (0u64, 0usize, None);
        let mut bytes = [0; 16];
        for _ in 0..blocks {
            input.read_exact(&mut bytes[..K::BYTES])?;
            let first = K::read_le(&bytes[..K::BYTES]);
            let word = input.read_u64()?;
            let shape = input.read_u64()?;
            let block = Block {
                first,
                word: usize::try_from(word).unwrap_or(usize::MAX),
                keys: shape as u32,
                k: (shape >> 32) as u32,
            };
            let in_order = last.is_none_or(|last| first > last) && block.word >= next_word;
            let shaped = block.keys > 0 && block.keys as usize <= BLOCK && block.has_code();
            if !in_order || !shaped || word > words {
                return Err(corrupt(&input, "its index is out of order"));
            }
            (keys, next_word, last) = (keys + u64::from(block.keys), block.word, Some(first));
            index.push(block);
        }
        for count in [len, blocks as u64, words] {
            if input.read_u64()? != count {
                return Err(corrupt(&input, "its counts differ"));
            }
        }
        if keys != len {
            return Err(corrupt(&input, "its index counts other keys"));
        }
        input.finish()?;
        let words =
            usize::try_from(words).map_err(|_| Error::table_file(path, "is too large".into()))?;
        Ok(LayerFile { path: path.to_owned(), index, len, words, body })
    }
}

/// The counts that end the body of the layer file at `path`, `length`
/// bytes long: keys, blocks and words.
fn read_counts(path: &Path, length: u64) -> std::io::Result<(u64, u64, u64)> {
    let mut file = File::open(path)?;
    let at = length.checked_sub(COUNTS + 8).ok_or(std::io::ErrorKind::UnexpectedEof)?;
    file.seek(SeekFrom::Start(at))?;
    let mut counts = [0u8; COUNTS as usize];
    file.read_exact(&mut counts)?;
    let count =
        |i: usize| u64::from_le_bytes(counts[i * 8..i * 8 + 8].try_into().unwrap_or_default());
    Ok((count(0), count(1), count(2)))
}

/// The keys of a [`LayerFile`], read a chunk of blocks at a time.
#[derive(Debug)]
pub(super) struct FileKeys<'l, K> {
    layer: &'l LayerFile<K>,
    file: Option<File>,
    /// The blocks not yet begun.
    blocks: Range<usize>,
    /// The blocks whose words are read, and the words, from `base`.
    loaded: Range<usize>,
    words: Vec<u64>,
    base: usize,
    bytes: Vec<u8>,
    cursor: Cursor<K>,
    /// What ended the keys early.
    error: Option<Error>,
}

impl<'l, K: SortKey> FileKeys<'l, K> {
    fn new(layer: &'l LayerFile<K>, blocks: Range<usize>) -> FileKeys<'l, K> {
        let blocks = blocks.start.min(layer.index.len())..blocks.end.min(layer.index.len());
        FileKeys {
            layer,
            file: None,
            blocks,
            loaded: 0..0,
            words: Vec::new(),
            base: 0,
            bytes: Vec::new(),
            cursor: Cursor::default(),
            error: None,
        }
    }

    /// Reads the words of the blocks from `block`, a chunk of them.
    fn load(&mut self, block: usize) -> std::io::Result<()> {
        let index = &self.layer.index;
        let end = (block + CHUNK).min(self.blocks.end);
        let from = index[block].word;
        let to = index.get(end).map_or(self.layer.words, |next| next.word);
        let file = match &mut self.file {
            Some(file) => file,
            None => self.file.insert(File::open(&self.layer.path)?),
        };
        file.seek(SeekFrom::Start(self.layer.body + from as u64 * 8))?;
        self.bytes.resize((to - from) * 8, 0);
        file.read_exact(&mut self.bytes)?;
        self.words.clear();
        self.words.extend(
            self.bytes
                .chunks_exact(8)
                .map(|word| u64::from_le_bytes(word.try_into().unwrap_or_default())),
        );
        (self.base, self.loaded) = (from, block..end);
        Ok(())
    }
}

impl<K: SortKey> Iterator for FileKeys<'_, K> {
    type Item = K;

    #[inline]
    fn next(&mut self) -> Option<K> {
        if let Some(key) = self.cursor.next(&self.words) {
            return Some(key);
        }
        let block = self.blocks.next()?;
        if !self.loaded.contains(&block)
            && let Err(error) = self.load(block)
        {
            let reason = format!("cannot be read: {error}");
            self.error = Some(Error::table_file(&self.layer.path, reason));
            self.blocks.start = self.blocks.end;
            return None;
        }
        Some(self.cursor.enter(&self.layer.index[block], self.base))
    }
}

/// Where a layer found a piece at a time goes: memory, or a file.
pub(super) enum LayerSink<K> {
    Memory(Packed<K>),
    File(Box<LayerWriter<K>>),
}

impl<K: SortKey> LayerSink<K> {
    /// A layer in memory.
    pub(super) fn memory() -> LayerSink<K> {
        LayerSink::Memory(Packed::default())
    }

    /// A layer in a new file at `path`, of the run `description` names.
    ///
    /// # Errors
    ///
    /// When the file cannot be made, naming it.
    pub(super) fn file(path: &Path, description: &str) -> Result<LayerSink<K>, Error> {
        let out = TableWriter::create(path, (MAGIC, VERSION, description))?;
        Ok(LayerSink::File(Box::new(LayerWriter {
            path: path.to_owned(),
            out,
            index: Vec::new(),
            words: 0,
            len: 0,
            bytes: Vec::new(),
        })))
    }

    /// Adds `piece`'s keys after those added, every one of which is
    /// below its first.
    ///
    /// # Errors
    ///
    /// When memory is refused, or the file cannot be written.
    pub(super) fn append(&mut self, piece: &Packed<K>) -> Result<(), Error> {
        match self {
            LayerSink::Memory(packed) => packed.append(piece),
            LayerSink::File(writer) => writer.append(piece),
        }
    }

    /// Adds keys, in order, past those added.
    ///
    /// # Errors
    ///
    /// As [`append`](LayerSink::append).
    pub(super) fn extend(&mut self, keys: impl Iterator<Item = K>) -> Result<(), Error> {
        let mut piece = Packer::default();
        for key in keys {
            piece.push(key)?;
            if piece.len() >= (CHUNK * BLOCK) as u64 {
                self.append(&std::mem::take(&mut piece).finish()?)?;
            }
        }
        self.append(&piece.finish()?)
    }

    /// Whether the keys go to a file, not to memory.
    pub(super) fn is_file(&self) -> bool {
        matches!(self, LayerSink::File(_))
    }

    /// The bytes of memory it holds.
    pub(super) fn bytes(&self) -> u64 {
        match self {
            LayerSink::Memory(packed) => packed.bytes(),
            LayerSink::File(writer) => index_bytes(&writer.index),
        }
    }

    /// The layer, its file written whole and synced.
    ///
    /// # Errors
    ///
    /// When the file cannot be written, naming it.
    pub(super) fn finish(self) -> Result<Layer<K>, Error> {
        match self {
            LayerSink::Memory(mut packed) => {
                // Appended piece by piece, it may hold twice its bytes.
                packed.shrink();
                Ok(Layer::Memory(packed))
            }
            LayerSink::File(writer) => writer.finish().map(Layer::File),
        }
    }
}

/// A layer file being written.
pub(super) struct LayerWriter<K> {
    path: PathBuf,
    out: TableWriter,
    index: Vec<Block<K>>,
    words: usize,
    len: u64,
    bytes: Vec<u8>,
}

impl<K: SortKey> LayerWriter<K> {
    fn append(&mut self, piece: &Packed<K>) -> Result<(), Error> {
        let (words, index) = piece.parts();
        self.index
            .try_reserve(index.len())
            .map_err(|_| Error::allocation_failed(size_of_val(index) as u64))?;
        let shift = self.words;
        self.index.extend(index.iter().map(|&block| Block { word: block.word + shift, ..block }));
        for chunk in words.chunks(8192) {
            self.bytes.clear();
            self.bytes.extend(chunk.iter().flat_map(|word| word.to_le_bytes()));
            self.out.write_all(&self.bytes)?;
        }
        self.words += words.len();
        self.len += piece.len();
        Ok(())
    }

    fn finish(mut self) -> Result<LayerFile<K>, Error> {
        for block in &self.index {
            self.out.write_all(&block.first.le_bytes()[..K::BYTES])?;
            let shape = u64::from(block.keys) | u64::from(block.k) << 32;
            for value in [block.word as u64, shape] {
                self.out.write_all(&value.to_le_bytes())?;
            }
        }
        for count in [self.len, self.index.len() as u64, self.words as u64] {
            self.out.write_all(&count.to_le_bytes())?;
        }
        let body = self.out.body_start();
        self.out.finish(Durability::Synced)?;
        self.index.shrink_to_fit();
        Ok(LayerFile { path: self.path, index: self.index, len: self.len, words: self.words, body })
    }
}
