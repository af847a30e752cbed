//! The search's tunable constants (issue 25, item 8): margins, depths and
//! divisors that an SPSA run may fit, each with its default, its range and
//! its SPSA step.
//!
//! A normal build reads every parameter as a constant: `params::rfp_margin()`
//! is its default, folded into the code. A build with `--features tune`
//! keeps each in an atomic and offers it as a UCI spin option of the same
//! name, so that a tuner can set it between games (OpenBench's and
//! Stockfish's `TUNE` convention; `scripts/spsa.py` drives fastchess
//! with it). `ladya spsa-params` prints the list in OpenBench's SPSA input
//! format. The tune build's options are read with relaxed loads; it is for
//! tuning only, never for play.
//!
//! Adding a parameter: one line below, then its function where the
//! constant was. The defaults are the values the search was tested with,
//! so a normal build plays exactly as before.

/// One tunable parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Param {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    /// The SPSA perturbation at the end of a run (OpenBench's `c_end`).
    pub step: f64,
}

impl Param {
    /// The line OpenBench's SPSA form takes: `name, int, default, min,
    /// max, c_end, r_end` (r_end: the learning rate at the end, 0.002 as in
    /// OpenBench's examples).
    pub fn openbench_line(&self) -> String {
        format!(
            "{}, int, {}, {}, {}, {}, 0.002",
            self.name, self.default, self.min, self.max, self.step
        )
    }
}

macro_rules! params {
    ($( $(#[doc = $doc:literal])* $name:ident = $default:literal, $min:literal ..= $max:literal, step $step:literal; )*) => {
        /// Every tunable parameter, in the order declared.
        pub const ALL: &[Param] = &[
            $( Param { name: stringify!($name), default: $default, min: $min, max: $max, step: $step }, )*
        ];

        #[cfg(feature = "tune")]
        #[allow(non_upper_case_globals)]
        mod cells {
            use std::sync::atomic::AtomicI32;
            $( pub static $name: AtomicI32 = AtomicI32::new($default); )*
        }

        $(
            $(#[doc = $doc])*
            #[inline(always)]
            pub fn $name() -> i32 {
                #[cfg(feature = "tune")]
                {
                    cells::$name.load(std::sync::atomic::Ordering::Relaxed)
                }
                #[cfg(not(feature = "tune"))]
                {
                    $default
                }
            }
        )*

        /// Sets the parameter of that name (case-insensitive), clamped to
        /// its range; false when there is none of that name or the build
        /// is not a tune build (whose parameters are constants).
        pub fn set(name: &str, value: i32) -> bool {
            #[cfg(feature = "tune")]
            {
                $( if name.eq_ignore_ascii_case(stringify!($name)) {
                    cells::$name.store(value.clamp($min, $max), std::sync::atomic::Ordering::Relaxed);
                    return true;
                } )*
                false
            }
            #[cfg(not(feature = "tune"))]
            {
                let _ = (name, value);
                false
            }
        }
    };
}

params! {
    /// Reverse futility pruning: the margin a ply.
    rfp_margin = 80, 30..=200, step 8.0;
    /// Reverse futility pruning: the deepest node it applies to.
    rfp_depth = 8, 4..=12, step 0.5;
    /// Null-move pruning: the reduction's fixed part.
    nmp_base = 3, 2..=5, step 0.5;
    /// Null-move pruning: one ply more reduction per this many plies of depth.
    nmp_depth_div = 4, 2..=8, step 0.5;
    /// Null-move pruning: one ply more (at most 3) per this much eval above beta.
    nmp_eval_div = 200, 80..=400, step 15.0;
    /// Futility pruning of quiet moves: the fixed margin.
    fut_base = 100, 20..=250, step 10.0;
    /// Futility pruning of quiet moves: the margin a ply.
    fut_margin = 90, 30..=200, step 8.0;
    /// SEE pruning of quiet moves: the loss allowed a ply.
    see_quiet = 60, 15..=150, step 6.0;
    /// SEE pruning of captures: the loss allowed a ply.
    see_capture = 100, 30..=250, step 10.0;
    /// Late-move reductions: the table's constant term, in hundredths of a ply.
    lmr_base = 75, 0..=150, step 8.0;
    /// Late-move reductions: the divisor of ln(depth)·ln(moves), in hundredths.
    lmr_div = 225, 150..=400, step 15.0;
    /// Late-move reductions: one ply less per this much quiet history.
    lmr_history_div = 8192, 3000..=20000, step 600.0;
    /// The first aspiration window's half-width, in centipawns.
    aspiration_window = 20, 6..=60, step 3.0;
    /// Quiescence delta pruning: the margin above the captured piece's value.
    qs_delta = 200, 50..=500, step 20.0;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_in_their_ranges_and_names_are_unique() {
        for (i, p) in ALL.iter().enumerate() {
            assert!(p.min <= p.default && p.default <= p.max, "{p:?}");
            assert!(p.step > 0.0 && p.step < f64::from(p.max - p.min), "{p:?}");
            assert!(
                ALL[..i]
                    .iter()
                    .all(|q| !q.name.eq_ignore_ascii_case(p.name))
            );
        }
    }

    #[cfg(not(feature = "tune"))]
    #[test]
    fn the_functions_return_the_defaults_in_a_normal_build() {
        assert_eq!(rfp_margin(), 80);
        assert_eq!(lmr_div(), 225);
        assert!(!set("rfp_margin", 100));
        assert_eq!(rfp_margin(), 80);
    }

    #[test]
    fn openbench_lines() {
        let p = ALL.iter().find(|p| p.name == "rfp_margin").unwrap();
        assert_eq!(p.openbench_line(), "rfp_margin, int, 80, 30, 200, 8, 0.002");
    }

    #[cfg(feature = "tune")]
    #[test]
    fn a_tune_build_sets_and_clamps() {
        // Only this test changes a parameter (tests run in parallel).
        assert!(set("QS_DELTA", 250));
        assert_eq!(qs_delta(), 250);
        assert!(set("qs_delta", 10_000));
        assert_eq!(qs_delta(), 500);
        assert!(!set("no_such_thing", 1));
        assert!(set("qs_delta", 200));
    }
}
