//! Every position of both perft suites, at the deepest depth whose count
//! stays within a node budget (full published depths: `make perft`).

use ladya::perft::{check_case, parse_epd, perft};

const NODE_BUDGET: u64 = 6_000_000;

fn check_suite(path: &str) {
    let text = std::fs::read_to_string(path).expect("suite file");
    let cases = parse_epd(&text).expect("suite parses");
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for case in &cases {
        let depth = case
            .expected
            .iter()
            .filter(|&&(_, n)| n <= NODE_BUDGET)
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
