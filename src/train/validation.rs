//! Measuring: the K that fits the results, the hand-crafted
//! evaluation's loss (the baseline), and the three validation losses a
//! run ends with.

use super::Config;
use super::data::Sample;
use super::model::{FloatNet, sigmoid};

/// The K that makes `sigmoid(score / K)` the best predictor (least
/// squares) of the game results of `samples` (real positions only), by
/// golden-section search over 50..1000. Training with it keeps the result
/// and the score parts of the target on one scale, so that the network's
/// centipawns are the search's: with K too large for the data, the
/// results pull the network's scores up (K = 400 on games at 1500 nodes,
/// whose K is about 145, gave evaluations 1.5 times the hand-crafted
/// ones).
pub fn fit_k(samples: &[Sample]) -> f32 {
    let loss = |k: f64| {
        samples
            .iter()
            .filter(|s| !s.hce_only)
            .map(|s| {
                let p = 1.0 / (1.0 + (-(s.score as f64) / k).exp());
                let e = p - s.result as f64 / 2.0;
                e * e
            })
            .sum::<f64>()
    };
    let (mut lo, mut hi) = (50.0f64, 1000.0f64);
    let g = 0.618_033_988_75;
    for _ in 0..40 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0) as f32
}

/// The loss of the hand-crafted evaluation on `samples` (its score
/// through the same sigmoid), the baseline a network has to beat.
pub fn hce_loss(samples: &[Sample], c: &Config) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let e = sigmoid(s.hce as f32 / c.k) - s.target(c);
            (e * e) as f64
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The validation losses of `net`: at the run's λ, against the search's
/// score alone (λ 0) and against the game's result alone (λ 1), each
/// beside the hand-crafted evaluation's on the same positions.
pub(super) fn report_losses(
    net: &FloatNet,
    valid: &[Sample],
    config: &Config,
    report: &mut impl std::io::Write,
) -> std::io::Result<()> {
    for (name, lambda) in [
        (format!("at lambda {}", config.lambda), config.lambda),
        ("against the score alone".to_string(), 0.0),
        ("against the result alone".to_string(), 1.0),
    ] {
        let c = Config {
            lambda,
            ..config.clone()
        };
        writeln!(
            report,
            "validation loss {name}: net {:.6}, hand-crafted evaluation {:.6}",
            net.loss(valid, &c),
            hce_loss(valid, &c)
        )?;
    }
    Ok(())
}
