use search_core::Run;
use search_core::breadth_first::Search;
use search_core::{ErrorKind, Limit, Limits, from_fn};

#[test]
fn state_limit_stops_an_infinite_search() {
    let naturals = from_fn(|&n: &u64| [n + 1, n + 2]);
    let mut search = Search::new();
    let mut run = Run::new().limits(Limits::new().max_states(10_000));
    for error in [
        search.bfs(&naturals, [0], |_| false, &mut run).unwrap_err(),
        search.distance(&naturals, [0], |_| false, &mut run).unwrap_err(),
        search.enumerate(&naturals, [0], &mut run).unwrap_err(),
        search.all_shortest_paths(&naturals, [0], |_| false, &mut run).unwrap_err(),
    ] {
        assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(10_000)));
        assert!(error.to_string().contains("10000 stored states"), "{error}");
    }
    assert!(run.stats().stored <= 10_000);
}

#[test]
fn depth_limit_is_an_error_only_when_states_remain() {
    let ring = from_fn(|&n: &u8| [(n + 1) % 10]);
    let mut search = Search::new();
    let mut run = Run::new().limits(Limits::new().max_depth(5));
    assert_eq!(search.distance(&ring, [0], |&n| n == 5, &mut run).unwrap(), Some(5));
    let error = search.distance(&ring, [0], |&n| n == 6, &mut run).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Depth(5)));
    assert!(search.bfs(&ring, [0], |&n| n == 9, &mut run).is_err());
    // The whole ring lies within 9 moves, so a bound of 9 is never reached.
    let mut search = Search::new();
    let mut run = Run::new().limits(Limits::new().max_depth(9));
    assert_eq!(search.distance(&ring, [0], |&n| n == 42, &mut run).unwrap(), None);
    assert_eq!(search.enumerate(&ring, [0], &mut run).unwrap().radius(), 9);
}

#[test]
fn errors_are_send_sync_and_display_one_lowercase_line() {
    fn assert_send_sync<T: Send + Sync + std::error::Error>() {}
    assert_send_sync::<search_core::Error>();
    let ring = from_fn(|&n: &u8| [n.wrapping_add(1)]);
    let error = Search::new()
        .bfs(&ring, [0], |_| false, &mut Run::new().limits(Limits::new().max_depth(3)))
        .unwrap_err();
    let message = error.to_string();
    assert!(!message.contains('\n'));
    assert!(message.starts_with(char::is_lowercase));
}

#[test]
fn every_algorithm_reports_what_it_stored_when_it_reaches_the_state_limit() {
    let naturals = from_fn(|&n: &u64| [n + 1, n + 2]);
    let mut search = Search::new();
    let mut run = Run::new().limits(Limits::new().max_states(1_000));
    assert!(search.bfs(&naturals, [0], |_| false, &mut run).is_err());
    assert_eq!(run.stats().stored, 1_000, "bfs");
    assert!(search.distance(&naturals, [0], |_| false, &mut run).is_err());
    assert_eq!(run.stats().stored, 1_000, "distance");
    assert!(search.enumerate(&naturals, [0], &mut run).is_err());
    assert_eq!(run.stats().stored, 1_000, "enumerate");
    assert!(search.all_shortest_paths(&naturals, [0], |_| false, &mut run).is_err());
    assert_eq!(run.stats().stored, 1_000, "all_shortest_paths");
    let ring = search_core::space::Undirected(from_fn(|&n: &u64| [n + 1, n.saturating_sub(1)]));
    let mut search = Search::new();
    let mut run = Run::new().limits(Limits::new().max_states(1_000));
    assert!(search.bidirectional(&ring, [0], [5_000], &mut run).is_err());
    assert_eq!(run.stats().stored, 1_000, "bidirectional");
}

