//! The ranking building blocks against the plain code a user would write:
//! a Lehmer rank over a bit mask of the values placed, and its unrank by
//! factorial digits. `cargo bench -p search-core --bench ranking`.

#![expect(missing_docs, reason = "criterion's macros generate the entry points")]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use search_core::ranking::Permutations;

const N: usize = 12;

/// 1,024 permutations of `0..12`, shuffled by a fixed xorshift.
fn permutations() -> Vec<[u8; N]> {
    let mut seed = 0x2545_F491_4F6C_DD1D_u64;
    let mut next = move |below: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % below as u64) as usize
    };
    (0..1024)
        .map(|_| {
            let mut perm: [u8; N] = std::array::from_fn(|i| i as u8);
            for i in (1..N).rev() {
                perm.swap(i, next(i + 1));
            }
            perm
        })
        .collect()
}

/// The Lehmer rank: each value's count of smaller values not yet placed,
/// read as factorial digits.
fn plain_rank(perm: &[u8; N]) -> u64 {
    let mut placed = 0u32;
    let mut rank = 0u64;
    for (i, &value) in perm.iter().enumerate() {
        let smaller_placed = (placed & ((1 << value) - 1)).count_ones();
        rank = rank * (N - i) as u64 + u64::from(u32::from(value) - smaller_placed);
        placed |= 1 << value;
    }
    rank
}

/// The permutation of a Lehmer rank: its factorial digits, each the
/// index among the values not yet placed.
fn plain_unrank(mut rank: u64) -> [u8; N] {
    let mut factorial: u64 = (1..N as u64).product();
    let mut unplaced = (1u32 << N) - 1;
    let mut perm = [0; N];
    for (i, slot) in perm.iter_mut().enumerate() {
        let digit = rank / factorial;
        rank %= factorial;
        let mut left = unplaced;
        for _ in 0..digit {
            left &= left - 1;
        }
        *slot = left.trailing_zeros() as u8;
        unplaced &= !(1 << *slot);
        factorial /= (N - 1 - i).max(1) as u64;
    }
    perm
}

fn permutations_of_12(c: &mut Criterion) {
    let perms = permutations();
    let block = Permutations::new(N).expect("12 items");
    let ranks: Vec<u64> = perms.iter().map(|perm| block.rank(perm)).collect();
    for (perm, &rank) in perms.iter().zip(&ranks) {
        assert_eq!(plain_rank(perm), rank);
        assert_eq!(plain_unrank(rank), *perm);
    }
    let mut group = c.benchmark_group("permutations of 12, 1,024 of them");
    group.bench_function("ours/rank", |b| {
        b.iter(|| perms.iter().map(|perm| block.rank(black_box(perm))).sum::<u64>());
    });
    group.bench_function("plain/rank", |b| {
        b.iter(|| perms.iter().map(|perm| plain_rank(black_box(perm))).sum::<u64>());
    });
    group.bench_function("ours/unrank", |b| {
        let mut perm = [0; N];
        b.iter(|| {
            ranks.iter().fold(0u8, |acc, &rank| {
                block.unrank(black_box(rank), &mut perm);
                acc ^ perm[0]
            })
        });
    });
    group.bench_function("plain/unrank", |b| {
        b.iter(|| ranks.iter().fold(0u8, |acc, &rank| acc ^ plain_unrank(black_box(rank))[0]));
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = permutations_of_12
}
criterion_main!(benches);
