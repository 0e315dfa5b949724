//! [`CheapestPaths`]: the graph of every cheapest edge into each state,
//! which holds what may be exponentially many cheapest paths in the size
//! of the states on them, counted from the graph and walked one path at a
//! time ([`Paths`]); [`ShortestPaths`] when every move costs one.

use num_traits::{SaturatingAdd, Unsigned};
use smallvec::SmallVec;

use crate::error::Error;
use crate::path::walk::Path;
use crate::run::memory::reserved_vec;

/// Every cheapest path from the starts to the nearest goals, held as the
/// graph of the edges on them rather than as a list of paths.
///
/// What [`all_cheapest_paths`](crate::cheapest::all_cheapest_paths) and
/// [`AStar::all_cheapest_paths`](crate::cheapest::AStar::all_cheapest_paths) return,
/// and, as [`ShortestPaths`] (the cost a count of moves),
/// [`all_shortest_paths`](crate::breadth_first::all_shortest_paths). There can be
/// exponentially many cheapest paths, so they are counted from that graph
/// and produced one at a time by [`paths`](CheapestPaths::paths). Two moves
/// between the same pair of states, at the same cost, make two paths.
///
/// # Example
///
/// ```
/// use search_core::from_fn_weighted;
/// use search_core::cheapest::all_cheapest_paths;
///
/// // Right costs 1 and up costs 2 on a 3x3 grid: every monotone walk costs 6.
/// let grid = from_fn_weighted(|&(x, y): &(u8, u8)| {
///     let mut next = Vec::new();
///     if x < 2 { next.push(((x + 1, y), 1u32)); }
///     if y < 2 { next.push(((x, y + 1), 2)); }
///     next
/// });
/// let paths = all_cheapest_paths(&grid, [(0, 0)], |_| 0, |&p| p == (2, 2))?;
/// assert_eq!(paths.cost(), Some(6));
/// assert_eq!(paths.count(), 6);
/// assert!(paths.paths().all(|path| path.len() == 4 && path.end() == &(2, 2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct CheapestPaths<S, M, C> {
    /// The states on the paths, each parent before its children (the roots
    /// have no parents).
    pub(crate) states: Vec<S>,
    /// For each state, the edges into it on a cheapest path: the parent's
    /// index and the move.
    pub(crate) parents: Vec<SmallVec<[(u32, M); 1]>>,
    /// The states the paths end at.
    pub(crate) goals: Vec<u32>,
    pub(crate) cost: Option<C>,
}

impl<S: Clone, M: Clone, C: Copy> CheapestPaths<S, M, C> {
    /// The cost of the cheapest paths, or `None` when no goal is
    /// reachable.
    ///
    /// # Example
    ///
    /// See [`CheapestPaths`].
    pub fn cost(&self) -> Option<C> {
        self.cost
    }

