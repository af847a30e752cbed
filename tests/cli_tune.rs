//! `ladya datagen` and `ladya tune` driven through the real binary.

use std::path::PathBuf;
use std::process::Output;

mod common;
use common::cli::{ladya, stderr};
use common::scratch::Scratch;

/// Bad input: one line on stderr, exit status 2, no backtrace.
fn assert_bad_input(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "{}", stderr(o));
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(needle), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn bad_files_are_one_line_errors() {
    let dir = Scratch::new("bad-files-are-one-line-errors");
    let out = dir.join("never-written.txt");
    let out = out.to_str().unwrap();
    assert_bad_input(
        &ladya(&["datagen", "--book", "/nonexistent/book.epd", "--out", out]),
        "/nonexistent/book.epd",
    );
    assert_bad_input(
        &ladya(&["tune", "--data", "/nonexistent/data.txt", "--out", out]),
        "/nonexistent/data.txt",
    );
    let book = dir.join("bad-book.epd");
    std::fs::write(&book, "not a fen at all\n").unwrap();
    assert_bad_input(
        &ladya(&["datagen", "--book", book.to_str().unwrap(), "--out", out]),
        "line 1",
    );
    let data = dir.join("bad-data.txt");
    std::fs::write(&data, "8/8/8/8/8/8/8/K6k w - - 0 1 [3.0]\n").unwrap();
    assert_bad_input(
        &ladya(&["tune", "--data", data.to_str().unwrap(), "--out", out]),
        "bad result",
    );
}

