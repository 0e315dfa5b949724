//! Where a dense layer runs: on a rayon pool of its own, or on the calling
//! thread.

#[cfg(feature = "rayon")]
use super::table::{CHUNK_WORDS, SEQUENTIAL_WORDS};
use crate::error::Error;

/// Where a layer runs: on a rayon pool, or on the calling thread.
#[derive(Default)]
pub(super) struct Pool(
    #[cfg(feature = "rayon")] Option<rayon::ThreadPool>,
    #[cfg(not(feature = "rayon"))] Option<std::convert::Infallible>,
);

impl Pool {
    /// The threads for a table of `words` words: `threads` of a pool of
    /// its own (all, for `None`), or none (the calling thread) for a small
    /// table, one thread asked for, or a build without rayon.
    #[cfg_attr(
        not(feature = "rayon"),
        expect(clippy::unnecessary_wraps, reason = "without rayon there is no pool to fail")
    )]
    pub(super) fn new(threads: Option<usize>, words: usize) -> Result<Pool, Error> {
        #[cfg(feature = "rayon")]
        if words > SEQUENTIAL_WORDS && threads != Some(1) {
            let mut builder = rayon::ThreadPoolBuilder::new();
            if let Some(threads) = threads {
                builder = builder.num_threads(threads.min(words.div_ceil(CHUNK_WORDS)));
            }
            return Ok(Pool(Some(builder.build().map_err(|_| Error::thread_pool())?)));
        }
        let _ = (threads, words);
        Ok(Pool::default())
    }

    /// Runs `step`, telling it whether it runs on a pool.
    pub(super) fn run<T: Send>(&self, step: impl FnOnce(bool) -> T + Send) -> T {
        match &self.0 {
            #[cfg(feature = "rayon")]
            Some(pool) => pool.install(|| step(true)),
            #[cfg(not(feature = "rayon"))]
            Some(never) => match *never {},
            None => step(false),
        }
    }
}
