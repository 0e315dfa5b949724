//! [`PiecePattern`]: the abstraction behind additive pattern databases
//! for puzzles of pieces on places with one place empty, and its tables.

use std::fmt;

use strength_reduce::StrengthReducedU32;

use super::distance_table::DistanceTable;
use crate::Run;
use crate::dense::enumeration::DenseEnumeration;
use crate::error::Error;
use crate::ranking::permutations::{KPermutations, nth_set_bit};
use crate::space::ranked::RankedSpace;

/// The most places: the width of the masks that hold them.
const MAX_PLACES: usize = 32;

/// Marks a piece that is not in the pattern.
const NOT_IN_PATTERN: u8 = u8::MAX;

/// The most places whose regions [`RegionTable`] tables: 2^places x
/// places bytes, 1 MB for 16.
const TABLED_REGIONS: usize = 16;

/// A puzzle of pieces on places, one place empty, where a move slides a
/// piece into the empty place from a place next to it (the sliding
/// puzzles, of any shape), seen through one pattern: for each placement
/// of the pattern's pieces, the fewest moves *of those pieces* that bring
/// them home, whatever the other pieces do.
///
/// [`build`](PiecePattern::build) finds those distances and
/// [`rank`](PiecePattern::rank) a board's entry among them. Every move
/// moves one piece, so the tables of disjoint patterns add up to an
/// estimate that never passes the true distance: [`Patterns`](crate::patterns::Patterns)
/// with [`Combine::Sum`](crate::patterns::Combine::Sum) (Korf and Felner's additive
/// pattern databases).
///
/// A board lists the piece on each place, `0` for the empty one; pieces
/// are numbered `1..places`. A table holds a byte for each placement of
/// the pattern's `k` pieces on the `n` places, ranked by
/// [`KPermutations`]: `n!/(n-k)!` entries.
///
/// # How it is built
///
/// Moves of the other pieces cost nothing here: they only move the empty
/// place, through the places the pattern's pieces leave free. So the
/// abstraction keeps the pattern's pieces and the *region* of free places
/// that holds the empty place (named by its lowest place), and each of
/// its moves, a pattern piece sliding into the region, costs one: the
/// same distances as a 0-1 search over every place of the empty place,
/// found by [`DenseEnumeration`] in 2 bits an abstract state, on every
/// core. Up to 16 places, the region after a move is read from a table
/// of every set of free places (1 MB); above, it is filled in.
///
/// # Example
///
/// The 2x3 puzzle (LeetCode 773), its five tiles split into two patterns:
///
/// ```
/// use search_core::{Heuristic, Run};
/// use search_core::patterns::{Combine, Patterns, PiecePattern};
///
/// // Places 0 1 2 / 3 4 5, each next to those beside and below or above it.
/// let next_to = [vec![1, 3], vec![0, 2, 4], vec![1, 5], vec![0, 4], vec![1, 3, 5], vec![2, 4]];
/// let goal = [1, 2, 3, 4, 5, 0];
/// let mut estimate = Patterns::new(Combine::Sum);
/// for pieces in [&[1, 2, 4][..], &[3, 5]] {
///     let pattern = PiecePattern::new(&next_to, &goal, pieces)?;
///     let table = pattern.build(&mut Run::new())?;
///     estimate = estimate.with(table, move |board: &[u8; 6]| pattern.rank(board));
/// }
/// assert_eq!(estimate.estimate(&goal), 0);
/// // Tile 5 one slide from home, and every other tile home: 1.
/// assert_eq!(estimate.estimate(&[1, 2, 3, 4, 0, 5]), 1);
/// // LeetCode's [[4,1,2],[5,0,3]] takes 5 moves: the estimate is no more.
/// assert!(estimate.estimate(&[4, 1, 2, 5, 0, 3]) <= 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PiecePattern {
    /// For each place, the mask of the places next to it.
    next_to: Vec<u32>,
    /// The mask of every place.
    all: u32,
    /// The pattern's pieces, in the order their places are ranked.
    pieces: Vec<u8>,
    /// For each piece, its index in `pieces`, or [`NOT_IN_PATTERN`].
    slot_of: [u8; MAX_PLACES],
    /// The placements of the pattern's pieces.
    placements: KPermutations,
    /// The goal's place of each of the pattern's pieces, and of the empty
    /// place.
    home: Vec<u8>,
}

