use std::fmt;

use search_core::{CancelHandle, Limits, Progress, Search, State};

/// How a puzzle's search runs: the [`Limits`] it stays within, an observer
/// that hears how a long search is going, and a [`CancelHandle`] that stops
/// it: what a [`Search`] cache is given, for the puzzles whose states are
/// their own business.
///
/// The puzzles' plain functions ([`open_lock`](crate::open_lock),
/// [`ladder_length`](crate::ladder_length), ...) use the defaults; their
/// `_with` forms ([`Lock::open_with`](crate::Lock::open_with),
/// [`ladder_length_with`](crate::ladder_length_with), ...) take these.
///
/// # Example
///
/// ```
/// use puzzles::{Lock, SearchOptions};
/// use search_core::Limits;
///
/// let lock = Lock::new(6, 10)?;
/// let mut reports = 0;
/// let mut options = SearchOptions::new()
///     .limits(Limits::new().max_states(2_000_000))
///     .on_progress(|_| reports += 1);
/// let path = lock.open_with("555555", &mut options)?.expect("reachable");
/// assert_eq!(path.len(), 30);
/// drop(options);
/// assert!(reports > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct SearchOptions<'o> {
    limits: Limits,
    observer: Option<Box<dyn FnMut(&Progress) + 'o>>,
    cancel: CancelHandle,
}

impl<'o> SearchOptions<'o> {
    /// Default limits, and no observer.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SearchOptions;
    /// use search_core::Limits;
    ///
    /// assert_eq!(SearchOptions::new().get_limits(), Limits::new());
    /// ```
    pub fn new() -> SearchOptions<'o> {
        SearchOptions::default()
    }

    /// Sets the limits.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SearchOptions;
    /// use search_core::Limits;
    ///
    /// let options = SearchOptions::new().limits(Limits::new().max_states(10));
    /// assert_eq!(options.get_limits().get_max_states(), 10);
    /// ```
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> SearchOptions<'o> {
        self.limits = limits;
        self
    }

    /// Calls `observer` as the search goes; see
    /// [`Search::on_progress`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SearchOptions;
    ///
    /// let options = SearchOptions::new().on_progress(|progress| eprintln!("{} stored", progress.stored));
    /// # drop(options);
    /// ```
    #[must_use]
    pub fn on_progress<F: FnMut(&Progress) + 'o>(mut self, observer: F) -> SearchOptions<'o> {
        self.observer = Some(Box::new(observer));
        self
    }

    /// Ends the search with
    /// [`Cancelled`](search_core::ErrorKind::Cancelled) once `cancel` is
    /// cancelled, from any thread; see [`Search::cancel_with`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Lock, SearchOptions};
    /// use search_core::{CancelHandle, ErrorKind};
    ///
    /// let cancel = CancelHandle::new();
    /// let mut options = SearchOptions::new().cancel_with(cancel.clone());
    /// cancel.cancel();
    /// let error = Lock::new(4, 10)?.open_with("0202", &mut options).unwrap_err();
    /// assert!(matches!(error.kind(), puzzles::ErrorKind::Search(e) if e.kind() == &ErrorKind::Cancelled));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn cancel_with(mut self, cancel: CancelHandle) -> SearchOptions<'o> {
        self.cancel = cancel;
        self
    }

    /// The limits.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::SearchOptions;
    /// use search_core::Limits;
    ///
    /// assert_eq!(SearchOptions::default().get_limits(), Limits::default());
    /// ```
    pub fn get_limits(&self) -> Limits {
        self.limits
    }

    /// A search with these limits, reporting to this observer.
    pub(crate) fn search<S: State, M: Clone>(&mut self) -> Search<'_, S, M> {
        let search = Search::new().limits(self.limits).cancel_with(self.cancel.clone());
        match &mut self.observer {
            Some(observer) => search.on_progress(move |progress| observer(progress)),
            None => search,
        }
    }
}

impl fmt::Debug for SearchOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchOptions")
            .field("limits", &self.limits)
            .field("observed", &self.observer.is_some())
            .field("cancelled", &self.cancel.is_cancelled())
            .finish()
    }
}
