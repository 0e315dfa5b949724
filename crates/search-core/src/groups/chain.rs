//! [`StabilizerChain`]: a base and strong generating set of the group some
//! generators generate, found by the Schreier-Sims algorithm, and what it
//! gives: the group's order, whether a permutation is in the group, and
//! each element's number from 0 to the order, and back.

use std::fmt;
use std::ops::Range;

use strength_reduce::StrengthReducedU64;

use crate::error::Error;
use crate::groups::generators::Generators;

/// A permutation as a function of the points: `p[i]` is the image of
/// `i`, the points past the group's fixed. Every point a `u8` indexes is
/// in it, so that a lookup needs no bounds check: the rank of a state is
/// some hundreds of them.
type Perm = [u8; 256];

/// The identity of [`Perm`].
const IDENTITY: Perm = {
    let mut identity = [0u8; 256];
    let mut point = 0;
    while point < 256 {
        identity[point] = point as u8;
        point += 1;
    }
    identity
};

/// Not a place in an orbit.
const NOWHERE: u16 = u16::MAX;

/// A base and strong generating set of the group that some generators
/// generate (the Schreier-Sims algorithm), while its order is below
/// 2^128: the group's [`order`](StabilizerChain::order), a
/// permutation's [`rank`](StabilizerChain::rank) from 0 to the order
/// (none for a permutation not in the group), and the element of each
/// rank ([`unrank`](StabilizerChain::unrank)).
///
/// A permutation here is an arrangement of the points, as the states of
/// a [`Cayley`](crate::groups::Cayley) graph are: `p[i]` is the item at
/// position `i`, and the identity `0, 1, ..., n - 1` moved by the
/// generators reaches exactly the group's elements. The chain fixes
/// base points `b_1, b_2, ...` one after another; an element is the
/// place of `b_1`'s image in its orbit, then of `b_2`'s in the orbit of
/// the elements that fix `b_1`, and so on: its rank is those places
/// read as the digits of a mixed-radix number, every rank below the
/// order one element's. Ranking costs the base's length squared (the
/// 3x3x3 cube's 48 stickers: a base of 18); unranking, the base's length
/// times the points.
///
/// A rank of 128 bits numbers groups far past 2^64 densely: the 3x3x3
/// cube's 43,252,003,274,489,856,000 positions, where the arrangements
/// of its 48 stickers number 48!.
///
/// # Example
///
/// ```
/// use search_core::groups::{Generators, StabilizerChain};
///
/// // Burnt pancakes of 3: flips of the top 1, 2 or 3, each turning the
/// // pancakes over (points 0-1, 2-3, 4-5 are a pancake's two sides).
/// let mut flips = Generators::new(6)?;
/// flips.push_cycles("flip 1", "(1,2)")?;
/// flips.push_cycles("flip 2", "(1,4)(2,3)")?;
/// flips.push_cycles("flip 3", "(1,6)(2,5)(3,4)")?;
/// let chain = StabilizerChain::new(&flips)?;
/// assert_eq!(chain.order(), 48); // 2^3 * 3!, where 6! is 720
/// let turned = [1, 0, 2, 3, 4, 5];
/// let rank = chain.rank(&turned).expect("in the group");
/// assert!(rank < 48);
/// assert_eq!(chain.unrank(rank).as_ref(), turned);
/// // A swap of two sides of different pancakes is no element.
/// assert_eq!(chain.rank(&[2, 1, 0, 3, 4, 5]), None);
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct StabilizerChain {
    points: usize,
    levels: Vec<Level>,
    /// Each level's base point.
    bases: Vec<u8>,
    /// The order's radix below each level: the product of the orbits'
    /// lengths after it.
    radices: Vec<u128>,
    order: u128,
}

