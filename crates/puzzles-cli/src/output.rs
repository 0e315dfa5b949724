//! Every answer the commands print, formatted in one place: text for a
//! person, one JSON object a line for a program.

use std::fmt::Write as _;
use std::io::{self, Write};

use puzzles::{Board, Lock, Slide, Solver, Turn};
use search_core::Path;
use search_core::breadth_first::Enumeration;
use serde_json::json;

use crate::Format;

/// A board's answer: a JSON object, one line, or (unless `one_line`) that line and
/// every board of the solution.
pub(crate) fn write_solution<W: Write>(
    out: &mut W,
    board: &Board,
    path: Option<&Path<Board, Slide>>,
    json: bool,
    one_line: bool,
) -> std::io::Result<()> {
    match (path, json) {
        (Some(path), true) => {
            let object = json!({
                "board": board.to_rows(),
                "moves": path.len(),
                "path": path.moves().iter().map(ToString::to_string).collect::<Vec<_>>(),
                "boards": path.states().iter().map(Board::to_rows).collect::<Vec<_>>(),
            });
            writeln!(out, "{object}")
        }
        (None, true) => {
            let object = json!({
                "board": board.to_rows(),
                "moves": -1,
                "path": [],
                "boards": [],
                "reason": "parity",
            });
            writeln!(out, "{object}")
        }
        (None, false) => writeln!(
            out,
            "{}: unsolvable: its permutation parity differs from the goal's",
            board_json(board)
        ),
        (Some(path), false) => {
            let moves: Vec<String> = path.moves().iter().map(ToString::to_string).collect();
            let noun = if path.len() == 1 { "move" } else { "moves" };
            let listed =
                if moves.is_empty() { "already solved".to_string() } else { moves.join(" ") };
            writeln!(out, "{}: {} {noun}: {listed}", board_json(board), path.len())?;
            if !one_line {
                for (step, state) in path.states().iter().enumerate() {
                    match step.checked_sub(1) {
                        None => write!(out, "\nstart\n{state}\n")?,
                        Some(previous) => {
                            write!(out, "\n{}. {}\n{state}\n", step, path.moves()[previous])?;
                        }
                    }
                }
            }
            Ok(())
        }
    }
}

/// One board's search, on standard error: what ran, what it counted, and
/// how long it took.
pub(crate) fn report_stats(
    board: &Board,
    solver: &Solver<'_>,
    stats: search_core::run::Stats,
    elapsed: std::time::Duration,
) {
    let seconds = elapsed.as_secs_f64();
    #[expect(clippy::cast_precision_loss, reason = "rates for a person to read")]
    let per_second = |count: u64| count as f64 / seconds.max(1e-9) / 1e6;
    // Both rates: the literature on IDA* (Korf's) counts generated nodes.
    eprintln!(
        "stats: {}: {:?}, {} expanded, {} generated, {} stored, {seconds:.3} s, \
         {:.1} M expanded/s, {:.1} M generated/s",
        board_json(board),
        solver.last_algorithm(),
        stats.expanded,
        stats.generated,
        stats.stored,
        per_second(stats.expanded),
        per_second(stats.generated),
    );
    for (index, iteration) in solver.iterations().iter().enumerate() {
        eprintln!(
            "stats:   iteration {}: bound {}, {} expanded",
            index + 1,
            iteration.bound,
            iteration.expanded
        );
    }
}

/// A board in LeetCode's form, without spaces.
pub(crate) fn board_json(board: &Board) -> String {
    json!(board.to_rows()).to_string()
}

