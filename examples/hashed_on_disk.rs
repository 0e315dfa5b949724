//! Spaces of your own past memory: the pancake puzzle and the 4-peg Tower
//! of Hanoi written as a user would write them (a state packed in an
//! integer, no ranks), enumerated with delayed duplicate detection on
//! disk by `DiskEnumeration`, its sort buffer held to a memory limit.
//! Each answer is checked: pancakes against the in-memory `enumerate`,
//! the tower against the 2-bit `DenseEnumeration` of `puzzles::Hanoi4`.
//!
//! `cargo run --release -p examples --example hashed_on_disk -- pancakes 11 64M`
//! and `-- hanoi 15 2G` (4^15 = 1,073,741,824 states), in files under the
//! system's temporary directory (`64M` is 64 MiB); without arguments,
//! 8 pancakes and 8 discs in 2 MiB. docs/performance.md has the figures ("Enumeration on
//! disk, hashed").

use std::time::Instant;

use puzzles::Hanoi4;
use search_core::breadth_first::{DiskEnumeration, Enumeration};
use search_core::dense::DenseEnumeration;
use search_core::space::{AsRanked, Undirected};
use search_core::{Limits, Ranking, Run, enumerate, from_fn};

/// The stack `0 1 2 .. n-1`, top first, the top in the low nibble.
fn sorted(n: u32) -> u64 {
    (0..u64::from(n)).fold(0, |stack, pancake| stack | (pancake << (4 * pancake)))
}

/// The stacks one flip from `stack`: the top `k` pancakes reversed, for
/// each `k` from 2 to `n`.
fn flips(n: u32) -> impl Fn(&u64) -> Vec<u64> {
    move |&stack| {
        (2..=n)
            .map(|k| {
                let mask = u64::MAX >> (64 - 4 * k);
                let top = stack & mask;
                let reversed =
                    (0..k).fold(0, |out, i| out | (((top >> (4 * i)) & 0xF) << (4 * (k - 1 - i))));
                (stack & !mask) | reversed
            })
            .collect()
    }
}

/// The towers one move from `tower`, each disc's peg in two bits, the
/// smallest disc lowest: a peg's top disc onto a peg whose discs are all
/// larger.
fn moves(discs: u32) -> impl Fn(&u32) -> Vec<u32> {
    move |&tower| {
        // The smallest disc on each peg, `discs` for an empty one.
        let mut top = [discs; 4];
        for disc in (0..discs).rev() {
            top[((tower >> (2 * disc)) & 3) as usize] = disc;
        }
        let mut next = Vec::with_capacity(6);
        for from in 0..4 {
            for to in 0..4 {
                if top[from] < top[to] {
                    let disc = top[from];
                    next.push(tower & !(3 << (2 * disc)) | ((to as u32) << (2 * disc)));
                }
            }
        }
        next
    }
}

/// `64M`, `2G` or a plain number of bytes.
fn bytes(text: &str) -> Option<u64> {
    let (digits, unit) = match text.char_indices().last()? {
        (at, 'K') => (&text[..at], 1 << 10),
        (at, 'M') => (&text[..at], 1 << 20),
        (at, 'G') => (&text[..at], 1 << 30),
        _ => (text, 1),
    };
    digits.parse::<u64>().ok().map(|n| n * unit)
}

/// Enumerates `space` from `start` on disk in `limit` bytes, and says how
/// it went.
fn on_disk<S>(
    name: &str,
    space: &impl search_core::Reversible<State = S>,
    start: S,
    limit: u64,
) -> Result<Enumeration<S>, Box<dyn std::error::Error>>
where
    S: search_core::State + serde::Serialize + serde::de::DeserializeOwned,
{
    // One directory for every run: a run killed leaves its files there,
    // and the next clears them (its lock is free); two at once are told
    // apart by the lock, the second refused.
    let dir = std::env::temp_dir().join("hashed-on-disk");
    let began = Instant::now();
    let (mut read, mut written) = (0, 0);
    let mut run = Run::new().limits(Limits::new().max_memory(limit)).on_progress(|progress| {
        (read, written) = (progress.read, progress.written);
    });
    let layers = DiskEnumeration::new(&dir).run_reversible(space, [start], &mut run)?;
    drop(run);
    std::fs::remove_dir(&dir)?;
    // Tenths of a mebibyte, in whole numbers.
    let mib = |bytes: u64| format!("{}.{}", bytes >> 20, ((bytes & 0xF_FFFF) * 10) >> 20);
    println!(
        "{name} on disk in {} MiB: {} states, radius {}, in {:.2?} ({} MiB read, {} MiB written)",
        mib(limit),
        layers.states(),
        layers.radius(),
        began.elapsed(),
        mib(read),
        mib(written),
    );
    Ok(layers)
}

/// `n` pancakes on disk, checked against `enumerate`.
fn pancakes(n: u32, limit: u64) -> Result<(), Box<dyn std::error::Error>> {
    if !(2..=16).contains(&n) {
        return Err("from 2 to 16 pancakes".into());
    }
    let space = Undirected(from_fn(flips(n)));
    let disk = on_disk(&format!("{n} pancakes"), &space, sorted(n), limit)?;
    let began = Instant::now();
    let memory = enumerate(&space, [sorted(n)])?;
    println!("{n} pancakes in memory: {} states, in {:.2?}", memory.states(), began.elapsed());
    assert_eq!(disk.layer_sizes(), memory.layer_sizes());
    let (mut a, mut b) = (disk.deepest().to_vec(), memory.deepest().to_vec());
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b);
    assert_eq!(disk.states(), (1..=u64::from(n)).product::<u64>());
    Ok(())
}

/// `discs` discs on disk, checked against the dense engine.
fn hanoi(discs: u32, limit: u64) -> Result<(), Box<dyn std::error::Error>> {
    if !(1..=16).contains(&discs) {
        return Err("from 1 to 16 discs".into());
    }
    let space = Undirected(from_fn(moves(discs)));
    let disk = on_disk(&format!("{discs} discs on 4 pegs"), &space, 0, limit)?;
    let began = Instant::now();
    let dense = Hanoi4::new(discs as usize)?;
    let start = dense.rank(&dense.start());
    let dense = DenseEnumeration::new().run(&AsRanked(dense), &[start], &mut Run::new())?;
    println!("{discs} discs, dense: {} states, in {:.2?}", dense.states(), began.elapsed());
    assert_eq!(disk.layer_sizes(), dense.layer_sizes());
    assert_eq!(disk.states(), 1 << (2 * discs));
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(&args)
}

/// What `main` does with its arguments: `[SPACE N LIMIT]`.
fn run(args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let size = |at: usize, default: u32| args.get(at).map_or(Ok(default), |arg| arg.parse());
    let limit = args.get(2).map_or(Some(2 << 20), |arg| bytes(arg)).ok_or("a limit such as 64M")?;
    match args.first().map(String::as_str) {
        None => {
            pancakes(8, limit)?;
            hanoi(8, limit)
        }
        Some("pancakes") => pancakes(size(1, 8)?, limit),
        Some("hanoi") => hanoi(size(1, 8)?, limit),
        Some(other) => Err(format!("no space {other}: pancakes or hanoi").into()),
    }
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    // Not `main`: the test harness's own arguments are not the example's.
    run(&[])
}