    /// The goals reached, each at [`cost`](CheapestPaths::cost).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn_weighted;
    /// use search_core::cheapest::all_cheapest_paths;
    ///
    /// let line = from_fn_weighted(|&n: &i8| [(n - 1, 1u32), (n + 1, 1)]);
    /// let paths = all_cheapest_paths(&line, [0], |_| 0, |&n| n.abs() == 2)?;
    /// let mut goals: Vec<i8> = paths.goals().copied().collect();
    /// goals.sort();
    /// assert_eq!(goals, [-2, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn goals(&self) -> impl Iterator<Item = &S> + '_ {
        self.goals.iter().map(|&goal| &self.states[goal as usize])
    }

    /// The number of cheapest paths, saturating at `u128::MAX`, computed
    /// from the graph without building the paths.
    ///
    /// # Example
    ///
    /// See [`CheapestPaths`].
    pub fn count(&self) -> u128 {
        self.count_as::<u128>()
    }

    /// The number of cheapest paths in any unsigned integer type,
    /// saturating at its largest value.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn_weighted;
    /// use search_core::cheapest::all_cheapest_paths;
    ///
    /// // 20 steps, each of two moves that cost 3: 2^20 paths.
    /// let walk = from_fn_weighted(|&n: &u8| if n < 20 { vec![(n + 1, 3u32); 2] } else { vec![] });
    /// let paths = all_cheapest_paths(&walk, [0], |_| 0, |&n| n == 20)?;
    /// assert_eq!(paths.count_as::<u64>(), 1 << 20);
    /// assert_eq!(paths.count_as::<u16>(), u16::MAX);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_as<T>(&self) -> T
    where
        T: Unsigned + SaturatingAdd + Copy,
    {
        // Each state's count is the sum of its parents', which come
        // before it.
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

    /// The cheapest path that takes, from its start on, the least state by
    /// `key` at each step: the first of [`paths`](CheapestPaths::paths)
    /// in the order of their states' keys (the alphabetical order, for
    /// words), found in one pass over the graph without building the
    /// others. `None` when no goal is reachable.
    ///
    /// # Errors
    ///
    /// When the allocator refuses the graph's list of children (one entry
    /// for each edge).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::breadth_first::all_shortest_paths;
    ///
    /// // Monotone walks across a 3x3 grid: the first by (x, y) goes up the
    /// // left side first, since (0, 1) < (1, 0).
    /// let grid = from_fn(|&(x, y): &(u8, u8)| {
    ///     let mut next = Vec::new();
    ///     if x < 2 { next.push((x + 1, y)); }
    ///     if y < 2 { next.push((x, y + 1)); }
    ///     next
    /// });
    /// let paths = all_shortest_paths(&grid, [(0, 0)], |&p| p == (2, 2))?;
    /// let first = paths.first_path_by_key(|&p| p)?.expect("reachable");
    /// assert_eq!(first.states(), [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]);
    /// let mut all: Vec<_> = paths.paths().map(|p| p.states().to_vec()).collect();
    /// all.sort();
    /// assert_eq!(all[0], first.states());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn first_path_by_key<K, F>(&self, mut key: F) -> Result<Option<Path<S, M>>, Error>
    where
        K: Ord,
        F: FnMut(&S) -> K,
    {
        let nodes = self.states.len();
        // The states from which a goal can be reached: a goal's ancestors.
        let mut leads_to_goal = reserved_vec::<bool>(nodes)?;
        leads_to_goal.resize(nodes, false);
        // Each node is marked as it is pushed, so the stack never holds
        // more than all of them.
        let mut stack = reserved_vec::<u32>(nodes)?;
        for &goal in &self.goals {
            if !std::mem::replace(&mut leads_to_goal[goal as usize], true) {
                stack.push(goal);
            }
        }
        while let Some(node) = stack.pop() {
            for &(parent, _) in &self.parents[node as usize] {
                if !std::mem::replace(&mut leads_to_goal[parent as usize], true) {
                    stack.push(parent);
                }
            }
        }
        let mut is_goal = reserved_vec::<bool>(nodes)?;
        is_goal.resize(nodes, false);
        for &goal in &self.goals {
            is_goal[goal as usize] = true;
        }
        // Each node's edges out, as (child, index among the child's
        // parents), grouped by parent: the graph keeps only edges in.
        let mut starts = reserved_vec::<u32>(nodes + 1)?;
        starts.resize(nodes + 1, 0);
        for parents in &self.parents {
            for &(parent, _) in parents {
                starts[parent as usize + 1] += 1;
            }
        }
        for node in 0..nodes {
            starts[node + 1] += starts[node];
        }
        let edges = starts[nodes] as usize;
        let mut children = reserved_vec::<(u32, u32)>(edges)?;
        children.resize(edges, (0, 0));
        let mut filled = starts.clone();
        for (child, parents) in self.parents.iter().enumerate() {
            for (which, &(parent, _)) in parents.iter().enumerate() {
                let slot = &mut filled[parent as usize];
                children[*slot as usize] = (child as u32, which as u32);
                *slot += 1;
            }
        }
        let least = |candidates: &mut dyn Iterator<Item = (u32, u32)>, key: &mut F| {
            candidates
                .filter(|&(node, _)| leads_to_goal[node as usize])
                .min_by_key(|&(node, _)| key(&self.states[node as usize]))
        };
        let roots = &mut (0..nodes as u32)
            .filter(|&node| self.parents[node as usize].is_empty())
            .map(|node| (node, 0));
        let Some((mut node, _)) = least(roots, &mut key) else {
            return Ok(None);
        };
        let mut states = vec![self.states[node as usize].clone()];
        let mut moves = Vec::new();
        while !is_goal[node as usize] {
            let out = &children[starts[node as usize] as usize..starts[node as usize + 1] as usize];
            let Some((child, which)) = least(&mut out.iter().copied(), &mut key) else {
                break;
            };
            states.push(self.states[child as usize].clone());
            moves.push(self.parents[child as usize][which as usize].1.clone());
            node = child;
        }
        Ok(Some(Path::new(states, moves)))
    }

    /// The cheapest paths, built one at a time as the iterator advances.
    ///
    /// # Example
    ///
    /// See [`CheapestPaths`].
    pub fn paths(&self) -> Paths<'_, S, M> {
        let mut paths = Paths {
            states: &self.states,
            parents: &self.parents,
            goals: &self.goals,
            next_goal: 0,
            chain: Vec::new(),
            choices: Vec::new(),
            done: false,
        };
        paths.start_next_goal();
        paths
    }
}

