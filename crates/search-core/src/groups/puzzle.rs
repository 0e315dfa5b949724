//! [`PermutationPuzzle`]: a puzzle written as text, its generators and the
//! arrangement it starts from, in our notation or GAP's.

use rustc_hash::FxHashMap;

use super::cayley::Arrangement;
use super::generators::{Generators, one_line_words};
use crate::error::Error;
use crate::execute::begin_and_end;
use crate::run::context::Run;

/// The statements read between two reports to a run's observer, each a
/// chance to stop.
const READ_BETWEEN_REPORTS: usize = 4096;

/// A permutation puzzle read from text: its generators, and the
/// arrangement its layers start from (the identity, or the start of a
/// coset graph, where pieces look alike).
///
/// The text holds a statement a line (a GAP statement may run over lines
/// to its `;`); `#` starts a comment:
///
/// - `NAME: PERMUTATION` (or `NAME = PERMUTATION`): a generator, in
///   one-line notation (from 0, or from 1 when no point is 0) or in
///   cycles (`(1,2,3)(4,5)`, points from 1).
/// - `M_NAME:=(1,2,3)(4,5);`: a generator as GAP files write them (those of
///   Rokicki's `PuzzleGeometry`, which cayleypy ships): the name without
///   its `M_`.
/// - `ip:=[[1,2],[3,4]];`: GAP's identical pieces, from 1: the pieces of a
///   list look alike, so the start gives them one item, and every other
///   piece one of its own.
/// - `start: 0 0 1 1`: the start's item at each position, in our notation.
/// - `sym: PERMUTATION`: a symmetry of the puzzle, in either notation: a
///   permutation of the points that maps the moves onto the moves (the
///   cube turned or mirrored whole), named `sym 1`, `sym 2`, ... in the
///   order given; those given need only generate the group of them
///   ([`Symmetries`](crate::groups::Symmetries)). A line a symmetry.
/// - `Gen:=[M_U, M_F, ...];`, the list of GAP's generators by name, is
///   skipped; a generator called `Gen` (`Gen: 1 0 2`) is a generator.
///
/// `ip`, `start` and `sym` name what they say above, never a generator.
///
/// The points are the most a generator moves: the length of the longest
/// one-line generator or the largest point a cycle names.
///
/// # Example
///
/// ```
/// use search_core::enumerate;
/// use search_core::groups::{Orbit, PermutationPuzzle};
///
/// // Four beads, two of each colour, turned or two swapped.
/// let puzzle = PermutationPuzzle::parse(
///     "# beads on a ring\n\
///      M_turn:=(1,2,3,4);\n\
///      swap: (1,2)\n\
///      ip:=[[1,2],[3,4]];\n",
/// )?;
/// assert_eq!(puzzle.generators().names().collect::<Vec<_>>(), ["turn", "swap"]);
/// assert_eq!(puzzle.start().as_slice(), [0, 0, 1, 1]);
/// assert!(!puzzle.is_permutation());
/// let beads = Orbit::new(puzzle.generators().clone(), puzzle.start())?;
/// assert_eq!(enumerate(&beads, [beads.start()])?.states(), 6);
///
/// let error = PermutationPuzzle::parse("a: 0 1 2\nb: 0 1 1").unwrap_err();
/// assert_eq!(error.to_string(), "line 2: generator b is not a permutation: point 1 appears twice");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PermutationPuzzle {
    generators: Generators,
    start: Arrangement,
    symmetries: Generators,
}

/// A generator's text, before the points are known.
enum Written {
    OneLine(String),
    Cycles(String),
}

/// A statement, with the line it starts on.
struct Statement {
    line: usize,
    key: String,
    value: String,
}

impl Statement {
    /// Whether this is GAP's list of the generators' names,
    /// `Gen:=[M_U,M_F];`, which says nothing the generators do not: a
    /// list of names, not of points.
    fn is_list_of_names(&self) -> bool {
        let Some(inner) = self.value.trim().strip_prefix('[').and_then(|v| v.strip_suffix(']'))
        else {
            return false;
        };
        self.key == "Gen"
            && one_line_words(inner)
                .all(|word| word.starts_with(|c: char| c.is_alphabetic() || c == '_'))
    }
}

