//! Word Ladder (LeetCode 127) and Word Ladder II (LeetCode 126).

use std::hash::{BuildHasher, Hasher};

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use search_core::breadth_first::Search;
use search_core::path::ShortestPaths;
use search_core::space::rank_by;
use search_core::{Limit, Ranking, Reversible, Run, Successors};

use crate::error::{Error, ErrorKind};

/// A dictionary of words of one length, as a state space: two words are
/// neighbours when they differ in exactly one letter.
///
/// Neighbours are found through wildcard buckets: `hot` sits in the buckets
/// `*ot`, `h*t` and `ho*`, and its neighbours are the other words of those
/// buckets. Building them costs one pass over the words a letter; no pair
/// of words is ever compared. States are word numbers, so searches keep
/// them in a flat array. The index keeps each word's letters once and
/// every bucket as a range of one array: about 13 bytes a letter of each
/// word ([`bytes`](WordLadder::bytes)), so a dictionary of millions of
/// words takes tens of megabytes.
///
/// # Example
///
/// ```
/// use puzzles::WordLadder;
///
/// let ladder = WordLadder::new(["hot", "dot", "dog", "lot", "log", "cog"])?;
/// let hot = ladder.id("hot").expect("listed");
/// let mut next: Vec<&str> = Vec::new();
/// search_core::Successors::successors(&ladder, &hot, |id, ()| next.push(ladder.word(id)));
/// next.sort();
/// assert_eq!(next, ["dot", "lot"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct WordLadder {
    /// Every word's letters, `length` a word, in the order of their numbers.
    letters: Vec<u8>,
    length: usize,
    /// Word numbers, found by the hash of their letters.
    ids: HashTable<u32>,
    /// For word `w`, its buckets are `buckets[w * length..][..length]`.
    buckets: Vec<u32>,
    /// The words of bucket `b` are `members[starts[b]..starts[b + 1]]`,
    /// in the order of their numbers.
    starts: Vec<u32>,
    members: Vec<u32>,
}

/// The bytes of the index a word of `length` letters takes, the tables'
/// slack included: its letters, its slot among the ids, its buckets, its
/// place in them, a bucket's start for each of its letters at the most,
/// and its slot in the table that finds the buckets of one position
/// while they are built.
fn bytes_a_word(length: usize) -> u64 {
    length as u64 * 13 + 16
}

