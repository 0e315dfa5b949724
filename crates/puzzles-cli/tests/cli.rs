//! The `puzzles` binary, run as a user runs it.

use assert_cmd::Command;
use serde_json::Value;

fn puzzles() -> Command {
    Command::cargo_bin("puzzles").expect("the binary is built")
}

/// Starts the binary with its three streams piped, to talk to it while it
/// runs.
fn spawn_piped(args: &[&str]) -> std::process::Child {
    use std::process::{Command as Process, Stdio};
    Process::new(assert_cmd::cargo::cargo_bin("puzzles"))
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
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8, "{out}");
    assert_eq!(lines[0], "1");
    assert_eq!(lines[1], "error: row 1: 'not' is not a number");
    assert_eq!(lines[2], "error: the board has no blank (0)");
    assert!(lines[3].starts_with("error: a 1x0 board is not supported"));
    assert!(lines[4].starts_with("error: a 0x0 board is not supported"));
    assert_eq!(
        lines[5],
        "error: row 2, column 3: 99999999999999999999999999 is not a tile of this board (0 to 5)"
    );
    assert!(lines[6].starts_with("error: "));
    assert_eq!(lines[7], "5");
    assert!(err.contains("puzzles: line 3: row 1: 'not' is not a number"), "{err}");
    assert!(err.contains("puzzles: line 4: the board has no blank (0)"), "{err}");
}

#[test]
fn empty_input_answers_nothing() {
    assert_eq!(run(&["solve", "-c"], b""), (0, String::new(), String::new()));
    assert_eq!(run(&["solve", "-c"], b"\n\n  \n"), (0, String::new(), String::new()));
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
            answers.recv_timeout(Duration::from_secs(20)).expect("an answer before more input");
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
    let (status, _, _) = run(&["solve", "--algorithm", "astar"], b"");
    assert_eq!(status, 2);
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
    assert_eq!(lines[3], "error: code '12' has 2 wheels, expected 4");
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
fn enumerate_refuses_what_does_not_fit() {
    let (status, out, err) = run(&["enumerate", "4x4"], b"");
    assert_eq!((status, out.as_str()), (2, ""));
    assert!(
        err.contains("4x4: the state space needs 2.4 TiB of memory, over the limit of 8.0 GiB"),
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
