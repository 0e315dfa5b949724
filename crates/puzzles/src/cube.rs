//! The pocket cube (the 2x2x2 Rubik's cube): a second permutation puzzle,
//! with ranks, in two metrics.

use std::fmt;
use std::str::FromStr;

use search_core::breadth_first::Search;
use search_core::ranking::Permutations;
use search_core::{Path, Ranking, Reversible, Run, Successors, Unranking};

use crate::error::{Error, ErrorKind};

/// The corner positions, in Kociemba's order: URF, UFL, ULB, UBR, DFR, DLF,
/// DBL, DRB. The cube is turned by its U, R and F faces only, so the DBL
/// corner never moves, and whole-cube rotations need not be counted.
const CORNERS: usize = 8;

/// A face turn as a corner permutation and twist: after the turn, position
/// `i` holds the cubie that stood at `from[i]`, twisted by `twist[i]`.
struct FaceTurn {
    from: [u8; CORNERS],
    twist: [u8; CORNERS],
}

/// Quarter turns clockwise of U, R and F (Kociemba's cubie tables).
const QUARTER_TURNS: [FaceTurn; 3] = [
    FaceTurn { from: [3, 0, 1, 2, 4, 5, 6, 7], twist: [0, 0, 0, 0, 0, 0, 0, 0] },
    FaceTurn { from: [4, 1, 2, 0, 7, 5, 6, 3], twist: [2, 0, 0, 1, 1, 0, 0, 2] },
    FaceTurn { from: [1, 5, 2, 3, 0, 4, 6, 7], twist: [1, 2, 0, 0, 2, 1, 0, 0] },
];

/// The faces the pocket cube is turned by.
///
/// # Example
///
/// ```
/// use puzzles::Face;
///
/// assert_eq!(Face::ALL.map(|f| f.to_string()), ["U", "R", "F"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// The upper face.
    Up,
    /// The right face.
    Right,
    /// The front face.
    Front,
}

impl Face {
    /// The three faces, in the order searches try them.
    pub const ALL: [Face; 3] = [Face::Up, Face::Right, Face::Front];

    fn letter(self) -> char {
        match self {
            Face::Up => 'U',
            Face::Right => 'R',
            Face::Front => 'F',
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A turn of one face by one, two or three quarter turns clockwise, written
/// `R`, `R2` and `R'`.
///
/// # Example
///
/// ```
/// use puzzles::{CubeTurn, Face};
///
/// let turn: CubeTurn = "R'".parse()?;
/// assert_eq!(turn, CubeTurn { face: Face::Right, quarters: 3 });
/// assert_eq!(turn.to_string(), "R'");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubeTurn {
    /// The face turned.
    pub face: Face,
    /// Quarter turns clockwise: 1, 2 or 3.
    pub quarters: u8,
}

impl fmt::Display for CubeTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.quarters {
            2 => "2",
            3 => "'",
            _ => "",
        };
        write!(f, "{}{suffix}", self.face)
    }
}

impl FromStr for CubeTurn {
    type Err = Error;

    fn from_str(text: &str) -> Result<CubeTurn, Error> {
        let bad = || {
            Error::new(ErrorKind::Input {
                reason: format!("'{text}' is not a turn: expected U, R or F, then nothing, 2 or '"),
            })
        };
        let mut chars = text.chars();
        let face = match chars.next() {
            Some('U') => Face::Up,
            Some('R') => Face::Right,
            Some('F') => Face::Front,
            _ => return Err(bad()),
        };
        let quarters = match chars.as_str() {
            "" => 1,
            "2" => 2,
            "'" => 3,
            _ => return Err(bad()),
        };
        Ok(CubeTurn { face, quarters })
    }
}

/// A position of the pocket cube: which corner cubie stands at each
/// corner, and how it is twisted (0, 1 or 2 thirds of a turn clockwise,
/// from its U or D sticker facing up or down).
///
/// # Example
///
/// ```
/// use puzzles::Cube;
///
/// let cube = Cube::solved().apply_all(&"R U R' U'".parse::<puzzles::Scramble>()?);
/// assert_ne!(cube, Cube::solved());
/// // The sexy move has order 6.
/// let mut cube = Cube::solved();
/// for _ in 0..6 {
///     cube = cube.apply_all(&"R U R' U'".parse()?);
/// }
/// assert_eq!(cube, Cube::solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    cubie: [u8; CORNERS],
    twist: [u8; CORNERS],
}