impl WordLadder {
    /// The dictionary of `words`, all of one length, of ASCII letters.
    /// Repeated words are kept once.
    ///
    /// # Errors
    ///
    /// When a word is empty, has a character that is not a letter, or
    /// differs in length from the first.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::WordLadder;
    ///
    /// let error = WordLadder::new(["cat", "dog", "mouse"]).unwrap_err();
    /// assert_eq!(error.to_string(), "word 'mouse' has 5 letters, expected 3");
    /// ```
    pub fn new<I>(words: I) -> Result<WordLadder, Error>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        WordLadder::within(words, u64::MAX)
    }

    /// As [`new`](WordLadder::new), refused as soon as the index would
    /// pass `max_memory` bytes: before the rest of the words are read.
    ///
    /// # Errors
    ///
    /// As [`new`](WordLadder::new), and
    /// [`ErrorKind::DictionaryTooLarge`] past `max_memory`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{ErrorKind, WordLadder};
    ///
    /// let ladder = WordLadder::within(["cat", "cot", "dog"], 1 << 20)?;
    /// assert!(ladder.bytes() < 1 << 20);
    /// // Every word of four letters a to j: 10,000 words, over 64 KiB.
    /// let words = (0..10_000u32).map(|n| {
    ///     (0..4).map(|i| char::from(b'a' + (n / 10u32.pow(i) % 10) as u8)).collect::<String>()
    /// });
    /// let error = WordLadder::within(words, 64 << 10).unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::DictionaryTooLarge { limit: 65_536, .. }), "{error}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn within<I>(words: I, max_memory: u64) -> Result<WordLadder, Error>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let mut ladder = WordLadder::read(words, max_memory)?;
        ladder.build_buckets(max_memory)?;
        Ok(ladder)
    }

    /// The words' letters and numbers, without their buckets.
    fn read<I>(words: I, max_memory: u64) -> Result<WordLadder, Error>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let mut ladder = WordLadder {
            letters: Vec::new(),
            length: 0,
            ids: HashTable::new(),
            buckets: Vec::new(),
            starts: Vec::new(),
            members: Vec::new(),
        };
        for (index, word) in words.into_iter().enumerate() {
            ladder.insert(word.as_ref(), &format!("word {}", index + 1), max_memory)?;
        }
        Ok(ladder)
    }

    /// Adds `word` if it is new, and returns its number.
    fn insert(&mut self, word: &str, which: &str, max_memory: u64) -> Result<u32, Error> {
        if let Some(id) = self.id(word) {
            return Ok(id);
        }
        self.check(word, which)?;
        if self.letters.is_empty() {
            self.length = word.len();
        }
        let count = self.len() + 1;
        let needed = (count as u64).saturating_mul(bytes_a_word(self.length));
        let id = u32::try_from(self.len()).ok().filter(|_| needed <= max_memory);
        let Some(id) = id else {
            return Err(Error::new(ErrorKind::DictionaryTooLarge {
                words: count,
                bytes: needed,
                limit: max_memory,
            }));
        };
        self.letters.extend_from_slice(word.as_bytes());
        let letters = &self.letters;
        let length = self.length;
        let hash_of = |&other: &u32| hash_letters(word_at(letters, length, other), None);
        self.ids.insert_unique(hash_letters(word.as_bytes(), None), id, hash_of);
        Ok(id)
    }

    /// Sorts every word into its buckets, one position at a time: the
    /// words alike but for the letter there share a bucket.
    fn build_buckets(&mut self, max_memory: u64) -> Result<(), Error> {
        let (count, length) = (self.len(), self.length);
        let needed = (count as u64).saturating_mul(bytes_a_word(length));
        let cells = count.checked_mul(length).filter(|&cells| u32::try_from(cells).is_ok());
        let Some(cells) = cells.filter(|_| needed <= max_memory) else {
            return Err(Error::new(ErrorKind::DictionaryTooLarge {
                words: count,
                bytes: needed,
                limit: max_memory,
            }));
        };
        let letters = &self.letters;
        let letters_of = |w: u32| word_at(letters, length, w);
        let mut buckets = vec![0u32; cells];
        let mut bucket_count = 0u32;
        // The buckets of one position, found by their pattern, each by the
        // first word in it, whose letters are the pattern's.
        let mut of_pattern: HashTable<u32> = HashTable::with_capacity(count);
        let mut first_of: Vec<u32> = Vec::new();
        for position in 0..length {
            of_pattern.clear();
            first_of.clear();
            for word in 0..count as u32 {
                let hash = hash_letters(letters_of(word), Some(position));
                let alike = |&local: &u32| {
                    same_but(letters_of(first_of[local as usize]), letters_of(word), position)
                };
                let local = if let Some(&local) = of_pattern.find(hash, alike) {
                    local
                } else {
                    let local = first_of.len() as u32;
                    first_of.push(word);
                    let rehash = |&local: &u32| {
                        hash_letters(letters_of(first_of[local as usize]), Some(position))
                    };
                    of_pattern.insert_unique(hash, local, rehash);
                    local
                };
                buckets[word as usize * length + position] = bucket_count + local;
            }
            bucket_count += first_of.len() as u32;
        }
        drop((of_pattern, first_of));
        // Each bucket's words as a range of one array, by counting:
        // `starts[b + 1]` is first where bucket b ends, and moves back to
        // where it starts as its words are placed, last first.
        let mut starts = vec![0u32; bucket_count as usize + 1];
        for &bucket in &buckets {
            starts[bucket as usize + 1] += 1;
        }
        for bucket in 0..bucket_count as usize {
            starts[bucket + 1] += starts[bucket];
        }
        let mut members = vec![0u32; cells];
        for (cell, &bucket) in buckets.iter().enumerate().rev() {
            let end = &mut starts[bucket as usize + 1];
            *end -= 1;
            members[*end as usize] = (cell / length) as u32;
        }
        // starts[b + 1] is now where bucket b starts.
        starts.copy_within(1.., 0);
        starts[bucket_count as usize] = cells as u32;
        (self.buckets, self.starts, self.members) = (buckets, starts, members);
        Ok(())
    }

    /// The bytes the index takes.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::WordLadder;
    ///
    /// let ladder = WordLadder::new(["hot", "dot", "dog"])?;
    /// assert!(ladder.bytes() > 3 * 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bytes(&self) -> u64 {
        let words = |capacity: usize| capacity as u64 * 4;
        self.letters.capacity() as u64
            + (self.ids.capacity() as u64) * 5
            + words(self.buckets.capacity() + self.starts.capacity() + self.members.capacity())
    }

    fn check(&self, word: &str, which: &str) -> Result<(), Error> {
        if word.is_empty() {
            return Err(Error::new(ErrorKind::EmptyWord { which: which.to_string() }));
        }
        if let Some(position) = word.chars().position(|c| !c.is_ascii_alphabetic()) {
            return Err(Error::new(ErrorKind::NotALetter {
                word: word.to_string(),
                position: position + 1,
            }));
        }
        if !self.letters.is_empty() && word.len() != self.length {
            return Err(Error::new(ErrorKind::WordLength {
                word: word.to_string(),
                expected: self.length,
            }));
        }
        Ok(())
    }

    /// The number of a listed word.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::WordLadder;
    ///
    /// let ladder = WordLadder::new(["hot", "dot"])?;
    /// assert_eq!(ladder.id("dot"), Some(1));
    /// assert_eq!(ladder.id("cog"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn id(&self, word: &str) -> Option<u32> {
        let same = |&id: &u32| word_at(&self.letters, self.length, id) == word.as_bytes();
        self.ids.find(hash_letters(word.as_bytes(), None), same).copied()
    }

    /// The word numbered `id`.
    ///
    /// # Panics
    ///
    /// When `id` is not a word's number.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::WordLadder;
    ///
    /// let ladder = WordLadder::new(["hot", "dot"])?;
    /// assert_eq!(ladder.word(1), "dot");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn word(&self, id: u32) -> &str {
        // Every word was checked to be ASCII letters when it was read.
        std::str::from_utf8(word_at(&self.letters, self.length, id)).unwrap_or_default()
    }

    /// The number of words.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::WordLadder;
    ///
    /// assert_eq!(WordLadder::new(["a", "b", "a"])?.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn len(&self) -> usize {
        self.letters.len().checked_div(self.length).unwrap_or(0)
    }

    /// Whether there are no words.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::WordLadder;
    ///
    /// assert!(WordLadder::new(Vec::<String>::new())?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.letters.is_empty()
    }
}