/// One level of the chain: the group of the elements that fix the base
/// points before it, the orbit of its own base point under them, and an
/// element taking the base point to each point of the orbit.
#[derive(Clone, Debug)]
struct Level {
    base: u8,
    /// The level's strong generators.
    generators: Vec<Perm>,
    /// The orbit of `base`, in the order its points were found.
    orbit: Vec<u8>,
    /// Each point's place in `orbit`, or [`NOWHERE`].
    place: Box<[u16; 256]>,
    /// For orbit place `k`, an element `u` with `u[base] == orbit[k]`,
    /// and its inverse.
    transversal: Vec<Perm>,
    inverse: Vec<Perm>,
    /// For orbit place `k`, how many of `generators` its Schreier
    /// generators were checked with: the pairs still to check are those
    /// past it, as points and generators are added.
    checked: Vec<usize>,
    /// The orbit's length, to divide a rank by, set when the chain is
    /// complete.
    length: StrengthReducedU64,
}

/// Why a chain could not be completed.
enum Incomplete {
    /// The group's order passed 2^128.
    TooLarge,
}

impl StabilizerChain {
    /// The chain of the group `generators` generate.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) when the group
    /// has 2^128 elements or more: its ranks would pass 128 bits (every
    /// permutation of 35 points or more, say).
    ///
    /// # Example
    ///
    /// See [`StabilizerChain`].
    pub fn new(generators: &Generators) -> Result<StabilizerChain, Error> {
        StabilizerChain::with_base(generators, &[])
    }

    /// The chain of the group `generators` generate whose base begins
    /// with `base`, in that order; the chain adds the base points it
    /// needs after them. The first `base.len()` levels then number the
    /// places the group can take those points to: what a pattern of
    /// pieces ranks ([`PointPattern`](crate::words::PointPattern)). A
    /// point the ones before it fix has an orbit of one place.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) when a point of
    /// `base` is not below the generators' points or is named twice, and
    /// as for [`new`](StabilizerChain::new).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{Generators, StabilizerChain};
    ///
    /// // Every permutation of 4 points: point 3 goes anywhere, then 0
    /// // anywhere but there.
    /// let mut all = Generators::new(4)?;
    /// all.push_cycles("turn", "(1,2,3,4)")?;
    /// all.push_cycles("swap", "(1,2)")?;
    /// let chain = StabilizerChain::with_base(&all, &[3, 0])?;
    /// assert_eq!(&chain.base()[..2], [3, 0]);
    /// assert_eq!(chain.to_string(), "24 = 4 x 3 x 2");
    /// assert!(StabilizerChain::with_base(&all, &[3, 3]).is_err());
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn with_base(generators: &Generators, base: &[u8]) -> Result<StabilizerChain, Error> {
        let points = generators.points();
        let mut seen = [false; 256];
        for &point in base {
            if usize::from(point) >= points {
                return Err(Error::invalid_shape(format!(
                    "base point {point} is not one of the generators' {points} points"
                )));
            }
            if std::mem::replace(&mut seen[usize::from(point)], true) {
                return Err(Error::invalid_shape(format!("base point {point} is named twice")));
            }
        }
        let mut chain = StabilizerChain {
            points,
            levels: base.iter().map(|&point| Level::new(point, points)).collect(),
            bases: Vec::new(),
            radices: Vec::new(),
            order: 1,
        };
        for index in 0..generators.len() {
            let image = padded(generators.image(index));
            if is_identity(&image) || chain.sifts(&image) {
                continue;
            }
            if chain.extend(image).is_err() {
                return Err(Error::invalid_shape(format!(
                    "the group of these {} generators on {points} points has 2^128 elements or \
                     more, past what 128-bit ranks number",
                    generators.len()
                )));
            }
        }
        chain.seal();
        Ok(chain)
    }

    /// The number of elements of the group.
    ///
    /// # Example
    ///
    /// See [`StabilizerChain`].
    pub fn order(&self) -> u128 {
        self.order
    }

