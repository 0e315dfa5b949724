//! [`Path`]: one walk from a start to an end, states and moves.

/// A walk through a state space: the states from the start to the end, and
/// the move taken at each step.
///
/// A path of `n` moves holds `n + 1` states; [`len`](Path::len) counts the
/// moves, where the `Vec` of states that the `pathfinding` crate returns
/// counts states: `path.len()` is its `path.len() - 1`. A search whose
/// start is already a goal returns a path of length 0.
///
/// # Example
///
/// ```
/// use search_core::{bfs, from_fn};
///
/// let space = from_fn(|&n: &i32| [n + 1, n - 1]);
/// let path = bfs(&space, [0], |&n| n == 3)?.expect("reachable");
/// assert_eq!(path.len(), 3);
/// assert_eq!(path.states(), [0, 1, 2, 3]);
/// assert_eq!(path.start(), &0);
/// assert_eq!(path.end(), &3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path<S, M> {
    states: Vec<S>,
    moves: Vec<M>,
}

impl<S, M> Path<S, M> {
    /// Builds a path from its states and the moves between them.
    ///
    /// # Panics
    ///
    /// When `states` is empty, or there is not exactly one move fewer than
    /// states.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Path;
    ///
    /// let path = Path::new(vec!["cold", "cord", "card", "ward", "warm"], vec![(); 4]);
    /// assert_eq!(path.len(), 4);
    /// ```
    pub fn new(states: Vec<S>, moves: Vec<M>) -> Path<S, M> {
        assert!(!states.is_empty(), "a path has at least one state");
        assert_eq!(states.len(), moves.len() + 1, "a path has one move fewer than states");
        Path { states, moves }
    }

    /// The number of moves: one fewer than [`states`](Path::states).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Path;
    ///
    /// assert_eq!(Path::new(vec![7], vec![(); 0]).len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the path has no moves: its start is its end.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Path;
    ///
    /// assert!(Path::new(vec![7], vec![(); 0]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The states, from the start to the end.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Path;
    ///
    /// assert_eq!(Path::new(vec![1, 2], vec!['+']).states(), [1, 2]);
    /// ```
    pub fn states(&self) -> &[S] {
        &self.states
    }

    /// The moves; move `i` leads from state `i` to state `i + 1`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Path;
    ///
    /// assert_eq!(Path::new(vec![1, 2], vec!['+']).moves(), ['+']);
    /// ```
    pub fn moves(&self) -> &[M] {
        &self.moves
    }

    /// The first state.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Path;
    ///
    /// assert_eq!(Path::new(vec![1, 2], vec!['+']).start(), &1);
    /// ```
    pub fn start(&self) -> &S {
        &self.states[0]
    }

    /// The last state.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Path;
    ///
    /// assert_eq!(Path::new(vec![1, 2], vec!['+']).end(), &2);
    /// ```
    pub fn end(&self) -> &S {
        &self.states[self.states.len() - 1]
    }

    /// The states and the moves, by value.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Path;
    ///
    /// let (states, moves) = Path::new(vec![1, 2], vec!['+']).into_parts();
    /// assert_eq!((states, moves), (vec![1, 2], vec!['+']));
    /// ```
    pub fn into_parts(self) -> (Vec<S>, Vec<M>) {
        (self.states, self.moves)
    }
}