/// The letters of word `id`.
fn word_at(letters: &[u8], length: usize, id: u32) -> &[u8] {
    &letters[id as usize * length..][..length]
}

/// The hash of `letters`, with the one at `skipped` left out.
fn hash_letters(letters: &[u8], skipped: Option<usize>) -> u64 {
    let mut hasher = FxBuildHasher.build_hasher();
    match skipped {
        None => hasher.write(letters),
        Some(at) => {
            hasher.write(&letters[..at]);
            hasher.write_u8(b'*');
            hasher.write(&letters[at + 1..]);
        }
    }
    hasher.finish()
}

/// Whether `a` and `b` are the same but for the letter at `position`.
fn same_but(a: &[u8], b: &[u8], position: usize) -> bool {
    a[..position] == b[..position] && a[position + 1..] == b[position + 1..]
}

/// The dictionary of `words` and `begin` within `run`'s memory limit, and
/// the numbers of `begin` and `end`: `None` when `end` is not listed (as
/// LeetCode asks; `begin` need not be). `end` is looked up before `begin`
/// is added, so that an unlisted end equal to `begin` is still unlisted
/// (LeetCode answers 0).
fn dictionary<S: AsRef<str>>(
    begin: &str,
    end: &str,
    words: &[S],
    run: &Run<'_>,
) -> Result<Option<(WordLadder, u32, u32)>, Error> {
    let max_memory = run.get_limits().get_max_memory();
    let mut ladder = WordLadder::read(words, max_memory)?;
    ladder.check(end, "the end word")?;
    let Some(end) = ladder.id(end) else {
        ladder.check(begin, "the begin word")?;
        return Ok(None);
    };
    let begin = ladder.insert(begin, "the begin word", max_memory)?;
    ladder.build_buckets(max_memory)?;
    Ok(Some((ladder, begin, end)))
}

/// Runs `search` on `ladder` within what its index leaves of `run`'s
/// memory limit: the index counts against the limit as the search's
/// tables do. A memory limit reached is named as the whole limit.
fn within_the_rest<T>(
    ladder: &WordLadder,
    run: &mut Run<'_>,
    search: impl FnOnce(&mut Run<'_>) -> Result<T, search_core::Error>,
) -> Result<T, Error> {
    let limits = run.get_limits();
    let limit = limits.get_max_memory();
    run.set_limits(limits.max_memory(limit.saturating_sub(ladder.bytes())));
    let answer = search(run);
    run.set_limits(limits);
    answer.map_err(|error| match error.kind() {
        search_core::ErrorKind::LimitReached(Limit::Memory(_)) => {
            search_core::Error::new(search_core::ErrorKind::LimitReached(Limit::Memory(limit)))
                .into()
        }
        _ => error.into(),
    })
}

impl Successors for WordLadder {
    type State = u32;
    type Move = ();

    fn successors<F: FnMut(u32, ())>(&self, &word: &u32, mut report: F) {
        let start = word as usize * self.length;
        for &bucket in &self.buckets[start..start + self.length] {
            let (from, to) = (self.starts[bucket as usize], self.starts[bucket as usize + 1]);
            for &other in &self.members[from as usize..to as usize] {
                if other != word {
                    report(other, ());
                }
            }
        }
    }

    fn ranking(&self) -> Option<impl Ranking<u32> + '_> {
        Some(rank_by(self.len() as u64, |&word: &u32| u64::from(word)))
    }
}

