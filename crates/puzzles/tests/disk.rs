//! The puzzles' ranked spaces enumerated with their tables on disk, in
//! memory limits that cut them into many parts: the published counts and
//! radii, and the in-memory engine's layers, layer by layer.

use std::time::Duration;

use puzzles::{Hanoi4, Pancakes, SlidingPuzzle, TopSpin};
use search_core::breadth_first::Enumeration;
use search_core::dense::DenseEnumeration;
use search_core::layers::Enumerator;
use search_core::space::{AsRanked, RankedSpace};
use search_core::{Limits, Run};

/// The layers of `space` from `start` on disk within `memory` bytes, in a
/// directory of their own, checked against the in-memory engine's.
fn on_disk<R: RankedSpace>(name: &str, space: &R, start: u64, memory: u64) -> Enumeration<u64> {
    let dir = std::env::temp_dir().join(format!("puzzles-disk-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let needed = DenseEnumeration::memory_needed(space.rank_count());
    assert!(needed > 4 * memory, "{name}: {needed} bytes fit in a few parts of {memory}");
    let mut run = Run::new().limits(Limits::new().max_memory(memory));
    let layers = DenseEnumeration::new().threads(2).disk(&dir, name, Duration::from_secs(60)).run(
        space,
        &[start],
        &mut run,
    );
    let layers = layers.unwrap_or_else(|e| panic!("{name}: {e}"));
    let in_memory = DenseEnumeration::new().run(space, &[start], &mut Run::new()).unwrap();
    assert_eq!(layers.layer_sizes(), in_memory.layer_sizes(), "{name}");
    assert_eq!(layers.deepest(), in_memory.deepest(), "{name}");
    assert_eq!(std::fs::read_dir(&dir).map_or(0, Iterator::count), 0, "{name}: files left");
    let _ = std::fs::remove_dir_all(&dir);
    layers
}

#[test]
fn sliding_puzzles_on_disk_reach_their_known_counts_and_radii() {
    // The 8-puzzle's 181,440 boards, radius 31, in 12 parts of 4 KB; the
    // 2x4's 20,160, radius 36, in 10 parts of 512 bytes.
    for (rows, cols, memory, boards, radius) in
        [(3, 3, 8_192, 181_440, 31), (2, 4, 1_024, 20_160, 36)]
    {
        let puzzle = SlidingPuzzle::new(rows, cols).unwrap();
        let name = format!("{rows}x{cols}");
        let dir = std::env::temp_dir().join(format!("puzzles-disk-{name}-{}", std::process::id()));
        let on_disk = Enumerator::new().threads(2).disk(&dir).describe(&name);
        let mut run = Run::new().limits(Limits::new().max_memory(memory));
        let layers = puzzle.enumerate_with(&on_disk, &mut run).unwrap();
        assert_eq!((layers.states(), layers.radius()), (boards, radius), "{name}");
        let in_memory = puzzle.enumerate_with(&Enumerator::new(), &mut Run::new()).unwrap();
        assert_eq!(layers.layer_sizes(), in_memory.layer_sizes(), "{name}");
        assert_eq!(layers.deepest(), in_memory.deepest(), "{name}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn numbered_puzzles_on_disk_give_the_layers_they_give_in_memory() {
    // Pancakes rank their own flips; 8! = 40,320 stacks, radius 9.
    let pancakes = Pancakes::new(8).unwrap();
    let layers = on_disk("pancake-8", &pancakes.ranks(), 0, 1_024);
    assert_eq!((layers.states(), layers.radius()), (40_320, 9));
    let ring = TopSpin::new(8).unwrap();
    let ranked = AsRanked(ring);
    let start = search_core::Ranking::rank(&ring, &ring.solved());
    on_disk("topspin-8", &ranked, start, 1_024);
    let hanoi = Hanoi4::new(8).unwrap();
    let start = search_core::Ranking::rank(&hanoi, &hanoi.start());
    let layers = on_disk("hanoi4-8", &hanoi.ranks(), start, 1_024);
    assert_eq!(layers.states(), 4u64.pow(8));
}
