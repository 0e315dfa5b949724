//! Shortest Path Visiting All Nodes (LeetCode 847): a search with many
//! starts at once.

use search_core::breadth_first::Search;
use search_core::space::rank_by;
use search_core::{Ranking, Run, Successors};

use crate::error::{Error, ErrorKind};

/// The most nodes a graph may have: a state holds one bit per node.
const MAX_NODES: usize = 20;

/// An undirected graph whose states are a node together with the set of
/// nodes visited so far, packed as `node << MAX_NODES | visited`.
///
/// The walk may start anywhere, so every node with only itself visited is a
/// start, and one multi-source search finds the shortest walk from the best
/// of them.
///
/// # Example
///
/// ```
/// use puzzles::VisitAll;
///
/// let star = VisitAll::new(&[vec![1, 2, 3], vec![0], vec![0], vec![0]])?;
/// assert_eq!(star.shortest_walk()?, Some(4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct VisitAll {
    adjacency: Vec<Vec<u32>>,
}

impl VisitAll {
    /// The graph given by adjacency lists.
    ///
    /// # Errors
    ///
    /// When it has no nodes or more than 20, or an edge names a node that
    /// does not exist.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::VisitAll;
    ///
    /// let error = VisitAll::new(&[vec![1], vec![2]]).unwrap_err();
    /// assert_eq!(error.to_string(), "node 1 has an edge to node 2, but the graph has nodes 0 to 1");
    /// ```
    pub fn new(adjacency: &[Vec<usize>]) -> Result<VisitAll, Error> {
        let input = |reason: String| Error::new(ErrorKind::Input { reason });
        let n = adjacency.len();
        if n == 0 || n > MAX_NODES {
            return Err(input(format!(
                "a graph of {n} nodes is not supported: it needs 1 to {MAX_NODES}"
            )));
        }
        let mut lists = Vec::with_capacity(n);
        for (node, targets) in adjacency.iter().enumerate() {
            let mut list = Vec::with_capacity(targets.len());
            for &target in targets {
                if target >= n {
                    return Err(input(format!(
                        "node {node} has an edge to node {target}, but the graph has nodes 0 to {}",
                        n - 1
                    )));
                }
                list.push(target as u32);
            }
            lists.push(list);
        }
        Ok(VisitAll { adjacency: lists })
    }

    /// The length of the shortest walk that visits every node, or `None`
    /// when the graph is not connected.
    ///
    /// # Errors
    ///
    /// When the search passes the default state limit.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::VisitAll;
    ///
    /// let graph = VisitAll::new(&[vec![1], vec![0, 2, 4], vec![1, 3, 4], vec![2], vec![1, 2]])?;
    /// assert_eq!(graph.shortest_walk()?, Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shortest_walk(&self) -> Result<Option<usize>, Error> {
        let n = self.adjacency.len();
        let everything = (1u32 << n) - 1;
        let starts = (0..n as u32).map(|node| (node << MAX_NODES) | (1 << node));
        let visited = |&state: &u32| state & everything == everything;
        Ok(Search::new().distance(self, starts, visited, &mut Run::new())?)
    }
}

impl Successors for VisitAll {
    type State = u32;
    type Move = ();

    fn successors<F: FnMut(u32, ())>(&self, &state: &u32, mut report: F) {
        let node = state >> MAX_NODES;
        let visited = state & ((1 << MAX_NODES) - 1);
        for &next in &self.adjacency[node as usize] {
            report((next << MAX_NODES) | visited | (1 << next), ());
        }
    }

    fn ranking(&self) -> Option<impl Ranking<u32> + '_> {
        Some(rank_by((self.adjacency.len() as u64) << MAX_NODES, |&state: &u32| u64::from(state)))
    }
}

/// LeetCode 847: the length of the shortest walk visiting every node, or
/// -1 when the graph is not connected.
///
/// # Errors
///
/// When the graph is malformed.
///
/// # Example
///
/// ```
/// use puzzles::shortest_path_length;
///
/// assert_eq!(shortest_path_length(&[vec![1, 2, 3], vec![0], vec![0], vec![0]])?, 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shortest_path_length(graph: &[Vec<usize>]) -> Result<i32, Error> {
    Ok(VisitAll::new(graph)?
        .shortest_walk()?
        .map_or(-1, |moves| i32::try_from(moves).unwrap_or(i32::MAX)))
}
