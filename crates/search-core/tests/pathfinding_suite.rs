//! The cases of the `pathfinding` crate's own test suite
//! (`tests/pathfinding.rs`, `astar_bag.rs` and `yen.rs`, 4.15), asked of
//! this crate's counterparts: an outside reference for the answers. A
//! `Path` counts moves where `pathfinding`'s `Vec` counts states, so its
//! lengths are one less.

use search_core::breadth_first::dfs;
use search_core::cheapest::{all_cheapest_paths, dijkstra_all, fringe_search, k_cheapest_paths};
use search_core::deepening::iddfs;
use search_core::{
    Path, Successors, astar, bfs, bidirectional_bfs, dijkstra, from_fn, from_fn_directed,
    from_fn_weighted, ida_star,
};

/// `ex1`: a directed graph of 9 nodes with costs, searched from node 1.
mod weighted_graph {
    use super::*;

    const SUCCESSORS: &[&[(u8, usize)]] = &[
        &[(1, 7), (2, 7), (3, 6)],
        &[(0, 8), (6, 7)],
        &[(5, 7)],
        &[(7, 7)],
        &[(4, 2)],
        &[(1, 1)],
        &[(2, 5), (4, 5), (5, 2)],
        &[(5, 8)],
        &[],
    ];

    fn space() -> impl search_core::Weighted<State = u8, Cost = usize> {
        from_fn_weighted(|&node: &u8| SUCCESSORS[usize::from(node)].iter().copied())
    }

    /// `pathfinding`'s expected cheapest path (as states) and cost.
    fn expected(target: u8) -> Option<(Vec<u8>, usize)> {
        match target {
            0 => Some((vec![1, 0], 8)),
            1 => Some((vec![1], 0)),
            2 => Some((vec![1, 6, 2], 12)),
            3 => Some((vec![1, 0, 3], 14)),
            4 => Some((vec![1, 6, 4], 12)),
            5 => Some((vec![1, 6, 5], 9)),
            6 => Some((vec![1, 6], 7)),
            7 => Some((vec![1, 0, 3, 7], 21)),
            _ => None,
        }
    }

    fn states<S: Clone, M>(found: Option<(Path<S, M>, usize)>) -> Option<(Vec<S>, usize)> {
        found.map(|(path, cost)| (path.states().to_vec(), cost))
    }

    #[test]
    fn dijkstra_ok() {
        for target in 0..9 {
            let found = dijkstra(&space(), [1], |&node| node == target).unwrap();
            assert_eq!(states(found), expected(target), "to {target}");
        }
    }

    #[test]
    fn fringe_ok() {
        for target in 0..9 {
            let found = fringe_search(&space(), [1], |_: &u8| 0, |&n| n == target);
            assert_eq!(states(found.unwrap()), expected(target), "to {target}");
        }
    }

    #[test]
    fn dijkstra_all_ok() {
        let costs = dijkstra_all(&space(), [1], None).unwrap();
        for target in 0..9 {
            let found = costs.path_to(&target).map(|path| path.states().to_vec());
            assert_eq!(found.zip(costs.cost(&target)), expected(target), "to {target}");
        }
    }

    #[test]
    fn dfs_ok() {
        let unweighted =
            from_fn(|&node: &u8| SUCCESSORS[usize::from(node)].iter().map(|&(n, _)| n));
        for target in 0..9 {
            let found = dfs(&unweighted, [1], |&node| node == target).unwrap();
            match (found, expected(target)) {
                (None, None) => {}
                (Some(path), Some((shortest, _))) => assert!(shortest.len() <= path.states().len()),
                (found, expected) => panic!("to {target}: {found:?} where {expected:?}"),
            }
        }
    }

    #[test]
    fn dijkstra_loop_ok() {
        let loops = from_fn_weighted(|_: &u8| [(1u8, 1usize)]);
        assert_eq!(states(dijkstra(&loops, [1], |&n| n == 2).unwrap()), None);
    }