impl Reversible for WordLadder {}

/// LeetCode 127: the number of words in a shortest ladder from `begin` to
/// `end`, counting both, changing one letter at a time through `words`; 0
/// when there is none or `end` is not in `words`. `begin` need not be
/// listed.
///
/// # Errors
///
/// When a word is empty, is not ASCII letters, or differs in length from
/// the others.
///
/// # Example
///
/// ```
/// use puzzles::ladder_length;
///
/// let words = ["hot", "dot", "dog", "lot", "log", "cog"];
/// assert_eq!(ladder_length("hit", "cog", &words)?, 5);
/// assert_eq!(ladder_length("hit", "cog", &words[..5])?, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ladder_length<S: AsRef<str>>(begin: &str, end: &str, words: &[S]) -> Result<usize, Error> {
    ladder_length_with(begin, end, words, &mut Run::new())
}

/// As [`ladder_length`], under `run`: its limits, its observer and its
/// cancel handle.
///
/// # Errors
///
/// As for [`ladder_length`], and when the search reaches a limit.
///
/// # Example
///
/// ```
/// use puzzles::ladder_length_with;
/// use search_core::{Limits, Run};
///
/// let words = ["hot", "dot", "dog", "lot", "log", "cog"];
/// let mut run = Run::new().limits(Limits::new().max_depth(2));
/// let error = ladder_length_with("hit", "cog", &words, &mut run).unwrap_err();
/// assert_eq!(error.to_string(), "search reached its depth limit of 2 moves without an answer");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ladder_length_with<S: AsRef<str>>(
    begin: &str,
    end: &str,
    words: &[S],
    run: &mut Run<'_>,
) -> Result<usize, Error> {
    let Some((ladder, begin, end)) = dictionary(begin, end, words, run)? else {
        return Ok(0);
    };
    let distance = within_the_rest(&ladder, run, |run| {
        Search::new().distance(&ladder, [begin], |&w| w == end, run)
    })?;
    Ok(distance.map_or(0, |moves| moves + 1))
}

/// LeetCode 126: every shortest ladder from `begin` to `end`, each from
/// `begin` to `end`; none when there is no ladder or `end` is not listed.
///
/// The ladders are read from search-core's graph of shortest paths. There
/// can be very many; [`count_ladders`] counts them without building them,
/// and [`first_ladder_with`] finds the first in alphabetical order.
///
/// # Errors
///
/// As for [`ladder_length`].
///
/// # Example
///
/// ```
/// use puzzles::find_ladders;
///
/// let mut ladders = find_ladders("hit", "cog", &["hot", "dot", "dog", "lot", "log", "cog"])?;
/// ladders.sort();
/// assert_eq!(ladders, [["hit", "hot", "dot", "dog", "cog"], ["hit", "hot", "lot", "log", "cog"]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find_ladders<S: AsRef<str>>(
    begin: &str,
    end: &str,
    words: &[S],
) -> Result<Vec<Vec<String>>, Error> {
    find_ladders_with(begin, end, words, &mut Run::new())
}