/// Every shortest path from the starts to the nearest goals: the cheapest
/// paths when every move costs one, their cost the number of moves.
///
/// What [`all_shortest_paths`](crate::breadth_first::all_shortest_paths) and
/// [`Search::all_shortest_paths`](crate::breadth_first::Search::all_shortest_paths)
/// return. Two edges between the same pair of states (two moves with one
/// effect) make two paths.
///
/// # Example
///
/// ```
/// use search_core::from_fn;
/// use search_core::breadth_first::all_shortest_paths;
///
/// // Monotone walks across a 3x3 grid of points: C(4, 2) = 6 of them.
/// let grid = from_fn(|&(x, y): &(u8, u8)| {
///     let mut next = Vec::new();
///     if x < 2 { next.push((x + 1, y)); }
///     if y < 2 { next.push((x, y + 1)); }
///     next
/// });
/// let paths = all_shortest_paths(&grid, [(0, 0)], |&p| p == (2, 2))?;
/// assert_eq!(paths.distance(), Some(4));
/// assert_eq!(paths.count(), 6);
/// assert_eq!(paths.paths().count(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type ShortestPaths<S, M> = CheapestPaths<S, M, usize>;

impl<S: Clone, M: Clone> CheapestPaths<S, M, usize> {
    /// The length of the shortest paths in moves, or `None` when no goal
    /// is reachable: their [`cost`](CheapestPaths::cost).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::breadth_first::all_shortest_paths;
    ///
    /// let space = from_fn(|&n: &u8| [n.saturating_add(1)]);
    /// assert_eq!(all_shortest_paths(&space, [0], |&n| n == 3)?.distance(), Some(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distance(&self) -> Option<usize> {
        self.cost
    }
}

/// An iterator over every shortest or cheapest path, made by
/// [`CheapestPaths::paths`]. It holds one
/// path's worth of state, so even a count beyond `u128` can be walked a
/// path at a time.
///
/// # Example
///
/// ```
/// use search_core::from_fn;
/// use search_core::breadth_first::all_shortest_paths;
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
    states: &'a [S],
    parents: &'a [SmallVec<[(u32, M); 1]>],
    goals: &'a [u32],
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
        match self.goals.get(self.next_goal) {
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
            self.chain.last().and_then(|&node| self.parents[node as usize].first())
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
            let parents = &self.parents[node];
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
            self.chain.iter().rev().map(|&node| self.states[node as usize].clone()).collect();
        let moves = self
            .choices
            .iter()
            .enumerate()
            .rev()
            .map(|(i, &choice)| self.parents[self.chain[i] as usize][choice].1.clone())
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
