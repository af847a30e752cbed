//! `ladya tune`: Texel tuning of the evaluation weights.
//!
//! Each labelled position (`<FEN> [<result>]`, from `ladya datagen`) is
//! evaluated once with a recording trace: the evaluation is then, for that
//! position, a linear function of the weights (the coefficient of a weight
//! is how often its feature occurs for White minus for Black), tapered by
//! the game phase, with the endgame part multiplied by the drawish-ending
//! factor, itself a weight (`SCALE_*`) unless the rules fix it (whole, or
//! nothing); the mop-up bonus is taken as fixed (the king-attack penalty is
//! a weight table, `KING_DANGER`). The tuner minimises the mean squared error between the result
//! and `sigmoid(K * eval / 400)` (the expected score), first fitting `K`
//! to the starting weights, then moving all weights together by Adam on
//! the exact gradient. The last tenth of the file is held out: the weights
//! kept are those with the lowest loss on it, which stops the run before
//! it learns the noise of the training games.

use crate::board::Board;
use crate::board::Color;
use crate::eval::endgame::SCALE_NORMAL;
use crate::eval::trace::{Fixed, Trace};
use crate::eval::weights::{GROUPS, N, PST, SCALE_NO_PAWNS_SMALL_EDGE, SCALE_ONE_PAWN_NO_EDGE, W};
use crate::eval::{PHASE_MAX, evaluate_traced};

/// The weights that are endgame scale factors.
const SCALE_WEIGHTS: std::ops::RangeInclusive<usize> =
    SCALE_NO_PAWNS_SMALL_EDGE..=SCALE_ONE_PAWN_NO_EDGE;

/// `Entry::scale_weight` when the scale factor is not a weight.
const NO_SCALE_WEIGHT: u16 = u16::MAX;

/// One position, reduced to what the loss needs.
struct Entry {
    /// Range of this entry's (weight, coefficient) pairs in `Data::terms`.
    start: u32,
    len: u16,
    /// Middlegame share: phase / PHASE_MAX (the endgame's is 1 - it).
    mg_share: f32,
    /// The scale factor (out of 1) when the rules fix it.
    scale: f32,
    /// The weight holding the scale factor, or `NO_SCALE_WEIGHT`.
    scale_weight: u16,
    /// The fixed part of the evaluation, White's view.
    fixed: f32,
    /// Game result from White's side: 1, 0.5 or 0.
    result: f32,
    /// A search's score from White's side, when the data has one.
    score: Option<f32>,
}

impl Entry {
    /// Endgame share before scaling.
    fn eg_share(&self) -> f64 {
        1.0 - self.mg_share as f64
    }
}

/// The data set, flattened.
pub struct Data {
    terms: Vec<(u16, i16)>,
    entries: Vec<Entry>,
}

/// Coefficients of one position.
struct Recorder {
    coef: [i32; N],
}

impl Trace for Recorder {
    const ON: bool = true;
    fn add(&mut self, index: usize, n: i32) {
        self.coef[index] += n;
    }
}

/// Settings of one run.
pub struct Config {
    pub epochs: usize,
    pub learning_rate: f64,
    /// Groups of `GROUPS` (by name) that keep their starting weights.
    pub frozen: Vec<String>,
    /// L2 pull towards the starting weights, per centipawn squared.
    pub l2: f64,
    /// Weight of the game result in the target; the rest goes to the
    /// search score's expected result (positions without one use the result).
    pub lambda: f64,
}

