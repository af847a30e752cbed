//! `ladya wdl-fit`: fits the win-draw-loss model (`eval::wdl`) to
//! self-play games by maximum likelihood.
//!
//! Every fourth position from the ninth ply on with a score within ±2000
//! (no mate) is one observation: its search score `x` and material `m` from the
//! game record, and the game's result from the side to move's view. The
//! negative log-likelihood of `win(x, m)`, `1 - win(x) - win(-x)` and
//! `win(-x, m)` is minimised by Adam over the six coefficients, full
//! batch.

use crate::board::Color;
use crate::eval::wdl::{MODEL, WdlModel, material};
use crate::selfplay::gamefile::{GameRecord, MATE_SCORE, read_files};
use crate::tool::CliError;
use std::io::Write;

/// `ladya wdl-fit`: fits the model to the games of `paths`, starting from
/// the engine's own, and reports the steps and the fitted coefficients.
pub fn fit_files(paths: &[String], steps: usize, report: &mut impl Write) -> Result<(), CliError> {
    let games = read_files(paths).map_err(CliError::BadInput)?;
    let obs = observations(&games);
    if obs.is_empty() {
        return Err(CliError::BadInput("no positions to fit".into()));
    }
    let mut io_error = None;
    let model = fit(&obs, MODEL, steps, &mut |step, loss| {
        if let Err(e) =
            writeln!(report, "step {step:4}  log-loss {loss:.6}").and_then(|_| report.flush())
        {
            io_error.get_or_insert(e);
        }
    });
    if let Some(e) = io_error {
        return Err(CliError::Io(e));
    }
    writeln!(
        report,
        "{} positions of {} games\na = {:?}\nb = {:?}",
        obs.len(),
        games.len(),
        model.a,
        model.b
    )
    .map_err(CliError::Io)
}

/// One observation: score (side to move), scaled material, result (side to move: 0, 1, 2).
pub struct Observation {
    x: f64,
    m: f64,
    result: u8,
}

pub fn observations(games: &[GameRecord]) -> Vec<Observation> {
    let mut out = Vec::new();
    for g in games {
        for (ply, (board, _, score)) in g.positions().enumerate() {
            if ply < 8 || ply % 4 != 0 || score.abs() >= MATE_SCORE || score.abs() > 2000 {
                continue;
            }
            let white = board.side_to_move() == Color::White;
            out.push(Observation {
                x: if white { score as f64 } else { -score as f64 },
                m: material(&board),
                result: if white { g.result } else { 2 - g.result },
            });
        }
    }
    out
}

/// The mean negative log-likelihood of `model` on `obs`.
pub fn nll(model: &WdlModel, obs: &[Observation]) -> f64 {
    let eps = 1e-9;
    obs.iter()
        .map(|o| {
            let w = model.win(o.x, o.m);
            let l = model.win(-o.x, o.m);
            let p = match o.result {
                2 => w,
                0 => l,
                _ => 1.0 - w - l,
            };
            -(p.max(eps)).ln()
        })
        .sum::<f64>()
        / obs.len().max(1) as f64
}

/// Fits the model, starting from `start`; reports every 100 steps.
pub fn fit(
    obs: &[Observation],
    start: WdlModel,
    steps: usize,
    report: &mut dyn FnMut(usize, f64),
) -> WdlModel {
    let mut p = [
        start.a[0], start.a[1], start.a[2], start.b[0], start.b[1], start.b[2],
    ];
    let model = |p: &[f64; 6]| WdlModel {
        a: [p[0], p[1], p[2]],
        b: [p[3], p[4], p[5]],
    };
    let (mut m1, mut m2) = ([0.0f64; 6], [0.0f64; 6]);
    let lr = 3.0;
    for step in 1..=steps {
        // Numerical gradient: six parameters, each a full pass.
        let base = nll(&model(&p), obs);
        let mut g = [0.0; 6];
        for i in 0..6 {
            let h = 1e-3 * p[i].abs().max(1.0);
            let mut q = p;
            q[i] += h;
            g[i] = (nll(&model(&q), obs) - base) / h;
        }
        for i in 0..6 {
            m1[i] = 0.9 * m1[i] + 0.1 * g[i];
            m2[i] = 0.999 * m2[i] + 0.001 * g[i] * g[i];
            let mh = m1[i] / (1.0 - 0.9f64.powi(step as i32));
            let vh = m2[i] / (1.0 - 0.999f64.powi(step as i32));
            p[i] -= lr * mh / (vh.sqrt() + 1e-12);
        }
        if step % 100 == 0 || step == steps {
            report(step, base);
        }
    }
    model(&p)
}
