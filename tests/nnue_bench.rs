//! Micro-benchmark of the neural evaluation: one accumulator update (a
//! quiet move, a capture), one evaluation from the accumulators, a full
//! refresh, and the hand-crafted evaluation for comparison.
//!
//! `cargo test --release --test nnue_bench -- --ignored --nocapture`
//! (release: the test profile's debug assertions refresh on every
//! evaluation). `LADYA_NET=file` measures that net; otherwise the embedded
//! one, or a random net of 128 hidden neurons when none is embedded.

use ladya::board::Board;
use ladya::eval::nnue::format::{INPUTS, QuantisedNet};
use ladya::eval::nnue::{AccumulatorStack, Network};
use ladya::movegen::parse_uci_move;
use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

const CALLS: u32 = 2_000_000;

fn ns_per_call(mut f: impl FnMut() -> i32) -> f64 {
    for _ in 0..1000 {
        black_box(f());
    }
    let t = Instant::now();
    for _ in 0..CALLS {
        black_box(f());
    }
    t.elapsed().as_nanos() as f64 / f64::from(CALLS)
}

fn network() -> Arc<Network> {
    if let Ok(path) = std::env::var("LADYA_NET") {
        return Arc::new(Network::load(&path).expect("LADYA_NET is a net file"));
    }
    Network::embedded().unwrap_or_else(|| {
        let h = 128;
        let w = |i: usize, m: usize| ((i * 7919 % m) as i16) - (m as i16) / 2;
        let q = QuantisedNet {
            hidden: h,
            buckets: 1,
            w1: (0..INPUTS * h).map(|i| w(i, 61)).collect(),
            b1: (0..h).map(|i| w(i, 101)).collect(),
            w2: (0..2 * h).map(|i| w(i, 201)).collect(),
            b2: vec![0],
            mirrored_input: false,
        };
        Arc::new(Network::from_bytes(&q.to_bytes()).unwrap())
    })
}

#[test]
#[ignore = "micro-benchmark: run with --release --ignored --nocapture"]
fn evaluation_and_update_cost() {
    let net = network();
    let board =
        Board::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8")
            .unwrap();
    let mut stack = AccumulatorStack::new(net.clone(), 2);
    stack.refresh(0, &board);
    let quiet = parse_uci_move(&board, "f1d3").unwrap();
    let capture = parse_uci_move(&board, "c4d5").unwrap();
    let after = board.make(quiet);
    let after_capture = board.make(capture);
    // An update is noted by `make` and done by `update` (lazily, when the
    // search evaluates): both are timed.
    let t_quiet = ns_per_call(|| {
        stack.make(0, black_box(&board), black_box(quiet));
        stack.update(1, &after);
        0
    });
    let t_capture = ns_per_call(|| {
        stack.make(0, black_box(&board), black_box(capture));
        stack.update(1, &after_capture);
        0
    });
    stack.make(0, &board, quiet);
    stack.update(1, &after);
    let t_eval = ns_per_call(|| stack.evaluate(1, black_box(&after)));
    let t_refresh = ns_per_call(|| net.evaluate(black_box(&after)));
    let t_hce = ns_per_call(|| ladya::eval::evaluate(black_box(&after)));
    println!(
        "hidden {}: update {t_quiet:.1} ns (quiet move), {t_capture:.1} ns (capture); \
         evaluation {t_eval:.1} ns; refresh and evaluation {t_refresh:.1} ns; \
         hand-crafted evaluation {t_hce:.1} ns",
        net.hidden()
    );
}
