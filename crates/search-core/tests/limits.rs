use search_core::{ErrorKind, Limit, Limits, Search, from_fn};

#[test]
fn state_limit_stops_an_infinite_search() {
    let naturals = from_fn(|&n: &u64| [n + 1, n + 2]);
    let mut search = Search::new(&naturals).limits(Limits::new().max_states(10_000));
    for error in [
        search.bfs([0], |_| false).unwrap_err(),
        search.distance([0], |_| false).unwrap_err(),
        search.enumerate([0]).unwrap_err(),
        search.all_shortest_paths([0], |_| false).unwrap_err(),
    ] {
        assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::States(10_000)));
        assert!(error.to_string().contains("10000 stored states"), "{error}");
    }
    assert!(search.stats().stored <= 10_000);
}

#[test]
fn depth_limit_is_an_error_only_when_states_remain() {
    let ring = from_fn(|&n: &u8| [(n + 1) % 10]);
    let mut search = Search::new(&ring).limits(Limits::new().max_depth(5));
    assert_eq!(search.distance([0], |&n| n == 5).unwrap(), Some(5));
    let error = search.distance([0], |&n| n == 6).unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::LimitReached(Limit::Depth(5)));
    assert!(search.bfs([0], |&n| n == 9).is_err());
    // The whole ring lies within 9 moves, so a bound of 9 is never reached.
    let mut search = Search::new(&ring).limits(Limits::new().max_depth(9));
    assert_eq!(search.distance([0], |&n| n == 42).unwrap(), None);
    assert_eq!(search.enumerate([0]).unwrap().radius(), 9);
}

#[test]
fn errors_are_send_sync_and_display_one_lowercase_line() {
    fn assert_send_sync<T: Send + Sync + std::error::Error>() {}
    assert_send_sync::<search_core::Error>();
    let ring = from_fn(|&n: &u8| [n.wrapping_add(1)]);
    let error =
        Search::new(&ring).limits(Limits::new().max_depth(3)).bfs([0], |_| false).unwrap_err();
    let message = error.to_string();
    assert!(!message.contains('\n'));
    assert!(message.starts_with(char::is_lowercase));
}
