//! Reading boards: LeetCode's JSON form and text rows, tokenized by hand
//! so that an error can name the row, column or tile that is wrong, then
//! checked in the order a person fixes them.

use std::str::FromStr;

use super::board::{Board, Cell, validate};
use crate::error::{Error, ErrorKind};

impl FromStr for Board {
    type Err = Error;

    /// Parses `[[4,1,2],[5,0,3]]` or `4 1 2 / 5 0 3`.
    fn from_str(text: &str) -> Result<Board, Error> {
        // Editors on some systems start a file with a byte-order mark.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let grid = if text.trim_start().starts_with('[') {
            tokenize_json(text)?
        } else {
            tokenize_rows(text)?
        };
        validate(&grid)
    }
}

fn number(token: &str, row: usize) -> Result<Cell, Error> {
    let digits = token.strip_prefix('-').unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::new(ErrorKind::NotANumber { text: token.to_string(), row }));
    }
    let unsigned_zero = token.starts_with('-') && digits.bytes().all(|b| b == b'0');
    if unsigned_zero || (digits.len() > 1 && digits.starts_with('0')) {
        return Err(Error::new(ErrorKind::MalformedTile { text: token.to_string(), row }));
    }
    Ok(match token.parse::<u64>() {
        Ok(value) => Cell::Value(value),
        Err(_) => Cell::Text(token.to_string()),
    })
}

fn tokenize_rows(text: &str) -> Result<Vec<Vec<Cell>>, Error> {
    let mut grid = Vec::new();
    for line in text.split(['/', ';', '\n']) {
        let tokens: Vec<&str> =
            line.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).collect();
        if tokens.is_empty() {
            continue;
        }
        let row = grid.len() + 1;
        grid.push(tokens.iter().map(|t| number(t, row)).collect::<Result<_, _>>()?);
    }
    Ok(square_if_one_row(grid))
}

/// A board written on one row with a square number of cells, as Korf's
/// instances usually are (`14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3`), read
/// row by row as a square: a board of one row is never a puzzle (every
/// side needs two cells), so the square reading takes nothing away.
fn square_if_one_row(grid: Vec<Vec<Cell>>) -> Vec<Vec<Cell>> {
    let [cells] = grid.as_slice() else {
        return grid;
    };
    match (2..=5).find(|side| side * side == cells.len()) {
        Some(side) => cells.chunks(side).map(<[Cell]>::to_vec).collect(),
        None => grid,
    }
}

/// A small hand-written reader for `[[1,2],[3,0]]`, so that errors can say
/// which column went wrong.
fn tokenize_json(text: &str) -> Result<Vec<Vec<Cell>>, Error> {
    struct Reader<'a> {
        text: &'a str,
        at: usize,
    }
    impl Reader<'_> {
        fn skip_space(&mut self) {
            while self.text[self.at..].starts_with(char::is_whitespace) {
                self.at += self.text[self.at..].chars().next().map_or(1, char::len_utf8);
            }
        }
        fn eat(&mut self, c: char) -> bool {
            self.skip_space();
            if self.text[self.at..].starts_with(c) {
                self.at += 1;
                true
            } else {
                false
            }
        }
        fn expect(&mut self, c: char, expected: &'static str) -> Result<(), Error> {
            if self.eat(c) { Ok(()) } else { Err(self.error(expected)) }
        }
        fn error(&self, expected: &'static str) -> Error {
            Error::new(ErrorKind::Syntax {
                expected,
                column: self.text[..self.at].chars().count() + 1,
            })
        }
        fn token(&mut self) -> &str {
            self.skip_space();
            let rest = &self.text[self.at..];
            let end = rest
                .find(|c: char| c == ',' || c == ']' || c == '[' || c.is_whitespace())
                .unwrap_or(rest.len());
            self.at += end;
            &rest[..end]
        }
    }

    let mut reader = Reader { text, at: 0 };
    let mut grid = Vec::new();
    reader.expect('[', "'['")?;
    if !reader.eat(']') {
        loop {
            reader.expect('[', "'[' to open a row")?;
            let row = grid.len() + 1;
            let mut cells = Vec::new();
            if !reader.eat(']') {
                loop {
                    let token = reader.token();
                    if token.is_empty() {
                        return Err(reader.error("a number"));
                    }
                    cells.push(number(token, row)?);
                    if reader.eat(']') {
                        break;
                    }
                    reader.expect(',', "',' or ']' after a number")?;
                }
            }
            grid.push(cells);
            if reader.eat(']') {
                break;
            }
            reader.expect(',', "',' or ']' after a row")?;
        }
    }
    reader.skip_space();
    if reader.at < text.len() {
        return Err(reader.error("the end of the board"));
    }
    Ok(grid)
}
