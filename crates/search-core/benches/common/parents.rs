//! The walk back that the textbook loops with the path end with: from the
//! goal to the start along the parent each cell keeps beside its cost.

use rustc_hash::FxHashMap;

/// The cells from `start` to `goal`, read back from `best`, where each
/// reached cell keeps its cost and the cell it was reached from.
pub fn path_back<C>(best: &FxHashMap<u32, (C, u32)>, start: u32, goal: u32) -> Vec<u32> {
    let (mut path, mut at) = (vec![goal], goal);
    while at != start {
        at = best[&at].1;
        path.push(at);
    }
    path.reverse();
    path
}
