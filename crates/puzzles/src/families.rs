//! The common families of permutation puzzles, by name and size: each a
//! few lines of generators for [`Cayley`](search_core::groups::Cayley).

use search_core::groups::Generators;

use crate::error::Error;

/// A family of generators of the permutations of `n` points, the ones
/// people study Cayley graphs of (cayleypy's library holds them all).
///
/// # Example
///
/// ```
/// use puzzles::Family;
/// use search_core::enumerate;
/// use search_core::groups::Cayley;
///
/// let coxeter = Cayley::new(Family::Coxeter.generators(5)?)?;
/// let layers = enumerate(&coxeter, [coxeter.identity()])?;
/// // Distance counts inversions: 0 to 10 of them (OEIS A008302).
/// assert_eq!(layers.layer_sizes(), [1, 4, 9, 15, 20, 22, 20, 15, 9, 4, 1]);
/// assert_eq!("lrx".parse::<Family>()?, Family::Lrx);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// A shift left, a shift right, and the swap of the first two.
    Lrx,
    /// A shift left and the swap of the first two: a directed graph.
    Lx,
    /// The swaps of neighbours, `(i, i+1)`.
    Coxeter,
    /// The swaps of neighbours round a ring: Coxeter's and `(1, n)`.
    CyclicCoxeter,
    /// Every swap `(i, j)`.
    Transpositions,
    /// The swaps of the first with each other, `(1, i)`.
    Star,
    /// The reversals of the first `k`, for `k` from 2 to `n`.
    Pancake,
    /// Shifts either way, and the reversal of the first four: TopSpin's
    /// turntable.
    TopSpin,
    /// The reversal of every run `i..=j` of two or more points.
    Reversals,
    /// The flips of `n` burnt pancakes, each with a burnt side: on `2n`
    /// points, `i` a pancake's one side and `n + i` its other, a flip of
    /// the top `k` reverses them and turns each over (cayleypy's
    /// numbering).
    BurntPancake,
}

impl Family {
    /// Every family, in the order [`name`](Family::name)s are listed.
    pub const ALL: [Family; 10] = [
        Family::Lrx,
        Family::Lx,
        Family::Coxeter,
        Family::CyclicCoxeter,
        Family::Transpositions,
        Family::Star,
        Family::Pancake,
        Family::TopSpin,
        Family::Reversals,
        Family::BurntPancake,
    ];

    /// The family's name, as [`FromStr`](std::str::FromStr) reads it.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Family;
    ///
    /// assert_eq!(Family::CyclicCoxeter.name(), "cyclic-coxeter");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Family::Lrx => "lrx",
            Family::Lx => "lx",
            Family::Coxeter => "coxeter",
            Family::CyclicCoxeter => "cyclic-coxeter",
            Family::Transpositions => "transpositions",
            Family::Star => "star",
            Family::Pancake => "pancake",
            Family::TopSpin => "topspin",
            Family::Reversals => "reversals",
            Family::BurntPancake => "burnt-pancake",
        }
    }

    /// The family's generators on `n` points (`n` burnt pancakes: `2n`
    /// points).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Search`](crate::ErrorKind::Search) with
    /// `InvalidShape` when `n` is below the family's least (2; TopSpin's
    /// turntable needs 4, burnt pancakes 1) or past 256 points.
    ///
    /// # Example
    ///
    /// See [`Family`].
    pub fn generators(self, n: usize) -> Result<Generators, Error> {
        let least = match self {
            Family::TopSpin => 4,
            Family::BurntPancake => 1,
            _ => 2,
        };
        if n < least {
            let unit = if self == Family::BurntPancake { "pancake" } else { "points" };
            let message = format!("{} needs at least {least} {unit}, not {n}", self.name());
            return Err(search_core::Error::new(search_core::ErrorKind::InvalidShape {
                reason: message,
            })
            .into());
        }
        let mut generators = Generators::new(n)?;
        let shift = |by: usize| -> Vec<u8> { (0..n).map(|i| ((i + by) % n) as u8).collect() };
        let swap = |i: usize, j: usize| -> Vec<u8> {
            (0..n).map(|k| if k == i { j } else if k == j { i } else { k } as u8).collect()
        };
        let reverse = |k: usize| -> Vec<u8> {
            (0..n).map(|i| if i < k { k - 1 - i } else { i } as u8).collect()
        };
        match self {
            Family::Lrx | Family::Lx | Family::TopSpin => {
                generators.push("L", &shift(1))?;
                if self != Family::Lx {
                    generators.push("R", &shift(n - 1))?;
                }
                if self == Family::TopSpin {
                    generators.push("T", &reverse(4))?;
                } else {
                    generators.push("X", &swap(0, 1))?;
                }
            }
            Family::Coxeter | Family::CyclicCoxeter => {
                for i in 0..n - 1 {
                    generators.push(&format!("s{}", i + 1), &swap(i, i + 1))?;
                }
                if self == Family::CyclicCoxeter && n > 2 {
                    generators.push(&format!("s{n}"), &swap(n - 1, 0))?;
                }
            }
            Family::Transpositions => {
                for i in 0..n {
                    for j in i + 1..n {
                        generators.push(&format!("({},{})", i + 1, j + 1), &swap(i, j))?;
                    }
                }
            }
            Family::Star => {
                for i in 1..n {
                    generators.push(&format!("(1,{})", i + 1), &swap(0, i))?;
                }
            }
            Family::Pancake => {
                for k in 2..=n {
                    generators.push(&format!("flip {k}"), &reverse(k))?;
                }
            }
            Family::Reversals => {
                for i in 0..n {
                    for j in i + 1..n {
                        let image: Vec<u8> = (0..n)
                            .map(|k| if (i..=j).contains(&k) { i + j - k } else { k } as u8)
                            .collect();
                        generators.push(&format!("reverse {}..{}", i + 1, j + 1), &image)?;
                    }
                }
            }
            Family::BurntPancake => return burnt_pancakes(n),
        }
        Ok(generators)
    }
}

/// The flips of `n` burnt pancakes on `2n` points: flip `k` reverses the
/// top `k` and turns each over, so side `i` of the `k`'s goes to the
/// other side of the pancake at `k - 1 - i`.
fn burnt_pancakes(n: usize) -> Result<Generators, Error> {
    let most = search_core::groups::MAX_POINTS / 2;
    if n > most {
        let reason = format!("burnt-pancake takes at most {most} pancakes, not {n}");
        return Err(search_core::Error::new(search_core::ErrorKind::InvalidShape { reason }).into());
    }
    let mut generators = Generators::new(2 * n)?;
    for k in 1..=n {
        let image: Vec<u8> = (0..2 * n)
            .map(|point| {
                let (side, at) = (point / n, point % n);
                if at < k { (1 - side) * n + (k - 1 - at) } else { point }
            } as u8)
            .collect();
        generators.push(&format!("flip {k}"), &image)?;
    }
    Ok(generators)
}

impl std::str::FromStr for Family {
    type Err = Error;

    /// A family by its [`name`](Family::name), in any case.
    fn from_str(text: &str) -> Result<Family, Error> {
        let lower = text.to_ascii_lowercase();
        Family::ALL.into_iter().find(|family| family.name() == lower).ok_or_else(|| {
            let names: Vec<&str> = Family::ALL.iter().map(|family| family.name()).collect();
            let reason =
                format!("'{text}' is no family of generators; the families: {}", names.join(", "));
            search_core::Error::new(search_core::ErrorKind::InvalidShape { reason }).into()
        })
    }
}
