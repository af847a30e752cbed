//! Fuzzing the UCI line handler on stable Rust: a random and mutating
//! generator of UCI lines. Ignored by default (it takes a while):
//!
//! ```text
//! cargo test --release --test uci_fuzz -- --ignored --nocapture
//! ```
//!
//! `LADYA_FUZZ_LINES` sets the number of lines for the parser (default
//! 1,000,000) and `LADYA_FUZZ_ENGINE_LINES` for the whole engine (default
//! 20,000), `LADYA_FUZZ_SEED` the generator's seed. Any panic, even one caught inside the parser, fails the run;
//! each line that ever crashed is kept as a regression case below.

use ladya::uci::parse::parse_line;
use ladya::uci::{Engine, Flow, Sink};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

mod common;
use common::rng::Rng;

/// Seeds: the lines a GUI sends, and the lines that break vampirc-uci.
const SEEDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "stop",
    "ponderhit",
    "debug on",
    "register later",
    "d",
    "go perft 1",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5",
    "position startpos moves  e2e4 e7e5",
    "position startpos moves e2e4 xx e7e5",
    "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 moves c7c5",
    "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 12345 moves e1g1",
    "position fen 4k3/8/8/8/8/8/8/4K2R w K - moves e1g1",
    "position fen 8/P7/8/8/8/8/8/k6K w - - 0 1 moves a7a8q",
    "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    "go",
    "go depth 3",
    "go depth 1000",
    "go depth 300",
    "go mate 300",
    "go movestogo 256 wtime 100 btime 100",
    "go movestogo 1000 wtime 1000 btime 1000",
    "go nodes 1000000000000000",
    "go movetime 10 wtime 1000 btime 1000",
    "go ponder wtime 100 btime 100 winc 1 binc 1",
    "go wtime 100 btime 100 winc 10 binc 10 movestogo 40",
    "go infinite",
    "go infinite searchmoves e2e4 d2d4",
    "go searchmoves e2e4 depth 2",
    "go wtime -100 btime 50",
    "setoption name Hash value 8",
    "setoption name Clear Hash",
    "setoption name MultiPV value 3",
    "setoption name Move Overhead value 100",
    "setoption name Ponder value true",
    "setoption name Hash value",
    "setoption name",
];

const WORDS: &[&str] = &[
    "uci",
    "isready",
    "go",
    "position",
    "startpos",
    "fen",
    "moves",
    "setoption",
    "name",
    "value",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "stop",
    "quit",
    "d",
    "e2e4",
    "e7e5",
    "a7a8q",
    "e1g1",
    "0000",
    "-",
    "w",
    "b",
    "KQkq",
    "8/8/8/8/8/8/8/8",
    "Hash",
    "Clear",
    "MultiPV",
    "Move",
    "Overhead",
    "true",
    "false",
    "0",
    "1",
    "255",
    "256",
    "999",
    "1000",
    "-1",
    "99999999999999999999999",
    "1000000000000000",
    "+5",
    "\t",
    "  ",
    "é",
    "\u{0}",
];

