//! IDA*'s view of a sliding puzzle: each board carries its estimate (and,
//! under a pattern database, each pattern's part of it) and the slide that
//! made it, so that a slide updates the estimate from the parent's in
//! O(1), and the slide that would undo the last one is never made, nor
//! its estimate computed. (search-core's `Estimated` does the
//! first for any space; the second needs to know which slide undoes
//! which, and saves a third of the estimates.)

use std::ops::ControlFlow;

use search_core::{Heuristic, Successors, Weighted};

use super::board::Board;
use super::estimate::Estimate;
use super::pdb::{Parts, PatternDatabase};
use super::slide::Slide;

/// A sliding puzzle whose states are [`Step`]s, each board's estimate
/// `estimate`'s.
pub(super) struct Guided<'a> {
    estimate: &'a Estimate,
    /// The estimate's database when boards carry its [`Parts`].
    carried: Option<&'a PatternDatabase>,
}

/// A board with its estimate, and the slide that made it (none for a
/// start).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Step {
    pub(super) board: Board,
    pub(super) estimate: u32,
    /// Each pattern's estimate, when the estimate is a database's.
    parts: Parts,
    made_by: Option<Slide>,
}

impl<'a> Guided<'a> {
    pub(super) fn new(estimate: &'a Estimate) -> Guided<'a> {
        let carried = match estimate {
            Estimate::Database(database) if database.carries_parts() => Some(&**database),
            _ => None,
        };
        Guided { estimate, carried }
    }

    /// `board` as a start.
    pub(super) fn start(&self, board: Board) -> Step {
        match self.carried {
            Some(database) => {
                let parts = database.parts(&board);
                Step { board, estimate: parts.estimate(), parts, made_by: None }
            }
            None => Step {
                board,
                estimate: self.estimate.estimate(&board),
                parts: Parts::default(),
                made_by: None,
            },
        }
    }
}

impl Successors for Guided<'_> {
    type State = Step;
    type Move = Slide;

    fn successors<F: FnMut(Step, Slide)>(&self, step: &Step, mut report: F) {
        let _ = self.successors_until(step, |next, slide| {
            report(next, slide);
            ControlFlow::Continue(())
        });
    }

    fn successors_until<F>(&self, step: &Step, mut report: F) -> ControlFlow<()>
    where
        F: FnMut(Step, Slide) -> ControlFlow<()>,
    {
        let undo = step.made_by.map(Slide::reverse);
        for slide in Slide::ALL {
            if Some(slide) == undo {
                continue;
            }
            if let Some(board) = step.board.slide(slide) {
                let made_by = Some(slide);
                let next = if let Some(database) = self.carried {
                    let parts = database.child_parts(&step.board, step.parts, &board);
                    Step { board, estimate: parts.estimate(), parts, made_by }
                } else {
                    let estimate = self.estimate.estimate_child(&step.board, step.estimate, &board);
                    Step { board, estimate, parts: Parts::default(), made_by }
                };
                report(next, slide)?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl Weighted for Guided<'_> {
    type Cost = u32;

    fn cost(&self, _: &Step, _: &Slide, _: &Step) -> u32 {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SlidingHeuristic, SlidingPuzzle};

    #[test]
    fn steps_carry_the_full_estimate_and_never_undo_the_last_slide() {
        let puzzle = SlidingPuzzle::new(3, 3).expect("3x3");
        let estimate = Estimate::new(SlidingHeuristic::LinearConflict, &puzzle).expect("tables");
        check_steps(&estimate);
        // A database that reflects (the blank on the diagonal), whose
        // steps carry each pattern's part.
        let goal: Board = "0 1 2 / 3 4 5 / 6 7 8".parse().expect("a board");
        let database =
            PatternDatabase::new(&goal, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]]).expect("tables");
        assert!(database.reflects() && database.carries_parts());
        check_steps(&Estimate::Database(std::sync::Arc::new(database)));
    }

    /// Six slides out from a board, every step checked against a fresh
    /// estimate.
    fn check_steps(estimate: &Estimate) {
        let guided = Guided::new(estimate);
        let mut frontier = vec![guided.start("8 6 7 / 2 5 4 / 3 0 1".parse().expect("a board"))];
        for _ in 0..6 {
            let mut next_frontier = Vec::new();
            for step in &frontier {
                let mut slides = 0;
                guided.successors(step, |next, slide| {
                    assert_eq!(next.estimate, estimate.estimate(&next.board));
                    assert_eq!(step.board.slide(slide), Some(next.board));
                    assert_ne!(Some(slide.reverse()), step.made_by);
                    slides += 1;
                    next_frontier.push(next);
                });
                let all = Slide::ALL.iter().filter(|&&s| step.board.slide(s).is_some()).count();
                assert_eq!(slides, all - usize::from(step.made_by.is_some()));
            }
            frontier = next_frontier;
        }
    }
}
