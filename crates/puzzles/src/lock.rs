//! Open the Lock (LeetCode 752), for any number of wheels and digits.

use std::fmt;

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rustc_hash::FxHashSet;
use search_core::breadth_first::Search;
use search_core::dense::DenseEnumeration;
use search_core::space::AsRanked;
use search_core::{Path, Ranking, Reversible, Run, Successors, Unranking};

use crate::error::{Error, ErrorKind};

/// Dead ends are kept as a bit per code up to this many codes (16 MiB of
/// bits), and hashed above.
const DEAD_BITS_MAX_CODES: u32 = 1 << 27;

/// One turn of one wheel by one digit.
///
/// # Example
///
/// ```
/// use puzzles::Turn;
///
/// let turn = Turn { wheel: 0, up: false };
/// assert_eq!(turn.to_string(), "wheel 1 down");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The wheel, from 0 on the left.
    pub wheel: u8,
    /// Whether the digit goes up (9 wraps to 0) or down (0 wraps to 9).
    pub up: bool,
}

impl Turn {
    /// The turn that undoes this one.
    fn reversed(self) -> Turn {
        Turn { up: !self.up, ..self }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let direction = if self.up { "up" } else { "down" };
        write!(f, "wheel {} {direction}", self.wheel + 1)
    }
}

/// A combination lock of `wheels` wheels of `digits` digits each, with dead
/// ends: codes that jam it, which no path may pass through.
///
/// A code is a number in base `digits`, the leftmost wheel first, so codes
/// number themselves densely and searches keep them in a flat array. Every
/// turn can be undone, so the lock can be searched from both ends.
///
/// # Example
///
/// ```
/// use puzzles::Lock;
///
/// let lock = Lock::standard().with_deadends(["0201", "0101", "0102", "1212", "2002"])?;
/// let path = lock.open("0202")?.expect("openable");
/// assert_eq!(path.len(), 6);
/// let codes: Vec<String> = path.states().iter().map(|&c| lock.format_code(c)).collect();
/// assert_eq!(codes.first().map(String::as_str), Some("0000"));
/// assert_eq!(codes.last().map(String::as_str), Some("0202"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Lock {
    wheels: usize,
    digits: u8,
    codes: u32,
    deadends: FxHashSet<u32>,
    /// The dead ends again as one bit per code, for locks small enough
    /// (up to 2^24 codes): every generated code is tested, and a bit test
    /// is cheaper than a hash lookup. Empty when unused.
    dead_bits: Vec<u64>,
}

