//! The command-line transcripts in the docs, run and compared with what
//! they show, so that what a newcomer copies keeps working.
//!
//! A transcript is a ```` ```text ```` block whose first line starts with
//! `$ `: each `$ ` line is a command, run by `sh` with the `puzzles` under
//! test first on `PATH`, in a directory of its own; the lines after it, up
//! to the next command, are its standard output followed by its standard
//! error. In the shown output a line `...` stands for any number of lines,
//! and `...` within a line for any text. ```` ```console ```` blocks show
//! commands without their output, and are not run.

use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The documents a newcomer reads: the README, each crate's README, and
/// every page under docs/, as paths from the workspace root.
fn documents(root: &Path) -> Vec<PathBuf> {
    let markdown_in = |dir: PathBuf| -> Vec<PathBuf> {
        let entries = std::fs::read_dir(root.join(&dir)).expect("the directory");
        let mut found: Vec<PathBuf> = entries
            .map(|entry| dir.join(entry.expect("an entry").file_name()))
            .filter(|path| path.extension().is_some_and(|extension| extension == "md"))
            .collect();
        found.sort();
        found
    };
    let crates = std::fs::read_dir(root.join("crates")).expect("crates/");
    let mut readmes: Vec<PathBuf> = crates
        .map(|entry| {
            Path::new("crates").join(entry.expect("an entry").file_name()).join("README.md")
        })
        .filter(|path| root.join(path).is_file())
        .collect();
    readmes.sort();
    let mut all = vec![PathBuf::from("README.md")];
    all.extend(readmes);
    all.extend(markdown_in(PathBuf::from("docs")));
    all
}

/// One command of a transcript and the output it shows.
#[derive(Debug)]
struct Shown {
    document: String,
    line: usize,
    command: String,
    output: Vec<String>,
}

/// The transcripts of `text`, a Markdown document named `document`.
fn transcripts(document: &str, text: &str) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let mut in_text_block = false;
    let mut in_transcript = false;
    for (index, line) in text.lines().enumerate() {
        if !in_text_block {
            in_text_block = line.trim_end() == "```text";
            in_transcript = false;
            continue;
        }
        if line.starts_with("```") {
            in_text_block = false;
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            in_transcript = true;
            shown.push(Shown {
                document: document.to_string(),
                line: index + 1,
                command: command.to_string(),
                output: Vec::new(),
            });
        } else if in_transcript {
            shown.last_mut().expect("a command came first").output.push(line.to_string());
        }
    }
    for command in &mut shown {
        while command.output.last().is_some_and(|line| line.trim().is_empty()) {
            command.output.pop();
        }
    }
    shown
}

/// Whether `line` matches `pattern`, where `...` stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let mut pieces = pattern.split("...");
    let first = pieces.next().unwrap_or_default();
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = pieces.collect();
    for (index, piece) in pieces.iter().enumerate() {
        if index + 1 == pieces.len() {
            return rest.ends_with(piece);
        }
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether `lines` match `patterns`, where a pattern `...` stands for any
/// number of lines.
fn lines_match(patterns: &[String], lines: &[&str]) -> bool {
    match patterns.split_first() {
        None => lines.is_empty(),
        Some((pattern, rest)) if pattern == "..." => {
            (0..=lines.len()).any(|skip| lines_match(rest, &lines[skip..]))
        }
        Some((pattern, rest)) => lines
            .split_first()
            .is_some_and(|(line, more)| line_matches(pattern, line) && lines_match(rest, more)),
    }
}

/// Runs `shown`'s command in `dir` and returns its standard output
/// followed by its standard error.
fn run(shown: &Shown, dir: &Path) -> String {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_puzzles"));
    let bin_dir = binary.parent().expect("the binary is in a directory");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(
        std::iter::once(bin_dir.to_path_buf()).chain(std::env::split_paths(&path)),
    )
    .expect("a PATH");
    let output = Command::new("sh")
        .arg("-c")
        .arg(&shown.command)
        .current_dir(dir)
        .env("PATH", path)
        .env("PUZZLES_PDB_DIR", dir.join("pdb-cache"))
        .output()
        .expect("sh runs");
    let mut text = String::from_utf8(output.stdout).expect("UTF-8 output");
    text.push_str(&String::from_utf8(output.stderr).expect("UTF-8 errors"));
    text
}

#[test]
fn every_transcript_in_the_docs_shows_what_the_command_prints() {
    let root = workspace_root();
    let dir = std::env::temp_dir().join(format!("puzzles-transcripts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let mut checked = 0;
    let mut failures = Vec::new();
    for document in documents(&root) {
        let text = std::fs::read_to_string(root.join(&document)).expect("the document");
        for shown in transcripts(&document.display().to_string(), &text) {
            let actual = run(&shown, &dir);
            let lines: Vec<&str> = actual.lines().collect();
            if !lines_match(&shown.output, &lines) {
                failures.push(format!(
                    "{}:{}: $ {}\n--- shown\n{}\n--- printed\n{actual}",
                    shown.document,
                    shown.line,
                    shown.command,
                    shown.output.join("\n")
                ));
            }
            checked += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The README's tour alone has eight; a reader that found none would
    // pass everything.
    assert!(checked >= 8, "only {checked} transcripts found");
}

#[test]
fn the_matcher_takes_what_it_should_and_nothing_else() {
    let patterns: Vec<String> = ["start", "...", "end ... s: ok"].map(String::from).to_vec();
    assert!(lines_match(&patterns, &["start", "end 4.2 s: ok"]));
    assert!(lines_match(&patterns, &["start", "a", "b", "end 0.1 s: ok"]));
    assert!(!lines_match(&patterns, &["start", "end 4.2 s: no"]));
    assert!(!lines_match(&patterns, &["begin", "end 4.2 s: ok"]));
    assert!(!lines_match(&patterns, &["start", "end 4.2 s: ok", "more"]));
    assert!(!line_matches("a...b", "ab-c"));
    assert!(line_matches("a...b...c", "a1b2c"));
    let shown = transcripts(
        "test.md",
        "```text\n$ echo hi\nhi\n\n$ echo there\nthere\n```\n```console\n$ not run\n```\n",
    );
    let commands: Vec<(&str, usize)> =
        shown.iter().map(|s| (s.command.as_str(), s.output.len())).collect();
    assert_eq!(commands, [("echo hi", 1), ("echo there", 1)]);
}
