//! Water and Jug (LeetCode 365): a goal that is a test, not a state.

use search_core::breadth_first::Search;
use search_core::space::rank_by;
use search_core::{Path, Ranking, Run, Successors};

use crate::error::Error;

/// A pouring step between two jugs.
///
/// # Example
///
/// ```
/// use puzzles::{Jugs, Pour};
///
/// let path = Jugs::new(2, 3).measure(1)?.expect("measurable");
/// // Fill the 3, pour it into the 2, empty the 2: one litre is left.
/// assert_eq!(path.moves(), [Pour::FillSecond, Pour::SecondIntoFirst, Pour::EmptyFirst]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pour {
    /// Fill the first jug from the tap.
    FillFirst,
    /// Fill the second jug from the tap.
    FillSecond,
    /// Empty the first jug.
    EmptyFirst,
    /// Empty the second jug.
    EmptySecond,
    /// Pour the first jug into the second until one is empty or full.
    FirstIntoSecond,
    /// Pour the second jug into the first until one is empty or full.
    SecondIntoFirst,
}

/// Two jugs of the given capacities; a state is how much each holds.
///
/// The goal, "the jugs hold `target` litres together", is satisfied by many
/// states, so it is a goal test passed to the search. States number
/// themselves as `first * (second capacity + 1) + second`.
///
/// # Example
///
/// ```
/// use puzzles::{Jugs, Pour};
///
/// let path = Jugs::new(3, 5).measure(4)?.expect("measurable");
/// assert_eq!(path.len(), 7);
/// assert_eq!(path.moves()[0], Pour::FillFirst);
/// assert_eq!(path.end(), &(3, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jugs {
    first: u32,
    second: u32,
}

impl Jugs {
    /// Jugs that hold `first` and `second` litres.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Jugs;
    ///
    /// assert_eq!(Jugs::new(2, 6).measure(5)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(first: u32, second: u32) -> Jugs {
        Jugs { first, second }
    }

    /// The fewest steps from two empty jugs to `target` litres in them
    /// together, or `None`.
    ///
    /// # Errors
    ///
    /// When the jugs have more states than the default state limit
    /// (capacities beyond about ten thousand each).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Jugs;
    ///
    /// assert_eq!(Jugs::new(1, 2).measure(3)?.map(|p| p.len()), Some(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn measure(&self, target: u64) -> Result<Option<Path<(u32, u32), Pour>>, Error> {
        if target > u64::from(self.first) + u64::from(self.second) {
            return Ok(None);
        }
        let reached = |&(a, b): &(u32, u32)| u64::from(a) + u64::from(b) == target;
        Ok(Search::new().bfs(self, [(0, 0)], reached, &mut Run::new())?)
    }
}

impl Successors for Jugs {
    type State = (u32, u32);
    type Move = Pour;

    fn successors<F: FnMut((u32, u32), Pour)>(&self, &(a, b): &(u32, u32), mut report: F) {
        let into_second = a.min(self.second - b);
        let into_first = b.min(self.first - a);
        report((self.first, b), Pour::FillFirst);
        report((a, self.second), Pour::FillSecond);
        report((0, b), Pour::EmptyFirst);
        report((a, 0), Pour::EmptySecond);
        report((a - into_second, b + into_second), Pour::FirstIntoSecond);
        report((a + into_first, b - into_first), Pour::SecondIntoFirst);
    }

    fn ranking(&self) -> Option<impl Ranking<(u32, u32)> + '_> {
        let levels = u64::from(self.second) + 1;
        let count = (u64::from(self.first) + 1).checked_mul(levels)?;
        Some(rank_by(count, move |&(a, b): &(u32, u32)| u64::from(a) * levels + u64::from(b)))
    }
}

/// LeetCode 365: whether jugs of `x` and `y` litres can hold exactly
/// `target` litres together.
///
/// # Errors
///
/// When the jugs have more states than the default state limit.
///
/// # Example
///
/// ```
/// use puzzles::can_measure_water;
///
/// assert!(can_measure_water(3, 5, 4)?);
/// assert!(!can_measure_water(2, 6, 5)?);
/// assert!(can_measure_water(1, 2, 3)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn can_measure_water(x: u32, y: u32, target: u64) -> Result<bool, Error> {
    Ok(Jugs::new(x, y).measure(target)?.is_some())
}
