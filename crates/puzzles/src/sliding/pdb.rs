//! Additive pattern databases: exact distances of groups of tiles, built by
//! search-core's `PiecePattern`, kept in 4 bits an entry, and saved to and
//! loaded from files.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use search_core::files::{TableReader, write_table_file};
use search_core::patterns::PiecePattern;
use search_core::{Heuristic, Run};

use super::board::{Board, MAX_CELLS};
use crate::error::{Error, ErrorKind};

/// The first bytes of a database file, and the version of its layout.
const MAGIC: &[u8; 8] = b"PZLPDB\r\n";
const VERSION: u32 = 3;

/// The named partitions of the 4x4 and 5x5 puzzles' tiles into patterns.
///
/// # Example
///
/// ```
/// use puzzles::{Board, Partition};
///
/// let goal: Board = "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15".parse()?;
/// let patterns = Partition::SevenEight.patterns(&goal)?;
/// assert_eq!(patterns, [vec![1, 2, 3, 4, 5, 6, 7], vec![8, 9, 10, 11, 12, 13, 14, 15]]);
/// assert_eq!("7-8".parse::<Partition>()?, Partition::SevenEight);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Partition {
    /// The tiles of the blank's goal row (3), then the other tiles of the
    /// two left columns (6), then those of the two right columns (6):
    /// three small tables, 5.8 MB in all, built in seconds.
    SixSixThree,
    /// The tiles of the goal's half (two rows) that holds the blank (7),
    /// and those of the other half (8): 288 MB, built in minutes, and
    /// about a hundred times fewer nodes than 6-6-3.
    SevenEight,
    /// Korf and Felner's four patterns of six tiles for the 5x5 puzzle
    /// (2002), for a goal with the blank in a corner. With the blank first
    /// (`0 1 2 ... 24`) they are {1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14},
    /// {10, 11, 15, 16, 20, 21} and {17, 18, 19, 22, 23, 24}; with the
    /// blank in another corner, the same cells turned to it. Four tables
    /// of 127.5 M placements, 255 MB in all.
    SixSixSixSix,
}

/// Korf and Felner's 5x5 partition by goal cell, the blank's corner at
/// cell 0: the pattern of the tile whose goal is each cell.
const KORF_FELNER_5X5: [u8; 25] = [
    0, 0, 0, 1, 1, //
    0, 0, 0, 1, 1, //
    2, 2, 0, 1, 1, //
    2, 2, 3, 3, 3, //
    2, 2, 3, 3, 3, //
];

impl Partition {
    /// Every partition, smallest first.
    pub const ALL: [Partition; 3] =
        [Partition::SixSixThree, Partition::SevenEight, Partition::SixSixSixSix];

