//! [`DatabaseDir`]: the folder where the 4x4 puzzle's pattern databases
//! are kept, and which of them a heuristic loads from it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::board::Board;
use super::estimate::SlidingHeuristic;
use super::pdb::{Partition, PatternDatabase};
use super::puzzle::SlidingPuzzle;
use crate::error::{Error, ErrorKind};

/// A folder of pattern databases for the 4x4 puzzle, a file for each
/// partition and goal, named by [`Partition::file_name`]: where `puzzles
/// pdb build` saves them, and where `puzzles solve` and the Python
/// package's `solve(databases=...)` look for them.
///
/// # Example
///
/// ```
/// use puzzles::{Board, DatabaseDir, Partition, SlidingHeuristic, SlidingPuzzle};
///
/// let dir = DatabaseDir::new(std::env::temp_dir().join(format!("doc-dir-{}", std::process::id())));
/// let puzzle = SlidingPuzzle::new(4, 4)?;
/// // Nothing there yet: nothing installed, nothing refused.
/// let installed = dir.install(&puzzle, SlidingHeuristic::Best);
/// assert_eq!((installed.partition, installed.unusable.len()), (None, 0));
///
/// let database = puzzle.pattern_database(Partition::SixSixThree)?;
/// let path = dir.save(&database)?;
/// assert_eq!(path, dir.file(Partition::SixSixThree, puzzle.goal()));
/// assert_eq!(dir.names()?, [Partition::SixSixThree.file_name(puzzle.goal())]);
///
/// let fresh = SlidingPuzzle::new(4, 4)?;
/// let installed = dir.install(&fresh, SlidingHeuristic::Best);
/// assert_eq!(installed.partition, Some(Partition::SixSixThree));
/// assert!(fresh.installed_database(Partition::SixSixThree).is_some());
/// # std::fs::remove_dir_all(dir.path())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatabaseDir {
    path: PathBuf,
}

/// What [`DatabaseDir::install`] did.
#[derive(Debug)]
#[non_exhaustive]
pub struct Installed {
    /// The partition whose database the puzzle now has for the heuristic
    /// (loaded now, or installed before), or `None`.
    pub partition: Option<Partition>,
    /// The files of wanted databases that could not be used (corrupt,
    /// truncated, of another layout), skipped; each error names its file.
    pub unusable: Vec<Error>,
}

impl DatabaseDir {
    /// The folder at `path`, which need not exist yet.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::DatabaseDir;
    ///
    /// assert_eq!(DatabaseDir::new("pdbs").path(), std::path::Path::new("pdbs"));
    /// ```
    pub fn new(path: impl Into<PathBuf>) -> DatabaseDir {
        DatabaseDir { path: path.into() }
    }

