//! [`Packed`]: sorted, distinct keys held as the gaps between them in
//! Golomb-Rice code, in blocks that each start from a whole key (kept in
//! the index), so that a block decodes on its own and a key is found by
//! a binary search of the blocks' first keys.
//!
//! A block's gaps (each less one, as keys are distinct) are written in
//! whichever of two codes takes fewer bits for them. Golomb-Rice with one
//! parameter `k` for the block, chosen for the fewest bits: a gap `g` is
//! its high part `g >> k` in unary (that many ones, then a zero) and its
//! low `k` bits, about `log2(m) + 2` bits for gaps near their mean `m`, a
//! little over the information bound of `n` keys among `U`,
//! `log2(e * U / n)` bits a key. Or LEB128, whole bytes a gap, for gaps
//! that cluster (ranks of nearby states), where one `k` fits neither the
//! small gaps nor the large.
//!
//! Keys are `u64` or `u128` ([`SortKey`]); the words of the codes are
//! 64 bits either way.

use crate::error::Error;
use crate::space::SortKey;

/// Keys a block holds: the unit of parallel work and of a seek, and the
/// keys one `k` fits.
pub(crate) const BLOCK: usize = 4096;

/// A high part this long or longer is written as this many ones, then
/// the whole gap in the key's width: a gap far above its block's mean.
const ESCAPE: u32 = 64;

/// The `k` of a block written in LEB128.
const BYTES: u32 = u32::MAX;

impl<K: SortKey> Block<K> {
    /// Whether its `k` is one a block is written with: a file's index
    /// that says otherwise is not read.
    pub(super) fn has_code(&self) -> bool {
        self.k < K::BITS || self.k == BYTES
    }
}

/// Where a block starts and how to read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Block<K> {
    pub(super) first: K,
    /// Its first word: every block starts on one.
    pub(super) word: usize,
    /// The keys it holds, the first among them.
    pub(super) keys: u32,
    /// The low bits of each gap, or [`BYTES`].
    pub(super) k: u32,
}

/// Sorted, distinct keys, coded as the gaps between them.
#[derive(Debug)]
pub(crate) struct Packed<K> {
    words: Vec<u64>,
    index: Vec<Block<K>>,
    len: u64,
}

impl<K> Default for Packed<K> {
    fn default() -> Packed<K> {
        Packed { words: Vec::new(), index: Vec::new(), len: 0 }
    }
}

impl<K: SortKey> Packed<K> {
    /// The number of keys.
    pub(crate) fn len(&self) -> u64 {
        self.len
    }

    /// The bytes the keys and their index take.
    pub(crate) fn bytes(&self) -> u64 {
        (self.words.capacity() * 8 + self.index.capacity() * size_of::<Block<K>>()) as u64
    }

    /// The number of blocks.
    pub(crate) fn blocks(&self) -> usize {
        self.index.len()
    }

    /// The first key of block `block`.
    pub(crate) fn first_of(&self, block: usize) -> K {
        self.index[block].first
    }

    /// The keys of blocks `blocks`, in order.
    pub(crate) fn iter_blocks(&self, blocks: std::ops::Range<usize>) -> Keys<'_, K> {
        let blocks = &self.index[blocks.start.min(self.index.len())..blocks.end];
        Keys { words: &self.words, blocks, cursor: Cursor::default() }
    }

    /// Every key, in order.
    pub(crate) fn iter(&self) -> Keys<'_, K> {
        self.iter_blocks(0..self.blocks())
    }

    /// The keys from the first at or past `key`, in order.
    pub(crate) fn iter_from(&self, key: K) -> Keys<'_, K> {
        // The last block whose first key is at or before `key` holds it,
        // if any does.
        let block = self.index.partition_point(|block| block.first <= key).saturating_sub(1);
        let mut keys = self.iter_blocks(block..self.blocks());
        keys.skip_below(key);
        keys
    }

    /// The words of the keys' codes, and the blocks that index them.
    pub(super) fn parts(&self) -> (&[u64], &[Block<K>]) {
        (&self.words, &self.index)
    }

    /// Gives back the room that appending left spare.
    pub(crate) fn shrink(&mut self) {
        self.words.shrink_to_fit();
        self.index.shrink_to_fit();
    }

    /// Adds `other`'s keys after these, every one of which is below
    /// `other`'s first.
    ///
    /// # Errors
    ///
    /// When memory for them is refused.
    pub(crate) fn append(&mut self, other: &Packed<K>) -> Result<(), Error> {
        debug_assert!(
            other.len == 0
                || self.iter_blocks(self.blocks().saturating_sub(1)..self.blocks()).last()
                    < other.iter().next()
        );
        let shift = self.words.len();
        reserve(&mut self.words, other.words.len())?;
        reserve(&mut self.index, other.index.len())?;
        self.words.extend_from_slice(&other.words);
        self.index
            .extend(other.index.iter().map(|&block| Block { word: block.word + shift, ..block }));
        self.len += other.len;
        Ok(())
    }
}