    /// The partition's name, as `FromStr` reads it: `6-6-3`, `7-8` or
    /// `6-6-6-6`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Partition;
    ///
    /// assert_eq!(Partition::SixSixThree.name(), "6-6-3");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Partition::SixSixThree => "6-6-3",
            Partition::SevenEight => "7-8",
            Partition::SixSixSixSix => "6-6-6-6",
        }
    }

    /// The board size the partition is for.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Partition;
    ///
    /// assert_eq!(Partition::SixSixSixSix.size(), (5, 5));
    /// ```
    pub fn size(self) -> (usize, usize) {
        match self {
            Partition::SixSixThree | Partition::SevenEight => (4, 4),
            Partition::SixSixSixSix => (5, 5),
        }
    }

    /// The partitions for boards of `rows x cols`, smallest first.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Partition;
    ///
    /// assert_eq!(Partition::of_size(5, 5).collect::<Vec<_>>(), [Partition::SixSixSixSix]);
    /// assert_eq!(Partition::of_size(3, 3).count(), 0);
    /// ```
    pub fn of_size(rows: usize, cols: usize) -> impl Iterator<Item = Partition> {
        Partition::ALL.into_iter().filter(move |partition| partition.size() == (rows, cols))
    }

    /// The patterns (lists of tiles) of this partition towards `goal`.
    ///
    /// # Errors
    ///
    /// When `goal` is not of the partition's [`size`](Partition::size),
    /// or, for 6-6-6-6, its blank is not in a corner.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, Partition};
    ///
    /// let goal = Board::solved(4, 4)?;
    /// let patterns = Partition::SixSixThree.patterns(&goal)?;
    /// assert_eq!(patterns, [vec![13, 14, 15], vec![1, 2, 5, 6, 9, 10], vec![3, 4, 7, 8, 11, 12]]);
    /// assert!(Partition::SixSixThree.patterns(&Board::solved(3, 3)?).is_err());
    ///
    /// let blank_first = Board::new(5, 5, &(0..25).collect::<Vec<u8>>())?;
    /// let patterns = Partition::SixSixSixSix.patterns(&blank_first)?;
    /// assert_eq!(patterns[0], [1, 2, 5, 6, 7, 12]);
    /// assert_eq!(patterns[3], [17, 18, 19, 22, 23, 24]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn patterns(self, goal: &Board) -> Result<Vec<Vec<u8>>, Error> {
        let (rows, cols) = self.size();
        if (goal.rows(), goal.cols()) != (rows, cols) {
            return Err(Error::new(ErrorKind::Input {
                reason: format!(
                    "the {} pattern database is for {rows}x{cols} boards, not {}x{}",
                    self.name(),
                    goal.rows(),
                    goal.cols()
                ),
            }));
        }
        let (blank_row, blank_col) = goal.blank();
        let corner = |place: usize| place == 0 || place == rows - 1;
        if self == Partition::SixSixSixSix && !(corner(blank_row) && corner(blank_col)) {
            return Err(Error::new(ErrorKind::Input {
                reason: format!(
                    "the {} pattern database is for goals with the blank in a corner, not at row {}, column {}",
                    self.name(),
                    blank_row + 1,
                    blank_col + 1
                ),
            }));
        }
        let mut patterns = vec![Vec::new(); 4];
        for cell in 0..rows * cols {
            let tile = goal.cell(cell);
            if tile == 0 {
                continue;
            }
            let (row, col) = (cell / cols, cell % cols);
            let which = match self {
                Partition::SixSixThree if row == blank_row => 0,
                Partition::SixSixThree if col < 2 => 1,
                Partition::SixSixThree => 2,
                Partition::SevenEight if row / 2 == blank_row / 2 => 0,
                Partition::SevenEight => 1,
                Partition::SixSixSixSix => {
                    // The cell as seen from the blank's corner.
                    let row = if blank_row == 0 { row } else { rows - 1 - row };
                    let col = if blank_col == 0 { col } else { cols - 1 - col };
                    usize::from(KORF_FELNER_5X5[row * cols + col])
                }
            };
            patterns[which].push(tile);
        }
        patterns.retain(|pattern| !pattern.is_empty());
        Ok(patterns)
    }

    /// The name of this partition's database file for `goal`, as
    /// `puzzles pdb build` writes it and `puzzles solve` looks for it.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, Partition};
    ///
    /// let name = Partition::SevenEight.file_name(&Board::solved(4, 4)?);
    /// assert_eq!(name, "pdb-7-8-v3-4x4-1.2.3.4.5.6.7.8.9.10.11.12.13.14.15.0.bin");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn file_name(self, goal: &Board) -> String {
        let tiles: Vec<String> = goal.tiles().map(|tile| tile.to_string()).collect();
        // The layout version is in the name: a database saved by a release
        // with another layout is not found, rather than found and refused.
        let (name, rows, cols) = (self.name(), goal.rows(), goal.cols());
        format!("pdb-{name}-v{VERSION}-{rows}x{cols}-{}.bin", tiles.join("."))
    }
}

impl Partition {
    /// The partition whose patterns `database` holds, towards its goal.
    pub(crate) fn of(database: &PatternDatabase) -> Option<Partition> {
        Partition::ALL.into_iter().find(|partition| {
            partition
                .patterns(database.goal())
                .is_ok_and(|patterns| database.patterns().eq(patterns.iter().map(Vec::as_slice)))
        })
    }

