//! [`ReducedCayley`]: a Cayley graph reduced by its symmetries, one key a
//! class of equivalent positions, for the sorted engine.

use super::cayley::{Arrangement, Cayley};
use super::generators::inverse;
use super::symmetry::Symmetries;
use crate::error::Error;
use crate::space::keys::KeyedSpace;
use crate::space::traits::{Predecessors, Successors};

/// The bits below a key's class code: a rank of the group, below 2^112.
const RANK_BITS: u32 = 112;

/// The Cayley graph of a group reduced by its [`Symmetries`], keyed in 128
/// bits for [`SortedEnumeration`](crate::sorted::SortedEnumeration):
/// a key is the class of equivalent positions whose first (in the order
/// of arrangements) has that rank, and its layers are the graph's a class
/// at a time, each class's positions counted
/// ([`Enumeration::layer_positions`](crate::breadth_first::Enumeration::layer_positions)).
/// The 3x3x3 cube's 48 symmetries keep about a 48th of its positions.
///
/// A key holds its class's size above the rank, in its top 16 bits, so
/// that the count of a layer's positions costs no more than a read of its
/// keys: the few classes smaller than the group of symmetries (positions
/// that some symmetry fixes) sort apart, past the others.
///
/// # Example
///
/// ```
/// use search_core::Run;
/// use search_core::sorted::SortedEnumeration;
/// use search_core::groups::{Cayley, Generators, ReducedCayley, Symmetries};
///
/// // Coxeter's swaps of 6 points, and the reversal of the points: the
/// // permutations by inversions, a permutation and its mirror image one
/// // class.
/// let mut swaps = Generators::new(6)?;
/// for i in 1..6 {
///     swaps.push_cycles(&format!("s{i}"), &format!("({i},{})", i + 1))?;
/// }
/// let mut reversal = Generators::new(6)?;
/// reversal.push("reverse", &[5, 4, 3, 2, 1, 0])?;
/// let graph = Cayley::new(swaps.clone())?;
/// let symmetries = Symmetries::new(&swaps, &reversal, false)?;
/// let reduced = ReducedCayley::new(&graph, &symmetries)?;
/// let start = reduced.key(&graph.identity()).expect("an element");
/// let layers = SortedEnumeration::new().run_reversible(&reduced, &[start], &mut Run::new())?;
/// // OEIS A008302: 1, 5, 14, 29, 49, 71, 90, 101, 101, 90, ...
/// assert_eq!(layers.layer_positions()[..4], [1, 5, 14, 29]);
/// assert_eq!(layers.positions(), 720);
/// assert!(layers.states() < 720);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ReducedCayley<'a> {
    graph: &'a Cayley,
    symmetries: &'a Symmetries,
}

