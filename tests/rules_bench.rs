//! Micro-benchmark of the cheap draw checks the search calls at every node.
//!
//! `cargo test --test rules_bench -- --ignored --nocapture` prints ns/call.

use ladya::board::Board;
use ladya::rules::Game;
use ladya::rules::draw::{is_dead_by_material, is_fifty_move_draw, is_repetition_draw};
use std::hint::black_box;
use std::time::Instant;

const CALLS: u32 = 5_000_000;

/// Runs `f` CALLS times and returns the nanoseconds per call.
fn ns_per_call(mut f: impl FnMut() -> bool) -> (f64, bool) {
    let mut last = false;
    // Warm-up.
    for _ in 0..1000 {
        last = black_box(f());
    }
    let t = Instant::now();
    for _ in 0..CALLS {
        last = black_box(f());
    }
    (t.elapsed().as_nanos() as f64 / f64::from(CALLS), last)
}

#[test]
#[ignore = "micro-benchmark: run with --ignored --nocapture"]
fn cheap_draw_checks_cost_per_call() {
    // A game of 40 reversible plies (knight shuffles) then a 20-ply search
    // path: the repetition scan walks up to 60 keys, every second one.
    let mut game = Game::new(Board::from_fen("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1").unwrap());
    let shuffle = ["b1c3", "e8d8", "c3b1", "d8e8"];
    for i in 0..40 {
        game.push_uci(shuffle[i % 4]).unwrap();
    }
    let mut keys: Vec<u64> = game.reversible_keys().collect();
    let root = keys.len() - 1;
    // A search path of fresh positions (no repetition: the full scan).
    keys.extend((0..20u64).map(|i| 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(i + 1)));
    let clock = keys.len() as u16;

    let (ns, rep) = ns_per_call(|| is_repetition_draw(black_box(&keys), black_box(clock), root));
    assert!(!rep);
    println!(
        "is_repetition_draw, {} keys, no repetition (full scan): {ns:.1} ns/call",
        keys.len()
    );

    let game_keys: Vec<u64> = game.reversible_keys().collect();
    let (ns, rep) =
        ns_per_call(|| is_repetition_draw(black_box(&game_keys), black_box(40), black_box(0)));
    assert!(rep);
    println!(
        "is_repetition_draw, {} keys, repetition found: {ns:.1} ns/call",
        game_keys.len()
    );

    let short = [1u64, 2, 3];
    let (ns, rep) = ns_per_call(|| is_repetition_draw(black_box(&short), black_box(2), 0));
    assert!(!rep);
    println!("is_repetition_draw, clock < 4 (early exit): {ns:.1} ns/call");

    let board = *game.board();
    let (ns, fifty) = ns_per_call(|| is_fifty_move_draw(black_box(&board)));
    assert!(!fifty);
    println!("is_fifty_move_draw: {ns:.1} ns/call");

    let start = Board::startpos();
    let (ns, dead) = ns_per_call(|| is_dead_by_material(black_box(&start)));
    assert!(!dead);
    println!("is_dead_by_material, start position: {ns:.1} ns/call");
    let kbkb = Board::from_fen("8/8/1b2k3/8/8/3KB3/8/8 w - - 0 1").unwrap();
    let (ns, dead) = ns_per_call(|| is_dead_by_material(black_box(&kbkb)));
    assert!(dead);
    println!("is_dead_by_material, K+B v K+B same colour: {ns:.1} ns/call");
    let knn = Board::from_fen("8/8/4k3/8/8/2NKN3/8/8 w - - 0 1").unwrap();
    let (ns, dead) = ns_per_call(|| is_dead_by_material(black_box(&knn)));
    assert!(!dead);
    println!("is_dead_by_material, K+N+N v K: {ns:.1} ns/call");
}
