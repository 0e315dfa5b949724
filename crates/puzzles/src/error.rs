use std::fmt;

/// The error of every fallible function in this crate: bad input, or a
/// search that reached a limit.
///
/// `Display` gives one lowercase line that names what is wrong and where.
///
/// # Example
///
/// ```
/// use puzzles::Board;
///
/// let error = "[[1,2,3],[4,0,4]]".parse::<Board>().unwrap_err();
/// assert_eq!(error.to_string(), "tile 4 appears twice (row 2, column 1 and row 2, column 3)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

/// What went wrong. Rows, columns and positions count from 1.
///
/// # Example
///
/// ```
/// use puzzles::{Board, ErrorKind};
///
/// let error = "[[1,2,3],[4,0,7]]".parse::<Board>().unwrap_err();
/// assert!(matches!(error.kind(), ErrorKind::ValueOutOfRange { row: 2, column: 3, max: 5, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text does not have the expected shape.
    Syntax {
        /// What was expected.
        expected: &'static str,
        /// The character position, from 1.
        column: usize,
    },
    /// A token that should be a number is not.
    NotANumber {
        /// The token.
        text: String,
        /// The row it is on.
        row: usize,
    },
    /// A number is written in a way no tile is: with a sign, or with
    /// leading zeros (`-0`, `00`, `07`).
    MalformedTile {
        /// The token.
        text: String,
        /// The row it is on.
        row: usize,
    },
    /// A row has a different length from the first.
    RaggedRow {
        /// The row, from 1.
        row: usize,
        /// Its number of cells.
        found: usize,
        /// The first row's number of cells.
        expected: usize,
    },
    /// The board's dimensions are outside 2x2 to 5x5 (at most 25 cells).
    BoardSize {
        /// Rows found.
        rows: usize,
        /// Columns found.
        cols: usize,
    },
    /// A board written on one row whose cells are not a square count (4, 9
    /// or 16, which are read as a square): its rows must be marked.
    UnmarkedRows {
        /// Its number of cells.
        cells: usize,
    },
    /// A value is not a tile of this board.
    ValueOutOfRange {
        /// The value, as written.
        value: String,
        /// The largest tile.
        max: usize,
        /// Where it is.
        row: usize,
        /// Where it is.
        column: usize,
    },
    /// A tile appears twice.
    RepeatedTile {
        /// The tile.
        tile: usize,
        /// Its first place (row, column).
        first: (usize, usize),
        /// Its second place.
        second: (usize, usize),
    },
    /// A tile does not appear.
    MissingTile {
        /// The tile.
        tile: usize,
    },
    /// No cell is 0.
    NoBlank,
    /// Two boards that must have the same size do not.
    SizeMismatch {
        /// The expected size (rows, columns).
        expected: (usize, usize),
        /// The size found.
        found: (usize, usize),
    },
    /// A lock code has the wrong number of wheels.
    CodeLength {
        /// The code.
        code: String,
        /// The lock's number of wheels.
        expected: usize,
    },
    /// A lock code has a character that is not one of the lock's digits.
    CodeDigit {
        /// The code.
        code: String,
        /// The position of the character, from 1.
        position: usize,
        /// The lock's number of digits per wheel.
        digits: u8,
    },
    /// The lock's shape is unusable.
    LockShape {
        /// Wheels asked for.
        wheels: usize,
        /// Digits per wheel asked for.
        digits: u8,
    },
    /// A word is empty.
    EmptyWord {
        /// Which word: "the begin word", or "word 3" of the list.
        which: String,
    },
    /// A word has a character that is not an ASCII letter.
    NotALetter {
        /// The word.
        word: String,
        /// The position of the character, from 1.
        position: usize,
    },
    /// A word's length differs from the first word's.
    WordLength {
        /// The word.
        word: String,
        /// The first word's length.
        expected: usize,
    },
    /// A grid (for the keys puzzle) is malformed.
    Grid {
        /// What is wrong.
        reason: String,
    },
    /// A graph or a game board is malformed.
    Input {
        /// What is wrong.
        reason: String,
    },
    /// A name (of a move, an algorithm, a heuristic) is none of those
    /// known.
    UnknownName {
        /// The name given.
        text: String,
        /// What it should name, such as "an algorithm".
        what: &'static str,
        /// The names known, as a phrase.
        expected: &'static str,
    },
    /// A pattern database file cannot be used: unreadable, not a
    /// database, truncated, corrupt, or for another goal or patterns.
    Database {
        /// The file.
        path: std::path::PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// A puzzle's size is outside what it supports: pancakes, TopSpin
    /// tokens or Hanoi discs.
    Size {
        /// What was counted, such as "pancakes".
        what: &'static str,
        /// The size asked for.
        size: usize,
        /// The fewest supported.
        min: usize,
        /// The most supported.
        max: usize,
    },
    /// Every shortest ladder was asked for, and they would take more
    /// memory than the search's limit leaves: a hypercube of words has
    /// factorially many.
    TooManyLadders {
        /// How many shortest ladders there are (saturating).
        ladders: u128,
        /// The bytes their list would take (saturating).
        bytes: u128,
        /// The memory limit, in bytes.
        limit: u64,
    },
    /// A word ladder's dictionary would take more memory than the
    /// search's limit: refused before the rest of it is read.
    DictionaryTooLarge {
        /// The words read when it was refused.
        words: usize,
        /// The bytes their index would take.
        bytes: u64,
        /// The memory limit, in bytes.
        limit: u64,
    },
    /// The search stopped at a limit, or failed inside search-core.
    Search(search_core::Error),
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Error {
        Error { kind }
    }

    /// The error for a name, `text`, that is none of the `expected` ones.
    pub(crate) fn unknown_name(text: &str, what: &'static str, expected: &'static str) -> Error {
        Error::new(ErrorKind::UnknownName { text: text.to_string(), what, expected })
    }

    /// What went wrong.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, ErrorKind};
    ///
    /// let error = "1 2 / 3".parse::<Board>().unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::RaggedRow { row: 2, found: 1, expected: 2 }));
    /// ```
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl From<search_core::Error> for Error {
    fn from(error: search_core::Error) -> Error {
        Error::new(ErrorKind::Search(error))
    }
}

/// At most this many characters of a token are quoted in a message.
const QUOTED_CHARS: usize = 32;

/// A token as a message quotes it: whole when short, its first
/// [`QUOTED_CHARS`] characters and an ellipsis when long, so that a
/// megabyte of digits is not echoed back.
struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(QUOTED_CHARS) {
            None => f.write_str(self.0),
            Some((end, _)) => {
                write!(f, "{}... ({} characters)", &self.0[..end], self.0.chars().count())
            }
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Syntax { expected, column } => {
                write!(f, "expected {expected} at column {column}")
            }
            ErrorKind::NotANumber { text, row } => {
                write!(f, "row {row}: '{}' is not a number", Quoted(text))
            }
            ErrorKind::MalformedTile { text, row } => {
                let why = if text.starts_with(['-', '+']) {
                    "tiles have no sign"
                } else {
                    "tiles have no leading zeros"
                };
                write!(f, "row {row}: '{}' is not a tile: {why}", Quoted(text))
            }
            ErrorKind::RaggedRow { row, found, expected } => {
                let cells = if *found == 1 { "cell" } else { "cells" };
                write!(f, "row {row} has {found} {cells}, but row 1 has {expected}")
            }
            ErrorKind::BoardSize { rows, cols } => write!(
                f,
                "a {rows}x{cols} board is not supported: rows and columns must be at least 2, with at most 25 cells"
            ),
            ErrorKind::UnmarkedRows { cells } => write!(
                f,
                "a 1x{cells} board is not supported: rows and columns must be at least 2, with at most 25 cells (mark the rows: 4 1 2 / 5 0 3 or [[4,1,2],[5,0,3]])"
            ),
            ErrorKind::ValueOutOfRange { value, max, row, column } => write!(
                f,
                "row {row}, column {column}: {} is not a tile of this board (0 to {max})",
                Quoted(value)
            ),
            ErrorKind::RepeatedTile { tile, first, second } => write!(
                f,
                "tile {tile} appears twice (row {}, column {} and row {}, column {})",
                first.0, first.1, second.0, second.1
            ),
            ErrorKind::MissingTile { tile } => write!(f, "tile {tile} is missing"),
            ErrorKind::NoBlank => f.write_str("the board has no blank (0)"),
            ErrorKind::SizeMismatch { expected, found } => write!(
                f,
                "the board is {}x{} but the goal is {}x{}",
                found.0, found.1, expected.0, expected.1
            ),
            ErrorKind::CodeLength { code, expected } => {
                write!(
                    f,
                    "code '{}' has {} wheels, expected {expected}",
                    Quoted(code),
                    code.chars().count()
                )
            }
            ErrorKind::CodeDigit { code, position, digits } => write!(
                f,
                "code '{}': character {position} is not a digit from 0 to {}",
                Quoted(code),
                digits - 1
            ),
            ErrorKind::LockShape { wheels, digits } => write!(
                f,
                "a lock of {wheels} wheels of {digits} digits is not supported: it needs 1 to 9 wheels of 2 to 10 digits"
            ),
            ErrorKind::EmptyWord { which } => write!(f, "{which} is empty"),
            ErrorKind::NotALetter { word, position } => {
                write!(f, "word '{}': character {position} is not an ASCII letter", Quoted(word))
            }
            ErrorKind::WordLength { word, expected } => {
                write!(
                    f,
                    "word '{}' has {} letters, expected {expected}",
                    Quoted(word),
                    word.chars().count()
                )
            }
            ErrorKind::Grid { reason } | ErrorKind::Input { reason } => f.write_str(reason),
            ErrorKind::UnknownName { text, what, expected } => {
                write!(f, "'{}' is not {what}: expected {expected}", Quoted(text))
            }
            ErrorKind::Size { what, size, min, max } => {
                write!(f, "{size} {what}: the puzzle takes {min} to {max}")
            }
            ErrorKind::Database { path, reason } => {
                write!(f, "pattern database {} {reason}", path.display())
            }
            ErrorKind::TooManyLadders { ladders, bytes, limit } => write!(
                f,
                "the {ladders} shortest ladders would take {}, over the memory limit of {}",
                search_core::error::HumanBytes(u64::try_from(*bytes).unwrap_or(u64::MAX)),
                search_core::error::HumanBytes(*limit)
            ),
            ErrorKind::DictionaryTooLarge { words, bytes, limit } => write!(
                f,
                "a dictionary of {words} words or more would take {} or more, over the memory \
                 limit of {}",
                search_core::error::HumanBytes(*bytes),
                search_core::error::HumanBytes(*limit)
            ),
            ErrorKind::Search(error) => error.fmt(f),
        }
    }
}

/// The message already includes a search error's own, so `source` gives
/// nothing: a reporter that prints the chain would print it twice. Reach the
/// search error through [`ErrorKind::Search`].
impl std::error::Error for Error {}
