//! [`RankedSpace`]: a space whose states are numbered densely and whose
//! edges are known rank to rank; and its optional extension [`WordSteps`]
//! with [`RankSteps`], the steps a space may name so that a table marks
//! them a word at a time.

/// A state space whose states are numbered densely, `0..rank_count()`, and
/// whose edges are known rank to rank.
///
/// This is all that [`DenseEnumeration`](crate::dense::DenseEnumeration) and
/// [`LayerTable`](crate::dense::LayerTable) need: they never see a state, only
/// ranks, so they can walk billions of them in a table of 2 bits each.
/// Implementations should compute a neighbour's rank straight from the
/// state's rank where they can, and must be `Sync`, since layers are
/// expanded on every core at once. A space that already has
/// [`Successors`](crate::Successors), [`Ranking`](crate::Ranking) and
/// [`Unranking`](crate::Unranking) gets this trait through
/// [`AsRanked`](crate::space::AsRanked), with no second implementation.
///
/// # Example
///
/// ```
/// use search_core::space::RankedSpace;
///
/// /// A ring of `n` positions.
/// struct Ring(u64);
///
/// impl RankedSpace for Ring {
///     fn rank_count(&self) -> u64 {
///         self.0
///     }
///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
///         report((rank + 1) % self.0);
///         report((rank + self.0 - 1) % self.0);
///     }
/// }
///
/// let mut ranks = Vec::new();
/// Ring(10).neighbours(0, |r| ranks.push(r));
/// assert_eq!(ranks, [1, 9]);
/// ```
pub trait RankedSpace: Sync {
    /// The number of ranks; every rank is below it.
    fn rank_count(&self) -> u64;

    /// Calls `report` with the rank of each neighbour of the state ranked
    /// `rank`.
    fn neighbours<F: FnMut(u64)>(&self, rank: u64, report: F);

    /// Why this space's neighbours failed, once they have, as
    /// [`Successors::failure`](crate::Successors::failure) says; the dense
    /// engine returns it in place of its layers. `None` by default;
    /// [`AsRanked`](crate::space::AsRanked) passes its space's on.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{try_from_fn, ErrorKind, Ranking, Successors, Unranking, Run};
    /// use search_core::space::{AsRanked, RankedSpace};
    /// use search_core::dense::DenseEnumeration;
    ///
    /// /// Bytes, each leading to the next, that fail past 200.
    /// struct Bytes;
    /// impl Ranking<u8> for Bytes {
    ///     fn rank_count(&self) -> u64 { 256 }
    ///     fn rank(&self, &b: &u8) -> u64 { u64::from(b) }
    /// }
    /// impl Unranking<u8> for Bytes {
    ///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
    /// }
    /// let space = try_from_fn(|&b: &u8| if b < 200 { Ok([b + 1]) } else { Err("past 200") });
    /// struct Fallible<S>(S);
    /// impl<S: Successors<State = u8>> Successors for Fallible<S> {
    ///     type State = u8;
    ///     type Move = S::Move;
    ///     fn successors<F: FnMut(u8, S::Move)>(&self, b: &u8, report: F) { self.0.successors(b, report) }
    ///     fn failure(&self) -> Option<search_core::Error> { self.0.failure() }
    /// }
    /// impl<S> Ranking<u8> for Fallible<S> {
    ///     fn rank_count(&self) -> u64 { 256 }
    ///     fn rank(&self, &b: &u8) -> u64 { u64::from(b) }
    /// }
    /// impl<S> Unranking<u8> for Fallible<S> {
    ///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
    /// }
    /// let ranked = AsRanked(Fallible(space));
    /// let error = DenseEnumeration::new().run(&ranked, &[0], &mut Run::new()).unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::SpaceFailed { .. }));
    /// assert!(ranked.failure().is_some());
    /// ```
    fn failure(&self) -> Option<crate::Error> {
        None
    }

