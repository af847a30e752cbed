//! Syzygy tablebases through the real binary: the options, a missing
//! folder, and 3-4-man endings whose best moves (and the moves that spoil
//! them) python-chess's `chess.syzygy` found on the same tables, the 3-
//! and 4-man ones kept in `tests/data/syzygy`.
//! The played moves are checked against the tables through the library.

use ladya::board::Board;
use ladya::search::tablebase::{Tablebases, Wdl};
use std::sync::OnceLock;

mod common;
use common::engine::{Engine, LONG};
use common::output::{best_of, field};

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");

/// One set of tables for this test process (pyrrhic-rs allows one).
fn tables() -> &'static Tablebases {
    static T: OnceLock<Tablebases> = OnceLock::new();
    T.get_or_init(|| Tablebases::open(TABLES).expect("the repository's tables"))
}

fn engine_with_tables() -> Engine {
    let mut e = Engine::start();
    e.send(&format!("setoption name SyzygyPath value {TABLES}"));
    e.send("isready");
    let lines = e.until("readyok", LONG);
    assert!(
        lines.iter().any(
            |l| l == "info string SyzygyPath: found 70 tables (35 WDL, 35 DTZ), up to 4 pieces"
        ),
        "{lines:?}"
    );
    e
}

/// The best move and the last `info depth` line of a search of `fen`.
fn best(e: &mut Engine, fen: &str, go: &str) -> (String, String) {
    e.send(&format!("position fen {fen}"));
    e.send(go);
    let lines = e.until("bestmove", LONG);
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .cloned()
        .expect("an info line");
    (best_of(lines.last().unwrap()).to_string(), info)
}

/// The `tbhits` of an `info` line, which must have it.
fn tbhits(info: &str) -> u64 {
    field(info, "tbhits").unwrap_or_else(|| panic!("no tbhits in {info}"))
}

fn cp(info: &str) -> Option<i64> {
    let mut words = info.split_whitespace();
    words.find(|w| *w == "score")?;
    (words.next()? == "cp").then(|| words.next().unwrap().parse().unwrap())
}

#[test]
fn uci_declares_the_syzygy_options() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok", LONG);
    for decl in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
        "option name Syzygy50MoveRule type check default true",
    ] {
        assert!(lines.iter().any(|l| l == decl), "{decl} missing");
    }
    e.quit();
}

#[test]
fn a_missing_folder_is_reported_and_ignored() {
    let mut e = Engine::start();
    let missing = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/no-such-syzygy");
    e.send(&format!("setoption name SyzygyPath value {missing}"));
    e.send("isready");
    let lines = e.until("readyok", LONG);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string SyzygyPath") && l.contains("no such folder")),
        "{lines:?}"
    );
    // The engine plays on, without tables.
    let (mv, info) = best(&mut e, "8/8/8/8/8/8/1Q6/K6k w - - 0 1", "go depth 4");
    assert_ne!(mv, "0000");
    assert_eq!(tbhits(&info), 0);
    e.send("setoption name SyzygyPath value <empty>");
    e.send("isready");
    e.until("readyok", LONG);
    e.quit();
}

#[test]
fn tablebase_moves_in_small_endings() {
    let mut e = engine_with_tables();
    // (position, the moves that keep the best result, a win?)
    let cases: [(&str, &[&str], Option<bool>); 7] = [
        // KQvK: Kb1 alone has the shortest distance to mate (DTZ 10).
        ("8/8/8/8/8/8/1Q6/K6k w - - 0 1", &["a1b1"], Some(true)),
        // KRvK: the king steps up (DTZ 28; rook moves are 30).
        (
            "8/8/8/8/8/4k3/8/K2R4 w - - 0 1",
            &["a1b2", "a1a2"],
            Some(true),
        ),
        // KPvK win: only the king's three steps forward keep the win.
        (
            "8/8/7k/8/K7/8/4P3/8 w - - 0 1",
            &["a4b5", "a4b4", "a4b3"],
            Some(true),
        ),
        // KPvK draw: Black must take the opposition (Kd7); the rest lose.
        ("4k3/2P5/8/8/K7/8/8/8 b - - 0 1", &["e8d7"], None),
        ("8/8/8/7K/8/8/1P6/k7 b - - 0 1", &["a1b2"], None),
        // KRvKR draw: 13 of 16 moves lose the rook or get mated.
        (
            "3K4/2R5/3k4/8/8/8/8/5r2 w - - 0 1",
            &["d8c8", "c7e7", "c7d7"],
            None,
        ),
        // KQvKR: Qxh6 wins; everything else lets the rook draw.
        ("8/8/7r/7Q/3k4/8/7K/8 w - - 0 1", &["h5h6"], Some(true)),
    ];
    for (fen, good, win) in cases {
        let (mv, info) = best(&mut e, fen, "go depth 8");
        assert!(good.contains(&mv.as_str()), "{fen}: {mv} ({info})");
        assert!(tbhits(&info) > 0, "{fen}: {info}");
        match win {
            Some(true) => assert!(
                info.contains("score mate ") || cp(&info).is_some_and(|c| c > 10_000),
                "{fen}: {info}"
            ),
            _ => assert_eq!(cp(&info), Some(0), "{fen}: {info}"),
        }
    }
    e.quit();
}