impl<'a> ReducedCayley<'a> {
    /// `graph` reduced by `symmetries`, symmetries of its generators.
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) when the group's
    /// order is 2^112 or more, past what a key holds beside its class's
    /// size, or `symmetries` are of another number of points.
    ///
    /// # Example
    ///
    /// See [`ReducedCayley`].
    pub fn new(graph: &'a Cayley, symmetries: &'a Symmetries) -> Result<ReducedCayley<'a>, Error> {
        let fits = graph.order().is_some_and(|order| order <= 1 << RANK_BITS);
        if !fits {
            return Err(Error::invalid_shape(
                "a reduced Cayley graph keys a group of fewer than 2^112 elements".into(),
            ));
        }
        if symmetries.points() != graph.generators().points() {
            return Err(Error::invalid_shape(format!(
                "the symmetries move {} points, the generators {}",
                symmetries.points(),
                graph.generators().points()
            )));
        }
        Ok(ReducedCayley { graph, symmetries })
    }

    /// The key of the class of `state`, an element of the group, or `None`
    /// when it is none.
    ///
    /// # Example
    ///
    /// See [`ReducedCayley`].
    pub fn key(&self, state: &[u8]) -> Option<u128> {
        self.graph.contains(state).then(|| self.class_key(state))
    }

    /// The first position of the class of key `key`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{Cayley, Generators, ReducedCayley, Symmetries};
    ///
    /// let mut swaps = Generators::new(3)?;
    /// swaps.push_cycles("a", "(1,2)")?;
    /// swaps.push_cycles("b", "(2,3)")?;
    /// let mut reversal = Generators::new(3)?;
    /// reversal.push("reverse", &[2, 1, 0])?;
    /// let graph = Cayley::new(swaps.clone())?;
    /// let symmetries = Symmetries::new(&swaps, &reversal, false)?;
    /// let reduced = ReducedCayley::new(&graph, &symmetries)?;
    /// let key = reduced.key(&[1, 0, 2]).expect("an element");
    /// // Its class: 1 0 2 and its mirror image 0 2 1, the first.
    /// assert_eq!(reduced.first(key).as_slice(), [0, 2, 1]);
    /// assert_eq!(reduced.class_size(key), 2);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn first(&self, key: u128) -> Arrangement {
        let mut state = [0u8; 256];
        let points = self.graph.generators().points();
        self.graph.element_into(key & rank_mask(), &mut state[..points]);
        state[..points].iter().copied().collect()
    }

    /// The number of positions in the class of key `key`.
    ///
    /// # Example
    ///
    /// See [`first`](ReducedCayley::first).
    pub fn class_size(&self, key: u128) -> u64 {
        let ties = (key >> RANK_BITS) as u64 + 1;
        self.symmetries.len() as u64 / ties
    }

    /// The key of `state`'s class, `state` an element.
    #[inline]
    fn class_key(&self, state: &[u8]) -> u128 {
        let mut first = [0u8; 256];
        let size = self.symmetries.canonical_into(state, &mut first);
        let points = self.graph.generators().points();
        let ties = self.symmetries.len() as u64 / size;
        (u128::from(ties - 1) << RANK_BITS) | self.graph.key_of_element(&first[..points])
    }
}

/// The bits of a key's rank.
fn rank_mask() -> u128 {
    (1 << RANK_BITS) - 1
}

impl KeyedSpace for ReducedCayley<'_> {
    type Key = u128;

    /// Past every code of a class's size.
    fn key_count(&self) -> u128 {
        (self.symmetries.len() as u128) << RANK_BITS
    }

    #[inline]
    fn key_neighbours<F: FnMut(u128)>(&self, key: u128, mut report: F) {
        let generators = self.graph.generators();
        let points = generators.points();
        let mut state = [0u8; 256];
        let state = &mut state[..points];
        self.graph.element_into(key & rank_mask(), state);
        // Every state of the class: the neighbours of the first and, with
        // the inverse, of its inverse, whose classes are those of the
        // neighbours of all the others.
        let mut inverted = [0u8; 256];
        let mut froms: [&[u8]; 2] = [state, &[]];
        if self.symmetries.has_inverse() {
            for (point, &item) in state.iter().enumerate() {
                inverted[usize::from(item)] = point as u8;
            }
            froms[1] = &inverted[..points];
        }
        let mut next = [0u8; 256];
        for from in froms.iter().filter(|from| !from.is_empty()) {
            for g in 0..generators.len() {
                let image = generators.image(g);
                for (slot, &point) in next[..points].iter_mut().zip(image) {
                    *slot = from[usize::from(point)];
                }
                report(self.class_key(&next[..points]));
            }
        }
    }

    fn has_classes(&self) -> bool {
        true
    }

    #[inline]
    fn key_class_size(&self, key: u128) -> u64 {
        self.class_size(key)
    }
}

