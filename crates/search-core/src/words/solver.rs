//! [`Solver`]: shortest words in a permutation puzzle's generators, by
//! IDA* over canonical move sequences guided by pattern databases of its
//! pieces.

use std::fmt;
use std::path::Path as FilePath;

use rustc_hash::FxHashSet;
use smallvec::SmallVec;

use super::pattern::PointPattern;
use crate::deepening::IdaStar;
use crate::error::Error;
use crate::groups::Arrangement;
use crate::groups::CanonicalMoves;
use crate::groups::Generators;
use crate::groups::StabilizerChain;
use crate::groups::Symmetries;
use crate::path::Path;
use crate::patterns::DistanceTable;
use crate::run::context::Run;
use crate::space::traits::Successors;
use crate::space::weighted::UnitCost;

/// A node of the solver's search: a position, and the move that reached
/// it (the generators' count at the start), which decides the moves
/// [`CanonicalMoves`](crate::groups::CanonicalMoves) lets follow. Inline to 64 points: the 3x3x3 cube's
/// 48 stickers are copied, not allocated, at each node.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Node {
    items: SmallVec<[u8; 64]>,
    last: u16,
}

/// The puzzle as the search walks it: the moves canonical sequences
/// allow after each node's last.
struct Canonical<'a> {
    solver: &'a Solver,
}

impl Successors for Canonical<'_> {
    type State = Node;
    type Move = usize;

    #[inline]
    fn successors<F: FnMut(Node, usize)>(&self, node: &Node, mut report: F) {
        let previous =
            (usize::from(node.last) < self.solver.images.len()).then_some(usize::from(node.last));
        for (g, image) in self.solver.images.iter().enumerate() {
            if self.solver.canonical.allows(previous, g) {
                // Filled in place: collecting 48 items one push at a time
                // checks the capacity at each.
                let mut items = node.items.clone();
                for (slot, &from) in items.iter_mut().zip(image) {
                    *slot = node.items[usize::from(from)];
                }
                report(Node { items, last: g as u16 }, g);
            }
        }
    }
}

/// Shortest words in the generators of a permutation puzzle, from any of
/// its positions to the identity: IDA* (on every core with `rayon`) over
/// [`CanonicalMoves`](crate::groups::CanonicalMoves), its estimate the largest of some
/// [`PointPattern`]s' distances, each read at the position and, where
/// every move can be undone, at its inverse too. The estimate never
/// passes the true distance, so every word returned is a shortest one.
///
/// The tables are built by the dense engine from the identity, or read
/// from a directory where an earlier solver left them
/// ([`with_tables_in`](Solver::with_tables_in)); a damaged file, or one
/// built for other moves, is refused by name.
///
/// # Example
///
/// ```
/// use search_core::{bidirectional_bfs, Run};
/// use search_core::groups::{Cayley, Generators};
/// use search_core::words::Solver;
///
/// // Pancakes of 6.
/// let mut flips = Generators::new(6)?;
/// for k in 2..=6u8 {
///     let image: Vec<u8> = (0..6).map(|i| if i < k { k - 1 - i } else { i }).collect();
///     flips.push(&format!("flip {k}"), &image)?;
/// }
/// let solver = Solver::new(&flips, 1_000, &mut Run::new())?;
/// let path = solver.solve(&[5, 4, 3, 2, 1, 0], &mut Run::new())?;
/// assert_eq!(path.len(), 1); // flip 6
/// let path = solver.solve(&[1, 0, 3, 2, 5, 4], &mut Run::new())?;
/// assert_eq!(path.end().as_slice(), [0, 1, 2, 3, 4, 5]);
/// // As short as breadth-first search from both ends finds.
/// let graph = Cayley::new(flips)?;
/// let start = [1, 0, 3, 2, 5, 4].into_iter().collect();
/// let shortest = bidirectional_bfs(&graph, [start], [graph.identity()])?.expect("reachable");
/// assert_eq!(path.len(), shortest.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver {
    chain: StabilizerChain,
    images: Vec<Vec<u8>>,
    canonical: CanonicalMoves,
    tables: Vec<(PointPattern, DistanceTable)>,
    /// For each table, the symmetries `m` (with `m^-1`) at whose
    /// conjugates `m x m^-1` it is read too.
    conjugates: Vec<Vec<(Box<[u8]>, Box<[u8]>)>>,
    /// Whether the tables are read at a position's inverse too.
    inverse: bool,
}

