//! [`DistributedEnumeration`]: what a run is asked to do, and its two
//! engines' entry points.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use search_core::breadth_first::Enumeration;
use search_core::error::HumanBytes;
use search_core::space::RankedSpace;
use search_core::{Run, Successors};

use crate::error::Error;
use crate::layers::{Checkpoint, Plan};
use crate::workers::Workers;
use crate::{hashed, ranked};

/// A breadth-first enumeration of a space, layer by layer, by workers in
/// threads, processes and machines: the configuration, and the run.
///
/// Two engines share it. [`run`](DistributedEnumeration::run) takes a
/// [`RankedSpace`]: the ranks are split into one contiguous slice per
/// worker, 2 bits a rank, and each neighbour rank is sent to the worker
/// whose slice holds it. [`run_hashed`](DistributedEnumeration::run_hashed)
/// takes any [`Successors`] space whose states can be sent between
/// processes: each state belongs to the worker its hash names, which keeps
/// it in a hash set.
///
/// Both give the layers of the in-memory engines
/// ([`DenseEnumeration`](search_core::dense::DenseEnumeration),
/// [`enumerate`](search_core::enumerate)), in every process; the deepest
/// layer's states are gathered in process 0, and are empty in the others.
///
/// Each process's run takes a [`Run`], as every search of search-core
/// does: its memory limit bounds the tables of this process's workers
/// together (each gets an equal share, less what the worker threads
/// themselves are counted to take, [`Workers::fixed_memory`]: a run where
/// that reaches the limit is refused before it starts), its depth limit ends the layers
/// there, an enumeration that is not
/// [complete](search_core::breadth_first::Enumeration::is_complete) when a
/// layer past it is found (a checkpoint stays, to go on from with more
/// depth), its observer
/// hears of each layer as it is counted, on the calling thread, and its
/// cancel handle stops the run at the end of the layer under way (the other
/// processes then see this one stop). The state and node limits do not
/// apply: the memory limit bounds what the workers hold.
///
/// # Example
///
/// ```
/// use std::sync::Arc;
/// use search_core::Run;
/// use search_core::space::RankedSpace;
/// use search_dist::{DistributedEnumeration, Workers};
///
/// /// A ring of 1,000 ranks.
/// struct Ring;
/// impl RankedSpace for Ring {
///     fn rank_count(&self) -> u64 { 1_000 }
///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
///         report((rank + 1) % 1_000);
///         report((rank + 999) % 1_000);
///     }
/// }
///
/// let enumeration = DistributedEnumeration::new(Workers::threads(3)?);
/// let layers = enumeration.run(Arc::new(Ring), &[0], &mut Run::new())?;
/// assert_eq!((layers.states(), layers.radius()), (1_000, 500));
/// assert_eq!(layers.deepest(), [500]);
/// # Ok::<(), search_dist::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct DistributedEnumeration {
    workers: Workers,
    description: String,
    checkpoint: Option<Checkpoint>,
}

impl DistributedEnumeration {
    /// An enumeration by `workers`, with no checkpoints.
    ///
    /// # Example
    ///
    /// See [`DistributedEnumeration`].
    pub fn new(workers: Workers) -> DistributedEnumeration {
        DistributedEnumeration { workers, description: String::new(), checkpoint: None }
    }

    /// Names the space, such as `"2x3 sliding puzzle, layers from the
    /// goal"`: processes join one run only when they agree on it (and on
    /// the engine, the space's type, its rank count and the starts), and
    /// each checkpoint file names it, so that a file of another space is
    /// refused. Two spaces of one type and one size, such as the 2x3 and
    /// the 3x2 sliding puzzles, differ only by their description: give
    /// every run one.
    ///
    /// # Example
    ///
    /// ```
    /// use search_dist::{DistributedEnumeration, Workers};
    ///
    /// let run = DistributedEnumeration::new(Workers::threads(2)?).describe("a ring of 100");
    /// assert_eq!(run.description(), "a ring of 100");
    /// # Ok::<(), search_dist::Error>(())
    /// ```
    #[must_use]
    pub fn describe(mut self, description: &str) -> DistributedEnumeration {
        self.description = description.to_string();
        self
    }

    /// The space's description, empty unless
    /// [`describe`](DistributedEnumeration::describe) gave one.
    ///
    /// # Example
    ///
    /// See [`describe`](DistributedEnumeration::describe).
    pub fn description(&self) -> &str {
        &self.description
    }

