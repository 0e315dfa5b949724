//! The graph of every cheapest edge into each state, which holds what may
//! be exponentially many cheapest paths in the size of the states on them:
//! counted from the graph, walked one path at a time.

use num_traits::{SaturatingAdd, Unsigned};
use smallvec::SmallVec;

use crate::path::Path;

/// States in an order where every parent comes before its children (the
/// roots have no parents), and the goals the paths end at.
#[derive(Clone, Debug)]
pub(crate) struct PathDag<S, M> {
    pub(crate) states: Vec<S>,
    /// For each state, the edges into it on a cheapest path: the parent's
    /// index and the move.
    pub(crate) parents: Vec<SmallVec<[(u32, M); 1]>>,
    pub(crate) goals: Vec<u32>,
}

impl<S: Clone, M: Clone> PathDag<S, M> {
    pub(crate) fn goals(&self) -> impl Iterator<Item = &S> + '_ {
        self.goals.iter().map(|&goal| &self.states[goal as usize])
    }

    /// The number of paths from a root to a goal, saturating: each state's
    /// count is the sum of its parents', which come before it.
    pub(crate) fn count_as<T>(&self) -> T
    where
        T: Unsigned + SaturatingAdd + Copy,
    {
        let mut counts = vec![T::zero(); self.states.len()];
        for (node, parents) in self.parents.iter().enumerate() {
            counts[node] = if parents.is_empty() {
                T::one()
            } else {
                parents.iter().fold(T::zero(), |sum, &(parent, _)| {
                    sum.saturating_add(&counts[parent as usize])
                })
            };
        }
        self.goals.iter().fold(T::zero(), |sum, &goal| sum.saturating_add(&counts[goal as usize]))
    }

    pub(crate) fn paths(&self) -> Paths<'_, S, M> {
        let mut paths = Paths {
            graph: self,
            next_goal: 0,
            chain: Vec::new(),
            choices: Vec::new(),
            done: false,
        };
        paths.start_next_goal();
        paths
    }
}

/// An iterator over every shortest or cheapest path, made by
/// [`ShortestPaths::paths`](crate::ShortestPaths::paths) and
/// [`CheapestPaths::paths`](crate::CheapestPaths::paths). It holds one
/// path's worth of state, so even a count beyond `u128` can be walked a
/// path at a time.
///
/// # Example
///
/// ```
/// use search_core::{all_shortest_paths, from_fn};
///
/// let space = from_fn(|&n: &u32| [n + 1, n + 2]);
/// let paths = all_shortest_paths(&space, [0], |&n| n == 4)?;
/// let mut walks: Vec<Vec<u32>> = paths.paths().map(|p| p.states().to_vec()).collect();
/// walks.sort();
/// assert_eq!(walks, [vec![0, 2, 4]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Paths<'a, S, M> {
    graph: &'a PathDag<S, M>,
    next_goal: usize,
    /// Nodes from the current goal back towards a root.
    chain: Vec<u32>,
    /// `choices[i]`: which parent of `chain[i]` is `chain[i + 1]`.
    choices: Vec<usize>,
    done: bool,
}

impl<S: Clone, M: Clone> Paths<'_, S, M> {
    fn start_next_goal(&mut self) {
        self.chain.clear();
        self.choices.clear();
        match self.graph.goals.get(self.next_goal) {
            Some(&goal) => {
                self.next_goal += 1;
                self.chain.push(goal);
                self.descend();
            }
            None => self.done = true,
        }
    }

    /// Extends the chain to a root through each node's first parent.
    fn descend(&mut self) {
        while let Some(&(parent, _)) =
            self.chain.last().and_then(|&node| self.graph.parents[node as usize].first())
        {
            self.choices.push(0);
            self.chain.push(parent);
        }
    }

    /// Moves to the next combination of parents, nearest the root first.
    fn advance(&mut self) {
        while let Some(choice) = self.choices.pop() {
            self.chain.pop();
            let node = self.chain[self.chain.len() - 1] as usize;
            let parents = &self.graph.parents[node];
            if choice + 1 < parents.len() {
                self.choices.push(choice + 1);
                self.chain.push(parents[choice + 1].0);
                self.descend();
                return;
            }
        }
        self.start_next_goal();
    }

    fn current(&self) -> Path<S, M> {
        let states =
            self.chain.iter().rev().map(|&node| self.graph.states[node as usize].clone()).collect();
        let moves = self
            .choices
            .iter()
            .enumerate()
            .rev()
            .map(|(i, &choice)| self.graph.parents[self.chain[i] as usize][choice].1.clone())
            .collect();
        Path::new(states, moves)
    }
}

impl<S: Clone, M: Clone> Iterator for Paths<'_, S, M> {
    type Item = Path<S, M>;

    fn next(&mut self) -> Option<Path<S, M>> {
        if self.done {
            return None;
        }
        let path = self.current();
        self.advance();
        Some(path)
    }
}