/// Where a reader is within a block: what decodes a block's keys, from
/// memory ([`Keys`]) or from a chunk of a file read into memory.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Cursor<K> {
    /// The next bit to read, within the words given.
    bit: usize,
    /// Keys left in the block, and its `k`.
    left: u32,
    k: u32,
    previous: K,
}

impl<K: SortKey> Cursor<K> {
    /// Begins `block`, whose words are read from `base` of the words the
    /// cursor is given: its first key.
    #[inline]
    pub(super) fn enter(&mut self, block: &Block<K>, base: usize) -> K {
        self.bit = (block.word - base) * 64;
        self.left = block.keys - 1;
        self.k = block.k;
        self.previous = block.first;
        block.first
    }

    /// The block's next key, if it has one left.
    #[inline]
    pub(super) fn next(&mut self, words: &[u64]) -> Option<K> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        if self.k == BYTES {
            let mut gap = K::zero();
            for shift in (0..K::BITS as usize).step_by(7) {
                let byte = peek(words, self.bit) & 0xff;
                self.bit += 8;
                gap = gap | K::from_word(byte & 0x7f) << shift;
                if byte < 0x80 {
                    break;
                }
            }
            self.previous = self.previous + gap + K::one();
            return Some(self.previous);
        }
        let ones = peek(words, self.bit).trailing_ones();
        let gap = if ones < ESCAPE {
            self.bit += ones as usize + 1;
            let low = read(words, self.bit, self.k);
            self.bit += self.k as usize;
            K::from_word(u64::from(ones)) << self.k as usize | low
        } else {
            self.bit += ESCAPE as usize;
            let gap = read(words, self.bit, K::BITS);
            self.bit += K::BITS as usize;
            gap
        };
        // A gap of 1 is written as 0.
        self.previous = self.previous + gap + K::one();
        Some(self.previous)
    }
}

/// The `bits` bits of `words` from bit `bit` (0 to the key's width), as
/// a key.
#[inline]
fn read<K: SortKey>(words: &[u64], bit: usize, bits: u32) -> K {
    if bits == 0 {
        return K::zero();
    }
    // A `u64` key's width is known here: one word, no second test.
    if K::BITS <= 64 || bits <= 64 {
        return K::from_word(peek(words, bit) & (u64::MAX >> (64 - bits)));
    }
    K::from_word(peek(words, bit)) | read::<K>(words, bit + 64, bits - 64) << 64
}

/// The 64 bits of `words` from bit `bit`, zeros past the end.
#[inline]
fn peek(words: &[u64], bit: usize) -> u64 {
    let (word, offset) = (bit / 64, bit % 64);
    let low = words.get(word).map_or(0, |&w| w >> offset);
    if offset == 0 { low } else { low | words.get(word + 1).map_or(0, |&w| w << (64 - offset)) }
}

/// The keys of a [`Packed`], decoded as they are read.
#[derive(Clone, Debug)]
pub(crate) struct Keys<'p, K> {
    words: &'p [u64],
    /// The blocks not yet begun.
    blocks: &'p [Block<K>],
    cursor: Cursor<K>,
}