impl Solver {
    /// A solver for `generators` whose tables hold at most `max_bytes`
    /// together, chosen by [`PointPattern::choose`] (each table a byte an
    /// entry, the largest that keep the sum within the bytes), built
    /// under `run`.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) when the group
    /// has 2^128 elements or more, or no table of `max_bytes` holds a
    /// piece; as for [`PointPattern::build`] while the tables are built.
    ///
    /// # Example
    ///
    /// See [`Solver`].
    pub fn new(
        generators: &Generators,
        max_bytes: u64,
        run: &mut Run<'_>,
    ) -> Result<Solver, Error> {
        Solver::build(generators, max_bytes, None, run)
    }

    /// As [`new`](Solver::new), keeping the tables in `directory`: each
    /// is read from there when an earlier solver wrote it, else built and
    /// written there.
    ///
    /// # Errors
    ///
    /// As for [`new`](Solver::new), and
    /// [`TableFile`](crate::ErrorKind::TableFile) when a table file
    /// cannot be written, or is there but damaged or built for other
    /// moves or items.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::groups::Generators;
    /// use search_core::words::Solver;
    ///
    /// let mut lx = Generators::new(5)?;
    /// lx.push_one_line("L", "1 2 3 4 0")?;
    /// lx.push_cycles("X", "(1,2)")?;
    /// let dir = std::env::temp_dir().join(format!("doc-solver-{}", std::process::id()));
    /// let first = Solver::with_tables_in(&lx, 200, &dir, &mut Run::new())?;
    /// let again = Solver::with_tables_in(&lx, 200, &dir, &mut Run::new())?; // read back
    /// let state = [4, 3, 2, 1, 0];
    /// assert_eq!(first.solve(&state, &mut Run::new())?.len(), again.solve(&state, &mut Run::new())?.len());
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_tables_in(
        generators: &Generators,
        max_bytes: u64,
        directory: &FilePath,
        run: &mut Run<'_>,
    ) -> Result<Solver, Error> {
        Solver::build(generators, max_bytes, Some(directory), run)
    }

    fn build(
        generators: &Generators,
        max_bytes: u64,
        directory: Option<&FilePath>,
        run: &mut Run<'_>,
    ) -> Result<Solver, Error> {
        let chain = StabilizerChain::new(generators)?;
        // The largest tables whose sum fits: each halving of the cap
        // gives up a piece a table.
        let mut cap = max_bytes;
        // The smallest sum of tables seen, for the error when none fits.
        let mut smallest = u64::MAX;
        let patterns = loop {
            let chosen = PointPattern::choose(generators, cap);
            if let Ok(patterns) = &chosen {
                let total: u64 = patterns.iter().map(PointPattern::entries).sum();
                if total <= max_bytes {
                    break chosen?;
                }
                smallest = smallest.min(total);
            }
            if chosen.is_err() || cap <= 1 {
                let needs = if smallest == u64::MAX {
                    "the places of a single piece need more".to_string()
                } else {
                    format!("the smallest choice of tables takes {smallest}")
                };
                return Err(Error::invalid_shape(format!(
                    "tables of {max_bytes} bytes in all cannot hold every piece of this \
                     puzzle: {needs}"
                )));
            }
            cap /= 2;
        };
        let mut tables = Vec::with_capacity(patterns.len());
        for pattern in patterns {
            let table = match directory {
                Some(directory) => {
                    let file = directory.join(pattern.file_name());
                    if file.exists() {
                        DistanceTable::load(&file, &pattern.description())?
                    } else {
                        let table = pattern.build(run)?;
                        std::fs::create_dir_all(directory).map_err(|e| {
                            Error::table_file(directory, format!("cannot be made: {e}"))
                        })?;
                        table.save(&file, &pattern.description())?;
                        table
                    }
                }
                None => pattern.build(run)?,
            };
            tables.push((pattern, table));
        }
        let images = (0..generators.len()).map(|g| generators.image(g).to_vec()).collect();
        Ok(Solver {
            chain,
            canonical: CanonicalMoves::new(generators),
            inverse: generators.is_closed_under_inverse(),
            images,
            conjugates: vec![Vec::new(); tables.len()],
            tables,
        })
    }