/// A lock question's answer: the number of turns, a JSON object, or a
/// line of turns and codes.
pub(crate) fn write_lock_answer<W: Write>(
    out: &mut W,
    lock: &Lock,
    format: Format,
    (deadends, target): (&[String], &str),
    path: Option<&Path<u32, Turn>>,
) -> Result<(), String> {
    let turns: Vec<String> = path.iter().flat_map(|p| p.moves()).map(ToString::to_string).collect();
    let codes: Vec<String> =
        path.iter().flat_map(|p| p.states()).map(|&c| lock.format_code(c)).collect();
    let count = path.map_or(-1, |p| i64::try_from(p.len()).unwrap_or(i64::MAX));
    let written = if format.count {
        writeln!(out, "{count}")
    } else if format.json {
        let object = json!({
            "deadends": deadends,
            "target": target,
            "turns": count,
            "moves": turns,
            "codes": codes,
        });
        writeln!(out, "{object}")
    } else if path.is_some() && turns.is_empty() {
        writeln!(out, "0 turns: the lock is at {target} already; codes: {}", codes.join(" "))
    } else if path.is_some() {
        let noun = if count == 1 { "turn" } else { "turns" };
        writeln!(out, "{count} {noun}: {}; codes: {}", turns.join(", "), codes.join(" "))
    } else {
        let start = lock.format_code(0);
        let why = if lock.is_deadend(0) {
            format!(": the start {start} is a dead end")
        } else if lock.parse_code(target).is_ok_and(|code| lock.is_deadend(code)) {
            format!(": {target} is a dead end")
        } else {
            format!(" from {start}: the dead ends wall it off")
        };
        writeln!(out, "-1: {target} cannot be reached{why}")
    };
    written.map_err(crate::io_failure)
}

/// An enumeration's answer: one JSON object, or the layer table.
pub(crate) fn write_enumeration<W: Write>(
    out: &mut W,
    (rows, cols): (usize, usize),
    layers: &Enumeration<Board>,
    json: bool,
) -> io::Result<()> {
    if json {
        let mut object = json!({
            "rows": rows,
            "cols": cols,
            "states": layers.positions(),
            "radius": layers.radius(),
            "complete": layers.is_complete(),
            "layers": layers.layer_positions(),
        });
        if layers.is_reduced() {
            // A class of boards kept for each: their counts.
            object["classes"] = json!(layers.layer_sizes());
        }
        if layers.is_deepest_omitted() {
            object["deepest_omitted"] = json!(true);
        }
        write_with_deepest(out, &object, layers.deepest().iter().map(Board::to_rows))
    } else {
        write_table(out, rows, cols, layers)
    }
}

/// `object` with one field more at its end, `deepest`, whose items are
/// written one at a time: the last layer of an enumeration cut at a depth
/// bound may hold millions of states, which one JSON value would hold in
/// memory many times over.
fn write_with_deepest<W: Write, T: serde::Serialize>(
    out: &mut W,
    object: &serde_json::Value,
    deepest: impl Iterator<Item = T>,
) -> io::Result<()> {
    let head = object.to_string();
    let head = head.strip_suffix('}').unwrap_or(&head);
    let mut out = io::BufWriter::new(out);
    write!(out, "{head},\"deepest\":[")?;
    for (index, state) in deepest.enumerate() {
        if index > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut out, &state)?;
    }
    writeln!(out, "]}}")?;
    out.flush()
}

/// The most deepest states the table prints; JSON lists them all.
const DEEPEST_SHOWN: usize = 20;

/// How an enumeration of a numbered puzzle or of generators is named:
/// `name` and `size` in JSON, `title` over its table, `from` where its
/// layers start, `noun` what its states are called, `reading` how a
/// state reads, whether its graph is `directed` (its moves not all
/// undone by others: the layers are distances from the start only), and
/// for generators the `order` of their group and the `engine` that ran.
#[derive(Clone, Copy)]
pub(crate) struct Numbered<'a> {
    pub(crate) name: &'a str,
    pub(crate) size: usize,
    pub(crate) title: &'a str,
    pub(crate) from: &'a str,
    pub(crate) noun: &'a str,
    pub(crate) reading: &'a str,
    pub(crate) directed: bool,
    pub(crate) order: Option<u128>,
    pub(crate) engine: Option<puzzles::Engine>,
    /// The most states a class of equivalent ones holds, when the layers
    /// are reduced by symmetries (1 when they are not).
    pub(crate) most: usize,
}

