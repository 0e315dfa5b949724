//! Sums of costs that pass the most their type holds: an error from every
//! informed search, never a wrapped and wrong answer.

use search_core::Run;
use search_core::cheapest::{AStar, ZeroOneBfs, zero_one_bfs};
use search_core::deepening::{IdaStar, InPlace};
use search_core::{ErrorKind, Limits, Successors, Weighted, astar, dijkstra, ida_star};

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
    let mut search = IdaStar::new();
    let mut run = Run::new().limits(Limits::new().max_depth(10));
    assert!(is_overflow(search.run_in_place(&line, [0], &zero, goal, &mut run)));
    assert!(is_overflow(search.run_parallel(&line, [0], &zero, goal, &mut run)));
    // In a type that holds it, the true cost.
    let wide = Line { length: 5, step: u64::from(u32::MAX / 3) };
    let (path, cost) = dijkstra(&wide, [0], goal).unwrap().expect("reachable");
    assert_eq!((path.len(), cost), (5, 7_158_278_825));
    let (_, cost) = ida_star(&wide, [0], &|_: &u32| 0u64, goal).unwrap().expect("reachable");
    assert_eq!(cost, 7_158_278_825);
}

#[test]
fn a_move_past_the_cost_type_off_the_cheapest_path_is_pruned() {
    // 0 -> 1 for 200, then 1 -> 2 for 100 passes u8; 0 -> 3 for 250 fits.
    // State 1 is expanded before the goal is reached: its move to 2 is
    // left out, and the cheapest path answered.
    let space = search_core::from_fn_weighted(|&n: &u8| match n {
        0 => vec![(1, 200u8), (3, 250)],
        1 => vec![(2, 100)],
        _ => vec![],
    });
    let goal = |&n: &u8| n == 3;
    let answer = |found: Option<(search_core::Path<u8, u8>, u8)>| {
        found.map(|(path, cost)| (path.states().to_vec(), cost))
    };
    let expected = Some((vec![0, 3], 250));
    assert_eq!(answer(dijkstra(&space, [0], goal).unwrap()), expected);
    assert_eq!(answer(astar(&space, [0], |_| 0, goal).unwrap()), expected);
    assert_eq!(answer(ida_star(&space, [0], |_| 0, goal).unwrap()), expected);
    assert_eq!(
        answer(search_core::cheapest::fringe_search(&space, [0], |_| 0, goal).unwrap()),
        expected
    );
    let all = search_core::cheapest::all_cheapest_paths(&space, [0], |_| 0, goal).unwrap();
    assert_eq!((all.cost(), all.count()), (Some(250), 1));
    let yen = search_core::cheapest::k_cheapest_paths(&space, [0], goal, 1).unwrap();
    assert_eq!(yen.iter().map(|(_, cost)| *cost).collect::<Vec<_>>(), [250]);
    // A second path would leave 0 by the other move, and the move past
    // the type hides whether one exists: that is an error, not an answer.
    assert!(is_overflow(search_core::cheapest::k_cheapest_paths(&space, [0], goal, 2)));
    // Past the type, 2 is never settled: every other state is.
    assert_eq!(search_core::cheapest::dijkstra_all(&space, [0], None).unwrap().len(), 3);
    // With the goal behind the move, no path fits the type: an error.
    assert!(is_overflow(dijkstra(&space, [0], |&n| n == 2)));
}