impl Data {
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Parses `<FEN> [<result>]` lines; `Err` names the first bad line.
    pub fn parse(text: &str) -> Result<Data, String> {
        let mut data = Data {
            terms: Vec::new(),
            entries: Vec::new(),
        };
        let mut rec = Recorder { coef: [0; N] };
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let bad = |why: &str| format!("line {}: {why}", i + 1);
            // `FEN | score | result` (ladya convert) reads as `FEN [result] score`.
            let converted;
            let line = match line.split(" | ").collect::<Vec<_>>()[..] {
                [fen, score, result] => {
                    converted = format!("{fen} [{result}] {score}");
                    converted.as_str()
                }
                _ => line,
            };
            let open = line.rfind('[').ok_or_else(|| bad("no [result]"))?;
            let close = line
                .rfind(']')
                .filter(|&c| c > open)
                .ok_or_else(|| bad("no ]"))?;
            let score = match line[close + 1..].trim() {
                "" => None,
                s => Some(
                    s.parse::<f32>()
                        .map_err(|_| bad(&format!("bad score {s:?}")))?,
                ),
            };
            let result: f32 = match &line[open + 1..close] {
                "1.0" | "1" | "1-0" => 1.0,
                "0.5" | "1/2-1/2" => 0.5,
                "0.0" | "0" | "0-1" => 0.0,
                other => return Err(bad(&format!("bad result {other:?}"))),
            };
            let board = Board::from_fen(line[..open].trim()).map_err(|e| bad(&e.to_string()))?;
            rec.coef = [0; N];
            let (_, fixed) = evaluate_traced(&board, &mut rec);
            data.push(&rec.coef, &fixed, result, score);
        }
        Ok(data)
    }

    fn push(&mut self, coef: &[i32; N], fixed: &Fixed, result: f32, score: Option<f32>) {
        let start = self.terms.len() as u32;
        for (i, &c) in coef.iter().enumerate() {
            if c != 0 {
                self.terms.push((i as u16, c as i16));
            }
        }
        let mg_share = fixed.phase as f32 / PHASE_MAX as f32;
        let scale = fixed.scale.factor() as f32 / SCALE_NORMAL as f32;
        let fixed_part = fixed.mop_up as f32 * (1.0 - mg_share);
        self.entries.push(Entry {
            start,
            len: (self.terms.len() as u32 - start) as u16,
            mg_share,
            scale,
            scale_weight: fixed.scale.weight().map_or(NO_SCALE_WEIGHT, |i| i as u16),
            fixed: fixed_part,
            result,
            score,
        });
    }

    /// The unscaled middlegame and endgame sums of entry `e` under `w`.
    fn sums(&self, e: &Entry, w: &[[f64; 2]]) -> (f64, f64) {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(i, c) in &self.terms[e.start as usize..e.start as usize + e.len as usize] {
            mg += w[i as usize][0] * c as f64;
            eg += w[i as usize][1] * c as f64;
        }
        (mg, eg)
    }

    /// The scale factor of `e` under `w` (out of 1), clamped as the
    /// evaluation clamps it; and whether it is a free weight inside its range.
    fn scale(e: &Entry, w: &[[f64; 2]]) -> (f64, bool) {
        if e.scale_weight == NO_SCALE_WEIGHT {
            return (e.scale as f64, false);
        }
        let v = w[e.scale_weight as usize][1];
        let max = SCALE_NORMAL as f64;
        (v.clamp(0.0, max) / max, v > 0.0 && v < max)
    }

    /// The evaluation of entry `e` under `w` (White's view).
    fn eval(&self, e: &Entry, w: &[[f64; 2]]) -> f64 {
        self.eval_parts(e, w).0
    }

    /// The evaluation, the unscaled endgame sum, the scale factor and
    /// whether the factor is a free weight (for the gradient).
    fn eval_parts(&self, e: &Entry, w: &[[f64; 2]]) -> (f64, f64, f64, bool) {
        let (mg, eg) = self.sums(e, w);
        let (factor, free) = Self::scale(e, w);
        let eval = mg * e.mg_share as f64 + eg * factor * e.eg_share() + e.fixed as f64;
        (eval, eg, factor, free)
    }

    /// The training target of `e`: its result, blended with the expected
    /// result of its search score.
    fn target(e: &Entry, k: f64, lambda: f64) -> f64 {
        match e.score {
            Some(s) => lambda * e.result as f64 + (1.0 - lambda) * sigmoid(k * s as f64),
            None => e.result as f64,
        }
    }

    /// Mean squared error over `range` of the entries.
    fn loss(&self, w: &[[f64; 2]], k: f64, lambda: f64, range: std::ops::Range<usize>) -> f64 {
        let n = range.len().max(1) as f64;
        self.entries[range]
            .iter()
            .map(|e| {
                let s = sigmoid(k * self.eval(e, w));
                let d = Self::target(e, k, lambda) - s;
                d * d
            })
            .sum::<f64>()
            / n
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-x / 400.0))
}

/// The starting weights as floats.
pub fn current_weights() -> Vec<[f64; 2]> {
    W.iter().map(|s| [s.0 as f64, s.1 as f64]).collect()
}