impl Lock {
    /// LeetCode's lock: 4 wheels of 10 digits, no dead ends.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Lock;
    ///
    /// assert_eq!(Lock::standard().turns("5555")?, Some(20));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn standard() -> Lock {
        Lock {
            wheels: 4,
            digits: 10,
            codes: 10_000,
            deadends: FxHashSet::default(),
            dead_bits: Vec::new(),
        }
    }

    /// A lock of 1 to 9 wheels of 2 to 10 digits.
    ///
    /// # Errors
    ///
    /// When the shape is outside those bounds.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Lock;
    ///
    /// let lock = Lock::new(3, 2)?;
    /// assert_eq!(lock.turns("111")?, Some(3));
    /// assert!(Lock::new(3, 11).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(wheels: usize, digits: u8) -> Result<Lock, Error> {
        if !(1..=9).contains(&wheels) || !(2..=10).contains(&digits) {
            return Err(Error::new(ErrorKind::LockShape { wheels, digits }));
        }
        Ok(Lock {
            wheels,
            digits,
            codes: u32::from(digits).pow(wheels as u32),
            deadends: FxHashSet::default(),
            dead_bits: Vec::new(),
        })
    }

    /// The lock with these dead ends added.
    ///
    /// # Errors
    ///
    /// When a dead end is not a code of this lock.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Lock;
    ///
    /// let error = Lock::standard().with_deadends(["12a4"]).unwrap_err();
    /// assert_eq!(error.to_string(), "code '12a4': character 3 is not a digit from 0 to 9");
    /// ```
    pub fn with_deadends<I>(mut self, deadends: I) -> Result<Lock, Error>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        for code in deadends {
            let code = self.parse_code(code.as_ref())?;
            self.deadends.insert(code);
            if self.codes <= DEAD_BITS_MAX_CODES {
                if self.dead_bits.is_empty() {
                    self.dead_bits = vec![0; (self.codes as usize).div_ceil(64)];
                }
                self.dead_bits[code as usize / 64] |= 1 << (code % 64);
            }
        }
        Ok(self)
    }

    /// The number of wheels.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Lock;
    ///
    /// assert_eq!(Lock::standard().wheels(), 4);
    /// ```
    pub fn wheels(&self) -> usize {
        self.wheels
    }

    /// Whether `code` is one of the dead ends, where the lock jams: a
    /// search neither enters one nor, when the start is one, leaves it.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Lock;
    ///
    /// let lock = Lock::standard().with_deadends(["0000", "0201"])?;
    /// assert!(lock.is_deadend(lock.parse_code("0201")?));
    /// assert!(lock.is_deadend(0));
    /// assert!(!lock.is_deadend(lock.parse_code("0202")?));
    /// assert!(lock.open("0202")?.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_deadend(&self, code: u32) -> bool {
        self.deadends.contains(&code)
    }

    /// The code written as digits, as a number.
    ///
    /// # Errors
    ///
    /// When the code has the wrong length or a character that is not one of
    /// the lock's digits.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Lock;
    ///
    /// let lock = Lock::standard();
    /// assert_eq!(lock.parse_code("0042")?, 42);
    /// assert_eq!(lock.parse_code("42").unwrap_err().to_string(), "code '42' has 2 wheels, expected 4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_code(&self, code: &str) -> Result<u32, Error> {
        if code.chars().count() != self.wheels {
            return Err(Error::new(ErrorKind::CodeLength {
                code: code.to_string(),
                expected: self.wheels,
            }));
        }
        let mut value = 0;
        for (i, c) in code.chars().enumerate() {
            let digit =
                c.to_digit(10).filter(|&d| d < u32::from(self.digits)).ok_or_else(|| {
                    Error::new(ErrorKind::CodeDigit {
                        code: code.to_string(),
                        position: i + 1,
                        digits: self.digits,
                    })
                })?;
            value = value * u32::from(self.digits) + digit;
        }
        Ok(value)
    }

    /// The code as its digits.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Lock;
    ///
    /// assert_eq!(Lock::standard().format_code(42), "0042");
    /// ```
    pub fn format_code(&self, code: u32) -> String {
        let base = u32::from(self.digits);
        (0..self.wheels)
            .rev()
            .map(|wheel| {
                let digit = (code / base.pow(wheel as u32)) % base;
                char::from_digit(digit, 10).unwrap_or('?')
            })
            .collect()
    }

    /// A shortest way from all zeros to `target`, or `None` when the lock
    /// cannot reach it (or starts jammed).
    ///
    /// # Errors
    ///
    /// When `target` is not a code of this lock.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Lock;
    ///
    /// let lock = Lock::standard().with_deadends(["8888"])?;
    /// let path = lock.open("0009")?.expect("openable");
    /// assert_eq!(path.moves()[0].to_string(), "wheel 4 down");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open(&self, target: &str) -> Result<Option<Path<u32, Turn>>, Error> {
        self.open_with(target, &mut Run::new())
    }

    /// As [`open`](Lock::open), under `run`: its limits, its observer and
    /// its cancel handle.
    ///
    /// Codes are their own rank, so the search keeps one bit per code
    /// rather than hashing them. Locks of 10^8 codes or more (8 and 9
    /// wheels) are searched breadth-first in 2-bit tables instead, with
    /// each code's depth mod 3 in 2 more bits to walk the path back: 500
    /// MB for 9 wheels, where a search tree of every code would take
    /// gigabytes. Those searches are bounded by the memory limit alone,
    /// and report each layer as it ends.
    ///
    /// # Errors
    ///
    /// When `target` is not a code of this lock, or the search reaches a
    /// limit.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Lock;
    /// use search_core::{Limits, Run};
    ///
    /// let lock = Lock::new(5, 10)?;
    /// let mut run = Run::new().limits(Limits::new().max_states(1_000));
    /// let error = lock.open_with("55555", &mut run).unwrap_err();
    /// assert_eq!(error.to_string(), "search reached its limit of 1000 stored states without an answer");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open_with(
        &self,
        target: &str,
        run: &mut Run<'_>,
    ) -> Result<Option<Path<u32, Turn>>, Error> {
        let target = self.parse_code(target)?;
        if self.is_dead(0) || self.is_dead(target) {
            return Ok(None);
        }
        if self.codes >= DENSE_CODES {
            return self.open_dense(target, run);
        }
        Ok(Search::new().bfs(self, [0], |&code| code == target, run)?)
    }

    /// [`open_with`](Lock::open_with) for locks of [`DENSE_CODES`] codes
    /// or more, where a search tree of every code reached would not fit
    /// in memory (10^9 nodes for 9 wheels): breadth-first layers in 2 bits
    /// a code, stopped at the target's layer, and each code's depth mod 3
    /// in 2 more bits, from which the path is walked back. A code's
    /// neighbours lie at most one layer from it, so the neighbour whose
    /// depth is one less mod 3 is one layer nearer the start.
    fn open_dense(&self, target: u32, run: &mut Run<'_>) -> Result<Option<Path<u32, Turn>>, Error> {
        let codes = self.codes as usize;
        let needed = 2 * DenseEnumeration::memory_needed(u64::from(self.codes));
        let limits = run.get_limits();
        let limit = limits.get_max_memory();
        if needed > limit {
            return Err(search_core::Error::new(search_core::ErrorKind::TooLarge {
                needed,
                limit,
            })
            .into());
        }
        let mut depths: Vec<AtomicU64> = Vec::new();
        depths.try_reserve_exact(codes.div_ceil(32)).map_err(|_| {
            search_core::Error::new(search_core::ErrorKind::AllocationFailed { bytes: needed / 2 })
        })?;
        depths.resize_with(codes.div_ceil(32), || AtomicU64::new(0));
        let reached = AtomicBool::new(false);
        // The depth marks take half of the budget; the layers the rest.
        run.set_limits(limits.max_memory(limit - needed / 2));
        let layers = DenseEnumeration::new().run_until(
            &AsRanked(self),
            &[0],
            |_, _| {
                if reached.load(Ordering::Relaxed) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
            |code, depth| {
                let mark = (depth % 3 + 1) as u64;
                depths[code as usize / 32].fetch_or(mark << (2 * (code % 32)), Ordering::Relaxed);
                if code == u64::from(target) {
                    reached.store(true, Ordering::Relaxed);
                }
            },
            run,
        );
        run.set_limits(limits);
        let layers = layers?;
        if !reached.into_inner() {
            return Ok(None);
        }
        let depth_mark = |code: u32| {
            let code = code as usize;
            (depths[code / 32].load(Ordering::Relaxed) >> (2 * (code % 32))) & 3
        };
        let mut codes_back = vec![target];
        let mut turns_back = Vec::new();
        for depth in (0..layers.radius()).rev() {
            let here = codes_back[codes_back.len() - 1];
            let mut step = None;
            // Turns can be undone, so the codes before `here` are its
            // neighbours; the turn is the one from there to here.
            self.successors(&here, |before, turn| {
                if step.is_none() && depth_mark(before) == (depth % 3 + 1) as u64 {
                    step = Some((before, turn.reversed()));
                }
            });
            let Some((before, turn)) = step else {
                unreachable!("a code of layer {} has a neighbour in the layer before", depth + 1);
            };
            codes_back.push(before);
            turns_back.push(turn);
        }
        codes_back.reverse();
        turns_back.reverse();
        Ok(Some(Path::new(codes_back, turns_back)))
    }

    /// The fewest turns from all zeros to `target`, or `None`.
    ///
    /// # Errors
    ///
    /// When `target` is not a code of this lock.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::Lock;
    ///
    /// let walled = ["8887", "8889", "8878", "8898", "8788", "8988", "7888", "9888"];
    /// let lock = Lock::standard().with_deadends(walled)?;
    /// assert_eq!(lock.turns("8888")?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn turns(&self, target: &str) -> Result<Option<usize>, Error> {
        Ok(self.open(target)?.map(|path| path.len()))
    }
}