    /// The number of points the group moves.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{Generators, StabilizerChain};
    ///
    /// let mut turn = Generators::new(4)?;
    /// turn.push_cycles("turn", "(1,2,3,4)")?;
    /// assert_eq!(StabilizerChain::new(&turn)?.points(), 4);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn points(&self) -> usize {
        self.points
    }

    /// The base points, in the order the chain fixes them.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{Generators, StabilizerChain};
    ///
    /// // A turn of four: fixing one point fixes them all.
    /// let mut turn = Generators::new(4)?;
    /// turn.push_cycles("turn", "(1,2,3,4)")?;
    /// let chain = StabilizerChain::new(&turn)?;
    /// assert_eq!((chain.base().len(), chain.order()), (1, 4));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn base(&self) -> &[u8] {
        &self.bases
    }

    /// Whether `perm` is an element of the group. A slice of another
    /// length than the points is none.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{Generators, StabilizerChain};
    ///
    /// let mut rotations = Generators::new(4)?;
    /// rotations.push_cycles("a", "(1,2,3)")?;
    /// rotations.push_cycles("b", "(2,3,4)")?;
    /// let even = StabilizerChain::new(&rotations)?;
    /// assert_eq!(even.order(), 12);
    /// assert!(even.contains(&[1, 0, 3, 2]));
    /// assert!(!even.contains(&[1, 0, 2, 3]));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn contains(&self, perm: &[u8]) -> bool {
        let is_permutation = perm.len() == self.points && {
            let mut seen = [false; 256];
            perm.iter().all(|&p| {
                usize::from(p) < self.points && !std::mem::replace(&mut seen[usize::from(p)], true)
            })
        };
        is_permutation && self.sifts(&padded(perm))
    }

    /// Whether `perm` sifts through the chain to the identity.
    fn sifts(&self, perm: &Perm) -> bool {
        is_identity(&self.sift(*perm, 0).0)
    }

    /// The rank of `perm`, from 0 to the [`order`](StabilizerChain::order),
    /// or `None` when it is not an element of the group.
    ///
    /// # Example
    ///
    /// See [`StabilizerChain`].
    pub fn rank(&self, perm: &[u8]) -> Option<u128> {
        self.contains(perm).then(|| self.rank_of_element(perm))
    }

    /// The rank of `perm`, an element of the group, read from the base
    /// points' images alone: the fast path of a space whose states are
    /// all elements. A permutation outside the group gets some rank below
    /// the order, not its own (it has none), and never a panic.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{Generators, StabilizerChain};
    ///
    /// let mut turn = Generators::new(4)?;
    /// turn.push_cycles("turn", "(1,2,3,4)")?;
    /// let chain = StabilizerChain::new(&turn)?;
    /// let ranks: Vec<u128> = (0..4).map(|r| chain.rank_of_element(&chain.unrank(r))).collect();
    /// assert_eq!(ranks, [0, 1, 2, 3]);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    #[inline]
    pub fn rank_of_element(&self, perm: &[u8]) -> u128 {
        let mut images = [0u8; 256];
        let images = &mut images[..self.levels.len()];
        for (image, level) in images.iter_mut().zip(&self.levels) {
            *image = perm[usize::from(level.base)];
        }
        self.rank_of_images(images)
    }

    /// The rank of the element whose base points' images are `images`,
    /// which it takes over as scratch.
    #[inline]
    pub(crate) fn rank_of_images(&self, images: &mut [u8]) -> u128 {
        let mut rank = 0;
        for (at, level) in self.levels.iter().enumerate() {
            // Off the orbit only for a permutation outside the group.
            let place =
                usize::from(level.place[usize::from(images[at])]).min(level.orbit.len() - 1);
            rank += place as u128 * self.radices[at];
            let inverse = &level.inverse[place];
            for image in &mut images[at + 1..] {
                *image = inverse[usize::from(*image)];
            }
        }
        rank
    }

    /// The lengths of the first `levels` levels' orbits: the places the
    /// group takes each of the first base points to, those before it
    /// fixed.
    pub(crate) fn orbit_lengths(&self, levels: usize) -> impl Iterator<Item = usize> + '_ {
        self.levels.iter().take(levels).map(|level| level.orbit.len())
    }

    /// The number of the first `images.len()` base points' images, each
    /// level's place the digit of `radices` (the product of the orbits'
    /// lengths after it, within those levels); `images` is taken over as
    /// scratch. Images no element gives rank as some number below the
    /// orbits' product, never a panic.
    #[inline]
    pub(crate) fn rank_of_prefix(&self, images: &mut [u8], radices: &[u64]) -> u64 {
        let mut rank = 0;
        for (at, (level, &radix)) in self.levels.iter().zip(radices).enumerate() {
            let place =
                usize::from(level.place[usize::from(images[at])]).min(level.orbit.len() - 1);
            rank += place as u64 * radix;
            if at + 1 < images.len() {
                let inverse = &level.inverse[place];
                for image in &mut images[at + 1..] {
                    *image = inverse[usize::from(*image)];
                }
            }
        }
        rank
    }

    /// The images of the first `images.len()` base points under the
    /// element whose digits at those levels are `digits`:
    /// [`rank_of_prefix`](StabilizerChain::rank_of_prefix) undone.
    #[inline]
    pub(crate) fn prefix_images(&self, digits: &[u8], images: &mut [u8]) {
        for (at, slot) in images.iter_mut().enumerate() {
            // u_1 ... u_at of base point `at`: the levels after it fix it.
            let mut point = self.levels[at].orbit[usize::from(digits[at])];
            for (level, &digit) in self.levels[..at].iter().zip(&digits[..at]).rev() {
                point = level.transversal[usize::from(digit)][usize::from(point)];
            }
            *slot = point;
        }
    }

    /// The element of rank `rank`, below the order.
    ///
    /// # Panics
    ///
    /// When `rank` is not below the [`order`](StabilizerChain::order).
    ///
    /// # Example
    ///
    /// See [`StabilizerChain`].
    pub fn unrank(&self, rank: u128) -> Box<[u8]> {
        let mut perm: Box<[u8]> = (0..self.points).map(|point| point as u8).collect();
        self.unrank_into(rank, &mut perm);
        perm
    }

    /// `rank`'s digits into `digits`, a level each, the last level's
    /// first: a division by an orbit's length a digit, in 64 bits once
    /// the rest fits them.
    #[inline]
    fn digits_into(&self, rank: u128, digits: &mut [u8]) {
        let mut rest = rank;
        for (at, level) in self.levels.iter().enumerate().rev() {
            let (quotient, digit) = match u64::try_from(rest) {
                Ok(small) => {
                    let (quotient, digit) = StrengthReducedU64::div_rem(small, level.length);
                    (u128::from(quotient), digit)
                }
                Err(_) => divide_wide(rest, level.length.get()),
            };
            digits[at] = digit as u8;
            rest = quotient;
        }
    }

    /// [`unrank`](StabilizerChain::unrank) into `perm`, of the points'
    /// length.
    #[inline]
    pub(crate) fn unrank_into(&self, rank: u128, perm: &mut [u8]) {
        assert!(rank < self.order, "rank {rank} is not below the order {}", self.order);
        let mut digits = [0u8; 256];
        self.digits_into(rank, &mut digits);
        // The element is u_1 u_2 ... u_k, the levels' transversal elements
        // of those digits, composed from the last: a row at a time, where
        // each point taken through them all waited on every lookup.
        let Some(last) = self.levels.len().checked_sub(1) else {
            for (point, slot) in perm.iter_mut().enumerate() {
                *slot = point as u8;
            }
            return;
        };
        let points = perm.len();
        perm.copy_from_slice(&self.levels[last].transversal[usize::from(digits[last])][..points]);
        let mut scratch = [0u8; 256];
        let scratch = &mut scratch[..points];
        for (at, level) in self.levels.iter().enumerate().take(last).rev() {
            let u = &level.transversal[usize::from(digits[at])];
            for (slot, &point) in scratch.iter_mut().zip(perm.iter()) {
                *slot = u[usize::from(point)];
            }
            perm.copy_from_slice(scratch);
        }
    }

    /// The element of rank `rank` as what sifting it leaves at each
    /// level: `partials` (of the base's length times the points) holds,
    /// row `l`, the element less its digits of the levels before `l` (row
    /// 0 the element itself), and `digits` its digits. What
    /// [`rank_of_product_within`](StabilizerChain::rank_of_product_within) reads a
    /// neighbour's rank from.
    #[inline]
    pub(crate) fn unrank_partials(&self, rank: u128, digits: &mut [u8], partials: &mut [u8]) {
        let points = self.points;
        self.digits_into(rank, digits);
        // Row l is u_l u_(l+1) ... u_k, the last row u_k alone.
        let Some(last) = self.levels.len().checked_sub(1) else { return };
        let u = &self.levels[last].transversal[usize::from(digits[last])];
        partials[last * points..][..points].copy_from_slice(&u[..points]);
        for at in (0..last).rev() {
            let u = &self.levels[at].transversal[usize::from(digits[at])];
            let (before, after) = partials.split_at_mut((at + 1) * points);
            let (row, below) = (&mut before[at * points..], &after[..points]);
            for (slot, &point) in row.iter_mut().zip(below) {
                *slot = u[usize::from(point)];
            }
        }
    }

    /// The first level whose base point `g` moves: an element's digits
    /// before it are its product's with `g`.
    pub(crate) fn first_moved_level(&self, g: &[u8]) -> usize {
        self.bases.iter().position(|&base| g[usize::from(base)] != base).unwrap_or(self.bases.len())
    }

    /// The rank of `x g` where it lies in `range`, else `None`: `x` an
    /// element as [`unrank_partials`](StabilizerChain::unrank_partials)
    /// leaves it (`digits`, `partials`, and `prefix[l]`, its rank's part
    /// from the levels before `l`), `g` a generator whose first moved
    /// level is `first`. Its digits before that level are `x`'s, and the
    /// sift goes on from there, from what sifting `x` left; a rank's
    /// digits come most significant first, so it stops at the first level
    /// after which every rank the rest could make lies outside `range`.
    #[inline]
    pub(crate) fn rank_of_product_within(
        &self,
        partials: &[u8],
        prefix: &[u128],
        (g, first): (&[u8], usize),
        range: Range<u128>,
    ) -> Option<u128> {
        let points = self.points;
        let Some(row) = partials.get(first * points..(first + 1) * points) else {
            // g fixes every base point: x g agrees with x on them.
            let rank = prefix[self.levels.len()];
            return range.contains(&rank).then_some(rank);
        };
        let mut images = [0u8; 256];
        let images = &mut images[..self.bases.len() - first];
        for (slot, &base) in images.iter_mut().zip(&self.bases[first..]) {
            *slot = row[usize::from(g[usize::from(base)])];
        }
        let mut rank = prefix[first];
        for (offset, level) in self.levels[first..].iter().enumerate() {
            // Off the orbit only for a permutation outside the group.
            let place =
                usize::from(level.place[usize::from(images[offset])]).min(level.orbit.len() - 1);
            let radix = self.radices[first + offset];
            rank += place as u128 * radix;
            // The levels after add less than `radix`.
            if rank >= range.end || rank + radix <= range.start {
                return None;
            }
            let inverse = &level.inverse[place];
            for image in &mut images[offset + 1..] {
                *image = inverse[usize::from(*image)];
            }
        }
        Some(rank)
    }

    /// The parts of a rank from its `digits`: `prefix[l]` from the levels
    /// before `l`, for every `l` to the base's length.
    #[inline]
    pub(crate) fn prefixes(&self, digits: &[u8], prefix: &mut [u128]) {
        prefix[0] = 0;
        for (at, &digit) in digits.iter().enumerate().take(self.levels.len()) {
            prefix[at + 1] = prefix[at] + u128::from(digit) * self.radices[at];
        }
    }

    /// `perm` divided by the chain's transversal elements from level
    /// `from` on, until it moves a level's base point off its orbit: what
    /// is left, and that level (the levels' count when it passed them
    /// all). An element of the group is left as the identity.
    fn sift(&self, mut perm: Perm, from: usize) -> (Perm, usize) {
        for (at, level) in self.levels.iter().enumerate().skip(from) {
            let place = level.place[usize::from(perm[usize::from(level.base)])];
            if place == NOWHERE {
                return (perm, at);
            }
            perm = compose(&level.inverse[usize::from(place)], &perm);
        }
        (perm, self.levels.len())
    }

    /// Adds `g`, not an element of the group so far, to the generators,
    /// and completes the chain again.
    fn extend(&mut self, g: Perm) -> Result<(), Incomplete> {
        let first = self
            .levels
            .iter()
            .position(|level| g[usize::from(level.base)] != level.base)
            .unwrap_or(self.levels.len());
        if first == self.levels.len() {
            self.levels.push(Level::new(moved_point(&g), self.points));
        }
        for at in 0..=first {
            self.levels[at].add(g);
        }
        self.complete(first)
    }

    /// Checks the Schreier generators of every level from `top` up to the
    /// first, each sifted through the levels below it; one that does not
    /// sift to the identity is a new strong generator of the levels it
    /// passed, and those are checked again first. Then every level's
    /// group is generated by its generators, and the orbits' lengths
    /// multiply to the group's order.
    fn complete(&mut self, top: usize) -> Result<(), Incomplete> {
        let mut at = top;
        loop {
            self.check_order()?;
            match self.unchecked_schreier_generator(at) {
                Some(residue) => {
                    let (residue, stop) = self.sift(residue, at + 1);
                    if is_identity(&residue) {
                        continue;
                    }
                    if stop == self.levels.len() {
                        self.levels.push(Level::new(moved_point(&residue), self.points));
                    }
                    for level in &mut self.levels[at + 1..=stop] {
                        level.add(residue);
                    }
                    at = stop;
                }
                None if at == 0 => return Ok(()),
                None => at -= 1,
            }
        }
    }

    /// The next Schreier generator of level `at` not yet checked, marked
    /// as checked: `u(s(p))^-1 s u(p)` for an orbit point `p` and a
    /// generator `s`, an element that fixes the level's base point.
    fn unchecked_schreier_generator(&mut self, at: usize) -> Option<Perm> {
        let level = &mut self.levels[at];
        let generators = level.generators.len();
        let place = level.checked.iter().position(|&checked| checked < generators)?;
        let s = &level.generators[level.checked[place]];
        level.checked[place] += 1;
        let moved = compose(s, &level.transversal[place]);
        let to = level.place[usize::from(moved[usize::from(level.base)])];
        Some(compose(&level.inverse[usize::from(to)], &moved))
    }

    /// The product of the orbits' lengths, which only grows as the chain
    /// is completed and ends as the group's order: refused past 2^128.
    fn check_order(&self) -> Result<(), Incomplete> {
        self.levels
            .iter()
            .try_fold(1u128, |order, level| order.checked_mul(level.orbit.len() as u128))
            .map(|_| ())
            .ok_or(Incomplete::TooLarge)
    }

    /// The radices and order of the completed chain; what only building
    /// it needed is let go.
    fn seal(&mut self) {
        let mut radix = 1u128;
        self.radices = vec![0; self.levels.len()];
        for (at, level) in self.levels.iter_mut().enumerate().rev() {
            self.radices[at] = radix;
            radix *= level.orbit.len() as u128;
            level.checked = Vec::new();
            level.length = StrengthReducedU64::new(level.orbit.len() as u64);
        }
        self.order = radix;
        self.bases = self.levels.iter().map(|level| level.base).collect();
    }
}

