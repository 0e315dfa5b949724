//! [`Symmetries`]: the symmetries of a permutation puzzle (a cube turned
//! or mirrored whole), checked against its moves, and the class of
//! equivalent positions each state is one of.

use rustc_hash::FxHashSet;

use super::cayley::Arrangement;
use super::generators::{Generators, inverse as inverse_of};
use crate::error::Error;

/// The most elements a group of symmetries may have: each state's class
/// is found by comparing it with every one of them.
pub const MAX_SYMMETRIES: usize = 4096;

/// The symmetries of a permutation puzzle's Cayley graph: permutations
/// `m` of its points that map its moves onto its moves (`m g m^-1` is a
/// generator for each generator `g`), each taking a position `x` to
/// `m x m^-1` (the cube turned or mirrored whole, and then looked at as
/// before), and, when every move can be undone, the inverse too (`x` to
/// `x^-1`: a position and its inverse lie at the same depth, the moves
/// that solve one making the other backwards). They keep every position's
/// depth from the identity, so a breadth-first search may keep one
/// position of each class of equivalent ones, and count the class: the
/// 3x3x3 cube's 48 symmetries, and the inverse, keep about 1/96 of its
/// positions.
///
/// The symmetries given need only generate the group of them: it is
/// closed under composition here, up to [`MAX_SYMMETRIES`] elements.
///
/// # Example
///
/// ```
/// use search_core::groups::{Generators, Symmetries};
///
/// // Coxeter's generators of 4 points: the adjacent swaps. Reversing
/// // the points maps each swap onto one.
/// let mut swaps = Generators::new(4)?;
/// for i in 1..4 {
///     swaps.push_cycles(&format!("s{i}"), &format!("({i},{})", i + 1))?;
/// }
/// let mut reversal = Generators::new(4)?;
/// reversal.push("reverse", &[3, 2, 1, 0])?;
/// let symmetries = Symmetries::new(&swaps, &reversal, true)?;
/// assert_eq!(symmetries.len(), 4); // the reversal, the inverse, both, neither
/// // 1 0 2 3 and its mirror image 0 1 3 2 are one class of two.
/// let (first, size) = symmetries.canonical(&[1, 0, 2, 3]);
/// assert_eq!((first.as_slice(), size), (&[0, 1, 3, 2][..], 2));
/// assert_eq!(symmetries.canonical(&[0, 1, 3, 2]).0, first);
///
/// // A permutation that maps a move to no move is refused, by name.
/// let mut rotation = Generators::new(4)?;
/// rotation.push("rotate", &[1, 2, 3, 0])?;
/// let error = Symmetries::new(&swaps, &rotation, false).unwrap_err();
/// assert!(error.to_string().starts_with("symmetry rotate maps generator s"), "{error}");
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Symmetries {
    points: usize,
    /// The group of symmetries, the identity first: each `m` and `m^-1`.
    maps: Vec<([u8; 256], [u8; 256])>,
    inverse: bool,
}

impl Symmetries {
    /// The group `symmetries` generate, as symmetries of the Cayley graph
    /// of `generators`, with the inverse when `inverse`.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) naming what is
    /// wrong: a symmetry of another number of points than the generators,
    /// one that maps a generator to a permutation that is no generator,
    /// the inverse asked for where some generator's inverse is no
    /// generator, or a group of more than [`MAX_SYMMETRIES`] elements.
    ///
    /// # Example
    ///
    /// See [`Symmetries`].
    pub fn new(
        generators: &Generators,
        symmetries: &Generators,
        inverse: bool,
    ) -> Result<Symmetries, Error> {
        let points = generators.points();
        if symmetries.points() != points {
            return Err(Error::invalid_shape(format!(
                "the symmetries move {} points, the generators {points}",
                symmetries.points()
            )));
        }
        let images: Vec<&[u8]> = (0..generators.len()).map(|g| generators.image(g)).collect();
        let maps = (0..symmetries.len()).map(|s| symmetries.image(s));
        if let Some((s, g)) = first_off_the_moves(maps, &images) {
            let symmetry = symmetries.names().nth(s).unwrap_or_default();
            let name = generators.names().nth(g).unwrap_or_default();
            return Err(Error::invalid_shape(format!(
                "symmetry {symmetry} maps generator {name} to a permutation that is no \
                 generator: a symmetry must map the moves onto the moves"
            )));
        }
        let images: FxHashSet<&[u8]> = images.into_iter().collect();
        if inverse {
            for (g, name) in generators.names().enumerate() {
                if !images.contains(inverse_of(generators.image(g)).as_slice()) {
                    return Err(Error::invalid_shape(format!(
                        "the inverse keeps a position's depth only where every move can be \
                         undone, and generator {name}'s inverse is no generator"
                    )));
                }
            }
        }
        let maps = closure(points, symmetries)?;
        Ok(Symmetries { points, maps, inverse })
    }

    /// The number of symmetries, the inverse counted: the most states a
    /// class holds.
    ///
    /// # Example
    ///
    /// See [`Symmetries`].
    pub fn len(&self) -> usize {
        self.maps.len() * if self.inverse { 2 } else { 1 }
    }