impl PiecePattern {
    /// The pattern of `pieces` of a puzzle whose places are next to one
    /// another as `next_to` says (`next_to[p]` lists the places next to
    /// `p`), solved at `goal` (the piece on each place, `0` for the empty
    /// one).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidShape`](crate::ErrorKind::InvalidShape), naming
    /// what is wrong: more than 32 places, a place next to one that does
    /// not exist or is not next to it in return, a goal that is not the
    /// pieces `0..places` each once, a piece of the pattern that is `0`,
    /// not on the board or listed twice, or placements too many to number
    /// in a `u64`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::ErrorKind;
    /// use search_core::patterns::PiecePattern;
    ///
    /// let line = [vec![1], vec![0, 2], vec![1]];
    /// assert!(PiecePattern::new(&line, &[1, 2, 0], &[1, 2]).is_ok());
    /// let error = PiecePattern::new(&line, &[1, 2, 0], &[0]).unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::InvalidShape { .. }));
    /// assert_eq!(
    ///     error.to_string(),
    ///     "piece 0 is the empty place, which every pattern keeps: list pieces 1 to 2"
    /// );
    /// ```
    pub fn new(next_to: &[Vec<usize>], goal: &[u8], pieces: &[u8]) -> Result<PiecePattern, Error> {
        let places = next_to.len();
        let wrong = |reason: String| Err(Error::invalid_shape(reason));
        if places == 0 || places > MAX_PLACES {
            return wrong(format!("a puzzle of 1 to {MAX_PLACES} places, not {places}"));
        }
        let mut masks = vec![0u32; places];
        for (place, neighbours) in next_to.iter().enumerate() {
            for &other in neighbours {
                if other >= places {
                    return wrong(format!("place {place} is next to {other}, which is no place"));
                }
                if !next_to[other].contains(&place) {
                    return wrong(format!(
                        "place {place} is next to {other}, but {other} is not next to {place}"
                    ));
                }
                masks[place] |= 1 << other;
            }
        }
        if goal.len() != places {
            return wrong(format!("the goal has {} places, the puzzle {places}", goal.len()));
        }
        let mut seen = 0u64;
        for &piece in goal {
            if usize::from(piece) >= places || seen & (1 << piece) != 0 {
                return wrong(format!(
                    "the goal must hold the pieces 0 to {} once each, but it holds {goal:?}",
                    places - 1
                ));
            }
            seen |= 1 << piece;
        }
        let mut slot_of = [NOT_IN_PATTERN; MAX_PLACES];
        for (slot, &piece) in pieces.iter().enumerate() {
            if piece == 0 {
                return wrong(format!(
                    "piece 0 is the empty place, which every pattern keeps: list pieces 1 to {}",
                    places - 1
                ));
            }
            if usize::from(piece) >= places {
                return wrong(format!("piece {piece} is not on a board of {places} places"));
            }
            if slot_of[usize::from(piece)] != NOT_IN_PATTERN {
                return wrong(format!("piece {piece} is listed twice"));
            }
            slot_of[usize::from(piece)] = slot as u8;
        }
        let placements = KPermutations::new(places, pieces.len())?;
        // The abstraction numbers a placement and a free place together.
        if placements.count().checked_mul((places - pieces.len()) as u64).is_none() {
            return wrong(format!(
                "{} pieces on {places} places have too many placements to number",
                pieces.len()
            ));
        }
        let all = u32::MAX >> (MAX_PLACES - places);
        let mut pattern = PiecePattern {
            next_to: masks,
            all,
            pieces: pieces.to_vec(),
            slot_of,
            placements,
            home: Vec::new(),
        };
        let mut home = [0u8; MAX_PLACES + 1];
        pattern.places_of(goal, &mut home);
        pattern.home = home[..=pieces.len()].to_vec();
        Ok(pattern)
    }