#[test]
fn self_play_never_spoils_the_tablebase_result() {
    let mut e = engine_with_tables();
    for start in [
        "8/8/7r/7Q/3k4/8/7K/8 w - - 0 1",
        "8/8/8/8/8/4k3/8/K2R4 w - - 0 1",
        "3K4/2R5/3k4/8/8/8/8/5r2 w - - 0 1",
    ] {
        let mut board = Board::from_fen(start).unwrap();
        let mut moves: Vec<String> = Vec::new();
        let want = tables().probe_wdl(&board).unwrap();
        for _ in 0..12 {
            if ladya::movegen::legal_moves(&board).is_empty() {
                break;
            }
            let position = if moves.is_empty() {
                format!("position fen {start}")
            } else {
                format!("position fen {start} moves {}", moves.join(" "))
            };
            e.send(&position);
            let mv = e.go("go nodes 3000");
            let m = ladya::movegen::parse_uci_move(&board, &mv).expect("a legal move");
            board = board.make(m);
            moves.push(mv);
            if ladya::movegen::legal_moves(&board).is_empty() {
                break;
            }
            // The side that moved keeps its result (a capture can leave
            // fewer men, still in the tables; bare kings have no table and
            // are a dead draw).
            let now = if ladya::rules::draw::is_dead_by_material(&board) {
                Wdl::Draw
            } else {
                tables().probe_wdl(&board).unwrap().negate()
            };
            let side_result = if moves.len() % 2 == 1 {
                want
            } else {
                want.negate()
            };
            let spoilt = match side_result {
                Wdl::Win => now != Wdl::Win,
                Wdl::Draw => now < Wdl::Draw,
                _ => false,
            };
            assert!(!spoilt, "{start} moves {}: {now:?}", moves.join(" "));
        }
    }
    e.quit();
}

#[test]
fn wdl_tables_alone_rank_the_root_and_guide_the_tree() {
    // A folder with the WDL files only: the root is ranked by WDL, and the
    // tree probes (the DTZ root probe would have switched them off).
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("syzygy-wdl-only");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(TABLES).unwrap().flatten() {
        let name = entry.file_name();
        if name.to_string_lossy().ends_with(".rtbw") {
            std::fs::copy(entry.path(), dir.join(&name)).unwrap();
        }
    }
    let mut e = Engine::start();
    e.send(&format!(
        "setoption name SyzygyPath value {}",
        dir.display()
    ));
    e.send("isready");
    let lines = e.until("readyok", LONG);
    assert!(
        lines.iter().any(|l| l.contains("(35 WDL, 0 DTZ)")),
        "{lines:?}"
    );
    for (fen, good) in [
        ("8/8/7r/7Q/3k4/8/7K/8 w - - 0 1", &["h5h6"][..]),
        ("4k3/2P5/8/8/K7/8/8/8 b - - 0 1", &["e8d7"][..]),
        (
            "3K4/2R5/3k4/8/8/8/8/5r2 w - - 0 1",
            &["d8c8", "c7e7", "c7d7"][..],
        ),
    ] {
        let (mv, info) = best(&mut e, fen, "go depth 6");
        assert!(good.contains(&mv.as_str()), "{fen}: {mv} ({info})");
        assert!(tbhits(&info) > 0, "{fen}: {info}");
    }
    // KRvK (16 moves, all ranked): a tablebase win, not a mate score.
    let (_, info) = best(&mut e, "8/8/8/8/8/4k3/8/K2R4 w - - 0 1", "go depth 6");
    assert!(tbhits(&info) >= 16, "{info}");
    assert!(cp(&info).is_some_and(|c| c > 10_000), "{info}");
    // KQvKR, winning: the tree is probed beyond the root's 8 moves (after
    // Qxh6, KQvK with a zeroed counter).
    let (_, info) = best(&mut e, "8/8/7r/7Q/3k4/8/7K/8 w - - 0 1", "go depth 6");
    assert!(tbhits(&info) > 8, "{info}");
    e.quit();
}

#[test]
fn probes_below_a_root_outside_the_tables_and_on_two_threads() {
    let mut e = engine_with_tables();
    e.send("setoption name Threads value 2");
    // Five men (not in the 4-man tables): Qxh6 leads into them.
    let (mv, info) = best(&mut e, "8/8/7r/7Q/3k4/8/6PK/8 w - - 0 1", "go depth 6");
    assert_eq!(mv, "h5h6", "{info}");
    assert!(tbhits(&info) > 0, "{info}");
    // The tables' root ranking with a helper thread alongside.
    let (mv, _) = best(&mut e, "8/8/8/8/8/8/1Q6/K6k w - - 0 1", "go depth 8");
    assert_eq!(mv, "a1b1");
    // SyzygyProbeLimit 0: no probes at all.
    e.send("setoption name SyzygyProbeLimit value 0");
    let (_, info) = best(&mut e, "8/8/8/8/8/8/1Q6/K6k w - - 0 1", "go depth 4");
    assert_eq!(tbhits(&info), 0, "{info}");
    e.quit();
}

#[test]
fn the_fifty_move_rule_option_decides_cursed_wins() {
    let mut e = engine_with_tables();
    // KRvK with 90 half-moves gone: the win needs 28 more (DTZ), too many.
    let fen = "8/8/8/8/8/4k3/8/K2R4 w - - 90 60";
    let (mv, info) = best(&mut e, fen, "go depth 6");
    assert_eq!(cp(&info), Some(0), "{info}");
    // Still one of the moves that would win, not one that hangs the rook.
    assert!(!["d1d2", "d1d3", "d1d4"].contains(&mv.as_str()), "{mv}");
    e.send("setoption name Syzygy50MoveRule value false");
    let (_, info) = best(&mut e, fen, "go depth 6");
    assert!(cp(&info).is_some_and(|c| c > 10_000), "{info}");
    e.quit();
}
