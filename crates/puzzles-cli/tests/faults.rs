//! What a fault and bad-input run of the `puzzles` binary found broken,
//! each kept fixed: a question the search's types cannot carry, a limit
//! that an answer's size must honour, and input that must be shown, not
//! obeyed.

use assert_cmd::Command;
use serde_json::Value;

/// Runs the binary with `stdin`, and returns (status, stdout, stderr).
fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let scratch = std::env::temp_dir().join(format!("puzzles-faults-{}", std::process::id()));
    let output = Command::cargo_bin("puzzles")
        .expect("the binary is built")
        .env("PUZZLES_PDB_DIR", scratch)
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .expect("it runs");
    (
        output.status.code().expect("it exits"),
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 errors"),
    )
}

#[test]
fn a_weight_past_the_cost_type_still_answers() {
    // 1e10 times an estimate passed u32 and read as "no goal this way":
    // every board was pruned and answered as if of the wrong parity.
    for algorithm in ["astar", "idastar"] {
        for weight in ["2e9", "1e10", "1e300"] {
            let args = ["solve", "--json", "--algorithm", algorithm, "--weight", weight];
            let (status, out, err) = run(&[&args[..], &["[[4,1,2],[5,0,3]]"]].concat(), b"");
            assert_eq!((status, err.as_str()), (0, ""), "{algorithm} {weight}");
            let answer: Value = serde_json::from_str(&out).expect("one JSON object");
            let moves = answer["moves"].as_i64().expect("a number of moves");
            // The board needs 5 moves; its 2x3 space has a radius of 21.
            assert!((5..=21).contains(&moves), "{algorithm} {weight}: {out}");
            assert!(answer.get("reason").is_none(), "{out}");
        }
    }
}

#[test]
fn every_informed_search_is_bounded_and_names_its_bound() {
    // A bound given is the bound named, with the option that moves it.
    let hard = "8 6 7 / 2 5 4 / 3 0 1";
    for algorithm in ["astar", "idastar"] {
        let (status, out, err) =
            run(&["solve", "--algorithm", algorithm, "--max-nodes", "100", hard], b"");
        assert_eq!(status, 2, "{out}");
        assert!(
            err.contains(
                "search reached its limit of 100 expanded nodes without an answer \
                 (raise it with --max-nodes)"
            ),
            "{algorithm}: {err}"
        );
    }
    // On a 15-puzzle too, with no advice about room: nodes ran out.
    let fifteen = "8 15 5 3 / 1 11 7 2 / 13 14 10 4 / 6 0 9 12";
    let args = ["solve", "--algorithm", "astar", "--heuristic", "linear-conflict"];
    let (status, _, err) = run(&[&args[..], &["--max-nodes", "100", fifteen]].concat(), b"");
    assert_eq!(status, 2);
    assert!(
        err.ends_with("expanded nodes without an answer (raise it with --max-nodes)\n"),
        "{err}"
    );
    // With none given, the default is named in the help.
    let (_, help, _) = run(&["solve", "--help"], b"");
    assert!(help.contains("[default: 10000000000"), "{help}");
}

/// The 2^n words of `n` letters a and b, as one comma-separated list: a
/// hypercube, with n! shortest ladders between opposite corners.
fn hypercube_words(letters: u32) -> String {
    (0..1u32 << letters)
        .map(|bits| {
            (0..letters).rev().map(|i| if bits >> i & 1 == 1 { 'b' } else { 'a' }).collect()
        })
        .collect::<Vec<String>>()
        .join(",")
}

#[test]
fn all_ladders_honour_the_memory_limit() {
    let words = hypercube_words(12);
    let ends = ["--begin", "aaaaaaaaaaaa", "--end", "bbbbbbbbbbbb", "--words", &words];
    // 12! = 479,001,600 ladders of 13 words each: tens of gigabytes, which
    // the search listed until the machine ran out.
    let (status, out, err) =
        run(&[&["ladder", "--all", "--max-memory", "1M"], &ends[..]].concat(), b"");
    assert_eq!(status, 2, "{out}");
    assert!(
        err.contains("the 479001600 shortest ladders would take")
            && err.contains("over the memory limit of 1.0 MiB (raise it with --max-memory)"),
        "{err}"
    );
    // One ladder needs no list of them all: the first in alphabetical order.
    let (status, out, err) =
        run(&[&["ladder", "--json", "--max-memory", "1M"], &ends[..]].concat(), b"");
    assert_eq!((status, err.as_str()), (0, ""));
    let answer: Value = serde_json::from_str(&out).expect("one JSON object");
    let expected: Vec<String> =
        (0..=12).map(|b| format!("{}{}", "a".repeat(12 - b), "b".repeat(b))).collect();
    assert_eq!(answer["ladders"], serde_json::json!([expected]), "{out}");
}

