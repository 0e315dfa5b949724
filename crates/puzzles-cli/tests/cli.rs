//! The `puzzles` binary, run as a user runs it.

use assert_cmd::Command;
use serde_json::{Value, json};

fn puzzles() -> Command {
    let mut command = Command::cargo_bin("puzzles").expect("the binary is built");
    // Pattern databases go to this test run's own directory, never to the
    // user's cache.
    command.env("PUZZLES_PDB_DIR", scratch_dir("shared"));
    command
}

/// A directory of this test run's own, empty when first asked for.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzles-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the temporary directory is writable");
    dir
}

/// Starts the binary with its three streams piped, to talk to it while it
/// runs.
fn spawn_piped(args: &[&str]) -> std::process::Child {
    use std::process::{Command as Process, Stdio};
    Process::new(assert_cmd::cargo::cargo_bin("puzzles"))
        .env("PUZZLES_PDB_DIR", scratch_dir("shared"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("it starts")
}

/// Runs with `stdin`, and returns (status, stdout, stderr).
fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let output = puzzles().args(args).write_stdin(stdin.to_vec()).output().expect("it runs");
    (
        output.status.code().expect("it exits"),
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 errors"),
    )
}

#[test]
fn solve_draws_each_board_of_the_solution() {
    let (status, out, _) = run(&["solve", "[[4,1,2],[5,0,3]]"], b"");
    assert_eq!(status, 0);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("[[4,1,2],[5,0,3]]: 5 moves: left up right right down"));
    assert!(out.contains("start\n4 1 2\n5 . 3\n"));
    assert!(out.ends_with("5. down\n1 2 3\n4 5 .\n"), "{out}");
}

#[test]
fn a_solved_board_says_so() {
    let (status, out, _) = run(&["solve", "1 2 3 / 4 5 0"], b"");
    assert_eq!(status, 0);
    assert_eq!(out, "[[1,2,3],[4,5,0]]: 0 moves: already solved\n\nstart\n1 2 3\n4 5 .\n");
    let (_, out, _) = run(&["solve", "-c", "1 2 3 / 4 5 0"], b"");
    assert_eq!(out, "0\n");
}

#[test]
fn solve_counts_the_leetcode_examples() {
    let input = "[[1,2,3],[4,0,5]]\n[[1,2,3],[5,4,0]]\n[[4,1,2],[5,0,3]]\n[[1,2,3],[4,5,0]]\n[[3,2,4],[1,5,0]]\n";
    for algorithm in ["bfs", "bidirectional"] {
        let (status, out, err) = run(&["solve", "-c", "--algorithm", algorithm], input.as_bytes());
        assert_eq!((status, err.as_str()), (0, ""));
        assert_eq!(out, "1\n-1\n5\n0\n14\n");
    }
}

#[test]
fn solve_json_paths_are_legal() {
    let (status, out, _) =
        run(&["solve", "--json"], b"4 1 2 / 5 0 3\n1 2 3 / 5 4 0\n8 6 7 / 2 5 4 / 3 0 1\n");
    assert_eq!(status, 0);
    let answers: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(answers.len(), 3);
    assert_eq!(answers[0]["moves"], 5);
    assert_eq!(answers[1]["moves"], -1);
    assert_eq!(answers[2]["moves"], 31);
    let keys: Vec<&String> = answers[0].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["board", "moves", "path", "boards"]);
    for answer in [&answers[0], &answers[2]] {
        let boards = answer["boards"].as_array().unwrap();
        let path = answer["path"].as_array().unwrap();
        assert_eq!(boards.len(), path.len() + 1);
        assert_eq!(boards[0], answer["board"]);
        // Consecutive boards differ by one tile swapped with the blank.
        for pair in boards.windows(2) {
            let flat = |b: &Value| -> Vec<u64> {
                b.as_array()
                    .unwrap()
                    .iter()
                    .flat_map(|r| r.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()))
                    .collect()
            };
            let (a, b) = (flat(&pair[0]), flat(&pair[1]));
            let changed: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
            assert_eq!(changed.len(), 2);
            assert!(changed.iter().any(|&i| a[i] == 0) && changed.iter().any(|&i| b[i] == 0));
        }
    }
}

#[test]
fn solve_towards_another_goal() {
    let (status, out, _) =
        run(&["solve", "-c", "--goal", "0 1 2 / 3 4 5", "1 0 2 / 3 4 5", "1 2 / 3 0"], b"");
    assert_eq!(status, 2);
    assert_eq!(out, "1\nerror: the board is 2x2 but the goal is 2x3\n");
}

#[test]
fn unsolvable_boards_say_why_in_one_line() {
    let (status, out, _) = run(&["solve", "[[1,2,3],[5,4,0]]"], b"");
    assert_eq!(status, 0);
    assert_eq!(
        out,
        "[[1,2,3],[5,4,0]]: unsolvable: its permutation parity differs from the goal's\n"
    );
}

#[test]
fn batch_errors_keep_their_place_and_the_rest_is_answered() {
    let input = b"[[1,2,3],[4,0,5]]\n\nnot a board\n[[1,2,3],[4,5,5]]\n[[]]\n[]\n[[1,2,3],[4,0,99999999999999999999999999]]\n\xff\xfe\n4 1 2 / 5 0 3\n";
    let (status, out, err) = run(&["solve", "-c"], input);
    assert_eq!(status, 2);
    // One answer a line, the blank line's too, so that answers line up.
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 9, "{out}");
    assert_eq!(lines[0], "1");
    assert_eq!(lines[1], "error: the line is blank: no question on it");
    assert_eq!(lines[2], "error: row 1: 'not' is not a number");
    assert_eq!(lines[3], "error: the board has no blank (0)");
    assert!(lines[4].starts_with("error: a 1x0 board is not supported"));
    assert!(lines[5].starts_with("error: a 0x0 board is not supported"));
    assert_eq!(
        lines[6],
        "error: row 2, column 3: 99999999999999999999999999 is not a tile of this board (0 to 5)"
    );
    assert!(lines[7].starts_with("error: "));
    assert_eq!(lines[8], "5");
    assert!(err.contains("puzzles: line 2: the line is blank: no question on it"), "{err}");
    assert!(err.contains("puzzles: line 3: row 1: 'not' is not a number"), "{err}");
    assert!(err.contains("puzzles: line 4: the board has no blank (0)"), "{err}");
}

#[test]
fn empty_input_answers_nothing_and_each_blank_line_an_error() {
    assert_eq!(run(&["solve", "-c"], b""), (0, String::new(), String::new()));
    let (status, out, err) = run(&["solve", "-c"], b"\n\n  \n");
    assert_eq!(
        (status, out.as_str()),
        (2, "error: the line is blank: no question on it\n".repeat(3).as_str())
    );
    assert!(err.contains("puzzles: line 3: the line is blank"), "{err}");
}

#[test]
fn answers_stream_as_questions_arrive() {
    use std::io::{BufRead, BufReader, Write};
    use std::sync::mpsc;
    use std::time::Duration;

    let mut child = spawn_piped(&["solve", "-c"]);
    let mut stdin = child.stdin.take().expect("piped");
    let stdout = BufReader::new(child.stdout.take().expect("piped"));
    let (sender, answers) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in stdout.lines() {
            if sender.send(line.expect("UTF-8")).is_err() {
                break;
            }
        }
    });
    // Each answer must arrive while standard input is still open.
    for (question, answer) in [
        ("[[4,1,2],[5,0,3]]", "5"),
        ("[[1,2,3],[5,4,0]]", "-1"),
        ("bad", "error: row 1: 'bad' is not a number"),
    ] {
        writeln!(stdin, "{question}").unwrap();
        stdin.flush().unwrap();
        let got =
            answers.recv_timeout(Duration::from_secs(600)).expect("an answer before more input");
        assert_eq!(got, answer);
    }
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(2));
    reader.join().unwrap();
}

#[test]
fn a_hundred_thousand_lines_get_a_hundred_thousand_answers() {
    let boards = [
        "[[1,2,3],[4,0,5]]",
        "[[3,2,4],[1,5,0]]",
        "[[1,2,3],[5,4,0]]",
        "junk",
        "[[4,1,2],[5,0,3]]",
    ];
    let answers = ["1", "14", "-1", "error: row 1: 'junk' is not a number", "5"];
    let input: String = (0..100_000).flat_map(|i| [boards[i % 5], "\n"]).collect();
    let (status, out, _) = run(&["solve", "-c"], input.as_bytes());
    assert_eq!(status, 2);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 100_000);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(*line, answers[i % 5], "line {}", i + 1);
    }
}