    #[test]
    fn dfs_loop_ok() {
        let loops = from_fn(|_: &u8| [1u8]);
        assert_eq!(dfs(&loops, [1], |&n| n == 2).unwrap().map(|path| path.len()), None);
    }
}

/// `ex2`: a maze of open (`.`) and walled (`#`) cells, from (2, 3).
mod maze {
    use super::*;

    const MAZE: &str = "\
#########
#.#.....#
###.##..#
#...#...#
#...#...#
#...#...#
#...#...#
#########
";
    const START: (usize, usize) = (2, 3);
    const GOAL: (usize, usize) = (6, 3);
    /// A cell walled in: no path reaches it.
    const CLOSED: (usize, usize) = (1, 1);

    fn open(x: usize, y: usize) -> bool {
        MAZE.lines().nth(y).and_then(|line| line.as_bytes().get(x)) == Some(&b'.')
    }

    fn cells(&(x, y): &(usize, usize)) -> impl Iterator<Item = (usize, usize)> + use<> {
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)].into_iter().filter(|&(x, y)| open(x, y))
    }

    fn unweighted() -> impl Successors<State = (usize, usize), Move = ()> {
        from_fn(cells)
    }

    /// The maze's moves given forwards and backwards, as `pathfinding`'s
    /// `bfs_bidirectional` takes them.
    fn both_ways() -> impl search_core::Predecessors<State = (usize, usize), Move = ()> {
        from_fn_directed(cells, cells)
    }

    fn weighted() -> impl search_core::Weighted<State = (usize, usize), Cost = usize> {
        from_fn_weighted(|cell: &(usize, usize)| cells(cell).map(|next| (next, 1)))
    }

    fn taxicab(goal: (usize, usize)) -> impl Fn(&(usize, usize)) -> usize {
        move |&(x, y)| x.abs_diff(goal.0) + y.abs_diff(goal.1)
    }

    /// A path through open cells, each a step from the last.
    fn assert_walks<M>(path: &Path<(usize, usize), M>, from: (usize, usize), to: (usize, usize)) {
        assert_eq!((path.start(), path.states().last()), (&from, Some(&to)));
        assert!(path.states().iter().all(|&(x, y)| open(x, y)));
        for pair in path.states().windows(2) {
            assert!(cells(&pair[0]).any(|next| next == pair[1]), "{pair:?} is not a step");
        }
    }

    #[test]
    fn cheapest_paths_ok() {
        let found = [
            astar(&weighted(), [START], taxicab(GOAL), |&n| n == GOAL).unwrap(),
            ida_star(&weighted(), [START], taxicab(GOAL), |&n| n == GOAL).unwrap(),
            dijkstra(&weighted(), [START], |&n| n == GOAL).unwrap(),
            fringe_search(&weighted(), [START], taxicab(GOAL), |&n| n == GOAL).unwrap(),
        ];
        for (path, cost) in found.into_iter().map(Option::unwrap) {
            assert_eq!((cost, path.len()), (8, 8));
            assert_walks(&path, START, GOAL);
        }
        let costs = dijkstra_all(&weighted(), [START], None).unwrap();
        assert_eq!(costs.cost(&GOAL), Some(8));
    }

    #[test]
    fn shortest_paths_ok() {
        let found = [
            bfs(&unweighted(), [START], |&n| n == GOAL).unwrap(),
            bidirectional_bfs(&both_ways(), [START], [GOAL]).unwrap(),
            iddfs(&unweighted(), [START], |&n| n == GOAL).unwrap(),
        ];
        for path in found.into_iter().map(Option::unwrap) {
            // pathfinding's 9 states.
            assert_eq!(path.len(), 8);
            assert_walks(&path, START, GOAL);
        }
        let any = dfs(&unweighted(), [START], |&n| n == GOAL).unwrap().unwrap();
        assert!(any.len() >= 8);
        assert_walks(&any, START, GOAL);
    }

    #[test]
    fn no_path_ok() {
        let goal = |&n: &(usize, usize)| n == CLOSED;
        assert!(astar(&weighted(), [START], taxicab(CLOSED), goal).unwrap().is_none());
        assert!(ida_star(&weighted(), [START], taxicab(CLOSED), goal).unwrap().is_none());
        assert!(dijkstra(&weighted(), [START], goal).unwrap().is_none());
        assert!(bfs(&unweighted(), [START], goal).unwrap().is_none());
        assert!(bidirectional_bfs(&both_ways(), [START], [CLOSED]).unwrap().is_none());
        assert!(dfs(&unweighted(), [START], goal).unwrap().is_none());
        assert!(iddfs(&unweighted(), [START], goal).unwrap().is_none());
        assert_eq!(dijkstra_all(&weighted(), [START], None).unwrap().cost(&CLOSED), None);
        let fringe = fringe_search(&weighted(), [START], taxicab(CLOSED), goal);
        assert!(fringe.unwrap().is_none());
        assert_eq!(
            all_cheapest_paths(&weighted(), [START], taxicab(CLOSED), goal).unwrap().count(),
            0
        );
    }

    #[test]
    fn astar_bag_single_and_multiple_ok() {
        for (goal, cost, count) in [(GOAL, 8, 1), ((7, 3), 9, 3)] {
            let paths = all_cheapest_paths(&weighted(), [START], taxicab(goal), |&n| n == goal);
            let paths = paths.unwrap();
            assert_eq!((paths.cost(), paths.count()), (Some(cost), count));
            let mut walks: Vec<Vec<(usize, usize)>> = Vec::new();
            for path in paths.paths() {
                assert_walks(&path, START, goal);
                walks.push(path.states().to_vec());
            }
            walks.sort();
            walks.dedup();
            assert_eq!(walks.len() as u128, count);
        }
    }
}

