//! Tactical test suites (WAC and friends), solved at a fixed time per
//! position. Not part of CI: run by hand, in release mode, with
//!
//! ```text
//! cargo test --release --test tactics -- --ignored --nocapture
//! ```
//!
//! Environment: `LADYA_SUITE` (default `wac_arasan_revised`), `LADYA_MS`
//! (default 200 ms per position), `LADYA_NODES` (a node budget instead of
//! time: reproducible), `LADYA_TACTICS` (the TSV of suites in
//! UCI notation, default `../shared/data/tactics/all_suites_uci.tsv`
//! next to the repository; the test says it is skipped when that file is
//! missing and no other was named), `LADYA_HASH` (MB, default 64).

use ladya::board::Board;
use ladya::rules::Game;
use ladya::search::{Limits, SearchControl, Searcher};
use std::time::Duration;

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

#[test]
#[ignore]
fn tactics_suite() {
    const SHARED_SUITES: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/tactics/all_suites_uci.tsv"
    );
    let path = env_or("LADYA_TACTICS", SHARED_SUITES);
    // The suites are not kept in the repository: without `../shared` (and
    // no file named), there is nothing to run.
    if std::env::var_os("LADYA_TACTICS").is_none() && !std::path::Path::new(&path).exists() {
        println!("skipped: no tactics suites at {path} (set LADYA_TACTICS to a suites TSV)");
        return;
    }
    let suite = env_or("LADYA_SUITE", "wac_arasan_revised");
    let ms: u64 = env_or("LADYA_MS", "200")
        .parse()
        .expect("LADYA_MS: milliseconds");
    let nodes: Option<u64> = std::env::var("LADYA_NODES")
        .ok()
        .and_then(|v| v.parse().ok());
    let hash: usize = env_or("LADYA_HASH", "64").parse().expect("LADYA_HASH: MB");
    let text = std::fs::read_to_string(&path).expect("the suite file");
    let mut searcher = Searcher::new(hash);
    let control = SearchControl::default();
    let (mut total, mut solved) = (0, 0);
    let mut failed = Vec::new();
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 4 || cols[0] != suite {
            continue;
        }
        let board = Board::from_fen(cols[2]).expect("a valid FEN");
        let best: Vec<&str> = cols[3].split_whitespace().collect();
        let avoid: Vec<&str> = cols
            .get(4)
            .map_or(vec![], |c| c.split_whitespace().collect());
        searcher.clear();
        let limits = Limits {
            movetime: nodes.is_none().then(|| Duration::from_millis(ms)),
            nodes,
            ..Limits::default()
        };
        let r = searcher.search(&Game::new(board), &limits, &control, &mut |_| {});
        let played = r.best.map(|m| m.to_string()).unwrap_or_default();
        let ok = (best.is_empty() || best.contains(&played.as_str()))
            && !avoid.contains(&played.as_str());
        total += 1;
        if ok {
            solved += 1;
        } else {
            failed.push(format!("{} ({played}, wanted {})", cols[1], cols[3]));
        }
    }
    println!("failed: {}", failed.join(", "));
    let budget = nodes.map_or(format!("{ms} ms"), |n| format!("{n} nodes"));
    println!("{suite}: {solved}/{total} solved at {budget}");
    assert!(total > 0, "no position of suite {suite} in {path}");
}