    /// Whether `name` is a database file's name, as
    /// [`file_name`](Partition::file_name) gives them.
    pub(crate) fn is_file_name(name: &str) -> bool {
        name.starts_with("pdb-")
            && Path::new(name).extension().is_some_and(|extension| extension == "bin")
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Partition {
    type Err = Error;

    fn from_str(text: &str) -> Result<Partition, Error> {
        match text {
            "6-6-3" | "663" => Ok(Partition::SixSixThree),
            "7-8" | "78" => Ok(Partition::SevenEight),
            "6-6-6-6" | "6666" => Ok(Partition::SixSixSixSix),
            _ => Err(Error::unknown_name(text, "a partition", "6-6-3, 7-8 or 6-6-6-6")),
        }
    }
}

/// The tiles of one pattern, and for each placement of them the fewest
/// moves of those tiles that bring them home, whatever the other tiles do.
#[derive(Clone, Debug)]
struct Pattern {
    tiles: Vec<u8>,
    /// The tiles' abstraction, which builds the table and ranks its
    /// entries.
    abstraction: PiecePattern,
    /// Two entries a byte, by the rank of the tiles' cells, low nibble
    /// first: half of what the distance
    /// exceeds the pattern's Manhattan distance by. The two have the same
    /// parity (each move moves one tile by one cell), and the excess is
    /// small, so 4 bits hold it; a larger one is cut to 15, which only
    /// lowers the estimate.
    excess: Vec<u8>,
}

impl Pattern {
    /// The pattern of `tiles` on a board of `cells` towards `goal`, with
    /// no table yet.
    fn new(cells: Cells, goal: &Board, tiles: &[u8]) -> Result<Pattern, Error> {
        let goal: Vec<u8> = (0..cells.count()).map(|cell| goal.cell(cell)).collect();
        let abstraction = PiecePattern::new(&cells.next_to(), &goal, tiles)?;
        Ok(Pattern { tiles: tiles.to_vec(), abstraction, excess: Vec::new() })
    }

    /// The table's bytes: two entries a byte.
    fn bytes(&self) -> usize {
        // Below 25!/19! placements, a usize anywhere.
        self.abstraction.placements().div_ceil(2) as usize
    }

    fn excess(&self, rank: usize) -> u32 {
        u32::from(self.excess[rank / 2] >> ((rank % 2) * 4) & 0xf)
    }
}

/// The geometry of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cells {
    rows: usize,
    cols: usize,
}

impl Cells {
    fn count(&self) -> usize {
        self.rows * self.cols
    }

    /// The cells next to each cell, as [`PiecePattern::new`] takes them.
    fn next_to(&self) -> Vec<Vec<usize>> {
        let (rows, cols) = (self.rows, self.cols);
        (0..self.count())
            .map(|cell| {
                let (row, col) = (cell / cols, cell % cols);
                [
                    (row > 0).then(|| cell - cols),
                    (row + 1 < rows).then(|| cell + cols),
                    (col > 0).then(|| cell - 1),
                    (col + 1 < cols).then(|| cell + 1),
                ]
                .into_iter()
                .flatten()
                .collect()
            })
            .collect()
    }

    /// The cell of the transposed board that `cell` goes to.
    fn transposed(&self, cell: usize) -> usize {
        (cell % self.cols) * self.rows + cell / self.cols
    }

    /// The Manhattan distance between two cells.
    fn distance(&self, a: usize, b: usize) -> u8 {
        let rows = (a / self.cols).abs_diff(b / self.cols);
        let cols = (a % self.cols).abs_diff(b % self.cols);
        (rows + cols) as u8
    }
}

/// An additive pattern database for a sliding puzzle: the tiles split into
/// disjoint patterns, each with a table of the fewest moves of its own
/// tiles that bring them home, and the estimate the sum of the tables.
/// Each move moves one tile, of one pattern, so the sum never passes the
/// true distance: admissible, and at least the Manhattan distance. A table
/// keeps the smallest distance over the blank's places, which it then
/// forgets, so one move can change the estimate by more than one: it is
/// not consistent, which IDA* does not need and A* handles by reopening.
///
/// On a square board whose goal has the blank on the main diagonal,
/// reflecting a board about that diagonal (and renaming its tiles so that
/// the goal reflects to itself) keeps its distance, so the estimate is the
/// larger of the board's and its reflection's: the same tables, looked up
/// twice.
///
/// Tables are built by search-core's [`PiecePattern`] (an abstraction in
/// which only a pattern's tiles and the blank's region matter, enumerated
/// in 2 bits per abstract state, on every core) and kept in 4 bits a
/// placement: a 6-tile
/// table of the 4x4 puzzle takes a few seconds and 2.9 MB, the 8-tile one
/// of [`Partition::SevenEight`] minutes, 1.6 GB while it is built and
/// 259 MB after; the four of the 5x5 puzzle's [`Partition::SixSixSixSix`]
/// three and a half minutes on two cores, 0.9 GB while built and 255 MB
/// after. [`save`](PatternDatabase::save) and
/// [`load`](PatternDatabase::load) keep them in files.
///
/// # Example
///
/// ```
/// use puzzles::{Board, Manhattan, PatternDatabase};
/// use search_core::Heuristic;
///
/// let goal = Board::solved(3, 3)?;
/// let database = PatternDatabase::new(&goal, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]])?;
/// let board: Board = "8 6 7 / 2 5 4 / 3 0 1".parse()?;
/// let estimate = database.estimate(&board);
/// assert!(estimate >= Manhattan::new(&goal).estimate(&board) && estimate <= 31);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PatternDatabase {
    goal: Board,
    cells: Cells,
    patterns: Vec<Pattern>,
    /// The pattern of each tile, or `None` for the blank and tiles in none.
    pattern_of: [Option<u8>; MAX_CELLS],
    /// Each tile's Manhattan distance from its goal cell, by cell.
    manhattan: [[u8; MAX_CELLS]; MAX_CELLS],
    reflection: Option<Reflection>,
}

