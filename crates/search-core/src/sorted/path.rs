//! [`SortedEnumeration::path_reversible`]: a shortest path found by
//! walking back through the layers, where a parent for each state would
//! not fit.

use super::{Keep, Layer, SortedEnumeration, Sweep, describe, manifest, sorted_below};
use crate::breadth_first::parallel::thread_pool;
use crate::error::{Error, Limit};
use crate::execute::begin_and_end;
use crate::files::directory::RunFiles;
use crate::path::Path;
use crate::run::context::Run;
use crate::space::KeyedSpace;
use crate::space::keys::sealed::Bits as _;

impl SortedEnumeration {
    /// A shortest path, its states keys, from one of `starts` to `goal` in a
    /// space whose every move can be undone, or `None` when no start
    /// reaches it. The layers are found as
    /// [`run_reversible`](SortedEnumeration::run_reversible) finds them,
    /// but every one is kept (a few bytes a state, or on
    /// [`disk`](SortedEnumeration::disk)), not a parent a state: once
    /// the goal's layer `d` is found, the path walks back from it, each
    /// step to a neighbour in layer `d - 1`, which a move that can be
    /// undone guarantees. So breadth-first search answers where a
    /// parent a state (8 bytes or more) would not fit.
    ///
    /// # Errors
    ///
    /// As [`run_reversible`](SortedEnumeration::run_reversible), and the
    /// depth limit when the goal lies past it;
    /// [`SpaceFailed`](crate::ErrorKind::SpaceFailed) when a state of the
    /// path has no neighbour in the layer before: a move of the space
    /// cannot be undone. A run on disk removes its files when it ends,
    /// however it ends; it does not resume.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::Run;
    /// use search_core::sorted::SortedEnumeration;
    /// use search_core::space::RankedSpace;
    ///
    /// /// A knight on a chessboard, its square the rank.
    /// struct Knight;
    /// impl RankedSpace for Knight {
    ///     fn rank_count(&self) -> u64 {
    ///         64
    ///     }
    ///     fn neighbours<F: FnMut(u64)>(&self, square: u64, mut report: F) {
    ///         let (x, y) = ((square % 8) as i64, (square / 8) as i64);
    ///         for (dx, dy) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
    ///             let (x, y) = (x + dx, y + dy);
    ///             if (0..8).contains(&x) && (0..8).contains(&y) {
    ///                 report((y * 8 + x) as u64);
    ///             }
    ///         }
    ///     }
    /// }
    /// let path = SortedEnumeration::new().path_reversible(&Knight, &[0], 63, &mut Run::new())?;
    /// let path = path.expect("a knight reaches every square");
    /// assert_eq!((path.len(), path.start(), path.end()), (6, &0, &63)); // corner to corner
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn path_reversible<S: KeyedSpace>(
        &self,
        space: &S,
        starts: &[S::Key],
        goal: S::Key,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<S::Key, ()>>, Error> {
        begin_and_end(
            run,
            |run: &mut Run<'_>| {
                let pool = thread_pool(self.threads)?;
                let count = space.key_count();
                let sorted = sorted_below(starts, count)?;
                if goal >= count {
                    return Err(goal.out_of_bounds(count));
                }
                let description =
                    format!("a path to {goal} over {}", describe(Keep::TwoLayers, count, &sorted));
                let mut files = match &self.disk {
                    Some(dir) => Some(
                        RunFiles::claim(dir, manifest::PREFIX, false, |_| Ok(((), Vec::new())))?.0,
                    ),
                    None => None,
                };
                let mut sweep = Sweep {
                    space,
                    keep: Keep::TwoLayers,
                    files: files.as_mut(),
                    description: &description,
                    pool: pool.as_ref(),
                    deepest: false,
                    run_bytes_per_state: None,
                };
                let found = sweep.walk_to(&sorted, goal, run);
                let found = match files.as_mut().map(RunFiles::clear) {
                    Some(Err(error)) => found.and(Err(error)),
                    _ => found,
                };
                // A keyed space's moves are its neighbours, unnamed.
                Ok(found?.map(|keys| {
                    let moves = vec![(); keys.len().saturating_sub(1)];
                    Path::new(keys, moves)
                }))
            },
            || space.key_failure(),
        )
    }
}

impl<S: KeyedSpace> Sweep<'_, S> {
    /// The layers from `starts` until one holds `goal`, then the path
    /// back from it.
    fn walk_to(
        &mut self,
        starts: &[S::Key],
        goal: S::Key,
        run: &mut Run<'_>,
    ) -> Result<Option<Vec<S::Key>>, Error> {
        if starts.binary_search(&goal).is_ok() {
            return Ok(Some(vec![goal]));
        }
        if starts.is_empty() {
            return Ok(None);
        }
        let mut layers = vec![self.layer_of(&manifest::layer_name(0), starts)?];
        let max_memory = run.get_limits().get_max_memory();
        let cancel = run.cancel_handle();
        let mut passes = 1;
        loop {
            let depth = layers.len() - 1;
            let layer = &layers[depth];
            run.count_stored(layer.len());
            run.count_frontier(usize::try_from(layer.len()).unwrap_or(usize::MAX));
            let held: u64 = layers.iter().map(Layer::bytes).sum();
            run.report(depth, held)?;
            if held > max_memory {
                return Err(Error::limit(Limit::Memory(max_memory)));
            }
            if !run.get_limits().allows_depth(depth + 1) {
                return Err(Error::limit(Limit::Depth(depth)));
            }
            // The layer and the one before: a move that can be undone
            // reaches no other.
            let exclude = &layers[depth.saturating_sub(1)..];
            let exclude: Vec<&Layer<S::Key>> = exclude.iter().collect();
            let memory = (held, max_memory, &mut passes);
            let what = manifest::layer_name(depth + 1);
            let beat = &mut |expanding: u64| run.report_amid(depth, held, expanding, 0);
            let next = self.next_of(layer, &exclude, &what, memory, &cancel, beat)?;
            run.count_expanded(layer.len());
            if next.len() == 0 {
                return Ok(None);
            }
            let reached = next.contains(goal)?;
            layers.push(next);
            if reached {
                break;
            }
        }
        // Walk back: a state of layer `d` has a neighbour in layer `d - 1`.
        let mut path = vec![goal];
        let mut found = Vec::new();
        for before in layers[..layers.len() - 1].iter().rev() {
            let state = path[path.len() - 1];
            let Some(step) =
                self.neighbour_where(state, &mut found, |next| before.contains(next))?
            else {
                return Err(Error::space_failed(format!(
                    "key {state} has no neighbour one move nearer the starts: a move of the \
                     space cannot be undone, and path_reversible needs every one to be"
                )));
            };
            path.push(step);
        }
        path.reverse();
        Ok(Some(path))
    }
}