/// One line: a seed mutated a few times, or random words.
fn generate(rng: &mut Rng) -> String {
    let mut line = if rng.below(4) == 0 {
        (0..1 + rng.below(10))
            .map(|_| rng.pick(WORDS).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        rng.pick(SEEDS).to_string()
    };
    for _ in 0..rng.below(4) {
        line = mutate(rng, &line);
    }
    line
}

fn mutate(rng: &mut Rng, line: &str) -> String {
    let mut tokens: Vec<String> = line.split(' ').map(str::to_string).collect();
    let n = tokens.len();
    match rng.below(9) {
        0 => {
            let i = rng.below(n);
            tokens[i] = rng.pick(WORDS).to_string();
        }
        1 => tokens.insert(rng.below(n + 1), rng.pick(WORDS).to_string()),
        2 if n > 1 => {
            tokens.remove(rng.below(n));
        }
        3 => {
            let (i, j) = (rng.below(n), rng.below(n));
            tokens.swap(i, j);
        }
        4 => {
            // A number at some odd width.
            let i = rng.below(n);
            let digits = 1 + rng.below(25);
            tokens[i] = (0..digits)
                .map(|_| char::from(b'0' + rng.below(10) as u8))
                .collect();
        }
        5 => {
            let mut bytes = line.as_bytes().to_vec();
            if !bytes.is_empty() {
                let i = rng.below(bytes.len());
                bytes[i] = rng.next() as u8;
            }
            return String::from_utf8_lossy(&bytes).into_owned();
        }
        6 => {
            let cut = rng.below(line.len() + 1);
            return line.get(..cut).unwrap_or(line).to_string();
        }
        7 => return format!("{line}{}{}", " ".repeat(rng.below(3)), rng.pick(SEEDS)),
        _ => {
            let i = rng.below(n);
            tokens[i] = tokens[i].to_uppercase();
        }
    }
    tokens.join(if rng.below(5) == 0 { "  " } else { " " })
}

fn count_panics() -> Arc<AtomicUsize> {
    let count = Arc::new(AtomicUsize::new(0));
    let c = count.clone();
    std::panic::set_hook(Box::new(move |info| {
        if c.fetch_add(1, Ordering::Relaxed) < 5 {
            eprintln!("panic: {info}");
        }
    }));
    count
}

fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
#[ignore]
fn fuzz_line_handler() {
    let panics = count_panics();
    let seed = env_count("LADYA_FUZZ_SEED", 0x2545_F491) as u64;
    let mut rng = Rng(seed | 1);

    // The parser alone, at volume.
    let lines = env_count("LADYA_FUZZ_LINES", 1_000_000);
    let start = Instant::now();
    let mut crashed = Vec::new();
    for _ in 0..lines {
        let line = generate(&mut rng);
        let before = panics.load(Ordering::Relaxed);
        let ok = catch_unwind(|| parse_line(&line)).is_ok();
        if !ok || panics.load(Ordering::Relaxed) != before {
            crashed.push(line);
        }
    }
    println!(
        "parser: {lines} lines in {:.1} s, {} panicked (caught or not)",
        start.elapsed().as_secs_f64(),
        crashed.len()
    );

    // The whole engine: commands applied, searches started and stopped.
    let engine_lines = env_count("LADYA_FUZZ_ENGINE_LINES", 20_000);
    let written = Arc::new(Mutex::new(0usize));
    let w = written.clone();
    let sink: Sink = Arc::new(move |_line: &str| *w.lock().unwrap() += 1);
    let mut engine = Engine::new(sink.clone());
    let start = Instant::now();
    let mut applied = 0;
    while applied < engine_lines {
        let line = generate(&mut rng);
        let lower = line.to_ascii_lowercase();
        // Big hash tables, deep perfts and benches are slow, not broken.
        if lower.contains("hash") || lower.contains("perft") || lower.contains("bench") {
            continue;
        }
        applied += 1;
        let before = panics.load(Ordering::Relaxed);
        let flow = catch_unwind(AssertUnwindSafe(|| engine.handle_line(&line)));
        if flow.is_err() || panics.load(Ordering::Relaxed) != before {
            crashed.push(line);
            break;
        }
        if matches!(flow, Ok(Flow::Quit)) {
            engine = Engine::new(sink.clone());
        }
    }
    engine.handle_line("quit");
    println!(
        "engine: {applied} lines in {:.1} s, {} output lines",
        start.elapsed().as_secs_f64(),
        written.lock().unwrap()
    );
    let _ = std::panic::take_hook();
    assert!(crashed.is_empty(), "lines that panicked: {crashed:#?}");
}

/// Lines that crashed an earlier version (or the crate); each must parse.
#[test]
fn fuzz_regressions() {
    for line in [
        "go depth 300",
        "go mate 999",
        "go movestogo 256",
        "go depth 255 mate 256",
        "go wtime 9999999999999999999999999",
        "position fen",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "setoption name value value",
        "\u{0}",
        "go searchmoves",
        "position fen 4k3/8/8/8/8/8/8/4K2R w K\u{b}- moves e1g1",
    ] {
        let _ = parse_line(line);
    }
}
