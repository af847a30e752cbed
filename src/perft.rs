//! Perft: counting the leaf nodes of the legal move tree, and EPD suites of
//! known counts. Uses bulk counting: at depth 1 the legal moves are counted,
//! not made.

use crate::board::{Board, FenError};
use crate::movegen::{UciNotation, count_legal, legal_moves};
use std::fmt;
use std::io::Write;
use std::time::{Duration, Instant};

/// The number of leaf nodes `depth` plies below `b`.
pub fn perft(b: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(b),
        _ => legal_moves(b)
            .iter()
            .map(|&m| perft(&b.make(m), depth - 1))
            .sum(),
    }
}

/// Perft split by root move: `(uci text, nodes)`, sorted by the move text;
/// castling written as king takes rook when `chess960` or when the
/// position's castling is Chess960's (`UciNotation`).
pub fn divide(b: &Board, depth: u32, chess960: bool) -> Vec<(String, u64)> {
    let notation = UciNotation::new(b, chess960);
    let mut out: Vec<(String, u64)> = legal_moves(b)
        .iter()
        .map(|&m| {
            (
                notation.write(m),
                perft(&b.make(m), depth.saturating_sub(1)),
            )
        })
        .collect();
    out.sort();
    out
}

/// One line of an EPD perft suite: a position and its known counts.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// 1-based line number in the file.
    pub line: usize,
    pub fen: String,
    pub board: Board,
    /// `(depth, nodes)`, in the order written.
    pub expected: Vec<(u32, u64)>,
}

#[derive(Debug)]
pub enum EpdError {
    Fen {
        line: usize,
        fen: String,
        error: FenError,
    },
    Field {
        line: usize,
        field: String,
    },
    NoCounts {
        line: usize,
    },
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdError::Fen { line, fen, error } => {
                write!(f, "line {line}: invalid FEN \"{fen}\": {error}")
            }
            EpdError::Field { line, field } => write!(
                f,
                "line {line}: '{field}' is not a perft count of the form 'D<depth> <nodes>'"
            ),
            EpdError::NoCounts { line } => write!(f, "line {line}: no ';D<depth> <nodes>' counts"),
        }
    }
}

impl std::error::Error for EpdError {}

/// Parses a suite: `FEN ;D1 n ;D2 n ...` per line; blank lines and lines
/// starting with `#` are skipped.
pub fn parse_epd(text: &str) -> Result<Vec<PerftCase>, EpdError> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut parts = trimmed.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let board = Board::from_fen(&fen).map_err(|error| EpdError::Fen {
            line,
            fen: fen.clone(),
            error,
        })?;
        let mut expected = Vec::new();
        for field in parts {
            let field = field.trim();
            if field.is_empty() {
                continue;
            }
            let bad = || EpdError::Field {
                line,
                field: field.to_string(),
            };
            let mut words = field.split_whitespace();
            let d = words.next().ok_or_else(bad)?;
            let n = words.next().ok_or_else(bad)?;
            if words.next().is_some() {
                return Err(bad());
            }
            let depth: u32 = d
                .strip_prefix('D')
                .and_then(|d| d.parse().ok())
                .ok_or_else(bad)?;
            let nodes: u64 = n.parse().map_err(|_| bad())?;
            expected.push((depth, nodes));
        }
        if expected.is_empty() {
            return Err(EpdError::NoCounts { line });
        }
        cases.push(PerftCase {
            line,
            fen,
            board,
            expected,
        });
    }
    Ok(cases)
}

/// The outcome of checking one case.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The deepest depth checked, or the first that failed.
    pub depth: u32,
    pub nodes: u64,
    pub expected: u64,
    pub elapsed: Duration,
    /// Total nodes over all depths checked.
    pub total_nodes: u64,
}

impl CaseResult {
    pub fn passed(&self) -> bool {
        self.nodes == self.expected
    }
}

/// Checks every count of `case` up to `max_depth`, shallowest first,
/// stopping at the first wrong one. `None` when no count is that shallow.
pub fn check_case(case: &PerftCase, max_depth: u32) -> Option<CaseResult> {
    let start = Instant::now();
    let mut result = None;
    let mut total = 0;
    let mut counts: Vec<(u32, u64)> = case
        .expected
        .iter()
        .copied()
        .filter(|&(d, _)| d <= max_depth)
        .collect();
    counts.sort();
    for (depth, expected) in counts {
        let nodes = perft(&case.board, depth);
        total += nodes;
        let r = CaseResult {
            depth,
            nodes,
            expected,
            elapsed: Duration::ZERO,
            total_nodes: total,
        };
        let failed = !r.passed();
        result = Some(r);
        if failed {
            break;
        }
    }
    result.map(|mut r| {
        r.elapsed = start.elapsed();
        r
    })
}

fn mnps(nodes: u64, elapsed: Duration) -> f64 {
    nodes as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6
}

/// `ladya perft DEPTH`: prints the optional divide (castling written as
/// king takes rook when `chess960`, or when the FEN is a Chess960 one), the
/// node count and the speed.
pub fn run_single(
    b: &Board,
    depth: u32,
    show_divide: bool,
    chess960: bool,
    out: &mut impl Write,
) -> std::io::Result<u64> {
    let start = Instant::now();
    let nodes = if show_divide {
        let parts = divide(b, depth, chess960 || b.is_chess960());
        for (m, n) in &parts {
            writeln!(out, "{m}: {n}")?;
        }
        writeln!(out)?;
        if depth == 0 {
            1
        } else {
            parts.iter().map(|p| p.1).sum()
        }
    } else {
        perft(b, depth)
    };
    let elapsed = start.elapsed();
    writeln!(out, "Nodes searched: {nodes}")?;
    writeln!(
        out,
        "Time: {:.3} s ({:.2} Mnps)",
        elapsed.as_secs_f64(),
        mnps(nodes, elapsed)
    )?;
    Ok(nodes)
}

/// `ladya perft --epd FILE`: one line per case and a summary; returns true
/// when every count matched.
pub fn run_suite(
    cases: &[PerftCase],
    max_depth: u32,
    out: &mut impl Write,
) -> std::io::Result<bool> {
    let start = Instant::now();
    let (mut passed, mut checked, mut nodes) = (0, 0, 0u64);
    for case in cases {
        let Some(r) = check_case(case, max_depth) else {
            writeln!(
                out,
                "skip  line {:<4} no count at depth <= {max_depth}  {}",
                case.line, case.fen
            )?;
            continue;
        };
        checked += 1;
        nodes += r.total_nodes;
        if r.passed() {
            passed += 1;
            writeln!(
                out,
                "pass  line {:<4} D{} {:>12} nodes {:>8.3} s  {}",
                case.line,
                r.depth,
                r.nodes,
                r.elapsed.as_secs_f64(),
                case.fen
            )?;
        } else {
            writeln!(
                out,
                "FAIL  line {:<4} D{} {:>12} nodes, expected {} {:>8.3} s  {}",
                case.line,
                r.depth,
                r.nodes,
                r.expected,
                r.elapsed.as_secs_f64(),
                case.fen
            )?;
        }
        out.flush()?;
    }
    let elapsed = start.elapsed();
    writeln!(
        out,
        "{passed} of {checked} positions passed, {} failed; {nodes} nodes in {:.3} s ({:.2} Mnps)",
        checked - passed,
        elapsed.as_secs_f64(),
        mnps(nodes, elapsed)
    )?;
    Ok(passed == checked)
}
