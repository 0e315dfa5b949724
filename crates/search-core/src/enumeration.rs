//! [`Enumeration`]: what every enumeration returns, whichever engine ran
//! it: the layer sizes, the deepest layer's states, whether the space
//! goes on past a depth bound, and the [`Engine`] that took it.

/// Every state reachable from the starts, layer by layer: how many lie at
/// each depth, how deep the deepest lie, and which they are.
///
/// # Example
///
/// ```
/// use search_core::{enumerate, from_fn};
///
/// // Three bits, one flipped at a time: a cube seen from one corner.
/// let cube = from_fn(|&bits: &u8| (0..3).map(move |i| bits ^ (1 << i)));
/// let layers = enumerate(&cube, [0])?;
/// assert_eq!(layers.layer_sizes(), [1, 3, 3, 1]);
/// assert_eq!(layers.states(), 8);
/// assert_eq!(layers.radius(), 3);
/// assert_eq!(layers.deepest(), [0b111]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enumeration<S> {
    layer_sizes: Vec<u64>,
    /// The positions each layer's states stand for: its size, unless
    /// they are classes of a symmetry reduction.
    positions: Vec<u128>,
    deepest: Vec<S>,
    complete: bool,
    /// Whether the deepest layer's states were left out.
    omitted: bool,
    /// The engine that found the layers, where the front door chose it.
    engine: Option<Engine>,
}

/// An engine that enumerates layers, as the front door
/// [`Enumerator`](crate::layers::Enumerator) chooses it and
/// [`Enumeration::engine`] reports it.
///
/// # Example
///
/// ```
/// use search_core::layers::Engine;
///
/// assert_eq!(Engine::Sorted.to_string(), "sorted");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The states met, in a hash table:
    /// [`Search::enumerate`](crate::breadth_first::Search::enumerate), or
    /// on every core `ParallelEnumeration`.
    Hashed,
    /// 2 bits for every rank, in memory or in part files on disk:
    /// [`DenseEnumeration`](crate::dense::DenseEnumeration).
    Dense,
    /// The layers met, as sorted, compressed keys of up to 128 bits, a
    /// few bytes a state, in memory or a file a layer: `SortedEnumeration`.
    Sorted,
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Engine::Hashed => "hashed",
            Engine::Dense => "dense",
            Engine::Sorted => "sorted",
        })
    }
}

impl<S> Enumeration<S> {
    /// An enumeration from its parts, for spaces that enumerate themselves
    /// (for example through [`DenseEnumeration`](crate::dense::DenseEnumeration)) and report in this form.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::breadth_first::Enumeration;
    ///
    /// let layers = Enumeration::new(vec![1, 2, 1], vec!["far"]);
    /// assert_eq!((layers.states(), layers.radius()), (4, 2));
    /// ```
    pub fn new(layer_sizes: Vec<u64>, deepest: Vec<S>) -> Enumeration<S> {
        let positions = counted(&layer_sizes);
        Enumeration {
            layer_sizes,
            positions,
            deepest,
            complete: true,
            omitted: false,
            engine: None,
        }
    }

    /// The layers up to a depth bound of a space that goes on past it:
    /// `layer_sizes` to the bound, and `last_layer`, the states at the
    /// bound.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::breadth_first::Enumeration;
    ///
    /// let layers = Enumeration::cut_at_depth(vec![1, 2, 4], vec![3, 5, 6, 7]);
    /// assert!(!layers.is_complete());
    /// assert_eq!((layers.states(), layers.radius()), (7, 2));
    /// ```
    pub fn cut_at_depth(layer_sizes: Vec<u64>, last_layer: Vec<S>) -> Enumeration<S> {
        let positions = counted(&layer_sizes);
        let deepest = last_layer;
        Enumeration {
            layer_sizes,
            positions,
            deepest,
            complete: false,
            omitted: false,
            engine: None,
        }
    }