impl<K: SortKey> Keys<'_, K> {
    /// Drops the keys below `key`.
    fn skip_below(&mut self, key: K) {
        let mut ahead = self.clone();
        while let Some(next) = ahead.next() {
            if next >= key {
                return;
            }
            *self = ahead.clone();
        }
        *self = ahead;
    }
}

impl<K: SortKey> Iterator for Keys<'_, K> {
    type Item = K;

    #[inline]
    fn next(&mut self) -> Option<K> {
        if let Some(key) = self.cursor.next(self.words) {
            return Some(key);
        }
        let (block, rest) = self.blocks.split_first()?;
        self.blocks = rest;
        Some(self.cursor.enter(block, 0))
    }
}

/// Writes sorted, distinct keys into a [`Packed`], a block at a time.
#[derive(Debug)]
pub(crate) struct Packer<K> {
    packed: Packed<K>,
    /// The open block's first key and its gaps (each less one).
    first: K,
    gaps: Vec<K>,
    previous: K,
    /// Bits of the last word written that are taken.
    used: u32,
}

impl<K: SortKey> Default for Packer<K> {
    fn default() -> Packer<K> {
        let zero = K::zero();
        Packer { packed: Packed::default(), first: zero, gaps: Vec::new(), previous: zero, used: 0 }
    }
}

impl<K: SortKey> Packer<K> {
    /// The number of keys added.
    pub(crate) fn len(&self) -> u64 {
        self.packed.len
    }

    /// Adds `key`, which must be past every key added before.
    ///
    /// # Errors
    ///
    /// When memory for the bits is refused.
    #[inline]
    pub(crate) fn push(&mut self, key: K) -> Result<(), Error> {
        debug_assert!(self.packed.len == 0 || key > self.previous, "keys out of order");
        if self.packed.len == 0 || self.gaps.len() + 1 == BLOCK {
            if self.packed.len > 0 {
                self.close_block()?;
            }
            self.first = key;
        } else {
            if self.gaps.is_empty() {
                reserve(&mut self.gaps, BLOCK)?;
            }
            self.gaps.push(key - self.previous - K::one());
        }
        self.previous = key;
        self.packed.len += 1;
        Ok(())
    }

    /// Writes the open block: its entry in the index, and its gaps from
    /// a new word, in the code that takes fewer bits for them.
    fn close_block(&mut self) -> Result<(), Error> {
        let k = best_code(&self.gaps);
        reserve(&mut self.packed.index, 1)?;
        let word = self.packed.words.len();
        let keys = self.gaps.len() as u32 + 1;
        self.packed.index.push(Block { first: self.first, word, keys, k });
        self.used = 64;
        let gaps = std::mem::take(&mut self.gaps);
        let (byte, escape) = (K::from_word(0x80), K::from_word(u64::from(ESCAPE)));
        for &gap in &gaps {
            if k == BYTES {
                let mut rest = gap;
                while rest >= byte {
                    self.write(rest.low_word() & 0x7f | 0x80, 8)?;
                    rest = rest >> 7;
                }
                self.write(rest.low_word(), 8)?;
                continue;
            }
            let high = gap >> k as usize;
            if high >= escape {
                self.write_ones(ESCAPE)?;
                self.write_key(gap, K::BITS)?;
                continue;
            }
            self.write_ones(high.low_word() as u32)?;
            self.write(0, 1)?;
            self.write_key(gap, k)?;
        }
        self.gaps = gaps;
        self.gaps.clear();
        Ok(())
    }

    /// Writes the low `bits` bits of `key` (0 to its width).
    #[inline]
    fn write_key(&mut self, key: K, bits: u32) -> Result<(), Error> {
        if bits == 0 {
            return Ok(());
        }
        if K::BITS <= 64 || bits <= 64 {
            return self.write(key.low_word() & (u64::MAX >> (64 - bits)), bits);
        }
        self.write(key.low_word(), 64)?;
        self.write_key(key >> 64, bits - 64)
    }

