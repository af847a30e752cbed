//! `ladya net-scale`: whether a new net's centipawns are on the scale of
//! a reference net's (issue 26: "before any match, the slope of the new
//! net's evaluations against r4's on 50,000 positions"). The search's
//! margins (futility, razoring, aspiration windows, delta pruning) were
//! tuned in the reference's centipawns, so a net whose evaluations come
//! out 1.3 times as large prunes as if the margins were 1.3 times
//! smaller.
//!
//! Both nets are read and evaluated by the engine's own code
//! (`Network::load`, `Network::evaluate`: the static evaluation from the
//! side to move's view, in the centipawns the search sees), on the
//! positions the trainer would keep from a game file (`kept_positions`,
//! the default filters).

use super::Config;
use super::data::kept_positions;
use crate::eval::nnue::Network;
use crate::eval::nnue::format::NetError;
use crate::selfplay::gamefile::read_files;
use crate::tool::CliError;

/// Reference evaluations beyond this (centipawns, either side) are left
/// out of the second column: least squares weighs a position by its
/// squared distance from the mean, so a few won positions at ±2000 would
/// otherwise decide the slope.
pub const SCALE_WINDOW: f64 = 1000.0;

/// The least-squares fit of `y` (the new net) on `x` (the reference) over
/// a set of positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    pub positions: usize,
    /// The slope of the line `y = slope·x + intercept` (ordinary least
    /// squares): the headline, as it keeps a constant offset between the
    /// nets (a different tempo, say) out of the scale.
    pub slope: f64,
    pub intercept: f64,
    /// The slope of the line `y = slope·x` through the origin.
    pub slope_through_origin: f64,
    /// Pearson's correlation of `x` and `y`.
    pub correlation: f64,
    /// The standard deviation of `y` over that of `x`. Where the nets
    /// disagree (correlation below 1) the least-squares slope is this
    /// times the correlation, whichever way the scales compare, so it
    /// comes out below the ratio of the spreads (regression dilution);
    /// this ratio is the same whichever net is called new.
    pub spread_ratio: f64,
    /// The mean of `|y − x|`.
    pub mean_abs_difference: f64,
    /// The means of `|x|` and `|y|`.
    pub mean_abs_x: f64,
    pub mean_abs_y: f64,
}

impl Fit {
    /// The fit of `y` on `x` over `pairs` of `(x, y)`; `None` when there
    /// are fewer than two or when `x` or `y` never varies (no slope or no
    /// correlation).
    pub fn of(pairs: &[(f64, f64)]) -> Option<Fit> {
        let n = pairs.len();
        if n < 2 {
            return None;
        }
        let count = n as f64;
        let mean = |f: &dyn Fn(&(f64, f64)) -> f64| pairs.iter().map(f).sum::<f64>() / count;
        let (mx, my) = (mean(&|p| p.0), mean(&|p| p.1));
        // Sums of centred products: no cancellation between two large
        // sums, as Σxy − n·x̄·ȳ would risk.
        let (mut sxx, mut syy, mut sxy) = (0.0, 0.0, 0.0);
        let (mut xx, mut xy) = (0.0, 0.0);
        for &(x, y) in pairs {
            let (dx, dy) = (x - mx, y - my);
            sxx += dx * dx;
            syy += dy * dy;
            sxy += dx * dy;
            xx += x * x;
            xy += x * y;
        }
        if sxx == 0.0 || syy == 0.0 {
            return None;
        }
        let slope = sxy / sxx;
        Some(Fit {
            positions: n,
            slope,
            intercept: my - slope * mx,
            slope_through_origin: xy / xx,
            correlation: sxy / (sxx * syy).sqrt(),
            spread_ratio: (syy / sxx).sqrt(),
            mean_abs_difference: mean(&|p| (p.1 - p.0).abs()),
            mean_abs_x: mean(&|p| p.0.abs()),
            mean_abs_y: mean(&|p| p.1.abs()),
        })
    }
}

/// One figure of a fit, as the report writes it.
type Figure = fn(&Fit) -> String;

/// Reads a net file; the error names the file.
fn load_net(path: &str) -> Result<Network, CliError> {
    Network::load(path).map_err(|e| {
        CliError::BadInput(match e {
            NetError::Io(message) => message,
            e => format!("{path}: {e}"),
        })
    })
}

