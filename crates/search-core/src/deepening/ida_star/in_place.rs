//! IDA*'s executor on [`InPlace`] spaces: one state, changed by each move
//! and changed back, its path copied out only when a goal is found.

use crate::cheapest::astar::Overflowed;
use crate::error::Error;
use crate::execute::{Failure, execute};
use crate::path::Path;
use crate::run::context::Run;
use crate::space::traits::State;
use crate::space::weighted::{Cost, add_within, extend_within};

use super::{IdaStar, Outcome, Starts};
use crate::space::weighted::min_cost;

/// An [`InPlace`] space as the crate's `execute` asks of one: a space
/// whose moves may have failed.
struct Moves<'a, G>(&'a G);

impl<G: InPlace> Failure for Moves<'_, G> {
    fn failure(&self) -> Option<Error> {
        self.0.failure()
    }
}

/// A node on [`IdaStar::run_in_place`]'s path: its moves, `begin..end` of
/// the moves buffer, the next to try, and the cost of reaching it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame<C> {
    begin: usize,
    next: usize,
    end: usize,
    cost: C,
}

/// A space whose moves are made on a state in place and taken back, for
/// [`IdaStar::run_in_place`]: the search then keeps one state and the
/// moves of its path, where [`IdaStar::run`] keeps a copy of every state
/// on its path and of every child waiting there. Worth it when states are
/// large or costly to copy (a state that is a few machine words, like a
/// sliding-puzzle board, gains nothing).
///
/// # Example
///
/// ```
/// use search_core::Run;
/// use search_core::deepening::{IdaStar, InPlace};
///
/// /// Sorting by swapping neighbours: a state of 6 numbers, in place.
/// struct Swaps;
/// impl InPlace for Swaps {
///     type State = [u8; 6];
///     type Move = usize;
///     type Cost = u32;
///     fn moves<F: FnMut(usize)>(&self, _: &[u8; 6], mut report: F) {
///         (0..5).for_each(|i| report(i));
///     }
///     fn apply(&self, state: &mut [u8; 6], &i: &usize) -> u32 {
///         state.swap(i, i + 1);
///         1
///     }
///     fn undo(&self, state: &mut [u8; 6], &i: &usize) {
///         state.swap(i, i + 1);
///     }
///     fn reverses(&self, mv: &usize, previous: &usize) -> bool {
///         mv == previous
///     }
/// }
///
/// // Each swap of neighbours removes at most one inversion: admissible.
/// let inversions = |s: &[u8; 6]| {
///     (0..6).map(|i| (i + 1..6).filter(|&j| s[i] > s[j]).count() as u32).sum::<u32>()
/// };
/// let (path, cost) = IdaStar::new().run_in_place(&Swaps, [[5, 4, 3, 2, 1, 0]], inversions, |s| s.is_sorted(), &mut Run::new())?
///     .expect("sortable");
/// assert_eq!((cost, path.len()), (15, 15));
/// assert_eq!(path.end(), &[0, 1, 2, 3, 4, 5]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait InPlace {
    /// The states.
    type State: Clone;
    /// The moves.
    type Move: Clone;
    /// What a move costs.
    type Cost: Cost;

    /// Calls `report(mv)` for each move that can be made on `state`.
    fn moves<F: FnMut(Self::Move)>(&self, state: &Self::State, report: F);

    /// Makes `mv` on `state`, and returns what it cost.
    fn apply(&self, state: &mut Self::State, mv: &Self::Move) -> Self::Cost;

    /// Takes back `mv`, the last move made on `state`.
    fn undo(&self, state: &mut Self::State, mv: &Self::Move);

    /// Whether `mv` takes `previous` straight back, so that the search
    /// never steps back to the state it came from. By default never: such
    /// steps are then searched, which costs time, not answers.
    fn reverses(&self, mv: &Self::Move, previous: &Self::Move) -> bool {
        let _ = (mv, previous);
        false
    }

    /// Why this space's moves failed, once they have: the error
    /// [`IdaStar::run_in_place`] returns in place of an answer, as
    /// [`Successors::failure`](crate::Successors::failure) is for the
    /// other searches. `None`, the default, for a space whose moves cannot
    /// fail.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::deepening::InPlace;
    ///
    /// struct Flip;
    /// impl InPlace for Flip {
    ///     type State = bool;
    ///     type Move = ();
    ///     type Cost = u32;
    ///     fn moves<F: FnMut(())>(&self, _: &bool, mut report: F) { report(()) }
    ///     fn apply(&self, state: &mut bool, (): &()) -> u32 { *state = !*state; 1 }
    ///     fn undo(&self, state: &mut bool, (): &()) { *state = !*state }
    /// }
    /// assert!(Flip.failure().is_none());
    /// ```
    fn failure(&self) -> Option<crate::Error> {
        None
    }
}