#[test]
fn arbitrary_bytes_never_panic() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut input = Vec::new();
    for _ in 0..20_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        input.push((state >> 24) as u8);
    }
    for args in
        [&["solve", "-c"][..], &["solve", "--json"], &["lock"], &["ladder", "--words", "a,b"]]
    {
        let (status, _, err) = run(args, &input);
        assert!(status == 0 || status == 2, "{args:?}: {status}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn usage_errors_exit_with_2() {
    let (status, _, err) = run(&["solve", "--frobnicate"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("unexpected argument '--frobnicate'"), "{err}");
    let (status, _, err) = run(&["enumerate", "9x9"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("invalid value '9x9'"), "{err}");
    let (status, _, err) = run(&["enumerate", "3by3"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("'3by3' is not a size like 3x3"), "{err}");
    let (status, _, err) = run(&["solve", "--algorithm", "dfs"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("'dfs' is not an algorithm"), "{err}");
}

#[test]
fn lock_answers_a_target_and_json_lines() {
    let (status, out, _) =
        run(&["lock", "--deadends", "0201,0101,0102,1212,2002", "--target", "0202", "-c"], b"");
    assert_eq!((status, out.as_str()), (0, "6\n"));
    let (status, out, _) =
        run(&["lock", "--deadends", "0201,0101,0102,1212,2002", "--target", "0202"], b"");
    assert_eq!(status, 0);
    assert!(out.starts_with("6 turns: "), "{out}");
    assert!(out.trim_end().ends_with("0202"), "{out}");

    let input = concat!(
        "{\"deadends\":[\"8888\"],\"target\":\"0009\"}\n",
        "{\"deadends\":[\"8887\",\"8889\",\"8878\",\"8898\",\"8788\",\"8988\",\"7888\",\"9888\"],\"target\":\"8888\"}\n",
        "{\"deadends\":[\"0000\"],\"target\":\"8888\"}\n",
        "{\"target\":\"12\"}\n",
        "not json\n",
        "{\"target\":\"5555\"}\n",
    );
    let (status, out, err) = run(&["lock", "-c"], input.as_bytes());
    assert_eq!(status, 2);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..3], ["1", "-1", "-1"]);
    assert_eq!(
        lines[3],
        "error: code '12' has 2 wheels, expected 4 (--wheels sets the number of wheels)"
    );
    assert!(lines[4].starts_with("error: not a lock question"));
    assert_eq!(lines[5], "20");
    assert!(err.contains("line 5"), "{err}");

    let (_, out, _) = run(&["lock", "--json"], b"{\"deadends\":[\"8888\"],\"target\":\"0009\"}\n");
    let answer: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(answer["turns"], 1);
    assert_eq!(answer["codes"], serde_json::json!(["0000", "0009"]));
}

#[test]
fn ladder_prints_one_all_or_the_count() {
    let words = "hot,dot,dog,lot,log,cog";
    let (status, out, _) =
        run(&["ladder", "--begin", "hit", "--end", "cog", "--words", words, "-c"], b"");
    assert_eq!((status, out.as_str()), (0, "5\n"));
    let (_, out, _) = run(&["ladder", "--begin", "hit", "--end", "cog", "--words", words], b"");
    assert_eq!(out, "5: hit -> hot -> dot -> dog -> cog\n");
    let (_, out, _) = run(
        &["ladder", "--begin", "hit", "--end", "cog", "--words", words, "--all", "--json"],
        b"",
    );
    let answer: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(answer["length"], 5);
    assert_eq!(answer["ladders"].as_array().unwrap().len(), 2);
    let (_, out, _) = run(
        &["ladder", "--begin", "hit", "--end", "cog", "--words", "hot,dot,dog,lot,log", "-c"],
        b"",
    );
    assert_eq!(out, "0\n");

    let dict = std::env::temp_dir().join(format!("puzzles-cli-test-{}.txt", std::process::id()));
    std::fs::write(&dict, "hot\ndot\n\ndog\nlot\nlog\ncog\n").unwrap();
    let (status, out, _) = run(
        &["ladder", "--dict", dict.to_str().unwrap(), "-c"],
        b"{\"begin\":\"hit\",\"end\":\"cog\"}\n{\"begin\":\"hit\",\"end\":\"c0g\"}\n",
    );
    std::fs::remove_file(&dict).ok();
    assert_eq!(status, 2);
    assert_eq!(out, "5\nerror: word 'c0g': character 2 is not an ASCII letter\n");

    let (status, _, err) =
        run(&["ladder", "--begin", "hit", "--end", "cog", "--dict", "/nonexistent/words"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("cannot read /nonexistent/words"), "{err}");
}

#[test]
fn enumerate_prints_layers_radius_and_the_hardest_boards() {
    let (status, out, _) = run(&["enumerate", "2x3", "--json"], b"");
    assert_eq!(status, 0);
    let answer: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(answer["states"], 360);
    assert_eq!(answer["radius"], 21);
    assert_eq!(answer["deepest"], serde_json::json!([[[4, 5, 0], [1, 2, 3]]]));
    let layers: Vec<u64> =
        answer["layers"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(layers.len(), 22);
    assert_eq!(layers.iter().sum::<u64>(), 360);

    let (status, out, _) = run(&["enumerate", "3x3", "--threads", "1"], b"");
    assert_eq!(status, 0);
    assert!(out.contains("total: 181440 boards"), "{out}");
    assert!(out.contains("radius: 31 moves"), "{out}");
    assert!(out.contains("8 6 7\n2 5 4\n3 . 1"), "{out}");
}

#[test]
fn enumerate_saves_checkpoints_and_resumes_from_them() {
    let dir = std::env::temp_dir().join(format!("puzzles-cli-checkpoint-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap();
    let (status, whole, _) = run(&["enumerate", "3x3", "--json"], b"");
    assert_eq!(status, 0);
    let args = ["enumerate", "3x3", "--json", "--checkpoint", dir_arg, "--checkpoint-every", "0"];
    // A run cut at depth 20 answers its layers to there and leaves its
    // checkpoint; a finished one does not.
    let (status, out, err) = run(&[&args[..], &["--max-depth", "20"]].concat(), b"");
    assert_eq!(status, 0, "{err}");
    assert!(out.contains(r#""complete":false"#), "{out}");
    assert!(out.contains(r#""radius":20"#), "{out}");
    let file = dir.join("enumerate-3x3").join("enumeration.checkpoint");
    assert!(file.exists());
    let (status, resumed, _) = run(&[&args[..], &["--resume"]].concat(), b"");
    assert_eq!((status, resumed.as_str()), (0, whole.as_str()));
    assert!(!file.exists(), "a finished run removes its checkpoint");
    let (status, saved, _) = run(&args, b"");
    assert_eq!((status, saved.as_str()), (0, whole.as_str()));
    assert!(!file.exists());
    assert_eq!(run(&[&args[..], &["--max-depth", "20"]].concat(), b"").0, 0);
    // Another size's checkpoint is another file; a damaged one is refused.
    let mut bytes = std::fs::read(&file).unwrap();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&file, &bytes).unwrap();
    let (status, out, err) = run(&[&args[..], &["--resume"]].concat(), b"");
    assert_eq!((status, out.as_str()), (2, ""));
    let truncated = format!("enumeration.checkpoint is {} bytes: truncated", bytes.len());
    assert!(err.contains(&truncated), "{err}");
    let (status, _, err) = run(&["enumerate", "3x3", "--resume"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("--checkpoint"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_4x4_to_a_depth_keeps_its_layers_on_disk_and_goes_deeper() {
    let dir = std::env::temp_dir().join(format!("puzzles-cli-sorted-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap();
    let args = ["enumerate", "4x4", "--json", "--disk", dir_arg, "--max-memory", "1M"];
    let (status, out, err) = run(&[&args[..], &["--max-depth", "10"]].concat(), b"");
    assert_eq!(status, 0, "{err}");
    // OEIS A089484, and no deepest boards listed from disk.
    let near =
        r#""layers":[1,2,4,10,24,54,107,212,446,946,1948],"deepest_omitted":true,"deepest":[]}"#;
    assert!(out.contains(r#""complete":false"#) && out.ends_with(&format!("{near}\n")), "{out}");
    let files = dir.join("enumerate-4x4");
    assert!(files.join("sorted-manifest").exists());
    let deeper = [&args[..], &["--max-depth", "12", "--resume"]].concat();
    let (status, out, err) = run(&deeper, b"");
    assert_eq!(status, 0, "{err}");
    assert!(out.contains(r#""layers":[1,2,4,10,24,54,107,212,446,946,1948,3938,7808]"#), "{out}");
    // Without --resume, the stopped run's files are not overwritten.
    let (status, _, err) = run(&[&args[..], &["--max-depth", "13"]].concat(), b"");
    assert_eq!(status, 2);
    assert!(err.contains("holds an unfinished enumeration"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn enumerate_keeps_a_table_on_disk_and_resumes_from_it() {
    let dir = std::env::temp_dir().join(format!("puzzles-cli-disk-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap();
    let (status, whole, _) = run(&["enumerate", "3x3", "--json"], b"");
    assert_eq!(status, 0);
    // 45 KB of table in 12 KB: 12 parts of 4 KB, a manifest each layer.
    let args = ["enumerate", "3x3", "--json", "--disk", dir_arg, "--max-memory", "12K"];
    let args = [&args[..], &["--checkpoint-every", "0"]].concat();
    let (status, on_disk, _) = run(&args, b"");
    assert_eq!((status, on_disk.as_str()), (0, whole.as_str()));
    let files = dir.join("enumerate-3x3");
    assert_eq!(std::fs::read_dir(&files).unwrap().count(), 0, "a finished run removes its files");
    // A run cut at depth 20 leaves its layers; --resume goes on.
    let (status, out, err) = run(&[&args[..], &["--max-depth", "20"]].concat(), b"");
    assert_eq!(status, 0, "{err}");
    assert!(out.contains(r#""complete":false"#), "{out}");
    assert!(files.join("enumeration.manifest").exists());
    let (status, _, err) = run(&args, b"");
    assert_eq!(status, 2);
    assert!(err.contains("holds an unfinished enumeration: resume it"), "{err}");
    let (status, resumed, _) = run(&[&args[..], &["--resume"]].concat(), b"");
    assert_eq!((status, resumed.as_str()), (0, whole.as_str()));
    let (status, _, err) = run(&[&args[..], &["--resume"]].concat(), b"");
    assert_eq!(status, 2);
    assert!(err.contains("3x3: nothing to resume from in"), "{err}");
    // Without --disk, the advice to use it; with --workers, a refusal.
    let (status, _, err) = run(&["enumerate", "3x3", "--max-memory", "12K"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("--max-memory; or keep the table in files with --disk DIR)"), "{err}");
    let (status, _, err) = run(&["enumerate", "3x3", "--disk", dir_arg, "--workers", "2"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("cannot be used with"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn enumerate_refuses_what_does_not_fit() {
    let (status, out, err) = run(&["enumerate", "4x4"], b"");
    assert_eq!((status, out.as_str()), (2, ""));
    assert!(
        err.contains("4x4: the state space needs 2.4 TiB of memory, over the limit of 4.0 GiB"),
        "{err}"
    );
    let (status, _, err) = run(&["enumerate", "3x3", "--max-memory", "1K"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("over the limit of 1.0 KiB"), "{err}");
    let (status, _, _) = run(&["enumerate", "3x3", "--max-memory", "lots"], b"");
    assert_eq!(status, 2);
}

#[test]
fn a_reader_that_stops_early_ends_the_run_quietly() {
    use std::io::{BufRead, BufReader, Write};

    let mut child = spawn_piped(&["solve", "-c"]);
    let mut stdin = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || {
        for _ in 0..200_000 {
            // The child may be gone before all is written; that is the point.
            if writeln!(stdin, "[[4,1,2],[5,0,3]]").is_err() {
                break;
            }
        }
    });
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first, "5\n");
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// Parses every line of `out` as JSON.
fn json_lines(out: &str) -> Vec<Value> {
    out.lines().map(|line| serde_json::from_str(line).expect("every line is JSON")).collect()
}

#[test]
fn json_mode_answers_a_bad_line_with_a_json_object() {
    let (status, out, err) =
        run(&["solve", "--json"], b"4 1 2 / 5 0 3\n\n1 2 3 / 4 5 5\n1 2 3 / 4 0 5\n");
    assert_eq!(status, 2);
    let answers = json_lines(&out);
    assert_eq!(answers.len(), 4);
    assert_eq!(answers[0]["moves"], 5);
    let blank = "the line is blank: no question on it";
    assert_eq!(answers[1], serde_json::json!({"line": 2, "error": blank}));
    assert_eq!(answers[2], serde_json::json!({"line": 3, "error": "the board has no blank (0)"}));
    assert_eq!(answers[3]["moves"], 1);
    assert!(err.contains("puzzles: line 3: the board has no blank (0)"), "{err}");

    let (status, out, _) = run(&["solve", "--json", "[[4,1,2],[5,0,3]]", "[[1,2]]"], b"");
    assert_eq!(status, 2);
    let answers = json_lines(&out);
    assert_eq!(answers[1]["argument"], 2);
    assert!(answers[1]["error"].as_str().unwrap().starts_with("a 1x2 board is not supported"));

    let (status, out, _) = run(&["lock", "--json"], b"{\"target\":\"0009\"}\nnot json\n");
    assert_eq!(status, 2);
    let answers = json_lines(&out);
    assert_eq!(answers[0]["turns"], 1);
    assert_eq!(answers[1]["line"], 2);
    assert!(answers[1]["error"].as_str().unwrap().starts_with("not a lock question"));

    let (status, out, _) = run(&["lock", "--json", "--target", "12"], b"");
    assert_eq!(status, 2);
    assert_eq!(
        json_lines(&out),
        [serde_json::json!({
            "error": "code '12' has 2 wheels, expected 4 (--wheels sets the number of wheels)"
        })]
    );
    // A digit past the lock's names the option that sets them; a letter,
    // which no lock has, does not.
    let (status, out, _) =
        run(&["lock", "--digits", "6", "--deadends", "0800", "--target", "0101"], b"");
    assert_eq!(status, 2);
    assert_eq!(
        out.trim_end(),
        "error: code '0800': character 2 is not a digit from 0 to 5 (--digits sets the digits on a wheel)"
    );
    let (status, out, _) = run(&["lock", "--target", "0a01"], b"");
    assert_eq!(status, 2);
    assert_eq!(out.trim_end(), "error: code '0a01': character 2 is not a digit from 0 to 9");

    let (status, out, _) = run(
        &["ladder", "--json", "--words", "hot,dot"],
        b"{\"begin\":\"hit\",\"end\":\"dot\"}\n{\"begin\":\"hit\"}\n",
    );
    assert_eq!(status, 2);
    let answers = json_lines(&out);
    assert_eq!(answers[0]["length"], 3);
    assert_eq!(answers[1]["line"], 2);
}

#[test]
fn a_byte_order_mark_before_the_first_line_is_skipped() {
    let (status, out, err) = run(&["solve", "-c"], "\u{feff}4 1 2 / 5 0 3\n".as_bytes());
    assert_eq!((status, out.as_str(), err.as_str()), (0, "5\n", ""));
    let (status, out, _) = run(&["lock", "-c"], "\u{feff}{\"target\":\"0009\"}\n".as_bytes());
    assert_eq!((status, out.as_str()), (0, "1\n"));
}

#[test]
fn a_huge_bad_number_is_not_echoed_whole() {
    let digits = "7".repeat(1 << 20);
    let (status, out, err) = run(&["solve", "-c"], format!("1 2 3 / 4 {digits} 0\n").as_bytes());
    assert_eq!(status, 2);
    assert!(out.len() < 200 && err.len() < 200, "{} and {} bytes", out.len(), err.len());
    assert!(out.contains("(1048576 characters)"), "{out}");
}

#[test]
fn asking_for_more_memory_than_the_machine_has_is_an_error_not_an_abort() {
    // Under Linux's heuristic overcommit (the default, and CI's), a single
    // request for 2.4 TiB on a machine with less is refused at once.
    let overcommit = std::fs::read_to_string("/proc/sys/vm/overcommit_memory").unwrap_or_default();
    if overcommit.trim() != "0" {
        return;
    }
    let (status, out, err) = run(&["enumerate", "4x4", "--max-memory", "3T"], b"");
    assert_eq!((status, out.as_str()), (2, ""));
    assert!(
        err.contains(
            "4x4: could not allocate 2.4 TiB of memory: the machine has less than the limits allow"
        ),
        "{err}"
    );
}

/// The first of Korf's 100 15-puzzles (57 moves), and its goal.
const KORF_1: (&str, &str) =
    ("14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3", "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15");

#[test]
fn limits_can_be_moved_and_their_message_names_the_option() {
    let (status, out, err) =
        run(&["solve", "-c", "--max-states", "100", "8 6 7 / 2 5 4 / 3 0 1"], b"");
    assert_eq!(status, 2);
    assert_eq!(
        out,
        "error: search reached its limit of 100 stored states without an answer (raise it with --max-states)\n"
    );
    assert!(err.contains("argument 1"), "{err}");
    let (status, out, _) =
        run(&["solve", "-c", "--max-states", "200000", "8 6 7 / 2 5 4 / 3 0 1"], b"");
    assert_eq!((status, out.as_str()), (0, "31\n"));

    let (korf_1, goal) = KORF_1;
    let args = ["solve", "-c", "--algorithm", "bidirectional", "--max-memory", "1M"];
    let (status, out, _) = run(&[&args[..], &["--goal", goal, korf_1]].concat(), b"");
    assert_eq!(status, 2);
    assert_eq!(
        out,
        "error: search reached its memory limit of 1.0 MiB without an answer (raise it with \
         --max-memory; boards of 16 or more cells far from the goal need --algorithm idastar (the \
         default), which keeps only its path)\n"
    );
    let (status, out, _) =
        run(&["lock", "-c", "--wheels", "6", "--target", "555555", "--max-states", "1000"], b"");
    assert_eq!(status, 2);
    assert!(out.ends_with("(raise it with --max-states)\n"), "{out}");
    let (status, out, _) = run(
        &["ladder", "-c", "--begin", "hit", "--end", "cog", "--words", "hot,dot,dog,lot,log,cog"],
        b"",
    );
    assert_eq!((status, out.as_str()), (0, "5\n"));
    let (status, _, err) = run(&["solve", "--max-memory", "lots", "4 1 2 / 5 0 3"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("'lots' is not a size"), "{err}");
}

#[test]
fn progress_goes_to_a_pipe_only_when_asked() {
    // A 4x4 board far from the goal: breadth-first search runs until its
    // 64 MiB budget is spent, about a million expansions, and reports
    // every 65,536.
    let (korf_1, goal) = KORF_1;
    let args = ["solve", "-c", "--algorithm", "bfs", "--max-memory", "64M", "--goal", goal, korf_1];
    let (status, _, err) = run(&[&args[..], &["--progress"]].concat(), b"");
    assert_eq!(status, 2);
    assert!(err.contains("states stored, "), "{err}");
    assert!(err.contains(" expanded/s, "), "{err}");
    assert!(err.contains("memory limit of 64.0 MiB"), "{err}");
    let (status, _, err) = run(&args, b"");
    assert_eq!(status, 2);
    assert!(!err.contains("states stored"), "{err}");

    // IDA* on one thread reports too; bounded by nodes, it runs a few
    // seconds and stops. (On several, it reports between iterations.)
    let args =
        ["solve", "-c", "--threads", "1", "--heuristic", "manhattan", "--max-nodes", "10000000"];
    let (status, _, err) = run(&[&args[..], &["--progress", "--goal", goal, korf_1]].concat(), b"");
    assert_eq!(status, 2);
    assert!(err.contains(" expanded, depth "), "{err}");
    assert!(err.contains("limit of 10000000 expanded nodes"), "{err}");
}

#[test]
fn ladder_word_lists_are_trimmed_and_may_be_empty() {
    let (status, out, _) =
        run(&["ladder", "-c", "--begin", "hit", "--end", "dot", "--words", "hot, dot"], b"");
    assert_eq!((status, out.as_str()), (0, "3\n"));
    let (status, out, _) =
        run(&["ladder", "-c", "--begin", "hit", "--end", "dot", "--words", ""], b"");
    assert_eq!((status, out.as_str()), (0, "0\n"));
    let (status, out, _) = run(
        &["ladder", "-c", "--words", "hot"],
        b"{\"begin\":\"hit\",\"end\":\"hit\",\"words\":[]}\n",
    );
    assert_eq!((status, out.as_str()), (0, "0\n"));
    // The end word must be listed, even when it is the begin word.
    let (status, out, _) =
        run(&["ladder", "-c", "--begin", "hit", "--end", "hit", "--words", "hot"], b"");
    assert_eq!((status, out.as_str()), (0, "0\n"));
}

#[test]
fn ladder_all_prints_every_ladder_on_one_line_wherever_the_question_came_from() {
    let words = "hot,dot,dog,lot,log,cog";
    let expected = "5: hit -> hot -> dot -> dog -> cog ; hit -> hot -> lot -> log -> cog\n";
    let (_, out, _) =
        run(&["ladder", "--all", "--begin", "hit", "--end", "cog", "--words", words], b"");
    assert_eq!(out, expected);
    let (_, out, _) =
        run(&["ladder", "--all", "--words", words], b"{\"begin\":\"hit\",\"end\":\"cog\"}\n");
    assert_eq!(out, expected);
}

#[test]
fn enumerate_takes_more_threads_than_work_and_refuses_absurd_counts() {
    let (status, out, _) = run(&["enumerate", "3x3", "--threads", "1000", "--json"], b"");
    assert_eq!(status, 0);
    assert_eq!(serde_json::from_str::<Value>(out.trim()).unwrap()["states"], 181_440);
    let (status, _, err) = run(&["enumerate", "3x3", "--threads", "100000"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("100000"), "{err}");
}

#[test]
fn a_15_puzzle_is_solved_optimally_with_no_flag() {
    // Korf's instance 9, 46 moves.
    let board = "3 14 9 11 / 5 4 8 2 / 13 12 6 7 / 10 1 15 0";
    let (_, goal) = KORF_1;
    let dir = scratch_dir("no-flag");
    let dir = dir.to_str().expect("a UTF-8 path");
    let (status, out, err) =
        run(&["solve", "--json", "--goal", goal, "--pdb-dir", dir, board], b"");
    // With no database saved, the default builds the small one.
    assert_eq!(status, 0);
    assert!(err.starts_with("puzzles: building the 6-6-3 pattern database"), "{err}");
    let answer: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(answer["moves"], 46);
    assert_eq!(answer["boards"].as_array().unwrap().len(), 47);
    for algorithm in ["idastar", "astar"] {
        for heuristic in ["manhattan", "linear-conflict"] {
            let args = ["solve", "-c", "--algorithm", algorithm, "--heuristic", heuristic];
            let (status, out, _) = run(&[&args[..], &["--goal", goal, board]].concat(), b"");
            assert_eq!((status, out.as_str()), (0, "46\n"), "{algorithm} {heuristic}");
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn stats_report_each_iteration_on_standard_error() {
    let (status, out, err) =
        run(&["solve", "-c", "--stats", "--algorithm", "idastar", "8 6 7 / 2 5 4 / 3 0 1"], b"");
    assert_eq!((status, out.as_str()), (0, "31\n"));
    assert!(err.starts_with("stats: [[8,6,7],[2,5,4],[3,0,1]]: IdaStar, "), "{err}");
    assert!(err.contains("iteration 1: bound "), "{err}");
    assert!(err.lines().last().unwrap().contains("bound 31,"), "{err}");
    let (_, _, err) = run(&["solve", "-c", "--stats", "8 6 7 / 2 5 4 / 3 0 1"], b"");
    assert!(err.starts_with("stats: [[8,6,7],[2,5,4],[3,0,1]]: Bidirectional, "), "{err}");
}

#[test]
fn the_node_limit_of_informed_search_names_its_option() {
    let (korf_1, goal) = KORF_1;
    let (status, out, _) =
        run(&["solve", "-c", "--max-nodes", "1000", "--goal", goal, korf_1], b"");
    assert_eq!(status, 2);
    assert_eq!(
        out,
        "error: search reached its limit of 1000 expanded nodes without an answer (raise it with \
         --max-nodes)\n"
    );
    let (status, _, err) = run(&["solve", "--heuristic", "pdb", "1 2 / 3 0"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("'pdb' is not a heuristic"), "{err}");
}

#[test]
fn pattern_databases_are_built_once_saved_and_found_again() {
    let (_, goal) = KORF_1;
    let dir = scratch_dir("built-once");
    let dir_text = dir.to_str().expect("a UTF-8 path");
    let boards = "3 14 9 11 / 5 4 8 2 / 13 12 6 7 / 10 1 15 0\n1 0 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15\n";
    let args = ["solve", "-c", "--goal", goal, "--pdb-dir", dir_text];
    // The default heuristic on 4x4: no database saved, so the 6-6-3 one is
    // built, once, and saved.
    let (status, out, err) = run(&args, boards.as_bytes());
    assert_eq!((status, out.as_str()), (0, "46\n1\n"));
    assert_eq!(err.matches("building the 6-6-3 pattern database").count(), 1, "{err}");
    let file = dir.join("pdb-6-6-3-v3-4x4-0.1.2.3.4.5.6.7.8.9.10.11.12.13.14.15.bin");
    assert!(err.contains(&format!("saved it as {}", file.display())), "{err}");
    // The next run finds it.
    let (status, out, err) =
        run(&[&args[..], &["--heuristic", "pdb-663"]].concat(), boards.as_bytes());
    assert_eq!((status, out.as_str(), err.as_str()), (0, "46\n1\n", ""));
    let (status, out, _) = run(&["pdb", "list", "--pdb-dir", dir_text], b"");
    assert_eq!(status, 0);
    assert_eq!(out, format!("{dir_text}\n{}\n", file.file_name().unwrap().to_str().unwrap()));

    // A damaged file is never used: named, skipped, and replaced.
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[1000] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let (status, out, err) = run(&args, boards.as_bytes());
    assert_eq!((status, out.as_str()), (0, "46\n1\n"));
    assert!(
        err.contains(&format!("pattern database {} fails its checksum", file.display())),
        "{err}"
    );
    assert!(err.contains("not used"), "{err}");
    let (status, _, err) =
        run(&[&args[..], &["--heuristic", "pdb-663"]].concat(), boards.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));

    // The 7-8 database is never built by `solve`: it says how.
    let (status, out, err) =
        run(&[&args[..], &["--heuristic", "pdb-78"]].concat(), boards.as_bytes());
    assert_eq!(status, 2);
    // The command it suggests builds where this run looks: --pdb-dir too.
    let expected = format!(
        "error: the 7-8 pattern database for this goal is not built: none is in {dir_text}; \
         build it with `puzzles pdb build 4x4 --pattern 7-8 --goal \"[[0,1,2,3],[4,5,6,7],\
         [8,9,10,11],[12,13,14,15]]\" --pdb-dir {dir_text}` (a few minutes, once)"
    );
    assert_eq!(out, format!("{expected}\n{expected}\n"));
    assert!(err.contains("line 1"), "{err}");

    let (status, out, _) =
        run(&["solve", "-c", "--algorithm", "idastar", "--heuristic", "pdb-663", "1 2 / 3 0"], b"");
    assert_eq!(status, 2);
    assert_eq!(out, "error: the 6-6-3 pattern database is for 4x4 boards, not 2x2\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pdb_build_saves_a_database_that_solve_uses() {
    let dir = scratch_dir("pdb-build");
    let dir_text = dir.to_str().expect("a UTF-8 path");
    let goal = "[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,0,15]]";
    let (status, out, err) = run(
        &["pdb", "build", "4x4", "--pattern", "6-6-3", "--goal", goal, "--pdb-dir", dir_text],
        b"",
    );
    assert_eq!(status, 0, "{err}");
    let file = dir.join("pdb-6-6-3-v3-4x4-1.2.3.4.5.6.7.8.9.10.11.12.13.14.0.15.bin");
    assert!(out.starts_with(&format!("built the 6-6-3 database for the goal {goal} in ")), "{out}");
    assert!(out.ends_with(&format!(" s: 5.8 MB in {}\n", file.display())), "{out}");
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 5_767_588);
    let (status, out, err) = run(
        &[
            "solve",
            "-c",
            "--goal",
            goal,
            "--pdb-dir",
            dir_text,
            "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 0 14 15",
        ],
        b"",
    );
    assert_eq!((status, out.as_str(), err.as_str()), (0, "1\n", ""));

    let (status, _, err) =
        run(&["pdb", "build", "3x3", "--pattern", "6-6-3", "--pdb-dir", dir_text], b"");
    assert_eq!(status, 2);
    assert!(err.contains("the 6-6-3 pattern database is for 4x4 boards, not 3x3"), "{err}");
    let (status, _, err) = run(&["pdb", "build", "4x4", "--pattern", "5-5-5"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("'5-5-5' is not a partition: expected 6-6-3, 7-8 or 6-6-6-6"), "{err}");
    let (status, _, err) =
        run(&["pdb", "build", "4x4", "--goal", "1 2 / 3 0", "--pdb-dir", dir_text], b"");
    assert_eq!(status, 2);
    assert!(err.contains("the goal is 2x2 but the size is 4x4"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A new user's first tries, each once answered wrongly or unhelpfully.
mod rough_edges {
    use super::{KORF_1, run, scratch_dir};

    #[test]
    fn one_line_of_sixteen_numbers_is_a_4x4_board() {
        let (_, goal) = KORF_1;
        let (status, out, err) =
            run(&["solve", "-c", "--goal", goal, "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"], b"");
        assert_eq!((status, out.as_str()), (0, "57\n"), "{err}");
        let (status, out, _) = run(&["solve", "-c", "1 2 3 4 5 0"], b"");
        assert_eq!(status, 2);
        assert!(out.contains("(mark the rows: 4 1 2 / 5 0 3 or [[4,1,2],[5,0,3]])"), "{out}");
    }

    #[test]
    fn resuming_with_no_checkpoint_says_when_one_is_written() {
        let dir = scratch_dir("no-checkpoint");
        let dir_text = dir.to_str().expect("a UTF-8 path");
        let (status, out, err) =
            run(&["enumerate", "2x3", "--checkpoint", dir_text, "--resume"], b"");
        assert_eq!((status, out.as_str()), (2, ""));
        assert!(err.contains("2x3: nothing to resume from in"), "{err}");
        assert!(err.contains("--checkpoint-every"), "{err}");
        // A stopped run leaves one from its first layer's end past the
        // interval.
        let args = ["enumerate", "2x3", "--checkpoint", dir_text, "--checkpoint-every", "0"];
        assert_eq!(run(&[&args[..], &["--max-depth", "3"]].concat(), b"").0, 0);
        let (status, out, err) =
            run(&["enumerate", "2x3", "--checkpoint", dir_text, "--resume"], b"");
        assert_eq!(status, 0, "{err}");
        assert!(out.contains("360"), "{out}");
    }

    #[test]
    fn a_size_of_one_row_gets_no_hint_about_writing_boards() {
        let (status, _, err) = run(&["enumerate", "1x5"], b"");
        assert_eq!(status, 2);
        assert!(err.contains("a 1x5 board is not supported"), "{err}");
        assert!(!err.contains("mark the rows"), "{err}");
    }

    #[test]
    fn an_unsolvable_4x4_board_is_answered_before_any_database_is_built() {
        let dir = scratch_dir("parity-first");
        let dir_text = dir.to_str().expect("a UTF-8 path");
        // Two tiles swapped: the other parity.
        let board = "2 1 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0";
        let (status, out, err) = run(&["solve", "-c", "--pdb-dir", dir_text, board], b"");
        assert_eq!((status, out.as_str(), err.as_str()), (0, "-1\n", ""));
        assert_eq!(std::fs::read_dir(&dir).expect("the directory").count(), 0);
    }

    #[test]
    fn options_of_the_informed_searches_apply_or_are_refused() {
        // Under auto, --max-nodes and --heuristic pick IDA*, which they bound
        // and guide, on any size.
        let hard = "[[8,6,7],[2,5,4],[3,0,1]]";
        let (status, out, err) = run(&["solve", "-c", "--max-nodes", "10", hard], b"");
        assert_eq!(status, 2);
        assert_eq!(
            out,
            "error: search reached its limit of 10 expanded nodes without an answer \
             (raise it with --max-nodes)\n"
        );
        assert!(err.starts_with("puzzles: argument 1: "), "{err}");
        let (status, out, _) = run(&["solve", "-c", "--heuristic", "manhattan", hard], b"");
        assert_eq!((status, out.as_str()), (0, "31\n"));
        // A search that uses neither is refused before any board.
        for (args, message) in [
            (
                ["--heuristic", "manhattan", "--algorithm", "bfs"],
                "puzzles: --heuristic guides astar and idastar only; --algorithm bfs uses no \
                 estimate\n",
            ),
            (
                ["--max-nodes", "10", "--algorithm", "bidirectional"],
                "puzzles: --max-nodes bounds astar and idastar only; --algorithm bidirectional \
                 is bounded by --max-states and --max-memory\n",
            ),
        ] {
            let (status, out, err) = run(&[&["solve", "-c"][..], &args, &[hard]].concat(), b"");
            assert_eq!((status, out.as_str(), err.as_str()), (2, "", message));
        }
    }

    #[test]
    fn a_board_that_starts_with_a_minus_sign_is_a_bad_board_not_an_option() {
        let (status, out, err) = run(&["solve", "-1 2 3 / 4 5 0", "-c"], b"");
        assert_eq!(status, 2);
        assert_eq!(out, "error: row 1, column 1: -1 is not a tile of this board (0 to 5)\n");
        assert_eq!(
            err,
            "puzzles: argument 1: row 1, column 1: -1 is not a tile of this board (0 to 5)\n"
        );
        let (status, _, err) = run(&["solve", "--max-nodes", "-5", "1 2 3 / 4 0 5"], b"");
        assert_eq!(status, 2);
        assert!(err.contains("invalid value '-5' for '--max-nodes <N>'"), "{err}");
    }

    #[test]
    fn lock_answers_say_what_happened() {
        let cases: [(&[&str], &str); 5] = [
            (&["--deadends", "", "--target", "0202"], "4 turns: "),
            (
                &["--deadends", "0000", "--target", "8888"],
                "-1: 8888 cannot be reached: the start 0000 is a dead end\n",
            ),
            (
                &["--deadends", "8888", "--target", "8888"],
                "-1: 8888 cannot be reached: 8888 is a dead end\n",
            ),
            (
                &["--deadends", "8887, 8889,8878,8898,8788,8988,7888,9888", "--target", "8888"],
                "-1: 8888 cannot be reached from 0000: the dead ends wall it off\n",
            ),
            (&["--target", "0000"], "0 turns: the lock is at 0000 already; codes: 0000\n"),
        ];
        for (args, answer) in cases {
            let (status, out, err) = run(&[&["lock"][..], args].concat(), b"");
            assert_eq!((status, err.as_str()), (0, ""), "{args:?}");
            assert!(out.starts_with(answer), "{args:?}: {out}");
        }
    }

    #[test]
    fn each_command_says_what_its_count_is() {
        for (command, count) in [
            ("solve", "Print only the number of moves, one line per board (-1 when"),
            ("lock", "Print only the number of turns, one line per question (-1 when"),
            ("ladder", "Print only the ladder's length in words, both ends counted"),
        ] {
            let (status, out, _) = run(&[command, "--help"], b"");
            assert_eq!(status, 0);
            assert!(out.contains(count), "{command}: {out}");
            assert!(!out.contains("for ladders") || command == "ladder", "{command}: {out}");
        }
    }

    #[test]
    fn an_error_from_the_options_names_no_place() {
        let (status, out, err) = run(&["lock", "--target", "12"], b"");
        assert_eq!(status, 2);
        let message = "code '12' has 2 wheels, expected 4 (--wheels sets the number of wheels)";
        assert_eq!(out, format!("error: {message}\n"));
        assert_eq!(err, format!("puzzles: {message}\n"));
    }

    #[test]
    fn ladder_json_echoes_its_question_as_lock_json_does() {
        let (status, out, _) = run(
            &["ladder", "--json", "--begin", "hit", "--end", "cog", "--words", "hot,dot,dog,cog"],
            b"",
        );
        assert_eq!(status, 0);
        assert_eq!(
            out,
            "{\"begin\":\"hit\",\"end\":\"cog\",\"length\":5,\
             \"ladders\":[[\"hit\",\"hot\",\"dot\",\"dog\",\"cog\"]]}\n"
        );
    }

    #[test]
    fn pdb_commands_speak_of_what_was_asked() {
        let (status, _, err) = run(&["pdb", "build", "3x3"], b"");
        assert_eq!(status, 2);
        assert_eq!(
            err,
            "puzzles: pattern databases are built for 4x4 and 5x5 boards only, not 3x3: smaller boards \
             are solved without one\n"
        );
        let missing = scratch_dir("pdb-list").join("missing");
        let missing = missing.to_str().expect("a UTF-8 path");
        let (status, _, err) = run(&["pdb", "list", "--pdb-dir", missing], b"");
        assert_eq!(status, 2);
        assert!(err.starts_with(&format!("puzzles: cannot list {missing}: ")), "{err}");
        let file = scratch_dir("pdb-list").join("a-file");
        std::fs::write(&file, "not a directory").expect("a scratch file");
        let file = file.to_str().expect("a UTF-8 path");
        let (status, _, err) = run(&["pdb", "list", "--pdb-dir", file], b"");
        assert_eq!(status, 2);
        assert!(err.starts_with(&format!("puzzles: cannot list {file}: ")), "{err}");
        let empty = scratch_dir("pdb-list-empty");
        let empty = empty.to_str().expect("a UTF-8 path");
        let (status, out, _) = run(&["pdb", "list", "--pdb-dir", empty], b"");
        assert_eq!((status, out), (0, format!("{empty}\nno databases yet\n")));
    }
}

/// `puzzles enumerate NAME N --json`'s table.
#[test]
fn enumerate_takes_the_15_puzzle_to_a_depth_in_sorted_layers() {
    // Its 2-bit table would take 2.4 TiB; the layers to depth 12, kept as
    // sorted, packed ranks, fit.
    // OEIS A089484: the 15-puzzle's boards by distance from the goal.
    let table = enumerate_json(&["4x4", "--max-depth", "12"]);
    let published = [1, 2, 4, 10, 24, 54, 107, 212, 446, 946, 1948, 3938, 7808];
    assert_eq!(table["layers"], json!(published));
    assert_eq!(table["complete"], json!(false));
    assert_eq!(table["deepest"].as_array().map(Vec::len), Some(7808));
    let one = run(&["enumerate", "4x4", "--max-depth", "12", "--threads", "1", "--json"], b"").1;
    assert_eq!(serde_json::from_str::<Value>(&one).expect("JSON"), table);
    let text = run(&["enumerate", "4x4", "--max-depth", "12"], b"").1;
    assert!(text.contains("total to depth 12: 15500 boards"), "{text}");
    assert!(text.contains("... and 7788 more (--json lists them all)"), "{text}");
}

#[test]
fn enumerate_walks_the_cayley_graph_of_a_family() {
    // Coxeter's generators: a permutation's distance is its inversions
    // (OEIS A008302); every transposition: n minus its cycles.
    let coxeter = enumerate_json(&["coxeter", "5"]);
    assert_eq!(coxeter["layers"], json!([1, 4, 9, 15, 20, 22, 20, 15, 9, 4, 1]));
    assert_eq!(coxeter["deepest"], json!([[4, 3, 2, 1, 0]]));
    let swaps = enumerate_json(&["transpositions", "6"]);
    assert_eq!(swaps["layers"], json!([1, 15, 85, 225, 274, 120]));
    // LRX of 8: its diameter is n(n - 1)/2, and the layers to 5 are cut.
    let lrx = enumerate_json(&["lrx", "8"]);
    assert_eq!((lrx["states"].clone(), lrx["radius"].clone()), (json!(40320), json!(28)));
    let near = enumerate_json(&["lrx", "8", "--max-depth", "5"]);
    assert_eq!(near["layers"], json!([1, 3, 6, 12, 23, 44]));
    assert_eq!(near["complete"], json!(false));
    let (status, _, err) = run(&["enumerate", "star", "1"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("star needs at least 2 points, not 1"), "{err}");
    // Past 16 points the table passes the default limit, and the layers
    // to a depth are the way; past 256 there is no such permutation.
    let (status, _, err) = run(&["enumerate", "coxeter", "17"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("coxeter 17: the state space needs 80.9 TiB of memory"), "{err}");
    assert!(err.contains("or enumerate to a depth with --max-depth N"), "{err}");
    let near = enumerate_json(&["coxeter", "17", "--max-depth", "2"]);
    assert_eq!(near["layers"], json!([1, 16, 135]));
    let (status, _, err) = run(&["enumerate", "coxeter", "257"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("a permutation here moves 1 to 256 points, not 257"), "{err}");
    // A mistyped name with an x in it is told the names, not read as a size.
    let (status, _, err) = run(&["enumerate", "lrxx", "5"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("'lrxx' is not a size like 3x3, nor one of pancake"), "{err}");
    let near = run(&["enumerate", "lrx", "6", "--max-depth", "3"], b"").1;
    assert!(near.contains("total to depth 3: 21 permutations"), "{near}");
}

#[test]
fn enumerate_reads_generators_from_a_file() {
    // The pocket cube as 24 coloured stickers under three faces' turns (a
    // coset graph, hashed): the published half-turn layers, to a depth
    // (puzzles' tests take it whole).
    let cube = enumerate_json(&["--generators", POCKET_CUBE_HTM, "--max-depth", "6"]);
    assert_eq!(cube["layers"], json!([1, 9, 54, 321, 1847, 9992, 50136]));
    assert_eq!(cube["size"], json!(24));
    // Our notation, with a start whose items repeat: LRX on a binary
    // string (cayleypy's lrx_coset_growth, "000111"), on the dense engine.
    let dir = scratch_dir("generators");
    let file = dir.join("lrx-coset.txt");
    std::fs::write(&file, "# LRX\nL: 1 2 3 4 5 0\nR: 5 0 1 2 3 4\nX: (1,2)\nstart: 0 0 0 1 1 1\n")
        .expect("a scratch file");
    let file = file.to_str().expect("a UTF-8 path");
    let coset = enumerate_json(&["--generators", file]);
    assert_eq!(coset["layers"], json!([1, 2, 3, 4, 4, 3, 2, 1]));
    assert_eq!(coset["deepest"], json!([[0, 1, 0, 1, 0, 1]]));
    // --start replaces the file's: from the identity, LRX 6's Cayley graph.
    let whole = enumerate_json(&["--generators", file, "--start", "0 1 2 3 4 5"]);
    assert_eq!((whole["states"].clone(), whole["radius"].clone()), (json!(720), json!(15)));
    let text = run(&["enumerate", "--generators", file], b"").1;
    assert!(text.contains("lrx-coset.txt (6 points), breadth-first from the start"), "{text}");
    assert!(text.contains("total: 20 arrangements"), "{text}");

    // Bad files and starts are named, with the line.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "a: 1 0 2\nb: (1,4)(2,2)\n").expect("a scratch file");
    let bad = bad.to_str().expect("a UTF-8 path");
    let (status, _, err) = run(&["enumerate", "--generators", bad], b"");
    assert_eq!(status, 2);
    assert!(err.contains("bad.txt: line 1: generator a moves 3 points, not 4"), "{err}");
    let (status, _, err) = run(&["enumerate", "--generators", file, "--start", "0 1"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("the start has 2 items, for generators of 6 points"), "{err}");
    let (status, _, err) = run(&["enumerate", "--generators", file, "--start", "0 y"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("--start: item 2 is 'y', not a number from 0 to 255"), "{err}");
    let (status, _, err) = run(&["enumerate", "--generators", "/no/such/file"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("cannot read /no/such/file"), "{err}");
    // On the distributed engine, ranked, the same layers: a family's and
    // a coset's.
    let workers = enumerate_json(&["lrx", "7", "--workers", "2"]);
    assert_eq!(workers["layers"], enumerate_json(&["lrx", "7"])["layers"]);
    let workers = enumerate_json(&["--generators", file, "--workers", "2"]);
    assert_eq!(workers["layers"], coset["layers"]);
    assert_eq!(workers["deepest"], coset["deepest"]);
    let cube = ["enumerate", "--generators", POCKET_CUBE_HTM, "--workers", "2"];
    let (status, _, err) = run(&cube, b"");
    assert_eq!(status, 2);
    assert!(err.contains("run it in one process, where the hashed engine keeps"), "{err}");
    let (status, _, err) = run(&["enumerate", "lrx", "5", "--start", "1 0 2 3 4"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("--start gives the start of --generators FILE"), "{err}");
    let (status, _, err) =
        run(&["enumerate", "lrx", "5", "--workers", "2", "--engine", "hashed"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("lrx 5: permutations from generators run on the ranked engine"), "{err}");
    // A table that cannot fit is refused at once, with what it needs.
    let (status, _, err) = run(&["enumerate", "lrx", "14"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("needs 20.3 GiB of memory, over the limit of 4.0 GiB"), "{err}");
}

/// The pocket cube's file in the half-turn metric.
const POCKET_CUBE_HTM: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../puzzles/data/pocket-cube-htm.gap");

/// `state` moved by `word`, the generators named as `family` names them.
fn apply_word(family: puzzles::Family, state: &[u8], word: &[Value]) -> Vec<u8> {
    let generators = family.generators(state.len()).expect("a size of the family");
    let names: Vec<&str> = generators.names().collect();
    word.iter().fold(state.to_vec(), |state, name| {
        let index = names.iter().position(|n| Some(*n) == name.as_str()).expect("a generator");
        generators.image(index).iter().map(|&from| state[usize::from(from)]).collect()
    })
}

#[test]
fn solve_finds_the_shortest_word_in_a_familys_generators() {
    use puzzles::Family;
    // Every permutation of LRX 6 against its distance in the enumeration:
    // the deepest ones need 15 moves, and each word is legal and solves.
    let deepest = enumerate_json(&["lrx", "6"])["deepest"].clone();
    let mut lines = String::new();
    for state in deepest.as_array().expect("a list") {
        let items: Vec<String> =
            state.as_array().expect("a state").iter().map(ToString::to_string).collect();
        lines.push_str(&items.join(" "));
        lines.push('\n');
    }
    lines.push_str("0 1 1 2 3 4\nfive\n");
    let (status, out, _) = run(&["solve", "--family", "lrx", "--json"], lines.as_bytes());
    assert_eq!(status, 2, "two bad lines");
    let answers: Vec<Value> = out.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(answers.len(), deepest.as_array().unwrap().len() + 2);
    for answer in &answers[..answers.len() - 2] {
        assert_eq!(answer["moves"], json!(15), "{answer}");
        let state: Vec<u8> = serde_json::from_value(answer["state"].clone()).unwrap();
        let word = answer["word"].as_array().expect("a word");
        assert_eq!(apply_word(Family::Lrx, &state, word), [0, 1, 2, 3, 4, 5], "{answer}");
    }
    let bad = &answers[answers.len() - 2..];
    assert_eq!(bad[0]["line"], json!(answers.len() - 1));
    assert!(bad[0]["error"].as_str().unwrap().contains("not an arrangement of the start's items"));
    assert_eq!(bad[1]["error"], json!("item 1 is 'five', not a number from 0 to 255"));

    // A directed graph (LX), a word of flips, one with no word, a count.
    let (_, out, _) = run(&["solve", "--family", "lx", "1 0 2", "0 1 2"], b"");
    assert_eq!(out, "1 0 2: 1 move: X\n0 1 2: 0 moves: already the start\n");
    let (_, out, _) = run(&["solve", "--family", "pancake", "1 0 2 3", "2 1 0 3"], b"");
    assert_eq!(out, "1 0 2 3: 1 move: flip 2\n2 1 0 3: 1 move: flip 3\n");
    let (_, out, _) = run(&["solve", "--family", "pancake", "1 2 0 3"], b"");
    assert_eq!(out, "1 2 0 3: 2 moves: flip 2, flip 3\n");
    let (_, out, _) = run(&["solve", "-c", "--family", "topspin", "1 0 2 3 4"], b"");
    assert_eq!(out, "-1\n", "TopSpin of 5 reaches 10 of 120 permutations");
    let (status, _, err) = run(&["solve", "--family", "lrx", "--algorithm", "bfs", "1 0"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("cannot be used with"), "{err}");
    // Pattern databases are the sliding puzzles' only.
    let (status, _, err) = run(&["solve", "--family", "lrx", "--pdb-dir", "/tmp", "1 0"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("'--family <NAME>' cannot be used with '--pdb-dir <DIR>'"), "{err}");
}

#[test]
fn solve_finds_the_shortest_word_in_a_files_generators() {
    // The deepest position of the pocket cube in quarter turns is 11 half
    // turns away (its half-turn radius).
    let (status, out, err) = run(
        &["solve", "-c", "--generators", POCKET_CUBE_HTM],
        b"0 0 0 0 1 1 2 5 2 4 2 1 3 3 3 3 4 4 2 5 5 4 5 1\n0 0 0 0 1 1 1 1 2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5\n",
    );
    assert_eq!((status, out.as_str()), (0, "11\n0\n"), "{err}");
    // Another start: the solved cube is now 11 half turns from it.
    let deepest = "0 0 0 0 1 1 2 5 2 4 2 1 3 3 3 3 4 4 2 5 5 4 5 1";
    let solved = b"0 0 0 0 1 1 1 1 2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5\n";
    let (status, out, err) =
        run(&["solve", "-c", "--generators", POCKET_CUBE_HTM, "--start", deepest], solved);
    assert_eq!((status, out.as_str()), (0, "11\n"), "{err}");
    let (status, _, err) = run(&["solve", "--start", "0 1", "1 0"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("--generators"), "{err}");
}

fn enumerate_json(args: &[&str]) -> Value {
    let (status, out, err) = run(&[&["enumerate"], args, &["--json"]].concat(), b"");
    assert_eq!(status, 0, "{err}");
    serde_json::from_str(&out).expect("one JSON object")
}

/// The layer sizes and the deepest states, sorted, of a plain (hashed)
/// breadth-first enumeration.
fn plain_layers<G>(space: &G, start: puzzles::Tokens) -> (Vec<u64>, Vec<Vec<u8>>)
where
    G: search_core::Successors<State = puzzles::Tokens>,
{
    let layers = search_core::enumerate(space, [start]).expect("small enough");
    let mut deepest: Vec<Vec<u8>> =
        layers.deepest().iter().map(|tokens| tokens.as_slice().to_vec()).collect();
    deepest.sort();
    (layers.layer_sizes().to_vec(), deepest)
}

fn table_layers(table: &Value) -> (Vec<u64>, Vec<Vec<u8>>) {
    let layers = serde_json::from_value(table["layers"].clone()).expect("numbers");
    let mut deepest: Vec<Vec<u8>> = serde_json::from_value(table["deepest"].clone()).expect("rows");
    deepest.sort();
    (layers, deepest)
}

#[test]
fn enumerate_counts_pancakes_topspin_and_hanoi_as_a_plain_search_does() {
    for n in [2, 5, 7] {
        let pancakes = puzzles::Pancakes::new(n).unwrap();
        let table = enumerate_json(&["pancake", &n.to_string()]);
        assert_eq!(table_layers(&table), plain_layers(&pancakes, pancakes.sorted()), "{n}");
        assert_eq!(
            (table["puzzle"].as_str(), table["size"].as_u64()),
            (Some("pancake"), Some(n as u64))
        );
    }
    // An even ring (all 8! arrangements) and an odd one (7!/2).
    for (n, states) in [(7, 2_520), (8, 40_320)] {
        let ring = puzzles::TopSpin::new(n).unwrap();
        let table = enumerate_json(&["topspin", &n.to_string(), "--threads", "1"]);
        assert_eq!(table_layers(&table), plain_layers(&ring, ring.solved()), "{n}");
        assert_eq!(table["states"], states);
    }
    for discs in [1, 4, 6] {
        let hanoi = puzzles::Hanoi4::new(discs).unwrap();
        let table = enumerate_json(&["hanoi4", &discs.to_string()]);
        assert_eq!(table_layers(&table), plain_layers(&hanoi, hanoi.start()), "{discs}");
        assert_eq!(table["states"], 4u64.pow(discs as u32));
    }
    let (status, out, _) = run(&["enumerate", "pancake", "4"], b"");
    assert_eq!(status, 0);
    assert!(out.starts_with("pancake 4, breadth-first from the sorted stack\n"), "{out}");
    assert!(
        out.contains(
            "total: 24 stacks\nradius: 4 moves\nstacks at depth 4 (3; each from its top):\n1 3 0 2\n2 0 3 1\n3 1 2 0\n"
        ),
        "{out}"
    );
}

#[test]
fn enumerate_names_what_is_wrong_with_a_puzzle_and_its_size() {
    let cases: [(&[&str], &str); 5] = [
        (&["pancake"], "pancake needs a size, such as: puzzles enumerate pancake 12"),
        (&["hanoi4", "0"], "0 discs: the puzzle takes 1 to 16"),
        (&["topspin", "3"], "3 TopSpin tokens: the puzzle takes 4 to 16"),
        (&["3x3", "4"], "3x3 is a sliding puzzle's whole size: no 4 after it"),
        (&["pancakes", "lots"], "invalid value 'lots' for '[N]'"),
    ];
    for (args, expected) in cases {
        let (status, out, err) = run(&[&["enumerate"], args].concat(), b"");
        assert_eq!((status, out.as_str()), (2, ""), "{args:?}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
    let (status, _, err) = run(&["enumerate", "pancake", "14"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("pancake 14: the state space needs"), "{err}");
    assert!(err.contains("raise it with --max-memory"), "{err}");
}

#[test]
fn enumerate_checkpoints_and_resumes_a_pancake_stack() {
    let dir = scratch_dir("pancake-checkpoint");
    let dir_arg = dir.to_str().unwrap();
    let whole = enumerate_json(&["pancake", "8"]);
    let args = ["pancake", "8", "--checkpoint", dir_arg, "--checkpoint-every", "0"];
    let stopped = [&["enumerate"][..], &args[..], &["--max-depth", "5"]].concat();
    assert_eq!(run(&stopped, b"").0, 0);
    assert!(dir.join("enumerate-pancake-8").join("enumeration.checkpoint").exists());
    assert_eq!(enumerate_json(&[&args[..], &["--resume"]].concat()), whole);
    assert_eq!(run(&stopped, b"").0, 0);
    // A checkpoint of another puzzle of the same rank count is refused.
    std::fs::rename(dir.join("enumerate-pancake-8"), dir.join("enumerate-topspin-8")).unwrap();
    let resume = ["enumerate", "topspin", "8", "--checkpoint", dir_arg, "--resume"];
    let (status, _, err) = run(&resume, b"");
    assert_eq!(status, 2, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn boards_of_5x5_are_solved_and_their_database_is_asked_for() {
    let dir = scratch_dir("5x5");
    let dir_text = dir.to_str().expect("a UTF-8 path");
    let goal = "0 1 2 3 4 / 5 6 7 8 9 / 10 11 12 13 14 / 15 16 17 18 19 / 20 21 22 23 24";
    // Five slides from the goal, on one line as Korf's instances are.
    let board = "5 1 2 3 4 10 6 7 8 9 11 16 12 13 14 15 21 17 18 19 20 0 22 23 24";
    let (status, out, err) = run(&["solve", "-c", "--goal", goal, board], b"");
    assert_eq!((status, out.as_str(), err.as_str()), (0, "5\n", ""));
    let (status, out, err) =
        run(&["solve", "-c", "--goal", goal, "--heuristic", "linear-conflict", board], b"");
    assert_eq!((status, out.as_str(), err.as_str()), (0, "5\n", ""));

    let (status, out, _) = run(
        &["solve", "-c", "--goal", goal, "--heuristic", "pdb-6666", "--pdb-dir", dir_text, board],
        b"",
    );
    assert_eq!(status, 2);
    assert_eq!(
        out,
        format!(
            "error: the 6-6-6-6 pattern database for this goal is not built: none is in \
             {dir_text}; build it with `puzzles pdb build 5x5 --pattern 6-6-6-6 --goal \
             \"[[0,1,2,3,4],[5,6,7,8,9],[10,11,12,13,14],[15,16,17,18,19],[20,21,22,23,24]]\" \
             --pdb-dir {dir_text}` (a few minutes, once)\n"
        )
    );
    let (status, _, err) = run(&["pdb", "build", "5x5", "--pattern", "6-6-3"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("the 6-6-3 pattern database is for 4x4 boards, not 5x5"), "{err}");
    let centre = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 0 13 14 / 15 16 17 18 19 / 20 21 22 23 24";
    let (status, _, err) = run(&["pdb", "build", "5x5", "--goal", centre], b"");
    assert_eq!(status, 2);
    assert!(err.contains("for goals with the blank in a corner, not at row 3, column 3"), "{err}");
    let (status, _, err) = run(&["enumerate", "5x5"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("a 5x5 board has 25 cells: boards are numbered"), "{err}");
}

#[test]
fn a_weight_trades_moves_for_speed_within_its_bound() {
    let hard = "8 6 7 / 2 5 4 / 3 0 1";
    for weight in ["1", "1.5", "2", "5"] {
        for algorithm in ["idastar", "astar"] {
            let (status, out, err) =
                run(&["solve", "-c", "--algorithm", algorithm, "--weight", weight, hard], b"");
            assert_eq!((status, err.as_str()), (0, ""));
            let moves: f64 = out.trim().parse().expect("a count");
            let bound = 31.0 * weight.parse::<f64>().unwrap();
            assert!((31.0..=bound).contains(&moves), "{algorithm} w = {weight}: {moves}");
        }
    }
    let (status, out, _) = run(&["solve", "-c", "--weight", "1", hard], b"");
    assert_eq!((status, out.as_str()), (0, "31\n"));
    for (weight, expected) in [
        ("0.5", "--weight: the weight must be a finite number of at least 1, not 0.5"),
        ("NaN", "--weight: the weight must be a finite number of at least 1, not NaN"),
        ("inf", "--weight: the weight must be a finite number of at least 1, not inf"),
    ] {
        let (status, _, err) = run(&["solve", "--weight", weight, hard], b"");
        assert_eq!(status, 2);
        assert!(err.contains(expected), "{err}");
    }
    let (status, _, err) = run(&["solve", "--algorithm", "bfs", "--weight", "2", hard], b"");
    assert_eq!(status, 2);
    assert!(err.contains("--weight weighs the estimate of astar and idastar only"), "{err}");
}

/// The 3x3x3 cube's file: its 48 stickers' 18 turns, and its symmetries.
const CUBE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../puzzles/data/cube-3x3x3-htm.txt");

#[test]
fn the_cube_is_enumerated_past_2_64_a_class_of_symmetric_positions_at_a_time() {
    // The published positions (OEIS A080601) and the classes of the 48
    // symmetries (with the inverse, of 96), depth by depth.
    // Without them, to a depth one less: the layers are the same.
    let positions = json!([1, 18, 243, 3240, 43_239, 574_908]);
    let plain = enumerate_json(&["--generators", CUBE, "--max-depth", "4", "--no-symmetries"]);
    assert_eq!(plain["layers"], json!([1, 18, 243, 3240, 43_239]));
    assert_eq!(plain["order"], json!("43252003274489856000"));
    assert_eq!(plain["engine"], json!("sorted"));
    assert!(plain.get("classes").is_none());
    let reduced = enumerate_json(&["--generators", CUBE, "--max-depth", "5"]);
    assert_eq!(reduced["layers"], positions);
    assert_eq!(reduced["classes"], json!([1, 2, 9, 75, 934, 12_077]));
    assert_eq!(reduced["states"], json!(621_649));
    let inverse = enumerate_json(&["--generators", CUBE, "--max-depth", "5", "--inverse"]);
    assert_eq!(inverse["layers"], positions);
    assert_eq!(inverse["classes"], json!([1, 2, 8, 48, 509, 6198]));
    let text = run(&["enumerate", "--generators", CUBE, "--max-depth", "2"], b"").1;
    assert!(text.contains("(the generators' group has 43252003274489856000 elements"), "{text}");
    assert!(text.contains("classes: 12, 48 permutations at the most each"), "{text}");
    // A symmetry that maps a turn to no turn is refused, by name.
    let dir = scratch_dir("symmetries");
    let bad = dir.join("bad-cube.txt");
    let text = std::fs::read_to_string(CUBE).expect("the cube's file");
    let swap: Vec<String> = (0..48).map(|i| [1, 0].get(i).map_or(i, |&j| j).to_string()).collect();
    std::fs::write(&bad, format!("{text}sym: {}\n", swap.join(" "))).expect("a scratch file");
    let (status, _, err) = run(&["enumerate", "--generators", bad.to_str().unwrap()], b"");
    assert_eq!(status, 2);
    assert!(
        err.contains("symmetry sym 4 maps generator R to a permutation that is no generator"),
        "{err}"
    );
}

#[test]
fn order_says_how_large_a_puzzle_is() {
    let (status, out, _) = run(&["order", "--generators", CUBE], b"");
    assert_eq!(status, 0);
    assert!(out.contains("their group has 43252003274489856000 elements"), "{out}");
    assert!(out.contains("48 symmetries"), "{out}");
    let (status, out, _) = run(&["order", "burnt-pancake", "7", "--json"], b"");
    assert_eq!(status, 0);
    let object: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!((object["order"].as_str(), object["points"].as_u64()), (Some("645120"), Some(14)));
    let (status, _, err) = run(&["order", "lrx", "40"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("has 2^128 elements or more"), "{err}");
}

/// LRX of 7 as a file of generators, in this run's scratch directory.
fn lrx_file(name: &str) -> std::path::PathBuf {
    let file = scratch_dir(name).join("lrx7.txt");
    std::fs::write(&file, "L: 1 2 3 4 5 6 0\nR: 6 0 1 2 3 4 5\nX: 1 0 2 3 4 5 6\n")
        .expect("the scratch directory is writable");
    file
}

/// A JSON list of items.
fn items_of(value: &Value) -> Vec<u8> {
    let items = value.as_array().expect("a list of items");
    items.iter().map(|item| item.as_u64().expect("an item") as u8).collect()
}

#[test]
fn scramble_prints_the_same_positions_for_the_same_seed() {
    let file = lrx_file("scramble");
    let file = file.to_str().expect("a UTF-8 path");
    let args = ["scramble", "--generators", file, "--count", "40", "--seed", "7"];
    let (status, first, err) = run(&args, b"");
    assert_eq!(status, 0, "{err}");
    let (_, again, _) = run(&args, b"");
    assert_eq!(first, again);
    let mut positions: Vec<Vec<u8>> = first
        .lines()
        .map(|line| line.split(' ').map(|item| item.parse().expect("an item")).collect())
        .collect();
    assert_eq!(positions.len(), 40);
    for position in &positions {
        let mut sorted = position.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [0, 1, 2, 3, 4, 5, 6], "{position:?}");
    }
    // 40 draws among 5,040 positions: a repeat or two at most.
    positions.sort();
    positions.dedup();
    assert!(positions.len() >= 38, "{}", positions.len());
    // A walk of moves says which it made, and they take the start there.
    let (status, out, _) =
        run(&["scramble", "--generators", file, "--moves", "6", "--seed", "1", "--json"], b"");
    assert_eq!(status, 0);
    let walk: Value = serde_json::from_str(out.trim()).expect("a JSON object");
    let word = walk["word"].as_array().expect("the moves made");
    assert_eq!(word.len(), 6);
    let state = items_of(&walk["state"]);
    assert_eq!(apply_word(puzzles::Family::Lrx, &[0, 1, 2, 3, 4, 5, 6], word), state);
}

#[test]
fn solve_with_pattern_databases_answers_as_breadth_first_search_does() {
    let file = lrx_file("pdb-solve");
    let file = file.to_str().expect("a UTF-8 path");
    let tables = scratch_dir("pdb-solve").join("tables");
    let tables = tables.to_str().expect("a UTF-8 path");
    let (_, positions, _) =
        run(&["scramble", "--generators", file, "--count", "30", "--seed", "3"], b"");
    let (status, plain, err) = run(&["solve", "--generators", file, "-c"], positions.as_bytes());
    assert_eq!(status, 0, "{err}");
    let with_tables = ["solve", "--generators", file, "--pdb-dir", tables, "--pdb-size", "1K"];
    let (status, out, err) = run(&[&with_tables[..], &["-c"]].concat(), positions.as_bytes());
    assert_eq!(status, 0, "{err}");
    assert_eq!(out, plain);
    assert!(plain.lines().any(|moves| moves.parse::<u32>().expect("a count") >= 8), "{plain}");
    // The tables were written, and are read back.
    let written = std::fs::read_dir(tables).expect("the tables' directory").count();
    assert!(written >= 1);
    let (status, out, err) =
        run(&[&with_tables[..], &["--json", "--stats"]].concat(), positions.as_bytes());
    assert_eq!(status, 0, "{err}");
    assert!(err.contains("idastar"), "{err}");
    for (line, moves) in out.lines().zip(plain.lines()) {
        let answer: Value = serde_json::from_str(line).expect("a JSON object");
        assert_eq!(answer["moves"].to_string(), moves);
        let state = items_of(&answer["state"]);
        let word = answer["word"].as_array().expect("the word");
        let end = apply_word(puzzles::Family::Lrx, &state, word);
        assert_eq!(end, [0, 1, 2, 3, 4, 5, 6]);
    }
    // A line that is no position is answered by name, the others still.
    let (status, out, _) = run(&with_tables, b"0 1 2\n1 0 2 3 4 5 6\n");
    assert_eq!(status, 2);
    assert!(out.contains("1 0 2 3 4 5 6: 1 move: X"), "{out}");
    // Room for no piece, and a node bound with no tables, are refused.
    let (status, _, err) = run(
        &["solve", "--generators", file, "--pdb-dir", tables, "--pdb-size", "3", "0 1 2 3 4 5 6"],
        b"",
    );
    assert_eq!(status, 2);
    assert!(err.contains("--pdb-size"), "{err}");
    // A start the tables cannot be built for, a directory that is a file,
    // and a damaged table are each refused with what to do.
    let (status, _, err) =
        run(&[&with_tables[..], &["--start", "1 2 3 4 5 6 7", "2 1 3 4 5 6 7"]].concat(), b"");
    assert_eq!(status, 2);
    assert!(err.contains("give one with --start, such as the identity \"0 1 2 3 4 5 6\""), "{err}");
    let (status, _, err) =
        run(&["solve", "--generators", file, "--pdb-dir", file, "0 1 2 3 4 5 6"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("is not a directory"), "{err}");
    for table in std::fs::read_dir(tables).expect("the tables' directory") {
        std::fs::write(table.expect("a table").path(), b"damaged").expect("writable");
    }
    let (status, _, err) = run(&[&with_tables[..], &["0 1 2 3 4 5 6"]].concat(), b"");
    assert_eq!(status, 2);
    assert!(err.contains("delete the file, and it is built again"), "{err}");
    let (status, _, err) =
        run(&["solve", "--generators", file, "--max-nodes", "10", "0 1 2 3 4 5 6"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("give --pdb-dir"), "{err}");
}

#[test]
fn a_mirrored_enumeration_counts_every_board_and_its_classes() {
    let layers = |extra: &[&str]| -> Value {
        let mut args = vec!["enumerate", "3x3", "--json"];
        args.extend_from_slice(extra);
        let (code, out, err) = run(&args, b"");
        assert_eq!(code, 0, "{err}");
        serde_json::from_str(&out).expect("one JSON object")
    };
    let (plain, mirrored) = (layers(&[]), layers(&["--mirror"]));
    assert_eq!(mirrored["layers"], plain["layers"]);
    assert_eq!(mirrored["states"], json!(181_440));
    let classes: Vec<u64> = serde_json::from_value(mirrored["classes"].clone()).unwrap();
    assert_eq!(classes.iter().sum::<u64>(), 90_792);
    assert!(plain.get("classes").is_none());
    let (code, _, err) = run(&["enumerate", "pancake", "5", "--mirror"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("--mirror pairs a square sliding puzzle's boards"), "{err}");
    let (code, _, err) = run(&["enumerate", "2x3", "--mirror"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("2x3: a 2x3 board has no mirror image"), "{err}");
}
