//! [`PointPattern`]: a permutation puzzle seen through the places of
//! some of its items, numbered densely by the group's chain, and the
//! distances of those places to the goal's as a pattern database.

use std::fmt;
use std::sync::Arc;

use crate::dense::DenseEnumeration;
use crate::error::Error;
use crate::groups::Generators;
use crate::groups::StabilizerChain;
use crate::patterns::DistanceTable;
use crate::run::context::Run;
use crate::space::ranked::RankedSpace;

/// The places of some items of a [`Cayley`](crate::groups::Cayley)
/// graph's states: an abstraction of the puzzle (a 3x3x3 cube's corners,
/// one sticker of each), numbered from 0 to
/// [`entries`](PointPattern::entries) by a chain whose base begins with
/// the items ([`StabilizerChain::with_base`](crate::groups::StabilizerChain::with_base)), so that the numbers are
/// exactly the places the group can take the items to: the cube's eight
/// corner stickers have 88,179,840 (8! x 3^7), where their places among
/// the 24 corner stickers' would number 24!/16!.
///
/// A move takes the items' places to places the move alone decides, so
/// the fewest moves from a state's places to the identity's is a lower
/// bound on the state's own: [`build`](PointPattern::build) finds them
/// all, a byte each, by the dense engine from the identity's places
/// backwards.
///
/// # Example
///
/// ```
/// use search_core::Run;
/// use search_core::groups::{Cayley, Generators};
/// use search_core::words::PointPattern;
///
/// // Pancakes of 5, and the places of pancakes 0 and 1: 5 x 4 of them.
/// let mut flips = Generators::new(5)?;
/// for k in 2..=5u8 {
///     let image: Vec<u8> = (0..5).map(|i| if i < k { k - 1 - i } else { i }).collect();
///     flips.push(&format!("flip {k}"), &image)?;
/// }
/// let pattern = PointPattern::new(&flips, &[0, 1])?;
/// assert_eq!(pattern.entries(), 20);
/// let table = pattern.build(&mut Run::new())?;
/// // 1 0 2 3 4 is one flip from the identity; so are its pancakes 0, 1.
/// assert_eq!(table.distance(pattern.rank(&[1, 0, 2, 3, 4])), Some(1));
/// assert_eq!(table.distance(pattern.rank(&[0, 1, 2, 3, 4])), Some(0));
/// # Ok::<(), search_core::Error>(())
/// ```
#[derive(Clone)]
pub struct PointPattern {
    chain: Arc<StabilizerChain>,
    items: Box<[u8]>,
    /// Each item's radix within the pattern: the product of the orbits'
    /// lengths of the items after it.
    radices: Box<[u64]>,
    entries: u64,
    /// The generators' images, what the search backwards from the
    /// identity moves the places by.
    moves: Vec<Vec<u8>>,
    fingerprint: u64,
}

impl PointPattern {
    /// The pattern of the places of `items` in the Cayley graph of
    /// `generators`.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) when an item is
    /// not one of the points, is named twice or no item is named, and
    /// when the places number 2^64 or more.
    ///
    /// # Example
    ///
    /// See [`PointPattern`].
    pub fn new(generators: &Generators, items: &[u8]) -> Result<PointPattern, Error> {
        if items.is_empty() {
            return Err(Error::invalid_shape("a pattern needs at least one item".to_string()));
        }
        let chain = StabilizerChain::with_base(generators, items)?;
        let lengths: Vec<u64> = chain.orbit_lengths(items.len()).map(|l| l as u64).collect();
        let mut radices = vec![0; items.len()];
        let mut entries = 1u64;
        for (radix, &length) in radices.iter_mut().zip(&lengths).rev() {
            *radix = entries;
            entries = entries.checked_mul(length).ok_or_else(|| {
                Error::invalid_shape("the places of these items number 2^64 or more".to_string())
            })?;
        }
        let moves = (0..generators.len()).map(|g| generators.image(g).to_vec()).collect();
        Ok(PointPattern {
            chain: Arc::new(chain),
            items: items.into(),
            radices: radices.into(),
            entries,
            moves,
            fingerprint: generators.fingerprint(),
        })
    }

