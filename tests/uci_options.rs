//! The UCI options through the real binary: names read whatever their
//! case, values clamped and said so, `EvalFile` (a bad net file is named
//! and the last good net kept), `UCI_ShowWDL` and `UCI_LimitStrength`.
//! `Threads`, `UCI_Chess960` and the Syzygy options have files of their
//! own (`uci_threads.rs`, `uci_chess960.rs`, `syzygy.rs`).

use ladya::board::Board;
use ladya::movegen::legal_moves;

mod common;
use common::engine::{Engine, LONG};
use common::output::{after, assert_legal, best_of, info_strings};
use common::scratch::Scratch;

#[test]
fn options_are_case_insensitive_and_clamped() {
    let mut e = Engine::start();
    e.send("setoption name hash value 100000");
    let lines = e.sync();
    assert!(info_strings(&lines)[0].contains("65536"), "{lines:#?}");
    e.send("setoption name HASH value 1");
    e.send("setoption name clear hash");
    e.send("setoption name multipv value 0");
    e.send("setoption name move overhead value 50");
    let lines = e.sync();
    assert_eq!(info_strings(&lines).len(), 1, "{lines:#?}");
    e.quit();
}

/// A valid net file with small arbitrary weights, hidden size `h`, with
/// `buckets` output buckets.
fn net_bytes(h: usize, buckets: usize) -> Vec<u8> {
    quantised_net(h, buckets).to_bytes()
}

fn quantised_net(h: usize, buckets: usize) -> ladya::eval::nnue::format::QuantisedNet {
    use ladya::eval::nnue::format::{INPUTS, QuantisedNet};
    let w = |i: usize, m: usize| ((i * 7919 % m) as i16) - (m as i16) / 2;
    QuantisedNet {
        hidden: h,
        buckets,
        w1: (0..INPUTS * h).map(|i| w(i, 61)).collect(),
        b1: (0..h).map(|i| w(i, 101)).collect(),
        w2: (0..2 * h * buckets).map(|i| w(i, 201)).collect(),
        b2: (0..buckets as i32).map(|b| 100 + 10 * b).collect(),
        mirrored_input: false,
    }
}

#[test]
fn evalfile_rejects_bad_files_and_keeps_playing() {
    let dir = Scratch::new("evalfile");
    let good = dir.join("good.lnn");
    std::fs::write(&good, net_bytes(32, 1)).unwrap();
    let bucketed = dir.join("bucketed.lnn");
    std::fs::write(&bucketed, net_bytes(32, 8)).unwrap();
    // Horizontally mirrored inputs: a version 3 file.
    let mirrored = dir.join("mirrored.lnn");
    let mut q = quantised_net(32, 8);
    q.mirrored_input = true;
    std::fs::write(&mirrored, q.to_bytes()).unwrap();
    let truncated = dir.join("truncated.lnn");
    std::fs::write(&truncated, &net_bytes(32, 1)[..5000]).unwrap();
    // A header that promises 64 hidden neurons on the weights of 32.
    let mut wrong = net_bytes(32, 1);
    wrong[16] = 64;
    let wrong_size = dir.join("wrong-size.lnn");
    std::fs::write(&wrong_size, &wrong).unwrap();
    // A format version this engine does not know.
    let mut future = net_bytes(32, 1);
    future[8] = 4;
    let unknown_version = dir.join("version-4.lnn");
    std::fs::write(&unknown_version, &future).unwrap();
    // Three output buckets: not a count the engine has a rule for.
    let mut three = net_bytes(32, 1);
    three[20] = 3;
    let bad_buckets = dir.join("three-buckets.lnn");
    std::fs::write(&bad_buckets, &three).unwrap();
    let missing = dir.join("missing.lnn");

    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok", LONG);
    assert!(lines.contains(&"option name EvalFile type string default <empty>".to_string()));
    // `bench` searches with the net EvalFile chose, as Stockfish's does.
    let bench_nodes = |e: &mut Engine| {
        e.send("bench 3");
        let lines = e.sync();
        let total = lines
            .iter()
            .find(|l| l.ends_with(" nps"))
            .expect("bench total");
        total.split(' ').next().unwrap().parse::<u64>().unwrap()
    };
    // EvalFile set to a file: an `info string` that names its shape.
    let load = |e: &mut Engine, file: &std::path::Path, shape: &str| {
        e.send(&format!("setoption name EvalFile value {}", file.display()));
        let lines = e.sync();
        assert!(
            info_strings(&lines).iter().any(|l| l.contains(shape)),
            "{lines:#?}"
        );
    };
    let embedded_nodes = bench_nodes(&mut e);
    load(&mut e, &bucketed, "(768 -> 32)x2 -> 1, 8 output buckets");
    let bucketed_nodes = bench_nodes(&mut e);
    load(
        &mut e,
        &mirrored,
        "(768 -> 32)x2 -> 1, 8 output buckets, horizontally mirrored inputs",
    );
    // The same weights read as mirrored inputs: another evaluation.
    assert_ne!(bench_nodes(&mut e), bucketed_nodes);
    load(&mut e, &good, "(768 -> 32)x2 -> 1");
    let good_nodes = bench_nodes(&mut e);
    assert_ne!(good_nodes, embedded_nodes);
    assert_ne!(good_nodes, bucketed_nodes);
    for (path, why) in [
        (&missing, "cannot read"),
        (&truncated, "wrong size"),
        (&wrong_size, "wrong size"),
        (&unknown_version, "unknown net format version 4"),
        (&bad_buckets, "unsupported output buckets 3"),
    ] {
        e.send(&format!("setoption name EvalFile value {}", path.display()));
        let lines = e.sync();
        let said = info_strings(&lines);
        assert!(
            said.iter()
                .any(|l| l.contains(why) && l.contains("keeping") && l.contains("good.lnn")),
            "{lines:#?}"
        );
        e.send("position startpos moves e2e4");
        e.send("go depth 4");
        let best = e.bestmove();
        assert_legal(&after(Board::startpos(), &["e2e4"]), best_of(&best));
    }
    // The last good net is still the one searching.
    assert_eq!(bench_nodes(&mut e), good_nodes);
    e.send("setoption name EvalFile value <empty>");
    let lines = e.sync();
    assert!(
        info_strings(&lines)
            .iter()
            .any(|l| l.contains("the embedded net")),
        "{lines:#?}"
    );
    assert_eq!(bench_nodes(&mut e), embedded_nodes);
    e.quit();
}

