//! Layers kept as sorted, compressed ranks, against a hash table: the
//! 4-peg Tower of Hanoi written as a user writes it (a `u32` of 2 bits a
//! disc, its own rank), and the 15-puzzle's boards to a depth, ranked
//! (by `puzzles::ReachableBoards`, 10^13 ranks, far more than its
//! states) or not (a board as a `u64` of 16 nibbles, keyed by its bits
//! through `AsKeyed`, as a user with no ranking writes it).
//!
//! `cargo run --release -p examples --example sorted_layers -- SPACE N ENGINE [LIMIT [DIR]]`
//! with SPACE `hanoi` (N discs), `15` or `15keys` (N the depth), ENGINE
//! `sorted` (`sorted1` on one thread) or `hashed`, LIMIT a memory limit
//! such as `2G` (default 16G), DIR a directory for the sorted engine's
//! layers (in memory without it). It prints the layers, the time, and
//! for the sorted engine the bytes a state its layers kept at each
//! depth, with the information bound of that many keys among the
//! space's (`log2 C(U, n)` bits for `n` keys among `U`).

use std::time::Instant;

use puzzles::{Board, ReachableBoards};
use search_core::breadth_first::Search;
use search_core::sorted::SortedEnumeration;
use search_core::space::{AsKeyed, RankedSpace, Undirected};
use search_core::{Limits, Run, Successors, from_fn};

/// The 4-peg Tower of Hanoi: each disc's peg in 2 bits, the smallest
/// lowest; a state is its own rank.
struct Hanoi {
    discs: u32,
}

impl Hanoi {
    fn moves(&self, state: u32, mut report: impl FnMut(u32)) {
        let mut top = [self.discs; 4];
        for disc in (0..self.discs).rev() {
            top[(state >> (2 * disc) & 3) as usize] = disc;
        }
        for from in 0..4 {
            let disc = top[from];
            for (to, &other) in top.iter().enumerate() {
                if disc < self.discs && disc < other {
                    report(state & !(3 << (2 * disc)) | (to as u32) << (2 * disc));
                }
            }
        }
    }
}

impl RankedSpace for Hanoi {
    fn rank_count(&self) -> u64 {
        1 << (2 * self.discs)
    }

    fn neighbours<F: FnMut(u64)>(&self, rank: u64, mut report: F) {
        self.moves(rank as u32, |next| report(u64::from(next)));
    }
}

/// The 15-puzzle as a user with no ranking writes it: a board is a `u64`
/// of 16 nibbles, the tile in each cell (0 the blank), cell 0 lowest.
struct Nibbles;

impl Nibbles {
    /// The solved board: tiles 1 to 15 in order, the blank last.
    fn goal() -> u64 {
        (0..15).map(|cell| (cell + 1) << (4 * cell)).sum()
    }
}

impl Successors for Nibbles {
    type State = u64;
    type Move = ();