    /// [`new`](Enumeration::new) when `complete`, else
    /// [`cut_at_depth`](Enumeration::cut_at_depth): for an engine that
    /// learns which at its end.
    pub(crate) fn ended(layer_sizes: Vec<u64>, deepest: Vec<S>, complete: bool) -> Enumeration<S> {
        let positions = counted(&layer_sizes);
        Enumeration { layer_sizes, positions, deepest, complete, omitted: false, engine: None }
    }

    /// The same layers without the deepest layer's states: for a caller
    /// that cannot hold them (they would pass its memory limit), so that
    /// the layers it has are not lost for want of room to list the last.
    /// [`is_deepest_omitted`](Enumeration::is_deepest_omitted) then says
    /// so.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::breadth_first::Enumeration;
    ///
    /// let layers = Enumeration::new(vec![1, 2, 1], vec!["far"]).without_deepest();
    /// assert!(layers.deepest().is_empty() && layers.is_deepest_omitted());
    /// assert_eq!(layers.states(), 4);
    /// ```
    #[must_use]
    pub fn without_deepest(self) -> Enumeration<S> {
        Enumeration { deepest: Vec::new(), omitted: true, ..self }
    }

    /// Whether the deepest layer's states were left out
    /// ([`without_deepest`](Enumeration::without_deepest)): the engine was
    /// told not to list them, or they would not fit its memory limit. Its
    /// size is still [`layer_sizes`](Enumeration::layer_sizes)' last.
    ///
    /// # Example
    ///
    /// See [`without_deepest`](Enumeration::without_deepest).
    pub fn is_deepest_omitted(&self) -> bool {
        self.omitted
    }

    /// Whether these are every reachable state: false when a depth bound
    /// ([`Limits::max_depth`](crate::Limits::max_depth)) cut the
    /// enumeration and the space goes on past it. The layers are then
    /// those up to the bound, exactly; [`radius`](Enumeration::radius) is
    /// the bound, and [`deepest`](Enumeration::deepest) the states at it.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Limits, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// // From 1, add one or double: a space without end.
    /// let space = from_fn(|&n: &u64| [n + 1, 2 * n]);
    /// let mut run = Run::new().limits(Limits::new().max_depth(3));
    /// let layers = Search::new().enumerate(&space, [1], &mut run)?;
    /// assert!(!layers.is_complete());
    /// assert_eq!(layers.layer_sizes(), [1, 1, 2, 3]); // {1}, {2}, {3, 4}, {5, 6, 8}
    /// let mut last = layers.deepest().to_vec();
    /// last.sort_unstable();
    /// assert_eq!(last, [5, 6, 8]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// The same layers, with the deepest states made into others by `f`:
    /// an engine's ranks into the states they number, say.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::breadth_first::Enumeration;
    ///
    /// let ranks = Enumeration::cut_at_depth(vec![1, 2], vec![20, 10]);
    /// let names = ranks.map_deepest(|ranks| ranks.into_iter().map(|r| format!("#{r}")).collect());
    /// assert_eq!(names.deepest(), ["#20", "#10"]);
    /// assert!(!names.is_complete());
    /// ```
    #[must_use]
    pub fn map_deepest<T>(self, f: impl FnOnce(Vec<S>) -> Vec<T>) -> Enumeration<T> {
        let Enumeration { layer_sizes, positions, deepest, complete, omitted, engine } = self;
        Enumeration { layer_sizes, positions, deepest: f(deepest), complete, omitted, engine }
    }

