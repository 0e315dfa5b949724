use puzzles::{
    KeyGrid, VisitAll, can_measure_water, min_mutation, shortest_path_all_keys,
    shortest_path_length,
};

#[test]
fn water_and_jug() {
    assert!(can_measure_water(3, 5, 4).unwrap());
    assert!(!can_measure_water(2, 6, 5).unwrap());
    assert!(can_measure_water(1, 2, 3).unwrap());
    // Bezout: reachable totals are the multiples of gcd(x, y) up to x + y.
    for x in 1..12u32 {
        for y in 1..12u32 {
            let gcd = (1..=x.min(y)).rev().find(|d| x % d == 0 && y % d == 0).unwrap();
            for target in 0..=u64::from(x + y + 2) {
                let expected = target <= u64::from(x + y) && target % u64::from(gcd) == 0;
                assert_eq!(can_measure_water(x, y, target).unwrap(), expected, "{x} {y} {target}");
            }
        }
    }
}

#[test]
fn all_keys() {
    assert_eq!(shortest_path_all_keys(&["@.a..", "###.#", "b.A.B"]).unwrap(), 8);
    assert_eq!(shortest_path_all_keys(&["@..aA", "..B#.", "....b"]).unwrap(), 6);
    assert_eq!(shortest_path_all_keys(&["@Aa"]).unwrap(), -1);
    assert_eq!(shortest_path_all_keys(&["@"]).unwrap(), 0);
    assert_eq!(
        KeyGrid::parse(&["@.", "..."]).unwrap_err().to_string(),
        "row 2 has 3 cells, but row 1 has 2"
    );
    assert_eq!(
        KeyGrid::parse(&["@a", "."]).unwrap_err().to_string(),
        "row 2 has 1 cell, but row 1 has 2"
    );
    assert_eq!(KeyGrid::parse(&["..a"]).unwrap_err().to_string(), "the grid has no start '@'");
    assert_eq!(
        KeyGrid::parse(&["@@"]).unwrap_err().to_string(),
        "row 1, column 2: a second start '@'"
    );
    assert_eq!(KeyGrid::parse::<&str>(&[]).unwrap_err().to_string(), "the grid is empty");
}

#[test]
fn visiting_all_nodes() {
    assert_eq!(shortest_path_length(&[vec![1, 2, 3], vec![0], vec![0], vec![0]]).unwrap(), 4);
    assert_eq!(
        shortest_path_length(&[vec![1], vec![0, 2, 4], vec![1, 3, 4], vec![2], vec![1, 2]])
            .unwrap(),
        4
    );
    assert_eq!(shortest_path_length(&[vec![]]).unwrap(), 0);
    assert_eq!(shortest_path_length(&[vec![], vec![]]).unwrap(), -1);
    // A path of n nodes is walked end to end.
    let path: Vec<Vec<usize>> = (0..10usize)
        .map(|i| [i.checked_sub(1), (i < 9).then_some(i + 1)].into_iter().flatten().collect())
        .collect();
    assert_eq!(VisitAll::new(&path).unwrap().shortest_walk().unwrap(), Some(9));
    assert!(VisitAll::new(&vec![vec![]; 21]).is_err());
}

#[test]
fn genetic_mutation() {
    assert_eq!(min_mutation("AACCGGTT", "AACCGGTA", &["AACCGGTA"]).unwrap(), 1);
    assert_eq!(
        min_mutation("AACCGGTT", "AAACGGTA", &["AACCGGTA", "AACCGCTA", "AAACGGTA"]).unwrap(),
        2
    );
    assert_eq!(min_mutation("AACCGGTT", "AACCGGTA", &["AACCGGTC"]).unwrap(), -1);
    assert_eq!(
        min_mutation("AACCGGTT", "AACCGGTX", &["AACCGGTA"]).unwrap_err().to_string(),
        "gene 'AACCGGTX': letter 8 is not one of A, C, G, T"
    );
}