    /// The patterns [`choose`](PointPattern::choose) takes for
    /// `generators` when no table may pass `max_entries`: the items of
    /// each orbit of the points taken in turn, a pattern growing while
    /// its places fit, until every item is in a pattern or fixed by one;
    /// a pattern that has room goes on with items of its orbits that
    /// others hold already.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) when some item's
    /// places alone pass `max_entries`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::Generators;
    /// use search_core::words::PointPattern;
    ///
    /// // Two turns of three that share no point: one pattern each.
    /// let mut turns = Generators::new(6)?;
    /// turns.push_cycles("a", "(1,2,3)")?;
    /// turns.push_cycles("b", "(4,5,6)")?;
    /// let patterns = PointPattern::choose(&turns, 3)?;
    /// let items: Vec<&[u8]> = patterns.iter().map(PointPattern::items).collect();
    /// assert_eq!(items, [&[0][..], &[3][..]]);
    /// // With room for both, one pattern holds them: the whole group.
    /// assert_eq!(PointPattern::choose(&turns, 9)?.len(), 1);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn choose(generators: &Generators, max_entries: u64) -> Result<Vec<PointPattern>, Error> {
        let points = generators.points();
        let orbit_of = orbits(generators);
        // A point every move fixes is in no pattern.
        let mut covered: Vec<bool> = (0..points)
            .map(|p| (0..generators.len()).all(|g| generators.image(g)[p] == p as u8))
            .collect();
        let mut patterns = Vec::new();
        while let Some(first) = (0..points).find(|&p| !covered[p]) {
            let mut growing = Growing { items: Vec::new(), entries: 1 };
            // Uncovered items by orbit, then covered ones of the orbits
            // the pattern holds.
            let mut uncovered: Vec<usize> = (0..points).filter(|&p| !covered[p]).collect();
            uncovered.sort_by_key(|&p| (orbit_of[p], p));
            for point in uncovered {
                covered[point] |= growing.offer(generators, point, max_entries)?;
            }
            let held: Vec<usize> =
                growing.items.iter().map(|&i| orbit_of[usize::from(i)]).collect();
            let room: Vec<usize> =
                (0..points).filter(|&p| covered[p] && held.contains(&orbit_of[p])).collect();
            for point in room {
                growing.offer(generators, point, max_entries)?;
            }
            let items = growing.items;
            if items.is_empty() {
                return Err(Error::invalid_shape(format!(
                    "no pattern of at most {max_entries} entries holds item {first}: the \
                     places of one item pass it"
                )));
            }
            patterns.push(PointPattern::new(generators, &items)?);
        }
        Ok(patterns)
    }

    /// The items whose places the pattern holds.
    ///
    /// # Example
    ///
    /// See [`PointPattern::choose`].
    pub fn items(&self) -> &[u8] {
        &self.items
    }

    /// The number of the items' places: the entries of its table.
    ///
    /// # Example
    ///
    /// See [`PointPattern`].
    pub fn entries(&self) -> u64 {
        self.entries
    }

    /// The number of `state`'s places of the items, below
    /// [`entries`](PointPattern::entries); a state of the graph, as a
    /// [`Cayley`](crate::groups::Cayley) graph's are (`state[i]` the item
    /// at position `i`). A state no element is gets some number below
    /// the entries, never a panic.
    ///
    /// # Example
    ///
    /// See [`PointPattern`].
    #[inline]
    pub fn rank(&self, state: &[u8]) -> u64 {
        self.rank_of_places(|item| state.iter().position(|&at| at == item).unwrap_or(0) as u8)
    }

    /// [`rank`](PointPattern::rank) of `state`'s inverse: the items at the
    /// positions the items name. Where every move can be undone a state
    /// and its inverse lie equally far from the identity, so the table
    /// read here bounds the state's distance too.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::Generators;
    /// use search_core::words::PointPattern;
    ///
    /// let mut turn = Generators::new(3)?;
    /// turn.push_cycles("t", "(1,2,3)")?;
    /// let pattern = PointPattern::new(&turn, &[0])?;
    /// // 1 2 0 and its inverse 2 0 1.
    /// assert_eq!(pattern.rank_of_inverse(&[1, 2, 0]), pattern.rank(&[2, 0, 1]));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    #[inline]
    pub fn rank_of_inverse(&self, state: &[u8]) -> u64 {
        self.rank_of_places(|item| state.get(usize::from(item)).copied().unwrap_or(0))
    }

    /// The number of the places `place_of` gives the items.
    #[inline]
    pub(crate) fn rank_of_places(&self, place_of: impl Fn(u8) -> u8) -> u64 {
        let mut images = [0u8; 256];
        let images = &mut images[..self.items.len()];
        for (slot, &item) in images.iter_mut().zip(&self.items) {
            *slot = place_of(item);
        }
        self.chain.rank_of_prefix(images, &self.radices)
    }

    /// The fewest moves from each of the items' places to the identity's,
    /// built by the dense engine (every core) under `run`'s limits.
    ///
    /// # Errors
    ///
    /// As for
    /// [`DenseEnumeration::distance_table`](crate::dense::DenseEnumeration::distance_table).
    ///
    /// # Example
    ///
    /// See [`PointPattern`].
    pub fn build(&self, run: &mut Run<'_>) -> Result<DistanceTable, Error> {
        DenseEnumeration::new().distance_table(self, &[0], self.entries, |rank| rank, run)
    }

    /// What a table file of this pattern says it holds: the generators'
    /// fingerprint and the items, so that a table built for other moves
    /// or items is refused by name.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::Generators;
    /// use search_core::words::PointPattern;
    ///
    /// let mut turn = Generators::new(3)?;
    /// turn.push_cycles("t", "(1,2,3)")?;
    /// let name = PointPattern::new(&turn, &[0])?.description();
    /// assert!(name.ends_with("the places of items 0"), "{name}");
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn description(&self) -> String {
        let items: Vec<String> = self.items.iter().map(u8::to_string).collect();
        format!(
            "generators {:016x} on {} points, the places of items {}",
            self.fingerprint,
            self.chain.points(),
            items.join(" ")
        )
    }

    /// A file name for this pattern's table, unique to the generators and
    /// the items.
    pub(crate) fn file_name(&self) -> String {
        let items: Vec<String> = self.items.iter().map(u8::to_string).collect();
        format!("pattern-{:016x}-{}.table", self.fingerprint, items.join("."))
    }
}

