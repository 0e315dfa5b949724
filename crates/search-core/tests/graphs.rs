//! Random graphs, and a plain breadth-first search to check the crate against.

use std::collections::VecDeque;

use proptest::prelude::*;
use search_core::space::{RankedSpace, rank_by};
use search_core::{Predecessors, Ranking, Successors};

/// A directed graph on `0..n`, as adjacency lists. The move of an edge is its
/// position in its source's list, so a path can be checked edge by edge.
#[derive(Clone, Debug)]
pub(crate) struct Graph {
    pub(crate) adjacency: Vec<Vec<u32>>,
    pub(crate) reverse: Vec<Vec<u32>>,
}

impl Graph {
    pub(crate) fn new(adjacency: Vec<Vec<u32>>) -> Graph {
        let mut reverse = vec![Vec::new(); adjacency.len()];
        for (from, targets) in adjacency.iter().enumerate() {
            for &to in targets {
                reverse[to as usize].push(from as u32);
            }
        }
        Graph { adjacency, reverse }
    }

    /// The same graph with every edge also reversed.
    pub(crate) fn undirected(&self) -> Graph {
        let mut adjacency = self.adjacency.clone();
        for (from, targets) in self.adjacency.iter().enumerate() {
            for &to in targets {
                adjacency[to as usize].push(from as u32);
            }
        }
        Graph::new(adjacency)
    }

    pub(crate) fn len(&self) -> usize {
        self.adjacency.len()
    }

    /// Checks that `states` and `moves` walk the graph edge by edge.
    pub(crate) fn assert_legal(&self, states: &[u32], moves: &[usize]) {
        assert_eq!(states.len(), moves.len() + 1);
        for (i, &mv) in moves.iter().enumerate() {
            assert_eq!(
                self.adjacency[states[i] as usize].get(mv),
                Some(&states[i + 1]),
                "step {i} of {states:?} is not an edge"
            );
        }
    }
}

/// The graph as a state space; `DENSE` says whether it offers ranks, so
/// that the same graph can be searched through a flat array and through a
/// hash table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Space<'a, const DENSE: bool>(pub &'a Graph);

/// The graph searched through hashing.
pub(crate) fn hashed(graph: &Graph) -> Space<'_, false> {
    Space(graph)
}

/// The graph searched through dense ranks (the node number).
pub(crate) fn dense(graph: &Graph) -> Space<'_, true> {
    Space(graph)
}

impl<const DENSE: bool> Successors for Space<'_, DENSE> {
    type State = u32;
    type Move = usize;

    fn successors<F: FnMut(u32, usize)>(&self, &node: &u32, mut report: F) {
        for (mv, &next) in self.0.adjacency[node as usize].iter().enumerate() {
            report(next, mv);
        }
    }

    fn ranking(&self) -> Option<impl Ranking<u32> + '_> {
        DENSE.then(|| rank_by(self.0.len() as u64, |&node: &u32| u64::from(node)))
    }
}

// A directed space supplies its own predecessors, beside the crate's blanket
// implementation for reversible spaces.
impl<const DENSE: bool> Predecessors for Space<'_, DENSE> {
    fn predecessors<F: FnMut(u32)>(&self, &node: &u32, mut report: F) {
        for &previous in &self.0.reverse[node as usize] {
            report(previous);
        }
    }
}

impl RankedSpace for Graph {
    fn rank_count(&self) -> u64 {
        self.len() as u64
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        for &next in &self.adjacency[rank as usize] {
            report(u64::from(next));
        }
    }
}

/// Distances from `starts` by the textbook algorithm; `None` if unreachable.
pub(crate) fn reference_distances(graph: &Graph, starts: &[u32]) -> Vec<Option<usize>> {
    let mut distance = vec![None; graph.len()];
    let mut queue = VecDeque::new();
    for &start in starts {
        if distance[start as usize].is_none() {
            distance[start as usize] = Some(0);
            queue.push_back(start);
        }
    }
    while let Some(node) = queue.pop_front() {
        let next_distance = distance[node as usize].map(|d| d + 1);
        for &next in &graph.adjacency[node as usize] {
            if distance[next as usize].is_none() {
                distance[next as usize] = next_distance;
                queue.push_back(next);
            }
        }
    }
    distance
}

/// A random directed graph of up to `max_nodes` nodes and `max_degree`
/// edges out of each, possibly with loops and parallel edges.
pub(crate) fn graph(max_nodes: usize, max_degree: usize) -> impl Strategy<Value = Graph> {
    (1..=max_nodes).prop_flat_map(move |n| {
        prop::collection::vec(prop::collection::vec(0..n as u32, 0..=max_degree), n)
            .prop_map(Graph::new)
    })
}

/// A random graph with a start and a goal in it.
pub(crate) fn graph_with_ends(
    max_nodes: usize,
    max_degree: usize,
) -> impl Strategy<Value = (Graph, u32, u32)> {
    graph(max_nodes, max_degree).prop_flat_map(|graph| {
        let n = graph.len() as u32;
        (Just(graph), 0..n, 0..n)
    })
}

/// The layer sizes and the deepest layer of `graph` from `starts`, by the
/// textbook algorithm.
pub(crate) fn plain_layers(graph: &Graph, starts: &[u32]) -> (Vec<u64>, Vec<u64>) {
    let distances = reference_distances(graph, starts);
    let radius = distances.iter().flatten().copied().max();
    let mut sizes = vec![0u64; radius.map_or(0, |radius| radius + 1)];
    for &distance in distances.iter().flatten() {
        sizes[distance] += 1;
    }
    let deepest = (0..graph.len() as u64)
        .filter(|&node| radius.is_some() && distances[node as usize] == radius)
        .collect();
    (sizes, deepest)
}

/// A space's own error, for tests of a space that fails.
#[derive(Debug)]
pub(crate) struct Fog;

impl std::fmt::Display for Fog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("fog")
    }
}

impl std::error::Error for Fog {}