impl PermutationPuzzle {
    /// Reads a puzzle from `text` (see [`PermutationPuzzle`]).
    ///
    /// # Errors
    ///
    /// [`InvalidShape`](crate::ErrorKind::InvalidShape) naming the line
    /// and what on it is wrong: a statement that is none of the above, a
    /// generator that is not a permutation of the points or is named
    /// twice, a start of another length; and a text with no generator.
    ///
    /// # Example
    ///
    /// See [`PermutationPuzzle`].
    pub fn parse(text: &str) -> Result<PermutationPuzzle, Error> {
        PermutationPuzzle::parse_with(text, &mut Run::new())
    }

    /// As [`parse`](PermutationPuzzle::parse), under `run`: its observer
    /// hears how many statements are read (as
    /// [`Progress::stored`](crate::run::Progress::stored)) every 4,096,
    /// and its cancel handle stops the read there. A text of a million
    /// generators takes seconds; this is how a caller that reads one for a
    /// user lets the user stop it.
    ///
    /// # Errors
    ///
    /// As [`parse`](PermutationPuzzle::parse), and
    /// [`Cancelled`](crate::ErrorKind::Cancelled) once `run` is.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::PermutationPuzzle;
    /// use search_core::run::CancelHandle;
    /// use search_core::{ErrorKind, Run};
    ///
    /// let text: String = (0..10_000).map(|i| format!("g{i}: 1 0 2\n")).collect();
    /// let mut read = 0;
    /// let puzzle = PermutationPuzzle::parse_with(&text, &mut Run::new().on_progress(|p| read = p.stored))?;
    /// assert_eq!((puzzle.generators().len(), read), (10_000, 8_192));
    ///
    /// let cancel = CancelHandle::new();
    /// cancel.cancel();
    /// let error = PermutationPuzzle::parse_with(&text, &mut Run::new().cancel_with(cancel)).unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::Cancelled));
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn parse_with(text: &str, run: &mut Run<'_>) -> Result<PermutationPuzzle, Error> {
        begin_and_end(run, |run| PermutationPuzzle::parse_within(text, run), || None)
    }

    fn parse_within(text: &str, run: &mut Run<'_>) -> Result<PermutationPuzzle, Error> {
        let mut written: Vec<(usize, String, Written)> = Vec::new();
        // Each name's line, so that a million generators are checked in
        // one pass, not in pairs.
        let mut lines_of: FxHashMap<String, usize> = FxHashMap::default();
        let mut identical: Option<(usize, String)> = None;
        let mut start: Option<(usize, String)> = None;
        let mut symmetries: Vec<(usize, String)> = Vec::new();
        for (read, statement) in statements(text)?.into_iter().enumerate() {
            if read % READ_BETWEEN_REPORTS == 0 && read > 0 {
                run.set_stored(read as u64);
                run.report(0, 0)?;
            }
            if statement.is_list_of_names() {
                continue;
            }
            let Statement { line, key, value } = statement;
            let at = |message: String| Error::invalid_shape(format!("line {line}: {message}"));
            match key.as_str() {
                "sym" => symmetries.push((line, value)),
                "ip" | "start" => {
                    let slot = if key == "ip" { &mut identical } else { &mut start };
                    if let Some((first, _)) = slot {
                        return Err(at(format!("{key} is given twice (first on line {first})")));
                    }
                    *slot = Some((line, value));
                }
                _ => {
                    let name = key.strip_prefix("M_").unwrap_or(&key).to_owned();
                    if name.is_empty() {
                        return Err(at("a generator needs a name before its ':'".into()));
                    }
                    if let Some(first) = lines_of.insert(name.clone(), line) {
                        return Err(at(format!(
                            "generator {name} is named twice (first on line {first})"
                        )));
                    }
                    let generator = if value.trim_start().starts_with('(') {
                        Written::Cycles(value)
                    } else {
                        Written::OneLine(value)
                    };
                    written.push((line, name, generator));
                }
            }
        }
        let Some(points) = written.iter().map(|(_, _, text)| points_of(text)).max() else {
            return Err(Error::invalid_shape("no generator: a line such as `L: 1 2 0`".into()));
        };
        let mut generators = Generators::new(points.max(1))?;
        for (read, (line, name, text)) in written.iter().enumerate() {
            if read % READ_BETWEEN_REPORTS == 0 && read > 0 {
                run.check_cancelled()?;
            }
            match text {
                Written::OneLine(text) => generators.push_one_line(name, text),
                Written::Cycles(text) => generators.push_cycles(name, text),
            }
            .map_err(|e| Error::invalid_shape(format!("line {line}: {e}")))?;
        }
        let n = generators.points();
        let mut given = Generators::new(n)?;
        for (index, (line, text)) in symmetries.iter().enumerate() {
            let name = format!("sym {}", index + 1);
            if text.trim().is_empty() {
                return Err(Error::invalid_shape(format!(
                    "line {line}: a `sym:` line is empty: write a permutation of the {n} points \
                     after `sym:`, in one-line notation or cycles"
                )));
            }
            let pushed = if text.trim_start().starts_with('(') {
                given.push_cycles(&name, text)
            } else {
                given.push_one_line(&name, text)
            };
            // A symmetry is no generator: its errors say which it is.
            let named = |e: Error| {
                e.to_string().replace(&format!("generator {name}"), &format!("symmetry {name}"))
            };
            pushed.map_err(|e| Error::invalid_shape(format!("line {line}: {}", named(e))))?;
        }
        let start = match (start, identical) {
            (Some((line, _)), Some((other, _))) => {
                return Err(Error::invalid_shape(format!(
                    "line {}: a start and identical pieces (line {}): give one",
                    line.max(other),
                    line.min(other)
                )));
            }
            (Some((line, text)), None) => items(line, &text, n)?,
            (None, Some((line, text))) => pieces(line, &text, n)?,
            (None, None) => (0..n).map(|point| point as u8).collect(),
        };
        Ok(PermutationPuzzle { generators, start, symmetries: given })
    }