/// A few games at a few nodes, then a short tuning run on them: the
/// positions are labelled FENs and the tuned file keeps its markers.
#[test]
fn datagen_then_tune() {
    let dir = Scratch::new("datagen-then-tune");
    let book = dir.join("book.epd");
    std::fs::write(
        &book,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 id \"x\";\n",
    )
    .unwrap();
    let games = dir.join("games.lgf");
    let _ = std::fs::remove_file(&games);
    let datagen = |n: &str, seed: &str| {
        ladya(&[
            "datagen",
            "--book",
            book.to_str().unwrap(),
            "--games",
            n,
            "--nodes",
            "300",
            "--threads",
            "2",
            "--seed",
            seed,
            "--out",
            games.to_str().unwrap(),
        ])
    };
    let o = datagen("4", "1");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("positions/s"), "{}", stderr(&o));
    let first = ladya::selfplay::gamefile::read_file(games.to_str().unwrap()).unwrap();
    assert_eq!(first.len(), 4);
    // A run stopped mid-write leaves a partial record: the next run cuts it
    // off and appends, losing nothing written before.
    let mut bytes = std::fs::read(&games).unwrap();
    let whole = bytes.len();
    bytes.extend_from_slice(&first[0].encode().unwrap()[..9]);
    std::fs::write(&games, &bytes).unwrap();
    let o = datagen("2", "100");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let all = ladya::selfplay::gamefile::read_file(games.to_str().unwrap()).unwrap();
    assert_eq!(all.len(), 6);
    assert_eq!(std::fs::read(&games).unwrap()[..whole], bytes[..whole]);
    for g in &all {
        // The moves were read back legal; a game that ends on the board
        // has the result the board says.
        let last = g.positions().last().map(|(b, m, _)| b.make(m)).unwrap();
        if ladya::movegen::legal_moves(&last).is_empty() {
            let expected = match (last.in_check(), last.side_to_move()) {
                (false, _) => 1,
                (true, ladya::board::Color::White) => 0,
                (true, ladya::board::Color::Black) => 2,
            };
            assert_eq!(g.result, expected);
        }
    }
    let converted = dir.join("converted.txt");
    let o = ladya(&[
        "convert",
        "--data",
        games.to_str().unwrap(),
        "--out",
        converted.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&converted).unwrap();
    let positions: usize = all.iter().map(|g| g.moves.len()).sum();
    assert_eq!(text.lines().count(), positions);
    assert!(positions >= 100, "{positions} positions");
    let mut lines = text.lines();
    for g in &all {
        for (b, _, score) in g.positions() {
            let line = lines.next().unwrap();
            let result = ["0.0", "0.5", "1.0"][g.result as usize];
            assert_eq!(line, format!("{} | {score} | {result}", b.to_fen()));
        }
    }
    // Version 1 records and back (version 2, datagen's): the same games;
    // `--every 2` keeps the second, fourth and sixth.
    let v1 = dir.join("games-v1.lgf");
    let v2 = dir.join("games-v2.lgf");
    let every = dir.join("games-every.lgf");
    for (from, to, extra) in [
        (&games, &v1, ["--format", "lgf1"]),
        (&v1, &v2, ["--format", "lgf2"]),
        (&v2, &every, ["--every", "2"]),
    ] {
        let mut args = vec![
            "convert",
            "--data",
            from.to_str().unwrap(),
            "--out",
            to.to_str().unwrap(),
        ];
        args.extend(extra);
        if to == &every {
            args.extend(["--format", "lgf2"]);
        }
        let o = ladya(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    let read = |p: &PathBuf| ladya::selfplay::gamefile::read_file(p.to_str().unwrap()).unwrap();
    assert_eq!(read(&v1), all);
    assert_eq!(read(&v2), all);
    assert_eq!(std::fs::read(&v1).unwrap()[2], 1);
    assert_eq!(std::fs::read(&v2).unwrap()[2], 2);
    assert!(std::fs::metadata(&v2).unwrap().len() < std::fs::metadata(&v1).unwrap().len());
    assert_eq!(
        read(&every),
        vec![all[1].clone(), all[3].clone(), all[5].clone()]
    );
    // The shipped net's losses on a game file, without training.
    let net = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/default.lnn");
    let o = ladya(&[
        "train",
        "--eval-only",
        "--net",
        net,
        "--validation",
        v2.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report = String::from_utf8_lossy(&o.stdout);
    assert!(report.contains("hidden 128, output buckets 8"), "{report}");
    assert!(report.contains("K 146.1"), "{report}");
    for part in [
        "at lambda 0.5",
        "against the score alone",
        "against the result alone",
    ] {
        assert!(
            report.contains(&format!("validation loss {part}: net 0.")),
            "{report}"
        );
    }
    assert_bad_input(
        &ladya(&[
            "train",
            "--eval-only",
            "--net",
            "/nonexistent/net.lnn",
            "--validation",
            v2.to_str().unwrap(),
        ]),
        "/nonexistent/net.lnn",
    );
    assert_bad_input(
        &ladya(&[
            "train",
            "--eval-only",
            "--net",
            v2.to_str().unwrap(),
            "--validation",
            v2.to_str().unwrap(),
        ]),
        "games-v2.lgf",
    );
    // A net file of a format version this engine does not know: one line
    // that says so (the shipped net with its version word changed).
    let mut future = std::fs::read(net).unwrap();
    future[8] = 4;
    let future_net = dir.join("version-4.lnn");
    std::fs::write(&future_net, &future).unwrap();
    assert_bad_input(
        &ladya(&[
            "train",
            "--eval-only",
            "--net",
            future_net.to_str().unwrap(),
            "--validation",
            v2.to_str().unwrap(),
        ]),
        "unknown net format version 4",
    );
    // An output-bucket count the engine has no rule for.
    assert_bad_input(
        &ladya(&[
            "train",
            "--data",
            v2.to_str().unwrap(),
            "--output-buckets",
            "3",
            "--out",
            dir.join("never.lnn").to_str().unwrap(),
        ]),
        "--output-buckets 3",
    );
    // The Texel tools take the older `<FEN> [result]` lines.
    let data = dir.join("data.txt");
    let labelled: String = text
        .lines()
        .map(|l| {
            let parts: Vec<&str> = l.split(" | ").collect();
            format!("{} [{}]\n", parts[0], parts[2])
        })
        .collect();
    std::fs::write(&data, &labelled).unwrap();
    let scored = dir.join("scored.txt");
    let o = ladya(&[
        "rescore",
        "--data",
        data.to_str().unwrap(),
        "--nodes",
        "200",
        "--threads",
        "2",
        "--out",
        scored.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let rescored = std::fs::read_to_string(&scored).unwrap();
    assert_eq!(rescored.lines().count(), text.lines().count());
    for (before, after) in labelled.lines().zip(rescored.lines()) {
        let (head, score) = after.rsplit_once(' ').unwrap();
        assert_eq!(head, before);
        assert!(score.parse::<i32>().unwrap().abs() <= 3000, "{after}");
    }
    let tuned = dir.join("weights.rs");
    let o = ladya(&[
        "tune",
        "--data",
        converted.to_str().unwrap(),
        "--lambda",
        "0.5",
        "--epochs",
        "20",
        "--weights",
        concat!(env!("CARGO_MANIFEST_DIR"), "/src/eval/weights.rs"),
        "--out",
        tuned.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report = String::from_utf8_lossy(&o.stdout);
    assert!(report.contains("K = "), "{report}");
    assert!(report.contains("epoch 20"), "{report}");
    let file = std::fs::read_to_string(&tuned).unwrap();
    assert!(file.contains("// BEGIN WEIGHTS") && file.contains("// END WEIGHTS"));
    assert!(file.contains("pub const W: [S; N]"));
}

/// Datagen from Chess960 start arrays in Shredder-FEN (as
/// ../shared/data/books/frc.epd has them, a Double Chess960 one too): the
/// games are legal when read back and keep their castling field's form.
#[test]
fn datagen_plays_chess960_starts() {
    let dir = Scratch::new("datagen-plays-chess960-starts");
    let book = dir.join("frc.epd");
    std::fs::write(
        &book,
        "rk1nqbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RKBNQBNR w HAha -\n\
         bbrkqnrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKQRN w GBgc - 0 1\n",
    )
    .unwrap();
    let games = dir.join("frc.lgf");
    let _ = std::fs::remove_file(&games);
    let o = ladya(&[
        "datagen",
        "--book",
        book.to_str().unwrap(),
        "--games",
        "4",
        "--nodes",
        "300",
        "--out",
        games.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let all = ladya::selfplay::gamefile::read_file(games.to_str().unwrap()).unwrap();
    assert_eq!(all.len(), 4);
    for g in &all {
        assert!(g.start.is_chess960(), "{}", g.start.to_fen());
        let fen = g.start.to_fen();
        let castling = fen.split(' ').nth(2).unwrap();
        assert!(
            castling == "-" || castling.chars().all(|c| !"KQkq".contains(c)),
            "{fen}"
        );
        assert!(g.moves.len() > 4);
    }
}

/// Opening verification: a book line no random plies can balance (Black
/// has no queen) is dropped for the even one; `--starts-only` counts the
/// drops; the games are the same whatever the number of threads; and a
/// second book takes the share it is given.
#[test]
fn datagen_verifies_its_starts_and_is_reproducible() {
    let dir = Scratch::new("datagen-verifies-its-starts-and-is-reproducible");
    let book = dir.join("lopsided.epd");
    std::fs::write(
        &book,
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    )
    .unwrap();
    let book = book.to_str().unwrap();
    let o = ladya(&[
        "datagen",
        "--book",
        book,
        "--starts-only",
        "--games",
        "40",
        "--verify-nodes",
        "300",
        "--threads",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report = String::from_utf8_lossy(&o.stdout);
    let dropped: usize = report
        .split(": ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{report}"));
    assert!(
        report.starts_with("40 starts verified at 300 soft nodes"),
        "{report}"
    );
    assert!((10..=30).contains(&dropped), "{report}");
    let play = |threads: &str, name: &str, extra: &[&str]| {
        let games = dir.join(name);
        let _ = std::fs::remove_file(&games);
        let mut args = vec![
            "datagen",
            "--book",
            book,
            "--games",
            "4",
            "--nodes",
            "300",
            "--verify-nodes",
            "300",
            "--threads",
            threads,
            "--seed",
            "11",
            "--out",
            games.to_str().unwrap(),
        ];
        args.extend(extra);
        let o = ladya(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("starts beyond 400 cp dropped: "),
            "{}",
            stderr(&o)
        );
        ladya::selfplay::gamefile::read_file(games.to_str().unwrap()).unwrap()
    };
    let mut one = play("1", "verified-1.lgf", &[]);
    let mut two = play("2", "verified-2.lgf", &[]);
    for g in &one {
        let queens = g.start.pieces().filter(|(_, p)| p.kind_bits() == 5).count();
        assert_eq!(queens, 2, "{}", g.start.to_fen());
    }
    one.sort_by_key(|g| g.fingerprint());
    two.sort_by_key(|g| g.fingerprint());
    assert_eq!(one, two, "the games do not depend on the threads");
    let frc = dir.join("frc-share.epd");
    std::fs::write(&frc, "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1\n").unwrap();
    let frc = frc.to_str().unwrap();
    let all_frc = play(
        "2",
        "frc-share.lgf",
        &["--frc-book", frc, "--frc-share", "1"],
    );
    assert!(all_frc.iter().all(|g| g.start.is_chess960()));
    assert_bad_input(
        &ladya(&[
            "datagen",
            "--book",
            book,
            "--frc-book",
            frc,
            "--frc-share",
            "1.5",
            "--out",
            frc,
        ]),
        "--frc-share 1.5",
    );
}