    /// The folder's path.
    ///
    /// # Example
    ///
    /// See [`new`](DatabaseDir::new).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file that holds (or would hold) the database of `partition`
    /// towards `goal`.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, DatabaseDir, Partition};
    ///
    /// let file = DatabaseDir::new("pdbs").file(Partition::SevenEight, &Board::solved(4, 4)?);
    /// assert!(file.starts_with("pdbs") && file.ends_with(Partition::SevenEight.file_name(&Board::solved(4, 4)?)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn file(&self, partition: Partition, goal: &Board) -> PathBuf {
        self.path.join(partition.file_name(goal))
    }

    /// The database of `partition` towards `goal`, if the folder holds
    /// its file.
    ///
    /// # Errors
    ///
    /// When the file is there but cannot be used; see
    /// [`PatternDatabase::load`].
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::{Board, DatabaseDir, Partition};
    ///
    /// let dir = DatabaseDir::new(std::env::temp_dir().join("doc-no-such-dir"));
    /// assert!(dir.load(Partition::SixSixThree, &Board::solved(4, 4)?)?.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load(
        &self,
        partition: Partition,
        goal: &Board,
    ) -> Result<Option<PatternDatabase>, Error> {
        let path = self.file(partition, goal);
        if !path.exists() {
            return Ok(None);
        }
        PatternDatabase::load(&path, goal, &partition.patterns(goal)?).map(Some)
    }

    /// Saves `database`, a partition's, as the file
    /// [`file`](DatabaseDir::file) names, making the folder if need be;
    /// returns that file.
    ///
    /// # Errors
    ///
    /// When the database's patterns are not a partition's, or the folder
    /// or the file cannot be written.
    ///
    /// # Example
    ///
    /// See [`DatabaseDir`].
    pub fn save(&self, database: &PatternDatabase) -> Result<PathBuf, Error> {
        let goal = database.goal();
        let partition = Partition::of(database).ok_or_else(|| {
            Error::new(ErrorKind::Input {
                reason: "the pattern database's patterns are not those of a partition".to_string(),
            })
        })?;
        std::fs::create_dir_all(&self.path).map_err(|error| {
            Error::new(ErrorKind::Database {
                path: self.path.clone(),
                reason: format!("cannot be made: {error}"),
            })
        })?;
        let path = self.file(partition, goal);
        database.save(&path)?;
        Ok(path)
    }

    /// The names of the database files in the folder, sorted; none when
    /// it does not exist.
    ///
    /// # Errors
    ///
    /// When the folder exists but cannot be listed.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::DatabaseDir;
    ///
    /// assert!(DatabaseDir::new(std::env::temp_dir().join("doc-no-such-dir")).names()?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn names(&self) -> Result<Vec<String>, Error> {
        let entries = match std::fs::read_dir(&self.path) {
            Ok(entries) => entries,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => {
                return Err(Error::new(ErrorKind::Database {
                    path: self.path.clone(),
                    reason: format!("cannot be listed: {error}"),
                }));
            }
        };
        let mut names: Vec<String> = entries
            .filter_map(Result::ok)
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .filter(|name| Partition::is_file_name(name))
            .collect();
        names.sort();
        Ok(names)
    }

    /// Gives `puzzle` the database `heuristic` uses, from this folder:
    /// for [`SlidingHeuristic::SevenEight`] the 7-8 one, for
    /// [`SixSixThree`](SlidingHeuristic::SixSixThree) the 6-6-3 one, for
    /// [`SixSixSixSix`](SlidingHeuristic::SixSixSixSix) the 6-6-6-6 one,
    /// for [`Best`](SlidingHeuristic::Best) the one of those for the
    /// puzzle's size (the 7-8 one before the 6-6-3 one). Nothing is loaded
    /// when the puzzle has one of those already, or for other heuristics
    /// and boards other than 4x4 and 5x5. Nothing is built:
    /// a caller that finds none decides whether to build one
    /// ([`SlidingPuzzle::pattern_database`]) or to say how.
    ///
    /// # Example
    ///
    /// See [`DatabaseDir`].
    pub fn install(&self, puzzle: &SlidingPuzzle, heuristic: SlidingHeuristic) -> Installed {
        let mut installed = Installed { partition: None, unusable: Vec::new() };
        let goal = puzzle.goal();
        let size = (goal.rows(), goal.cols());
        let wanted: Vec<Partition> = heuristic
            .partitions()
            .iter()
            .copied()
            .filter(|partition| partition.size() == size)
            .collect();
        installed.partition = wanted
            .iter()
            .copied()
            .find(|&partition| puzzle.installed_database(partition).is_some());
        if installed.partition.is_some() {
            return installed;
        }
        for partition in wanted {
            let loaded = self.load(partition, goal).and_then(|database| match database {
                Some(database) => puzzle.install_database(Arc::new(database)).map(|()| true),
                None => Ok(false),
            });
            match loaded {
                Ok(true) => {
                    installed.partition = Some(partition);
                    break;
                }
                Ok(false) => {}
                Err(error) => installed.unusable.push(error),
            }
        }
        installed
    }
}
