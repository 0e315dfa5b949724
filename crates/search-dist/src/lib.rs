/*!
Breadth-first enumeration of implicit graphs across threads, processes and
machines, on [timely-dataflow](https://github.com/TimelyDataflow/timely-dataflow).

An enumeration visits every state a space reaches from its starts, layer by
layer, and counts each layer: the distance distribution of a puzzle, its
radius, the states at the radius. One machine's memory bounds what
[`search_core::dense::DenseEnumeration`] can hold (2 bits a rank: the 2x7 sliding
puzzle's 43.6 G boards take 10.9 GB; the 3x5's, 163 GB). This crate splits
the work between *workers*: threads of one process, or of many processes
on many machines, which timely connects over TCP.

# How it works

Each worker owns part of the space. For a [`RankedSpace`](search_core::space::RankedSpace)
it is a contiguous slice of the ranks, kept as a
[`LayerTable`](search_core::dense::LayerTable); for any other space, the states
whose hash names it, kept in a hash set. Layers are rounds, and rounds are
timely timestamps: in round `d` every worker expands its states at depth
`d - 1`, keeps the neighbours it owns and sends each other one to its
owner through timely's exchange, in batches of thousands (ranks as
compact differences); the owner keeps the ones it has not seen as its
part of layer `d`. When
timely's progress tracking says round `d` is over everywhere, each worker
reports its count, the reports are broadcast, and every worker knows the
layer's size and whether to go on. The answers are those of the in-memory
engines, layer by layer.

# Example

Three workers in this process enumerate the 8-puzzle's 181,440 boards:

```
use std::sync::Arc;
use puzzles::{Board, ReachableBoards};
use search_core::Run;
use search_dist::{DistributedEnumeration, Workers};

let goal: Board = "1 2 3 / 4 5 6 / 7 8 0".parse()?;
let boards = ReachableBoards::new(&goal)?;
let start = boards.rank(&goal).expect("the goal is reachable");
let enumeration = DistributedEnumeration::new(Workers::threads(3)?);
let layers = enumeration.run(Arc::new(boards), &[start], &mut Run::new())?;
assert_eq!((layers.states(), layers.radius()), (181_440, 31));
assert_eq!(layers.deepest().len(), 2);
# Ok::<(), Box<dyn std::error::Error>>(())
```

On a cluster, every process runs the same program with its own index:

```no_run
# use search_core::{Limits, Run};
# use search_dist::{DistributedEnumeration, Workers};
# fn main() -> Result<(), search_dist::Error> {
let process: usize = std::env::args().nth(1).and_then(|text| text.parse().ok()).unwrap_or(0);
let workers = Workers::from_hostfile(2, process, 4, "hosts.txt".as_ref())?;
let enumeration = DistributedEnumeration::new(workers);
let mut run = Run::new().limits(Limits::new().max_memory(16 << 30));
# let _ = (enumeration, &mut run);
# Ok(())
# }
```

`docs/distributed.md` in the repository says how to run one, how much
memory each worker needs, how many bytes cross the network per layer, and
plans for the 3x5 and 4x4 sliding puzzles.

# Failures

A worker that fails (a table over its memory limit, a rank out of
bounds, a checkpoint it cannot write) reports it at the end of the round,
and every worker stops there with [`ErrorKind::Worker`]; a process whose
run ends otherwise (a cancel, a panic) tells the others at once, over a
control connection beside timely's, and they stop with the same kind. A
process that dies, or whose connection breaks, stops the others within
moments with [`ErrorKind::PeerLost`], and so does one that is stopped
(`SIGSTOP`) or silent, after [`Workers::peer_timeout`]: the run never
hangs on it and never returns a wrong count. Processes started with
another depth limit or checkpoint mode refuse each other as they
connect. With [`DistributedEnumeration::checkpoint`], the run can go
on from the end of a recent layer.
*/

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub use crate::enumeration::DistributedEnumeration;
pub use crate::error::{Error, ErrorKind};
pub use crate::workers::Workers;

/// The crate's README, run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

mod control;
mod enumeration;
mod error;
mod hashed;
mod layers;
mod ranked;
mod rounds;
mod workers;
