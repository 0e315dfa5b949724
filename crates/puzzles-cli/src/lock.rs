//! `puzzles lock`.

use std::io::Write;

use clap::Args;
use puzzles::Lock;
use serde::Deserialize;
use serde_json::json;

use crate::Format;
use crate::batch::{Questions, answer_each};

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
    if let Some(target) = &args.target {
        let question =
            serde_json::to_string(&json!({ "deadends": args.deadends, "target": target }))
                .map_err(|e| e.to_string())?;
        return answer_each(Questions::Options(question), out, |text, out| {
            answer(&lock, args.format, text, out)
        });
    }
    answer_each(Questions::from(&[]), out, |text, out| answer(&lock, args.format, text, out))
}

fn answer<W: Write>(lock: &Lock, format: Format, text: &str, out: &mut W) -> Result<(), String> {
    let question: Question =
        serde_json::from_str(text).map_err(|e| format!("not a lock question: {e}"))?;
    let lock = lock.clone().with_deadends(&question.deadends).map_err(|e| e.to_string())?;
    let path = lock.open(&question.target).map_err(|e| e.to_string())?;
    let turns: Vec<String> =
        path.iter().flat_map(search_core::Path::moves).map(ToString::to_string).collect();
    let codes: Vec<String> =
        path.iter().flat_map(search_core::Path::states).map(|&c| lock.format_code(c)).collect();
    let count = path.as_ref().map_or(-1, |p| i64::try_from(p.len()).unwrap_or(i64::MAX));
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