/// A pattern as [`PointPattern::choose`] grows it.
struct Growing {
    items: Vec<u8>,
    entries: u64,
}

impl Growing {
    /// Offers `point` to the pattern, which takes it when its places fit
    /// within `max_entries`: true when the pattern then fixes it (taken,
    /// or fixed by the items before it).
    fn offer(
        &mut self,
        generators: &Generators,
        point: usize,
        max_entries: u64,
    ) -> Result<bool, Error> {
        if self.items.contains(&(point as u8)) {
            return Ok(true);
        }
        let mut trial = self.items.clone();
        trial.push(point as u8);
        let chain = StabilizerChain::with_base(generators, &trial)?;
        let length = chain.orbit_lengths(trial.len()).last().unwrap_or(1) as u64;
        if length == 1 {
            return Ok(true);
        }
        match self.entries.checked_mul(length).filter(|&e| e <= max_entries) {
            Some(more) => {
                self.items = trial;
                self.entries = more;
                Ok(true)
            }
            None => Ok(false),
        }
    }
}

/// The search backwards from the identity's places: a state one move
/// before another has its places under the move's image.
impl RankedSpace for PointPattern {
    fn rank_count(&self) -> u64 {
        self.entries
    }

    #[inline]
    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        let k = self.items.len();
        let mut digits = [0u8; 256];
        let mut rest = rank;
        for (digit, &radix) in digits[..k].iter_mut().zip(&self.radices) {
            *digit = (rest / radix) as u8;
            rest %= radix;
        }
        let mut places = [0u8; 256];
        self.chain.prefix_images(&digits[..k], &mut places[..k]);
        let mut moved = [0u8; 256];
        for image in &self.moves {
            for (slot, &place) in moved[..k].iter_mut().zip(&places[..k]) {
                *slot = image[usize::from(place)];
            }
            report(self.chain.rank_of_prefix(&mut moved[..k], &self.radices));
        }
    }
}

/// Each point's orbit under the generators, as its smallest point.
fn orbits(generators: &Generators) -> Vec<usize> {
    let points = generators.points();
    let mut orbit = vec![usize::MAX; points];
    for start in 0..points {
        if orbit[start] != usize::MAX {
            continue;
        }
        let mut stack = vec![start];
        orbit[start] = start;
        while let Some(point) = stack.pop() {
            for g in 0..generators.len() {
                let next = usize::from(generators.image(g)[point]);
                if orbit[next] == usize::MAX {
                    orbit[next] = start;
                    stack.push(next);
                }
            }
        }
    }
    orbit
}

impl fmt::Debug for PointPattern {
    /// The items and the entries, not the chain's permutations.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PointPattern")
            .field("items", &self.items)
            .field("entries", &self.entries)
            .finish_non_exhaustive()
    }
}