    /// The solver reading each table at up to `per_table` of a position's
    /// conjugates by `symmetries` too, `m x m^-1` for a symmetry `m`,
    /// which lies as far from the identity as `x` does: a table of some
    /// pieces, read at a conjugate, bounds the distance of the pieces `m`
    /// takes there, so a table of 7 of the cube's 12 edges speaks for
    /// others too. For each table the conjugates that bring in the most
    /// points it does not read already are chosen, one for each set of
    /// points. The estimate stays a lower bound, so words stay shortest;
    /// each read costs a table lookup, taken only while the estimate is
    /// within the search's bound.
    ///
    /// Fewer nodes are not less time: on the 3x3x3 cube one conjugate a
    /// table cut the nodes by a quarter to a third and took as long or
    /// longer, each read a miss of the cache (see `docs/performance.md`),
    /// so the solver reads none unless told. A table of whole pieces that
    /// the symmetries map onto themselves (the cube's corners) reads the
    /// same at every conjugate and spends its reads for nothing. The
    /// inverse of [`Symmetries`] is not used here: the solver reads the
    /// tables at a position's inverse itself wherever every move can be
    /// undone.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) when a symmetry
    /// moves another number of points, or maps one of the solver's moves
    /// to a permutation that is none of them.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::groups::{Generators, Symmetries};
    /// use search_core::words::Solver;
    ///
    /// // Adjacent swaps of 6 points, and the reversal that maps them onto
    /// // each other.
    /// let mut swaps = Generators::new(6)?;
    /// for i in 1..6 {
    ///     swaps.push_cycles(&format!("s{i}"), &format!("({i},{})", i + 1))?;
    /// }
    /// let mut reversal = Generators::new(6)?;
    /// reversal.push("reverse", &[5, 4, 3, 2, 1, 0])?;
    /// let symmetries = Symmetries::new(&swaps, &reversal, false)?;
    /// let probed = Solver::new(&swaps, 200, &mut Run::new())?.with_symmetries(&symmetries, 1)?;
    /// let shuffled = [2, 0, 5, 1, 4, 3]; // 6 swaps from the identity
    /// assert!(probed.estimate(&shuffled) <= 6);
    /// assert_eq!(probed.solve(&shuffled, &mut Run::new())?.len(), 6);
    ///
    /// // A permutation that maps a move to no move is refused.
    /// let mut rotation = Generators::new(6)?;
    /// rotation.push("rotate", &[1, 2, 3, 4, 5, 0])?;
    /// let mut rotations = Generators::new(6)?;
    /// rotations.push("rotate", &[1, 2, 3, 4, 5, 0])?;
    /// // Checked against the moves of `rotations`, not against the swaps.
    /// let elsewhere = Symmetries::new(&rotations, &rotation, false)?;
    /// assert!(Solver::new(&swaps, 200, &mut Run::new())?.with_symmetries(&elsewhere, 1).is_err());
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn with_symmetries(
        mut self,
        symmetries: &Symmetries,
        per_table: usize,
    ) -> Result<Solver, Error> {
        let points = self.chain.points();
        if symmetries.points() != points {
            return Err(Error::invalid_shape(format!(
                "the symmetries move {} points, the solver's moves {points}",
                symmetries.points()
            )));
        }
        let moves: Vec<&[u8]> = self.images.iter().map(Vec::as_slice).collect();
        if let Some((s, g)) = symmetries.first_off_the_moves(&moves) {
            return Err(Error::invalid_shape(format!(
                "symmetry {s} of the group given (0 the identity) maps move {g} to a \
                 permutation that is none of the solver's moves: a symmetry must map the \
                 moves onto the moves"
            )));
        }
        for ((pattern, _), conjugates) in self.tables.iter().zip(&mut self.conjugates) {
            // A table read at m x m^-1 reads the places of the items
            // m^-1 takes its own to.
            let read = |unmap: &[u8]| -> Vec<u8> {
                let mut items: Vec<u8> =
                    pattern.items().iter().map(|&item| unmap[usize::from(item)]).collect();
                items.sort_unstable();
                items
            };
            // Each set of points once, with the first symmetry that reads
            // it; the identity's set is the table's own.
            let mut seen: FxHashSet<Vec<u8>> = FxHashSet::default();
            let mut candidates: Vec<(Vec<u8>, &[u8], &[u8])> = symmetries
                .maps()
                .map(|(map, unmap)| (read(unmap), map, unmap))
                .filter(|(items, ..)| seen.insert(items.clone()))
                .skip(1)
                .collect();
            let mut covered: FxHashSet<u8> = pattern.items().iter().copied().collect();
            conjugates.clear();
            while conjugates.len() < per_table && !candidates.is_empty() {
                // The most new points; of those, the first symmetry.
                let new = |items: &[u8]| items.iter().filter(|p| !covered.contains(p)).count();
                let mut best = 0;
                for (at, (items, ..)) in candidates.iter().enumerate() {
                    if new(items) > new(&candidates[best].0) {
                        best = at;
                    }
                }
                let (items, map, unmap) = candidates.remove(best);
                covered.extend(items);
                conjugates.push((map.into(), unmap.into()));
            }
        }
        Ok(self)
    }