impl Numbered<'_> {
    /// Whether the layers' states are classes of equivalent ones.
    fn classes(&self) -> bool {
        self.most > 1
    }
}

/// The enumeration of a numbered puzzle: one JSON object, or the layer
/// table.
pub(crate) fn write_numbered<W: Write, T: AsRef<[u8]>>(
    out: &mut W,
    heading: &Numbered<'_>,
    layers: &Enumeration<T>,
    json: bool,
) -> io::Result<()> {
    let Numbered { name, size, title, from, noun, reading, directed, order, engine, .. } = *heading;
    let deepest = || layers.deepest().iter().map(AsRef::as_ref);
    let classes = heading.classes();
    if json {
        let mut object = json!({
            "puzzle": name,
            "size": size,
            "states": layers.positions(),
            "radius": layers.radius(),
            "complete": layers.is_complete(),
            "directed": directed,
            "layers": layers.layer_positions(),
        });
        if classes {
            // A class of equivalent states kept for each: their counts.
            object["classes"] = json!(layers.layer_sizes());
        }
        if let Some(order) = order {
            // Its decimal digits: a group's order passes 2^64, and what
            // reads JSON numbers as doubles would round it.
            object["order"] = json!(order.to_string());
        }
        if let Some(engine) = engine {
            object["engine"] = json!(engine.to_string());
        }
        if layers.is_deepest_omitted() {
            object["deepest_omitted"] = json!(true);
        }
        return write_with_deepest(out, &object, deepest());
    }
    writeln!(out, "{title}, breadth-first from {from}")?;
    if let Some(order) = order {
        let engine = engine.map_or(String::new(), |e| format!(", on the {e} engine"));
        writeln!(out, "(the generators' group has {order} elements{engine})")?;
    }
    if directed {
        writeln!(
            out,
            "(a directed graph: some moves are undone by none, so the depths are distances from \
             {from}, not to it)"
        )?;
    }
    if classes {
        writeln!(out, "{:>5}  {:>24}  {:>14}", "depth", noun, "classes")?;
        for (depth, (positions, states)) in
            layers.layer_positions().iter().zip(layers.layer_sizes()).enumerate()
        {
            writeln!(out, "{depth:>5}  {positions:>24}  {states:>14}")?;
        }
    } else {
        writeln!(out, "{:>5}  {:>14}", "depth", noun)?;
        for (depth, states) in layers.layer_sizes().iter().enumerate() {
            writeln!(out, "{depth:>5}  {states:>14}")?;
        }
    }
    write_total(out, layers, noun)?;
    if classes {
        writeln!(out, "classes: {}, {} {noun} at the most each", layers.states(), heading.most)?;
    }
    if layers.is_deepest_omitted() {
        return write_omitted(out, layers, noun);
    }
    let count = layers.deepest().len();
    let reading =
        if classes { "the first of each class, the item at each position" } else { reading };
    let which = if classes { "classes" } else { noun };
    writeln!(out, "{which} at depth {} ({count}; {reading}):", layers.radius())?;
    for items in deepest().take(DEEPEST_SHOWN) {
        let words: Vec<String> = items.iter().map(u8::to_string).collect();
        writeln!(out, "{}", words.join(" "))?;
    }
    if count > DEEPEST_SHOWN {
        writeln!(out, "... and {} more (--json lists them all)", count - DEEPEST_SHOWN)?;
    }
    Ok(())
}

/// The states and radius of a whole enumeration, or of one cut short at
/// a depth bound, and the news that the space goes on.
fn write_total<W: Write, T>(out: &mut W, layers: &Enumeration<T>, noun: &str) -> io::Result<()> {
    let (states, radius) = (layers.positions(), layers.radius());
    if layers.is_complete() {
        writeln!(out, "total: {states} {noun}")?;
        writeln!(out, "radius: {radius} moves")
    } else {
        writeln!(out, "total to depth {radius}: {states} {noun}")?;
        writeln!(out, "depth bound: {radius} moves; there are {noun} past it")
    }
}