impl Cube {
    /// The solved cube.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Cube, PocketCube};
    /// use search_core::Ranking;
    ///
    /// assert_eq!(PocketCube::half_turn().rank(&Cube::solved()), 0);
    /// ```
    pub fn solved() -> Cube {
        Cube { cubie: [0, 1, 2, 3, 4, 5, 6, 7], twist: [0; CORNERS] }
    }

    /// The cube after `turn`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Cube, CubeTurn, Face};
    ///
    /// let r = CubeTurn { face: Face::Right, quarters: 1 };
    /// let r2 = CubeTurn { face: Face::Right, quarters: 2 };
    /// assert_eq!(Cube::solved().apply(r).apply(r), Cube::solved().apply(r2));
    /// ```
    #[must_use]
    pub fn apply(&self, turn: CubeTurn) -> Cube {
        let table = &QUARTER_TURNS[turn.face as usize];
        let mut cube = *self;
        for _ in 0..turn.quarters {
            let before = cube;
            for i in 0..CORNERS {
                let from = usize::from(table.from[i]);
                cube.cubie[i] = before.cubie[from];
                cube.twist[i] = (before.twist[from] + table.twist[i]) % 3;
            }
        }
        cube
    }

    /// The cube after every turn of `scramble`, in order.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Cube;
    ///
    /// let there = Cube::solved().apply_all(&"R U F2".parse()?);
    /// assert_eq!(there.apply_all(&"F2 U' R'".parse()?), Cube::solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn apply_all(&self, scramble: &Scramble) -> Cube {
        scramble.0.iter().fold(*self, |cube, &turn| cube.apply(turn))
    }
}

/// A sequence of turns, written as in cubing notation: `R U2 F' U`.
///
/// # Example
///
/// ```
/// use puzzles::Scramble;
///
/// let scramble: Scramble = "R U2 F'".parse()?;
/// assert_eq!(scramble.turns().len(), 3);
/// assert!("R X".parse::<Scramble>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scramble(Vec<CubeTurn>);

impl Scramble {
    /// The turns, in order.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Scramble;
    ///
    /// assert_eq!("U R".parse::<Scramble>()?.turns()[1].to_string(), "R");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn turns(&self) -> &[CubeTurn] {
        &self.0
    }
}

impl FromStr for Scramble {
    type Err = Error;

    fn from_str(text: &str) -> Result<Scramble, Error> {
        text.split_whitespace().map(str::parse).collect::<Result<_, _>>().map(Scramble)
    }
}

/// Which turns count as one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Metric {
    /// Quarter and half turns: 9 moves.
    HalfTurn,
    /// Quarter turns only: 6 moves.
    QuarterTurn,
}

/// The pocket cube as a state space: 3,674,160 positions, numbered densely
/// (the permutation of the seven moving corners, then the twists of six of
/// them; the seventh twist follows from the others), so every breadth-first
/// algorithm keeps them in flat tables, and with [`AsRanked`]
/// [`DenseEnumeration`] walks them in 2 bits each.
///
/// In the half-turn metric every position is at most 11 moves from solved;
/// in the quarter-turn metric, 14.
///
/// [`DenseEnumeration`]: search_core::dense::DenseEnumeration
/// [`AsRanked`]: search_core::space::AsRanked
///
/// # Example
///
/// ```
/// use puzzles::{Cube, PocketCube};
///
/// let cube = PocketCube::half_turn();
/// let scrambled = Cube::solved().apply_all(&"R U R' U' F2 U R".parse()?);
/// let path = cube.solve(&scrambled)?.expect("every position is solvable");
/// assert!(path.len() <= 7);
/// assert_eq!(path.end(), &Cube::solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PocketCube {
    metric: Metric,
    /// The orders of the seven moving corners.
    corners: Permutations,
}

/// 7! permutations of the moving corners times 3^6 twists.
const POSITIONS: u64 = 5040 * 729;

impl PocketCube {
    /// The pocket cube where a half turn is one move (the half-turn or
    /// face-turn metric).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::PocketCube;
    /// use search_core::Successors;
    ///
    /// let mut moves = 0;
    /// PocketCube::half_turn().successors(&puzzles::Cube::solved(), |_, _| moves += 1);
    /// assert_eq!(moves, 9);
    /// ```
    pub fn half_turn() -> PocketCube {
        PocketCube::of_metric(Metric::HalfTurn)
    }

    /// The pocket cube where only a quarter turn is one move.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::PocketCube;
    /// use search_core::Successors;
    ///
    /// let mut moves = 0;
    /// PocketCube::quarter_turn().successors(&puzzles::Cube::solved(), |_, _| moves += 1);
    /// assert_eq!(moves, 6);
    /// ```
    pub fn quarter_turn() -> PocketCube {
        PocketCube::of_metric(Metric::QuarterTurn)
    }