    /// Writes `count` ones.
    fn write_ones(&mut self, mut count: u32) -> Result<(), Error> {
        while count > 0 {
            let now = count.min(32);
            self.write(u64::MAX >> (64 - now), now)?;
            count -= now;
        }
        Ok(())
    }

    /// Writes the low `bits` bits of `value` (1 to 64 of them).
    #[inline]
    fn write(&mut self, value: u64, bits: u32) -> Result<(), Error> {
        let words = &mut self.packed.words;
        if self.used == 64 {
            if words.len() == words.capacity() {
                reserve(words, (words.len() / 2).max(64))?;
            }
            words.push(0);
            self.used = 0;
        }
        let last = words.len() - 1;
        words[last] |= value << self.used;
        let room = 64 - self.used;
        if bits <= room {
            self.used += bits;
        } else {
            if words.len() == words.capacity() {
                reserve(words, (words.len() / 2).max(64))?;
            }
            words.push(value >> room);
            self.used = bits - room;
        }
        Ok(())
    }

    /// The keys written, their spare room given back.
    ///
    /// # Errors
    ///
    /// When memory for the last block is refused.
    pub(crate) fn finish(mut self) -> Result<Packed<K>, Error> {
        if self.packed.len > 0 {
            self.close_block()?;
        }
        self.packed.words.shrink_to_fit();
        self.packed.index.shrink_to_fit();
        Ok(self.packed)
    }
}

/// The code that writes `gaps` in the fewest bits: the `k` of
/// Golomb-Rice, tried from the one of their mean down to a dozen below
/// (clustered gaps pay less unary with a smaller `k` than their mean's),
/// or [`BYTES`].
fn best_code<K: SortKey>(gaps: &[K]) -> u32 {
    let escape = K::from_word(u64::from(ESCAPE));
    let rice = |k: u32| -> u64 {
        gaps.iter()
            .map(|&gap| match gap >> k as usize {
                high if high >= escape => u64::from(ESCAPE + K::BITS),
                high => high.low_word() + 1 + u64::from(k),
            })
            .sum()
    };
    let bytes: u64 = gaps
        .iter()
        .map(|&gap| 8 * u64::from((K::BITS - gap.leading_zeros()).max(1).div_ceil(7)))
        .sum();
    // The gaps of a block sum to less than its keys' span: no overflow.
    let sum = gaps.iter().fold(K::zero(), |sum, &gap| sum + gap);
    let mean = sum.checked_div(&K::from_word(gaps.len() as u64)).unwrap_or(K::zero());
    let top = (K::BITS - mean.leading_zeros()).saturating_sub(1);
    let (bits, k) = (top.saturating_sub(12)..=top).map(|k| (rice(k), k)).min().unwrap_or((0, 0));
    if bytes < bits { BYTES } else { k }
}

/// Keys sorted and distinct, packed.
///
/// # Errors
///
/// When memory for them is refused.
pub(crate) fn pack_sorted<K: SortKey>(keys: &[K]) -> Result<Packed<K>, Error> {
    let mut packer = Packer::default();
    for &key in keys {
        packer.push(key)?;
    }
    packer.finish()
}

/// Room for `more` items in `items`, or the allocator's refusal as an
/// error.
fn reserve<T>(items: &mut Vec<T>, more: usize) -> Result<(), Error> {
    items.try_reserve(more).map_err(|_| Error::allocation_failed((more * size_of::<T>()) as u64))
}

#[cfg(test)]
mod tests {
    use crate::sorted::packed::{BLOCK, pack_sorted};