/// As [`find_ladders`], under `run`: its limits, its observer and its
/// cancel handle. The list of ladders counts against the run's memory
/// limit with the search's tables.
///
/// # Errors
///
/// As for [`ladder_length`], when the search reaches a limit, and
/// [`ErrorKind::TooManyLadders`] when the ladders would take more memory
/// than the limit leaves: the error says before any is built.
///
/// # Example
///
/// ```
/// use puzzles::{ErrorKind, find_ladders_with};
/// use search_core::{Limits, Run};
///
/// let words = ["hot", "dot", "dog", "lot", "log", "cog"];
/// let mut run = Run::new().limits(Limits::new().max_states(3));
/// assert!(find_ladders_with("hit", "cog", &words, &mut run).is_err());
///
/// // The 4-cube of words over a and b: 4! ladders from aaaa to bbbb.
/// let cube: Vec<String> = (0..16u8)
///     .map(|bits| (0..4).map(|i| if bits >> i & 1 == 1 { 'b' } else { 'a' }).collect())
///     .collect();
/// let mut run = Run::new().limits(Limits::new().max_memory(2_000));
/// let error = find_ladders_with("aaaa", "bbbb", &cube, &mut run).unwrap_err();
/// assert!(matches!(error.kind(), ErrorKind::TooManyLadders { ladders: 24, .. }), "{error}");
/// assert_eq!(find_ladders_with("aaaa", "bbbb", &cube, &mut Run::new())?.len(), 24);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find_ladders_with<S: AsRef<str>>(
    begin: &str,
    end: &str,
    words: &[S],
    run: &mut Run<'_>,
) -> Result<Vec<Vec<String>>, Error> {
    let Some((ladder, paths)) = shortest_ladders(begin, end, words, run)? else {
        return Ok(Vec::new());
    };
    let Some(moves) = paths.distance() else {
        return Ok(Vec::new());
    };
    // Every ladder has as many words, each the same length: what the list
    // takes is known before it is built, and must fit what the dictionary
    // and the search's tables left of the memory limit.
    let ladders = paths.count();
    let words_each = moves as u128 + 1;
    let bytes_each = size_of::<Vec<String>>() as u128
        + words_each * (size_of::<String>() + ladder.length) as u128;
    let bytes = ladders.saturating_mul(bytes_each);
    let limit = run.get_limits().get_max_memory();
    if bytes > u128::from(limit.saturating_sub(run.memory() + ladder.bytes())) {
        return Err(Error::new(ErrorKind::TooManyLadders { ladders, bytes, limit }));
    }
    let mut list = Vec::new();
    list.try_reserve_exact(usize::try_from(ladders).unwrap_or(usize::MAX)).map_err(|_| {
        search_core::Error::new(search_core::ErrorKind::AllocationFailed {
            bytes: u64::try_from(bytes).unwrap_or(u64::MAX),
        })
    })?;
    list.extend(
        paths
            .paths()
            .map(|path| path.states().iter().map(|&w| ladder.word(w).to_string()).collect()),
    );
    Ok(list)
}

/// The first shortest ladder from `begin` to `end` in alphabetical order
/// (the first of [`find_ladders`]'s once sorted), found without building
/// the others, of which there may be billions; `None` when there is no
/// ladder or `end` is not listed.
///
/// # Errors
///
/// As for [`find_ladders_with`].
///
/// # Example
///
/// ```
/// use puzzles::first_ladder_with;
/// use search_core::Run;
///
/// let words = ["hot", "dot", "dog", "lot", "log", "cog"];
/// let ladder = first_ladder_with("hit", "cog", &words, &mut Run::new())?;
/// assert_eq!(ladder.expect("a ladder"), ["hit", "hot", "dot", "dog", "cog"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn first_ladder_with<S: AsRef<str>>(
    begin: &str,
    end: &str,
    words: &[S],
    run: &mut Run<'_>,
) -> Result<Option<Vec<String>>, Error> {
    let Some((ladder, paths)) = shortest_ladders(begin, end, words, run)? else {
        return Ok(None);
    };
    let first = paths.first_path_by_key(|&w| ladder.word(w))?;
    Ok(first.map(|path| path.states().iter().map(|&w| ladder.word(w).to_string()).collect()))
}

/// The number of shortest ladders from `begin` to `end` (saturating at
/// `u128::MAX`), without building them.
///
/// # Errors
///
/// As for [`ladder_length`].
///
/// # Example
///
/// ```
/// use puzzles::count_ladders;
///
/// assert_eq!(count_ladders("hit", "cog", &["hot", "dot", "dog", "lot", "log", "cog"])?, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_ladders<S: AsRef<str>>(begin: &str, end: &str, words: &[S]) -> Result<u128, Error> {
    let ladders = shortest_ladders(begin, end, words, &mut Run::new())?;
    Ok(ladders.map_or(0, |(_, paths)| paths.count()))
}

/// The dictionary of `words` with `begin` in it, and the graph of every
/// shortest ladder from `begin` to `end`; `None` when `end` is not
/// listed. What [`find_ladders_with`], [`first_ladder_with`] and
/// [`count_ladders`] read their answers from.
fn shortest_ladders<S: AsRef<str>>(
    begin: &str,
    end: &str,
    words: &[S],
    run: &mut Run<'_>,
) -> Result<Option<(WordLadder, ShortestPaths<u32, ()>)>, Error> {
    let Some((ladder, begin, end)) = dictionary(begin, end, words, run)? else {
        return Ok(None);
    };
    let paths = within_the_rest(&ladder, run, |run| {
        Search::new().all_shortest_paths(&ladder, [begin], |&w| w == end, run)
    })?;
    Ok(Some((ladder, paths)))
}