    /// A shortest solution of `cube` in this metric, by bidirectional
    /// search.
    ///
    /// # Errors
    ///
    /// Never with the default limits, which hold the whole space.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Cube, PocketCube};
    ///
    /// let cube = Cube::solved().apply_all(&"R U".parse()?);
    /// let path = PocketCube::quarter_turn().solve(&cube)?.expect("solvable");
    /// assert_eq!(path.moves().iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["U'", "R'"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, cube: &Cube) -> Result<Option<Path<Cube, CubeTurn>>, Error> {
        Ok(Search::new().bidirectional(self, [*cube], [Cube::solved()], &mut Run::new())?)
    }

    fn of_metric(metric: Metric) -> PocketCube {
        let Ok(corners) = Permutations::new(MOVING.len()) else {
            unreachable!("orders of 7 corners are below the 20 items that Permutations ranks")
        };
        PocketCube { metric, corners }
    }

    fn turns(self) -> &'static [CubeTurn] {
        match self.metric {
            Metric::HalfTurn => &HALF_TURN_MOVES,
            Metric::QuarterTurn => &QUARTER_TURN_MOVES,
        }
    }
}

/// The positions of the seven moving corners: all but DBL (6).
const MOVING: [usize; 7] = [0, 1, 2, 3, 4, 5, 7];

const fn turn(face: Face, quarters: u8) -> CubeTurn {
    CubeTurn { face, quarters }
}

const HALF_TURN_MOVES: [CubeTurn; 9] = [
    turn(Face::Up, 1),
    turn(Face::Up, 2),
    turn(Face::Up, 3),
    turn(Face::Right, 1),
    turn(Face::Right, 2),
    turn(Face::Right, 3),
    turn(Face::Front, 1),
    turn(Face::Front, 2),
    turn(Face::Front, 3),
];

const QUARTER_TURN_MOVES: [CubeTurn; 6] = [
    turn(Face::Up, 1),
    turn(Face::Up, 3),
    turn(Face::Right, 1),
    turn(Face::Right, 3),
    turn(Face::Front, 1),
    turn(Face::Front, 3),
];

impl Successors for PocketCube {
    type State = Cube;
    type Move = CubeTurn;

    fn successors<F: FnMut(Cube, CubeTurn)>(&self, cube: &Cube, mut report: F) {
        for &turn in self.turns() {
            report(cube.apply(turn), turn);
        }
    }

    fn ranking(&self) -> Option<impl Ranking<Cube> + '_> {
        Some(self)
    }
}

impl Reversible for PocketCube {}

impl Ranking<Cube> for PocketCube {
    fn rank_count(&self) -> u64 {
        POSITIONS
    }

    fn rank(&self, cube: &Cube) -> u64 {
        // Cubie 7 stands for the seventh moving corner.
        let order = MOVING.map(|position| cube.cubie[position].min(6));
        let permutation = self.corners.rank(&order);
        let twists = MOVING[..6].iter().fold(0, |acc, &p| acc * 3 + u64::from(cube.twist[p]));
        permutation * 729 + twists
    }
}

/// # Example
///
/// ```
/// use puzzles::{Cube, PocketCube};
/// use search_core::{Ranking, Unranking};
///
/// let cube = PocketCube::half_turn();
/// let scrambled = Cube::solved().apply_all(&"F R' U2".parse()?);
/// assert_eq!(cube.unrank(cube.rank(&scrambled)), scrambled);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Unranking<Cube> for PocketCube {
    /// The position whose rank is `rank`; ranks past the last wrap around.
    fn unrank(&self, rank: u64) -> Cube {
        // Below 3,674,160 after the wrap, so it fits any usize.
        let rank = (rank % POSITIONS) as usize;
        let (permutation, mut twists) = (rank / 729, rank % 729);
        let mut order = [0u8; 7];
        self.corners.unrank(permutation as u64, &mut order);
        let mut cube = Cube::solved();
        for (&position, &corner) in MOVING.iter().zip(&order) {
            // The seventh moving corner is cubie 7.
            cube.cubie[position] = if corner == 6 { 7 } else { corner };
        }
        let mut sum = 0;
        for &position in MOVING[..6].iter().rev() {
            cube.twist[position] = (twists % 3) as u8;
            sum += twists % 3;
            twists /= 3;
        }
        cube.twist[MOVING[6]] = ((3 - sum % 3) % 3) as u8;
        cube
    }
}