/// How a board reflects about the main diagonal onto a board of the same
/// distance from the goal.
#[derive(Clone, Copy, Debug)]
struct Reflection {
    /// The tile each tile becomes.
    tile: [u8; MAX_CELLS],
    /// The cell each cell goes to.
    cell: [u8; MAX_CELLS],
}

impl Reflection {
    /// The reflection that maps `goal` onto itself, if it has one.
    fn of(goal: &Board, cells: Cells) -> Option<Reflection> {
        let (blank_row, blank_col) = goal.blank();
        if cells.rows != cells.cols || blank_row != blank_col {
            return None;
        }
        let mut reflection = Reflection { tile: [0; MAX_CELLS], cell: [0; MAX_CELLS] };
        for cell in 0..cells.count() {
            let image = cells.transposed(cell);
            reflection.cell[cell] = image as u8;
            reflection.tile[usize::from(goal.cell(cell))] = goal.cell(image);
        }
        Some(reflection)
    }

    /// The cells of each tile on the reflection of the board whose tiles
    /// stand at `home`.
    fn reflect(&self, home: &[u8; MAX_CELLS], count: usize) -> [u8; MAX_CELLS] {
        let mut reflected = [0u8; MAX_CELLS];
        for tile in 0..count {
            reflected[usize::from(self.tile[tile])] = self.cell[usize::from(home[tile])];
        }
        reflected
    }
}