#[test]
fn the_memory_limit_stops_every_algorithm_with_its_own_error() {
    let naturals = search_core::space::Undirected(from_fn(|&n: &u64| [n + 1, n + 2]));
    let limits = Limits::new().max_memory(1 << 20);
    let mut search = Search::new();
    let mut run = Run::new().limits(limits);
    let errors = [
        search.bfs(&naturals, [0], |_| false, &mut run).unwrap_err(),
        search.distance(&naturals, [0], |_| false, &mut run).unwrap_err(),
        search.enumerate(&naturals, [0], &mut run).unwrap_err(),
        search.all_shortest_paths(&naturals, [0], |_| false, &mut run).unwrap_err(),
        search.bidirectional(&naturals, [0], [1 << 40], &mut run).unwrap_err(),
    ];
    for (index, error) in errors.into_iter().enumerate() {
        assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Memory(1 << 20)));
        // An enumeration looks for no answer, and says so.
        let expected = if index == 2 {
            "enumeration stopped at its memory limit of 1.0 MiB, with states left to visit"
        } else {
            "search reached its memory limit of 1.0 MiB without an answer"
        };
        assert_eq!(error.to_string(), expected);
    }
    let mut bounded = Run::new().limits(Limits::new().max_states(1_000));
    let error = search_core::breadth_first::ParallelEnumeration::new()
        .run(&naturals, [0], &mut bounded)
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "enumeration stopped at its limit of 1000 stored states, with states left to visit"
    );
    // A mebibyte holds some tens of thousands of these states, not millions.
    let stored = run.stats().stored;
    assert!((1_000..100_000).contains(&stored), "{stored}");
}

/// States are numbers below `bound`, each ranked by its value; each leads
/// to the next.
struct Counter {
    bound: usize,
}

impl search_core::Successors for Counter {
    type State = usize;
    type Move = ();
    fn successors<F: FnMut(usize, ())>(&self, &n: &usize, mut report: F) {
        report(n + 1, ());
    }
    fn ranking(&self) -> Option<impl search_core::Ranking<usize> + '_> {
        Some(search_core::space::rank_by(self.bound as u64, |&n: &usize| n as u64))
    }
}

#[test]
fn a_rank_past_the_declared_bound_names_that_bound() {
    // The pocket cube's 3,674,160 states are not a multiple of 64: a bit
    // table rounds up, and must not take the rounding for the bound.
    let space = Counter { bound: 3_674_160 };
    for error in [
        Search::new().bfs(&space, [3_674_150], |_| false, &mut Run::new()).unwrap_err(),
        Search::new().distance(&space, [3_674_150], |_| false, &mut Run::new()).unwrap_err(),
        Search::new().enumerate(&space, [3_674_150], &mut Run::new()).unwrap_err(),
        Search::new()
            .all_shortest_paths(&space, [3_674_150], |_| false, &mut Run::new())
            .unwrap_err(),
    ] {
        assert_eq!(error.kind(), &ErrorKind::RankOutOfBounds { rank: 3_674_160, count: 3_674_160 });
    }
}

#[test]
fn a_table_the_machine_cannot_hold_is_an_error_not_an_abort() {
    // A flat table of 2^62 bits fits an unlimited budget, but no machine.
    let space = Counter { bound: 1 << 62 };
    let limits = Limits::new().max_memory(u64::MAX);
    let error =
        Search::new().bfs(&space, [0], |&n| n == 10, &mut Run::new().limits(limits)).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::AllocationFailed { bytes: 1 << 59 });
    assert_eq!(
        error.to_string(),
        "could not allocate 512.0 PiB of memory: the machine has less than the limits allow"
    );
    // Under the default budget the same space is hashed, and answers.
    assert_eq!(
        Search::new().distance(&space, [0], |&n| n == 10, &mut Run::new()).unwrap(),
        Some(10)
    );
}

