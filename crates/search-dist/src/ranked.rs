//! The dense engine: ranks split into one contiguous slice per worker,
//! each slice a [`LayerTable`] of 2 bits a rank.

use std::cell::{OnceCell, RefCell};
use std::fmt;
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use integer_encoding::VarInt;
use search_core::breadth_first::Enumeration;
use search_core::dense::LayerTable;
use search_core::run::CancelHandle;
use search_core::space::{RankSteps, RankedSpace, WordSteps};
use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeTuple, Serializer};
use timely::worker::Worker;

use crate::error::Error;
use crate::layers::{Checkpoint, Plan, Saves, Snapshot, run_layers};
use crate::rounds::{Outgoing, Owner, Rounds, gather};

/// Ranks handed to [`RankedSpace::neighbours_of_all`] at once.
const BATCH: usize = 256;

/// One worker's slice of the ranks.
struct Slice {
    table: LayerTable,
}

impl Owner for Slice {
    type Item = RankBatch;

    fn take(&self, ranks: RankBatch, depth: usize) -> Result<u64, String> {
        // A faster worker's neighbours may come before this worker has
        // begun the layer.
        self.table.begin_layer(depth);
        let mut new = 0;
        for rank in ranks.ranks {
            new += u64::from(self.table.mark(rank, depth).map_err(|error| error.to_string())?);
        }
        Ok(new)
    }
}

/// Ranks a worker owns: a multiple of 32 (whole table words), so that
/// slices meet at word boundaries.
fn slice_length(rank_count: u64, peers: usize) -> u64 {
    rank_count.div_ceil(peers as u64).div_ceil(32).max(1) * 32
}

pub(crate) fn run<R>(
    plan: &Plan<'_>,
    space: Arc<R>,
    starts: &[u64],
    on_layer: &mut dyn FnMut(usize, u64),
) -> Result<Enumeration<u64>, Error>
where
    R: RankedSpace + Send + 'static,
{
    let workers = plan.workers;
    let per_worker = plan.max_memory / workers.threads_per_process() as u64;
    let checkpoint = plan.checkpoint.clone();
    let job = plan.job::<R>("ranked", (space.rank_count(), starts));
    let starts = starts.to_vec();
    let (cancel, max_depth) = (plan.cancel.clone(), plan.max_depth);
    let body = move |worker: &mut Worker, abort: &AtomicBool, report: &dyn Fn(usize, u64)| {
        let stop = (abort, &cancel, max_depth);
        work(worker, stop, checkpoint.as_ref(), per_worker, &*space, &starts, report)
    };
    workers.run(job, body, on_layer)
}

fn work<R: RankedSpace>(
    worker: &mut Worker,
    (abort, cancel, max_depth): (&AtomicBool, &CancelHandle, Option<usize>),
    checkpoint: Option<&Checkpoint>,
    max_memory: u64,
    space: &R,
    starts: &[u64],
    report: &dyn Fn(usize, u64),
) -> Result<Enumeration<u64>, Error> {
    let (index, peers) = (worker.index(), worker.peers());
    let count = space.rank_count();
    let length = slice_length(count, peers);
    let ranks = (index as u64 * length).min(count)..((index as u64 + 1) * length).min(count);
    // A failure here is reported in round 0, so that every worker stops.
    let (table, failure) = match LayerTable::new(ranks, max_memory) {
        Ok(table) => (table, None),
        Err(error) => (LayerTable::new(0..0, 0)?, Some(error.to_string())),
    };
    let slice = Rc::new(Slice { table });
    let owner_of = |ranks: &RankBatch| ranks.owner as usize;
    let mut rounds = Rounds::new(worker, Rc::clone(&slice), owner_of);
    if let Some(message) = failure {
        rounds.fail(message);
    }
    let saves = checkpoint.map(|plan| Saves::new(plan, "slice", index, peers));
    let start = |worker: &mut Worker, rounds: &mut Rounds<Slice>| {
        if index == 0 {
            for &start in starts {
                if start < count {
                    let owner = (start / length) as u32;
                    rounds.send(worker, RankBatch::new(owner, vec![start]));
                } else {
                    rounds.fail(format!("start rank {start} is not below the rank count {count}"));
                }
            }
        }
    };
    let expand = |worker: &mut Worker, rounds: &mut Rounds<Slice>, depth: usize| {
        slice.table.begin_layer(depth + 1);
        expand_layer(worker, rounds, &slice, space, depth, length);
    };
    let stop = (abort, cancel, max_depth);
    let counted =
        run_layers(worker, stop, (&mut rounds, &*slice), saves.as_ref(), report, (start, expand))?;
    let mut deepest = Vec::new();
    if let Some(radius) = counted.sizes.len().checked_sub(1) {
        slice.table.for_each_at(radius, |rank| deepest.push(rank));
    }
    let mut deepest = gather(worker, abort, deepest)?;
    deepest.sort_unstable();
    Ok(counted.finish(saves.as_ref(), deepest))
}

