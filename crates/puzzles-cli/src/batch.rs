//! Answering questions one line at a time, so that answers line up with
//! questions and a bad line costs only its own answer.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};

use crate::output::Printable;

/// Where questions come from: the command line's options or arguments, or
/// the lines of standard input.
pub(crate) enum Questions<'a> {
    /// One question made from the command line's options; the answering
    /// function knows it, and is handed an empty text.
    Options,
    Arguments(&'a [OsString]),
    Lines(BufReader<Box<dyn Read + 'a>>),
}

impl Questions<'_> {
    /// Reads standard input when there are no arguments.
    pub(crate) fn from(arguments: &[OsString]) -> Questions<'_> {
        if arguments.is_empty() {
            Questions::Lines(BufReader::with_capacity(1 << 16, Box::new(std::io::stdin().lock())))
        } else {
            Questions::Arguments(arguments)
        }
    }
}

/// Calls `answer` on each question and writes what it returns, or an error
/// in its place: an `error:` line, or with `json` an object such as
/// `{"line":4,"error":"..."}`, so that every output line is still JSON.
/// The same message goes to standard error with its place. A blank line
/// is answered so too (it asks nothing), so that the answers line up with
/// the lines; a byte-order mark at the start of the input is dropped.
/// Output is flushed whenever the input has nothing more buffered, so
/// answers stream as questions arrive.
///
/// Returns whether every question was answered, or an I/O error.
pub(crate) fn answer_each<W, F>(
    questions: Questions<'_>,
    json: bool,
    out: &mut W,
    mut answer: F,
) -> Result<bool, String>
where
    W: Write,
    F: FnMut(&str, &mut W) -> Result<(), String>,
{
    let mut all_answered = true;
    // A question, or why its line holds none.
    let mut respond = |place: Place, question: Result<&str, String>, out: &mut W| {
        let answered = match question {
            Ok("") if matches!(place, Place::Line(_)) => {
                Err("the line is blank: no question on it".to_string())
            }
            Ok(question) => answer(question, out),
            Err(message) => Err(message),
        };
        if let Err(message) = answered {
            all_answered = false;
            if json {
                let mut object = serde_json::Map::new();
                match place {
                    Place::Options => {}
                    Place::Argument(number) => {
                        object.insert("argument".into(), number.into());
                    }
                    Place::Line(number) => {
                        object.insert("line".into(), number.into());
                    }
                }
                object.insert("error".into(), message.clone().into());
                writeln!(out, "{}", serde_json::Value::Object(object))
            } else {
                writeln!(out, "error: {}", Printable(&message))
            }
            .map_err(crate::io_failure)?;
            eprintln!("puzzles: {}{}", place.prefix(), Printable(&message));
        }
        Ok::<(), String>(())
    };
    match questions {
        Questions::Options => respond(Place::Options, Ok(""), out)?,
        Questions::Arguments(arguments) => {
            for (index, argument) in arguments.iter().enumerate() {
                respond(Place::Argument(index + 1), utf8(argument.as_encoded_bytes()), out)?;
            }
        }
        Questions::Lines(mut input) => {
            let mut line = Vec::new();
            let mut number = 0;
            loop {
                // About to wait for input: let the answers so far out first.
                if input.buffer().is_empty() {
                    out.flush().map_err(crate::io_failure)?;
                }
                line.clear();
                if input.read_until(b'\n', &mut line).map_err(crate::io_failure)? == 0 {
                    break;
                }
                number += 1;
                // Bytes that are not UTF-8 are answered as a bad line, not a
                // failed run.
                let text = utf8(&line).map(|text| {
                    if number == 1 { text.trim_start_matches('\u{feff}') } else { text }.trim()
                });
                respond(Place::Line(number), text, out)?;
            }
        }
    }
    Ok(all_answered)
}

/// Where a question came from, for its error message.
#[derive(Clone, Copy, Debug)]
enum Place {
    Options,
    Argument(usize),
    Line(usize),
}

impl Place {
    /// What an error message on standard error starts with: the line or
    /// argument, and nothing for the options' one question.
    fn prefix(self) -> String {
        match self {
            Place::Options => String::new(),
            Place::Argument(number) => format!("argument {number}: "),
            Place::Line(number) => format!("line {number}: "),
        }
    }
}

/// `bytes` as text, or a message that names the first byte that is not
/// UTF-8 and its column (counted in bytes, from 1), the same for every
/// command and input.
pub(crate) fn utf8(bytes: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(bytes).map_err(|error| {
        let at = error.valid_up_to();
        format!("byte {:#04x} at column {} is not UTF-8", bytes[at], at + 1)
    })
}
