//! The informed family: cheapest paths in spaces whose moves have costs,
//! guided by an estimate.
//!
//! - `astar/`: [`AStar`](crate::AStar), the cache every search here but
//!   IDA* runs on, with [`astar`](crate::astar) and
//!   [`dijkstra`](crate::dijkstra) and the one open-list loop they share
//!   (`mod.rs`); start here. `cheapest_costs`:
//!   [`dijkstra_all`](crate::dijkstra_all), the cheapest cost of every
//!   state within a bound; `cheapest_paths`:
//!   [`all_cheapest_paths`](crate::all_cheapest_paths), every cheapest
//!   path.
//! - `open_list`: A*'s open list, buckets for small integer costs, a
//!   radix heap (`radix`) for larger ones while the search is monotone,
//!   and a binary heap for the rest.
//! - `bidirectional`:
//!   [`bidirectional_dijkstra`](crate::bidirectional_dijkstra) and
//!   [`bidirectional_astar`](crate::bidirectional_astar), from both ends.
//! - `k_cheapest`: [`k_cheapest_paths`](crate::k_cheapest_paths), Yen's
//!   loopless paths, cheapest first.
//! - `zero_one`: [`ZeroOneBfs`](crate::ZeroOneBfs), for costs of 0 or 1.
//! - `fringe`: [`fringe_search`](crate::fringe_search), IDA*'s
//!   thresholds over a list of the states A* would store.
//! - `greedy`: [`greedy_best_first`](crate::greedy_best_first) and
//!   [`beam_search`](crate::beam_search), fast and incomplete.
//! - `idastar/`: [`IdaStar`](crate::IdaStar), in memory of one path, with
//!   an executor a file: on owned states (`owned`), in place
//!   ([`InPlace`](crate::InPlace), `in_place`), or on every core
//!   (`parallel`).
//!
//! It may use `space`, `store`, `run`, `path` and `error`.

pub(crate) mod astar;
pub(crate) mod bidirectional;
pub(crate) mod fringe;
pub(crate) mod greedy;
pub(crate) mod k_cheapest;
pub(crate) mod open_list;
pub(crate) mod radix;
pub(crate) mod zero_one;