#[test]
fn show_wdl_adds_per_mille_that_sum_to_1000() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok", LONG);
    assert!(lines.contains(&"option name UCI_ShowWDL type check default false".to_string()));
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.until("bestmove", LONG);
    assert!(lines.iter().all(|l| !l.contains(" wdl ")), "{lines:#?}");
    e.send("setoption name UCI_ShowWDL value true");
    // A queen up, and a mate: the per mille follow the score.
    for (fen, check) in [
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "win"),
        ("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", "mate"),
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 6");
        let lines = e.until("bestmove", LONG);
        let infos: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        assert!(!infos.is_empty());
        for l in &infos {
            let words: Vec<&str> = l.split_whitespace().collect();
            let at = words.iter().position(|w| *w == "wdl").expect("a wdl field");
            assert_eq!(words[at - 3], "score", "{l}");
            let v: Vec<u32> = words[at + 1..at + 4]
                .iter()
                .map(|w| w.parse().unwrap())
                .collect();
            assert_eq!(v.iter().sum::<u32>(), 1000, "{l}");
            assert!(v[0] > 900, "{check}: {l}");
        }
        if check == "mate" {
            assert!(
                infos.last().unwrap().contains("score mate 1 wdl 1000 0 0"),
                "{infos:#?}"
            );
        }
    }
    e.quit();
}

#[test]
fn limited_strength_searches_a_few_lines_and_plays_one() {
    let mut e = Engine::start();
    e.send("uci");
    let decl = e.until("uciok", LONG);
    assert!(decl.contains(&"option name UCI_LimitStrength type check default false".to_string()));
    assert!(
        decl.iter()
            .any(|l| l.starts_with("option name UCI_Elo type spin default 1320 min 1320 max "))
    );
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 1500");
    e.send("position startpos moves e2e4 e7e5");
    let legal: Vec<String> = {
        let b = Board::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
            .unwrap();
        legal_moves(&b).iter().map(|m| m.to_string()).collect()
    };
    for _ in 0..5 {
        e.send("go wtime 60000 btime 60000");
        let lines = e.until("bestmove", LONG);
        assert!(
            lines.iter().any(|l| l.contains(" multipv 4 ")),
            "{lines:#?}"
        );
        assert!(
            legal.contains(&best_of(lines.last().unwrap()).to_string()),
            "{lines:#?}"
        );
    }
    // Out of range: clamped, and said so.
    e.send("setoption name UCI_Elo value 3000");
    let lines = e.sync();
    assert!(
        info_strings(&lines)[0].contains("out of range"),
        "{lines:#?}"
    );
    // The top of the range is full strength: one line, as without the limit.
    e.send("go depth 4");
    let lines = e.until("bestmove", LONG);
    assert!(
        !lines.iter().any(|l| l.contains(" multipv 2 ")),
        "{lines:#?}"
    );
    // A budget whose weakness has fallen to 0 searches one line (Skill::lines);
    // one with a small weakness left, fewer than four.
    e.send("setoption name UCI_LimitStrength value false");
    for (nodes, most) in [(1_048_576, 1), (741_455, 2), (524_288, 3), (65_536, 4)] {
        e.send(&format!("setoption name Skill Nodes value {nodes}"));
        e.send("go depth 5");
        let lines = e.until("bestmove", LONG);
        for more in most + 1..=4 {
            assert!(
                !lines
                    .iter()
                    .any(|l| l.contains(&format!(" multipv {more} "))),
                "{nodes}: {lines:#?}"
            );
        }
        assert!(
            most == 1
                || lines
                    .iter()
                    .any(|l| l.contains(&format!(" multipv {most} "))),
            "{nodes}: {lines:#?}"
        );
    }
    e.quit();
}