impl Lock {
    fn is_dead(&self, code: u32) -> bool {
        match self.dead_bits.get(code as usize / 64) {
            Some(word) => word & (1 << (code % 64)) != 0,
            None => !self.deadends.is_empty() && self.deadends.contains(&code),
        }
    }
}

impl Successors for Lock {
    type State = u32;
    type Move = Turn;

    fn successors<F: FnMut(u32, Turn)>(&self, &code: &u32, mut report: F) {
        let base = u32::from(self.digits);
        let (mut rest, mut weight) = (code, 1);
        for wheel in (0..self.wheels).rev() {
            let digit = rest % base;
            rest /= base;
            let up = if digit + 1 == base { code - digit * weight } else { code + weight };
            let down = if digit == 0 { code + (base - 1) * weight } else { code - weight };
            for (next, up) in [(up, true), (down, false)] {
                if !self.is_dead(next) {
                    report(next, Turn { wheel: wheel as u8, up });
                }
            }
            weight *= base;
        }
    }

    fn ranking(&self) -> Option<impl Ranking<u32> + '_> {
        Some(self)
    }
}

/// A code is its own rank.
impl Ranking<u32> for Lock {
    fn rank_count(&self) -> u64 {
        u64::from(self.codes)
    }

    fn rank(&self, &code: &u32) -> u64 {
        u64::from(code)
    }
}

impl Unranking<u32> for Lock {
    fn unrank(&self, rank: u64) -> u32 {
        // Ranks are below `codes`, a u32.
        u32::try_from(rank).unwrap_or(u32::MAX)
    }
}

impl Reversible for Lock {}

/// Locks of this many codes or more (8 and 9 wheels of 10 digits) are
/// searched in 2-bit tables instead of a search tree.
const DENSE_CODES: u32 = 100_000_000;

/// LeetCode 752: the fewest turns from `0000` to `target` on the standard
/// lock, avoiding `deadends`, or -1.
///
/// # Errors
///
/// When a code is not four digits.
///
/// # Example
///
/// ```
/// use puzzles::open_lock;
///
/// assert_eq!(open_lock(&["0201", "0101", "0102", "1212", "2002"], "0202")?, 6);
/// assert_eq!(open_lock(&["0000"], "8888")?, -1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open_lock<S: AsRef<str>>(deadends: &[S], target: &str) -> Result<i32, Error> {
    let lock = Lock::standard().with_deadends(deadends)?;
    Ok(lock.turns(target)?.map_or(-1, |turns| i32::try_from(turns).unwrap_or(i32::MAX)))
}
