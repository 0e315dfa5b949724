//! The ranking building blocks over whole small shapes: each a bijection
//! onto `0..count`, in the order the docs say, and unrank the inverse of
//! rank.

use proptest::prelude::*;
use search_core::ErrorKind;
use search_core::ranking::{
    Combinations, EvenPermutations, KPermutations, MixedRadix, Permutations, Product,
};

/// Every ordered choice of `k` of `0..n`, in lexicographic order.
fn choices(n: u8, k: usize) -> Vec<Vec<u8>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for first in 0..n {
        for rest in choices(n, k - 1) {
            if !rest.contains(&first) {
                let mut choice = vec![first];
                choice.extend(rest);
                all.push(choice);
            }
        }
    }
    all
}

/// A permutation's inversions, counted pair by pair: its parity is theirs.
fn inversions(perm: &[u8]) -> usize {
    (0..perm.len()).map(|i| (i + 1..perm.len()).filter(|&j| perm[i] > perm[j]).count()).sum()
}

#[test]
fn k_permutations_rank_every_choice_in_lexicographic_order() {
    for n in 0..=7u8 {
        for k in 0..=usize::from(n) {
            let ranking = KPermutations::new(usize::from(n), k).unwrap();
            let all = choices(n, k);
            assert_eq!(ranking.count(), all.len() as u64, "{k} of {n}");
            for (expected, choice) in all.iter().enumerate() {
                assert_eq!(ranking.rank(choice), expected as u64, "{choice:?}");
                let mut back = vec![0; k];
                ranking.unrank(expected as u64, &mut back);
                assert_eq!(&back, choice);
            }
        }
    }
}

#[test]
fn k_permutations_of_up_to_32_items_fit_when_their_count_does() {
    // Seven of the 24-puzzle's 25 cells: a 6-tile pattern and the blank.
    let placements = KPermutations::new(25, 7).unwrap();
    assert_eq!(placements.count(), 2_422_728_000);
    assert_eq!(placements.rank(&[0, 1, 2, 3, 4, 5, 6]), 0);
    assert_eq!(placements.rank(&[24, 23, 22, 21, 20, 19, 18]), placements.count() - 1);
    // The first cell is the most significant digit: one more in it passes
    // every placement of the other six among the 24 cells left.
    assert_eq!(placements.rank(&[1, 0, 2, 3, 4, 5, 6]), 24 * 23 * 22 * 21 * 20 * 19);
    let mut seed = 7u64;
    let mut back = [0u8; 7];
    for _ in 0..10_000 {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let rank = seed % placements.count();
        placements.unrank(rank, &mut back);
        let mut distinct = back.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        assert!(distinct.len() == 7 && back.iter().all(|&cell| cell < 25), "{back:?}");
        assert_eq!(placements.rank(&back), rank);
    }
    // Every bit of the mask: 32 items.
    let one_of_32 = KPermutations::new(32, 2).unwrap();
    assert_eq!(one_of_32.count(), 32 * 31);
    assert_eq!(one_of_32.rank(&[31, 30]), 32 * 31 - 1);
    one_of_32.unrank(32 * 31 - 1, &mut back[..2]);
    assert_eq!(back[..2], [31, 30]);
    assert_eq!(KPermutations::new(25, 15).unwrap().count(), (11..=25u64).product::<u64>());
}

#[test]
fn permutations_are_the_choices_of_all() {
    for n in 1..=7u8 {
        let ranking = Permutations::new(usize::from(n)).unwrap();
        let all = choices(n, usize::from(n));
        assert_eq!(ranking.count(), all.len() as u64);
        for (expected, perm) in all.iter().enumerate() {
            assert_eq!(ranking.rank(perm), expected as u64);
        }
    }
}

#[test]
fn even_permutations_rank_the_even_half_densely() {
    for n in 2..=7u8 {
        let ranking = EvenPermutations::new(usize::from(n)).unwrap();
        let even: Vec<Vec<u8>> = choices(n, usize::from(n))
            .into_iter()
            .filter(|perm| inversions(perm).is_multiple_of(2))
            .collect();
        assert_eq!(ranking.count(), even.len() as u64, "n = {n}");
        let mut seen = vec![false; even.len()];
        for perm in &even {
            assert!(EvenPermutations::is_even(perm));
            let rank = ranking.rank(perm);
            assert!(!seen[rank as usize], "{perm:?} shares rank {rank}");
            seen[rank as usize] = true;
            let mut back = vec![0; usize::from(n)];
            ranking.unrank(rank, &mut back);
            assert_eq!(&back, perm);
        }
    }
    let odd = choices(5, 5).into_iter().filter(|perm| inversions(perm) % 2 == 1);
    assert!(odd.into_iter().all(|perm| !EvenPermutations::is_even(&perm)));
}

