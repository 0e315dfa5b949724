//! [`Quotient`]: a space reduced by its symmetries, one state a class of
//! equivalent states, each standing for the states of its class.

use std::fmt;

use crate::error::Error;
use crate::space::traits::{Predecessors, Ranking, Successors};

/// A space reduced by its symmetries: its states are the representatives
/// of classes of equivalent states, as `canonical` chooses them, and each
/// stands for its class ([`Successors::class_size`]). Every search runs
/// on it as on the space, keeping one state a class; an enumeration's
/// [`layer_positions`](crate::breadth_first::Enumeration::layer_positions)
/// count what the classes stand for.
///
/// `canonical(state)` returns the representative of `state`'s class and
/// the number of states in the class. The classes must be those of a
/// group of symmetries of the space that fix the starts: maps of states
/// to states that take every move to a move (a board's mirror image, the
/// pegs of a Hanoi tower other than the first relabelled). Then a
/// state's neighbours' classes are its class's neighbours, every state
/// of a class lies at one depth, and the quotient's layers are the
/// space's layers, a state a class: a state's neighbours are reported as
/// their representatives. [`Path::through_classes`](crate::Path::through_classes) turns a path of
/// representatives back into a path of the space, move by move. (A
/// map that keeps depths but is no symmetry of the moves, such as a
/// group element's inverse, needs the neighbours of every member of a
/// class: [`ReducedStates`](crate::groups::ReducedStates) reports them.)
///
/// # Example
///
/// ```
/// use search_core::{enumerate, from_fn};
/// use search_core::space::Quotient;
///
/// // A ring of 12 from 0, each state and its mirror image -n one class.
/// let ring = from_fn(|&n: &i32| [(n + 1).rem_euclid(12), (n - 1).rem_euclid(12)]);
/// let folded = Quotient::new(&ring, |&n: &i32| {
///     let (n, mirror) = (n.rem_euclid(12), (-n).rem_euclid(12));
///     (n.min(mirror), if n == mirror { 1 } else { 2 })
/// });
/// let layers = enumerate(&folded, [0])?;
/// assert_eq!(layers.layer_sizes(), [1; 7]);
/// assert_eq!(layers.layer_positions(), [1, 2, 2, 2, 2, 2, 1]);
/// assert_eq!(layers.positions(), 12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Quotient<G, F> {
    space: G,
    canonical: F,
}

impl<G, F> Quotient<G, F>
where
    G: Successors,
    F: Fn(&G::State) -> (G::State, u64),
{
    /// `space` reduced by the classes `canonical` gives: for each state,
    /// its class's representative and size.
    ///
    /// # Example
    ///
    /// See [`Quotient`].
    pub fn new(space: G, canonical: F) -> Quotient<G, F> {
        Quotient { space, canonical }
    }

    /// The representative of `state`'s class, and the class's size.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::from_fn;
    /// use search_core::space::Quotient;
    ///
    /// let line = from_fn(|&n: &i32| [n - 1, n + 1]);
    /// let folded = Quotient::new(&line, |&n: &i32| (n.abs(), if n == 0 { 1 } else { 2 }));
    /// assert_eq!(folded.canonical(&-3), (3, 2));
    /// ```
    pub fn canonical(&self, state: &G::State) -> (G::State, u64) {
        (self.canonical)(state)
    }

    /// The space reduced.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Successors};
    /// use search_core::space::Quotient;
    ///
    /// let line = from_fn(|&n: &i32| [n - 1, n + 1]);
    /// let folded = Quotient::new(&line, |&n: &i32| (n.abs(), 2));
    /// let mut next = Vec::new();
    /// folded.inner().successors(&0, |n, ()| next.push(n));
    /// assert_eq!(next, [-1, 1]);
    /// ```
    pub fn inner(&self) -> &G {
        &self.space
    }
}

impl<G, F> Successors for Quotient<G, F>
where
    G: Successors,
    F: Fn(&G::State) -> (G::State, u64),
{
    type State = G::State;
    type Move = G::Move;

    #[inline]
    fn successors<R: FnMut(G::State, G::Move)>(&self, state: &G::State, mut report: R) {
        self.space.successors(state, |next, mv| report(self.canonical(&next).0, mv));
    }

    #[inline]
    fn successors_until<R>(&self, state: &G::State, mut report: R) -> std::ops::ControlFlow<()>
    where
        R: FnMut(G::State, G::Move) -> std::ops::ControlFlow<()>,
    {
        self.space.successors_until(state, |next, mv| report(self.canonical(&next).0, mv))
    }

    /// The space's ranking: representatives rank as the states they are,
    /// a table over every rank holding the few that are.
    fn ranking(&self) -> Option<impl Ranking<Self::State> + '_> {
        self.space.ranking()
    }

    fn failure(&self) -> Option<Error> {
        self.space.failure()
    }

    #[inline]
    fn heap_bytes(&self, state: &G::State) -> usize {
        self.space.heap_bytes(state)
    }

    #[inline]
    fn class_size(&self, state: &G::State) -> u64 {
        self.canonical(state).1
    }
}

impl<G, F> Predecessors for Quotient<G, F>
where
    G: Predecessors,
    F: Fn(&G::State) -> (G::State, u64),
{
    #[inline]
    fn predecessors<R: FnMut(G::State)>(&self, state: &G::State, mut report: R) {
        self.space.predecessors(state, |previous| report(self.canonical(&previous).0));
    }
}

impl<G: fmt::Debug, F> fmt::Debug for Quotient<G, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Quotient").field("space", &self.space).finish_non_exhaustive()
    }
}
