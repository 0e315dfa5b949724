//! Progress of a long search on standard error: a spinner on a terminal,
//! lines when asked to on a pipe (from the search's first report, then
//! one a second), nothing otherwise.

use std::cell::{Cell, RefCell};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{HumanBytes, HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};
use search_core::run::Progress;

/// A search quicker than this shows no spinner: one that flashed and
/// went would only blink. Lines, asked for, start at the first report.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// How often a line is printed when standard error is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(1);

/// Where progress goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Spinner,
    Lines,
    Nowhere,
}

/// Shows how the current question's search is going.
#[derive(Debug)]
pub(crate) struct Display {
    target: Target,
    started: Cell<Instant>,
    /// When the last line was printed; `None` before the question's first.
    last_line: Cell<Option<Instant>>,
    spinner: RefCell<Option<ProgressBar>>,
}

impl Display {
    /// A spinner when standard error is a terminal; lines when `forced`
    /// and it is not.
    pub(crate) fn new(forced: bool) -> Display {
        let target = if std::io::stderr().is_terminal() {
            Target::Spinner
        } else if forced {
            Target::Lines
        } else {
            Target::Nowhere
        };
        let now = Instant::now();
        Display {
            target,
            started: Cell::new(now),
            last_line: Cell::new(None),
            spinner: RefCell::new(None),
        }
    }

    /// Starts timing a new question.
    pub(crate) fn start(&self) {
        self.finish();
        self.started.set(Instant::now());
        self.last_line.set(None);
    }

    /// Takes a report from the search.
    pub(crate) fn observe(&self, progress: &Progress) {
        if self.target == Target::Nowhere {
            return;
        }
        let elapsed = self.started.get().elapsed();
        match self.target {
            Target::Spinner if elapsed < QUIET_FOR => {}
            Target::Spinner => {
                let message = describe(progress, elapsed);
                let mut spinner = self.spinner.borrow_mut();
                let spinner = spinner.get_or_insert_with(|| {
                    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
                    if let Ok(style) = ProgressStyle::with_template("{spinner} {elapsed} {msg}") {
                        bar.set_style(style);
                    }
                    bar.enable_steady_tick(Duration::from_millis(200));
                    bar
                });
                spinner.set_message(message);
            }
            Target::Lines => {
                if self.last_line.get().is_none_or(|last| last.elapsed() >= LINE_EVERY) {
                    self.last_line.set(Some(Instant::now()));
                    eprintln!("puzzles: {elapsed:.0?}: {}", describe(progress, elapsed));
                }
            }
            Target::Nowhere => {}
        }
    }

    /// Clears the spinner, if shown.
    pub(crate) fn finish(&self) {
        if let Some(spinner) = self.spinner.borrow_mut().take() {
            spinner.finish_and_clear();
        }
    }
}

/// One line: states stored, nodes expanded, depth, rate and memory.
fn describe(progress: &Progress, elapsed: Duration) -> String {
    #[expect(clippy::cast_precision_loss, reason = "a rate for a person to read")]
    let rate = progress.expanded as f64 / elapsed.as_secs_f64().max(1e-3);
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a positive rate far below u64::MAX"
    )]
    let rate = rate as u64;
    let line = format!(
        "{} states stored, {} expanded, depth {}, {} expanded/s",
        HumanCount(progress.stored),
        HumanCount(progress.expanded),
        progress.depth,
        HumanCount(rate),
    );
    // IDA*'s only table is its path.
    if progress.bytes == 0 { line } else { format!("{line}, {}", HumanBytes(progress.bytes)) }
}