impl fmt::Display for StabilizerChain {
    /// The order, and the orbits' lengths that multiply to it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lengths: Vec<String> = self.levels.iter().map(|l| l.orbit.len().to_string()).collect();
        write!(
            f,
            "{} = {}",
            self.order,
            if lengths.is_empty() { "1".into() } else { lengths.join(" x ") }
        )
    }
}

impl Level {
    /// A level of base point `base`, with no generator yet: its orbit the
    /// base point alone.
    fn new(base: u8, points: usize) -> Level {
        let identity = IDENTITY;
        let _ = points;
        let mut place = Box::new([NOWHERE; 256]);
        place[usize::from(base)] = 0;
        Level {
            base,
            generators: Vec::new(),
            orbit: vec![base],
            place,
            transversal: vec![identity],
            inverse: vec![identity],
            checked: vec![0],
            length: StrengthReducedU64::new(1),
        }
    }

    /// Adds the generator `g`, and the points it and the others reach.
    /// The points found before keep their places and elements, so that
    /// the Schreier generators checked with them stay checked.
    fn add(&mut self, g: Perm) {
        let before = self.orbit.len();
        self.generators.push(g);
        let newest = self.generators.len() - 1;
        // The new generator from every old point; then every generator
        // from each new point.
        for place in 0..before {
            self.reach(place, newest);
        }
        let mut next = before;
        while next < self.orbit.len() {
            for generator in 0..self.generators.len() {
                self.reach(next, generator);
            }
            next += 1;
        }
    }