#[test]
fn progress_is_reported_as_a_long_search_goes() {
    let line = from_fn(|&n: &u32| [n + 1]);
    let mut reports = Vec::new();
    let mut search = Search::new();
    let mut run = Run::new().on_progress(|progress| reports.push(*progress));
    assert_eq!(
        search.bfs(&line, [0], |&n| n == 300_000, &mut run).unwrap().map(|p| p.len()),
        Some(300_000)
    );
    assert_eq!(search.distance(&line, [0], |&n| n == 300_000, &mut run).unwrap(), Some(300_000));
    drop(run);
    // Every 65,536 expansions, in each of the two runs.
    assert_eq!(reports.len(), 8);
    for pair in reports[..4].windows(2) {
        assert!(pair[0].expanded < pair[1].expanded && pair[0].depth < pair[1].depth);
    }
    assert!(reports.iter().all(|p| p.stored >= p.expanded && p.bytes > 0));
}

#[test]
fn every_algorithm_follows_one_depth_policy() {
    // A line of three states, 0 -> 1 -> 2, searched for a goal it lacks:
    // within a depth bound of 2 the whole line is explored, so the answer
    // is "no goal" for every algorithm, not a depth error.
    let line = from_fn(|&n: &u8| (n < 2).then_some(n + 1));
    let mut search = Search::new();
    let mut run = Run::new().limits(Limits::new().max_depth(2));
    assert_eq!(search.bfs(&line, [0], |&n| n == 5, &mut run).unwrap(), None);
    assert_eq!(search.distance(&line, [0], |&n| n == 5, &mut run).unwrap(), None);
    assert_eq!(search.enumerate(&line, [0], &mut run).unwrap().radius(), 2);
    let paths = search.all_shortest_paths(&line, [0], |&n| n == 5, &mut run).unwrap();
    assert_eq!((paths.distance(), paths.count()), (None, 0));
    // With a bound of 1, state 2 lies past it: every algorithm says so.
    let mut search = Search::new();
    let mut run = Run::new().limits(Limits::new().max_depth(1));
    let depth_error = ErrorKind::LimitReached(Limit::Depth(1));
    assert_eq!(search.bfs(&line, [0], |&n| n == 5, &mut run).unwrap_err().kind(), &depth_error);
    assert_eq!(
        search.distance(&line, [0], |&n| n == 5, &mut run).unwrap_err().kind(),
        &depth_error
    );
    // An enumeration answers the layers to the bound, and says there are
    // more.
    let cut = search.enumerate(&line, [0], &mut run).unwrap();
    assert_eq!(
        (cut.layer_sizes(), cut.deepest(), cut.is_complete()),
        (&[1, 1][..], &[1][..], false)
    );
    assert_eq!(
        search.all_shortest_paths(&line, [0], |&n| n == 5, &mut run).unwrap_err().kind(),
        &depth_error
    );
}

#[test]
fn an_ida_star_cache_counts_the_tables_it_kept() {
    // A line of 20,000 states: the path to its end holds every one.
    let line = search_core::space::UnitCost(from_fn(|&n: &u32| [n + 1]));
    let mut search = search_core::deepening::IdaStar::new();
    let goal = |&n: &u32| n == 20_000;
    // An exact estimate: one iteration, straight down the line.
    let estimate = |&n: &u32| 20_000u32.saturating_sub(n);
    let mut roomy = Run::new();
    assert!(search.run(&line, [0], estimate, goal, &mut roomy).unwrap().is_some());
    let held = roomy.memory();
    assert!(held > 20_000 * 4, "{held}");
    // The same search in a tenth of that memory fails as a new cache's
    // does: the tables kept from the search before count too, where they
    // had let it grow again past the limit unseen.
    let limit = held / 10;
    for search in [&mut search, &mut search_core::deepening::IdaStar::new()] {
        let mut tight = Run::new().limits(Limits::new().max_memory(limit));
        let error = search.run(&line, [0], estimate, goal, &mut tight).unwrap_err();
        assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Memory(limit)));
        assert!(tight.memory() <= limit, "{} over {limit}", tight.memory());
    }
}
