//! Word Ladder (LeetCode 127) and Word Ladder II (LeetCode 126).

use rustc_hash::FxHashMap;
use search_core::breadth_first::Search;
use search_core::path::ShortestPaths;
use search_core::space::rank_by;
use search_core::{Ranking, Reversible, Run, Successors};

use crate::error::{Error, ErrorKind};

/// A dictionary of words of one length, as a state space: two words are
/// neighbours when they differ in exactly one letter.
///
/// Neighbours are found through wildcard buckets: `hot` sits in the buckets
/// `*ot`, `h*t` and `ho*`, and its neighbours are the other words of those
/// buckets. Building them costs one pass over the words; no pair of words
/// is ever compared. States are word numbers, so searches keep them in a
/// flat array.
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
    words: Vec<String>,
    ids: FxHashMap<String, u32>,
    length: usize,
    /// For word `w`, its buckets are `buckets[w * length..][..length]`.
    buckets: Vec<u32>,
    members: Vec<Vec<u32>>,
    bucket_ids: FxHashMap<Vec<u8>, u32>,
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
        let mut ladder = WordLadder {
            words: Vec::new(),
            ids: FxHashMap::default(),
            length: 0,
            buckets: Vec::new(),
            members: Vec::new(),
            bucket_ids: FxHashMap::default(),
        };
        for (index, word) in words.into_iter().enumerate() {
            ladder.insert(word.as_ref(), &format!("word {}", index + 1))?;
        }
        Ok(ladder)
    }

    /// Adds `word` if it is new, and returns its number.
    fn insert(&mut self, word: &str, which: &str) -> Result<u32, Error> {
        if let Some(&id) = self.ids.get(word) {
            return Ok(id);
        }
        self.check(word, which)?;
        let id = self.words.len() as u32;
        if self.words.is_empty() {
            self.length = word.len();
        }
        let mut key = word.as_bytes().to_vec();
        for position in 0..self.length {
            let letter = key[position];
            key[position] = b'*';
            let next = self.members.len() as u32;
            let bucket = *self.bucket_ids.entry(key.clone()).or_insert(next);
            if bucket == next {
                self.members.push(Vec::new());
            }
            self.members[bucket as usize].push(id);
            self.buckets.push(bucket);
            key[position] = letter;
        }
        self.words.push(word.to_string());
        self.ids.insert(word.to_string(), id);
        Ok(id)
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
        if !self.words.is_empty() && word.len() != self.length {
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
        self.ids.get(word).copied()
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
        &self.words[id as usize]
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
        self.words.len()
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
        self.words.is_empty()
    }

    /// The ends of a ladder as word numbers: `begin` is added to the
    /// dictionary if absent, and `end` must be listed (as LeetCode asks).
    fn ends(&mut self, begin: &str, end: &str) -> Result<Option<(u32, u32)>, Error> {
        self.check(end, "the end word")?;
        // Look `end` up before `begin` is added, so that an unlisted end
        // equal to `begin` is still unlisted (LeetCode answers 0).
        let Some(end) = self.id(end) else {
            self.check(begin, "the begin word")?;
            return Ok(None);
        };
        let begin = self.insert(begin, "the begin word")?;
        Ok(Some((begin, end)))
    }
}

impl Successors for WordLadder {
    type State = u32;
    type Move = ();

    fn successors<F: FnMut(u32, ())>(&self, &word: &u32, mut report: F) {
        let start = word as usize * self.length;
        for &bucket in &self.buckets[start..start + self.length] {
            for &other in &self.members[bucket as usize] {
                if other != word {
                    report(other, ());
                }
            }
        }
    }

    fn ranking(&self) -> Option<impl Ranking<u32> + '_> {
        Some(rank_by(self.words.len() as u64, |&word: &u32| u64::from(word)))
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
    let mut ladder = WordLadder::new(words)?;
    let Some((begin, end)) = ladder.ends(begin, end)? else {
        return Ok(0);
    };
    let distance = Search::new().distance(&ladder, [begin], |&w| w == end, run)?;
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
    // takes is known before it is built, and must fit what the search's
    // tables left of the memory limit.
    let ladders = paths.count();
    let words_each = moves as u128 + 1;
    let bytes_each = size_of::<Vec<String>>() as u128
        + words_each * (size_of::<String>() + ladder.length) as u128;
    let bytes = ladders.saturating_mul(bytes_each);
    let limit = run.get_limits().get_max_memory();
    if bytes > u128::from(limit.saturating_sub(run.memory())) {
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
    let mut ladder = WordLadder::new(words)?;
    let Some((begin, end)) = ladder.ends(begin, end)? else {
        return Ok(None);
    };
    let paths = Search::new().all_shortest_paths(&ladder, [begin], |&w| w == end, run)?;
    Ok(Some((ladder, paths)))
}