    #[test]
    fn keys_come_back_in_order_from_anywhere() {
        let keys: Vec<u64> = (0..3 * BLOCK as u64 + 17).map(|i| i * i * 7 + (i % 5)).collect();
        let packed = pack_sorted(&keys).unwrap();
        assert_eq!(packed.len(), keys.len() as u64);
        assert_eq!(packed.blocks(), 4);
        assert_eq!(packed.iter().collect::<Vec<_>>(), keys);
        assert_eq!(packed.iter_blocks(1..3).collect::<Vec<_>>(), keys[BLOCK..3 * BLOCK]);
        for probe in [0, 1, 6, 7, keys[BLOCK], keys[BLOCK] + 1, keys[keys.len() - 1], u64::MAX] {
            let expected: Vec<u64> = keys.iter().copied().filter(|&k| k >= probe).collect();
            assert_eq!(packed.iter_from(probe).collect::<Vec<_>>(), expected, "from {probe}");
        }
        // Consecutive keys take a bit each, and far ones escape.
        let dense: Vec<u64> = (1_000_000..1_000_000 + 10 * BLOCK as u64).collect();
        let packed = pack_sorted(&dense).unwrap();
        assert!(packed.bytes() < 2 * BLOCK as u64, "{}", packed.bytes());
        assert_eq!(packed.iter().last(), dense.last().copied());
        // Clusters far apart: no one `k` fits, and bytes do.
        let clustered: Vec<u64> =
            (0..2 * BLOCK as u64).map(|i| (i / 8) * 3_000_017 + i % 8).collect();
        let packed = pack_sorted(&clustered).unwrap();
        assert_eq!(packed.iter().collect::<Vec<_>>(), clustered);
        assert_eq!(packed.iter_from(clustered[999]).next(), Some(clustered[999]));
        let wild = [0, 1, 2, 3, 1 << 40, (1 << 40) + 1, u64::MAX - 1, u64::MAX];
        assert_eq!(pack_sorted(&wild).unwrap().iter().collect::<Vec<_>>(), wild);
        assert_eq!(pack_sorted::<u64>(&[]).unwrap().iter().next(), None);
    }

    #[test]
    fn keys_of_128_bits_come_back_in_every_code() {
        // Spread (a large `k`), clustered (bytes) and wild (escapes).
        let spread: Vec<u128> =
            (0..2 * BLOCK as u128 + 5).map(|i| (i << 90) | ((i * 0x9e37_79b9) << 20)).collect();
        let clustered: Vec<u128> = (0..BLOCK as u128).map(|i| ((i / 8) << 70) | (i % 8)).collect();
        let wild = [0, 1, 1 << 64, (1 << 64) + 1, 1 << 127, u128::MAX - 1, u128::MAX];
        for keys in [&spread[..], &clustered[..], &wild[..]] {
            let packed = pack_sorted(keys).unwrap();
            assert_eq!(packed.iter().collect::<Vec<_>>(), keys);
            for probe in [keys[0], keys[1] - 1, keys[keys.len() / 2], keys[keys.len() - 1]] {
                let expected: Vec<u128> = keys.iter().copied().filter(|&k| k >= probe).collect();
                assert_eq!(packed.iter_from(probe).collect::<Vec<_>>(), expected, "from {probe}");
            }
        }
        // Gaps near 2^90 take about 92 bits each, not 128.
        let packed = pack_sorted(&spread).unwrap();
        assert!(packed.bytes() < spread.len() as u64 * 12, "{}", packed.bytes());
    }

    #[test]
    fn appended_pieces_read_as_one() {
        let keys: Vec<u64> = (0..5_000u64).map(|i| i * 3 + i / 7).collect();
        let mut whole = pack_sorted(&keys[..10]).unwrap();
        whole.append(&pack_sorted(&keys[10..4_200]).unwrap()).unwrap();
        whole.append(&pack_sorted(&[]).unwrap()).unwrap();
        whole.append(&pack_sorted(&keys[4_200..]).unwrap()).unwrap();
        assert_eq!(whole.len(), keys.len() as u64);
        assert_eq!(whole.iter().collect::<Vec<_>>(), keys);
        for probe in [keys[9], keys[10], keys[11], keys[4_199] + 1, keys[4_200]] {
            let expected: Vec<u64> = keys.iter().copied().filter(|&k| k >= probe).collect();
            assert_eq!(whole.iter_from(probe).collect::<Vec<_>>(), expected, "from {probe}");
        }
    }
}
