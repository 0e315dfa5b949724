/*!
The front door to enumeration: every layer of a space, on the engine
that its numbering, its size and the run's limits call for.

A space that numbers its states by ranks below 2^64 (a [`RankedSpace`])
can be enumerated by two engines, each in memory or on disk; one
numbered by keys of up to 128 bits (a [`KeyedSpace`]) by the second:

| engine | keeps | best when |
|---|---|---|
| [`DenseEnumeration`] | 2 bits for every rank, reached or not | the table fits: the whole space, or most of it |
| [`SortedEnumeration`] | the layers met, as sorted, compressed keys: a few bytes a state | only a part is reached: the layers to a depth of a space too large to number in a table |

[`Enumerator`] holds the settings both take (threads, a directory, a resume, a
description) and picks between them for each run, from the space's count
of ranks, the run's [`Limits`] (the memory, the machine's where it is
less, and the depth bound), whether a directory is given, and what the
space is said to be. The layers
it returns say which it took ([`Enumeration::engine`]), and are the same
from either engine: the layer sizes, the deepest layer's keys in
increasing order, and whether the space goes on past a depth bound.

A space of states that have no number is enumerated over a hash table,
on every core: [`Enumerator::run_states`]. So one set of settings has a
door for each kind of space: [`run`](Enumerator::run) for ranks,
[`run_keyed`](Enumerator::run_keyed) for keys, and
[`run_states`](Enumerator::run_states) for any states.

# Example

```
use search_core::{Limits, Run};
use search_core::layers::{Engine, Enumerator};
use search_core::space::RankedSpace;

/// Bit strings of 40 bits, a move flipping one bit.
struct Bits;
impl RankedSpace for Bits {
    fn rank_count(&self) -> u64 { 1 << 40 }
    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        (0..40).for_each(|bit| report(rank ^ (1 << bit)));
    }
}

// The 2-bit table would take 256 GiB; the layers to depth 3 are small.
let mut run = Run::new().limits(Limits::new().max_depth(3));
let layers = Enumerator::new().reversible(true).run(&Bits, &[0], &mut run)?;
assert_eq!(layers.layer_sizes(), [1, 40, 780, 9_880]); // 40 choose d
assert_eq!(layers.engine(), Some(Engine::Sorted));
assert!(!layers.is_complete());
# Ok::<(), search_core::Error>(())
```
*/

use std::path::PathBuf;
use std::time::Duration;

#[cfg(feature = "rayon")]
use crate::breadth_first::parallel::ParallelEnumeration;
use crate::breadth_first::search::Search;
use crate::dense::DenseEnumeration;
pub use crate::enumeration::{Engine, Enumeration};
use crate::error::Error;
use crate::run::context::Run;
use crate::run::limits::Limits;
#[cfg(feature = "rayon")]
use crate::sorted::SortedEnumeration;
#[cfg(feature = "rayon")]
use crate::space::keys::KeyedSpace;
use crate::space::ranked::RankedSpace;
use crate::space::traits::Successors;

/// How a space numbers its states, as far as the front door can use it:
/// what [`Enumerator::engine`] picks an engine from, and which door of
/// [`Enumerator`] takes the space.
///
/// # Example
///
/// ```
/// use search_core::Limits;
/// use search_core::layers::{Engine, Enumerator, Numbering};
///
/// // A start outside a group has no key in it: a caller with one falls
/// // back to the states alone.
/// let numbering = |keyed: bool| if keyed { Numbering::Keys } else { Numbering::States };
/// let engine = |keyed| Enumerator::new().engine(numbering(keyed), &Limits::new());
/// assert_eq!((engine(true), engine(false)), (Engine::Sorted, Engine::Hashed));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Numbering {
    /// Ranks below this count: a [`RankedSpace`], for
    /// [`run`](Enumerator::run). A count of 2^64 or more is past any
    /// `RankedSpace` and picks the sorted engine: give such a space as a
    /// [`KeyedSpace`] to [`run_keyed`](Enumerator::run_keyed).
    Ranks(u128),
    /// Keys of up to 128 bits: a [`KeyedSpace`], for
    /// [`run_keyed`](Enumerator::run_keyed).
    Keys,
    /// The states alone, hashed: for [`run_states`](Enumerator::run_states).
    States,
}