impl PatternDatabase {
    /// Builds the tables of `patterns` (lists of tiles, disjoint) towards
    /// `goal`.
    ///
    /// # Errors
    ///
    /// When a pattern names the blank or a tile the board lacks, or a tile
    /// twice, or when a table would not fit the default memory limit.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, PatternDatabase};
    ///
    /// let goal = Board::solved(2, 3)?;
    /// let error = PatternDatabase::new(&goal, &[vec![1, 2], vec![2, 3]]).unwrap_err();
    /// assert_eq!(error.to_string(), "tile 2 is in two patterns");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(goal: &Board, patterns: &[Vec<u8>]) -> Result<PatternDatabase, Error> {
        PatternDatabase::build(goal, patterns, &mut Run::new())
    }

    /// As [`new`](PatternDatabase::new), under `run`: each pattern's table
    /// is an enumeration of its abstraction (its tiles and the blank's
    /// region), one after another, each within `run`'s memory limit, each
    /// reporting its layers to `run`'s observer (the depth back at 0 when
    /// the next pattern begins), and each stopped by its cancel handle.
    ///
    /// # Errors
    ///
    /// As for [`new`](PatternDatabase::new), and when a table passes
    /// `run`'s memory limit or the build is cancelled.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, PatternDatabase};
    /// use search_core::Run;
    ///
    /// let mut patterns_begun = 0;
    /// let mut run = Run::new().on_progress(|progress| {
    ///     if progress.depth == 0 {
    ///         patterns_begun += 1;
    ///     }
    /// });
    /// let goal = Board::solved(2, 4)?;
    /// PatternDatabase::build(&goal, &[vec![1, 2, 3], vec![4, 5, 6, 7]], &mut run)?;
    /// drop(run);
    /// assert_eq!(patterns_begun, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build(
        goal: &Board,
        patterns: &[Vec<u8>],
        run: &mut Run<'_>,
    ) -> Result<PatternDatabase, Error> {
        let mut database = PatternDatabase::empty(goal, patterns)?;
        for tiles in patterns {
            let mut pattern = Pattern::new(database.cells, goal, tiles)?;
            pattern.excess = database.build_pattern(&pattern, run)?;
            database.patterns.push(pattern);
        }
        Ok(database)
    }

    /// The database of `partition` towards `goal`.
    ///
    /// # Errors
    ///
    /// When `goal` does not suit the partition (see [`Partition::patterns`]), or a table would not fit the
    /// default memory limit.
    ///
    /// # Example
    ///
    /// ```no_run
    /// use puzzles::{Board, Partition, PatternDatabase};
    ///
    /// let database = PatternDatabase::of_partition(&Board::solved(4, 4)?, Partition::SixSixThree)?;
    /// assert_eq!(database.patterns().count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_partition(goal: &Board, partition: Partition) -> Result<PatternDatabase, Error> {
        PatternDatabase::new(goal, &partition.patterns(goal)?)
    }

    /// The goal the tables lead to.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, PatternDatabase};
    ///
    /// let goal = Board::solved(2, 2)?;
    /// assert_eq!(PatternDatabase::new(&goal, &[vec![1]])?.goal(), &goal);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The patterns, as lists of tiles, in the order they were given.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, PatternDatabase};
    ///
    /// let database = PatternDatabase::new(&Board::solved(2, 2)?, &[vec![1, 2], vec![3]])?;
    /// assert_eq!(database.patterns().collect::<Vec<_>>(), [&[1, 2][..], &[3][..]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn patterns(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.patterns.iter().map(|pattern| &pattern.tiles[..])
    }

    /// Whether estimates take the larger of a board's and its reflection's
    /// (square boards whose goal has the blank on the main diagonal).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, PatternDatabase};
    ///
    /// let square = PatternDatabase::new(&Board::solved(3, 3)?, &[vec![1, 2]])?;
    /// let wide = PatternDatabase::new(&Board::solved(2, 3)?, &[vec![1, 2]])?;
    /// assert!(square.reflects() && !wide.reflects());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reflects(&self) -> bool {
        self.reflection.is_some()
    }

    /// The bytes the tables take.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, PatternDatabase};
    ///
    /// // 9 * 8 * 7 placements of three tiles, two a byte.
    /// let database = PatternDatabase::new(&Board::solved(3, 3)?, &[vec![1, 2, 3]])?;
    /// assert_eq!(database.table_bytes(), 252);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn table_bytes(&self) -> u64 {
        self.patterns.iter().map(|pattern| pattern.excess.len() as u64).sum()
    }

    /// Writes the database to `path`, through a temporary file beside it
    /// that is renamed into place when complete, so that a reader never
    /// sees half a file.
    ///
    /// # Errors
    ///
    /// When the file cannot be written; the error names it.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, PatternDatabase};
    ///
    /// let goal = Board::solved(3, 3)?;
    /// let patterns = [vec![1, 2, 3, 4], vec![5, 6, 7, 8]];
    /// let database = PatternDatabase::new(&goal, &patterns)?;
    /// let path = std::env::temp_dir().join(format!("doc-save-{}.bin", std::process::id()));
    /// database.save(&path)?;
    /// let loaded = PatternDatabase::load(&path, &goal, &patterns)?;
    /// let board = "8 6 7 / 2 5 4 / 3 0 1".parse()?;
    /// use search_core::Heuristic;
    /// assert_eq!(loaded.estimate(&board), database.estimate(&board));
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        let patterns: Vec<Vec<u8>> = self.patterns.iter().map(|p| p.tiles.clone()).collect();
        write_table_file(path, *MAGIC, VERSION, &description(&self.goal, &patterns), |out| {
            self.patterns.iter().try_for_each(|pattern| out.write_all(&pattern.excess))
        })
        .map_err(database_error)
    }

    /// Reads the database of `patterns` towards `goal` from `path`,
    /// checking that the file holds exactly that: its goal, its patterns,
    /// its length and its checksum.
    ///
    /// # Errors
    ///
    /// When the file cannot be read, is not a database, is truncated or
    /// corrupt, or holds the tables of another goal or other patterns. The
    /// error names the file and what does not match, and nothing of the
    /// file is used.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, PatternDatabase};
    ///
    /// let goal = Board::solved(2, 3)?;
    /// let path = std::env::temp_dir().join(format!("doc-load-{}.bin", std::process::id()));
    /// PatternDatabase::new(&goal, &[vec![1, 2, 3]])?.save(&path)?;
    /// let other: Board = "0 1 2 / 3 4 5".parse()?;
    /// let error = PatternDatabase::load(&path, &other, &[vec![1, 2, 3]]).unwrap_err();
    /// assert!(error.to_string().ends_with(
    ///     "holds \"goal [[1,2,3],[4,5,0]], patterns [[1, 2, 3]]\", \
    ///      not \"goal [[0,1,2],[3,4,5]], patterns [[1, 2, 3]]\""
    /// ));
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load(path: &Path, goal: &Board, patterns: &[Vec<u8>]) -> Result<PatternDatabase, Error> {
        let mut database = PatternDatabase::empty(goal, patterns)?;
        let description = description(goal, patterns);
        let kind = "a pattern database";
        let mut input =
            TableReader::open(path, *MAGIC, VERSION, kind, &description).map_err(database_error)?;
        let mut tables = patterns
            .iter()
            .map(|tiles| Pattern::new(database.cells, goal, tiles))
            .collect::<Result<Vec<Pattern>, Error>>()?;
        let header = 8 + 4 + 8 + description.len() as u64;
        let whole = header + tables.iter().map(|table| table.bytes() as u64).sum::<u64>() + 8;
        if input.length() != whole {
            let reason = format!(
                "is {} bytes where its header says {whole}: truncated or corrupt",
                input.length()
            );
            return Err(database_error(input.fail(reason)));
        }
        for pattern in &mut tables {
            pattern.excess = allocate(pattern.bytes())?;
            input.read_exact(&mut pattern.excess).map_err(database_error)?;
        }
        input.finish().map_err(database_error)?;
        database.patterns = tables;
        Ok(database)
    }

    /// A database of `patterns` towards `goal`, checked, with no tables
    /// yet.
    fn empty(goal: &Board, patterns: &[Vec<u8>]) -> Result<PatternDatabase, Error> {
        let cells = Cells { rows: goal.rows(), cols: goal.cols() };
        let mut pattern_of = [None; MAX_CELLS];
        for (index, pattern) in patterns.iter().enumerate() {
            for &tile in pattern {
                let reason = if tile == 0 || usize::from(tile) >= cells.count() {
                    format!("tile {tile} is not a tile of a pattern of this board")
                } else if pattern_of[usize::from(tile)].is_some() {
                    format!("tile {tile} is in two patterns")
                } else {
                    pattern_of[usize::from(tile)] = Some(index as u8);
                    continue;
                };
                return Err(Error::new(ErrorKind::Input { reason }));
            }
        }
        let mut manhattan = [[0u8; MAX_CELLS]; MAX_CELLS];
        for home in 0..cells.count() {
            let row = &mut manhattan[usize::from(goal.cell(home))];
            for (cell, distance) in row.iter_mut().enumerate().take(cells.count()) {
                *distance = cells.distance(home, cell);
            }
        }
        Ok(PatternDatabase {
            goal: *goal,
            cells,
            patterns: Vec::with_capacity(patterns.len()),
            pattern_of,
            manhattan,
            reflection: Reflection::of(goal, cells),
        })
    }

    /// The table of one pattern: for each placement, half its distance's
    /// excess over its Manhattan distance.
    fn build_pattern(&self, pattern: &Pattern, run: &mut Run<'_>) -> Result<Vec<u8>, Error> {
        let cells = self.cells;
        let tiles = &pattern.tiles;
        let k = tiles.len();
        let distances = pattern.abstraction.build(run)?;
        let mut excess = allocate(pattern.bytes())?;
        let mut manhattan = [[0u8; MAX_CELLS]; MAX_CELLS];
        for (row, &tile) in manhattan.iter_mut().zip(tiles) {
            *row = self.manhattan[usize::from(tile)];
        }
        let mut rank = 0;
        for_each_placement(cells, &manhattan[..k], &mut |sum| {
            let distance = distances.distance(rank as u64).unwrap_or(u8::MAX);
            // Every placement is reached (the blank can go anywhere), and a
            // distance is at least the Manhattan distance with its parity;
            // anything else would only lower the estimate.
            let half = distance.saturating_sub(sum) / 2;
            excess[rank / 2] |= half.min(15) << ((rank % 2) * 4);
            rank += 1;
        });
        Ok(excess)
    }

    /// Whether boards can carry this database's [`Parts`]: at most
    /// [`CARRIED_PATTERNS`] patterns.
    pub(super) fn carries_parts(&self) -> bool {
        self.patterns.len() <= CARRIED_PATTERNS
    }

    /// Each pattern's estimate of `board` and of its reflection.
    pub(super) fn parts(&self, board: &Board) -> Parts {
        let home = self.homes(board);
        let mut parts = Parts::default();
        for (slot, pattern) in parts.direct.iter_mut().zip(&self.patterns) {
            *slot = self.pattern_estimate(&home, pattern) as u8;
        }
        if let Some(reflection) = &self.reflection {
            let reflected = reflection.reflect(&home, self.cells.count());
            for (slot, pattern) in parts.reflected.iter_mut().zip(&self.patterns) {
                *slot = self.pattern_estimate(&reflected, pattern) as u8;
            }
        }
        parts
    }

    /// The parts of `child`, one slide from `parent` whose parts are
    /// `parts`: only the moved tile's pattern changes, and on the
    /// reflection only the pattern of the tile it becomes.
    pub(super) fn child_parts(&self, parent: &Board, mut parts: Parts, child: &Board) -> Parts {
        let moved = usize::from(child.cell(parent.blank_index()));
        let home = self.homes(child);
        if let Some(index) = self.pattern_of[moved] {
            let pattern = &self.patterns[usize::from(index)];
            parts.direct[usize::from(index)] = self.pattern_estimate(&home, pattern) as u8;
        }
        if let Some(reflection) = &self.reflection {
            let image = usize::from(reflection.tile[moved]);
            if let Some(index) = self.pattern_of[image] {
                let pattern = &self.patterns[usize::from(index)];
                // The reflection is its own inverse: the reflected board's
                // tile `t` is the board's tile `reflection.tile[t]`, moved
                // to the transposed cell.
                let estimate = self.pattern_estimate_by(pattern, |tile| {
                    let original = reflection.tile[usize::from(tile)];
                    reflection.cell[usize::from(home[usize::from(original)])]
                });
                parts.reflected[usize::from(index)] = estimate as u8;
            }
        }
        parts
    }

    /// Each tile's cell on `board`.
    fn homes(&self, board: &Board) -> [u8; MAX_CELLS] {
        let mut home = [0u8; MAX_CELLS];
        for cell in 0..self.cells.count() {
            home[usize::from(board.cell(cell))] = cell as u8;
        }
        home
    }

    /// The estimate of one pattern, where `home[tile]` is each tile's cell.
    fn pattern_estimate(&self, home: &[u8; MAX_CELLS], pattern: &Pattern) -> u32 {
        self.pattern_estimate_by(pattern, |tile| home[usize::from(tile)])
    }

    /// The estimate of one pattern, where `cell_of(tile)` is each tile's
    /// cell.
    #[inline]
    fn pattern_estimate_by(&self, pattern: &Pattern, cell_of: impl Fn(u8) -> u8) -> u32 {
        let mut placed = [0u8; MAX_CELLS];
        let mut manhattan = 0;
        for (slot, &tile) in placed.iter_mut().zip(&pattern.tiles) {
            *slot = cell_of(tile);
            manhattan += u32::from(self.manhattan[usize::from(tile)][usize::from(*slot)]);
        }
        let rank = pattern.abstraction.rank_places(&placed[..pattern.tiles.len()]);
        manhattan + 2 * pattern.excess(rank as usize)
    }

    /// The sum over the patterns, where `home[tile]` is each tile's cell.
    fn sum(&self, home: &[u8; MAX_CELLS]) -> u32 {
        self.patterns.iter().map(|pattern| self.pattern_estimate(home, pattern)).sum()
    }
}

