//! `puzzles lock`.

use std::io::Write;

use clap::Args;
use puzzles::Lock;
use serde::Deserialize;

use crate::batch::{Questions, answer_each};
use crate::progress::Display;
use crate::{Format, SearchArgs};

#[derive(Debug, Args)]
#[command(mut_arg("count", |count| {
    count.help(
        "Print only the number of turns, one line per question (-1 when the target cannot be reached).",
    )
}))]
pub(crate) struct LockArgs {
    /// Dead ends, comma-separated, such as 0201,0101; spaces around a code
    /// are ignored, and an empty list is allowed.
    #[arg(long, value_name = "LIST")]
    deadends: Option<String>,
    /// The code to reach from all zeros; with none, JSON lines are read
    /// from standard input.
    #[arg(long, value_name = "CODE")]
    target: Option<String>,
    /// The number of wheels.
    #[arg(long, default_value_t = 4, value_name = "N")]
    wheels: usize,
    /// The number of digits on each wheel.
    #[arg(long, default_value_t = 10, value_name = "N")]
    digits: u8,
    #[command(flatten)]
    format: Format,
    #[command(flatten)]
    search: SearchArgs,
}

/// One question on standard input.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Question {
    #[serde(default)]
    deadends: Vec<String>,
    target: String,
}

pub(crate) fn run<W: Write>(args: &LockArgs, out: &mut W) -> Result<bool, String> {
    let lock = Lock::new(args.wheels, args.digits).map_err(|e| e.to_string())?;
    let display = Display::new(args.search.progress);
    let answer_one = |question: &Question, out: &mut W| {
        let lock =
            lock.clone().with_deadends(&question.deadends).map_err(|e| crate::explain(&e, None))?;
        let path = args.search.run_shown(&display, |run| lock.open_with(&question.target, run));
        let path = path.map_err(|e| crate::explain(&e, None))?;
        crate::output::write_lock_answer(
            out,
            &lock,
            args.format,
            (&question.deadends, &question.target),
            path.as_ref(),
        )
    };
    if let Some(target) = &args.target {
        let deadends = args.deadends.as_deref().map(crate::values::split_list).unwrap_or_default();
        let question = Question { deadends, target: target.clone() };
        return answer_each(Questions::Options, args.format.json, out, |_, out| {
            answer_one(&question, out)
        });
    }
    answer_each(Questions::from(&[]), args.format.json, out, |text, out| {
        let question: Question =
            serde_json::from_str(text).map_err(|e| format!("not a lock question: {e}"))?;
        answer_one(&question, out)
    })
}
