//! [`Path`]: one walk from a start to an end, states and moves.

use crate::error::{Error, ErrorKind};
use crate::space::Quotient;
use crate::space::traits::{State, Successors};

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

/// Paths of a space through the classes of its [`Quotient`].
impl<S: State, M: Clone> Path<S, M> {
    /// A path of `quotient`'s space from `start` along the classes of
    /// `classes`, a path of the quotient's representatives from `start`'s
    /// class: at each step a neighbour, by a move of the space, in the
    /// next class. It ends in the class `classes` ends in, at some state
    /// of it.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) when `start` is
    /// not in the class `classes` starts from, or a step's class has no
    /// state next to the path's state before it: the classes were not
    /// those of symmetries of the space.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{bfs, from_fn, Path};
    /// use search_core::space::Quotient;
    ///
    /// let line = from_fn(|&n: &i32| [n - 1, n + 1]);
    /// let folded = Quotient::new(&line, |&n: &i32| (n.abs(), if n == 0 { 1 } else { 2 }));
    /// let classes = bfs(&folded, [0], |&n| n == 3)?.expect("reachable");
    /// let real = Path::through_classes(&folded, 0, &classes)?;
    /// assert_eq!(real.len(), 3);
    /// assert_eq!(real.states()[3].abs(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn through_classes<G, F, N>(
        quotient: &Quotient<G, F>,
        start: S,
        classes: &Path<S, N>,
    ) -> Result<Path<S, M>, Error>
    where
        G: Successors<State = S, Move = M>,
        F: Fn(&S) -> (S, u64),
    {
        let failed = |reason: String| Error::new(ErrorKind::InvalidShape { reason });
        let classes = classes.states();
        if classes.first() != Some(&quotient.canonical(&start).0) {
            return Err(failed("the start is not in the class the path starts from".into()));
        }
        let mut states = vec![start];
        let mut moves = Vec::with_capacity(classes.len().saturating_sub(1));
        for (step, class) in classes.iter().enumerate().skip(1) {
            let mut found = None;
            let here = &states[states.len() - 1];
            quotient.inner().successors(here, |next, mv| {
                if found.is_none() && quotient.canonical(&next).0 == *class {
                    found = Some((next, mv));
                }
            });
            let Some((next, mv)) = found else {
                return Err(failed(format!(
                    "step {step} of the path has no move into its class: the classes are not \
                     those of symmetries of the space"
                )));
            };
            states.push(next);
            moves.push(mv);
        }
        Ok(Path::new(states, moves))
    }
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
