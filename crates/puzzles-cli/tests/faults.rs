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
    // With none given, the default is named in the help.
    let (_, help, _) = run(&["solve", "--help"], b"");
    assert!(help.contains("[default: 10000000000"), "{help}");
}
