//! Sums of costs that pass the most their type holds: an error from every
//! informed search, never a wrapped and wrong answer.

use search_core::{
    AStar, ErrorKind, IdaStar, InPlace, Limits, Successors, Weighted, ZeroOneBfs, astar, dijkstra,
    ida_star, zero_one_bfs,
};

/// A line 0 -> 1 -> ... -> `length`, every step costing `step`, of cost
/// type `C`.
struct Line<C> {
    length: u32,
    step: C,
}

impl<C> Successors for Line<C> {
    type State = u32;
    type Move = ();
    fn successors<F: FnMut(u32, ())>(&self, &n: &u32, mut report: F) {
        if n < self.length {
            report(n + 1, ());
        }
    }
}

impl<C: search_core::Cost> Weighted for Line<C> {
    type Cost = C;
    fn cost(&self, _: &u32, (): &(), _: &u32) -> C {
        self.step
    }
}

/// The same line, walked in place.
impl<C: search_core::Cost> InPlace for Line<C> {
    type State = u32;
    type Move = ();
    type Cost = C;
    fn moves<F: FnMut(())>(&self, &n: &u32, mut report: F) {
        if n < self.length {
            report(());
        }
    }
    fn apply(&self, n: &mut u32, (): &()) -> C {
        *n += 1;
        self.step
    }
    fn undo(&self, n: &mut u32, (): &()) {
        *n -= 1;
    }
    fn reverses(&self, (): &(), (): &()) -> bool {
        false
    }
}

fn is_overflow<T: std::fmt::Debug>(result: Result<T, search_core::Error>) -> bool {
    match result {
        Err(error) => {
            assert_eq!(
                error.to_string(),
                "a path's cost passed the most its cost type holds: search with a wider cost type"
            );
            error.kind() == &ErrorKind::CostOverflow
        }
        Ok(answer) => panic!("answered {answer:?} where the cost does not fit its type"),
    }
}

#[test]
fn five_moves_of_a_third_of_u32_max_overflow_every_search() {
    let line = Line { length: 5, step: u32::MAX / 3 };
    let goal = |&n: &u32| n == 5;
    let zero = |_: &u32| 0u32;
    assert!(is_overflow(dijkstra(&line, [0], goal)));
    assert!(is_overflow(astar(&line, [0], &zero, goal)));
    assert!(is_overflow(ida_star(&line, [0], &zero, goal)));
    let mut search = IdaStar::new().limits(Limits::new().max_depth(10));
    assert!(is_overflow(search.run_in_place(&line, [0], &zero, goal)));
    assert!(is_overflow(search.run_parallel(&line, [0], &zero, goal)));
    // In a type that holds it, the true cost.
    let wide = Line { length: 5, step: u64::from(u32::MAX / 3) };
    let (path, cost) = dijkstra(&wide, [0], goal).unwrap().expect("reachable");
    assert_eq!((path.len(), cost), (5, 7_158_278_825));
    let (_, cost) = ida_star(&wide, [0], &|_: &u32| 0u64, goal).unwrap().expect("reachable");
    assert_eq!(cost, 7_158_278_825);
}

#[test]
fn three_hundred_unit_moves_overflow_u8_costs() {
    let line = Line { length: 300, step: 1u8 };
    let goal = |&n: &u32| n == 300;
    let zero = |_: &u32| 0u8;
    assert!(is_overflow(dijkstra(&line, [0], goal)));
    assert!(is_overflow(zero_one_bfs(&line, [0], goal)));
    assert!(is_overflow(ZeroOneBfs::new().run(&line, [0], goal)));
    assert!(is_overflow(AStar::new().run(&line, [0], &zero, goal)));
    assert!(is_overflow(ida_star(&line, [0], &zero, goal)));
    let mut search = IdaStar::new();
    assert!(is_overflow(search.run_in_place(&line, [0], &zero, goal)));
    assert!(is_overflow(search.run_parallel(&line, [0], &zero, goal)));
    // 255 moves fit.
    let (path, cost) = dijkstra(&line, [0], |&n| n == 255).unwrap().expect("reachable");
    assert_eq!((path.len(), cost), (255, 255));
    let (_, cost) = ida_star(&line, [0], &zero, |&n| n == 255).unwrap().expect("reachable");
    assert_eq!(cost, 255);
    let wide = Line { length: 300, step: 1u16 };
    let (_, cost) = dijkstra(&wide, [0], goal).unwrap().expect("reachable");
    assert_eq!(cost, 300);
}

#[test]
fn an_estimate_of_the_largest_cost_overflows_instead_of_wrapping() {
    let line = Line { length: 14, step: 1u32 };
    let goal = |&n: &u32| n == 14;
    let huge = |&n: &u32| if n == 0 { 0 } else { u32::MAX };
    assert!(is_overflow(ida_star(&line, [0], &huge, goal)));
    assert!(is_overflow(astar(&line, [0], &huge, goal)));
    let mut search = IdaStar::new();
    assert!(is_overflow(search.run_in_place(&line, [0], &huge, goal)));
    assert!(is_overflow(search.run_parallel(&line, [0], &huge, goal)));
    let (_, cost) = ida_star(&line, [0], &|_: &u32| 0, goal).unwrap().expect("reachable");
    assert_eq!(cost, 14);
}