/// The most patterns whose estimates a board carries in [`Parts`].
const CARRIED_PATTERNS: usize = 4;

/// Each pattern's estimate of a board and of its reflection, carried along
/// IDA*'s path so that a slide looks up only the moved tile's pattern and
/// that of the tile it becomes on the reflection: two table reads where the
/// two sums of the 5x5 puzzle's four patterns take eight. (A pattern's
/// estimate is at most 8 moves a tile plus 30, so a byte holds it.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct Parts {
    direct: [u8; CARRIED_PATTERNS],
    reflected: [u8; CARRIED_PATTERNS],
}

impl Parts {
    /// The estimate: the larger of the two sums.
    pub(super) fn estimate(self) -> u32 {
        let sum = |values: &[u8]| values.iter().map(|&value| u32::from(value)).sum::<u32>();
        sum(&self.direct).max(sum(&self.reflected))
    }
}

/// `len` zero bytes, or an error instead of an abort when the machine
/// cannot hold them.
fn allocate(len: usize) -> Result<Vec<u8>, Error> {
    let mut table = Vec::new();
    table.try_reserve_exact(len).map_err(|_| {
        Error::from(search_core::Error::new(search_core::ErrorKind::AllocationFailed {
            bytes: len as u64,
        }))
    })?;
    table.resize(len, 0);
    Ok(table)
}

