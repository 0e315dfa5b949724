//! The cases of the `pathfinding` crate's own test suite
//! (`tests/pathfinding.rs`, 4.15), asked of this crate's counterparts: an
//! outside reference for the answers. A `Path` counts moves where
//! `pathfinding`'s `Vec` counts states, so its lengths are one less.

use search_core::{
    Limits, Path, Successors, astar, bfs, bidirectional_bfs, dfs, dijkstra, dijkstra_all, from_fn,
    from_fn_directed, from_fn_weighted, ida_star, iddfs,
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
            let found = dfs(&unweighted, [1], |&node| node == target, Limits::new()).unwrap();
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
        assert_eq!(
            dfs(&loops, [1], |&n| n == 2, Limits::new()).unwrap().map(|path| path.len()),
            None
        );
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
        let any = dfs(&unweighted(), [START], |&n| n == GOAL, Limits::new()).unwrap().unwrap();
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
        assert!(dfs(&unweighted(), [START], goal, Limits::new()).unwrap().is_none());
        assert!(iddfs(&unweighted(), [START], goal).unwrap().is_none());
        assert_eq!(dijkstra_all(&weighted(), [START], None).unwrap().cost(&CLOSED), None);
    }
}