/// The settings of an enumeration whose engine is picked for each run:
/// see [the module](self).
///
/// # Example
///
/// ```
/// use search_core::Run;
/// use search_core::layers::{Engine, Enumerator};
/// use search_core::space::RankedSpace;
///
/// /// Numbers below 1000, joined to their double and their half.
/// struct Halving;
/// impl RankedSpace for Halving {
///     fn rank_count(&self) -> u64 { 1000 }
///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
///         if 2 * rank < 1000 {
///             report(2 * rank);
///         }
///         report(rank / 2);
///     }
/// }
///
/// let layers = Enumerator::new().threads(2).run(&Halving, &[1], &mut Run::new())?;
/// assert_eq!(layers.layer_sizes(), [1, 2, 1, 1, 1, 1, 1, 1, 1, 1]);
/// assert_eq!(layers.deepest(), [512]);
/// assert_eq!(layers.engine(), Some(Engine::Dense));
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
#[expect(clippy::struct_excessive_bools, reason = "independent settings, each its own method")]
pub struct Enumerator {
    threads: Option<usize>,
    dir: Option<PathBuf>,
    resume: bool,
    about: String,
    every: Duration,
    skip_deepest: bool,
    reversible: bool,
    every_rank: bool,
}

impl Enumerator {
    /// The most ranks whose 2-bit table (256 GiB) a run with a
    /// [`disk`](Enumerator::disk) directory keeps there when it does not
    /// fit memory: past them, the sorted engine's layers are kept there
    /// instead (unless [`every_rank`](Enumerator::every_rank) asks for the
    /// whole space, which is the table's).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::layers::Enumerator;
    ///
    /// assert_eq!(Enumerator::MAX_DISK_RANKS / 4, 256 << 30);
    /// ```
    pub const MAX_DISK_RANKS: u64 = 1 << 40;

    /// Settings for a run in memory, on every core, with no directory.
    ///
    /// # Example
    ///
    /// See [`Enumerator`].
    pub fn new() -> Enumerator {
        Enumerator::default()
    }

    /// Runs on `threads` threads; the default is one per core.
    ///
    /// # Example
    ///
    /// See [`Enumerator`].
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Enumerator {
        self.threads = Some(threads.max(1));
        self
    }

    /// Keeps the run in files of `dir` (made if need be), so that a run
    /// stopped anywhere goes on with [`resume`](Enumerator::resume): the 2-bit
    /// table's checkpoints, saved at a layer's end once
    /// [`checkpoint_every`](Enumerator::checkpoint_every) has passed, or its
    /// parts where it passes the memory limit
    /// ([`DenseEnumeration::disk`]); or for the sorted engine a file a
    /// layer (`SortedEnumeration::disk`). With a directory, a table that
    /// passes memory goes to disk rather than to the sorted engine, up to
    /// 2^40 ranks (a table of 256 GiB).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{Limits, Run};
    /// use search_core::layers::Enumerator;
    /// use search_core::space::RankedSpace;
    ///
    /// struct Line;
    /// impl RankedSpace for Line {
    ///     fn rank_count(&self) -> u64 { 100 }
    ///     fn neighbours<F: FnMut(u64)>(&self, n: u64, mut report: F) {
    ///         report(n.saturating_sub(1));
    ///         report((n + 1).min(99));
    ///     }
    /// }
    /// let dir = std::env::temp_dir().join(format!("layers-doc-{}", std::process::id()));
    /// let saving = Enumerator::new().disk(&dir).describe("a line of 100");
    /// // Cut at depth 3: the files stay, and a resumed run goes deeper.
    /// let mut cut = Run::new().limits(Limits::new().max_depth(3));
    /// assert!(!saving.run(&Line, &[0], &mut cut)?.is_complete());
    /// let whole = saving.resume(true).run(&Line, &[0], &mut Run::new())?;
    /// assert_eq!(whole.radius(), 99);
    /// # std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), search_core::Error>(())
    /// ```
    #[must_use]
    pub fn disk(mut self, dir: impl Into<PathBuf>) -> Enumerator {
        self.dir = Some(dir.into());
        self
    }

    /// Whether a run with a [`disk`](Enumerator::disk) directory goes on from
    /// the files a stopped run of the same space left there (false by
    /// default). The engine is picked again for the resumed run: keep the
    /// limits that picked it (a depth bound may change, unless
    /// [`every_rank`](Enumerator::every_rank) is set).
    ///
    /// # Example
    ///
    /// See [`disk`](Enumerator::disk).
    #[must_use]
    pub fn resume(mut self, resume: bool) -> Enumerator {
        self.resume = resume;
        self
    }