/// `ladya net-scale`: evaluates the first `positions` positions of the
/// game files `data_paths` that pass the trainer's filters with the nets
/// `new_path` and `reference_path`, and reports the fit of the new net's
/// evaluations on the reference's: over all of them, and over those the
/// reference puts within ±`SCALE_WINDOW`.
pub fn net_scale_files(
    new_path: &str,
    reference_path: &str,
    data_paths: &[String],
    positions: usize,
    report: &mut impl std::io::Write,
) -> Result<(), CliError> {
    if positions == 0 {
        return Err(CliError::BadInput(
            "--positions 0: nothing to measure".into(),
        ));
    }
    let new = load_net(new_path)?;
    let reference = load_net(reference_path)?;
    let games = read_files(data_paths).map_err(CliError::BadInput)?;
    let filters = Config::default();
    let mut pairs = Vec::with_capacity(positions.min(1 << 20));
    let mut games_used = 0;
    for g in &games {
        if pairs.len() == positions {
            break;
        }
        games_used += 1;
        for (_, board, _) in kept_positions(g, &filters).take(positions - pairs.len()) {
            let x = reference.evaluate(&board) as f64;
            let y = new.evaluate(&board) as f64;
            pairs.push((x, y));
        }
    }
    let data = data_paths.join(",");
    let Some(all) = Fit::of(&pairs) else {
        return Err(CliError::BadInput(format!(
            "{data}: {} positions pass the filters, too few to fit a line (or the evaluations never vary)",
            pairs.len()
        )));
    };
    let within: Vec<(f64, f64)> = pairs
        .iter()
        .copied()
        .filter(|p| p.0.abs() <= SCALE_WINDOW)
        .collect();
    let window = Fit::of(&within);
    let io = CliError::Io;
    writeln!(report, "new:       {new_path}, {}", new.describe()).map_err(io)?;
    writeln!(
        report,
        "reference: {reference_path}, {}",
        reference.describe()
    )
    .map_err(io)?;
    writeln!(
        report,
        "data:      {data}: the first {} positions that pass the trainer's filters (not in check, no capture or promotion played, score no mate and within +-{}), from {games_used} of {} games",
        pairs.len(),
        filters.max_score,
        games.len()
    )
    .map_err(io)?;
    writeln!(
        report,
        "evaluations: side to move's view, centipawns; y = new, x = reference"
    )
    .map_err(io)?;
    writeln!(
        report,
        "{:<30}{:>16}{:>22}",
        "",
        "all positions",
        format!("|reference| <= {SCALE_WINDOW}")
    )
    .map_err(io)?;
    let rows: [(&str, Figure); 9] = [
        ("positions", |f| f.positions.to_string()),
        ("slope (with intercept)", |f| format!("{:.4}", f.slope)),
        ("intercept (cp)", |f| format!("{:.2}", f.intercept)),
        ("slope through the origin", |f| {
            format!("{:.4}", f.slope_through_origin)
        }),
        ("correlation", |f| format!("{:.4}", f.correlation)),
        ("sd(new) / sd(reference)", |f| {
            format!("{:.4}", f.spread_ratio)
        }),
        ("mean |new - reference| (cp)", |f| {
            format!("{:.2}", f.mean_abs_difference)
        }),
        ("mean |new| (cp)", |f| format!("{:.2}", f.mean_abs_y)),
        ("mean |reference| (cp)", |f| format!("{:.2}", f.mean_abs_x)),
    ];
    for (name, value) in rows {
        let second = window.as_ref().map_or("-".to_string(), value);
        writeln!(report, "{name:<30}{:>16}{second:>22}", value(&all)).map_err(io)?;
    }
    writeln!(
        report,
        "scale: {:.4} (the slope with intercept over all positions; near 1.0 keeps the search's margins in the reference's centipawns)",
        all.slope
    )
    .map_err(io)
}

#[cfg(test)]
mod tests {
    use super::Fit;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn an_exact_line_through_the_origin() {
        let pairs: Vec<(f64, f64)> = [-300.0, -20.0, 0.0, 50.0, 700.0]
            .iter()
            .map(|&x| (x, 2.0 * x))
            .collect();
        let f = Fit::of(&pairs).unwrap();
        assert_eq!(f.positions, 5);
        assert!(close(f.slope, 2.0), "{f:?}");
        assert!(close(f.intercept, 0.0), "{f:?}");
        assert!(close(f.slope_through_origin, 2.0), "{f:?}");
        assert!(close(f.correlation, 1.0), "{f:?}");
        assert!(close(f.spread_ratio, 2.0), "{f:?}");
        // |2x − x| = |x|: 1070 / 5.
        assert!(close(f.mean_abs_difference, 214.0), "{f:?}");
        assert!(close(f.mean_abs_x, 214.0), "{f:?}");
        assert!(close(f.mean_abs_y, 428.0), "{f:?}");
    }

    #[test]
    fn an_offset_line_and_a_falling_one() {
        // y = 3x + 10 over x = 0, 1, 2: the intercept is 10; through the
        // origin, Σxy / Σx² = (13 + 32) / 5 = 9.
        let f = Fit::of(&[(0.0, 10.0), (1.0, 13.0), (2.0, 16.0)]).unwrap();
        assert!(close(f.slope, 3.0) && close(f.intercept, 10.0), "{f:?}");
        assert!(close(f.slope_through_origin, 9.0), "{f:?}");
        assert!(close(f.correlation, 1.0), "{f:?}");
        let f = Fit::of(&[(1.0, -1.0), (2.0, -2.0), (4.0, -4.0)]).unwrap();
        assert!(close(f.slope, -1.0) && close(f.correlation, -1.0), "{f:?}");
        assert!(close(f.mean_abs_difference, 14.0 / 3.0), "{f:?}");
    }

    #[test]
    fn scattered_points() {
        // x = 1, 2, 3 and y = 1, 3, 2: the means are 2 and 2, Sxx = Syy =
        // 2, Sxy = 1, so the slope is 1/2, the intercept 1, r = 1/2, and
        // through the origin Σxy / Σx² = 13 / 14.
        let f = Fit::of(&[(1.0, 1.0), (2.0, 3.0), (3.0, 2.0)]).unwrap();
        assert!(close(f.slope, 0.5), "{f:?}");
        assert!(close(f.intercept, 1.0), "{f:?}");
        assert!(close(f.correlation, 0.5), "{f:?}");
        assert!(close(f.slope_through_origin, 13.0 / 14.0), "{f:?}");
        // The same spread: slope = r · sd(y) / sd(x).
        assert!(close(f.spread_ratio, 1.0), "{f:?}");
        assert!(close(f.mean_abs_difference, 2.0 / 3.0), "{f:?}");
    }

    #[test]
    fn no_fit_without_spread() {
        assert_eq!(Fit::of(&[]), None);
        assert_eq!(Fit::of(&[(5.0, 7.0)]), None);
        assert_eq!(Fit::of(&[(5.0, 1.0), (5.0, 2.0)]), None);
        assert_eq!(Fit::of(&[(1.0, 2.0), (3.0, 2.0)]), None);
    }
}
