//! `puzzles ladder`.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use serde::Deserialize;
use serde_json::json;

use crate::Format;
use crate::batch::{Questions, answer_each};

#[derive(Debug, Args)]
pub(crate) struct LadderArgs {
    /// The first word; with none, JSON lines are read from standard input.
    #[arg(long, value_name = "WORD", requires = "end")]
    begin: Option<String>,
    /// The last word, which must be in the word list.
    #[arg(long, value_name = "WORD")]
    end: Option<String>,
    /// The word list, comma-separated.
    #[arg(long, value_name = "LIST", value_delimiter = ',', conflicts_with = "dict")]
    words: Option<Vec<String>>,
    /// A file with one word per line.
    #[arg(long, value_name = "FILE")]
    dict: Option<PathBuf>,
    /// Print every shortest ladder, one per line (LeetCode 126).
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    format: Format,
}

/// One question on standard input; `words` falls back to --words or --dict.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Question {
    begin: String,
    end: String,
    words: Option<Vec<String>>,
}

pub(crate) fn run<W: Write>(args: &LadderArgs, out: &mut W) -> Result<bool, String> {
    let words = match (&args.words, &args.dict) {
        (Some(words), _) => Some(words.clone()),
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Some(text.lines().map(str::trim).filter(|w| !w.is_empty()).map(String::from).collect())
        }
        (None, None) => None,
    };
    // On standard input every question gets one line, so several ladders
    // share it.
    let respond = |text: &str, out: &mut W, one_line: bool| {
        let question: Question =
            serde_json::from_str(text).map_err(|e| format!("not a ladder question: {e}"))?;
        let list = question
            .words
            .as_ref()
            .or(words.as_ref())
            .ok_or("no word list: give \"words\", --words or --dict")?;
        answer(args, &question.begin, &question.end, list, one_line, out)
    };
    match (&args.begin, &args.end) {
        (Some(begin), Some(end)) => {
            if words.is_none() {
                return Err("a word list is needed: give --words or --dict".to_string());
            }
            let question = json!({ "begin": begin, "end": end }).to_string();
            answer_each(Questions::Options(question), out, |text, out| respond(text, out, false))
        }
        _ => answer_each(Questions::from(&[]), out, |text, out| respond(text, out, true)),
    }
}

fn answer<W: Write>(
    args: &LadderArgs,
    begin: &str,
    end: &str,
    words: &[String],
    one_line: bool,
    out: &mut W,
) -> Result<(), String> {
    let written = if args.format.count {
        let length = puzzles::ladder_length(begin, end, words).map_err(|e| e.to_string())?;
        writeln!(out, "{length}")
    } else {
        let mut ladders = puzzles::find_ladders(begin, end, words).map_err(|e| e.to_string())?;
        ladders.sort();
        let length = ladders.first().map_or(0, Vec::len);
        if !args.all {
            ladders.truncate(1);
        }
        if args.format.json {
            writeln!(out, "{}", json!({ "length": length, "ladders": ladders }))
        } else if ladders.is_empty() {
            writeln!(out, "0: no ladder from {begin} to {end}")
        } else {
            let lines: Vec<String> = ladders.iter().map(|ladder| ladder.join(" -> ")).collect();
            let separator = if one_line { " ; " } else { "\n" };
            writeln!(out, "{length}: {}", lines.join(separator))
        }
    };
    written.map_err(crate::io_failure)
}
