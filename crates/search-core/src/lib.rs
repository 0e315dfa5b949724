/*!
Breadth-first and informed search over implicit graphs.

An *implicit graph* is never stored. Its vertices are states (a puzzle board,
a lock combination, a word) and each state produces its neighbours on demand.
Such graphs are often far too large to build, yet a breadth-first search
explores them one layer at a time and finds the fewest moves between two
states. This crate knows nothing about any particular puzzle: you describe a
state space once, and every algorithm here works on it.

# Writing a state space

A state is any `Clone + Eq + Hash` value (see [`State`]). A state space
implements [`Successors`]: given a state, it reports each neighbour and the
move that reaches it, through a callback, so that no expansion allocates.

```
use search_core::{bfs, Successors};

/// Farmer, wolf, goat, cabbage: bit i says whether item i is on the far bank.
/// Bit 0 is the farmer, who must row every crossing.
struct River;

const NAMES: [&str; 4] = ["farmer", "wolf", "goat", "cabbage"];

impl Successors for River {
    type State = u8;
    type Move = &'static str;

    fn successors<F: FnMut(u8, &'static str)>(&self, &bank: &u8, mut report: F) {
        let farmer = bank & 1;
        for passenger in 0..4 {
            // The farmer crosses alone (passenger 0) or with one item on his side.
            if (bank >> passenger) & 1 != farmer {
                continue;
            }
            let next = bank ^ 1 ^ if passenger == 0 { 0 } else { 1 << passenger };
            let unsafe_bank = |side: u8| {
                let on = |i: u8| (next >> i) & 1 == side;
                !on(0) && on(2) && (on(1) || on(3))
            };
            if !unsafe_bank(0) && !unsafe_bank(1) {
                report(next, NAMES[passenger]);
            }
        }
    }
}

let path = bfs(&River, [0b0000], |&bank| bank == 0b1111)?.expect("solvable");
assert_eq!(path.len(), 7);
assert_eq!(path.moves()[0], "goat");
# Ok::<(), Box<dyn std::error::Error>>(())
```

For a quick search, [`from_fn`] turns a closure into a space (and
[`try_from_fn`] one that can fail, whose error every search returns):

```
use search_core::{bfs, from_fn};

// Collatz: halve an even number, map an odd n to 3n + 1.
let collatz = from_fn(|&n: &u64| [if n % 2 == 0 { n / 2 } else { 3 * n + 1 }]);
let path = bfs(&collatz, [27], |&n| n == 1)?.expect("the conjecture holds here");
assert_eq!(path.len(), 111);
# Ok::<(), Box<dyn std::error::Error>>(())
```

Optional traits widen what a space can do:

- [`Predecessors`] gives backward edges, for [`bidirectional_bfs`]. A space
  whose moves can all be undone implements the marker [`Reversible`] (or is
  wrapped in [`Undirected`](space::Undirected)) and gets predecessors for free.
- A space that can number its states densely implements [`Ranking`] and
  returns it from [`Successors::ranking`]. An algorithm that visits much of
  the space then keeps its visited states in a flat array indexed by rank
  (a bit per state, for breadth-first search) instead of a hash table;
  bidirectional search, which visits little, keeps hashing. Ranks are
  `u64`, so spaces past 2^32 states are numbered like small ones.
- A [`RankedSpace`](space::RankedSpace) computes neighbours rank to rank, and is enumerated by
  [`DenseEnumeration`](dense::DenseEnumeration) in 2 bits per state, on every core; past the
  memory limit, in part files on [disk](dense::DenseEnumeration::disk). A space
  that can also unrank ([`Unranking`]) is one through [`AsRanked`](space::AsRanked);
  another executor drives the same 2-bit table through [`LayerTable`](dense::LayerTable).
- The numbering is usually a composition of a few shapes:
  [`Permutations`](ranking::Permutations) (`n!`), [`EvenPermutations`](ranking::EvenPermutations) (`n!/2`, for moves that
  keep parity), [`KPermutations`](ranking::KPermutations) (placements of `k` pieces),
  [`Combinations`](ranking::Combinations), [`MixedRadix`](ranking::MixedRadix) (`pegs^discs`) and [`Product`](ranking::Product) (two
  parts side by side).

# Modules

The root re-exports what a first search needs: the traits a space
implements, [`from_fn`] and its siblings, [`bfs`], [`bidirectional_bfs`],
[`enumerate`], [`dijkstra`], [`astar`], [`ida_star`], [`Path`], [`Run`],
[`Limits`] and [`Error`]. Everything else lives in the module of its
family, each module's page teaching it:

| module | what it holds |
|---|---|
| [`space`] | the traits a space implements, spaces from closures, adaptors, costs and estimates |
| [`ranking`] | numberings of permutations, combinations and digits, to compose into a space's ranks |
| [`groups`] | permutation puzzles from their generators: Cayley graphs and coset graphs |
| [`run`] | [`Run`], [`Limits`], progress reports, statistics, cancellation |
| [`path`] | [`Path`], and the graphs that hold every shortest or cheapest path at once |
| [`breadth_first`] | fewest moves over hashed states: [`Search`](breadth_first::Search), its searches, enumeration in memory, on every core and on disk |
| [`cheapest`] | cheapest paths where moves have costs: [`AStar`](cheapest::AStar), Dijkstra, from both ends, `k` cheapest, fringe, greedy, beam, 0-1 BFS |
| [`deepening`] | IDA* and iterative deepening, in memory of one path |
| [`dense`] | every state of a ranked space in 2 bits, on every core, in memory or on disk |
| `sorted` | the layers of a ranked or keyed space as sorted, compressed keys, a few bytes a state, in memory or on disk (feature `rayon`) |
| [`patterns`] | pattern databases: exact distances in an abstraction, as estimates |
| [`words`] | shortest words in a permutation puzzle's generators: pattern databases of its pieces and IDA* |
| [`layers`] | the front door to enumerating a numbered space: [`Enumerator`](layers::Enumerator) picks the 2-bit table or the sorted layers, in memory or on disk |
| [`files`] | the one checksummed file format of every table this crate writes |
| [`error`] | [`Error`], [`ErrorKind`], and the [`Limit`] a search reached |

# The algorithms

| what you want | call |
|---|---|
| a shortest path, from one or many starts to a goal test | [`bfs`], [`Search::bfs`](breadth_first::Search::bfs) |
| only the number of moves | [`Search::distance`](breadth_first::Search::distance); on every core, [`ParallelEnumeration::distance`](breadth_first::ParallelEnumeration::distance) |
| a shortest path searched from both ends | [`bidirectional_bfs`], [`Search::bidirectional`](breadth_first::Search::bidirectional) |
| every reachable state, by layer, and the deepest ones | [`enumerate`], [`Search::enumerate`](breadth_first::Search::enumerate) |
| the layers up to a depth, and whether the space goes on | the same with [`Limits::max_depth`]; [`Enumeration::is_complete`](breadth_first::Enumeration::is_complete) |
| a permutation puzzle from its generators (a Cayley or coset graph) | [`groups::Cayley`], [`groups::Orbit`], any search above |
| the same past memory, for states that serialize (the `serde` feature) | `DiskEnumeration` |
| the same on every core, for any space | [`Enumerator::run_states`](layers::Enumerator::run_states); by name, [`par_enumerate`](breadth_first::par_enumerate), [`ParallelEnumeration`](breadth_first::ParallelEnumeration) |
| the same, for spaces of billions of ranked states | [`Enumerator::run`](layers::Enumerator::run), which picks the engine the space, the memory limit, the depth bound and a directory call for; by name, [`DenseEnumeration`](dense::DenseEnumeration) (past memory, [`DenseEnumeration::disk`](dense::DenseEnumeration::disk)) or [`SortedEnumeration`](sorted::SortedEnumeration) |
| the same for states of up to 128 bits with no ranking, a few bytes a state | [`Enumerator::run_keyed`](layers::Enumerator::run_keyed) over [`AsKeyed`](space::AsKeyed), or your own [`KeyedSpace`](space::KeyedSpace) |
| every shortest path, counted and iterated lazily | [`all_shortest_paths`](breadth_first::all_shortest_paths), [`Search::all_shortest_paths`](breadth_first::Search::all_shortest_paths) |
| every cheapest path where moves have costs, the same way | [`all_cheapest_paths`](cheapest::all_cheapest_paths), [`AStar::all_cheapest_paths`](cheapest::AStar::all_cheapest_paths) |
| the `k` cheapest paths that visit no state twice (Yen) | [`k_cheapest_paths`](cheapest::k_cheapest_paths), [`AStar::k_cheapest_paths`](cheapest::AStar::k_cheapest_paths) |
| a traversal you drive state by state, and can resume | [`Bfs`](breadth_first::Bfs), or as an iterator, [`Bfs::walk`](breadth_first::Bfs::walk) |
| a cheapest path where moves have costs ([`Weighted`]) | [`dijkstra`], [`AStar::run`](cheapest::AStar::run) |
| the same where every move costs 0 or 1, without a priority queue | [`zero_one_bfs`](cheapest::zero_one_bfs), [`ZeroOneBfs::run`](cheapest::ZeroOneBfs::run) |
| a cheapest path guided by an estimate | [`astar`], [`AStar::run`](cheapest::AStar::run) |
| the same in memory that grows only with the path | [`ida_star`], [`IdaStar::run`](deepening::IdaStar::run), on every core [`IdaStar::run_parallel`](deepening::IdaStar::run_parallel) |
| the same by IDA*'s thresholds over the states A* would store | [`fringe_search`](cheapest::fringe_search), [`FringeSearch::run`](cheapest::FringeSearch::run) |
| an estimate from exact distances in an abstraction (pattern databases) | [`DistanceTable`](patterns::DistanceTable), [`Patterns`](patterns::Patterns); additive ones for puzzles of pieces on places, [`PiecePattern`](patterns::PiecePattern) |
| the cheapest cost of every state, cheapest first, up to a cost bound | [`dijkstra_all`](cheapest::dijkstra_all), [`AStar::cheapest_costs`](cheapest::AStar::cheapest_costs) |
| a cheapest path searched from both ends | [`bidirectional_dijkstra`](cheapest::bidirectional_dijkstra); guided by estimates, [`bidirectional_astar`](cheapest::bidirectional_astar); a cache kept, [`BidirectionalSearch`](cheapest::BidirectionalSearch); closures both ways, [`from_fn_weighted_directed`] |
| a path, any path, depth first | [`dfs`](breadth_first::dfs), [`Search::dfs`](breadth_first::Search::dfs); in memory of one path, [`IdaStar::depth_first`](deepening::IdaStar::depth_first) |
| a shortest path in memory of one path | [`iddfs`](deepening::iddfs), [`IdaStar::iterative_deepening`](deepening::IdaStar::iterative_deepening) |
| a path at most `w` times the cheapest, fast (weighted A*) | [`astar`] with the estimate times `w` |
| a path fast, of no promised cost, from the estimate alone | [`greedy_best_first`](cheapest::greedy_best_first), [`AStar::greedy_best_first`](cheapest::AStar::greedy_best_first) |
| the same in bounded memory, which may miss a path | [`beam_search`](cheapest::beam_search), [`BeamSearch::run`](cheapest::BeamSearch::run) |

Coming from the `pathfinding` crate, its functions for implicit graphs
and their counterparts here (each takes an iterator of starts; a `Path`
counts moves, where `pathfinding`'s `Vec` counts states):

| `pathfinding` | here |
|---|---|
| `bfs`, `bfs_bidirectional`, `bfs_reach` | [`bfs`], [`bidirectional_bfs`], [`enumerate`] |
| `dfs`, `iddfs` | [`dfs`](breadth_first::dfs), [`iddfs`](deepening::iddfs) |
| `dijkstra`, `dijkstra_all`, `dijkstra_partial`, `dijkstra_reach` | [`dijkstra`], [`dijkstra_all`](cheapest::dijkstra_all) (with a cost bound) |
| `astar`, `idastar` | [`astar`], [`ida_star`] |
| `astar_bag` (every cheapest path) | [`all_cheapest_paths`](cheapest::all_cheapest_paths) |
| `count_paths` (shortest ones) | [`all_shortest_paths`](breadth_first::all_shortest_paths) |
| bidirectional Dijkstra | [`bidirectional_dijkstra`](cheapest::bidirectional_dijkstra) |
| `yen` | [`k_cheapest_paths`](cheapest::k_cheapest_paths) |
| `fringe` | [`fringe_search`](cheapest::fringe_search) |

What its users have asked for, here: a search that stops when told to
([`CancelHandle`](run::CancelHandle), given to a [`Run`]), bounds on states, memory, depth
and nodes with an error that names the bound ([`Limits`]) and a cost
bound with every state within it ([`dijkstra_all`](cheapest::dijkstra_all)), float costs
(`f64` and `f32` as they are, and with features the float types of
`noisy_float` and `ordered-float`; a NaN, infinite or negative cost is
an error, never an answer), A* from both ends ([`bidirectional_astar`](cheapest::bidirectional_astar)), and successors that can fail
([`try_from_fn`], [`Successors::failure`]: the space's error comes back
as the search's, with its source).

# One shape for every search

Every search is a method of a cache, and takes the space first and a
[`Run`] last:

```text
cache.search(&space, starts, [estimate,] [goal test,] ..., &mut run)
```

The cache ([`Search`](breadth_first::Search) for the breadth-first family, [`AStar`](cheapest::AStar) for the
searches with costs, [`IdaStar`](deepening::IdaStar), [`ZeroOneBfs`](cheapest::ZeroOneBfs)) holds the tables that one search leaves to the next,
and borrows no space, so one cache serves many spaces of one state and
move type and outlives them all, as regex-automata's `Cache` does (a
space of other types takes a cache of its own). The enumerations'
types ([`Enumerator`](layers::Enumerator), [`ParallelEnumeration`](breadth_first::ParallelEnumeration),
[`DenseEnumeration`](dense::DenseEnumeration), [`SortedEnumeration`](sorted::SortedEnumeration)) are settings, not caches: they
hold how a run goes (threads, a directory, a resume) and take the same
shape. The [`Run`] is how the search runs:
its [`Limits`], an observer of its [`Progress`](run::Progress), and a [`CancelHandle`](run::CancelHandle);
once the search has returned, however it ended, it holds what the search
counted ([`Run::stats`]). A free function runs a search on a fresh
cache with `Run::new()`, and is mostly named as the method it calls:
`bfs(&space, starts, is_goal)` is
`Search::new().bfs(&space, starts, is_goal, &mut Run::new())`, while
[`dijkstra`] and [`astar`] are [`AStar::run`](cheapest::AStar::run).

```
use search_core::{from_fn, Limits, Run};
use search_core::breadth_first::Search;

// Rings of 100 walked in steps of 3, 5 and 7: how many steps from 0 to 1?
let mut search = Search::new();
let mut run = Run::new().limits(Limits::new().max_states(1_000));
let mut answers = Vec::new();
for step in [3, 5, 7] {
    let ring = from_fn(move |&n: &u32| [(n + step) % 100]);
    answers.push(search.distance(&ring, [0], |&n| n == 1, &mut run)?);
}
assert_eq!(answers, [Some(67), None, Some(43)]);
assert_eq!(run.stats().stored, 44); // the last search's: 0, 7, 14, ..., 1
# Ok::<(), Box<dyn std::error::Error>>(())
```

[`Bfs`](breadth_first::Bfs), the traversal its caller drives state by state, is the one
exception: it takes [`Limits`] alone, and keeps no observer or cancel
handle, since its caller sees every step and can stop at any.

# Limits and errors

Every search is bounded. By default it stores at most
[`Limits::DEFAULT_MAX_STATES`] states in at most
[`Limits::DEFAULT_MAX_MEMORY`] bytes of tables (one budget for every
engine, the dense ones and the distributed one included); a depth bound
and a node bound can be added. A search that reaches a bound returns an
[`Error`] whose [`kind`](Error::kind) is [`ErrorKind::LimitReached`],
naming it, instead of growing until the process dies; a table sized up
front that cannot fit is refused before it starts
([`ErrorKind::TooLarge`]). Every table and buffer grows through a
fallible allocation counted against the budget, a state's successors
included (so a successor iterator that never ends meets the budget too),
and a machine with less memory than the limits allow gives
[`ErrorKind::AllocationFailed`], not an abort. (A search on several
threads is no exception, but when the machine runs out, the allocation
refused may be a small one of another thread, the thread pool's own,
which aborts: give it limits the machine can hold.) A search that
exhausts the space without finding a goal returns `Ok(None)`. An
enumeration, which asks for layers rather than a goal, takes a depth
bound as part of its question: it returns the layers up to the bound,
and [`Enumeration::is_complete`](breadth_first::Enumeration::is_complete)
says whether the space goes on past it. A cancelled search ends within
1,024 expansions of the cancel.

The limits that apply to each search:

| search | states | memory | depth | nodes |
|---|---|---|---|---|
| the [`Search`](breadth_first::Search) methods but [`dfs`](breadth_first::Search::dfs), [`ParallelEnumeration`](breadth_first::ParallelEnumeration) | yes | yes | yes | no |
| [`Search::dfs`](breadth_first::Search::dfs), every [`AStar`](cheapest::AStar) method, [`BidirectionalSearch`](cheapest::BidirectionalSearch)'s and [`FringeSearch::run`](cheapest::FringeSearch::run) | yes | yes | no | yes |
| [`BeamSearch::run`](cheapest::BeamSearch::run) | yes | yes | yes | yes |
| [`ZeroOneBfs::run`](cheapest::ZeroOneBfs::run) | yes | yes | no | yes |
| [`IdaStar`](deepening::IdaStar)'s methods, which store only their path | no | yes | yes | yes |
| [`DenseEnumeration`](dense::DenseEnumeration), [`DistanceTable::build`](patterns::DistanceTable::build), whose tables are sized up front (on [disk](dense::DenseEnumeration::disk), the memory limit sizes the parts in memory) | no | yes | yes | no |
| `DiskEnumeration` (feature `serde`), whose states are on disk: the memory limit sizes its sort buffer | no | yes | yes | yes |

# Informed search

A space whose moves have costs implements [`Weighted`]. In one made by
[`from_fn`] every move costs one; [`from_fn_weighted`] takes the costs with
the successors; [`UnitCost`](space::UnitCost) gives a space of your own a cost of one a
move. Costs are integers or floats (`f64`, `f32`), or a type of your own
that implements [`Cost`]; a negative or NaN cost is refused with [`ErrorKind::InvalidCost`], never answered. A
move whose cost would pass the most the cost type holds is pruned, and
[`ErrorKind::CostOverflow`] is the answer only when no path to a goal
fits the type.

The estimate of the cost to a goal is one thing for every informed
search, free function or cache: a closure `Fn(&S) -> C`, written as a
closure is written anywhere (`|&(x, y)| x.abs_diff(7) + y.abs_diff(7)`),
its argument's type inferred from the space. A type that can update its
estimate from the parent's in O(1), as a sliding puzzle's Manhattan
distance can, implements [`Heuristic`] and keeps that speed in every
search through [`Estimated`](space::Estimated), a space whose states carry their estimate:
the closure is then the field's read. (Rust gives a closure its argument
type only from a bound of the `Fn` traits, which a type of one's own
cannot meet; hence one bound, and the estimate types beside it.) With an
admissible estimate the searches that promise cheapest paths return them;
[`Heuristic`] spells out the contract. An estimate so large that it
passes the cost type prunes its state: no goal is reachable from there
within the type.

```
use search_core::{astar, from_fn, ida_star};

// A rook on an 8x8 board that moves one square at a time, towards (7, 7).
let rook = from_fn(|&(x, y): &(i8, i8)| {
    [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
        .into_iter()
        .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
});
let taxicab = |(x, y): (i8, i8)| u32::from(x.abs_diff(7) + y.abs_diff(7));
let (path, cost) = ida_star(&rook, [(0, 0)], |&s| taxicab(s), |&s| s == (7, 7))?.expect("reachable");
assert_eq!((path.len(), cost), (14, 14));
// From either of two corners, whichever is nearer.
let (path, _) = astar(&rook, [(0, 0), (7, 0)], |&s| taxicab(s), |&s| s == (7, 7))?.expect("reachable");
assert_eq!((path.start(), path.len()), (&(7, 0), 7));
# Ok::<(), Box<dyn std::error::Error>>(())
```

# Features

`rayon` (on by default) runs dense enumeration, distance tables, parallel
IDA* ([`IdaStar::run_parallel`](deepening::IdaStar::run_parallel)) and [`ParallelEnumeration`](breadth_first::ParallelEnumeration) on every
core. Without it the first two run on the calling thread and the last two
are absent, and the crate has no dependency on a thread pool.

`noisy_float` and `ordered-float` (off by default) make the float types
of those crates costs ([`Cost`]): `noisy_float`'s `R64`, `N64`, `R32`
and `N32`, `ordered-float`'s `OrderedFloat` and `NotNan`. They sum and
order as the float inside, and a NaN, infinite or negative move is
refused as for `f64`:

```toml
search-core = { path = "path/to/this/repo/crates/search-core", features = ["noisy_float"] }
```

# When to use something else

Breadth-first search is the right tool when every move costs the same and
you want exact answers: fewest moves, whole-space statistics, or every
optimal solution. With a good estimate, A* and IDA* reach much deeper;
IDA* suits trees and permutation puzzles, A* graphs with many cycles.
Pattern databases are distances in an abstraction of a space: describe
the abstraction as a [`ZeroOneRankedSpace`](patterns::ZeroOneRankedSpace) (moves of what it forgets cost
0), build its [`DistanceTable`](patterns::DistanceTable), and add or max tables with [`Patterns`](patterns::Patterns).
For hundreds of millions of abstract states in 2 bits each,
[`DenseEnumeration::distance_table`](dense::DenseEnumeration::distance_table) keeps each entry's distance, and
[`DenseEnumeration::run_visiting`](dense::DenseEnumeration::run_visiting) hands each rank's depth to your own
table. For a puzzle of pieces on places with one place empty,
[`PiecePattern::build`](patterns::PiecePattern::build) does all of it (the `puzzles` crate builds its
15- and 24-puzzle databases with it).
*/