/// Calls `visit` with the Manhattan distance of each placement of the
/// tiles whose distances by cell are `manhattan`, in rank order.
fn for_each_placement(cells: Cells, manhattan: &[[u8; MAX_CELLS]], visit: &mut dyn FnMut(u8)) {
    fn place(
        cells: Cells,
        manhattan: &[[u8; MAX_CELLS]],
        used: u32,
        sum: u8,
        visit: &mut dyn FnMut(u8),
    ) {
        let Some((row, rest)) = manhattan.split_first() else {
            visit(sum);
            return;
        };
        // Lexicographic order of cells is rank order.
        for (cell, &distance) in row.iter().enumerate().take(cells.count()) {
            if used & (1 << cell) == 0 {
                place(cells, rest, used | 1 << cell, sum + distance, visit);
            }
        }
    }
    place(cells, manhattan, 0, 0, visit);
}

/// What a database file says it holds, checked when it is loaded: the
/// goal (and so the board's size) and the patterns.
fn description(goal: &Board, patterns: &[Vec<u8>]) -> String {
    format!("goal {}, patterns {patterns:?}", rows_text(goal))
}

/// A board as LeetCode writes it, `[[1,2,3],[4,5,0]]`.
fn rows_text(board: &Board) -> String {
    let rows: Vec<String> = board
        .to_rows()
        .iter()
        .map(|row| {
            let tiles: Vec<String> = row.iter().map(u8::to_string).collect();
            format!("[{}]", tiles.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

/// A table file's error as a database's: the same file and reason.
fn database_error(error: search_core::Error) -> Error {
    match error.kind() {
        search_core::ErrorKind::TableFile { path, reason } => {
            Error::new(ErrorKind::Database { path: path.clone(), reason: reason.clone() })
        }
        _ => Error::from(error),
    }
}

impl Heuristic<Board> for PatternDatabase {
    type Cost = u32;

    fn estimate(&self, board: &Board) -> u32 {
        let home = self.homes(board);
        let direct = self.sum(&home);
        match &self.reflection {
            None => direct,
            Some(reflection) => {
                direct.max(self.sum(&reflection.reflect(&home, self.cells.count())))
            }
        }
    }

    fn estimate_child(&self, parent: &Board, parent_estimate: u32, child: &Board) -> u32 {
        if self.reflection.is_some() {
            // The parent's estimate is the larger of two sums, which does
            // not say how each changes: both are looked up again.
            return self.estimate(child);
        }
        let moved = child.cell(parent.blank_index());
        match self.pattern_of[usize::from(moved)] {
            None => parent_estimate,
            Some(index) => {
                let pattern = &self.patterns[usize::from(index)];
                // Only the moved tile's cell differs between the two boards.
                let mut home = self.homes(parent);
                let before = self.pattern_estimate(&home, pattern);
                home[usize::from(moved)] = parent.blank_index() as u8;
                parent_estimate + self.pattern_estimate(&home, pattern) - before
            }
        }
    }
}
