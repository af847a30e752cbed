//! `ladya outcome --pgn`, black-box: the fixture `tests/data/arbiter.pgn`
//! holds one game per verdict and article; each line is checked, then the
//! same file with `\r\n` line ends and a byte order mark through standard
//! input, the JSON format, mutated copies and the exit statuses.

mod common;
use common::cli::{ladya, ladya_with_input};
use common::json::{self, Value};

const FIXTURE: &str = include_str!("data/arbiter.pgn");

fn judge_stdin(pgn: &str, extra: &[&str]) -> (Vec<String>, Option<i32>) {
    let mut args = vec!["outcome", "--pgn", "-"];
    args.extend_from_slice(extra);
    let out = ladya_with_input(&args, pgn.as_bytes());
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    (text.lines().map(String::from).collect(), out.status.code())
}

fn fixture_path() -> String {
    format!("{}/tests/data/arbiter.pgn", env!("CARGO_MANIFEST_DIR"))
}

/// Game `n`'s line; asserts its verdict and that it holds every fragment.
fn expect(lines: &[String], n: usize, verdict: &str, fragments: &[&str]) {
    let prefix = format!("game {n}: {verdict}: ");
    let line = lines
        .iter()
        .find(|l| l.starts_with(&format!("game {n}: ")))
        .unwrap_or_else(|| panic!("no line for game {n} in {lines:#?}"));
    assert!(
        line.starts_with(&prefix),
        "game {n}: expected {verdict}: {line}"
    );
    for f in fragments {
        assert!(line.contains(f), "game {n}: '{f}' missing from: {line}");
    }
}

