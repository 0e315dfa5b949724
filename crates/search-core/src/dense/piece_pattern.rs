//! [`PiecePattern`]: the abstraction behind additive pattern databases
//! for puzzles of pieces on places with one place empty.

use std::fmt;

use super::distance_table::{DistanceTable, ZeroOneRankedSpace};
use crate::error::Error;
use crate::ranking::permutations::KPermutations;

/// The most places: the width of the masks that hold them.
const MAX_PLACES: usize = 32;

/// Marks a piece that is not in the pattern.
const NOT_IN_PATTERN: u8 = u8::MAX;

/// A puzzle of pieces on places, one place empty, where a move slides a
/// piece into the empty place from a place next to it (the sliding
/// puzzles, of any shape), seen through one pattern: only the places of
/// the pattern's pieces and of the empty place are kept.
///
/// A [`ZeroOneRankedSpace`]: a move of a pattern piece costs 1, a move of
/// another piece (which only moves the empty place) costs nothing. So
/// [`DistanceTable::build`] finds, for each placement, the fewest moves of
/// the pattern's own pieces that bring them home; [`without_blank`](PiecePattern::without_blank)
/// then keeps the least over the empty place's places, and
/// [`rank`](PiecePattern::rank) finds a board's entry. Every move moves
/// one piece, so the tables of disjoint patterns add up to an estimate that
/// never passes the true distance: [`Patterns`](crate::Patterns) with
/// [`Combine::Sum`](crate::Combine::Sum) (Korf and Felner's additive
/// pattern databases).
///
/// A board lists the piece on each place, `0` for the empty one; pieces
/// are numbered `1..places`. Placements are ranked by [`KPermutations`],
/// the empty place last, so a pattern of `k` pieces on `n` places has
/// `n!/(n-k-1)!` abstract states, a byte each while the table is built,
/// and `n!/(n-k)!` once the empty place is left out.
///
/// # Example
///
/// The 2x3 puzzle (LeetCode 773), its five tiles split into two patterns:
///
/// ```
/// use search_core::{Combine, DistanceTable, Heuristic, Patterns, PiecePattern, Run};
///
/// // Places 0 1 2 / 3 4 5, each next to those beside and below or above it.
/// let next_to = [vec![1, 3], vec![0, 2, 4], vec![1, 5], vec![0, 4], vec![1, 3, 5], vec![2, 4]];
/// let goal = [1, 2, 3, 4, 5, 0];
/// let mut estimate = Patterns::new(Combine::Sum);
/// for pieces in [&[1, 2, 4][..], &[3, 5]] {
///     let pattern = PiecePattern::new(&next_to, &goal, pieces)?;
///     let with_blank = DistanceTable::build(&pattern, &[pattern.goal_rank()], &mut Run::new())?;
///     let table = pattern.without_blank(&with_blank)?;
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
    /// The pattern's pieces, in the order their places are ranked.
    pieces: Vec<u8>,
    /// For each piece, its index in `pieces`, or [`NOT_IN_PATTERN`].
    slot_of: [u8; MAX_PLACES],
    /// The placements of the pieces and the empty place, and of the
    /// pieces alone.
    with_blank: KPermutations,
    without_blank: KPermutations,
    goal_rank: u64,
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
    /// use search_core::{ErrorKind, PiecePattern};
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
        let with_blank = KPermutations::new(places, pieces.len() + 1)?;
        let without_blank = KPermutations::new(places, pieces.len())?;
        let mut pattern = PiecePattern {
            next_to: masks,
            pieces: pieces.to_vec(),
            slot_of,
            with_blank,
            without_blank,
            goal_rank: 0,
        };
        let mut home = [0u8; MAX_PLACES + 1];
        pattern.places_of(goal, &mut home);
        pattern.goal_rank = with_blank.rank(&home[..=pieces.len()]);
        Ok(pattern)
    }

    /// The rank of the goal's placement, where [`DistanceTable::build`]
    /// starts.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::PiecePattern;
    ///
    /// // Piece 1 on place 0 and the empty place on 1: the first placement.
    /// let line = [vec![1], vec![0, 2], vec![1]];
    /// assert_eq!(PiecePattern::new(&line, &[1, 0, 2], &[1])?.goal_rank(), 0);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn goal_rank(&self) -> u64 {
        self.goal_rank
    }

    /// The entry of `board` (the piece on each place) in the table that
    /// [`without_blank`](PiecePattern::without_blank) makes: the rank of
    /// the places of the pattern's pieces. A board that is not a
    /// placement of the puzzle's pieces gives some rank.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::PiecePattern;
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
        self.without_blank.rank(&places[..self.pieces.len()])
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

    /// The table of the pattern's pieces alone from `table`, the distances
    /// [`DistanceTable::build`] found over this pattern: for each placement
    /// of the pieces, the least distance over the empty place's places.
    /// The empty place is the last of a placement's ranked values, so the
    /// entries of one placement of the pieces are side by side.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidShape`](crate::ErrorKind::InvalidShape) when
    /// `table` is not this pattern's size, and
    /// [`ErrorKind::AllocationFailed`](crate::ErrorKind::AllocationFailed)
    /// when the machine refuses the new table.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{DistanceTable, PiecePattern, Run};
    ///
    /// // Three places in a ring, each next to the other two.
    /// let ring = [vec![1, 2], vec![0, 2], vec![0, 1]];
    /// let pattern = PiecePattern::new(&ring, &[1, 2, 0], &[1])?;
    /// let with_blank = DistanceTable::build(&pattern, &[pattern.goal_rank()], &mut Run::new())?;
    /// let table = pattern.without_blank(&with_blank)?;
    /// // Piece 1 on place 0 (home), 1 or 2: one slide home from either.
    /// assert_eq!([0, 1, 2].map(|rank| table.distance(rank)), [Some(0), Some(1), Some(1)]);
    /// // With the empty place kept: 3 x 2 placements, then 3.
    /// assert_eq!((with_blank.len(), table.len()), (6, 3));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn without_blank(&self, table: &DistanceTable) -> Result<DistanceTable, Error> {
        let count = self.with_blank.count();
        if table.len() as u64 != count {
            return Err(Error::invalid_shape(format!(
                "a table of this pattern's {count} placements, not of {}",
                table.len()
            )));
        }
        let blanks = (self.next_to.len() - self.pieces.len()) as u64;
        let entries = self.without_blank.count();
        let slots = usize::try_from(entries).map_err(|_| Error::allocation_failed(entries))?;
        let mut least = Vec::new();
        least.try_reserve_exact(slots).map_err(|_| Error::allocation_failed(entries))?;
        for placement in 0..entries {
            let first = placement * blanks;
            let distances = (first..first + blanks).filter_map(|rank| table.distance(rank));
            least.push(distances.min().unwrap_or(u8::MAX));
        }
        Ok(DistanceTable::from_bytes(least))
    }
}

