//! [`Generators`]: named permutations of `0..n`, read from one-line or
//! cycle notation and checked, with what the group they generate owes
//! to them (closed under inverse, every one even).

use rustc_hash::FxHashSet;
use smallvec::SmallVec;
use xxhash_rust::xxh3::Xxh3;

use crate::error::Error;
use crate::ranking::permutations::EvenPermutations;

/// The most points a permutation here moves: a point is a `u8`.
pub const MAX_POINTS: usize = 256;

/// A set of named permutations of the points `0..n`, the moves of a
/// [`Cayley`](crate::groups::Cayley) space.
///
/// A generator is kept as its image `g`: applied to a state `s`, it gives
/// `t` with `t[i] = s[g[i]]`, the item at position `g[i]` moved to `i`.
/// One-line notation lists `g[0], g[1], ...` from 0, as cayleypy writes
/// them (a list of `1..=n` is read from 1). Cycle notation is GAP's,
/// points from 1: `(1,2,3)` moves the item at 1 to 2, at 2 to 3 and at 3
/// to 1.
///
/// # Example
///
/// ```
/// use search_core::groups::Generators;
///
/// // LRX on 4 points: a shift left, a shift right, and a swap.
/// let mut lrx = Generators::new(4)?;
/// lrx.push_one_line("L", "[1, 2, 3, 0]")?;
/// lrx.push_one_line("R", "3 0 1 2")?;
/// lrx.push_cycles("X", "(1,2)")?;
/// assert_eq!(lrx.len(), 3);
/// assert!(lrx.is_closed_under_inverse());
/// assert!(!lrx.are_even());
/// // A generator of another size, or with a point twice, is refused by name.
/// let error = lrx.push_one_line("Y", "0 1 2").unwrap_err();
/// assert_eq!(error.to_string(), "generator Y moves 3 points, not 4");
/// let error = lrx.push_one_line("Z", "0 1 1 2").unwrap_err();
/// assert_eq!(error.to_string(), "generator Z is not a permutation: point 1 appears twice");
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generators {
    points: usize,
    names: Vec<String>,
    permutations: Vec<Vec<u8>>,
}

impl Generators {
    /// No generators yet, of permutations of `points` points.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) when `points` is 0
    /// or more than [`MAX_POINTS`].
    ///
    /// # Example
    ///
    /// See [`Generators`].
    pub fn new(points: usize) -> Result<Generators, Error> {
        if points == 0 || points > MAX_POINTS {
            return Err(Error::invalid_shape(format!(
                "a permutation here moves 1 to {MAX_POINTS} points, not {points}"
            )));
        }
        Ok(Generators { points, names: Vec::new(), permutations: Vec::new() })
    }

