//! Black-box tests of `Threads` (Lazy SMP): the real `ladya` binary on two
//! threads keeps the protocol (one legal `bestmove` per `go`, quick `stop`
//! and `quit`), and bad values are clamped with an `info string`.

use ladya::board::Board;
use std::time::Duration;

const MIDDLEGAME: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

mod common;
use common::engine::{Engine, GENEROUS, LONG};
use common::output::{after, assert_legal, best_of, field};

fn two_threads() -> Engine {
    let mut e = Engine::start();
    e.send("setoption name Threads value 2");
    let lines = e.sync();
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:#?}"
    );
    e
}

/// Asserts that the move of a `bestmove` line is legal in `board`.
fn legal_best(board: &Board, line: &str) {
    assert_legal(board, best_of(line));
}

#[test]
fn uci_announces_threads() {
    let mut e = Engine::start();
    e.send("uci");
    let (_, lines) = e.until_at("uciok", LONG);
    assert!(
        lines.contains(&"option name Threads type spin default 1 min 1 max 256".to_string()),
        "{lines:#?}"
    );
    e.quit();
}

#[test]
fn two_threads_movetime_and_depth_give_one_legal_bestmove() {
    let mut e = two_threads();
    let board = Board::from_fen(MIDDLEGAME).unwrap();
    e.send(&format!("position fen {MIDDLEGAME}"));
    let t = e.send("go movetime 300");
    let (at, lines) = e.until_at("bestmove", LONG);
    legal_best(&board, lines.last().unwrap());
    assert!(at - t < Duration::from_millis(300) + GENEROUS);
    e.none_of("bestmove", Duration::from_millis(200));

    e.send("go depth 8");
    let (_, lines) = e.until_at("bestmove", LONG);
    legal_best(&board, lines.last().unwrap());
    let depths: Vec<u64> = lines.iter().filter_map(|l| field(l, "depth")).collect();
    assert_eq!(depths, (1..=8).collect::<Vec<_>>(), "{lines:#?}");
    e.none_of("bestmove", Duration::from_millis(200));
    e.quit();
}

#[test]
fn two_threads_stop_is_quick() {
    let mut e = two_threads();
    e.send("position startpos moves e2e4 c7c5");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let t = e.send("stop");
    let (at, lines) = e.until_at("bestmove", GENEROUS);
    assert!(at - t < GENEROUS);
    legal_best(
        &after(Board::startpos(), &["e2e4", "c7c5"]),
        lines.last().unwrap(),
    );
    e.none_of("bestmove", Duration::from_millis(200));
    e.quit();
}

#[test]
fn two_threads_quit_in_mid_search_is_quick() {
    let mut e = two_threads();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    assert!(e.quit() < GENEROUS);
}

#[test]
fn threads_changed_while_searching_stops_the_search_first() {
    let mut e = two_threads();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("setoption name Threads value 1");
    let (_, lines) = e.until_at("bestmove", LONG);
    legal_best(&Board::startpos(), lines.last().unwrap());
    e.send("go depth 5");
    e.until_at("bestmove", LONG);
    e.quit();
}

#[test]
fn bad_thread_counts_are_clamped_with_an_info_string() {
    let mut e = Engine::start();
    e.send("setoption name threads value 0");
    let lines = e.sync();
    let info: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(info.len(), 1, "{lines:#?}");
    assert!(info[0].contains("using 1"), "{lines:#?}");
    e.send("setoption name Threads value 100000");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.contains("using 256")), "{lines:#?}");
    e.send("setoption name Threads value lots");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.starts_with("info string Threads")),
        "{lines:#?}"
    );
    // Still 256 threads: a short search works.
    e.send("go depth 4");
    let (_, lines) = e.until_at("bestmove", LONG);
    legal_best(&Board::startpos(), lines.last().unwrap());
    e.quit();
}
