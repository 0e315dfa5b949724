//! Fewest moves, in stored layers, over states kept in a hash table (or
//! a flat table, for a space with a [`Ranking`](crate::Ranking)).
//!
//! [`Search`] is the cache every search here runs in, reused from one
//! search to the next: [`bfs`] and the walker [`Bfs`] you drive state by
//! state, [`bidirectional_bfs`] from both ends, [`all_shortest_paths`],
//! [`enumerate`] (every layer of a space, its [`Enumeration`]), and
//! [`dfs`], which stores what it visits the same way. Past one core,
//! `ParallelEnumeration` (feature `rayon`); past memory, `DiskEnumeration`
//! (feature `serde`), which keeps its layers in files. For a ranked space
//! or states of up to 128 bits, in a few bytes a state, the sorted engine
//! of [`sorted`](crate::sorted) (feature `rayon`) keeps its layers as
//! sorted, compressed keys, and [`Enumerator`](crate::layers::Enumerator)
//! picks among them all.
//!
//! # Which enumeration
//!
//! | engine | states | kept, a state | past memory |
//! |---|---|---|---|
//! | [`enumerate`], [`Search::enumerate`] | any `Hash + Eq` | 16 bytes or so (a hash table's entry) | no |
//! | `ParallelEnumeration` (feature `rayon`) | any `Hash + Eq + Send` | as `enumerate`, on every core | no |
//! | `SortedEnumeration` (feature `rayon`) | a `KeyedSpace`'s keys: a `RankedSpace`'s ranks, or states of up to 128 bits through `AsKeyed` | 0.6 to 3 bytes (sorted gaps) for ranks; near the information bound for scattered keys | `.disk(dir)`: layers in files |
//! | [`DenseEnumeration`](crate::dense::DenseEnumeration) | a `RankedSpace` with few unreached ranks | 2 bits a *rank*, reached or not | `.disk(dir)`: the table in parts |
//! | `DiskEnumeration` (feature `serde`) | any serializable state | its bytes, on disk | always |
//!
//! The dense table wins when most ranks are reached (a whole puzzle);
//! sorted layers when the ranks far outnumber the states reached (the
//! 15-puzzle to a depth, a coset), or for states that fit 128 bits and
//! have no ranking; `DiskEnumeration` for wider states too many for a
//! hash table. `search-dist` spreads the dense
//! engine across processes. The figures behind the table are in
//! `docs/performance.md`.
//!
//! # Example
//!
//! ```
//! use search_core::{from_fn, Limits, Run};
//! use search_core::breadth_first::Search;
//!
//! // Numbers reached from 1 by doubling or adding 3, below 100.
//! let space = from_fn(|&n: &u32| [n * 2, n + 3].into_iter().filter(|&m| m < 100));
//! let mut search = Search::new();
//! let mut run = Run::new().limits(Limits::new().max_states(1_000));
//! let all = search.enumerate(&space, [1], &mut run)?;
//! assert_eq!(all.layer_sizes()[..3], [1, 2, 3]); // {1}, {2, 4}, {5, 7, 8}
//! // 99 is a multiple of 3, and no move leads from the others to one.
//! assert_eq!(search.bfs(&space, [1], |&n| n == 99, &mut run)?, None);
//! let path = search.bfs(&space, [1], |&n| n == 98, &mut run)?.expect("reachable");
//! assert_eq!((path.start(), path.end()), (&1, &98));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use self::all_paths::all_shortest_paths;
pub use self::bfs::{Bfs, NodeId, Visit, Walk, bfs};
pub use self::bidirectional::bidirectional_bfs;
pub use self::dfs::dfs;
#[cfg(feature = "serde")]
pub use self::disk::DiskEnumeration;
pub use self::enumerate::enumerate;
#[cfg(feature = "rayon")]
pub use self::parallel::{ParallelEnumeration, par_enumerate};
pub use self::search::Search;
pub use crate::enumeration::{Engine, Enumeration};

pub(crate) mod all_paths;
pub(crate) mod bfs;
pub(crate) mod bidirectional;
pub(crate) mod both_ends;
pub(crate) mod dfs;
#[cfg(feature = "serde")]
pub(crate) mod disk;
pub(crate) mod enumerate;
#[cfg(feature = "rayon")]
pub(crate) mod parallel;
pub(crate) mod search;