/// The Cayley graph of a group reduced by its [`Symmetries`], hashed: a
/// state is the first position of its class (in the order of
/// arrangements), and stands for the class
/// ([`Successors::class_size`]). For a group past what
/// [`ReducedCayley`] keys, or any search that keeps states, not keys.
///
/// A generic [`Quotient`](crate::space::Quotient) reports a class's
/// neighbours from its first position's, which is right for symmetries
/// that map moves to moves; the inverse does not (`x g` becomes `g^-1
/// x^-1`), so the neighbours of the first position's inverse are reported
/// too, where the symmetries hold the inverse.
///
/// # Example
///
/// ```
/// use search_core::enumerate;
/// use search_core::groups::{Cayley, Generators, ReducedStates, Symmetries};
///
/// // Every transposition of 5 points: the permutations by cycles, a
/// // permutation, its inverse and its conjugates by the reversal one
/// // class.
/// let mut swaps = Generators::new(5)?;
/// for i in 1..=5 {
///     for j in i + 1..=5 {
///         swaps.push_cycles(&format!("({i},{j})"), &format!("({i},{j})"))?;
///     }
/// }
/// let mut reversal = Generators::new(5)?;
/// reversal.push("reverse", &[4, 3, 2, 1, 0])?;
/// let graph = Cayley::new(swaps.clone())?;
/// let symmetries = Symmetries::new(&swaps, &reversal, true)?;
/// let reduced = ReducedStates::new(&graph, &symmetries);
/// let layers = enumerate(&reduced, [graph.identity()])?;
/// // Stirling numbers of the first kind: 1, 10, 35, 50, 24.
/// assert_eq!(layers.layer_positions(), [1, 10, 35, 50, 24]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ReducedStates<'a> {
    graph: &'a Cayley,
    symmetries: &'a Symmetries,
    /// The generators' images, and their inverses': the edges forwards
    /// and backwards.
    forwards: Vec<Vec<u8>>,
    backwards: Vec<Vec<u8>>,
}

impl<'a> ReducedStates<'a> {
    /// `graph` reduced by `symmetries`, symmetries of its generators of
    /// as many points.
    ///
    /// # Example
    ///
    /// See [`ReducedStates`].
    pub fn new(graph: &'a Cayley, symmetries: &'a Symmetries) -> ReducedStates<'a> {
        let generators = graph.generators();
        let forwards: Vec<Vec<u8>> =
            (0..generators.len()).map(|g| generators.image(g).to_vec()).collect();
        let backwards = forwards.iter().map(|image| inverse(image)).collect();
        ReducedStates { graph, symmetries, forwards, backwards }
    }

    /// The first position of `state`'s class, and the class's size.
    ///
    /// # Example
    ///
    /// See [`Symmetries::canonical`].
    pub fn canonical(&self, state: &[u8]) -> (Arrangement, u64) {
        self.symmetries.canonical(state)
    }

    /// Each class next to the class of `state` by `edges` (the generators
    /// or their inverses): those of `state`'s neighbours and, with the
    /// inverse, of its inverse's.
    fn each<R: FnMut(Arrangement)>(&self, state: &Arrangement, edges: &[Vec<u8>], mut report: R) {
        let points = self.graph.generators().points();
        if state.len() != points {
            return;
        }
        let mut inverted = [0u8; 256];
        for (point, &item) in state.iter().enumerate() {
            inverted[usize::from(item)] = point as u8;
        }
        let own: &[u8] = state;
        let both = [own, &inverted[..points]];
        let froms = if self.symmetries.has_inverse() { &both[..] } else { &both[..1] };
        let mut next = [0u8; 256];
        for from in froms {
            for image in edges {
                for (slot, &point) in next[..points].iter_mut().zip(image) {
                    *slot = from[usize::from(point)];
                }
                report(self.canonical(&next[..points]).0);
            }
        }
    }
}

impl Successors for ReducedStates<'_> {
    type State = Arrangement;
    type Move = ();

    fn successors<R: FnMut(Arrangement, ())>(&self, state: &Arrangement, mut report: R) {
        self.each(state, &self.forwards, |next| report(next, ()));
    }

    fn heap_bytes(&self, state: &Arrangement) -> usize {
        self.graph.heap_bytes(state)
    }

    fn class_size(&self, state: &Arrangement) -> u64 {
        self.canonical(state).1
    }
}

impl Predecessors for ReducedStates<'_> {
    fn predecessors<R: FnMut(Arrangement)>(&self, state: &Arrangement, report: R) {
        self.each(state, &self.backwards, report);
    }
}
