//! A space of your own past memory: the pancake puzzle written as a user
//! would write one (a stack of up to 16 pancakes packed 4 bits each in a
//! `u64`, no ranks), enumerated with delayed duplicate detection on disk
//! by `DiskEnumeration`, its sort buffer held to a memory limit, and
//! checked against the in-memory `enumerate`.
//!
//! `cargo run --release -p examples --example pancakes_on_disk -- 11 64M`
//! enumerates 11 pancakes (39,916,800 stacks) in a 64 MB limit, in files
//! under the system's temporary directory, then in memory; without
//! arguments, 8 pancakes in 2 MB. docs/performance.md has the figures
//! ("Enumeration on disk, hashed").

use std::time::Instant;

use search_core::{DiskEnumeration, Limits, Run, Undirected, enumerate, from_fn};

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

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let n: u32 = args.next().map_or(Ok(8), |arg| arg.parse())?;
    let limit =
        args.next().map_or(Some(2 << 20), |arg| bytes(&arg)).ok_or("a limit such as 64M")?;
    if !(2..=16).contains(&n) {
        return Err("from 2 to 16 pancakes".into());
    }
    let space = Undirected(from_fn(flips(n)));
    let dir = std::env::temp_dir().join(format!("pancakes-on-disk-{}", std::process::id()));

    let began = Instant::now();
    let (mut read, mut written) = (0, 0);
    let mut run = Run::new().limits(Limits::new().max_memory(limit)).on_progress(|progress| {
        (read, written) = (progress.read, progress.written);
    });
    let on_disk = DiskEnumeration::new(&dir).run_reversible(&space, [sorted(n)], &mut run)?;
    drop(run);
    let disk_time = began.elapsed();
    std::fs::remove_dir(&dir)?;
    println!(
        "{n} pancakes on disk, {limit} bytes of memory: {} stacks, radius {}, in {disk_time:.2?} ({} MB read, {} MB written)",
        on_disk.states(),
        on_disk.radius(),
        read / 1_000_000,
        written / 1_000_000,
    );

    let began = Instant::now();
    let in_memory = enumerate(&space, [sorted(n)])?;
    println!("{n} pancakes in memory: {} stacks, in {:.2?}", in_memory.states(), began.elapsed());
    assert_eq!(on_disk.layer_sizes(), in_memory.layer_sizes());
    let (mut a, mut b) = (on_disk.deepest().to_vec(), in_memory.deepest().to_vec());
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b);
    // n! stacks in all; the pancake numbers for 8 to 11 are 9, 10, 11, 13.
    assert_eq!(on_disk.states(), (1..=u64::from(n)).product::<u64>());
    Ok(())
}
