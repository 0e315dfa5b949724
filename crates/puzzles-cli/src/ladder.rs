//! `puzzles ladder`.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use search_core::Run;
use serde::Deserialize;

use crate::batch::{Questions, answer_each};
use crate::progress::Display;
use crate::{Format, SearchArgs};

#[derive(Debug, Args)]
#[command(mut_arg("count", |count| {
    count.help(
        "Print only the ladder's length in words, both ends counted, one line per question (0 when there is no ladder).",
    )
}))]
pub(crate) struct LadderArgs {
    /// The first word; with none, JSON lines are read from standard input.
    /// Words are compared exactly as given: "HIT" and "hit" differ.
    #[arg(long, value_name = "WORD", requires = "end")]
    begin: Option<String>,
    /// The last word. When it is not in the word list there is no ladder,
    /// and the answer is 0 (as LeetCode 127 answers), even when it equals
    /// the first word.
    #[arg(long, value_name = "WORD")]
    end: Option<String>,
    /// The word list, comma-separated; spaces around a word are ignored,
    /// and an empty list is allowed.
    #[arg(long, value_name = "LIST", conflicts_with = "dict")]
    words: Option<String>,
    /// A file with one word per line.
    #[arg(long, value_name = "FILE")]
    dict: Option<PathBuf>,
    /// Print every shortest ladder (LeetCode 126), on the answer's one
    /// line, separated by " ; ".
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    format: Format,
    #[command(flatten)]
    search: SearchArgs,
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
    // A dictionary's words are slices of its file, kept whole: two
    // pointers a word rather than a string each.
    let file = match &args.dict {
        Some(path) if args.words.is_none() => {
            Some(std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?)
        }
        _ => None,
    };
    let listed = args.words.as_deref().map(crate::values::split_list);
    let words: Option<Vec<&str>> = match (&listed, &file, &args.dict) {
        (Some(list), _, _) => Some(list.iter().map(String::as_str).collect()),
        (None, Some(bytes), Some(path)) => {
            let mut list = Vec::new();
            for (number, line) in bytes.split(|&b| b == b'\n').enumerate() {
                let word = crate::batch::utf8(line)
                    .map_err(|e| format!("{} line {}: {e}", path.display(), number + 1))?;
                let word = if number == 0 { word.trim_start_matches('\u{feff}') } else { word };
                if !word.trim().is_empty() {
                    list.push(word.trim());
                }
            }
            Some(list)
        }
        _ => None,
    };
    let display = Display::new(args.search.progress);
    let answer_one = |question: &Question, out: &mut W| match (&question.words, &words) {
        (Some(own), _) => {
            args.search.run_shown(&display, |run| answer(args, question, own, run, out))
        }
        (None, Some(shared)) => {
            args.search.run_shown(&display, |run| answer(args, question, shared, run, out))
        }
        (None, None) => Err("no word list: give \"words\", --words or --dict".into()),
    };
    match (&args.begin, &args.end) {
        (Some(begin), Some(end)) => {
            if words.is_none() {
                return Err("a word list is needed: give --words or --dict".to_string());
            }
            let question = Question { begin: begin.clone(), end: end.clone(), words: None };
            answer_each(Questions::Options, args.format.json, out, |_, out| {
                answer_one(&question, out)
            })
        }
        _ => answer_each(Questions::from(&[]), args.format.json, out, |text, out| {
            let question: Question =
                serde_json::from_str(text).map_err(|e| format!("not a ladder question: {e}"))?;
            answer_one(&question, out)
        }),
    }
}

fn answer<W: Write, S: AsRef<str>>(
    args: &LadderArgs,
    question: &Question,
    words: &[S],
    run: &mut Run<'_>,
    out: &mut W,
) -> Result<(), String> {
    let (begin, end) = (question.begin.as_str(), question.end.as_str());
    let failed = |e: puzzles::Error| crate::explain(&e, None);
    let written = if args.format.count {
        let length = puzzles::ladder_length_with(begin, end, words, run).map_err(failed)?;
        writeln!(out, "{length}")
    } else {
        let ladders = if args.all {
            let mut ladders = puzzles::find_ladders_with(begin, end, words, run).map_err(failed)?;
            ladders.sort();
            ladders
        } else {
            // One ladder, chosen without listing the others.
            let first = puzzles::first_ladder_with(begin, end, words, run).map_err(failed)?;
            first.into_iter().collect()
        };
        let length = ladders.first().map_or(0, Vec::len);
        crate::output::write_ladders(out, (begin, end), length, &ladders, args.format.json)
    };
    written.map_err(crate::io_failure)
}