/// `astar_bag.rs`: cheapest paths to two goals, and `2^N` of them.
mod every_cheapest_path {
    use super::*;

    #[test]
    fn multiple_sinks() {
        let space = from_fn_weighted(|&n: &u8| match n {
            1 => vec![(2, 1u32), (3, 1)],
            2 | 3 => vec![(4, 3), (5, 1)],
            5 => vec![(6, 1)],
            6 => vec![(7, 1)],
            _ => vec![],
        });
        let paths = all_cheapest_paths(&space, [1], |_: &u8| 0, |&n| n == 4 || n == 7).unwrap();
        assert_eq!(paths.cost(), Some(4));
        let mut walks: Vec<Vec<u8>> = paths.paths().map(|path| path.states().to_vec()).collect();
        walks.sort();
        assert_eq!(walks, [vec![1, 2, 4], vec![1, 2, 5, 6, 7], vec![1, 3, 4], vec![1, 3, 5, 6, 7]]);
    }

    #[test]
    fn numerous_solutions() {
        const N: usize = 10;
        const GOAL: usize = 3 * N;
        let space = from_fn_weighted(|&n: &usize| match n {
            x if x % 3 == 2 => vec![(x + 1, 1usize)],
            x => vec![(x + 1, 1), (x + 2, 1)],
        });
        let estimate = |&n: &usize| GOAL.saturating_sub(n) / 2;
        let paths = all_cheapest_paths(&space, [0], estimate, |&n| n == GOAL).unwrap();
        assert_eq!(paths.cost(), Some(N * 2));
        assert_eq!(paths.count(), 1 << N);
        assert_eq!(paths.paths().count(), 1 << N);
    }
}

/// `yen.rs`: Wikipedia's example of Yen's algorithm, and its edge cases.
mod yen {
    use super::*;

    fn wikipedia(c: char) -> Vec<(char, u32)> {
        match c {
            'c' => vec![('d', 3), ('e', 2)],
            'd' => vec![('f', 4)],
            'e' => vec![('d', 1), ('f', 2), ('g', 3)],
            'f' => vec![('g', 2), ('h', 1)],
            'g' => vec![('h', 2)],
            _ => vec![],
        }
    }

