//! The values the command line takes apart: boards, sizes, byte counts,
//! comma-separated lists and files of generators, each with a message
//! that says what is wrong.

use std::path::Path;

use puzzles::{Board, SlidingPuzzle};
use search_core::groups::PermutationPuzzle;

/// The puzzle in the file `--generators FILE` names, an error naming the
/// file (and the line) where it cannot be read.
pub(crate) fn read_generators(file: &Path) -> Result<PermutationPuzzle, String> {
    let shown = file.display();
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {shown}: {e}"))?;
    PermutationPuzzle::parse(&text).map_err(|e| format!("{shown}: {e}"))
}

/// A board as the options take it: LeetCode's JSON, text rows, or one
/// line of a square count of numbers.
pub(crate) fn parse_board(text: &str) -> Result<Board, String> {
    text.parse().map_err(|e: puzzles::Error| e.to_string())
}

/// [`parse_board`] for an option's value, whose error clap prints as it
/// is: with the control characters it quotes escaped.
pub(crate) fn parse_board_option(text: &str) -> Result<Board, String> {
    parse_board(text).map_err(|message| printable(&message))
}

/// A message that quotes what the user wrote, with its control
/// characters escaped: clap prints an option's error as it is, to a
/// terminal too.
pub(crate) fn printable(message: &str) -> String {
    crate::output::Printable(message).to_string()
}

/// A board size such as `3x4`, within the sizes the puzzles take.
pub(crate) fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let text = printable(text);
    let text = text.as_str();
    let (rows, cols) =
        text.split_once(['x', 'X']).ok_or_else(|| format!("'{text}' is not a size like 3x3"))?;
    let rows: usize =
        rows.trim().parse().map_err(|_| format!("'{rows}' is not a number of rows"))?;
    let cols: usize =
        cols.trim().parse().map_err(|_| format!("'{cols}' is not a number of columns"))?;
    SlidingPuzzle::new(rows, cols).map_err(|e| e.to_string())?;
    Ok((rows, cols))
}

/// The items of a comma-separated list, trimmed, without empty ones.
pub(crate) fn split_list(list: &str) -> Vec<String> {
    list.split(',').map(str::trim).filter(|item| !item.is_empty()).map(String::from).collect()
}

/// A size in bytes with an optional binary unit: `4096`, `512M`, `16GiB`.
pub(crate) fn parse_bytes(text: &str) -> Result<u64, String> {
    let text = printable(text.trim());
    let text = text.as_str();
    let split = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: u64 =
        number.parse().map_err(|_| format!("'{text}' is not a size like 512M or 16G"))?;
    let shift = match unit.trim().to_ascii_uppercase().trim_end_matches("IB").trim_end_matches('B')
    {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("'{unit}' is not a unit: use K, M, G or T")),
    };
    number.checked_mul(1 << shift).ok_or_else(|| format!("'{text}' is too large"))
}

/// An arrangement of items, each 0 to 255, apart by spaces or commas and
/// in brackets or not: `0 0 1 1`, `[2, 0, 1]`.
pub(crate) fn parse_items(text: &str) -> Result<Vec<u8>, String> {
    let inner = text.trim().trim_start_matches('[').trim_end_matches(']');
    let items: Vec<u8> = inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .enumerate()
        .map(|(index, word)| {
            word.parse().map_err(|_| {
                format!("item {} is '{}', not a number from 0 to 255", index + 1, printable(word))
            })
        })
        .collect::<Result<_, _>>()?;
    if items.is_empty() {
        return Err("no items: write them apart by spaces, such as 0 0 1 1".into());
    }
    Ok(items)
}

/// `name` with what a file name should not hold (anything but letters,
/// digits, `.`, `_` and `-`) made `-`.
pub(crate) fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') { c } else { '-' })
        .collect()
}