impl ZeroOneRankedSpace for PiecePattern {
    fn rank_count(&self) -> u64 {
        self.with_blank.count()
    }

    /// A placement's rank is that of its pieces' places times the places
    /// left, plus the empty place's index among those: a move of another
    /// piece changes that index alone, found with one count of bits, and
    /// only a move of the pattern's own pieces ranks the pieces again.
    fn moves<F: FnMut(u64, bool)>(&self, rank: u64, mut report: F) {
        let k = self.pieces.len();
        let blanks = (self.next_to.len() - k) as u64;
        let pieces_rank = rank / blanks;
        let mut places = [0u8; MAX_PLACES + 1];
        self.with_blank.unrank(rank, &mut places[..=k]);
        let blank = places[k];
        let occupied = places[..k].iter().fold(0u32, |mask, &place| mask | 1 << place);
        // The index of the empty place on `place` among the places that
        // the pieces of `occupied` leave.
        let free_index = |place: u8, occupied: u32| {
            u64::from(place) - u64::from((occupied & ((1u32 << place) - 1)).count_ones())
        };
        let mut next = self.next_to.get(usize::from(blank)).copied().unwrap_or(0);
        while next != 0 {
            let place = next.trailing_zeros() as u8;
            next &= next - 1;
            if occupied & (1 << place) == 0 {
                // Another piece slides: only the empty place moves, for free.
                report(pieces_rank * blanks + free_index(place, occupied), false);
                continue;
            }
            // A piece of the pattern slides into the empty place.
            let Some(slot) = places[..k].iter().position(|&held| held == place) else { continue };
            places[slot] = blank;
            let moved = self.without_blank.rank(&places[..k]);
            let now = occupied & !(1 << place) | 1 << blank;
            report(moved * blanks + free_index(place, now), true);
            places[slot] = place;
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