    /// Says what the space is, in the files of a run on
    /// [`disk`](Enumerator::disk), so that a resume of another space's files
    /// (of the same count and starts) is refused.
    ///
    /// # Example
    ///
    /// See [`disk`](Enumerator::disk).
    #[must_use]
    pub fn describe(mut self, about: &str) -> Enumerator {
        about.clone_into(&mut self.about);
        self
    }

    /// How long a run of the 2-bit table in memory, with a
    /// [`disk`](Enumerator::disk) directory, goes between checkpoints (none by
    /// default: one at every layer's end).
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use search_core::layers::Enumerator;
    ///
    /// let hourly = Enumerator::new().disk("runs").checkpoint_every(Duration::from_secs(3600));
    /// # let _ = hourly;
    /// ```
    #[must_use]
    pub fn checkpoint_every(mut self, every: Duration) -> Enumerator {
        self.every = every;
        self
    }

    /// Whether the result lists the deepest layer's states (true by
    /// default) where they fit the memory limit: a layer of billions on
    /// disk would not, and is left out
    /// ([`Enumeration::is_deepest_omitted`]).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::layers::Enumerator;
    ///
    /// let counts_only = Enumerator::new().deepest_states(false);
    /// # let _ = counts_only;
    /// ```
    #[must_use]
    pub fn deepest_states(mut self, keep: bool) -> Enumerator {
        self.skip_deepest = !keep;
        self
    }

    /// Says that every move of the space can be undone, so that the sorted
    /// engine keeps only the two layers before the one it finds
    /// (`SortedEnumeration::run_reversible`). Said of a space with a move
    /// that cannot be undone, the sorted engine finds older states again
    /// as new ones: leave it false (the default) for a directed space.
    ///
    /// # Example
    ///
    /// See [the module](self).
    #[must_use]
    pub fn reversible(mut self, reversible: bool) -> Enumerator {
        self.reversible = reversible;
        self
    }

    /// Says that every rank of the space is reachable from the starts (a
    /// group, a puzzle's reachable boards), so that the whole space, asked
    /// for without a depth bound, is the 2-bit table's: one that does not
    /// fit is refused at once ([`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge)),
    /// not met at the memory limit by the sorted engine after hours.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{ErrorKind, Run};
    /// use search_core::layers::Enumerator;
    /// use search_core::space::RankedSpace;
    ///
    /// struct Bits;
    /// impl RankedSpace for Bits {
    ///     fn rank_count(&self) -> u64 { 1 << 40 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         (0..40).for_each(|bit| report(rank ^ (1 << bit)));
    ///     }
    /// }
    /// let error = Enumerator::new().every_rank(true).run(&Bits, &[0], &mut Run::new()).unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::TooLarge { .. }));
    /// ```
    #[must_use]
    pub fn every_rank(mut self, every_rank: bool) -> Enumerator {
        self.every_rank = every_rank;
        self
    }