/// Why the deepest layer is not listed.
fn write_omitted<W: Write, T>(out: &mut W, layers: &Enumeration<T>, noun: &str) -> io::Result<()> {
    let count = layers.layer_sizes().last().copied().unwrap_or(0);
    writeln!(
        out,
        "{noun} at depth {} ({count}): not listed, as they would pass --max-memory or are kept \
         on disk",
        layers.radius()
    )
}

/// The layer table of an enumeration, for a person to read.
fn write_table<W: Write>(
    out: &mut W,
    rows: usize,
    cols: usize,
    layers: &search_core::breadth_first::Enumeration<puzzles::Board>,
) -> std::io::Result<()> {
    writeln!(out, "{rows}x{cols} sliding puzzle, breadth-first from the goal")?;
    let classes = layers.is_reduced();
    if classes {
        writeln!(out, "(a board and its mirror image across the diagonal kept as one class)")?;
        writeln!(out, "{:>5}  {:>12}  {:>12}", "depth", "boards", "classes")?;
        for (depth, (boards, kept)) in
            layers.layer_positions().iter().zip(layers.layer_sizes()).enumerate()
        {
            writeln!(out, "{depth:>5}  {boards:>12}  {kept:>12}")?;
        }
    } else {
        writeln!(out, "{:>5}  {:>12}", "depth", "boards")?;
        for (depth, boards) in layers.layer_sizes().iter().enumerate() {
            writeln!(out, "{depth:>5}  {boards:>12}")?;
        }
    }
    write_total(out, layers, "boards")?;
    if classes {
        writeln!(out, "classes: {}, 2 boards at the most each", layers.states())?;
    }
    if layers.is_deepest_omitted() {
        return write_omitted(out, layers, if classes { "classes" } else { "boards" });
    }
    let count = layers.deepest().len();
    if count == 0 {
        // Not kept (a layer too large to list), or no layer at all.
        return Ok(());
    }
    let which = if classes { "classes, a board of each," } else { "boards" };
    writeln!(out, "{which} at depth {} ({count}):", layers.radius())?;
    // Every board of a whole space's deepest layer; a cut one's may be
    // millions.
    let shown = if layers.is_complete() { count } else { DEEPEST_SHOWN };
    for board in layers.deepest().iter().take(shown) {
        writeln!(out, "\n{board}")?;
    }
    if count > shown {
        writeln!(out, "\n... and {} more (--json lists them all)", count - shown)?;
    }
    Ok(())
}

/// A word ladder question's answer: one JSON object, or the ladders on one
/// line.
pub(crate) fn write_ladders<W: Write>(
    out: &mut W,
    (begin, end): (&str, &str),
    length: usize,
    ladders: &[Vec<String>],
    json: bool,
) -> io::Result<()> {
    if json {
        let object = json!({ "begin": begin, "end": end, "length": length, "ladders": ladders });
        writeln!(out, "{object}")
    } else if ladders.is_empty() {
        writeln!(out, "0: no ladder from {begin} to {end}")
    } else {
        let lines: Vec<String> = ladders.iter().map(|ladder| ladder.join(" -> ")).collect();
        writeln!(out, "{length}: {}", lines.join(" ; "))
    }
}

/// A message as a terminal may show it: control characters (an escape
/// sequence or a bell read from the input and quoted back) written as
/// Rust escapes such as `\u{1b}`, so that they are seen, not obeyed.
pub(crate) struct Printable<'a>(pub(crate) &'a str);

impl std::fmt::Display for Printable<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for c in self.0.chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_debug())?;
            } else {
                f.write_char(c)?;
            }
        }
        Ok(())
    }
}
