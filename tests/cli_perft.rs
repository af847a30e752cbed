//! `ladya perft` driven as a user would, through the real binary.

mod common;
use common::cli::{ladya, stderr, stdout};
use common::scratch::Scratch;

#[test]
fn counts_the_start_position() {
    let o = ladya(&["perft", "4"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("Nodes searched: 197281"));
    assert!(lines.next().unwrap().contains("Mnps"));
}

#[test]
fn divide_lists_sorted_root_moves_then_a_blank_line() {
    let o = ladya(&[
        "perft",
        "2",
        "--divide",
        "--fen",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let blank = lines.iter().position(|l| l.is_empty()).expect("blank line");
    let moves = &lines[..blank];
    assert_eq!(moves.len(), 26);
    let mut sorted = moves.to_vec();
    sorted.sort();
    assert_eq!(moves, &sorted[..]);
    assert!(
        moves.contains(&"e1g1: 3") && moves.contains(&"e1c1: 3"),
        "{out}"
    );
    let total: u64 = moves
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(lines[blank + 1], format!("Nodes searched: {total}"));
    assert!(lines[blank + 2].starts_with("Time:"));
}

#[test]
fn a_suite_passes_and_a_wrong_count_exits_1() {
    let dir = Scratch::new("perft");
    let good = dir.join("good.epd");
    std::fs::write(
        &good,
        "# comment\n\n4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197\n",
    )
    .unwrap();
    let o = ladya(&["perft", "--epd", good.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).starts_with("pass"));
    assert!(stdout(&o).contains("1 of 1 positions passed"));

    let bad = dir.join("bad.epd");
    std::fs::write(&bad, "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67\n").unwrap();
    let o = ladya(&["perft", "--epd", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("FAIL"), "{}", stdout(&o));
    assert!(stdout(&o).contains("expected 67"));

    // --max-depth stops before the wrong count.
    let o = ladya(&["perft", "--epd", bad.to_str().unwrap(), "--max-depth", "1"]);
    assert_eq!(o.status.code(), Some(0));

    let malformed = dir.join("malformed.epd");
    std::fs::write(&malformed, "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;X2 66\n").unwrap();
    let o = ladya(&["perft", "--epd", malformed.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 1"), "{}", stderr(&o));
}

#[test]
fn an_unreadable_file_exits_2() {
    let o = ladya(&["perft", "--epd", "/nonexistent/suite.epd"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
}

#[test]
fn malformed_fens_give_one_line_and_exit_2() {
    let fens = [
        "",
        "garbage",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1",
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        "4kP2/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ABab - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -5 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999",
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "k7/8/8/8/8/8/8/7K w - - 0 1 trailing",
        "\u{1F600}/8/8/8/8/8/8/8 w - - 0 1",
    ];
    for fen in fens {
        let o = ladya(&["perft", "1", "--fen", fen]);
        assert_eq!(o.status.code(), Some(2), "{fen:?} -> {}", stdout(&o));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{fen:?}: {err}");
        assert!(
            err.starts_with("ladya: error: invalid FEN"),
            "{fen:?}: {err}"
        );
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn bad_arguments_exit_2() {
    assert_eq!(ladya(&["perft"]).status.code(), Some(2));
    assert_eq!(ladya(&["perft", "-3"]).status.code(), Some(2));
    assert_eq!(ladya(&["perft", "abc"]).status.code(), Some(2));
    assert_eq!(
        ladya(&["perft", "1", "--max-depth", "2"]).status.code(),
        Some(2)
    );
}

/// Castling in the divide: the king's step for a standard FEN, king takes
/// rook for a Chess960 one (Shredder-FEN here) or with `--chess960`.
#[test]
fn chess960_fens_and_the_chess960_flag() {
    let divide = |extra: &[&str], fen: &str| {
        let mut args = vec!["perft", "1", "--divide", "--fen", fen];
        args.extend_from_slice(extra);
        let o = ladya(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o)
    };
    let standard = divide(&[], "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(
        standard.contains("e1g1: 1") && standard.contains("e1c1: 1"),
        "{standard}"
    );
    let flagged = divide(&["--chess960"], "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(
        flagged.contains("e1h1: 1") && flagged.contains("e1a1: 1"),
        "{flagged}"
    );
    let shredder = divide(&[], "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert!(
        shredder.contains("e1h1: 1") && !shredder.contains("e1g1"),
        "{shredder}"
    );
    // The wiki's Chess960 position 0, as it comes.
    let o = ladya(&[
        "perft",
        "3",
        "--fen",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ]);
    assert!(
        stdout(&o).starts_with("Nodes searched: 12189"),
        "{}",
        stdout(&o)
    );
    // --chess960 alone: the standard array, written the Chess960 way.
    let o = ladya(&["perft", "4", "--chess960"]);
    assert!(
        stdout(&o).starts_with("Nodes searched: 197281"),
        "{}",
        stdout(&o)
    );
    // A malformed Chess960 field is bad input that names the letter.
    let o = ladya(&["perft", "1", "--fen", "4k3/8/8/8/8/8/8/R3K2R w HX - 0 1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("'X'"), "{}", stderr(&o));
}