    /// The engine the door for a space numbered as `numbering` takes
    /// within `limits`: for [`Numbering::Keys`] the sorted one
    /// ([`run_keyed`](Enumerator::run_keyed); without the `rayon`
    /// feature, which the sorted engine needs, the hash table), for
    /// [`Numbering::States`] the hash table
    /// ([`run_states`](Enumerator::run_states)), and for a space of
    /// `count` ranks ([`run`](Enumerator::run)):
    ///
    /// - the 2-bit table ([`Engine::Dense`]) when `count` is below 2^64
    ///   and its `count / 4` bytes fit the memory limit, or the machine's
    ///   memory where that is less ([`Limits::usable_memory`]);
    /// - the same in part files when it does not fit, but a
    ///   [`disk`](Enumerator::disk) directory is given and it has at most
    ///   [`MAX_DISK_RANKS`](Enumerator::MAX_DISK_RANKS);
    /// - the same, refused at once for want of room
    ///   ([`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge)) unless a
    ///   directory holds it, when every rank is said to be reached
    ///   ([`every_rank`](Enumerator::every_rank)) and no depth bound is set;
    /// - else the sorted engine ([`Engine::Sorted`]), which keeps only the
    ///   states met, in memory or in the directory. Without the `rayon`
    ///   feature there is no sorted engine, and a space below 2^64 takes
    ///   the table.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Limits;
    /// use search_core::layers::{Engine, Enumerator, Numbering};
    ///
    /// let limits = Limits::new().max_memory(1 << 30).max_depth(20);
    /// let engine = |layers: Enumerator, count| layers.engine(Numbering::Ranks(count), &limits);
    /// assert_eq!(engine(Enumerator::new(), 1 << 32), Engine::Dense); // 1 GiB
    /// assert_eq!(engine(Enumerator::new(), 1 << 33), Engine::Sorted);
    /// assert_eq!(engine(Enumerator::new().disk("runs"), 1 << 33), Engine::Dense);
    /// assert_eq!(engine(Enumerator::new(), 1 << 100), Engine::Sorted);
    /// assert_eq!(Enumerator::new().engine(Numbering::States, &limits), Engine::Hashed);
    /// ```
    pub fn engine(&self, numbering: Numbering, limits: &Limits) -> Engine {
        let count = match numbering {
            Numbering::Ranks(count) => count,
            Numbering::Keys if cfg!(feature = "rayon") => return Engine::Sorted,
            Numbering::Keys | Numbering::States => return Engine::Hashed,
        };
        let Ok(ranks) = u64::try_from(count) else {
            return Engine::Sorted;
        };
        if cfg!(not(feature = "rayon")) {
            return Engine::Dense;
        }
        let fits = DenseEnumeration::memory_needed(ranks) <= limits.usable_memory();
        let on_disk = self.dir.is_some() && ranks <= Enumerator::MAX_DISK_RANKS;
        let whole = self.every_rank && limits.get_max_depth().is_none();
        if fits || on_disk || whole { Engine::Dense } else { Engine::Sorted }
    }

    /// Every rank of `space` reachable from `starts`, layer by layer, on
    /// the engine [`engine`](Enumerator::engine) picks for its
    /// [`rank_count`](RankedSpace::rank_count) and `run`'s limits. The
    /// deepest layer's ranks come in increasing order.
    ///
    /// # Errors
    ///
    /// As for the engine that runs: [`DenseEnumeration::run`] (a table
    /// that cannot fit, [`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge)),
    /// or `SortedEnumeration::run`, whose layers may pass the memory limit
    /// ([`ErrorKind::LimitReached`](crate::ErrorKind::LimitReached)); a
    /// file of the directory that cannot be written or read; a start or a
    /// neighbour not below the count, the space's own failure, a cancel.
    ///
    /// # Example
    ///
    /// See [`Enumerator`].
    pub fn run<R: RankedSpace>(
        &self,
        space: &R,
        starts: &[u64],
        run: &mut Run<'_>,
    ) -> Result<Enumeration<u64>, Error> {
        let numbering = Numbering::Ranks(u128::from(space.rank_count()));
        let engine = self.engine(numbering, &run.get_limits());
        let layers = match engine {
            #[cfg(feature = "rayon")]
            Engine::Sorted => self.sorted(space, starts, run),
            _ => self.dense().run(space, starts, run),
        };
        Ok(self.listed(layers?.found_by(engine)))
    }

    /// `layers`, their deepest states left out when so set.
    fn listed<S>(&self, layers: Enumeration<S>) -> Enumeration<S> {
        if self.skip_deepest { layers.without_deepest() } else { layers }
    }

    /// As [`run`](Enumerator::run), for a space numbered by keys of up to 128
    /// bits, which the sorted engine enumerates (the 2-bit table takes
    /// ranks: give a space below 2^64 as a [`RankedSpace`]).
    ///
    /// # Errors
    ///
    /// As `SortedEnumeration::run`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::layers::{Engine, Enumerator};
    /// use search_core::space::KeyedSpace;
    ///
    /// /// A counter of 100 bits that adds one or three, below 10.
    /// struct Counter;
    /// impl KeyedSpace for Counter {
    ///     type Key = u128;
    ///     fn key_count(&self) -> u128 { 1 << 100 }
    ///     fn key_neighbours<F: FnMut(u128)>(&self, key: u128, mut report: F) {
    ///         [key + 1, key + 3].into_iter().filter(|&next| next < 10).for_each(&mut report);
    ///     }
    /// }
    /// let layers = Enumerator::new().run_keyed(&Counter, &[0], &mut Run::new())?;
    /// assert_eq!(layers.layer_sizes(), [1, 2, 3, 3, 1]); // {0}, {1, 3}, {2, 4, 6}, {5, 7, 9}, {8}
    /// assert_eq!(layers.engine(), Some(Engine::Sorted));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    #[cfg(feature = "rayon")]
    pub fn run_keyed<K: KeyedSpace>(
        &self,
        space: &K,
        starts: &[K::Key],
        run: &mut Run<'_>,
    ) -> Result<Enumeration<K::Key>, Error> {
        Ok(self.sorted(space, starts, run)?.found_by(Engine::Sorted))
    }

