use crate::breadth_first::search::Search;
use crate::enumeration::Enumeration;
use crate::error::Error;
use crate::run::context::Run;
use crate::space::traits::{State, Successors};
use crate::store::expand::DepthBound;

/// Every state reachable from `starts`, layer by layer.
///
/// A shortcut for [`Search::enumerate`] with default limits.
///
/// # Errors
///
/// When the space holds more states than the default state limit.
///
/// # Example
///
/// ```
/// use search_core::{enumerate, from_fn};
///
/// let knight = from_fn(|&(x, y): &(i8, i8)| {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .into_iter()
///         .map(move |(dx, dy)| (x + dx, y + dy))
///         .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
/// });
/// let layers = enumerate(&knight, [(0, 0)])?;
/// assert_eq!(layers.states(), 64);
/// assert_eq!(layers.radius(), 6);
/// assert_eq!(layers.deepest(), [(7, 7)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn enumerate<G, I>(space: &G, starts: I) -> Result<Enumeration<G::State>, Error>
where
    G: Successors,
    I: IntoIterator<Item = G::State>,
{
    Search::new().enumerate(space, starts, &mut Run::new())
}

impl<S: State, M: Clone> Search<S, M> {
    /// Every state of `space` reachable from `starts`, layer by layer.
    ///
    /// It keeps a visited set and two frontiers; only the last layer's
    /// states are returned.
    ///
    /// With a depth limit ([`Limits::max_depth`](crate::Limits::max_depth))
    /// it returns the layers up to the limit, and says whether the space
    /// goes on past it ([`Enumeration::is_complete`]).
    ///
    /// # Errors
    ///
    /// When the states pass the state or memory limit.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{from_fn, Limits, Run};
    /// use search_core::breadth_first::Search;
    ///
    /// let ring = from_fn(|&n: &u16| [(n + 1) % 1000, (n + 999) % 1000]);
    /// let mut search = Search::new();
    /// let mut run = Run::new();
    /// let mut shallow = Run::new().limits(Limits::new().max_depth(100));
    /// let first = search.enumerate(&ring, [0], &mut shallow)?;
    /// assert_eq!((first.states(), first.is_complete()), (201, false));
    /// let whole = search.enumerate(&ring, [0], &mut run)?;
    /// assert_eq!((whole.radius(), whole.is_complete()), (500, true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn enumerate<G, I>(
        &mut self,
        space: &G,
        starts: I,
        run: &mut Run<'_>,
    ) -> Result<Enumeration<S>, Error>
    where
        G: Successors<State = S, Move = M>,
        I: IntoIterator<Item = S>,
    {
        let layers = |search: &mut Self, run: &mut Run<'_>| {
            search.seed_frontier(space, starts, run)?;
            let mut layer_sizes = Vec::new();
            // What each layer's states stand for, classes of a quotient.
            let mut positions = Vec::new();
            while !search.frontier.is_empty() {
                let depth = layer_sizes.len();
                layer_sizes.push(search.frontier.len() as u64);
                let classes = search.frontier.iter().map(|state| space.class_size(state));
                positions.push(classes.map(u128::from).sum());
                run.count_frontier(search.frontier.len());
                match search.frontier_at_depth_bound(space, depth, run)? {
                    DepthBound::Below => {}
                    DepthBound::Complete => break,
                    DepthBound::Cut => {
                        let last = std::mem::take(&mut search.frontier);
                        let layers = Enumeration::cut_at_depth(layer_sizes, last);
                        return Ok(layers.with_positions(positions));
                    }
                }
                search.expand_frontier(space, depth, |_| false, run)?;
                if search.next_frontier.is_empty() {
                    break;
                }
                search.advance_frontier();
            }
            let deepest = std::mem::take(&mut search.frontier);
            Ok(Enumeration::new(layer_sizes, deepest).with_positions(positions))
        };
        self.execute(space, run, layers, |search| search.seen.len())
            .map_err(Error::while_enumerating)
    }
}