    fn successors<F: FnMut(u64, ())>(&self, &board: &u64, mut report: F) {
        let blank = (0..16).find(|cell| (board >> (4 * cell)).trailing_zeros() >= 4).unwrap_or(0);
        let (row, column) = (blank / 4, blank % 4);
        let cells = [
            (row > 0).then(|| blank - 4),
            (row < 3).then(|| blank + 4),
            (column > 0).then(|| blank - 1),
            (column < 3).then(|| blank + 1),
        ];
        for cell in cells.into_iter().flatten() {
            let tile = board >> (4 * cell) & 15;
            report(board & !(15 << (4 * cell)) | tile << (4 * blank), ());
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(&args)
}

/// What `main` does with its arguments: `SPACE N ENGINE [LIMIT]`.
#[expect(clippy::cast_precision_loss, reason = "bytes a state for a person to read")]
fn run(args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let usage =
        "SPACE N ENGINE [LIMIT [DIR]]: hanoi DISCS, 15 or 15keys DEPTH, sorted or hashed, 2G";
    let [space, n, engine, rest @ ..] = args else { return Err(usage.into()) };
    let n: u32 = n.parse()?;
    let limit = rest.first().map_or(Ok(16 << 30), |text| bytes(text))?;
    let mut peaks: Vec<(usize, u64)> = Vec::new();
    let mut limits = Limits::new().max_memory(limit).max_states(usize::MAX);
    if space.starts_with("15") {
        limits = limits.max_depth(n as usize);
    }
    let mut run = Run::new().limits(limits).on_progress(|p| peaks.push((p.depth, p.bytes)));
    // Only the layers' sizes are printed: the deepest layer's ranks are
    // not unpacked.
    let mut sorted = match engine.as_str() {
        "sorted1" => SortedEnumeration::new().threads(1),
        _ => SortedEnumeration::new(),
    }
    .deepest_states(false);
    let on_disk = rest.get(1);
    if let Some(dir) = on_disk {
        sorted = sorted.disk(dir);
    }
    let engine = engine.trim_end_matches('1');
    let began = Instant::now();
    let sizes = match (space.as_str(), engine) {
        ("hanoi", "sorted") => {
            let hanoi = Hanoi { discs: n };
            sorted.run_reversible(&hanoi, &[0], &mut run)?.layer_sizes().to_vec()
        }
        ("hanoi", "hashed") => {
            let hanoi = Hanoi { discs: n };
            let space = Undirected(from_fn(move |&state: &u32| {
                let mut next = Vec::new();
                hanoi.moves(state, |moved| next.push(moved));
                next
            }));
            Search::new().enumerate(&space, [0u32], &mut run)?.layer_sizes().to_vec()
        }
        ("15", "sorted") => {
            let goal = Board::solved(4, 4)?;
            let boards = ReachableBoards::new(&goal)?;
            let start = boards.rank(&goal).ok_or("the goal has a rank")?;
            sorted.run_reversible(&boards, &[start], &mut run)?.layer_sizes().to_vec()
        }
        ("15keys", "sorted") => {
            let boards = AsKeyed::new(Nibbles);
            sorted.run_reversible(&boards, &[Nibbles::goal()], &mut run)?.layer_sizes().to_vec()
        }
        ("15", "hashed") => {
            let puzzle = puzzles::SlidingPuzzle::new(4, 4)?;
            Search::new().enumerate(&puzzle, [*puzzle.goal()], &mut run)?.layer_sizes().to_vec()
        }
        _ => return Err(usage.into()),
    };
    let seconds = began.elapsed().as_secs_f64();
    drop(run);
    println!("layers: {sizes:?}");
    println!("states: {}, {seconds:.2} s", sizes.iter().sum::<u64>());
    if engine == "sorted" && on_disk.is_none() {
        let keys = match space.as_str() {
            "hanoi" => 4f64.powf(f64::from(n)),
            // The ranks of the boards of one parity: 16!/2.
            "15" => (1..=16).map(f64::from).product::<f64>() / 2.0,
            _ => 2f64.powi(64),
        };
        // Each report holds the layer reported and the one before.
        println!("depth  bytes kept  bytes a state kept  bound  ratio");
        for &(depth, bytes) in peaks.iter().filter(|&&(depth, _)| depth > 0 && depth < sizes.len())
        {
            let (older, newer) = (sizes[depth - 1] as f64, sizes[depth] as f64);
            let states = older + newer;
            if states >= 100_000.0 {
                let kept = bytes as f64 / states;
                let bound = (bits_of(older, keys) + bits_of(newer, keys)) / 8.0 / states;
                let ratio = kept / bound;
                println!("{depth:>5}  {bytes:>10}  {kept:>18.2}  {bound:>5.2}  {ratio:>5.2}");
            }
        }
    }
    Ok(())
}

/// The information bound of `n` keys among `keys`, `log2 C(keys, n)`
/// bits, as `keys` times the binary entropy of `n / keys` (within a few
/// bits of it for large `n`).
fn bits_of(n: f64, keys: f64) -> f64 {
    if n <= 0.0 || n >= keys {
        return 0.0;
    }
    let rest = keys - n;
    (n * (keys / n).log2() - rest * (-n / keys).ln_1p() / std::f64::consts::LN_2).max(0.0)
}

/// `2G`, `512M`: a size in bytes.
fn bytes(text: &str) -> Result<u64, Box<dyn std::error::Error>> {
    let (number, shift) = match text.chars().last() {
        Some('G') => (&text[..text.len() - 1], 30),
        Some('M') => (&text[..text.len() - 1], 20),
        _ => (text, 0),
    };
    Ok(number.parse::<u64>()? << shift)
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    // Not `main`: the test harness's own arguments are not the example's.
    let arguments = |words: &[&str]| words.iter().map(ToString::to_string).collect::<Vec<_>>();
    run(&arguments(&["hanoi", "6", "sorted"]))?;
    run(&arguments(&["hanoi", "6", "hashed"]))?;
    run(&arguments(&["15", "8", "sorted", "64M"]))?;
    run(&arguments(&["15keys", "8", "sorted", "64M"]))
}