#[test]
fn all_ladders_within_the_limit_are_all_listed() {
    // 4! = 24 ladders across the 4-cube, each one letter at a time.
    let words = hypercube_words(4);
    let args = ["ladder", "--all", "--json", "--begin", "aaaa", "--end", "bbbb", "--words", &words];
    let (status, out, err) = run(&args, b"");
    assert_eq!((status, err.as_str()), (0, ""));
    let answer: Value = serde_json::from_str(&out).expect("one JSON object");
    let ladders = answer["ladders"].as_array().expect("a list of ladders");
    assert_eq!(ladders.len(), 24);
    for ladder in ladders {
        let ladder: Vec<&str> =
            ladder.as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
        assert_eq!(ladder.len(), 5);
        for pair in ladder.windows(2) {
            let changed = pair[0].bytes().zip(pair[1].bytes()).filter(|(a, b)| a != b).count();
            assert_eq!(changed, 1, "{pair:?}");
        }
    }
}

#[test]
fn control_characters_read_are_shown_escaped() {
    let (status, out, err) = run(&["solve", "-c"], b"ab\x1b[31mc\n1 2 \x07 / 4 5 0\n");
    assert_eq!(status, 2);
    for text in [&out, &err] {
        assert!(!text.contains(['\u{1b}', '\u{7}']), "{text:?}");
    }
    assert!(out.contains("ab\\u{1b}[31mc"), "{out}");
    assert!(err.contains("line 2: ") && err.contains("\\u{7}"), "{err}");
    // JSON escapes them itself, as JSON does.
    let (_, out, _) = run(&["solve", "--json"], b"ab\x1b[31mc\n");
    let answer: Value = serde_json::from_str(&out).expect("one JSON object");
    assert!(answer["error"].as_str().unwrap().contains("ab\u{1b}[31mc"), "{out}");
}

#[test]
fn control_characters_in_an_option_are_shown_escaped() {
    // clap prints an option's error as its parser wrote it.
    for args in [
        &["solve", "--goal", "1 2 \u{1b}[2J / 4 5 0", "4 1 2 / 5 0 3"][..],
        &["enumerate", "3x\u{1b}[2J"],
        &["enumerate", "pan\u{7}cake"],
        &["solve", "--max-memory", "1\u{1b}[31mM", "4 1 2 / 5 0 3"],
    ] {
        let (status, out, err) = run(args, b"");
        assert_eq!((status, out.as_str()), (2, ""), "{args:?}");
        assert!(!err.contains(['\u{1b}', '\u{7}']), "{args:?}: {err:?}");
        assert!(err.contains("\\u{1b}") || err.contains("\\u{7}"), "{args:?}: {err}");
    }
}

#[test]
fn bytes_that_are_not_utf8_are_named_alike_everywhere() {
    let message = "byte 0xff at column 3 is not UTF-8";
    let (status, out, err) = run(&["solve", "-c"], b"4 \xff 2 / 5 0 3\n4 1 2 / 5 0 3\n");
    assert_eq!(status, 2);
    assert_eq!(out, format!("error: {message}\n5\n"));
    assert!(err.contains(&format!("puzzles: line 1: {message}")), "{err}");
    let (_, out, _) = run(&["solve", "--json"], b"4 \xff 2 / 5 0 3\n");
    assert_eq!(out, format!("{{\"line\":1,\"error\":\"{message}\"}}\n"));
    let dict = std::env::temp_dir().join(format!("puzzles-faults-dict-{}", std::process::id()));
    std::fs::write(&dict, b"hot\ndot\nco\xffg\n").expect("the temporary directory is writable");
    let dict_arg = dict.to_str().expect("a UTF-8 temporary directory");
    let (status, _, err) =
        run(&["ladder", "--begin", "hit", "--end", "cog", "--dict", dict_arg], b"");
    std::fs::remove_file(&dict).ok();
    assert_eq!(status, 2);
    assert!(err.contains(&format!("line 3: {message}")), "{err}");
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_answered_as_a_line_is() {
    use std::os::unix::ffi::OsStrExt;
    let output = Command::cargo_bin("puzzles")
        .expect("the binary is built")
        .args(["solve", "-c"])
        .arg(std::ffi::OsStr::from_bytes(b"4 1 \xff / 5 0 3"))
        .arg("4 1 2 / 5 0 3")
        .output()
        .expect("it runs");
    assert_eq!(output.status.code(), Some(2));
    let message = "byte 0xff at column 5 is not UTF-8";
    assert_eq!(String::from_utf8_lossy(&output.stdout), format!("error: {message}\n5\n"));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains(&format!("puzzles: argument 1: {message}")), "{err}");
}