/// Sends every neighbour of this worker's ranks at `depth` to its owner,
/// and marks the ones this worker owns itself: the space's steps of one
/// rank a table word at a time, the others one by one.
fn expand_layer<R: RankedSpace>(
    worker: &mut Worker,
    rounds: &mut Rounds<Slice>,
    slice: &Slice,
    space: &R,
    depth: usize,
    length: u64,
) {
    let count = space.rank_count();
    let outgoing = RefCell::new(Outgoing::new(rounds.peers(), RankBatch::new));
    let route = |neighbour: u64, rounds: &mut Rounds<Slice>, worker: &mut Worker| {
        if slice.table.holds(neighbour) {
            match slice.table.mark(neighbour, depth + 1) {
                Ok(new) => rounds.found_here(u64::from(new)),
                Err(error) => rounds.fail(error.to_string()),
            }
        } else if neighbour < count {
            let owner = (neighbour / length) as usize;
            outgoing.borrow_mut().push(rounds, worker, owner, neighbour);
        } else {
            rounds.fail(format!(
                "state space reported rank {neighbour}, not below its rank count {count}"
            ));
        }
    };
    let mut leaving = Vec::new();
    let word_steps = space.word_steps();
    let steps = word_steps.as_ref().map_or(RankSteps::none(), WordSteps::rank_steps);
    let stepped = slice.table.mark_steps(depth, steps, |rank| leaving.push(rank));
    rounds.found_here(stepped);
    for neighbour in leaving {
        route(neighbour, rounds, worker);
    }
    let mut batch = Vec::with_capacity(BATCH);
    let flush = |batch: &mut Vec<u64>, rounds: &mut Rounds<Slice>, worker: &mut Worker| {
        let report = |neighbour| route(neighbour, rounds, worker);
        match &word_steps {
            Some(word_steps) => word_steps.other_neighbours_of_all(batch, report),
            None => space.neighbours_of_all(batch, report),
        }
        batch.clear();
    };
    slice.table.for_each_at(depth, |rank| {
        batch.push(rank);
        if batch.len() == BATCH {
            flush(&mut batch, rounds, worker);
        }
    });
    flush(&mut batch, rounds, worker);
    outgoing.borrow_mut().flush(rounds, worker);
}

impl Snapshot for Slice {
    fn save(
        &self,
        path: &Path,
        description: &str,
        layer_sizes: &[u64],
    ) -> Result<(), search_core::Error> {
        self.table.save(path, description, layer_sizes)
    }

    fn load(&self, path: &Path, description: &str) -> Result<Vec<u64>, Error> {
        Ok(self.table.load(path, description)?)
    }
}

/// Ranks bound for one worker, sent as one item: each the difference from
/// the one before it, zigzagged and in LEB128 bytes. Ranks that cross
/// between slices are near each other in the sliding puzzles and spread
/// over a slice in the pancakes; either way they take fewer than the 8
/// bytes a rank that bincode gives a `u64`.
#[derive(Clone, Debug)]
struct RankBatch {
    owner: u32,
    ranks: Vec<u64>,
    /// The bytes, made the first time they are asked for: timely
    /// serializes an item twice, once to learn its length.
    encoded: OnceCell<Vec<u8>>,
}

impl RankBatch {
    fn new(owner: u32, ranks: Vec<u64>) -> RankBatch {
        RankBatch { owner, ranks, encoded: OnceCell::new() }
    }

