//! `puzzles lock`.

use std::io::Write;

use clap::Args;
use puzzles::{Lock, SearchOptions, Turn};
use search_core::Path;
use serde::Deserialize;
use serde_json::json;

use crate::batch::{Questions, answer_each};
use crate::progress::Display;
use crate::{Format, SearchArgs};

#[derive(Debug, Args)]
pub(crate) struct LockArgs {
    /// Dead ends, comma-separated, such as 0201,0101.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    deadends: Vec<String>,
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
        let lock = lock.clone().with_deadends(&question.deadends).map_err(|e| e.to_string())?;
        let mut options = SearchOptions::new()
            .limits(args.search.limits())
            .on_progress(|progress| display.observe(progress));
        display.start();
        let path = lock.open_with(&question.target, &mut options);
        display.finish();
        let path = path.map_err(|e| crate::explain(&e, None))?;
        write_answer(&lock, args.format, question, path.as_ref(), out)
    };
    if let Some(target) = &args.target {
        let question = Question { deadends: args.deadends.clone(), target: target.clone() };
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

fn write_answer<W: Write>(
    lock: &Lock,
    format: Format,
    question: &Question,
    path: Option<&Path<u32, Turn>>,
    out: &mut W,
) -> Result<(), String> {
    let turns: Vec<String> = path.iter().flat_map(|p| p.moves()).map(ToString::to_string).collect();
    let codes: Vec<String> =
        path.iter().flat_map(|p| p.states()).map(|&c| lock.format_code(c)).collect();
    let count = path.map_or(-1, |p| i64::try_from(p.len()).unwrap_or(i64::MAX));
    let written = if format.count {
        writeln!(out, "{count}")
    } else if format.json {
        let object = json!({
            "deadends": question.deadends,
            "target": question.target,
            "turns": count,
            "moves": turns,
            "codes": codes,
        });
        writeln!(out, "{object}")
    } else if path.is_some() {
        let noun = if count == 1 { "turn" } else { "turns" };
        writeln!(out, "{count} {noun}: {}; codes: {}", turns.join(", "), codes.join(" "))
    } else {
        writeln!(
            out,
            "-1: {} cannot be reached from {}",
            question.target,
            "0".repeat(lock.wheels())
        )
    };
    written.map_err(crate::io_failure)
}