    /// The symmetries the text gives, on the generators' points (none
    /// when it gives none), to check against the generators and close into
    /// a group with [`Symmetries::new`](crate::groups::Symmetries::new).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::{PermutationPuzzle, Symmetries};
    ///
    /// let text = "a: (1,2)\nb: (3,4)\nsym: (1,3)(2,4)\n";
    /// let puzzle = PermutationPuzzle::parse(text)?;
    /// assert_eq!(puzzle.symmetries().names().collect::<Vec<_>>(), ["sym 1"]);
    /// let symmetries = Symmetries::new(puzzle.generators(), puzzle.symmetries(), false)?;
    /// assert_eq!(symmetries.len(), 2);
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn symmetries(&self) -> &Generators {
        &self.symmetries
    }

    /// The generators, in the order the text gives them.
    ///
    /// # Example
    ///
    /// See [`PermutationPuzzle`].
    pub fn generators(&self) -> &Generators {
        &self.generators
    }

    /// The arrangement the layers start from: the identity unless the
    /// text gives a start or identical pieces.
    ///
    /// # Example
    ///
    /// See [`PermutationPuzzle`].
    pub fn start(&self) -> &Arrangement {
        &self.start
    }

    /// Whether the start's items are distinct, `0..n` in some order: then
    /// the puzzle's graph is a [`Cayley`](crate::groups::Cayley) graph;
    /// else a coset graph, an [`Orbit`](crate::groups::Orbit).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::groups::PermutationPuzzle;
    ///
    /// assert!(PermutationPuzzle::parse("X: (1,2)\nL: 1 2 0")?.is_permutation());
    /// # Ok::<(), search_core::Error>(())
    /// ```
    pub fn is_permutation(&self) -> bool {
        let mut seen = vec![false; self.start.len()];
        self.start.iter().all(|&item| {
            seen.get_mut(usize::from(item)).is_some_and(|seen| !std::mem::replace(seen, true))
        })
    }
}