#[test]
fn combinations_rank_every_subset_densely() {
    for n in 0..=10usize {
        for k in 0..=n {
            let ranking = Combinations::new(n, k).unwrap();
            let subsets: Vec<u64> =
                (0u64..1 << n).filter(|mask| mask.count_ones() as usize == k).collect();
            assert_eq!(ranking.count(), subsets.len() as u64, "{k} of {n}");
            let mut seen = vec![false; subsets.len()];
            for &mask in &subsets {
                let rank = ranking.rank(mask);
                assert!(!seen[rank as usize], "{mask:b} shares rank {rank}");
                seen[rank as usize] = true;
                assert_eq!(ranking.unrank(rank), mask);
            }
        }
    }
}

#[test]
fn shapes_that_do_not_fit_are_refused() {
    for error in [
        KPermutations::new(33, 1).unwrap_err(),
        KPermutations::new(21, 21).unwrap_err(),
        KPermutations::new(25, 16).unwrap_err(),
        KPermutations::new(3, 4).unwrap_err(),
        EvenPermutations::new(1).unwrap_err(),
        Combinations::new(65, 1).unwrap_err(),
        MixedRadix::new(vec![1 << 32, 1 << 32]).unwrap_err(),
        Product::new(u64::MAX, 2).unwrap_err(),
    ] {
        assert!(matches!(error.kind(), ErrorKind::InvalidShape { .. }), "{error}");
    }
    // Input that is not a permutation gives some rank, never a panic.
    let ranking = Permutations::new(20).unwrap();
    let _ = ranking.rank(&[255; 20]);
    let mut perm = [0; 20];
    ranking.unrank(u64::MAX, &mut perm);
}

proptest! {
    #[test]
    fn mixed_radix_digits_round_trip(radices in prop::collection::vec(1u64..=9, 0..8), seed in any::<u64>()) {
        let digits = MixedRadix::new(radices.clone()).unwrap();
        let count: u64 = radices.iter().product();
        prop_assert_eq!(digits.count(), count);
        let rank = seed % count;
        let mut back = vec![0u8; radices.len()];
        digits.unrank(rank, &mut back);
        for (&digit, &radix) in back.iter().zip(&radices) {
            prop_assert!(u64::from(digit) < radix);
        }
        prop_assert_eq!(digits.rank(&back), rank);
    }

    // Powers of two take shifts: the same numbers as the digits' sum.
    #[test]
    fn uniform_powers_of_two_rank_as_positional_numbers(bits in 0u32..=4, len in 0usize..10, seed in any::<u64>()) {
        let radix = 1u64 << bits;
        let digits = MixedRadix::uniform(radix, len).unwrap();
        let rank = seed % digits.count();
        let mut back = vec![0u8; len];
        digits.unrank(rank, &mut back);
        let sum: u64 = back.iter().rev().fold(0, |sum, &digit| sum * radix + u64::from(digit));
        prop_assert_eq!(sum, rank);
        prop_assert_eq!(digits.rank(&back), rank);
    }

    #[test]
    fn products_round_trip(first in 1u64..1_000_000, second in 1u64..1_000_000, seed in any::<u64>()) {
        let product = Product::new(first, second).unwrap();
        let rank = seed % product.count();
        let (a, b) = product.unrank(rank);
        prop_assert!(a < first && b < second);
        prop_assert_eq!(product.rank(a, b), rank);
    }

    #[test]
    fn permutations_of_up_to_20_round_trip(n in 1usize..=20, seed in any::<u64>()) {
        let ranking = Permutations::new(n).unwrap();
        let rank = seed % ranking.count();
        let mut perm = vec![0u8; n];
        ranking.unrank(rank, &mut perm);
        let mut sorted = perm.clone();
        sorted.sort_unstable();
        prop_assert_eq!(sorted, (0..n as u8).collect::<Vec<_>>());
        prop_assert_eq!(ranking.rank(&perm), rank);
    }
}