    /// Adds the permutation `image` (see [`Generators`]: `image[i]` is the
    /// position whose item goes to `i`) as the generator `name`.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape), naming the
    /// generator, when `image` has another length than the points, or is
    /// not a permutation of `0..n`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::Generators;
    ///
    /// let mut flips = Generators::new(3)?;
    /// flips.push("flip 2", &[1, 0, 2])?;
    /// flips.push("flip 3", &[2, 1, 0])?;
    /// assert_eq!(flips.names().collect::<Vec<_>>(), ["flip 2", "flip 3"]);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn push(&mut self, name: &str, image: &[u8]) -> Result<(), Error> {
        let invalid = |reason: String| Error::invalid_shape(format!("generator {name} {reason}"));
        if image.len() != self.points {
            return Err(invalid(format!("moves {} points, not {}", image.len(), self.points)));
        }
        let mut seen = vec![false; self.points];
        for &point in image {
            let Some(slot) = seen.get_mut(usize::from(point)) else {
                return Err(invalid(format!(
                    "is not a permutation: point {point} is not below {}",
                    self.points
                )));
            };
            if std::mem::replace(slot, true) {
                return Err(invalid(format!("is not a permutation: point {point} appears twice")));
            }
        }
        self.names.push(name.to_owned());
        self.permutations.push(image.to_vec());
        Ok(())
    }

    /// Adds a generator written in one-line notation: its points, from 0
    /// (or, when none is 0, from 1), apart by spaces or commas, in
    /// brackets or not.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape), naming the
    /// generator and what in the text is wrong.
    ///
    /// # Example
    ///
    /// See [`Generators`].
    pub fn push_one_line(&mut self, name: &str, text: &str) -> Result<(), Error> {
        let mut points = Vec::new();
        for word in one_line_words(text) {
            points.push(point(name, word)?);
        }
        if points.is_empty() {
            return Err(Error::invalid_shape(format!(
                "generator {name} is empty: write its permutation after its name, such as \
                 `{name}: 1 0 2` or `{name}: (1,2)`"
            )));
        }
        if !points.is_empty() && !points.contains(&0) {
            for point in &mut points {
                *point -= 1;
            }
        }
        let image = narrow(name, &points)?;
        self.push(name, &image)
    }

    /// Adds a generator written as disjoint cycles of points from 1, as
    /// GAP writes them: `(1,2,3)(4,5)`, or `()` for the identity. The item
    /// at each point of a cycle moves to the next; points no cycle names
    /// stay.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape), naming the
    /// generator, when the text is not cycles, names point 0 or one past
    /// the points, or names a point twice.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::Generators;
    ///
    /// let mut three = Generators::new(3)?;
    /// three.push_cycles("rotate", "(1,2,3)")?;
    /// // The item at 1 (index 0) goes to 2: position 1 takes it.
    /// assert_eq!(three.image(0), [2, 0, 1]);
    /// let error = three.push_cycles("bad", "(1,4)").unwrap_err();
    /// assert_eq!(error.to_string(), "generator bad names point 4, past the 3 points");
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn push_cycles(&mut self, name: &str, text: &str) -> Result<(), Error> {
        let mut image: Vec<usize> = (0..self.points).collect();
        let mut named = vec![false; self.points];
        let mut rest = text.trim();
        while !rest.is_empty() {
            let Some(after) = rest.strip_prefix('(') else {
                return Err(Error::invalid_shape(format!(
                    "generator {name} is not cycles such as (1,2,3): it has {rest:?}"
                )));
            };
            let Some(end) = after.find(')') else {
                return Err(Error::invalid_shape(format!(
                    "generator {name} has a cycle not closed"
                )));
            };
            let mut cycle = Vec::new();
            for word in after[..end].split(',').map(str::trim).filter(|w| !w.is_empty()) {
                let point = point(name, word)?;
                if point == 0 {
                    return Err(Error::invalid_shape(format!(
                        "generator {name} names point 0: cycles count points from 1"
                    )));
                }
                if point > self.points {
                    return Err(Error::invalid_shape(format!(
                        "generator {name} names point {point}, past the {} points",
                        self.points
                    )));
                }
                if std::mem::replace(&mut named[point - 1], true) {
                    return Err(Error::invalid_shape(format!(
                        "generator {name} names point {point} twice"
                    )));
                }
                cycle.push(point - 1);
            }
            // (a, b, c): the item at a goes to b, at b to c, at c to a.
            for (index, &from) in cycle.iter().enumerate() {
                image[cycle[(index + 1) % cycle.len()]] = from;
            }
            rest = after[end + 1..].trim_start();
        }
        let image = narrow(name, &image)?;
        self.push(name, &image)
    }

    /// The number of points each generator moves.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::Generators;
    ///
    /// assert_eq!(Generators::new(5)?.points(), 5);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn points(&self) -> usize {
        self.points
    }

    /// How many generators there are.
    ///
    /// # Example
    ///
    /// See [`Generators`].
    pub fn len(&self) -> usize {
        self.permutations.len()
    }

    /// Whether there is no generator yet.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::Generators;
    ///
    /// assert!(Generators::new(5)?.is_empty());
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.permutations.is_empty()
    }

    /// The generators' names, in the order they were added: a move of a
    /// [`Cayley`](crate::groups::Cayley) space is an index into them.
    ///
    /// # Example
    ///
    /// See [`push`](Generators::push).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(String::as_str)
    }

    /// Generator `index` as its image (see [`Generators`]).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::Generators;
    ///
    /// let mut one = Generators::new(3)?;
    /// one.push_one_line("shift", "1 2 0")?;
    /// assert_eq!(one.image(0), [1, 2, 0]);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn image(&self, index: usize) -> &[u8] {
        &self.permutations[index]
    }

    /// `state` moved by generator `index`, as a
    /// [`Cayley`](crate::groups::Cayley) graph's move takes it: `t[i] =
    /// state[image[i]]`, the item at position `image[i]` moved to `i`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::Generators;
    ///
    /// let mut one = Generators::new(3)?;
    /// one.push_one_line("shift", "1 2 0")?;
    /// assert_eq!(one.apply(0, &[7, 8, 9]).as_slice(), [8, 9, 7]);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    #[inline]
    pub fn apply(&self, index: usize, state: &[u8]) -> SmallVec<[u8; 32]> {
        moved(state, self.image(index))
    }

    /// Whether the inverse of every generator is a generator too: then
    /// every move can be undone, and the Cayley graph is undirected.
    ///
    /// # Example
    ///
    /// See [`Generators`].
    pub fn is_closed_under_inverse(&self) -> bool {
        let images: FxHashSet<&[u8]> = self.permutations.iter().map(Vec::as_slice).collect();
        self.permutations.iter().all(|g| images.contains(inverse(g).as_slice()))
    }

    /// Adds the inverse of each generator whose inverse is not one
    /// already, named after it with a `'` (`U` gives `U'`; a `'` already
    /// taken gives `U^-1`), so that every move can be undone and the
    /// Cayley graph is undirected, as cayleypy's `make_inverse_closed`
    /// makes it. An involution is its own inverse and gets none.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) when both names
    /// an inverse could take are taken by other generators.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::Generators;
    ///
    /// let mut lx = Generators::new(4)?;
    /// lx.push_one_line("L", "1 2 3 0")?;
    /// lx.push_cycles("X", "(1,2)")?;
    /// lx.close_under_inverse()?;
    /// assert_eq!(lx.names().collect::<Vec<_>>(), ["L", "X", "L'"]);
    /// assert_eq!(lx.image(2), [3, 0, 1, 2]);
    /// assert!(lx.is_closed_under_inverse());
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn close_under_inverse(&mut self) -> Result<(), Error> {
        let mut images: FxHashSet<Vec<u8>> = self.permutations.iter().cloned().collect();
        let mut names: FxHashSet<String> = self.names.iter().cloned().collect();
        for g in 0..self.permutations.len() {
            let inverse = inverse(&self.permutations[g]);
            if images.contains(&inverse) {
                continue;
            }
            let name = &self.names[g];
            let Some(taken) =
                [format!("{name}'"), format!("{name}^-1")].into_iter().find(|n| !names.contains(n))
            else {
                return Err(Error::invalid_shape(format!(
                    "the inverse of generator {name} needs a name: {name}' and {name}^-1 are \
                     other generators"
                )));
            };
            names.insert(taken.clone());
            images.insert(inverse.clone());
            self.names.push(taken);
            self.permutations.push(inverse);
        }
        Ok(())
    }

    /// A 64-bit digest of the generators: their points, names and
    /// permutations, in order. Two sets of generators that differ in any
    /// of these differ here but by a chance of 2^-64, so a run that
    /// names its space by it (a checkpoint's, a disk directory's, a
    /// cluster's handshake) refuses to go on with generators that were
    /// changed under a name it knows.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::Generators;
    ///
    /// let mut a = Generators::new(3)?;
    /// a.push_one_line("X", "1 0 2")?;
    /// let mut b = Generators::new(3)?;
    /// b.push_one_line("X", "0 2 1")?;
    /// assert_ne!(a.fingerprint(), b.fingerprint());
    /// assert_eq!(a.fingerprint(), a.clone().fingerprint());
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn fingerprint(&self) -> u64 {
        let mut digest = Xxh3::new();
        digest.update(&(self.points as u64).to_le_bytes());
        for (name, image) in self.names.iter().zip(&self.permutations) {
            // Each part behind its length, so that no two lists run together
            // into one.
            digest.update(&(name.len() as u64).to_le_bytes());
            digest.update(name.as_bytes());
            digest.update(image);
        }
        digest.digest()
    }

    /// Whether every generator is an even permutation: then the group
    /// holds even permutations only, half of them at most.
    ///
    /// # Example
    ///
    /// See [`Generators`].
    pub fn are_even(&self) -> bool {
        self.permutations.iter().all(|g| EvenPermutations::is_even(g))
    }
}