#[test]
fn every_verdict_and_article_of_the_fixture() {
    let out = ladya(&["outcome", "--pgn", &fixture_path()]);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<String> = text.lines().map(String::from).collect();
    assert_eq!(lines.len(), 21, "{text}");
    expect(
        &lines,
        1,
        "ok",
        &[
            "recorded 1-0 (Scholar v Victim)",
            "4.Qxf7# checkmates Black",
            "5.1.1",
        ],
    );
    expect(
        &lines,
        2,
        "mismatch",
        &[
            "recorded 1/2-1/2",
            "the Laws give 0-1",
            "2...Qh4# checkmates White",
            "5.1.1",
        ],
    );
    expect(
        &lines,
        3,
        "mismatch",
        &[
            "recorded 1-0",
            "the Laws give 1/2-1/2",
            "after 60.Kf6",
            "no legal move",
            "5.2.1",
        ],
    );
    expect(
        &lines,
        4,
        "mismatch",
        &[
            "after 50.Kxe2",
            "K+B v K",
            "5.2.2",
            "the 4 moves after it do not count",
        ],
    );
    expect(
        &lines,
        5,
        "mismatch",
        &[
            "recorded 0-1",
            "after 40.h4",
            "pawns are locked",
            "5.2.2",
            "the 3 moves after it",
        ],
    );
    expect(
        &lines,
        6,
        "mismatch",
        &[
            "8...Ng8 has occurred 5 times",
            "9.6.1",
            "the 7 moves after it do not count",
        ],
    );
    expect(
        &lines,
        7,
        "mismatch",
        &[
            "after 120...Kd6",
            "150 half-moves",
            "9.6.2",
            "the 2 moves after it",
        ],
    );
    expect(&lines, 8, "ok", &["120.Ra8# checkmates Black", "5.1.1"]);
    expect(
        &lines,
        9,
        "mismatch",
        &[
            "the Laws give 1/2-1/2",
            "Black's flag fell",
            "White has only its king",
            "6.9",
        ],
    );
    expect(
        &lines,
        10,
        "ok",
        &["White's flag fell", "Black wins", "6.9"],
    );
    expect(
        &lines,
        11,
        "ok",
        &[
            "which the Laws allow",
            "after 9.Re1 is not dead",
            "resignation",
            "5.1.2",
        ],
    );
    expect(&lines, 12, "ok", &["draw by agreement", "9.1.2"]);
    expect(&lines, 13, "unfinished", &["recorded *", "after 2.Nf3"]);
    expect(&lines, 14, "ok", &["after 26...O-O-O is not dead", "5.1.2"]);
    expect(
        &lines,
        15,
        "ok",
        &["(Annotator, \"The\" v Back\\slash)", "4.Qxf7#"],
    );
    expect(&lines, 16, "error", &["13...Nf3 is illegal"]);
    expect(&lines, 17, "ok", &["2...Qh4# checkmates White"]);
    expect(
        &lines,
        18,
        "error",
        &["1.Nd2 is ambiguous: it could be Nbd2 or Nfd2"],
    );
    expect(&lines, 19, "error", &["the FEN tag", "7 ranks"]);
    expect(
        &lines,
        20,
        "mismatch",
        &["after 60...Qe2+", "all 2 positions reachable", "5.2.2"],
    );
    assert_eq!(
        lines[20],
        "games: 20, ok 8, mismatch 8, unfinished 1, error 3"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn crlf_line_ends_and_a_bom_read_the_same_from_standard_input() {
    let (lf, _) = judge_stdin(FIXTURE, &[]);
    let crlf = format!("\u{feff}{}", FIXTURE.replace('\n', "\r\n"));
    let (lines, code) = judge_stdin(&crlf, &[]);
    assert_eq!(lines, lf);
    assert_eq!(code, Some(1));
}

#[test]
fn exit_status_is_zero_when_every_game_is_ok_or_unfinished() {
    let pgn = "[Result \"1-0\"]\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n\
               garbage between games\n\n1. d4 d5 1/2-1/2\n\n[Event \"x\"]\n1. e4 *\n";
    let (lines, code) = judge_stdin(pgn, &[]);
    assert_eq!(
        lines.last().unwrap(),
        "games: 3, ok 2, mismatch 0, unfinished 1, error 0"
    );
    assert_eq!(code, Some(0));
    // No game at all is fine too.
    let (lines, code) = judge_stdin("", &[]);
    assert_eq!(lines, ["games: 0, ok 0, mismatch 0, unfinished 0, error 0"]);
    assert_eq!(code, Some(0));
}

#[test]
fn a_missing_file_is_one_line_on_stderr_and_exit_two() {
    let out = ladya(&["outcome", "--pgn", "/nonexistent/games.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/nonexistent/games.pgn"), "{err}");
}

#[test]
fn json_has_one_object_per_game_and_a_summary() {
    let (lines, code) = judge_stdin(FIXTURE, &["--format", "json"]);
    assert_eq!(code, Some(1));
    assert_eq!(lines.len(), 21);
    // Every line one JSON object, the games numbered in order, and the
    // summary's counts those of the verdicts.
    let objects: Vec<Value> = lines
        .iter()
        .map(|l| json::parse(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let mut verdicts = std::collections::HashMap::new();
    for (i, (o, l)) in objects.iter().zip(&lines).enumerate().take(20) {
        assert!(l.starts_with('{') && l.ends_with('}'), "{l}");
        assert_eq!(
            o.get("game").and_then(Value::as_f64),
            Some(i as f64 + 1.0),
            "{l}"
        );
        let verdict = o.get("verdict").and_then(Value::as_str).expect(l);
        *verdicts.entry(verdict).or_insert(0.0) += 1.0;
    }
    let summary = &objects[20];
    assert_eq!(summary.get("summary"), Some(&Value::Bool(true)));
    for verdict in ["ok", "mismatch", "unfinished", "error"] {
        assert_eq!(
            summary.get(verdict).and_then(Value::as_f64),
            Some(verdicts.get(verdict).copied().unwrap_or(0.0)),
            "{verdict}"
        );
    }
    // The escaped names read back as they were in the PGN.
    assert_eq!(
        objects[14].get("white").and_then(Value::as_str),
        Some("Annotator, \"The\"")
    );
    assert_eq!(
        objects[14].get("black").and_then(Value::as_str),
        Some("Back\\slash")
    );
    assert!(
        lines[0].starts_with(
            "{\"game\":1,\"verdict\":\"ok\",\"recorded\":\"1-0\",\"laws\":\"1-0\",\"rule\":\"checkmate\",\"article\":\"5.1.1\",\"reason\":"
        ),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].contains("\"ply\":7,\"move\":\"4.Qxf7#\",\"void_moves\":0"),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].contains("\"white\":\"Scholar\",\"black\":\"Victim\""),
        "{}",
        lines[0]
    );
    assert!(
        lines[5].contains("\"verdict\":\"mismatch\""),
        "{}",
        lines[5]
    );
    assert!(
        lines[5].contains("\"rule\":\"fivefold-repetition\",\"article\":\"9.6.1\""),
        "{}",
        lines[5]
    );
    assert!(
        lines[5].contains("\"move\":\"8...Ng8\",\"void_moves\":7"),
        "{}",
        lines[5]
    );
    assert!(
        lines[14].contains("\"white\":\"Annotator, \\\"The\\\"\",\"black\":\"Back\\\\slash\""),
        "{}",
        lines[14]
    );
    assert!(
        lines[15].contains("\"verdict\":\"error\",\"recorded\":\"1-0\",\"laws\":null"),
        "{}",
        lines[15]
    );
    assert_eq!(
        lines[20],
        "{\"summary\":true,\"games\":20,\"ok\":8,\"mismatch\":8,\"unfinished\":1,\"error\":3}"
    );
}

#[test]
fn mutated_copies_are_caught() {
    let mate = "[Result \"1-0\"]\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
    // The result flipped, in the tag and after the moves.
    let (lines, code) = judge_stdin(&mate.replace("1-0", "0-1"), &[]);
    expect(
        &lines,
        1,
        "mismatch",
        &["recorded 0-1", "the Laws give 1-0"],
    );
    assert_eq!(code, Some(1));
    // Only one of the two flipped: inconsistent.
    let (lines, _) = judge_stdin(&mate.replacen("1-0", "1/2-1/2", 1), &[]);
    expect(
        &lines,
        1,
        "error",
        &["Result tag says 1/2-1/2 but the moves end with 1-0"],
    );
    // A move deleted: the rest no longer fits.
    let (lines, _) = judge_stdin(&mate.replace(" Nc6", ""), &[]);
    expect(&lines, 1, "error", &["2...Qh5 is illegal"]);
    // Moves cut after the fifth occurrence's last shuffle: still a mismatch
    // if the win stays recorded.
    let five = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 1-0";
    let (lines, _) = judge_stdin(five, &[]);
    expect(&lines, 1, "mismatch", &["8...Ng8 has occurred 5 times"]);
    // The result token deleted and no tag: no result.
    let (lines, _) = judge_stdin("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", &[]);
    expect(&lines, 1, "error", &["no result"]);
    // Every game of the fixture truncated at every tenth byte: no panic,
    // and always a summary line.
    for cut in (0..FIXTURE.len()).step_by(FIXTURE.len() / 10) {
        let (lines, code) = judge_stdin(&FIXTURE[..cut], &[]);
        assert!(
            lines.last().is_some_and(|l| l.starts_with("games: ")),
            "{cut}: {lines:?}"
        );
        assert!(matches!(code, Some(0 | 1)), "{cut}");
    }
}