    /// As [`map_deepest`](Enumeration::map_deepest), one state at a time,
    /// where the states made fit `max_memory` bytes beside the ones they
    /// are made from and the allocator gives them room; else the layers
    /// [`without_deepest`](Enumeration::without_deepest). For a caller
    /// that turns an engine's keys into states after a long run: the
    /// layers it found are not lost for want of room to list the last.
    ///
    /// `heap_bytes` says what a state made owns on the heap beyond its
    /// own `size_of` ([`Successors::heap_bytes`](crate::Successors::heap_bytes),
    /// or `|_| 0` for states that own nothing there), and is counted too:
    /// a layer of a hundred million arrangements of 48 points takes a
    /// 64-byte heap block each beside its 40-byte slot.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::breadth_first::Enumeration;
    ///
    /// let ranks = Enumeration::new(vec![1, 3], vec![10u64, 20, 30]);
    /// let halves = ranks.clone().map_deepest_within(1 << 20, |&rank| rank / 2, |_| 0);
    /// assert_eq!(halves.deepest(), [5, 10, 15]);
    /// let none = ranks.clone().map_deepest_within(40, |&rank| rank / 2, |_| 0);
    /// assert!(none.is_deepest_omitted());
    /// assert_eq!(none.layer_sizes(), [1, 3]);
    ///
    /// // 3 * (8 + 24) bytes of slots fit 200 bytes; with 100 bytes of
    /// // letters each, they do not.
    /// let named = |&rank: &u64| "x".repeat(100 + rank as usize);
    /// assert!(!ranks.clone().map_deepest_within(200, named, |_| 0).is_deepest_omitted());
    /// let words = ranks.map_deepest_within(200, named, String::capacity);
    /// assert!(words.is_deepest_omitted());
    /// ```
    #[must_use]
    pub fn map_deepest_within<T>(
        self,
        max_memory: u64,
        mut f: impl FnMut(&S) -> T,
        heap_bytes: impl Fn(&T) -> usize,
    ) -> Enumeration<T> {
        let count = self.deepest.len();
        let mut bytes = (count as u64).saturating_mul((size_of::<S>() + size_of::<T>()) as u64);
        let mut made = Vec::new();
        let Enumeration { layer_sizes, positions, deepest, complete, omitted, engine } = self;
        let omit = |layer_sizes, positions| Enumeration {
            layer_sizes,
            positions,
            deepest: Vec::new(),
            complete,
            omitted: true,
            engine,
        };
        // States of one space own about as much each: judged by the first,
        // a layer that cannot fit is not made in part first.
        let first = deepest.first().map(&mut f);
        let heap_each = first.as_ref().map_or(0, &heap_bytes) as u64;
        let judged = bytes.saturating_add(heap_each.saturating_mul(count as u64));
        if judged > max_memory || made.try_reserve_exact(count).is_err() {
            return omit(layer_sizes, positions);
        }
        made.extend(first);
        bytes = bytes.saturating_add(heap_each);
        for state in deepest.iter().skip(1) {
            let state = f(state);
            bytes = bytes.saturating_add(heap_bytes(&state) as u64);
            if bytes > max_memory {
                return omit(layer_sizes, positions);
            }
            made.push(state);
        }
        Enumeration { layer_sizes, positions, deepest: made, complete, omitted, engine }
    }