/// The words of a list in one-line notation: apart by spaces or commas,
/// in brackets or not.
pub(crate) fn one_line_words(text: &str) -> impl Iterator<Item = &str> {
    let inner = text.trim().trim_start_matches('[').trim_end_matches(']');
    inner.split(|c: char| c == ',' || c.is_whitespace()).filter(|word| !word.is_empty())
}

/// A point of generator `name`'s text, as a number.
fn point(name: &str, word: &str) -> Result<usize, Error> {
    word.parse().map_err(|_| {
        Error::invalid_shape(format!("generator {name} has {word:?} where a point should be"))
    })
}

/// Points as `u8`s: each is below the points' count, which is at most
/// [`MAX_POINTS`].
fn narrow(name: &str, points: &[usize]) -> Result<Vec<u8>, Error> {
    points
        .iter()
        .map(|&point| {
            u8::try_from(point).map_err(|_| {
                Error::invalid_shape(format!(
                    "generator {name} names point {point}, past {MAX_POINTS}"
                ))
            })
        })
        .collect()
}

/// `state` moved by the permutation `image`: `t[i] = state[image[i]]`.
#[inline]
pub(crate) fn moved(state: &[u8], image: &[u8]) -> SmallVec<[u8; 32]> {
    image.iter().map(|&from| state[usize::from(from)]).collect()
}

/// The inverse of the permutation `g`.
pub(crate) fn inverse(g: &[u8]) -> Vec<u8> {
    let mut inverse = vec![0; g.len()];
    for (at, &from) in g.iter().enumerate() {
        inverse[usize::from(from)] = at as u8;
    }
    inverse
}