    fn encoded(&self) -> &[u8] {
        self.encoded.get_or_init(|| {
            let mut bytes = Vec::with_capacity(self.ranks.len() * 4);
            let mut previous = 0u64;
            for &rank in &self.ranks {
                // Signed varints are zigzagged: a small step back is short.
                let mut step = [0u8; 10];
                let used = rank.wrapping_sub(previous).cast_signed().encode_var(&mut step);
                bytes.extend_from_slice(&step[..used]);
                previous = rank;
            }
            bytes
        })
    }
}

impl Serialize for RankBatch {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut tuple = serializer.serialize_tuple(2)?;
        tuple.serialize_element(&self.owner)?;
        tuple.serialize_element(&Encoded(self.encoded()))?;
        tuple.end()
    }
}

/// The encoded ranks, as bytes rather than a sequence of them.
struct Encoded<'a>(&'a [u8]);

impl Serialize for Encoded<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0)
    }
}

/// The ranks decoded from [`Encoded`] bytes.
struct Decoded(Vec<u64>);

impl<'de> Deserialize<'de> for Decoded {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Decoded, D::Error> {
        deserializer.deserialize_bytes(DecodedVisitor)
    }
}

struct DecodedVisitor;

impl Visitor<'_> for DecodedVisitor {
    type Value = Decoded;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("ranks as LEB128 differences")
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Decoded, E> {
        // A rank's last byte is the one without the high bit.
        let mut ranks = Vec::with_capacity(bytes.iter().filter(|&&byte| byte < 0x80).count());
        let (mut previous, mut rest) = (0u64, bytes);
        while !rest.is_empty() {
            let Some((step, used)) = i64::decode_var(rest) else {
                return Err(E::custom(
                    "the ranks end inside a rank, or a difference runs past 64 bits",
                ));
            };
            previous = previous.wrapping_add(step.cast_unsigned());
            ranks.push(previous);
            rest = &rest[used..];
        }
        Ok(Decoded(ranks))
    }
}

impl<'de> Deserialize<'de> for RankBatch {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RankBatch, D::Error> {
        deserializer.deserialize_tuple(2, RankBatchVisitor)
    }
}

struct RankBatchVisitor;

impl<'de> Visitor<'de> for RankBatchVisitor {
    type Value = RankBatch;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a worker's index and its ranks")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RankBatch, A::Error> {
        let owner = seq.next_element()?.ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let Decoded(ranks) =
            seq.next_element()?.ok_or_else(|| de::Error::invalid_length(1, &self))?;
        Ok(RankBatch::new(owner, ranks))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Any ranks, in any order, come back as they went, through the
        /// bincode that timely sends them in.
        #[test]
        fn ranks_come_back_as_they_went(
            owner in any::<u32>(),
            ranks in prop::collection::vec(any::<u64>(), 0..200),
            near in prop::collection::vec(0u64..1_000, 0..200),
        ) {
            for ranks in [ranks, near] {
                let sent = RankBatch::new(owner, ranks);
                let bytes = bincode::serialize(&sent).unwrap();
                // As timely sends it: the length asked for first.
                prop_assert_eq!(bincode::serialized_size(&sent).unwrap(), bytes.len() as u64);
                let received: RankBatch = bincode::deserialize(&bytes).unwrap();
                prop_assert_eq!((received.owner, received.ranks), (sent.owner, sent.ranks));
            }
        }
    }

    #[test]
    fn near_ranks_take_a_byte_or_two_each() {
        let ranks: Vec<u64> = (0..1_000).map(|i| 5_000_000_000 + 3 * i).collect();
        let bytes = bincode::serialize(&RankBatch::new(1, ranks)).unwrap();
        // The first rank takes 5 bytes, every other 1; 4 for the owner and
        // 8 for the length.
        assert_eq!(bytes.len(), 4 + 8 + 5 + 999);
    }

    #[test]
    fn damaged_ranks_are_an_error() {
        let bytes = bincode::serialize(&RankBatch::new(0, vec![300])).unwrap();
        let cut = &bytes[..bytes.len() - 1];
        assert!(bincode::deserialize::<RankBatch>(&cut[..cut.len()]).is_err());
        let mut unended = bytes.clone();
        *unended.last_mut().unwrap() |= 0x80;
        let error = bincode::deserialize::<RankBatch>(&unended).unwrap_err();
        assert!(error.to_string().contains("end inside a rank"), "{error}");
    }
}