#[test]
fn a_changed_generators_file_is_another_run_on_resume() {
    // The same names, another permutation for X: the resume once went on
    // from the first file's table and printed layers of neither.
    let dir = std::env::temp_dir().join(format!("puzzles-faults-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let file = dir.join("g.txt");
    let write = |swap: &str| {
        let text = format!("L: 1 2 3 4 5 6 7 0\nR: 7 0 1 2 3 4 5 6\nX: {swap}\n");
        std::fs::write(&file, text).expect("a scratch file");
    };
    write("1 0 2 3 4 5 6 7");
    let (file_arg, disk) = (file.to_str().unwrap(), dir.join("disk"));
    let args = ["enumerate", "--generators", file_arg, "--disk", disk.to_str().unwrap()];
    let first = [&args[..], &["--max-depth", "8", "--checkpoint-every", "0"]].concat();
    assert_eq!(run(&first, b"").0, 0);
    write("0 2 1 3 4 5 6 7");
    let (status, out, err) = run(&[&args[..], &["--resume"]].concat(), b"");
    assert_eq!((status, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("3 generators of digest"), "{err}");
    // Resumed with its own file, it goes on to the whole group.
    write("1 0 2 3 4 5 6 7");
    let (status, out, err) = run(&[&args[..], &["--resume", "--json"]].concat(), b"");
    assert_eq!(status, 0, "{err}");
    let layers: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!((layers["states"].as_u64(), layers["radius"].as_u64()), (Some(40_320), Some(28)));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_generator_called_gen_and_an_empty_one_are_read_as_written() {
    let dir = std::env::temp_dir().join(format!("puzzles-faults-gen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let file = dir.join("f.txt");
    std::fs::write(&file, "Gen: 1 0 2\nA: 0 2 1\n").expect("a scratch file");
    let (status, out, _) =
        run(&["enumerate", "--generators", file.to_str().unwrap(), "--json"], b"");
    assert_eq!(status, 0);
    let layers: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(layers["layers"], serde_json::json!([1, 2, 2, 1]));
    std::fs::write(&file, "A:\n").expect("a scratch file");
    let (status, _, err) = run(&["enumerate", "--generators", file.to_str().unwrap()], b"");
    assert_eq!(status, 2);
    assert!(err.contains("f.txt: line 1: generator A is empty"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn smaller_defects_are_told_as_what_they_are() {
    // A limit past this machine's memory still picks the engine that fits.
    let (status, out, err) =
        run(&["enumerate", "4x4", "--max-depth", "12", "--max-memory", "3T", "--json"], b"");
    assert_eq!(status, 0, "{err}");
    assert!(out.contains(r#""layers":[1,2,4,10,24,54,107,212,446,946,1948,3938,7808]"#), "{out}");
    // A directed graph says so, in text and in JSON.
    let dir = std::env::temp_dir().join(format!("puzzles-faults-small-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let lx = dir.join("lx.txt");
    std::fs::write(&lx, "L: 1 2 3 4 0\nX: (1,2)\n").expect("a scratch file");
    let lx = lx.to_str().unwrap();
    let (_, out, _) = run(&["enumerate", "--generators", lx], b"");
    assert!(out.contains("(a directed graph: some moves are undone by none"), "{out}");
    let (_, out, _) = run(&["enumerate", "--generators", lx, "--json"], b"");
    assert!(out.contains(r#""directed":true"#), "{out}");
    // Arrangements without ranks keep no table on disk: refused, not ignored.
    let wide = dir.join("wide.txt");
    let shift: Vec<String> = (1..=40).map(|point| (point % 40).to_string()).collect();
    std::fs::write(&wide, format!("L: {}\nX: (1,2)\n", shift.join(" "))).expect("a scratch file");
    let disk = dir.join("disk");
    let args = ["enumerate", "--generators", wide.to_str().unwrap(), "--disk"];
    let (status, _, err) = run(&[&args[..], &[disk.to_str().unwrap()]].concat(), b"");
    assert_eq!(status, 2);
    assert!(err.contains("--disk keeps a table of ranked states"), "{err}");
    // Progress on a pipe when asked; stats for a word's search.
    let (status, _, err) = run(&["enumerate", "3x3", "--progress"], b"");
    assert_eq!(status, 0);
    assert!(err.contains("states stored") && err.contains("depth"), "{err}");
    let (status, _, err) = run(&["solve", "--family", "lrx", "--stats", "3 2 1 0"], b"");
    assert_eq!(status, 0);
    assert!(err.starts_with("stats: 3 2 1 0: bidirectional, "), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