#[test]
fn three_hundred_unit_moves_overflow_u8_costs() {
    let line = Line { length: 300, step: 1u8 };
    let goal = |&n: &u32| n == 300;
    let zero = |_: &u32| 0u8;
    assert!(is_overflow(dijkstra(&line, [0], goal)));
    assert!(is_overflow(zero_one_bfs(&line, [0], goal)));
    assert!(is_overflow(ZeroOneBfs::new().run(&line, [0], goal, &mut Run::new())));
    assert!(is_overflow(AStar::new().run(&line, [0], &zero, goal, &mut Run::new())));
    assert!(is_overflow(ida_star(&line, [0], &zero, goal)));
    let mut search = IdaStar::new();
    let mut run = Run::new();
    assert!(is_overflow(search.run_in_place(&line, [0], &zero, goal, &mut run)));
    assert!(is_overflow(search.run_parallel(&line, [0], &zero, goal, &mut run)));
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
fn an_estimate_past_the_cost_type_prunes_its_state_instead_of_wrapping() {
    // An estimate that large says no goal is reachable from the state
    // within the type: the state is pruned, and the goal behind it with it.
    let line = Line { length: 14, step: 1u32 };
    let goal = |&n: &u32| n == 14;
    let huge = |&n: &u32| if n == 0 { 0 } else { u32::MAX };
    assert_eq!(ida_star(&line, [0], &huge, goal).unwrap(), None);
    assert_eq!(astar(&line, [0], &huge, goal).unwrap(), None);
    let mut search = IdaStar::new();
    let mut run = Run::new();
    assert_eq!(search.run_in_place(&line, [0], &huge, goal, &mut run).unwrap(), None);
    assert_eq!(search.run_parallel(&line, [0], &huge, goal, &mut run).unwrap(), None);
    let (_, cost) = ida_star(&line, [0], &|_: &u32| 0, goal).unwrap().expect("reachable");
    assert_eq!(cost, 14);
}

/// Float costs of quarters, whose sums are exact: every cheapest-cost
/// search agrees with the same graph's integer costs divided by four, in
/// plain `f64`, `f32` and `Real`, and a NaN, an infinity or a negative
/// cost is refused, never answered.
mod real_costs {
    use search_core::Run;
    use search_core::cheapest::{AStar, all_cheapest_paths, dijkstra_all, fringe_search};
    use search_core::deepening::IdaStar;
    use search_core::space::Real;
    use search_core::{ErrorKind, astar, dijkstra, from_fn_weighted};

    /// A ring of 12 whose steps forward cost `n % 4 + 1` quarters and
    /// whose jumps of 5 cost 6 quarters.
    fn quarters(n: u32) -> [(u32, u32); 2] {
        [((n + 1) % 12, n % 4 + 1), ((n + 5) % 12, 6)]
    }

    fn ring(n: u32) -> [(u32, f64); 2] {
        quarters(n).map(|(next, c)| (next, f64::from(c) / 4.0))
    }

    #[test]
    #[expect(clippy::float_cmp, reason = "sums of quarters are exact")]
    fn float_costs_agree_with_integer_costs() {
        let floats = from_fn_weighted(|&n: &u32| ring(n));
        let wrapped = from_fn_weighted(|&n: &u32| ring(n).map(|(next, c)| (next, Real(c))));
        let singles = from_fn_weighted(|&n: &u32| ring(n).map(|(next, c)| (next, c as f32)));
        let quarters = from_fn_weighted(|&n: &u32| quarters(n));
        for goal in 0..12 {
            let expected = dijkstra(&quarters, [0], |&n| n == goal).unwrap().unwrap().1;
            let expected = f64::from(expected) / 4.0;
            let found = dijkstra(&floats, [0], |&n| n == goal).unwrap().unwrap();
            assert_eq!(found.1, expected, "to {goal}");
            let walked: f64 = found
                .0
                .states()
                .windows(2)
                .map(|pair| {
                    ring(pair[0])
                        .iter()
                        .filter(|(next, _)| *next == pair[1])
                        .map(|(_, c)| *c)
                        .fold(f64::INFINITY, f64::min)
                })
                .sum();
            assert_eq!(walked, expected);
            let zero = |_: &u32| 0.0;
            assert_eq!(astar(&floats, [0], zero, |&n| n == goal).unwrap().unwrap().1, expected);
            let fringe = fringe_search(&floats, [0], zero, |&n| n == goal);
            assert_eq!(fringe.unwrap().unwrap().1, expected);
            let ida = IdaStar::new().run(&floats, [0], zero, |&n| n == goal, &mut Run::new());
            assert_eq!(ida.unwrap().unwrap().1, expected);
            assert_eq!(dijkstra_all(&floats, [0], None).unwrap().cost(&goal), Some(expected));
            assert_eq!(
                all_cheapest_paths(&floats, [0], zero, |&n| n == goal).unwrap().cost(),
                Some(expected)
            );
            // `Real` and `f32`, the same answers.
            let real = dijkstra(&wrapped, [0], |&n| n == goal).unwrap().unwrap().1;
            assert_eq!(real, Real(expected));
            let single = dijkstra(&singles, [0], |&n| n == goal).unwrap().unwrap().1;
            assert_eq!(f64::from(single), expected);
        }
    }

    #[test]
    fn nan_infinite_and_negative_costs_are_refused() {
        for bad in [f64::NAN, -f64::NAN, f64::INFINITY, -0.5] {
            let space = from_fn_weighted(move |&n: &u32| [(n + 1, if n == 3 { bad } else { 1.0 })]);
            let goal = |&n: &u32| n == 10;
            let zero = |_: &u32| 0.0;
            let errors = [
                dijkstra(&space, [0], goal).unwrap_err(),
                astar(&space, [0], zero, goal).unwrap_err(),
                fringe_search(&space, [0], zero, goal).unwrap_err(),
                IdaStar::new().run(&space, [0], zero, goal, &mut Run::new()).unwrap_err(),
                AStar::new().cheapest_costs(&space, [0], None, &mut Run::new()).unwrap_err(),
                all_cheapest_paths(&space, [0], zero, goal).unwrap_err(),
            ];
            for error in errors {
                let ErrorKind::InvalidCost { cost, reached_at } = error.kind() else {
                    panic!("{bad}: {error}");
                };
                assert_eq!(
                    (cost.as_str(), reached_at.as_str()),
                    (format!("{bad:?}").as_str(), "3.0")
                );
                assert!(error.to_string().contains("costs must be finite and not negative"));
            }
            let wrapped =
                from_fn_weighted(move |&n: &u32| [(n + 1, Real(if n == 3 { bad } else { 1.0 }))]);
            let error = dijkstra(&wrapped, [0], goal).unwrap_err();
            assert!(matches!(error.kind(), ErrorKind::InvalidCost { .. }), "{bad}: {error}");
        }
        // Signed integers too: a negative cost is an error, not a wrong answer.
        let signed = from_fn_weighted(|&n: &u32| [(n + 1, if n == 2 { -4i64 } else { 1 })]);
        let error = dijkstra(&signed, [0], |&n| n == 5).unwrap_err();
        assert_eq!(
            error.kind(),
            &ErrorKind::InvalidCost { cost: "-4".into(), reached_at: "2".into() }
        );
    }
}

/// The float types of `noisy_float` and `ordered-float`, behind the
/// features of those names (on in this crate's tests): the same answers
/// as `f64`, and the same refusals.
#[cfg(all(feature = "noisy_float", feature = "ordered-float"))]
mod float_crates {
    use noisy_float::types::{N64, R32, n64, r32, r64};
    use ordered_float::{NotNan, OrderedFloat};
    use search_core::{ErrorKind, Weighted, astar, dijkstra, from_fn_weighted};

    /// The ring of `real_costs`: steps of `n % 4 + 1` quarters forward,
    /// jumps of 5 for 6 quarters.
    fn ring(n: u32) -> [(u32, f64); 2] {
        [((n + 1) % 12, f64::from(n % 4 + 1) / 4.0), ((n + 5) % 12, 1.5)]
    }

    /// The cheapest cost from 0 to `goal` by Dijkstra and by A* with a
    /// zero estimate, which must agree.
    fn cheapest<G: Weighted<State = u32>>(space: &G, goal: u32) -> G::Cost
    where
        G::Cost: PartialEq,
    {
        let (_, cost) = dijkstra(space, [0], |&n| n == goal).unwrap().unwrap();
        let zero = |_: &u32| num_traits::Zero::zero();
        let (_, by_astar) = astar(space, [0], zero, |&n| n == goal).unwrap().unwrap();
        assert!(cost == by_astar, "to {goal}");
        cost
    }

    #[test]
    #[expect(clippy::float_cmp, reason = "sums of quarters are exact")]
    fn wrapped_floats_give_the_answers_of_f64() {
        /// The ring with each cost made a `C`.
        fn map<C>(f: fn(f64) -> C) -> impl Fn(&u32) -> [(u32, C); 2] {
            move |&n| ring(n).map(|(next, c)| (next, f(c)))
        }
        let floats = from_fn_weighted(|&n: &u32| ring(n));
        for goal in 0..12 {
            let expected = cheapest(&floats, goal);
            assert_eq!(cheapest(&from_fn_weighted(map(r64)), goal), r64(expected));
            assert_eq!(cheapest(&from_fn_weighted(map(n64)), goal), n64(expected));
            #[expect(clippy::cast_possible_truncation, reason = "quarters are exact in f32")]
            let single: fn(f64) -> R32 = |c| r32(c as f32);
            #[expect(clippy::cast_possible_truncation, reason = "quarters are exact in f32")]
            let expected_single = expected as f32;
            assert_eq!(cheapest(&from_fn_weighted(map(single)), goal).raw(), expected_single);
            let ordered = cheapest(&from_fn_weighted(map(OrderedFloat)), goal);
            assert_eq!(ordered, OrderedFloat(expected));
            let not_nan: fn(f64) -> NotNan<f64> = |c| NotNan::new(c).unwrap();
            assert_eq!(cheapest(&from_fn_weighted(map(not_nan)), goal), not_nan(expected));
        }
    }

    #[test]
    fn wrapped_floats_refuse_what_f64_refuses() {
        let goal = |&n: &u32| n == 10;
        let refused = |error: search_core::Error| {
            assert!(matches!(error.kind(), ErrorKind::InvalidCost { .. }), "{error}");
        };
        for bad in [f64::NAN, f64::INFINITY, -0.5] {
            let cost = move |n: u32| if n == 3 { bad } else { 1.0 };
            let ordered = from_fn_weighted(move |&n: &u32| [(n + 1, OrderedFloat(cost(n)))]);
            refused(dijkstra(&ordered, [0], goal).unwrap_err());
        }
        // The types that hold no NaN, and for `R64` no infinity, refuse
        // what they can hold.
        let negative = |n: u32| if n == 3 { -0.5 } else { 1.0 };
        let noisy = from_fn_weighted(move |&n: &u32| [(n + 1, r64(negative(n)))]);
        refused(dijkstra(&noisy, [0], goal).unwrap_err());
        let not_nan =
            from_fn_weighted(move |&n: &u32| [(n + 1, NotNan::new(negative(n)).unwrap())]);
        refused(dijkstra(&not_nan, [0], goal).unwrap_err());
        let infinite = |n: u32| if n == 3 { f64::INFINITY } else { 1.0 };
        let numbers: fn(f64) -> N64 = n64;
        let noisy = from_fn_weighted(move |&n: &u32| [(n + 1, numbers(infinite(n)))]);
        refused(dijkstra(&noisy, [0], goal).unwrap_err());
    }
}

/// Float costs that do not add exactly: eight-neighbour grids with walls,
/// diagonal steps of `sqrt 2`, and the octile distance as the estimate.
/// A* and Dijkstra, in closure and numbered form, against a textbook
/// Dijkstra written here (a binary heap keyed by the cost's bits), to
/// within the rounding of a path's sums.
mod octile_grids {
    use std::cmp::Reverse;
    use std::collections::{BinaryHeap, HashMap};
    use std::f64::consts::SQRT_2;

    use proptest::prelude::*;
    use search_core::cheapest::AStar;
    use search_core::space::rank_by;
    use search_core::{Ranking, Run, Successors, Weighted, astar, dijkstra, from_fn_weighted};

    const SIDE: u32 = 24;

    struct Grid {
        open: Vec<bool>,
    }

    impl Grid {
        #[expect(clippy::cast_sign_loss, reason = "x and y are checked to be on the grid first")]
        fn is_open(&self, x: i64, y: i64) -> bool {
            let side = i64::from(SIDE);
            (0..side).contains(&x) && (0..side).contains(&y) && self.open[(y * side + x) as usize]
        }

        #[expect(clippy::cast_sign_loss, reason = "a neighbour is open, so on the grid")]
        fn neighbours(&self, cell: u32) -> Vec<(u32, f64)> {
            let (x, y) = (i64::from(cell % SIDE), i64::from(cell / SIDE));
            let mut out = Vec::new();
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let diagonal = dx != 0 && dy != 0;
                if self.is_open(x + dx, y + dy)
                    && (!diagonal || (self.is_open(x + dx, y) && self.is_open(x, y + dy)))
                {
                    let next = ((y + dy) * i64::from(SIDE) + x + dx) as u32;
                    out.push((next, if diagonal { SQRT_2 } else { 1.0 }));
                }
            }
            out
        }

        fn textbook(&self, start: u32, goal: u32) -> Option<f64> {
            let mut best = HashMap::from([(start, 0.0_f64)]);
            let mut open = BinaryHeap::from([Reverse((0_u64, start))]);
            while let Some(Reverse((bits, cell))) = open.pop() {
                let cost = f64::from_bits(bits);
                if cost > best[&cell] {
                    continue;
                }
                if cell == goal {
                    return Some(cost);
                }
                for (next, step) in self.neighbours(cell) {
                    let reached = cost + step;
                    if best.get(&next).is_none_or(|&known| reached < known) {
                        best.insert(next, reached);
                        open.push(Reverse((reached.to_bits(), next)));
                    }
                }
            }
            None
        }
    }

    /// The grid numbering its cells, so that the searches index by rank.
    struct Numbered<'g>(&'g Grid);

    impl Successors for Numbered<'_> {
        type State = u32;
        type Move = f64;
        fn successors<F: FnMut(u32, f64)>(&self, &cell: &u32, mut report: F) {
            self.0.neighbours(cell).into_iter().for_each(|(next, step)| report(next, step));
        }
        fn ranking(&self) -> Option<impl Ranking<u32> + '_> {
            Some(rank_by(u64::from(SIDE * SIDE), |&cell: &u32| u64::from(cell)))
        }
    }

    impl Weighted for Numbered<'_> {
        type Cost = f64;
        fn cost(&self, _: &u32, &step: &f64, _: &u32) -> f64 {
            step
        }
    }

    fn octile(goal: u32) -> impl Fn(&u32) -> f64 + Copy {
        move |&cell| {
            let dx = f64::from((cell % SIDE).abs_diff(goal % SIDE));
            let dy = f64::from((cell / SIDE).abs_diff(goal / SIDE));
            dx.max(dy) + (SQRT_2 - 1.0) * dx.min(dy)
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn float_searches_agree_with_a_textbook_dijkstra(
            walls in proptest::collection::vec(proptest::bool::weighted(0.3), (SIDE * SIDE) as usize),
            start in 0..SIDE * SIDE,
            goal in 0..SIDE * SIDE,
        ) {
            let mut open: Vec<bool> = walls.iter().map(|wall| !wall).collect();
            open[start as usize] = true;
            open[goal as usize] = true;
            let grid = Grid { open };
            let expected = grid.textbook(start, goal);
            let space = from_fn_weighted(|&cell: &u32| grid.neighbours(cell));
            let numbered = Numbered(&grid);
            let is_goal = |&cell: &u32| cell == goal;
            let mut search = AStar::new();
            let mut run = Run::new();
            let found = [
                astar(&space, [start], octile(goal), is_goal).unwrap(),
                dijkstra(&space, [start], is_goal).unwrap(),
                astar(&numbered, [start], octile(goal), is_goal).unwrap(),
                search.run(&numbered, [start], |_| 0.0, is_goal, &mut run).unwrap(),
            ];
            for answer in found {
                match (&answer, expected) {
                    (Some((path, cost)), Some(expected)) => {
                        prop_assert!((cost - expected).abs() <= 1e-9, "{cost} against {expected}");
                        // Legal move by move, and its steps sum to its cost.
                        let mut walked = 0.0;
                        for pair in path.states().windows(2) {
                            let step = grid.neighbours(pair[0]).into_iter().find(|&(n, _)| n == pair[1]);
                            prop_assert!(step.is_some(), "{} -> {} is no move", pair[0], pair[1]);
                            walked += step.map_or(0.0, |(_, c)| c);
                        }
                        prop_assert!((walked - cost).abs() <= 1e-9);
                    }
                    (None, None) => {}
                    _ => prop_assert!(false, "{answer:?} against {expected:?}"),
                }
            }
        }
    }
}