    /// Calls `report` with the rank of each neighbour of each state of
    /// `ranks`, which increase. The dense engine calls this with the ranks
    /// of a layer as it finds them in its table, a few hundred at a time.
    /// The default calls [`neighbours`](RankedSpace::neighbours) on each;
    /// override it to share work between neighbouring ranks.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::space::RankedSpace;
    ///
    /// struct Line;
    ///
    /// impl RankedSpace for Line {
    ///     fn rank_count(&self) -> u64 {
    ///         10
    ///     }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         if rank > 0 {
    ///             report(rank - 1);
    ///         }
    ///     }
    /// }
    ///
    /// let mut found = Vec::new();
    /// Line.neighbours_of_all(&[3, 4, 8], |r| found.push(r));
    /// assert_eq!(found, [2, 3, 7]);
    /// ```
    fn neighbours_of_all<F: FnMut(u64)>(&self, ranks: &[u64], mut report: F) {
        for &rank in ranks {
            self.neighbours(rank, &mut report);
        }
    }

    /// An optional extension for the dense engines: neighbours one rank
    /// away that a [`LayerTable`](crate::dense::LayerTable) marks a table word at
    /// a time, and the others. Most spaces leave this alone: the default,
    /// `None`, has every neighbour come from
    /// [`neighbours_of_all`](RankedSpace::neighbours_of_all). See
    /// [`WordSteps`].
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::space::RankedSpace;
    ///
    /// struct Line;
    /// impl RankedSpace for Line {
    ///     fn rank_count(&self) -> u64 { 10 }
    ///     fn neighbours<F: FnMut(u64)>(&self, _: u64, _: F) {}
    /// }
    ///
    /// assert!(Line.word_steps().is_none());
    /// ```
    fn word_steps(&self) -> Option<impl WordSteps + '_> {
        None::<no_steps::NoSteps>
    }
}

/// The extension a [`RankedSpace`] may offer through
/// [`word_steps`](RankedSpace::word_steps): its neighbours one rank away
/// that follow a fixed pattern ([`rank_steps`](WordSteps::rank_steps)),
/// which the dense engines mark a whole table word at a time instead of
/// one by one, and the rest ([`other_neighbours_of_all`](WordSteps::other_neighbours_of_all)).
/// A sliding puzzle ranked with its blank's cell last has this shape.
///
/// # Example
///
/// ```
/// use search_core::Run;
/// use search_core::dense::DenseEnumeration;
/// use search_core::space::{RankSteps, RankedSpace, WordSteps};
///
/// /// Positions `0..20` on a line, with a jump of 10 from each of the
/// /// first ten.
/// struct Jumps;
/// impl RankedSpace for Jumps {
///     fn rank_count(&self) -> u64 { 20 }
///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
///         if rank > 0 { report(rank - 1); }
///         if rank < 19 { report(rank + 1); }
///         self.other_neighbours_of_all(&[rank], report);
///     }
///     fn word_steps(&self) -> Option<impl WordSteps + '_> {
///         Some(self)
///     }
/// }
/// impl WordSteps for &Jumps {
///     fn rank_steps(&self) -> RankSteps {
///         // Every rank steps both ways, but for the ends.
///         RankSteps::new(20, !1, !(1 << 19))
///     }
///     fn other_neighbours_of_all<F: FnMut(u64)>(&self, ranks: &[u64], mut report: F) {
///         for &rank in ranks {
///             if rank < 10 { report(rank + 10); }
///         }
///     }
/// }
///
/// let mut found = Vec::new();
/// (&Jumps).other_neighbours_of_all(&[3, 12], |r| found.push(r));
/// assert_eq!(found, [13]);
/// assert!((&Jumps).rank_steps().steps_down(3) && !(&Jumps).rank_steps().steps_down(0));
/// // The dense engine marks the steps itself, a table word at a time.
/// let layers = DenseEnumeration::new().run(&Jumps, &[0], &mut Run::new())?;
/// assert_eq!((layers.states(), layers.layer_sizes()[..3].to_vec()), (20, vec![1, 2, 3]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait WordSteps: Sync {
    /// The neighbours one rank away that follow a fixed pattern.
    ///
    /// # Example
    ///
    /// See [`WordSteps`].
    fn rank_steps(&self) -> RankSteps;

    /// Like [`RankedSpace::neighbours_of_all`], but only the neighbours
    /// that [`rank_steps`](WordSteps::rank_steps) does not name; together
    /// the two must give every neighbour.
    ///
    /// # Example
    ///
    /// See [`WordSteps`].
    fn other_neighbours_of_all<F: FnMut(u64)>(&self, ranks: &[u64], report: F);
}