    /// The engine that found these layers, where
    /// [`Enumerator`](crate::layers::Enumerator) chose it; `None` from an engine
    /// called by name.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::layers::{Engine, Enumerator};
    /// use search_core::space::RankedSpace;
    ///
    /// struct Ring;
    /// impl RankedSpace for Ring {
    ///     fn rank_count(&self) -> u64 { 10 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         report((rank + 1) % 10);
    ///     }
    /// }
    ///
    /// let layers = Enumerator::new().run(&Ring, &[0], &mut Run::new())?;
    /// assert_eq!(layers.engine(), Some(Engine::Dense));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn engine(&self) -> Option<Engine> {
        self.engine
    }

    /// The same layers, said to be found by `engine`.
    #[must_use]
    pub(crate) fn found_by(self, engine: Engine) -> Enumeration<S> {
        Enumeration { engine: Some(engine), ..self }
    }

    /// The number of states at each depth, from the starts (depth 0) to the
    /// deepest layer.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{enumerate, from_fn};
    ///
    /// let path = from_fn(|&n: &u8| (n < 4).then_some(n + 1));
    /// assert_eq!(enumerate(&path, [0])?.layer_sizes(), [1, 1, 1, 1, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn layer_sizes(&self) -> &[u64] {
        &self.layer_sizes
    }

    /// The same layers, each standing for `positions[depth]` positions:
    /// for an engine whose states are classes of equivalent states (a
    /// symmetry reduction), that found each class's size
    /// ([`Successors::class_size`](crate::Successors::class_size),
    /// [`KeyedSpace::key_class_size`](crate::space::KeyedSpace::key_class_size)).
    /// Positions of another count than the layers are not taken.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::breadth_first::Enumeration;
    ///
    /// // A square's corners by distance from one, a corner and its mirror
    /// // image across the diagonal through it a class.
    /// let classes = Enumeration::new(vec![1, 1, 1], vec![2]).with_positions(vec![1, 2, 1]);
    /// assert_eq!((classes.states(), classes.positions()), (3, 4));
    /// assert_eq!(classes.layer_positions(), [1, 2, 1]);
    /// ```
    #[must_use]
    pub fn with_positions(mut self, positions: Vec<u128>) -> Enumeration<S> {
        if positions.len() == self.layer_sizes.len() {
            self.positions = positions;
        }
        self
    }

    /// The positions each layer's states stand for: its
    /// [`layer_sizes`](Enumeration::layer_sizes), unless the states are
    /// classes of a symmetry reduction
    /// ([`Quotient`](crate::space::Quotient)), each standing for its
    /// class's positions. 128 bits, as the 3x3x3 cube's layers past depth
    /// 17 hold more than 2^64 positions.
    ///
    /// # Example
    ///
    /// See [`with_positions`](Enumeration::with_positions).
    pub fn layer_positions(&self) -> &[u128] {
        &self.positions
    }

    /// The positions every layer's states stand for: the number of
    /// reachable states of the space a quotient reduces, or
    /// [`states`](Enumeration::states).
    ///
    /// # Example
    ///
    /// See [`with_positions`](Enumeration::with_positions).
    pub fn positions(&self) -> u128 {
        self.layer_positions().iter().sum()
    }

    /// Whether the states are classes that stand for more positions than
    /// their count (a symmetry reduction found some class of two or more).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::breadth_first::Enumeration;
    ///
    /// assert!(!Enumeration::new(vec![1, 2], vec![7]).is_reduced());
    /// assert!(Enumeration::new(vec![1, 2], vec![7]).with_positions(vec![1, 3]).is_reduced());
    /// ```
    pub fn is_reduced(&self) -> bool {
        self.positions.iter().zip(&self.layer_sizes).any(|(&p, &s)| p != u128::from(s))
    }

    /// The number of reachable states.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{enumerate, from_fn};
    ///
    /// let ring = from_fn(|&n: &u8| [(n + 1) % 12]);
    /// assert_eq!(enumerate(&ring, [0])?.states(), 12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn states(&self) -> u64 {
        self.layer_sizes.iter().sum()
    }

    /// The depth of the deepest layer: the most moves any reachable state
    /// needs. From a puzzle's goal, this is its "God's number".
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{enumerate, from_fn};
    ///
    /// let ring = from_fn(|&n: &u8| [(n + 1) % 12, (n + 11) % 12]);
    /// assert_eq!(enumerate(&ring, [0])?.radius(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn radius(&self) -> usize {
        self.layer_sizes.len().saturating_sub(1)
    }

    /// The states of the deepest layer.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{enumerate, from_fn};
    ///
    /// let ring = from_fn(|&n: &u8| [(n + 1) % 12, (n + 11) % 12]);
    /// assert_eq!(enumerate(&ring, [0])?.deepest(), [6]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn deepest(&self) -> &[S] {
        &self.deepest
    }
}

/// Each layer's states as the positions it holds: one each.
fn counted(layer_sizes: &[u64]) -> Vec<u128> {
    layer_sizes.iter().map(|&size| u128::from(size)).collect()
}