    /// Whether the group is the identity alone: then every class is one
    /// state.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{Generators, Symmetries};
    ///
    /// let mut swap = Generators::new(2)?;
    /// swap.push("swap", &[1, 0])?;
    /// assert!(Symmetries::new(&swap, &Generators::new(2)?, false)?.is_empty());
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 1
    }

    /// The number of points the symmetries move.
    ///
    /// # Example
    ///
    /// See [`Symmetries`].
    pub fn points(&self) -> usize {
        self.points
    }

    /// Whether the inverse is among the symmetries.
    ///
    /// # Example
    ///
    /// See [`Symmetries`].
    pub fn has_inverse(&self) -> bool {
        self.inverse
    }

    /// Each symmetry `m` of the group, the identity first, with its
    /// inverse: `m x m^-1` takes position `i` of `x` to `m[x[m^-1[i]]]`.
    pub(crate) fn maps(&self) -> impl Iterator<Item = (&[u8], &[u8])> {
        self.maps.iter().map(|(map, unmap)| (&map[..self.points], &unmap[..self.points]))
    }

    /// The first of the group's symmetries (the identity 0) that maps
    /// one of `moves` by conjugation to a permutation that is none of
    /// them, with that move's index; `None` when each maps the moves
    /// onto the moves.
    pub(crate) fn first_off_the_moves(&self, moves: &[&[u8]]) -> Option<(usize, usize)> {
        first_off_the_moves(self.maps().map(|(map, _)| map), moves)
    }

    /// The first of `state`'s class in the order of arrangements (item by
    /// item, from position 0), and the class's size.
    ///
    /// # Example
    ///
    /// See [`Symmetries`].
    pub fn canonical(&self, state: &[u8]) -> (Arrangement, u64) {
        let mut first = [0u8; 256];
        let size = self.canonical_into(state, &mut first);
        (first[..self.points].iter().copied().collect(), size)
    }

    /// [`canonical`](Symmetries::canonical) into `first`, of at least the
    /// points' length: the class's size.
    #[inline]
    pub(crate) fn canonical_into(&self, state: &[u8], first: &mut [u8]) -> u64 {
        let n = self.points;
        let mut inverted = [0u8; 256];
        if self.inverse {
            for (point, &item) in state.iter().enumerate() {
                inverted[usize::from(item)] = point as u8;
            }
        }
        let sources: &[&[u8]] =
            if self.inverse { &[state, &inverted[..n]] } else { std::slice::from_ref(&state) };
        first[..n].copy_from_slice(state);
        let mut ties = 0u64;
        for &source in sources {
            for (m, unmap) in &self.maps {
                // m x m^-1, item by item, against the first so far: most
                // differ at the first item or two.
                let item = |i: usize| m[usize::from(source[usize::from(unmap[i])])];
                let mut at = 0;
                while at < n && item(at) == first[at] {
                    at += 1;
                }
                if at == n {
                    ties += 1;
                } else if item(at) < first[at] {
                    for (i, slot) in first[..n].iter_mut().enumerate().skip(at) {
                        *slot = item(i);
                    }
                    ties = 1;
                }
            }
        }
        // The symmetries that fix the first are the class's stabilizer.
        self.len() as u64 / ties
    }
}

/// The first of `maps` (as its index) that takes one of `moves` (as its
/// index) by conjugation to a permutation that is none of them, or `None`
/// when each maps the moves onto the moves.
fn first_off_the_moves<'m>(
    maps: impl Iterator<Item = &'m [u8]>,
    moves: &[&[u8]],
) -> Option<(usize, usize)> {
    let known: FxHashSet<&[u8]> = moves.iter().copied().collect();
    for (s, m) in maps.enumerate() {
        for (g, image) in moves.iter().enumerate() {
            if !known.contains(conjugate(m, image).as_slice()) {
                return Some((s, g));
            }
        }
    }
    None
}

/// `m g m^-1`: the permutation taking `i` to `m[g[m^-1[i]]]`.
fn conjugate(m: &[u8], g: &[u8]) -> Vec<u8> {
    let unmap = inverse_of(m);
    (0..m.len()).map(|i| m[usize::from(g[usize::from(unmap[i])])]).collect()
}

/// The group `symmetries` generate, the identity first, each element with
/// its inverse.
fn closure(points: usize, symmetries: &Generators) -> Result<Vec<([u8; 256], [u8; 256])>, Error> {
    let row = |image: &[u8]| {
        let mut row = [0u8; 256];
        for (point, slot) in row.iter_mut().enumerate() {
            *slot = if point < points { image[point] } else { point as u8 };
        }
        row
    };
    let identity: Vec<u8> = (0..points).map(|point| point as u8).collect();
    let mut elements = vec![identity.clone()];
    let mut seen: FxHashSet<Vec<u8>> = FxHashSet::from_iter([identity]);
    let mut next = 0;
    while next < elements.len() {
        for s in 0..symmetries.len() {
            let m = symmetries.image(s);
            // The element after m.
            let product: Vec<u8> = m.iter().map(|&p| elements[next][usize::from(p)]).collect();
            if seen.insert(product.clone()) {
                if elements.len() == MAX_SYMMETRIES {
                    return Err(Error::invalid_shape(format!(
                        "the symmetries generate more than {MAX_SYMMETRIES} of them"
                    )));
                }
                elements.push(product);
            }
        }
        next += 1;
    }
    Ok(elements.iter().map(|m| (row(m), row(&inverse_of(m)))).collect())
}