    fn yen(
        successors: impl Fn(char) -> Vec<(char, u32)>,
        start: char,
        goal: char,
        k: usize,
    ) -> Vec<(Vec<char>, u32)> {
        let space = from_fn_weighted(move |&c: &char| successors(c));
        let found = k_cheapest_paths(&space, [start], |&c| c == goal, k).unwrap();
        found.into_iter().map(|(path, cost)| (path.states().to_vec(), cost)).collect()
    }

    #[test]
    fn simple() {
        let found = yen(wikipedia, 'c', 'h', 3);
        assert_eq!(
            found,
            [
                (vec!['c', 'e', 'f', 'h'], 5),
                (vec!['c', 'e', 'g', 'h'], 7),
                (vec!['c', 'd', 'f', 'h'], 8)
            ]
        );
    }

    #[test]
    fn ask_more_than_exist() {
        let costs: Vec<u32> = yen(wikipedia, 'c', 'h', 10).iter().map(|(_, c)| *c).collect();
        assert_eq!(costs, [5, 7, 8, 8, 8, 11, 11]);
    }

    #[test]
    fn no_path() {
        let cycle = |c: char| match c {
            'c' => vec![('d', 3), ('e', 2)],
            'd' => vec![('f', 4)],
            'e' => vec![('d', 1), ('f', 2), ('g', 3)],
            'f' => vec![('g', 2), ('d', 1)],
            'g' => vec![('e', 2)],
            _ => vec![],
        };
        assert!(yen(cycle, 'c', 'h', 2).is_empty());
    }

    #[test]
    fn single_node() {
        assert_eq!(yen(|_| vec![('c', 1)], 'c', 'c', 2), [(vec!['c'], 0)]);
    }

    #[test]
    fn longer_alternative_path() {
        let graph = |c: char| match c {
            'c' => vec![('d', 1), ('h', 1)],
            'd' => vec![('e', 1)],
            'e' => vec![('f', 1)],
            'f' => vec![('g', 1), ('h', 1)],
            'g' => vec![('h', 1)],
            _ => vec![],
        };
        assert_eq!(
            yen(graph, 'c', 'h', 3),
            [
                (vec!['c', 'h'], 1),
                (vec!['c', 'd', 'e', 'f', 'h'], 4),
                (vec!['c', 'd', 'e', 'f', 'g', 'h'], 5)
            ]
        );
    }

    #[test]
    fn all_paths() {
        let graph = |c: char| match c {
            'a' => vec![('b', 1), ('c', 1), ('d', 1)],
            'b' => vec![('c', 1), ('d', 1)],
            'c' => vec![('b', 1), ('d', 1)],
            _ => vec![],
        };
        let mut found = yen(graph, 'a', 'd', usize::MAX);
        found.sort_unstable();
        assert_eq!(
            found,
            [
                (vec!['a', 'b', 'c', 'd'], 3),
                (vec!['a', 'b', 'd'], 2),
                (vec!['a', 'c', 'b', 'd'], 3),
                (vec!['a', 'c', 'd'], 2),
                (vec!['a', 'd'], 1),
            ]
        );
    }

    #[test]
    fn multiple_equal_cost_paths() {
        let graph = |c: char| match c {
            'A' => vec![('B', 1), ('C', 1)],
            'B' | 'C' => vec![('D', 1)],
            _ => vec![],
        };
        // Paths of equal cost come in no promised order.
        let mut found = yen(graph, 'A', 'D', 2);
        found.sort_unstable();
        assert_eq!(found, [(vec!['A', 'B', 'D'], 2), (vec!['A', 'C', 'D'], 2)]);
    }

    #[test]
    fn k_zero() {
        assert!(yen(wikipedia, 'c', 'h', 0).is_empty());
    }
}