// Without `rayon` the parallel items that the overview links to do not
// exist, and their names show as plain text. The default build, which CI
// documents with warnings denied, still checks every link.
#![cfg_attr(not(feature = "rayon"), allow(rustdoc::broken_intra_doc_links))]
// No unsafe code anywhere: the speed comes from layout and algorithms.
#![forbid(unsafe_code)]
// Every public item is documented, with an example.
#![deny(missing_docs)]
// Every public type can be printed with `{:?}`.
#![warn(missing_debug_implementations)]

pub use crate::breadth_first::{bfs, bidirectional_bfs, enumerate};
pub use crate::cheapest::{astar, dijkstra};
pub use crate::deepening::ida_star;
pub use crate::error::{Error, ErrorKind, Limit};
pub use crate::path::Path;
pub use crate::run::{Limits, Run};
pub use crate::space::{
    Cost, Heuristic, Predecessors, Ranking, Reversible, State, Successors, Unranking, Weighted,
    from_fn, from_fn_directed, from_fn_weighted, from_fn_weighted_directed, try_from_fn,
};

/// The guide in `docs/writing-a-state-space.md`, run as doctests so that
/// it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/writing-a-state-space.md")]
pub struct GuideDoctests;

// The modules, in the order they build on each other: each uses only
// modules above it, and CI fails on an import that breaks the order
// (`.ci/module-order`). A blank line keeps rustfmt from sorting across
// layers.

// What can go wrong, which everything below names.
pub mod error;

// How a search runs, what a space is, and ranks: independent of each other.
pub mod ranking;
pub mod run;
pub mod space;

pub mod path;

// What every enumeration returns, whichever engine ran it.
mod enumeration;

// How every search begins and ends.
mod execute;

// Ready-made spaces, built on the vocabulary above.
pub mod groups;

// The stores the hashed searches keep, and the files the disk tiers write.
pub mod files;
mod store;

// The engines, each a family with its own cache.
pub mod breadth_first;
pub mod cheapest;
pub mod deepening;
pub mod dense;
pub mod patterns;
// Shortest words in permutation puzzles: pattern databases (`dense`,
// `patterns`) and IDA* (`deepening`) over `groups`.
#[cfg(feature = "rayon")]
pub mod sorted;
pub mod words;

// The front door, above every engine it picks among.
pub mod layers;
