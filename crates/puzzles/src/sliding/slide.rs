//! [`Slide`]: a move of a sliding puzzle, named by the direction the
//! blank travels.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;

/// A move, named by the direction the blank travels.
///
/// # Example
///
/// ```
/// use puzzles::Slide;
///
/// assert_eq!(Slide::Left.to_string(), "left");
/// assert_eq!("up".parse::<Slide>(), Ok(Slide::Up));
/// assert_eq!(Slide::Up.reverse(), Slide::Down);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slide {
    /// The blank moves up: the tile above it slides down.
    Up,
    /// The blank moves down: the tile below it slides up.
    Down,
    /// The blank moves left: the tile on its left slides right.
    Left,
    /// The blank moves right: the tile on its right slides left.
    Right,
}

impl Slide {
    /// The four moves, in the order searches try them.
    pub const ALL: [Slide; 4] = [Slide::Up, Slide::Down, Slide::Left, Slide::Right];

    /// The move that undoes this one.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Slide;
    ///
    /// assert_eq!(Slide::Left.reverse(), Slide::Right);
    /// ```
    #[must_use]
    pub fn reverse(self) -> Slide {
        match self {
            Slide::Up => Slide::Down,
            Slide::Down => Slide::Up,
            Slide::Left => Slide::Right,
            Slide::Right => Slide::Left,
        }
    }

    /// The lowercase name: `up`, `down`, `left` or `right`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Slide;
    ///
    /// assert_eq!(Slide::Down.name(), "down");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Slide::Up => "up",
            Slide::Down => "down",
            Slide::Left => "left",
            Slide::Right => "right",
        }
    }
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Slide {
    type Err = Error;

    fn from_str(text: &str) -> Result<Slide, Error> {
        Slide::ALL
            .into_iter()
            .find(|slide| slide.name() == text)
            .ok_or_else(|| Error::unknown_name(text, "a move", "up, down, left or right"))
    }
}
