//! Cheapest paths in spaces whose moves have costs
//! ([`Weighted`](crate::Weighted)), guided by an estimate or not.
//!
//! Each search is a free function with a fresh cache, and a method of a
//! cache a caller keeps to reuse its tables:
//!
//! - [`AStar`] for [`astar`] and [`dijkstra`], [`dijkstra_all`] (the
//!   cheapest cost of every state within a bound), [`all_cheapest_paths`],
//!   [`k_cheapest_paths`] (Yen's loopless paths) and
//!   [`greedy_best_first`], which promises no cheapest path;
//! - [`BidirectionalSearch`] for [`bidirectional_dijkstra`] and
//!   [`bidirectional_astar`];
//! - [`FringeSearch`] for [`fringe_search`];
//! - [`BeamSearch`] for [`beam_search`], fast and with no promise;
//! - [`ZeroOneBfs`] for [`zero_one_bfs`], for a space whose moves cost 0 or
//!   1, without a priority queue.
//!
//! IDA*, in memory of one path, is in [`deepening`](crate::deepening).
//!
//! # Example
//!
//! ```
//! use search_core::{astar, dijkstra, from_fn_weighted};
//!
//! // A road of towns 0..10 where a step costs 1 and a jump of 3 costs 2.
//! let road = from_fn_weighted(|&town: &u32| {
//!     [(town + 1, 1u32), (town + 3, 2)].into_iter().filter(|&(next, _)| next < 10)
//! });
//! let (path, cost) = dijkstra(&road, [0], |&town| town == 9)?.expect("reachable");
//! assert_eq!((path.len(), cost), (3, 6));
//! let estimate = |&town: &u32| (9 - town) / 3 * 2 + (9 - town) % 3;
//! let (_, cost) = astar(&road, [0], estimate, |&town| town == 9)?.expect("reachable");
//! assert_eq!(cost, 6);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use self::astar::cheapest_costs::{CheapestCosts, dijkstra_all};
pub use self::astar::cheapest_paths::all_cheapest_paths;
pub use self::astar::{AStar, astar, dijkstra};
pub use self::beam::{BeamSearch, beam_search};
pub use self::bidirectional::{BidirectionalSearch, bidirectional_astar, bidirectional_dijkstra};
pub use self::fringe::{FringeSearch, fringe_search};
pub use self::greedy::greedy_best_first;
pub use self::k_cheapest::k_cheapest_paths;
pub use self::zero_one::{ZeroOneBfs, zero_one_bfs};

pub(crate) mod astar;
pub(crate) mod beam;
pub(crate) mod bidirectional;
pub(crate) mod fringe;
pub(crate) mod greedy;
pub(crate) mod k_cheapest;
pub(crate) mod links;
pub(crate) mod open;
pub(crate) mod open_list;
pub(crate) mod radix;
pub(crate) mod zero_one;
