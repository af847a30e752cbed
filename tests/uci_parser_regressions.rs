//! One test per defect of the vampirc-uci 0.11.1 parser, through the real
//! binary: each line the crate misreads (a truncated depth, a lost clock
//! or flag, an overflow, a bad move token, an odd FEN) is read as the UCI
//! protocol means it, by our guards around the crate (`src/uci/parse.rs`);
//! and the crate's extensions (`go perft`, `d`, `bench`) are known. The
//! fuzzer of the same parser is `uci_fuzz.rs`.

use ladya::board::Board;
use std::time::Duration;

mod common;
use common::engine::{Engine, LONG};
use common::output::{assert_legal, best_of, info_strings};

#[test]
fn vampirc_extensions_go_perft_d_and_bench_are_known() {
    let mut e = Engine::start();
    e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    e.send("go perft 2");
    let lines = e.until("Nodes searched", LONG);
    assert_eq!(lines.last().unwrap(), "Nodes searched: 2039");
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 49);
    e.send("position fen 4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    e.send("d");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l == "Checkers: d2"), "{lines:#?}");
    assert!(lines.iter().any(|l| l.starts_with("Key: ")));
    // A shallow bench: its summary is `<nodes> nodes <nps> nps`.
    e.send("bench 2");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.contains(" nodes ") && l.ends_with(" nps")),
        "{lines:#?}"
    );
    e.quit();
}

/// Stops a search whose output so far is `lines`; returns its one bestmove.
fn stop_and_one_bestmove(e: &mut Engine, lines: &[String]) -> String {
    e.send("stop");
    let best = match lines.iter().find(|l| l.starts_with("bestmove")) {
        Some(b) => b.clone(),
        None => e.bestmove(),
    };
    e.none_of("bestmove", Duration::from_millis(200));
    best
}

#[test]
fn vampirc_depth_1000_is_not_truncated_to_100() {
    let mut e = Engine::start();
    e.send("go depth 1000");
    let lines = e.sync();
    // Clamped to our maximum depth (and said so), not read as 100.
    assert!(
        info_strings(&lines)[0].contains("clamped to 128"),
        "{lines:#?}"
    );
    stop_and_one_bestmove(&mut e, &lines);
    e.quit();
}

#[test]
fn vampirc_serializer_not_used_output_is_ours() {
    // The crate's serializer writes `currmovenum`; our writer never does,
    // and every info line is one of the forms we write.
    let mut e = Engine::start();
    e.send("go depth 3");
    let lines = e.until("bestmove", LONG);
    for l in &lines {
        assert!(!l.contains("currmovenum "), "{l}");
        assert!(
            l.starts_with("info depth ")
                || l.starts_with("info string ")
                || l.starts_with("bestmove "),
            "{l}"
        );
    }
    e.quit();
}

#[test]
fn vampirc_movestogo_1000_keeps_the_clocks() {
    let mut e = Engine::start();
    // Were the clocks lost, this would be an infinite search.
    e.send("go movestogo 1000 wtime 1000 btime 1000");
    let best = e.bestmove();
    assert_legal(&Board::startpos(), best_of(&best));
    e.quit();
}

#[test]
fn vampirc_u8_overflow_does_not_panic() {
    let mut e = Engine::start();
    for line in [
        "go depth 300",
        "go mate 300",
        "go movestogo 256 wtime 500 btime 500",
    ] {
        e.send(line);
        let lines = e.sync();
        let best = stop_and_one_bestmove(&mut e, &lines);
        assert_legal(&Board::startpos(), best_of(&best));
    }
    e.sync();
    e.quit();
}

#[test]
fn vampirc_movetime_kept_with_clocks() {
    let mut e = Engine::start();
    let t = e.send("go movetime 300 wtime 100000 btime 100000");
    e.bestmove();
    assert!(t.elapsed() < Duration::from_secs(10));
    e.quit();
}

#[test]
fn vampirc_ponder_flag_kept_with_clocks() {
    let mut e = Engine::start();
    e.send("go ponder wtime 1000 btime 1000");
    // A lost flag would answer at once.
    e.none_of("bestmove", Duration::from_millis(500));
    e.send("ponderhit");
    e.bestmove();
    e.quit();
}

#[test]
fn vampirc_bad_move_token_named_and_rest_dropped() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 xx e7e5");
    e.send("d");
    let lines = e.sync();
    assert!(info_strings(&lines)[0].contains("'xx'"), "{lines:#?}");
    let fen = lines.iter().find_map(|l| l.strip_prefix("Fen: ")).unwrap();
    assert!(fen.contains(" b KQkq"), "{fen}");
    e.quit();
}

#[test]
fn vampirc_two_spaces_before_first_move() {
    let mut e = Engine::start();
    e.send("position startpos moves  e2e4  e7e5");
    e.send("d");
    let lines = e.sync();
    let fen = lines.iter().find_map(|l| l.strip_prefix("Fen: ")).unwrap();
    assert!(fen.starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w"));
    e.quit();
}

#[test]
fn vampirc_fullmove_10000_keeps_fen_and_moves() {
    let mut e = Engine::start();
    e.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 3 10000 moves e1g1");
    e.send("d");
    let lines = e.sync();
    let fen = lines.iter().find_map(|l| l.strip_prefix("Fen: ")).unwrap();
    assert_eq!(fen, "4k3/8/8/8/8/8/8/5RK1 b - - 4 10000");
    e.quit();
}

#[test]
fn vampirc_four_field_fen_accepted() {
    let mut e = Engine::start();
    e.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - moves e1g1");
    e.send("d");
    let lines = e.sync();
    let fen = lines.iter().find_map(|l| l.strip_prefix("Fen: ")).unwrap();
    assert_eq!(fen, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    e.quit();
}

#[test]
fn vampirc_nodes_beyond_12_digits() {
    let mut e = Engine::start();
    e.send("go nodes 1000000000000000 depth 2");
    let lines = e.until("bestmove", LONG);
    assert!(info_strings(&lines).is_empty(), "{lines:#?}");
    e.quit();
}