    /// The number of placements of the pattern's pieces: the entries of
    /// its table.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::patterns::PiecePattern;
    ///
    /// // Two pieces on three places: 3 x 2 placements.
    /// let line = [vec![1], vec![0, 2], vec![1]];
    /// assert_eq!(PiecePattern::new(&line, &[1, 2, 0], &[1, 2])?.placements(), 6);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn placements(&self) -> u64 {
        self.placements.count()
    }

    /// The entry of `board` (the piece on each place) in the pattern's
    /// table: the rank of the places of the pattern's pieces. A board that
    /// is not a placement of the puzzle's pieces gives some rank.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::patterns::PiecePattern;
    ///
    /// let line = [vec![1], vec![0, 2], vec![1]];
    /// let pattern = PiecePattern::new(&line, &[1, 2, 0], &[1])?;
    /// // Piece 1 on place 0, 1 or 2.
    /// assert_eq!([[1, 2, 0], [2, 1, 0], [0, 2, 1]].map(|board| pattern.rank(&board)), [0, 1, 2]);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn rank(&self, board: &[u8]) -> u64 {
        let mut places = [0u8; MAX_PLACES + 1];
        self.places_of(board, &mut places);
        self.placements.rank(&places[..self.pieces.len()])
    }

    /// The rank of a placement given as the place of each of the
    /// pattern's pieces, in the order they were listed: the entry
    /// [`rank`](PiecePattern::rank) finds from a whole board, for a caller
    /// that already knows where its pieces stand.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::patterns::PiecePattern;
    ///
    /// let line = [vec![1], vec![0, 2], vec![1]];
    /// let pattern = PiecePattern::new(&line, &[1, 2, 0], &[2, 1])?;
    /// // Piece 2 on place 0 and piece 1 on place 2.
    /// assert_eq!(pattern.rank_places(&[0, 2]), pattern.rank(&[2, 0, 1]));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    #[inline]
    pub fn rank_places(&self, places: &[u8]) -> u64 {
        // The empty place is no piece's: fewer pieces than places.
        self.placements.rank_partial(places)
    }

    /// The table of the pattern: for each placement of its pieces, the
    /// fewest moves of those pieces that bring them to the goal, by
    /// [`rank`](PiecePattern::rank). It is built by a [`DenseEnumeration`]
    /// on every core under `run`: its limits (the 2-bit table and the
    /// distances count against its memory limit), its progress (a layer
    /// of the abstraction at a time) and its cancellation.
    ///
    /// # Errors
    ///
    /// As [`DenseEnumeration::distance_table`]: the memory limit, a
    /// cancellation, [`ErrorKind::AllocationFailed`](crate::ErrorKind::AllocationFailed)
    /// when the machine refuses the tables, and
    /// [`ErrorKind::DistanceTooLarge`](crate::ErrorKind::DistanceTooLarge)
    /// past 254 moves.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::patterns::PiecePattern;
    ///
    /// // Three places in a ring, each next to the other two.
    /// let ring = [vec![1, 2], vec![0, 2], vec![0, 1]];
    /// let pattern = PiecePattern::new(&ring, &[1, 2, 0], &[1])?;
    /// let table = pattern.build(&mut Run::new())?;
    /// // Piece 1 on place 0 (home), 1 or 2: one slide home from either.
    /// assert_eq!([0, 1, 2].map(|rank| table.distance(rank)), [Some(0), Some(1), Some(1)]);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn build(&self, run: &mut Run<'_>) -> Result<DistanceTable, Error> {
        let regions = RegionTable::of(self)?;
        let places = self.next_to.len();
        let radices =
            (0..self.pieces.len()).map(|i| StrengthReducedU32::new((places - i) as u32)).collect();
        let space = Abstraction { pattern: self, regions: regions.as_ref(), radices };
        let k = self.pieces.len();
        let occupied = mask_of(&self.home[..k]);
        let free = self.all & !occupied;
        let blank = self.region(usize::from(self.home[k]), free).trailing_zeros();
        let start = self.placements.rank(&self.home[..k]) * space.free_count()
            + free_index(blank, occupied);
        let free_count = space.free_count();
        DenseEnumeration::new().distance_table(
            &space,
            &[start],
            self.placements.count(),
            |rank| rank / free_count,
            run,
        )
    }

    /// Writes the place of each of the pattern's pieces in `board`, then
    /// that of the empty place, into `places`.
    fn places_of(&self, board: &[u8], places: &mut [u8; MAX_PLACES + 1]) {
        let k = self.pieces.len();
        for (place, &piece) in board.iter().enumerate().take(MAX_PLACES) {
            let slot = if piece == 0 {
                k
            } else {
                match self.slot_of.get(usize::from(piece)) {
                    Some(&slot) if slot != NOT_IN_PATTERN => usize::from(slot),
                    _ => continue,
                }
            };
            places[slot] = place as u8;
        }
    }

    /// The places next to any place of `mask`.
    #[inline]
    fn around(&self, mut mask: u32) -> u32 {
        let mut next = 0;
        while mask != 0 {
            next |= self.next_to[mask.trailing_zeros() as usize];
            mask &= mask - 1;
        }
        next
    }

    /// The places of `free` that the empty place on `start` reaches
    /// through `free` alone.
    #[inline]
    fn region(&self, start: usize, free: u32) -> u32 {
        self.fill(start, free, 0)
    }

    /// The lowest place of the region of `free` that holds `start`. The
    /// fill stops once it meets the lowest free place, since no place of
    /// the region can be lower. The free places mostly form one region,
    /// so most fills end there, before the region is whole.
    #[inline]
    fn lowest_of_region(&self, start: usize, free: u32) -> u32 {
        self.fill(start, free, free & free.wrapping_neg()).trailing_zeros()
    }

    /// The places of `free` reached from `start` through `free`, until
    /// the fill meets a place of `stop` or the region is whole.
    #[inline]
    fn fill(&self, start: usize, free: u32, stop: u32) -> u32 {
        let mut region = 1 << start;
        let mut frontier = region;
        while frontier != 0 && region & stop == 0 {
            frontier = self.around(frontier) & free & !region;
            region |= frontier;
        }
        region
    }
}