    /// The patterns the solver's tables hold.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::groups::Generators;
    /// use search_core::words::{PointPattern, Solver};
    ///
    /// let mut turn = Generators::new(4)?;
    /// turn.push_cycles("t", "(1,2,3,4)")?;
    /// let solver = Solver::new(&turn, 100, &mut Run::new())?;
    /// assert_eq!(solver.patterns().map(PointPattern::entries).collect::<Vec<_>>(), [4]);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn patterns(&self) -> impl Iterator<Item = &PointPattern> {
        self.tables.iter().map(|(pattern, _)| pattern)
    }

    /// Whether `position` is an element of the group: a position
    /// [`solve`](Solver::solve) answers.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::groups::Generators;
    /// use search_core::words::Solver;
    ///
    /// let mut turn = Generators::new(4)?;
    /// turn.push_cycles("t", "(1,2,3,4)")?;
    /// let solver = Solver::new(&turn, 100, &mut Run::new())?;
    /// assert!(solver.contains(&[1, 2, 3, 0]));
    /// assert!(!solver.contains(&[1, 0, 2, 3])); // a swap: no turns make it
    /// assert!(!solver.contains(&[0, 1, 2])); // too short
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn contains(&self, position: &[u8]) -> bool {
        self.chain.contains(position)
    }

    /// The solver's estimate of `position`'s distance: its tables'
    /// largest, never more than the true distance.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::groups::Generators;
    /// use search_core::words::Solver;
    ///
    /// let mut turn = Generators::new(4)?;
    /// turn.push_cycles("t", "(1,2,3,4)")?;
    /// let solver = Solver::new(&turn, 100, &mut Run::new())?;
    /// assert_eq!(solver.estimate(&[3, 0, 1, 2]), 3); // three turns: one table is all
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn estimate(&self, position: &[u8]) -> u32 {
        self.estimate_within(position, u32::MAX)
    }

    /// [`estimate`](Solver::estimate), or the first of the tables'
    /// distances that passes `budget`: the search cuts the position off
    /// either way, and most positions it meets are cut off, so most read
    /// one or two tables of the reads a whole estimate takes (two a table
    /// and two a conjugate, where moves can be undone).
    fn estimate_within(&self, position: &[u8], budget: u32) -> u32 {
        let mut inverse = [0u8; 256];
        for (at, &item) in position.iter().enumerate() {
            inverse[usize::from(item)] = at as u8;
        }
        let inverse = &inverse[..position.len()];
        let mut best = 0;
        for ((pattern, table), conjugates) in self.tables.iter().zip(&self.conjugates) {
            let read = |rank: u64| table.distance(rank).map_or(0, u32::from);
            best = best.max(read(pattern.rank_of_inverse(inverse)));
            if self.inverse && best <= budget {
                best = best.max(read(pattern.rank_of_inverse(position)));
            }
            for (map, unmap) in conjugates {
                if best > budget {
                    break;
                }
                // m x m^-1 and its inverse m x^-1 m^-1, read item by item.
                let conjugate = |of: &[u8]| {
                    pattern.rank_of_places(|item| {
                        map[usize::from(of[usize::from(unmap[usize::from(item)])])]
                    })
                };
                best = best.max(read(conjugate(inverse)));
                if self.inverse && best <= budget {
                    best = best.max(read(conjugate(position)));
                }
            }
            if best > budget {
                break;
            }
        }
        best
    }

    /// A shortest word from `position` to the identity: the path's moves
    /// are the generators' indices, its states the positions after each,
    /// the identity last.
    ///
    /// The limits that apply are IDA*'s (nodes and depth); a cancel ends
    /// the search, and progress is reported after each iteration.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) when `position`
    /// is no element of the group (another length, a repeated item, or
    /// out of the group's reach), and as for
    /// [`IdaStar::run`](crate::deepening::IdaStar::run) when a limit is
    /// reached or the search is cancelled.
    ///
    /// # Example
    ///
    /// See [`Solver`].
    pub fn solve(
        &self,
        position: &[u8],
        run: &mut Run<'_>,
    ) -> Result<Path<Arrangement, usize>, Error> {
        if !self.contains(position) {
            return Err(Error::invalid_shape(format!(
                "{position:?} is no position of this puzzle: not a permutation of its {} \
                 points the moves reach",
                self.chain.points()
            )));
        }
        let start =
            Node { items: position.iter().copied().collect(), last: self.images.len() as u16 };
        let space = UnitCost(Canonical { solver: self });
        let estimate = |node: &Node, budget: u32| self.estimate_within(&node.items, budget);
        let is_goal =
            |node: &Node| node.items.iter().enumerate().all(|(i, &x)| usize::from(x) == i);
        let mut search = IdaStar::new().check_cycles(false);
        #[cfg(feature = "rayon")]
        let found = search.run_parallel_budgeted(&space, [start], estimate, is_goal, run)?;
        #[cfg(not(feature = "rayon"))]
        let found = search.run_budgeted(&space, [start], estimate, is_goal, run)?;
        let Some((path, _)) = found else {
            return Err(Error::invalid_shape("no word reaches the identity".to_string()));
        };
        let states =
            path.states().iter().map(|node| node.items.iter().copied().collect()).collect();
        Ok(Path::new(states, path.moves().to_vec()))
    }
}

impl fmt::Debug for Solver {
    /// The moves and the tables, not the chain's hundreds of permutations.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("points", &self.chain.points())
            .field("moves", &self.images.len())
            .field("patterns", &self.patterns().collect::<Vec<_>>())
            .field("inverse", &self.inverse)
            .finish_non_exhaustive()
    }
}