/// The statements of `text`: `key: value`, `key = value` or `key:=value;`,
/// which may run over lines to its `;`.
fn statements(text: &str) -> Result<Vec<Statement>, Error> {
    let mut statements = Vec::new();
    let mut open: Option<Statement> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if let Some(statement) = &mut open {
            statement.value.push(' ');
            statement.value.push_str(content);
            if let Some(value) = statement.value.strip_suffix(';') {
                statement.value = value.to_owned();
                statements.extend(open.take());
            }
            continue;
        }
        if content.is_empty() {
            continue;
        }
        let (key, value, gap) = if let Some((key, value)) = content.split_once(":=") {
            (key, value, true)
        } else if let Some((key, value)) = content.split_once([':', '=']) {
            (key, value, false)
        } else {
            return Err(Error::invalid_shape(format!(
                "line {line}: {} is not `NAME: PERMUTATION`",
                quoted(content)
            )));
        };
        let statement =
            Statement { line, key: key.trim().to_owned(), value: value.trim().to_owned() };
        match statement.value.strip_suffix(';') {
            Some(value) => statements.push(Statement { value: value.to_owned(), ..statement }),
            None if gap => open = Some(statement),
            None => statements.push(statement),
        }
    }
    if let Some(statement) = open {
        return Err(Error::invalid_shape(format!(
            "line {}: {} has no ';' to end it",
            statement.line, statement.key
        )));
    }
    Ok(statements)
}

/// The points a generator's text needs: its length in one-line
/// notation, its largest point in cycles (0 for text that is neither,
/// which the generator's own parse refuses).
fn points_of(text: &Written) -> usize {
    let numbers = |text: &str| -> Vec<usize> {
        text.split(|c: char| !c.is_ascii_digit()).filter_map(|word| word.parse().ok()).collect()
    };
    match text {
        Written::OneLine(text) => one_line_words(text).count(),
        Written::Cycles(text) => numbers(text).into_iter().max().unwrap_or(0),
    }
}

/// A start written as items, one a position.
fn items(line: usize, text: &str, n: usize) -> Result<Arrangement, Error> {
    let mut start = Arrangement::new();
    for word in one_line_words(text) {
        start.push(word.parse().map_err(|_| {
            Error::invalid_shape(format!(
                "line {line}: the start has {} where an item (0 to 255) should be",
                quoted(word)
            ))
        })?);
    }
    if start.len() != n {
        return Err(Error::invalid_shape(format!(
            "line {line}: the start has {} items, for generators of {n} points",
            start.len()
        )));
    }
    Ok(start)
}

/// The start GAP's identical pieces give: the pieces of a list share an
/// item, every other piece has its own, numbered as they first appear.
fn pieces(line: usize, text: &str, n: usize) -> Result<Arrangement, Error> {
    let bad = |message: String| Error::invalid_shape(format!("line {line}: ip {message}"));
    let inner = text.trim().strip_prefix('[').and_then(|t| t.strip_suffix(']'));
    let inner = inner.ok_or_else(|| bad("is not a list of lists, such as [[1,2],[3]]".into()))?;
    let mut group_of = vec![usize::MAX; n];
    let mut rest = inner.trim();
    let mut group = 0;
    while !rest.is_empty() {
        let after = rest.strip_prefix('[').ok_or_else(|| bad(format!("has {}", quoted(rest))))?;
        let end = after.find(']').ok_or_else(|| bad("has a list not closed".into()))?;
        for word in after[..end].split(',').map(str::trim).filter(|w| !w.is_empty()) {
            let point: usize = word.parse().map_err(|_| bad(format!("has {}", quoted(word))))?;
            let slot = point
                .checked_sub(1)
                .and_then(|index| group_of.get_mut(index))
                .ok_or_else(|| bad(format!("names piece {point}, not one of 1 to {n}")))?;
            if *slot != usize::MAX {
                return Err(bad(format!("names piece {point} twice")));
            }
            *slot = group;
        }
        group += 1;
        rest = after[end + 1..].trim_start().trim_start_matches(',').trim_start();
    }
    // Items by first appearance, a piece of no list an item of its own.
    let mut item_of_group = vec![None; group];
    let mut next = 0usize;
    let mut start = Arrangement::new();
    for &group in &group_of {
        let slot = if group == usize::MAX { None } else { Some(&mut item_of_group[group]) };
        let item = match slot {
            Some(Some(item)) => *item,
            Some(slot) => *slot.insert(next),
            None => next,
        };
        if item == next {
            next += 1;
        }
        start.push(u8::try_from(item).map_err(|_| bad("gives more than 256 kinds".into()))?);
    }
    Ok(start)
}

/// `text` quoted for a message, cut at 40 characters.
fn quoted(text: &str) -> String {
    let short: String = text.chars().take(40).collect();
    if short.len() < text.len() { format!("{short:?}...") } else { format!("{short:?}") }
}
