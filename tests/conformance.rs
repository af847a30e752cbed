//! Conformance with a real UCI client: python-chess plays a few short games
//! of Ladya against Stockfish through `../shared/tools/match.py`, which
//! counts illegal moves, time losses, crashes and stalls. The games are
//! written to a PGN file, and `ladya outcome --pgn` must find every
//! recorded result `ok` by the FIDE Laws.
//!
//! Ignored by default (it needs python3 with python-chess, Debian's
//! `stockfish`, and `shared/` beside the clone); `make test` runs it:
//! `cargo test --release --test conformance -- --ignored --nocapture --test-threads=1`.
//! `LADYA_CONFORMANCE_GAMES` (default 4) and `LADYA_CONFORMANCE_TC`
//! (default 8+0.08) change its size. The default clock is generous because
//! `make test` must stay green whatever the search is; the tournament
//! clocks are `LADYA_CONFORMANCE_TC=1+0.01` and `10+0.1`.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore]
fn short_games_against_stockfish_have_no_faults() {
    games_against_stockfish("openings.epd", false);
}

/// The same in Chess960 (python-chess sets `UCI_Chess960`, sends
/// Shredder-FEN and king-takes-rook castling), from the shared book of
/// start arrays, Double Chess960 ones among them.
#[test]
#[ignore]
fn chess960_games_against_stockfish_have_no_faults() {
    games_against_stockfish("frc.epd", true);
}

fn games_against_stockfish(book: &str, chess960: bool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = root.join("../shared/tools/match.py");
    assert!(script.exists(), "{} is missing", script.display());
    let book = root.join("../shared/data/books").join(book);
    let stockfish = ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .expect("stockfish is not installed (apt-get install stockfish)");
    let games = std::env::var("LADYA_CONFORMANCE_GAMES").unwrap_or_else(|_| "4".into());
    let tc = std::env::var("LADYA_CONFORMANCE_TC").unwrap_or_else(|_| "8+0.08".into());
    let pgn = std::env::temp_dir().join(format!(
        "ladya-conformance-{}-{}.pgn",
        std::process::id(),
        if chess960 { "chess960" } else { "standard" }
    ));
    let mut cmd = Command::new("python3");
    cmd.arg(&script)
        .arg("--pgn")
        .arg(&pgn)
        .args(["--engine1", env!("CARGO_BIN_EXE_ladya")])
        .args(["--engine2", stockfish])
        .args([
            "--options2",
            "UCI_LimitStrength=true,UCI_Elo=1350,Threads=1,Hash=16",
        ])
        .args(["--tc", &tc, "--games", &games, "--concurrency", "1"]);
    if book.exists() {
        cmd.arg("--book").arg(&book);
    }
    if chess960 {
        cmd.arg("--chess960");
    }
    let out = cmd.output().expect("cannot run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}{stderr}");
    let faults = stdout
        .lines()
        .find(|l| l.starts_with("faults ladya:"))
        .unwrap_or_else(|| panic!("no fault summary from match.py:\n{stdout}\n{stderr}"));
    assert_eq!(
        faults, "faults ladya: illegal 0, time 0, crash 0, stall 0",
        "\n{stderr}"
    );
    assert!(out.status.success(), "match.py failed:\n{stderr}");
    every_result_is_lawful(&pgn);
    let _ = std::fs::remove_file(&pgn);
}

/// `ladya outcome --pgn` on the games match.py wrote: every one `ok`.
fn every_result_is_lawful(pgn: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_ladya"))
        .args(["outcome", "--pgn"])
        .arg(pgn)
        .output()
        .expect("cannot run ladya outcome");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    let summary = lines.last().copied().unwrap_or("");
    assert!(summary.starts_with("games: "), "no summary:\n{stdout}");
    assert!(
        !summary.starts_with("games: 0,"),
        "no games in {}",
        pgn.display()
    );
    let not_ok: Vec<&&str> = lines[..lines.len() - 1]
        .iter()
        .filter(|l| !l.contains(": ok: "))
        .collect();
    assert!(
        not_ok.is_empty(),
        "results the Laws do not give:\n{not_ok:#?}"
    );
    assert!(out.status.success(), "{stdout}");
}

/// Games in which Ladya ponders: python-chess sends `go ponder` on Ladya's
/// ponder move, then `ponderhit` or `stop` (`scripts/ponder_games.py`).
#[test]
#[ignore]
fn ponder_games_against_stockfish_have_no_faults() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let stockfish = ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .expect("stockfish is not installed (apt-get install stockfish)");
    let tc = std::env::var("LADYA_CONFORMANCE_TC").unwrap_or_else(|_| "8+0.08".into());
    let out = Command::new("python3")
        .arg(root.join("scripts/ponder_games.py"))
        .args([env!("CARGO_BIN_EXE_ladya"), stockfish, "2", &tc])
        .output()
        .expect("cannot run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("ladya faults: 0"), "{stdout}");
    assert!(out.status.success());
}
