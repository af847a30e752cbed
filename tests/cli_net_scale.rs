//! `ladya net-scale` driven through the real binary, on
//! `tests/data/validation-head.lgf`: the first 10 games of
//! `data/nnue/validation.lgf` (`xz -dc data/nnue/validation.lgf.xz | head
//! -c 3399`; records follow one another with nothing between them), 933
//! positions after the trainer's filters.

const NET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/round4-h128.lnn");
const OTHER_NET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/round6-h128-cand.lnn");
const DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/validation-head.lgf"
);

mod common;
use common::cli::{ladya, stderr};

/// The report of a successful run.
fn net_scale(new: &str, reference: &str, extra: &[&str]) -> String {
    let mut args = vec!["net-scale", "--net", new, "--reference", reference];
    args.extend(["--data", DATA]);
    args.extend(extra);
    let o = ladya(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A row's two figures: over all positions and over those the reference
/// puts within ±1000.
fn row(report: &str, name: &str) -> (f64, f64) {
    let line = report
        .lines()
        .find(|l| l.starts_with(name))
        .unwrap_or_else(|| panic!("no row {name} in\n{report}"));
    let figures: Vec<f64> = line[name.len()..]
        .split_whitespace()
        .map(|f| f.parse().unwrap())
        .collect();
    assert_eq!(figures.len(), 2, "{line}");
    (figures[0], figures[1])
}

/// The trainer's filters, as the library applies them.
fn kept() -> usize {
    let games = ladya::selfplay::gamefile::read_file(DATA).unwrap();
    let config = ladya::train::Config::default();
    games
        .iter()
        .map(|g| ladya::train::kept_positions(g, &config).count())
        .sum()
}

#[test]
fn a_net_against_itself_has_slope_one() {
    let report = net_scale(NET, NET, &[]);
    let positions = kept();
    assert_eq!(positions, 933);
    assert_eq!(row(&report, "positions").0, positions as f64, "{report}");
    for name in [
        "slope (with intercept)",
        "slope through the origin",
        "correlation",
        "sd(new) / sd(reference)",
    ] {
        assert_eq!(row(&report, name), (1.0, 1.0), "{report}");
    }
    assert_eq!(row(&report, "intercept (cp)"), (0.0, 0.0), "{report}");
    assert_eq!(
        row(&report, "mean |new - reference| (cp)"),
        (0.0, 0.0),
        "{report}"
    );
    assert_eq!(
        row(&report, "mean |new| (cp)"),
        row(&report, "mean |reference| (cp)")
    );
    assert!(row(&report, "mean |new| (cp)").0 > 100.0, "{report}");
    assert!(report.contains("scale: 1.0000"), "{report}");
    // --positions takes the first that pass the filters.
    let report = net_scale(NET, NET, &["--positions", "100"]);
    assert_eq!(row(&report, "positions").0, 100.0, "{report}");
}

#[test]
fn two_nets_of_one_scale() {
    // r6 against r4 (the figures on the whole validation file are in
    // docs/nnue.md): near, but not at, 1.
    let report = net_scale(OTHER_NET, NET, &[]);
    let (slope, _) = row(&report, "slope (with intercept)");
    let (r, _) = row(&report, "correlation");
    assert!((0.7..1.3).contains(&slope), "{report}");
    assert!((0.9..1.0).contains(&r), "{report}");
    assert!(
        row(&report, "mean |new - reference| (cp)").0 > 1.0,
        "{report}"
    );
}

/// Bad input: one line on stderr that names the file, exit status 2.
#[test]
fn bad_files_are_one_line_errors() {
    let run = |new: &str, reference: &str, data: &str, needle: &str| {
        let o = ladya(&[
            "net-scale",
            "--net",
            new,
            "--reference",
            reference,
            "--data",
            data,
        ]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(o.stdout.is_empty());
    };
    run("/nonexistent/new.lnn", NET, DATA, "/nonexistent/new.lnn");
    run(NET, "/nonexistent/ref.lnn", DATA, "/nonexistent/ref.lnn");
    run(NET, NET, "/nonexistent/games.lgf", "/nonexistent/games.lgf");
    // A game file as a net, a net as a game file.
    run(DATA, NET, DATA, "not a Ladya net");
    run(NET, NET, NET, "not a Ladya game file");
    let o = ladya(&[
        "net-scale",
        "--net",
        NET,
        "--reference",
        NET,
        "--data",
        DATA,
        "--positions",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}