/// The mask of `places`.
#[inline]
fn mask_of(places: &[u8]) -> u32 {
    places.iter().fold(0, |mask, &place| mask | 1 << place)
}

/// The index of the free `place` among the places `occupied` leaves.
#[inline]
fn free_index(place: u32, occupied: u32) -> u64 {
    u64::from(place - (occupied & ((1 << place) - 1)).count_ones())
}

/// For every set of free places and every free place, the lowest place of
/// the region that holds it: the region after a move in one lookup, not a
/// fill.
struct RegionTable {
    places: usize,
    lowest: Vec<u8>,
}

impl RegionTable {
    /// The table of `pattern`'s puzzle, or `None` when it has too many
    /// places for one.
    fn of(pattern: &PiecePattern) -> Result<Option<RegionTable>, Error> {
        let places = pattern.next_to.len();
        if places > TABLED_REGIONS {
            return Ok(None);
        }
        let bytes = (1usize << places) * places;
        let mut lowest = Vec::new();
        lowest.try_reserve_exact(bytes).map_err(|_| Error::allocation_failed(bytes as u64))?;
        lowest.resize(bytes, 0);
        for free in 0..1u32 << places {
            let row = &mut lowest[free as usize * places..][..places];
            let mut unlabelled = free;
            while unlabelled != 0 {
                let first = unlabelled.trailing_zeros();
                let mut region = pattern.region(first as usize, free);
                unlabelled &= !region;
                while region != 0 {
                    row[region.trailing_zeros() as usize] = first as u8;
                    region &= region - 1;
                }
            }
        }
        Ok(Some(RegionTable { places, lowest }))
    }

    /// The lowest place of the region of `free` that holds `place`.
    #[inline]
    fn lowest(&self, free: u32, place: usize) -> u32 {
        u32::from(self.lowest[free as usize * self.places + place])
    }
}

/// The abstraction a pattern's table is built over: a placement of the
/// pattern's pieces and the region of the empty place, ranked as the
/// placement's rank times the free places, plus the index of the
/// region's lowest place among them.
struct Abstraction<'a> {
    pattern: &'a PiecePattern,
    regions: Option<&'a RegionTable>,
    /// The radix of each digit of a placement's rank, `places - i`, as a
    /// multiplication: unranking, a division a digit, was most of the
    /// build's time.
    radices: Vec<StrengthReducedU32>,
}

impl Abstraction<'_> {
    fn free_count(&self) -> u64 {
        (self.pattern.next_to.len() - self.pattern.pieces.len()) as u64
    }
}

impl Abstraction<'_> {
    /// The places of the pattern's pieces in the placement `placement`.
    #[inline]
    fn unrank(&self, placement: u64, places: &mut [u8]) {
        let Ok(mut rest) = u32::try_from(placement) else {
            self.pattern.placements.unrank(placement, places);
            return;
        };
        let mut digits = [0u32; MAX_PLACES];
        for (digit, radix) in digits.iter_mut().zip(&self.radices).rev() {
            let (quotient, remainder) = StrengthReducedU32::div_rem(rest, *radix);
            (*digit, rest) = (remainder, quotient);
        }
        self.pattern.placements.place_digits(&digits, places);
    }
}

impl RankedSpace for Abstraction<'_> {
    fn rank_count(&self) -> u64 {
        // `PiecePattern::new` checked that it fits.
        self.pattern.placements.count() * self.free_count()
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        let pattern = self.pattern;
        let k = pattern.pieces.len();
        let free_count = self.free_count();
        let mut placed = [0u8; MAX_PLACES];
        self.unrank(rank / free_count, &mut placed[..k]);
        let occupied = mask_of(&placed[..k]);
        let free = pattern.all & !occupied;
        let blank = u32::from(nth_set_bit(free, rank % free_count));
        let region = pattern.region(blank as usize, free);
        for slot in 0..k {
            let from = placed[slot];
            let mut targets = pattern.next_to[usize::from(from)] & region;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                // The piece slides from `from` to `to`, and the empty place
                // is left on `from`, in the region `from` now joins.
                let now_free = free ^ (1 << from) ^ (1 << to);
                let blank = match self.regions {
                    Some(regions) => regions.lowest(now_free, usize::from(from)),
                    None => pattern.lowest_of_region(usize::from(from), now_free),
                };
                placed[slot] = to as u8;
                let moved = pattern.placements.rank_partial(&placed[..k]);
                placed[slot] = from;
                report(moved * free_count + free_index(blank, pattern.all & !now_free));
            }
        }
    }
}

impl fmt::Debug for PiecePattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PiecePattern")
            .field("places", &self.next_to.len())
            .field("pieces", &self.pieces)
            .finish_non_exhaustive()
    }
}