    /// Saves what every worker holds in `dir` at the end of a layer, at
    /// most once every `every`, so that an interrupted run can
    /// [`resume`](DistributedEnumeration::resume). Worker `i` of `n` keeps
    /// `slice-i-of-n.depth-D` and `slice-i-of-n.complete` there in a
    /// ranked run, `states-i-of-n...` in a hashed one (on a cluster, `dir`
    /// is on each machine's own disk); a finished run deletes them.
    /// Each file names the space's
    /// [`description`](DistributedEnumeration::describe): a file of
    /// another space is refused.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::time::Duration;
    /// use search_core::Run;
    /// use search_core::space::RankedSpace;
    /// use search_dist::{DistributedEnumeration, Workers};
    ///
    /// struct Ring;
    /// impl RankedSpace for Ring {
    ///     fn rank_count(&self) -> u64 { 100 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         report((rank + 1) % 100);
    ///     }
    /// }
    ///
    /// let dir = std::env::temp_dir().join(format!("ring-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let run = DistributedEnumeration::new(Workers::threads(2)?)
    ///     .describe("a ring of 100")
    ///     .checkpoint(&dir, Duration::ZERO);
    /// assert_eq!(run.run(Arc::new(Ring), &[0], &mut Run::new())?.radius(), 99);
    /// // A finished run leaves nothing behind.
    /// assert_eq!(std::fs::read_dir(&dir)?.count(), 0);
    /// # std::fs::remove_dir(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn checkpoint(
        mut self,
        dir: impl Into<PathBuf>,
        every: Duration,
    ) -> DistributedEnumeration {
        let resume = self.checkpoint.as_ref().is_some_and(|checkpoint| checkpoint.resume);
        let dir = dir.into();
        self.checkpoint = Some(Checkpoint { dir, description: String::new(), every, resume });
        self
    }

    /// Whether to go on from the newest complete checkpoint in the
    /// [`checkpoint`](DistributedEnumeration::checkpoint) directory; the
    /// layers it holds are reported to the run's observer again. Every
    /// worker must be there, in the same number as before.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use search_dist::{DistributedEnumeration, Workers};
    ///
    /// let run = DistributedEnumeration::new(Workers::threads(2)?)
    ///     .describe("my space")
    ///     .checkpoint("/var/tmp/enumeration", Duration::from_secs(600))
    ///     .resume(true);
    /// # Ok::<(), search_dist::Error>(())
    /// ```
    #[must_use]
    pub fn resume(mut self, resume: bool) -> DistributedEnumeration {
        if let Some(checkpoint) = &mut self.checkpoint {
            checkpoint.resume = resume;
        }
        self
    }

    /// The workers of the run.
    ///
    /// # Example
    ///
    /// ```
    /// use search_dist::{DistributedEnumeration, Workers};
    ///
    /// let run = DistributedEnumeration::new(Workers::threads(2)?);
    /// assert_eq!(run.workers().peers(), 2);
    /// # Ok::<(), search_dist::Error>(())
    /// ```
    pub fn workers(&self) -> &Workers {
        &self.workers
    }

    /// What the engines are handed: the workers, the memory limit and the
    /// cancel handle of `run`, the description and the checkpoints.
    ///
    /// Refuses a run whose worker threads would take the whole memory
    /// limit before they hold a state, before any thread starts: a
    /// thousand of them take gigabytes.
    fn plan(&self, run: &Run<'_>) -> Result<Plan<'_>, Error> {
        let description = self.description.clone();
        let max_memory = run.get_limits().get_max_memory();
        let threads = self.workers.threads_per_process();
        let overhead = self.workers.fixed_memory();
        if overhead >= max_memory {
            let most = Workers::most_threads_in(max_memory, self.workers.processes());
            let fit = match most {
                0 => "not even one fits".to_string(),
                1 => "one fits".to_string(),
                most => format!("at most {most} fit"),
            };
            return Err(Error::config(format!(
                "{threads} worker threads (of {} in the run) are counted to take {} each \
                 before they hold a state (a thread's stack and buffers, and its channels \
                 to every worker of the run), {} in all: not below the memory limit of {}; \
                 {fit}: run fewer workers, or raise the memory limit",
                self.workers.peers(),
                HumanBytes(self.workers.fixed_memory_per_thread()),
                HumanBytes(overhead),
                HumanBytes(max_memory),
            )));
        }
        Ok(Plan {
            workers: &self.workers,
            max_memory: max_memory - overhead,
            cancel: run.cancel_handle(),
            max_depth: run.get_limits().get_max_depth(),
            description: &self.description,
            checkpoint: self.checkpoint.clone().map(|plan| Checkpoint { description, ..plan }),
        })
    }

    /// Enumerates `space` from the ranks `starts`, layer by layer, under
    /// `run` (see [`DistributedEnumeration`]). Every process of a cluster
    /// makes the same call.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Worker`](crate::ErrorKind::Worker) or
    /// [`ErrorKind::Search`](crate::ErrorKind::Search) when a worker fails
    /// (a table over the memory limit, a layer past the depth limit, a rank
    /// out of bounds, a checkpoint that cannot be written or read, a
    /// cancel): every worker stops at the end of that round. [`ErrorKind::PeerLost`](crate::ErrorKind::PeerLost)
    /// when a process stops or its connection breaks,
    /// [`ErrorKind::Connect`](crate::ErrorKind::Connect) when the cluster
    /// cannot be formed, and [`ErrorKind::Config`](crate::ErrorKind::Config)
    /// when the worker threads alone would pass the memory limit.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::Arc;
    /// use search_core::{Limit, Limits, Run};
    /// use search_core::space::RankedSpace;
    /// use search_dist::{DistributedEnumeration, ErrorKind, Workers};
    ///
    /// struct Huge;
    /// impl RankedSpace for Huge {
    ///     fn rank_count(&self) -> u64 { 1 << 40 }
    ///     fn neighbours<F: FnMut(u64)>(&self, _: u64, _: F) {}
    /// }
    ///
    /// let enumeration = DistributedEnumeration::new(Workers::threads(2)?);
    /// let mut run = Run::new().limits(Limits::new().max_memory(1 << 30));
    /// let error = enumeration.run(Arc::new(Huge), &[0], &mut run).unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::Worker { .. } | ErrorKind::Search(_)));
    /// // A thousand threads cannot even start in a gibibyte.
    /// let crowd = DistributedEnumeration::new(Workers::threads(1_000)?);
    /// let error = crowd.run(Arc::new(Huge), &[0], &mut run).unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::Config(_)));
    ///
    /// // A ring of 10 ranks is 5 layers deep past its start.
    /// struct Ring;
    /// impl RankedSpace for Ring {
    ///     fn rank_count(&self) -> u64 { 10 }
    ///     fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
    ///         report((rank + 1) % 10);
    ///         report((rank + 9) % 10);
    ///     }
    /// }
    /// let mut run = Run::new().limits(Limits::new().max_depth(4));
    /// let layers = enumeration.run(Arc::new(Ring), &[0], &mut run)?;
    /// assert_eq!(layers.layer_sizes(), [1, 2, 2, 2, 2]);
    /// assert!(!layers.is_complete());
    /// # Ok::<(), search_dist::Error>(())
    /// ```
    pub fn run<R>(
        &self,
        space: Arc<R>,
        starts: &[u64],
        run: &mut Run<'_>,
    ) -> Result<Enumeration<u64>, Error>
    where
        R: RankedSpace + Send + 'static,
    {
        let plan = self.plan(run)?;
        run.begin_search()?;
        let (mut stored, mut expanded) = (0, 0);
        ranked::run(&plan, space, starts, &mut |depth, size| {
            // The layer before this one has been expanded to find it.
            expanded = stored;
            stored += size;
            // A cancel is seen by the workers themselves, at the layer's end.
            let _ = run.layer_done(depth, stored, expanded);
        })
    }

    /// Enumerates `space` from `starts`, layer by layer, as
    /// [`run`](DistributedEnumeration::run) does, for a space without
    /// ranks: each state belongs to the worker its
    /// [`BuildStateHasher`](search_core::space::BuildStateHasher) hash names, and
    /// travels between processes serialized (serde, as timely's
    /// `ExchangeData`), and saved in checkpoints in bincode, timely's own
    /// encoding. The deepest states come in the order of their hashes,
    /// the same in every run.
    ///
    /// # Errors
    ///
    /// As [`run`](DistributedEnumeration::run); a worker whose states pass
    /// its share of the memory limit fails the run.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::Arc;
    /// use search_core::{from_fn, Run};
    /// use search_dist::{DistributedEnumeration, Workers};
    ///
    /// // Pairs (a, b) below 100, stepping a or b by one.
    /// let grid = from_fn(|&(a, b): &(u8, u8)| {
    ///     [(a.wrapping_add(1) % 100, b), (a, b.wrapping_add(1) % 100)]
    /// });
    /// let enumeration = DistributedEnumeration::new(Workers::threads(2)?);
    /// let layers = enumeration.run_hashed(Arc::new(grid), &[(0, 0)], &mut Run::new())?;
    /// assert_eq!((layers.states(), layers.radius()), (10_000, 198));
    /// assert_eq!(layers.deepest(), [(99, 99)]);
    /// # Ok::<(), search_dist::Error>(())
    /// ```
    pub fn run_hashed<G>(
        &self,
        space: Arc<G>,
        starts: &[G::State],
        run: &mut Run<'_>,
    ) -> Result<Enumeration<G::State>, Error>
    where
        G: Successors + Send + Sync + 'static,
        G::State: timely::ExchangeData + Sync,
    {
        let plan = self.plan(run)?;
        run.begin_search()?;
        let (mut stored, mut expanded) = (0, 0);
        hashed::run(&plan, space, starts, &mut |depth, size| {
            expanded = stored;
            stored += size;
            let _ = run.layer_done(depth, stored, expanded);
        })
    }
}
