use std::collections::VecDeque;

use proptest::prelude::*;
use puzzles::{Lock, open_lock};

#[test]
fn leetcode_examples() {
    assert_eq!(open_lock(&["0201", "0101", "0102", "1212", "2002"], "0202").unwrap(), 6);
    assert_eq!(open_lock(&["8888"], "0009").unwrap(), 1);
    let walled = ["8887", "8889", "8878", "8898", "8788", "8988", "7888", "9888"];
    assert_eq!(open_lock(&walled, "8888").unwrap(), -1);
    assert_eq!(open_lock(&["0000"], "8888").unwrap(), -1);
    assert_eq!(open_lock::<&str>(&[], "5555").unwrap(), 20);
    assert_eq!(open_lock::<&str>(&[], "0000").unwrap(), 0);
}

#[test]
fn bad_codes_get_clear_errors() {
    let error = open_lock(&["000"], "0202").unwrap_err();
    assert_eq!(error.to_string(), "code '000' has 3 wheels, expected 4");
    let error = open_lock::<&str>(&[], "02a2").unwrap_err();
    assert_eq!(error.to_string(), "code '02a2': character 3 is not a digit from 0 to 9");
    let lock = Lock::new(3, 6).unwrap();
    let error = lock.turns("017").unwrap_err();
    assert_eq!(error.to_string(), "code '017': character 3 is not a digit from 0 to 5");
    assert!(Lock::new(0, 10).is_err());
    assert!(Lock::new(10, 10).is_err());
}

#[test]
fn paths_turn_one_wheel_one_step_at_a_time() {
    let lock = Lock::standard().with_deadends(["0201", "0101", "0102", "1212", "2002"]).unwrap();
    let path = lock.open("0202").unwrap().unwrap();
    for (pair, turn) in path.states().windows(2).zip(path.moves()) {
        let (from, to) = (lock.format_code(pair[0]), lock.format_code(pair[1]));
        let changed: Vec<usize> =
            (0..4).filter(|&i| from.as_bytes()[i] != to.as_bytes()[i]).collect();
        assert_eq!(changed, [usize::from(turn.wheel)], "{from} -> {to} by {turn}");
        let (a, b) = (from.as_bytes()[changed[0]] - b'0', to.as_bytes()[changed[0]] - b'0');
        assert_eq!(b, if turn.up { (a + 1) % 10 } else { (a + 9) % 10 });
        assert!(!["0201", "0101", "0102", "1212", "2002"].contains(&to.as_str()));
    }
}

/// Plain BFS over strings, sharing nothing with the crate.
fn reference(wheels: usize, digits: u8, deadends: &[String], target: &str) -> Option<usize> {
    let start = "0".repeat(wheels);
    if deadends.contains(&start) || deadends.iter().any(|d| d == target) {
        return None;
    }
    let mut seen = std::collections::HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([(start, 0)]);
    while let Some((code, d)) = queue.pop_front() {
        if code == target {
            return Some(d);
        }
        for i in 0..wheels {
            for delta in [1, digits - 1] {
                let mut next = code.clone().into_bytes();
                next[i] = b'0' + (next[i] - b'0' + delta) % digits;
                let next = String::from_utf8(next).unwrap();
                if !deadends.contains(&next) && seen.insert(next.clone()) {
                    queue.push_back((next, d + 1));
                }
            }
        }
    }
    None
}

fn code(wheels: usize, digits: u8) -> impl Strategy<Value = String> {
    prop::collection::vec(0..digits, wheels)
        .prop_map(|d| d.iter().map(|&d| char::from(b'0' + d)).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn generalised_locks_match_plain_bfs(
        (wheels, digits, deadends, target) in (1usize..=4, 2u8..=10).prop_flat_map(|(w, d)| {
            (Just(w), Just(d), prop::collection::vec(code(w, d), 0..30), code(w, d))
        })
    ) {
        let lock = Lock::new(wheels, digits).unwrap().with_deadends(&deadends).unwrap();
        prop_assert_eq!(lock.turns(&target).unwrap(), reference(wheels, digits, &deadends, &target));
    }
}

#[test]
#[ignore = "10^9 codes in 2-bit tables: about 50 s and 0.5 GB in a release build"]
fn a_nine_wheel_lock_is_answered() {
    // The farthest code of 9 wheels: every one of the 10^9 codes is
    // reached first.
    let lock = Lock::new(9, 10).unwrap().with_deadends(["000000001"]).unwrap();
    let path = lock.open("555555555").unwrap().expect("reachable");
    assert_eq!(path.len(), 45);
    assert_legal_turns(&lock, &path, &["000000001"]);
}

/// Checks a path move by move: one wheel, one step, no dead end.
fn assert_legal_turns(lock: &Lock, path: &search_core::Path<u32, puzzles::Turn>, dead: &[&str]) {
    assert_eq!(lock.format_code(path.states()[0]), "0".repeat(lock.wheels()));
    for (pair, turn) in path.states().windows(2).zip(path.moves()) {
        let (from, to) = (lock.format_code(pair[0]), lock.format_code(pair[1]));
        assert!(!dead.contains(&to.as_str()), "{to} is a dead end");
        let changed: Vec<usize> =
            (0..from.len()).filter(|&i| from.as_bytes()[i] != to.as_bytes()[i]).collect();
        assert_eq!(changed, [usize::from(turn.wheel)], "{from} -> {to} by {turn}");
        let (a, b) = (from.as_bytes()[changed[0]] - b'0', to.as_bytes()[changed[0]] - b'0');
        assert_eq!(b, if turn.up { (a + 1) % 10 } else { (a + 9) % 10 });
    }
}

#[test]
fn locks_of_a_hundred_million_codes_are_searched_in_two_bit_tables() {
    // 8 wheels: 10^8 codes, where a search tree of every code would take
    // gigabytes; the 2-bit layers take 50 MB.
    let lock = Lock::new(8, 10).unwrap();
    let path = lock.open("12345678").unwrap().expect("reachable");
    assert_eq!(path.len(), 1 + 2 + 3 + 4 + 5 + 4 + 3 + 2);
    assert_eq!(lock.format_code(*path.end()), "12345678");
    assert_legal_turns(&lock, &path, &[]);

    // Wheel 1 cannot pass 1 or 9 while the others read 0: a detour of two
    // turns of another wheel.
    let dead = ["10000000", "90000000"];
    let lock = Lock::new(8, 10).unwrap().with_deadends(dead).unwrap();
    let path = lock.open("20000000").unwrap().expect("reachable");
    assert_eq!(path.len(), 4);
    assert_legal_turns(&lock, &path, &dead);
    assert_eq!(lock.turns("00000000").unwrap(), Some(0));
}