    /// The point generator `generator` takes orbit place `place`'s point
    /// to, added to the orbit if new.
    fn reach(&mut self, place: usize, generator: usize) {
        let g = &self.generators[generator];
        let point = g[usize::from(self.orbit[place])];
        if self.place[usize::from(point)] != NOWHERE {
            return;
        }
        let u = compose(g, &self.transversal[place]);
        self.place[usize::from(point)] = self.orbit.len() as u16;
        self.orbit.push(point);
        self.inverse.push(invert(&u));
        self.transversal.push(u);
        self.checked.push(0);
    }
}

/// `wide`, at least 2^64, divided by `divisor`, below 2^32: the
/// quotient and remainder, by long division in 32-bit steps.
#[cold]
fn divide_wide(wide: u128, divisor: u64) -> (u128, u64) {
    let high = (wide >> 64) as u64;
    let low = wide as u64;
    let (high_quotient, carry) = (high / divisor, high % divisor);
    let middle = (carry << 32) | (low >> 32);
    let (middle_quotient, carry) = (middle / divisor, middle % divisor);
    let bottom = (carry << 32) | (low & 0xffff_ffff);
    let (bottom_quotient, remainder) = (bottom / divisor, bottom % divisor);
    let quotient = (u128::from(high_quotient) << 64)
        | (u128::from(middle_quotient) << 32)
        | u128::from(bottom_quotient);
    (quotient, remainder)
}

/// `a` after `b`: the permutation taking `i` to `a[b[i]]`.
fn compose(a: &Perm, b: &Perm) -> Perm {
    let mut composed = [0u8; 256];
    for (slot, &point) in composed.iter_mut().zip(b) {
        *slot = a[usize::from(point)];
    }
    composed
}

/// The inverse of `p`.
fn invert(p: &Perm) -> Perm {
    let mut inverse = [0u8; 256];
    for (point, &image) in p.iter().enumerate() {
        inverse[usize::from(image)] = point as u8;
    }
    inverse
}

fn is_identity(p: &Perm) -> bool {
    *p == IDENTITY
}

/// `image`, a permutation of its length, as a [`Perm`]: the points past
/// it fixed.
fn padded(image: &[u8]) -> Perm {
    let mut perm = IDENTITY;
    perm[..image.len()].copy_from_slice(image);
    perm
}

/// The first point `p` moves: a base point for a level it is new to.
fn moved_point(p: &Perm) -> u8 {
    p.iter()
        .enumerate()
        .find(|&(point, &image)| usize::from(image) != point)
        .map_or(0, |(p, _)| p as u8)
}
