//! Spaces from closures, searched every way search-core offers, each
//! answer checked against another: costs (`from_fn_weighted` with
//! Dijkstra, A* and 0-1 BFS), a directed graph (`from_fn_directed` from
//! both ends) and a parallel enumeration.
//! `cargo run -p examples --example closures`

use search_core::breadth_first::{ParallelEnumeration, par_enumerate};
use search_core::cheapest::{ZeroOneBfs, zero_one_bfs};
use search_core::{
    Run, astar, bfs, bidirectional_bfs, dijkstra, enumerate, from_fn, from_fn_directed,
    from_fn_weighted,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A 30x30 grid where a step costs 1 on even rows and 3 on odd ones.
    let cost_of_row = |y: i32| if y % 2 == 0 { 1u32 } else { 3 };
    let grid = from_fn_weighted(move |&(x, y): &(i32, i32)| {
        [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
            .into_iter()
            .filter(|&(x, y)| (0..30).contains(&x) && (0..30).contains(&y))
            .map(move |(nx, ny)| ((nx, ny), cost_of_row(ny)))
    });
    let corner = |&s: &(i32, i32)| s == (29, 29);
    let (path, cost) = dijkstra(&grid, [(0, 0)], corner)?.ok_or("reachable")?;
    // Every step costs at least 1: the taxicab distance is admissible.
    let taxicab = |&(x, y): &(i32, i32)| (29 - x).unsigned_abs() + (29 - y).unsigned_abs();
    let (_, informed) = astar(&grid, [(0, 0)], taxicab, corner)?.ok_or("reachable")?;
    println!("grid corner to corner: cost {cost} in {} steps", path.len());
    assert_eq!((informed, path.moves().iter().sum::<u32>()), (cost, cost));

    // Doubling is free, adding one costs 1: 0-1 BFS against Dijkstra, on
    // the numbers up to 2^21 (free doublings would go on for ever).
    let doubling = from_fn_weighted(|&n: &u64| {
        [(n + 1, 1u32), (2 * n, 0)].into_iter().filter(|&(m, _)| m <= 1 << 21)
    });
    for target in [1_000u64, 12_345, 1 << 20] {
        let (_, cheapest) = zero_one_bfs(&doubling, [1], |&n| n == target)?.ok_or("reachable")?;
        let (_, expected) = dijkstra(&doubling, [1], |&n| n == target)?.ok_or("reachable")?;
        // The cost is the number of ones in the binary form, less the leading one.
        assert_eq!((cheapest, expected), (target.count_ones() - 1, target.count_ones() - 1));
    }
    let mut search = ZeroOneBfs::new();
    let mut run = Run::new();
    assert_eq!(search.run(&doubling, [1], |&n| n == 7, &mut run)?.map(|(_, c)| c), Some(2));

    // A directed graph: `+1` and `*3`, and the moves that lead into a state.
    let forward = |&n: &u64| [n + 1, n * 3];
    let backward = |&n: &u64| {
        let mut before = vec![n.wrapping_sub(1)];
        if n % 3 == 0 {
            before.push(n / 3);
        }
        before.into_iter().filter(|&m| m >= 1)
    };
    let directed = from_fn_directed(forward, backward);
    let met = bidirectional_bfs(&directed, [1], [10_000])?.ok_or("reachable")?;
    let plain = bfs(&from_fn(forward), [1], |&n| n == 10_000)?.ok_or("reachable")?;
    println!("1 to 10,000 by +1 and *3: {} moves", met.len());
    assert_eq!(met.len(), plain.len());

    // The numbers below 200,000 joined to their neighbours and their double,
    // on two threads, layer by layer as the sequential enumeration.
    let below =
        from_fn(|&n: &u32| [n + 1, n.wrapping_sub(1), 2 * n].into_iter().filter(|&m| m < 200_000));
    let parallel = ParallelEnumeration::new().threads(2).run(&below, [0], &mut Run::new())?;
    assert_eq!(parallel.layer_sizes(), enumerate(&below, [0])?.layer_sizes());
    // The one-shot form, on every core.
    assert_eq!(par_enumerate(&below, [0])?.deepest().len(), parallel.deepest().len());
    println!("numbers below 200,000: radius {} from 0", parallel.radius());
    Ok(())
}

#[test]
fn runs() -> Result<(), Box<dyn std::error::Error>> {
    main()
}