    /// Every state of `space` reachable from `starts`, for a space whose
    /// states have no number: kept in a hash table ([`Engine::Hashed`]),
    /// on every core with the `rayon` feature (`ParallelEnumeration`),
    /// or on the calling thread with [`threads(1)`](Enumerator::threads)
    /// ([`Search::enumerate`](crate::breadth_first::Search::enumerate)).
    /// The deepest layer's states come in no particular order, and are
    /// left out with [`deepest_states(false)`](Enumerator::deepest_states).
    /// A directory, a resume and a description do not apply here: hashed
    /// states are kept in memory, within the limits (past memory, a state
    /// that serializes has `DiskEnumeration`).
    ///
    /// # Errors
    ///
    /// A [`Limit`](crate::Limit) reached (states, memory), a table the
    /// machine cannot give, a thread pool that cannot be built, the
    /// space's own failure, a cancel.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Run};
    /// use search_core::layers::{Engine, Enumerator};
    ///
    /// // Words of a and b up to 4 letters, a letter added or the last dropped.
    /// let words = from_fn(|word: &String| {
    ///     let mut next = Vec::new();
    ///     if word.len() < 4 {
    ///         next.extend([format!("{word}a"), format!("{word}b")]);
    ///     }
    ///     if !word.is_empty() {
    ///         next.push(word[..word.len() - 1].to_string());
    ///     }
    ///     next
    /// });
    /// let layers = Enumerator::new().run_states(&words, [String::new()], &mut Run::new())?;
    /// assert_eq!(layers.layer_sizes(), [1, 2, 4, 8, 16]);
    /// assert_eq!(layers.engine(), Some(Engine::Hashed));
    /// let counts = Enumerator::new().deepest_states(false);
    /// let counted = counts.run_states(&words, [String::new()], &mut Run::new())?;
    /// assert!(counted.deepest().is_empty() && counted.is_deepest_omitted());
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn run_states<G, I>(
        &self,
        space: &G,
        starts: I,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<G::State>, Error>
    where
        G: Successors + Sync,
        G::State: Send + Sync,
        I: IntoIterator<Item = G::State>,
    {
        #[cfg(feature = "rayon")]
        if self.threads != Some(1) {
            let mut parallel = ParallelEnumeration::new();
            if let Some(threads) = self.threads {
                parallel = parallel.threads(threads);
            }
            let layers = parallel.run(space, starts, run)?;
            return Ok(self.listed(layers.found_by(Engine::Hashed)));
        }
        let layers = Search::new().enumerate(space, starts, run)?;
        Ok(self.listed(layers.found_by(Engine::Hashed)))
    }

    /// The 2-bit table's settings.
    fn dense(&self) -> DenseEnumeration {
        let mut dense = DenseEnumeration::new().resume(self.resume);
        if let Some(threads) = self.threads {
            dense = dense.threads(threads);
        }
        if let Some(dir) = &self.dir {
            dense = dense.disk(dir, &self.about, self.every);
        }
        dense
    }

    /// A run of the sorted engine with these settings.
    #[cfg(feature = "rayon")]
    fn sorted<K: KeyedSpace>(
        &self,
        space: &K,
        starts: &[K::Key],
        run: &mut Run<'_>,
    ) -> Result<Enumeration<K::Key>, Error> {
        let mut sorted = SortedEnumeration::new()
            .resume(self.resume)
            .describe(&self.about)
            .deepest_states(!self.skip_deepest);
        if let Some(threads) = self.threads {
            sorted = sorted.threads(threads);
        }
        if let Some(dir) = &self.dir {
            sorted = sorted.disk(dir);
        }
        if self.reversible {
            sorted.run_reversible(space, starts, run)
        } else {
            sorted.run(space, starts, run)
        }
    }
}