impl<S: State, M: Clone, C: Cost> IdaStar<S, M, C> {
    /// As [`run`](IdaStar::run), on a space whose moves are made in place
    /// ([`InPlace`]): one state is kept and changed, and the path is
    /// copied out only when a goal is found. The limits, statistics,
    /// progress and iterations are [`run`](IdaStar::run)'s.
    ///
    /// # Errors
    ///
    /// As for [`run`](IdaStar::run).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{Limits, Run};
    /// use search_core::deepening::{IdaStar, InPlace};
    ///
    /// /// A counter that adds 3 or takes 2.
    /// struct Counter;
    /// impl InPlace for Counter {
    ///     type State = i64;
    ///     type Move = i64;
    ///     type Cost = u32;
    ///     fn moves<F: FnMut(i64)>(&self, _: &i64, mut report: F) {
    ///         report(3);
    ///         report(-2);
    ///     }
    ///     fn apply(&self, n: &mut i64, step: &i64) -> u32 {
    ///         *n += step;
    ///         1
    ///     }
    ///     fn undo(&self, n: &mut i64, step: &i64) {
    ///         *n -= step;
    ///     }
    /// }
    ///
    /// let mut search = IdaStar::new();
    /// let mut run = Run::new().limits(Limits::new().max_depth(10));
    /// let (path, cost) = search.run_in_place(&Counter, [0], |_| 0, |&n| n == 4, &mut run)?.expect("reachable");
    /// assert_eq!((cost, path.end()), (3, &4)); // 3 + 3 - 2
    /// assert_eq!(search.iterations().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_in_place<G, I, H, P>(
        &mut self,
        space: &G,
        starts: I,
        heuristic: H,
        mut is_goal: P,
        run: &mut Run<'_>,
    ) -> Result<Option<(Path<S, M>, C)>, Error>
    where
        G: InPlace<State = S, Move = M, Cost = C>,
        I: IntoIterator<Item = S>,
        H: Fn(&S) -> C,
        P: FnMut(&S) -> bool,
    {
        let search = |this: &mut Self, run: &mut Run<'_>| {
            let starts: Starts<S> = starts.into_iter().collect();
            if let Some(start) = this.restart(&starts, &mut is_goal, run) {
                return Ok(Some((Path::new(vec![start.clone()], Vec::new()), C::zero())));
            }
            let Some(first) = starts.iter().map(&heuristic).min_by(Cost::cost_cmp) else {
                return Ok(None);
            };
            let mut state = S::clone(&starts[0]);
            // The start the last iteration searched last: a goal's.
            let mut found_from = 0;
            let cost = this.deepen(first, run, |this, bound, overflowed, run| {
                let (outcome, last) =
                    this.iterate_each(starts.len(), run, |this, run, index| {
                        state.clone_from(&starts[index]);
                        let goal = &mut is_goal;
                        this.iterate_in_place(
                            space, &mut state, bound, &heuristic, goal, overflowed, run,
                        )
                    })?;
                found_from = last;
                Ok(outcome)
            })?;
            Ok(cost.map(|cost| {
                let mut starts = starts;
                (this.replay(space, starts.swap_remove(found_from)), cost)
            }))
        };
        execute(self, &Moves(space), run, search, |_| 0)
    }

    /// One depth-first search within `bound`, changing `state` in place;
    /// on [`Outcome::Found`] the frames hold the path and `state` is the
    /// goal, otherwise `state` is back where it began.
    #[expect(clippy::too_many_arguments, reason = "run's loop, in place")]
    fn iterate_in_place<G, H, P>(
        &mut self,
        space: &G,
        state: &mut S,
        bound: C,
        heuristic: &H,
        is_goal: &mut P,
        overflowed: &mut Overflowed,
        run: &mut Run<'_>,
    ) -> Result<Outcome<C>, Error>
    where
        G: InPlace<State = S, Move = M, Cost = C>,
        H: Fn(&S) -> C,
        P: FnMut(&S) -> bool,
    {
        self.frames.clear();
        self.moves.clear();
        let max_depth = run.get_limits().get_max_depth().unwrap_or(usize::MAX);
        let mut smallest_cut: Option<C> = None;
        let mut too_deep = false;
        self.expand_in_place(space, state, C::zero(), run)?;
        while let Some(&top) = self.frames.last() {
            let depth = self.frames.len();
            if top.next == top.end {
                self.frames.pop();
                self.moves.truncate(top.begin);
                // Back to the parent: take back the move that led here.
                if let Some(parent) = self.frames.last() {
                    space.undo(state, &self.moves[parent.next - 1]);
                }
                continue;
            }
            let last = self.frames.len() - 1;
            self.frames[last].next += 1;
            let mv = &self.moves[top.next];
            if depth >= 2 {
                let came_by = &self.moves[self.frames[last - 1].next - 1];
                if space.reverses(mv, came_by) {
                    run.count_generated(1);
                    run.count_duplicate();
                    continue;
                }
            }
            if depth > max_depth {
                too_deep = true;
                continue;
            }
            let step = space.apply(state, mv);
            run.count_generated(1);
            let f = match overflowed.check(extend_within(top.cost, step)?) {
                Some(cost) => add_within(cost, heuristic(state)).map(|f| (cost, f)),
                None => None,
            };
            // A cost or an estimate past the cost type prunes the child.
            let Some((cost, f)) = f else {
                space.undo(state, &self.moves[top.next]);
                continue;
            };
            if f > bound {
                smallest_cut = Some(smallest_cut.map_or(f, |cut| min_cost(cut, f)));
                space.undo(state, &self.moves[top.next]);
                continue;
            }
            if is_goal(state) {
                return Ok(Outcome::Found(cost));
            }
            self.expand_in_place(space, state, cost, run)?;
        }
        if smallest_cut.is_none() && too_deep {
            return Ok(Outcome::TooDeep);
        }
        Ok(Outcome::Cut(smallest_cut))
    }

    /// Puts a frame for `state`, reached at `cost`, on the path, with its
    /// moves.
    fn expand_in_place<G>(
        &mut self,
        space: &G,
        state: &S,
        cost: C,
        run: &mut Run<'_>,
    ) -> Result<(), Error>
    where
        G: InPlace<State = S, Move = M, Cost = C>,
    {
        self.check_expansion(run)?;
        run.count_expanded(1);
        let begin = self.moves.len();
        let mut pushed = Ok(());
        let moves = &mut self.moves;
        space.moves(state, |mv| {
            if pushed.is_ok() {
                pushed = run.meter_mut().push(moves, mv);
            }
        });
        pushed?;
        let end = self.moves.len();
        run.meter_mut().push(&mut self.frames, Frame { begin, next: begin, end, cost })?;
        run.stored_at_least(self.frames.len() as u64);
        Ok(())
    }

    /// The path the frames hold, from `start`: each frame's last tried
    /// move, made again on a copy.
    fn replay<G>(&self, space: &G, start: S) -> Path<S, M>
    where
        G: InPlace<State = S, Move = M, Cost = C>,
    {
        let moves: Vec<M> =
            self.frames.iter().map(|frame| self.moves[frame.next - 1].clone()).collect();
        let mut states = Vec::with_capacity(moves.len() + 1);
        let mut state = start;
        for mv in &moves {
            states.push(state.clone());
            space.apply(&mut state, mv);
        }
        states.push(state);
        Path::new(states, moves)
    }
}