/// The `K` that best fits `w` on the training part (golden-section search).
fn fit_k(data: &Data, w: &[[f64; 2]], train: std::ops::Range<usize>) -> f64 {
    let (mut lo, mut hi) = (0.2f64, 4.0f64);
    let g = 0.618_033_988_75;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if data.loss(w, a, 1.0, train.clone()) < data.loss(w, b, 1.0, train.clone()) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Runs the tuner; `report` receives one line per checkpoint. Returns the
/// weights with the lowest held-out loss.
pub fn tune(data: &Data, config: &Config, report: &mut dyn FnMut(&str)) -> Vec<[f64; 2]> {
    let n = data.len();
    let split = n - n / 10;
    let (train, valid) = (0..split, split..n);
    let mut w = current_weights();
    let k = fit_k(data, &w, train.clone());
    let mut best = w.clone();
    let mut best_valid = data.loss(&w, k, config.lambda, valid.clone());
    report(&format!(
        "{n} positions ({} training, {} held out); K = {k:.4}; start: training loss {:.6}, held-out loss {best_valid:.6}",
        train.len(),
        valid.len(),
        data.loss(&w, k, config.lambda, train.clone())
    ));
    let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![[0f64; 2]; N];
    let mut v = vec![[0f64; 2]; N];
    let mut grad = vec![[0f64; 2]; N];
    let ln10 = std::f64::consts::LN_10;
    let start = w.clone();
    let mut free = vec![true; N];
    for &(name, first, len, _) in GROUPS {
        if config.frozen.iter().any(|f| f.eq_ignore_ascii_case(name)) {
            free[first..first + len].fill(false);
        }
    }
    for epoch in 1..=config.epochs {
        for g in grad.iter_mut() {
            *g = [0.0; 2];
        }
        for e in &data.entries[train.clone()] {
            let (eval, eg, factor, scale_free) = data.eval_parts(e, &w);
            let s = sigmoid(k * eval);
            // d(loss)/d(eval), without the constant factor 2/n.
            let d = (s - Data::target(e, k, config.lambda)) * s * (1.0 - s) * k * ln10 / 400.0;
            let (dm, de) = (d * e.mg_share as f64, d * factor * e.eg_share());
            if scale_free {
                // The factor multiplies the whole endgame sum.
                grad[e.scale_weight as usize][1] += d * eg * e.eg_share() / SCALE_NORMAL as f64;
            }
            for &(i, c) in &data.terms[e.start as usize..e.start as usize + e.len as usize] {
                grad[i as usize][0] += dm * c as f64;
                grad[i as usize][1] += de * c as f64;
            }
        }
        let scale = 2.0 / train.len() as f64;
        let t = epoch as i32;
        for i in (0..N).filter(|&i| free[i]) {
            for p in 0..2 {
                let g = grad[i][p] * scale + 2.0 * config.l2 * (w[i][p] - start[i][p]);
                m[i][p] = beta1 * m[i][p] + (1.0 - beta1) * g;
                v[i][p] = beta2 * v[i][p] + (1.0 - beta2) * g * g;
                let mh = m[i][p] / (1.0 - beta1.powi(t));
                let vh = v[i][p] / (1.0 - beta2.powi(t));
                w[i][p] -= config.learning_rate * mh / (vh.sqrt() + eps);
            }
            if SCALE_WEIGHTS.contains(&i) {
                // A share of the endgame score: 0 to the whole.
                w[i][1] = w[i][1].clamp(0.0, SCALE_NORMAL as f64);
            }
        }
        if epoch % 10 == 0 || epoch == config.epochs {
            let lv = data.loss(&w, k, config.lambda, valid.clone());
            let lt = data.loss(&w, k, config.lambda, train.clone());
            let mark = if lv < best_valid {
                best_valid = lv;
                best = w.clone();
                " (best)"
            } else {
                ""
            };
            report(&format!(
                "epoch {epoch}: training loss {lt:.6}, held-out loss {lv:.6}{mark}"
            ));
        }
    }
    best
}

/// `weights.rs` with its array replaced by `w`, rounded.
pub fn rewrite_weights(source: &str, w: &[[f64; 2]]) -> Result<String, String> {
    const BEGIN: &str = "// BEGIN WEIGHTS\n";
    const END: &str = "// END WEIGHTS";
    let b = source.find(BEGIN).ok_or("no BEGIN WEIGHTS marker")? + BEGIN.len();
    let e = source.find(END).ok_or("no END WEIGHTS marker")?;
    let kinds = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    let mut out = String::new();
    for &(name, start, len, width) in GROUPS {
        let mut first = start;
        while first < start + len {
            if name == "PST" && (first - PST).is_multiple_of(64) {
                out.push_str(&format!("    // PST {}\n", kinds[(first - PST) / 64]));
            } else if first == start {
                out.push_str(&format!("    // {name}\n"));
            }
            let row_end = (first + width).min(start + len);
            let row: Vec<String> = w[first..row_end]
                .iter()
                .map(|x| format!("S({}, {}),", x[0].round() as i32, x[1].round() as i32))
                .collect();
            out.push_str(&format!("    {}\n", row.join(" ")));
            first = row_end;
        }
    }
    Ok(format!("{}{}{}", &source[..b], out, &source[e..]))
}

/// White's-view evaluation of a board under float weights (for tests).
pub fn eval_with(board: &Board, w: &[[f64; 2]]) -> f64 {
    let mut rec = Recorder { coef: [0; N] };
    let (_, fixed) = evaluate_traced(board, &mut rec);
    let mut data = Data {
        terms: Vec::new(),
        entries: Vec::new(),
    };
    data.push(&rec.coef, &fixed, 0.5, None);
    let v = data.eval(&data.entries[0], w);
    if board.side_to_move() == Color::White {
        v
    } else {
        -v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate;

    /// The linear model reproduces the evaluation (up to integer rounding).
    #[test]
    fn trace_matches_evaluation() {
        let w = current_weights();
        let text = include_str!("../../perft-suites/random.epd");
        let mut checked = 0;
        for line in text.lines() {
            let fen = line.split(';').next().unwrap().trim();
            let Ok(b) = Board::from_fen(fen) else {
                continue;
            };
            let engine = evaluate(&b) as f64;
            let model = eval_with(&b, &w);
            assert!((engine - model).abs() <= 3.0, "{fen}: {engine} v {model}");
            checked += 1;
        }
        assert!(checked >= 100);
    }

    #[test]
    fn rewrite_keeps_the_weights() {
        let source = include_str!("../eval/weights.rs");
        let again = rewrite_weights(source, &current_weights()).unwrap();
        assert_eq!(source, again);
    }

    /// The scale factors are weights like the others: when every
    /// opposite-coloured bishop ending two pawns up is drawn, the tuner
    /// lowers that factor (all else frozen), and only that one.
    #[test]
    fn scale_factor_is_tuned() {
        use crate::eval::weights::{GROUPS, SCALE_OCB_BISHOPS_ONLY, SCALE_OCB_WITH_PIECES};
        // Kings e1/e8, bishops f2 (dark) and f7 (light), two White pawns.
        let boards = [
            "4k3/5b2/8/8/3P4/P7/5B2/4K3",
            "4k3/5b2/8/8/1P6/6P1/5B2/4K3",
            "4k3/5b2/8/8/7P/2P5/5B2/4K3",
            "4k3/5b2/8/8/P2P4/8/5B2/4K3",
            "4k3/5b2/8/8/2P5/6P1/5B2/4K3",
            "4k3/5b2/8/8/6PP/8/5B2/4K3",
            "4k3/5b2/8/8/P7/7P/5B2/4K3",
            "4k3/5b2/8/8/2P5/P7/5B2/4K3",
            "4k3/5b2/8/8/1P4P1/8/5B2/4K3",
            "4k3/5b2/8/8/8/2P4P/5B2/4K3",
        ];
        let mut text = String::new();
        for board in boards {
            for side in ["w", "b"] {
                text.push_str(&format!("{board} {side} - - 0 1 [0.5]\n"));
            }
        }
        let data = Data::parse(&text.repeat(8)).unwrap();
        let config = Config {
            epochs: 100,
            learning_rate: 2.0,
            frozen: GROUPS
                .iter()
                .map(|g| g.0.to_string())
                .filter(|n| n != "SCALE")
                .collect(),
            l2: 0.0,
            lambda: 1.0,
        };
        let start = current_weights();
        let w = tune(&data, &config, &mut |_| {});
        let ocb = SCALE_OCB_BISHOPS_ONLY;
        assert!(w[ocb][1] < start[ocb][1] - 20.0, "{:?}", w[ocb]);
        assert!(w[ocb][1] >= 0.0, "{:?}", w[ocb]);
        assert_eq!(w[SCALE_OCB_WITH_PIECES], start[SCALE_OCB_WITH_PIECES]);
        assert_eq!(
            w[crate::eval::weights::MATERIAL],
            start[crate::eval::weights::MATERIAL]
        );
    }

    #[test]
    fn parse_rejects_bad_lines() {
        assert!(Data::parse("8/8/8/8/8/8/8/K6k w - - 0 1 [0.5]").is_ok());
        assert!(Data::parse("8/8/8/8/8/8/8/K6k w - - 0 1").is_err());
        assert!(Data::parse("8/8/8/8/8/8/8/K6k w - - 0 1 [2.0]").is_err());
        assert!(Data::parse("nonsense [1.0]").is_err());
    }
}
