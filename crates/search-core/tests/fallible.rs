//! A space whose successors fail: every search returns the space's error,
//! with its source, and none answers as if the states past it did not
//! exist.

use std::error::Error as _;

use search_core::Run;
use search_core::breadth_first::{
    ParallelEnumeration, Search, all_shortest_paths, dfs, par_enumerate,
};
use search_core::cheapest::{
    AStar, ZeroOneBfs, all_cheapest_paths, beam_search, bidirectional_astar,
    bidirectional_dijkstra, dijkstra_all, fringe_search, greedy_best_first, k_cheapest_paths,
};
use search_core::deepening::{IdaStar, iddfs};
use search_core::space::{TryFromFn, Undirected, UnitCost};
use search_core::{
    Error, ErrorKind, astar, bfs, bidirectional_bfs, dijkstra, enumerate, ida_star, try_from_fn,
};

/// The error of a line that ends in fog.
#[derive(Debug)]
struct Fog(u32);

impl std::fmt::Display for Fog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "fog past {}", self.0)
    }
}

impl std::error::Error for Fog {}

type Line = TryFromFn<u32, fn(&u32) -> Result<Vec<u32>, Fog>>;

/// A line walked both ways from 0 whose successors of 5 fail.
fn line() -> Undirected<Line> {
    #[expect(clippy::trivially_copy_pass_by_ref, reason = "try_from_fn hands states by reference")]
    fn steps(&n: &u32) -> Result<Vec<u32>, Fog> {
        if n == 5 { Err(Fog(5)) } else { Ok(n.checked_sub(1).into_iter().chain([n + 1]).collect()) }
    }
    Undirected(try_from_fn(steps as fn(&u32) -> Result<Vec<u32>, Fog>))
}

fn assert_fog<T: std::fmt::Debug>(name: &str, result: Result<T, Error>) {
    let error = result.expect_err(name);
    assert_eq!(error.kind(), &ErrorKind::SpaceFailed { message: "fog past 5".into() }, "{name}");
    let fog = error.source().and_then(|source| source.downcast_ref::<Fog>());
    assert!(fog.is_some_and(|fog| fog.0 == 5), "{name}");
    assert_eq!(error.to_string(), "the state space failed: fog past 5", "{name}");
}

#[test]
fn every_search_returns_the_spaces_failure() {
    let far = |&n: &u32| n == 9;
    let zero = |_: &u32| 0u32;
    assert_fog("bfs", bfs(&line(), [0], far));
    assert_fog("distance", Search::new().distance(&line(), [0], far, &mut Run::new()));
    assert_fog("bidirectional_bfs", bidirectional_bfs(&line(), [0], [9]));
    assert_fog("enumerate", enumerate(&line(), [0]));
    assert_fog("all_shortest_paths", all_shortest_paths(&line(), [0], far).map(|p| p.count()));
    assert_fog("par_enumerate", par_enumerate(&line(), [0]));
    assert_fog(
        "parallel distance",
        ParallelEnumeration::new().distance(&line(), [0], far, &mut Run::new()),
    );
    assert_fog("dfs", dfs(&line(), [0], far));
    assert_fog("iddfs", iddfs(&line(), [0], far));
    let weighted = UnitCost(line());
    assert_fog("dijkstra", dijkstra(&weighted, [0], far));
    assert_fog("astar", astar(&weighted, [0], zero, far));
    assert_fog("dijkstra_all", dijkstra_all(&weighted, [0], None).map(|c| c.len()));
    assert_fog(
        "all_cheapest_paths",
        all_cheapest_paths(&weighted, [0], zero, far).map(|p| p.count()),
    );
    assert_fog("ida_star", ida_star(&weighted, [0], zero, far));
    assert_fog(
        "run_parallel",
        IdaStar::new().run_parallel(&weighted, [0], zero, far, &mut Run::new()),
    );
    assert_fog("zero_one_bfs", ZeroOneBfs::new().run(&weighted, [0], far, &mut Run::new()));
    assert_fog("bidirectional_dijkstra", bidirectional_dijkstra(&weighted, [0], [9]));
    assert_fog("bidirectional_astar", bidirectional_astar(&weighted, [0], [9], zero, zero));
    assert_fog("greedy_best_first", greedy_best_first(&line(), [0], zero, far));
    assert_fog("beam_search", beam_search(&line(), [0], zero, far, 4));
    assert_fog("fringe_search", fringe_search(&weighted, [0], zero, far));
    assert_fog("k_cheapest_paths", k_cheapest_paths(&weighted, [0], far, 3));
    assert_fog(
        "AStar::cheapest_costs",
        AStar::new().cheapest_costs(&weighted, [0], None, &mut Run::new()).map(|c| c.len()),
    );
}

/// The line numbered by its value, for the dense engine.
struct Numbered(Line);
impl search_core::Successors for Numbered {
    type State = u32;
    type Move = ();
    fn successors<F: FnMut(u32, ())>(&self, n: &u32, report: F) {
        self.0.successors(n, report);
    }
    fn failure(&self) -> Option<Error> {
        self.0.failure()
    }
}
impl search_core::Ranking<u32> for Numbered {
    fn rank_count(&self) -> u64 {
        100
    }
    fn rank(&self, &n: &u32) -> u64 {
        u64::from(n)
    }
}
impl search_core::Unranking<u32> for Numbered {
    fn unrank(&self, rank: u64) -> u32 {
        rank as u32
    }
}

#[test]
fn a_driven_walk_and_the_dense_engine_return_the_failure_too() {
    let mut walk = search_core::breadth_first::Bfs::new();
    walk.start(&line(), [0]).unwrap();
    let error = loop {
        match walk.next(&line()) {
            Ok(Some(_)) => {}
            Ok(None) => panic!("the walk ended as if the line did"),
            Err(error) => break error,
        }
    };
    assert_fog("Bfs::next", Err::<(), _>(error));
    let numbered = search_core::space::AsRanked(Numbered(line().0));
    assert_fog(
        "DenseEnumeration",
        search_core::dense::DenseEnumeration::new().run(&numbered, &[0], &mut Run::new()),
    );
}

#[test]
fn a_goal_before_the_failure_is_answered() {
    let near = |&n: &u32| n == 3;
    assert_eq!(bfs(&line(), [0], near).unwrap().map(|path| path.len()), Some(3));
    assert_eq!(dijkstra(&UnitCost(line()), [0], near).unwrap().map(|(_, cost)| cost), Some(3));
}