/// The type of "no steps", which the default
/// [`word_steps`](RankedSpace::word_steps) names and never makes.
mod no_steps {
    use crate::space::ranked::{RankSteps, WordSteps};

    pub enum NoSteps {}

    impl WordSteps for NoSteps {
        fn rank_steps(&self) -> RankSteps {
            match *self {}
        }

        fn other_neighbours_of_all<F: FnMut(u64)>(&self, _: &[u64], _: F) {
            match *self {}
        }
    }
}

/// Neighbours one rank away that depend only on the rank modulo a period:
/// rank `r` has neighbour `r - 1` when bit `r % period` of `down` is set,
/// and `r + 1` when that bit of `up` is. A sliding puzzle ranked as its
/// tile order times its cell count plus its blank's cell has this shape:
/// sliding the blank along a row keeps the order, and whether it can go
/// left or right depends on the blank's column alone.
///
/// [`WordSteps::rank_steps`] names them so that a
/// [`LayerTable`](crate::dense::LayerTable) can mark them a whole table word
/// (32 ranks) at a time, with a few shifts and masks.
///
/// # Example
///
/// ```
/// use search_core::space::RankSteps;
///
/// // A 2x3 board's blank in cells 0..6: it can go left from columns 1
/// // and 2, right from columns 0 and 1.
/// let steps = RankSteps::new(6, 0b110_110, 0b011_011);
/// assert!(steps.steps_down(6 * 40 + 2) && !steps.steps_up(6 * 40 + 2));
/// assert_eq!(steps.period(), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankSteps {
    period: u32,
    down: u64,
    up: u64,
}

impl RankSteps {
    /// Steps down from the ranks whose residue modulo `period` has its bit
    /// set in `down`, up from those in `up`; bits from `period` on are
    /// ignored. A `period` of 0 or past 64 names no steps.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::space::RankSteps;
    ///
    /// // Every rank steps up, but for the last of each pair.
    /// let pairs = RankSteps::new(2, 0, 0b01);
    /// assert!(pairs.steps_up(10) && !pairs.steps_up(11));
    /// assert_eq!(RankSteps::new(0, 1, 1), RankSteps::none());
    /// ```
    pub fn new(period: u32, down: u64, up: u64) -> RankSteps {
        if period == 0 || period > 64 {
            return RankSteps::none();
        }
        let within = if period == 64 { u64::MAX } else { (1 << period) - 1 };
        RankSteps { period, down: down & within, up: up & within }
    }

    /// No steps: every neighbour comes from
    /// [`other_neighbours_of_all`](WordSteps::other_neighbours_of_all).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::space::RankSteps;
    ///
    /// assert!(RankSteps::none().is_none());
    /// ```
    pub fn none() -> RankSteps {
        RankSteps { period: 1, down: 0, up: 0 }
    }

    /// Whether no rank steps either way.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::space::RankSteps;
    ///
    /// assert!(!RankSteps::new(3, 0b10, 0).is_none());
    /// ```
    pub fn is_none(&self) -> bool {
        self.down == 0 && self.up == 0
    }

    /// The period of the pattern.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::space::RankSteps;
    ///
    /// assert_eq!(RankSteps::new(12, 1, 0).period(), 12);
    /// ```
    pub fn period(&self) -> u32 {
        self.period
    }

    /// Whether `rank - 1` is a neighbour of `rank`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::space::RankSteps;
    ///
    /// assert!(RankSteps::new(3, 0b100, 0).steps_down(5));
    /// ```
    pub fn steps_down(&self, rank: u64) -> bool {
        self.down >> (rank % u64::from(self.period)) & 1 != 0
    }

    /// Whether `rank + 1` is a neighbour of `rank`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::space::RankSteps;
    ///
    /// assert!(RankSteps::new(3, 0, 0b001).steps_up(3));
    /// ```
    pub fn steps_up(&self, rank: u64) -> bool {
        self.up >> (rank % u64::from(self.period)) & 1 != 0
    }
}
