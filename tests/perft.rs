//! Every position of both perft suites, at the deepest depth whose count
//! stays within a node budget (full published depths: `make perft`).

use ladya::perft::{check_case, parse_epd, perft};

const NODE_BUDGET: u64 = 6_000_000;

fn check_suite(path: &str) {
    check_suite_within(path, NODE_BUDGET, 1);
}

/// Every case at the deepest depth within `budget` nodes; every `deep`-th
/// case within `NODE_BUDGET` instead.
fn check_suite_within(path: &str, budget: u64, deep: usize) {
    let text = std::fs::read_to_string(path).expect("suite file");
    let cases = parse_epd(&text).expect("suite parses");
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let budget = if i % deep == 0 { NODE_BUDGET } else { budget };
        let depth = case
            .expected
            .iter()
            .filter(|&&(_, n)| n <= budget)
            .map(|&(d, _)| d)
            .max()
            .unwrap_or(1);
        let r = check_case(case, depth).expect("a count at that depth");
        if !r.passed() {
            failures.push(format!(
                "line {} D{}: got {}, expected {} ({})",
                case.line, r.depth, r.nodes, r.expected, case.fen
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "perft failures:\n{}",
        failures.join("\n")
    );
}

#[test]
fn standard_suite() {
    check_suite(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/perft-suites/standard.epd"
    ));
}

#[test]
fn tricky_suite() {
    check_suite(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/perft-suites/tricky.epd"
    ));
}

#[test]
fn edge_cases_suite() {
    check_suite(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/perft-suites/edge-cases.epd"
    ));
}

#[test]
fn random_positions_suite() {
    check_suite(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/perft-suites/random.epd"
    ));
}

#[test]
fn after_double_push_suite() {
    check_suite(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/perft-suites/en-passant.epd"
    ));
}

/// The 960 published Chess960 positions: all to depth 3, every 16th
/// to the node budget.
#[test]
fn chess960_suite() {
    check_suite_within(
        concat!(env!("CARGO_MANIFEST_DIR"), "/perft-suites/chess960.epd"),
        50_000,
        16,
    );
}

/// Chess960 edge cases and Double Chess960 positions, counted by python-chess.
#[test]
fn double_chess960_suite() {
    check_suite(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/perft-suites/double-chess960.epd"
    ));
}

/// Full published depths of both suites: `make perft` (minutes).
#[test]
#[ignore]
fn full_depth_suites() {
    for path in [
        "standard.epd",
        "tricky.epd",
        "edge-cases.epd",
        "random.epd",
        "en-passant.epd",
        "double-chess960.epd",
        "chess960.epd",
    ] {
        let text = std::fs::read_to_string(format!(
            "{}/perft-suites/{path}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        for case in parse_epd(&text).unwrap() {
            let r = check_case(&case, u32::MAX).unwrap();
            assert!(
                r.passed(),
                "{path} line {}: D{} got {} expected {}",
                case.line,
                r.depth,
                r.nodes,
                r.expected
            );
        }
    }
}

#[test]
fn depth_zero_is_one_node() {
    assert_eq!(perft(&ladya::board::Board::startpos(), 0), 1);
}
