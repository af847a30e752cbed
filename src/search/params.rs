//! The search's tunable constants (issue 25, item 8; every one of them
//! since issue 45, item 5): margins, depths, divisors, weights and the time
//! manager's scales that an SPSA run may fit, each with its default, its
//! range and its SPSA step. What stays a bare constant in the search is not
//! a tuner's to move: table sizes, mate and ply bounds, the UCI options'
//! defaults, the emergency brake.
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
    // Pruning before the move loop (pvs.rs, steps 7 to 9).
    /// Reverse futility pruning: the margin a ply.
    rfp_margin = 80, 30..=200, step 8.0;
    /// Reverse futility pruning: the deepest node it applies to.
    rfp_depth = 8, 4..=12, step 0.5;
    /// Null-move pruning: the least depth of a node that tries it.
    nmp_min_depth = 3, 1..=6, step 0.5;
    /// Null-move pruning: the reduction's fixed part.
    nmp_base = 3, 2..=5, step 0.5;
    /// Null-move pruning: one ply more reduction per this many plies of depth.
    nmp_depth_div = 4, 2..=8, step 0.5;
    /// Null-move pruning: one ply more per this much eval above beta ...
    nmp_eval_div = 200, 80..=400, step 15.0;
    /// ... up to this many plies.
    nmp_eval_max = 3, 1..=6, step 0.5;
    /// ProbCut (probcut.rs): the least depth of a node that tries it
    /// (Stockfish 15: depth > 4).
    probcut_min_depth = 5, 3..=8, step 0.5;
    /// ProbCut: the reduced search is this many plies shallower than the
    /// node; its result is stored one ply deeper than that (the capture's
    /// own ply).
    probcut_reduction = 4, 2..=6, step 0.5;
    /// ProbCut: `probcut_beta` is beta plus this margin, less
    /// `probcut_improving` when the side to move is improving (its moves
    /// are then more likely to hold, so less proof is asked). Stockfish
    /// 15's 179 - 46 · improving are in its internal units, 208 to the
    /// pawn (`PawnValueEg`, which its UCI output shows as 100 cp): about
    /// 86 - 22 · improving centipawns, here rounded as razoring's margin
    /// was (369 + 254·d² there, 180 + 120·d² here).
    probcut_margin = 90, 40..=200, step 8.0;
    /// ProbCut: the margin's cut when improving (see `probcut_margin`).
    probcut_improving = 20, 0..=50, step 3.0;
    /// Internal iterative reduction: the least depth of a node without a
    /// hash move that is searched a ply shallower.
    iir_min_depth = 4, 2..=8, step 0.5;

    // Pruning in the move loop (pvs.rs, step 11).
    /// Late-move pruning: the deepest node it applies to.
    lmp_depth = 6, 3..=10, step 0.5;
    /// Late-move pruning: a quiet is pruned once `(lmp_base + lmp_scale ·
    /// depth²) / 100` moves (halved when not improving) have been seen;
    /// both in hundredths of a move, so that 300 and 100 are 3 + depth².
    lmp_base = 300, 100..=800, step 30.0;
    /// Late-move pruning: the depth² term's weight, in hundredths.
    lmp_scale = 100, 50..=200, step 8.0;
    /// Futility pruning of quiet moves: the deepest node it applies to.
    fut_depth = 6, 3..=10, step 0.5;
    /// Futility pruning of quiet moves: the fixed margin.
    fut_base = 100, 20..=250, step 10.0;
    /// Futility pruning of quiet moves: the margin a ply.
    fut_margin = 90, 30..=200, step 8.0;
    /// SEE pruning of quiet moves: the deepest node it applies to.
    see_quiet_depth = 6, 3..=10, step 0.5;
    /// SEE pruning of quiet moves: the loss allowed a ply.
    see_quiet = 60, 15..=150, step 6.0;
    /// SEE pruning of captures: the deepest node it applies to.
    see_capture_depth = 6, 3..=10, step 0.5;
    /// SEE pruning of captures: the loss allowed a ply.
    see_capture = 100, 30..=250, step 10.0;

    // Singular extensions (singular.rs, pvs.rs step 11b).
    /// Singular extensions (Hsu and Campbell's idea from Deep Thought, in
    /// the shape of Stockfish 15.1 and Ethereal): a table move with a deep
    /// enough lower bound is first searched without, all the other moves at
    /// half depth in a null window `singular_margin · depth` below its
    /// score. Depths are plies, as Stockfish's. The least depth of a node
    /// that tries it: Ethereal's 8 (Stockfish 15.1: 4 to 6), as each try
    /// costs a half-depth search, and our earlier tries from 7 raised the
    /// node count too much for the gain.
    singular_min_depth = 8, 4..=12, step 0.5;
    /// Singular extensions: the table's bound must come from a search at
    /// most this much shallower (Stockfish's 3).
    singular_tt_slack = 3, 1..=6, step 0.5;
    /// Singular beta is the table score less this many centipawns per ply
    /// of depth. Stockfish 15.1 takes 3 · depth in units of about half a
    /// centipawn (about 1.5 cp · depth), Stockfish 11 2 · depth (about
    /// 1 cp), Ethereal 1 · depth; 2 cp · depth is a little wider than all
    /// of them, so that fewer moves are extended: over-extension is what
    /// sank our two earlier tries (docs/strength.md, session 2).
    singular_margin = 2, 1..=5, step 0.5;
    /// In non-PV nodes, a table move this many centipawns above singular
    /// beta is extended twice. Stockfish 15.1's 26 is about 12 cp; 25 cp
    /// asks for twice as clear a gap.
    double_ext_margin = 25, 10..=60, step 3.0;
    /// At most this many double extensions on one path from the root
    /// (Stockfish 15.1 allowed 9): the double extension is what grows the
    /// tree.
    double_ext_max = 6, 2..=12, step 0.5;

    // Late-move reductions (reductions.rs, pvs.rs step 12).
    /// Late-move reductions: the least depth of a node that reduces.
    lmr_min_depth = 3, 2..=6, step 0.5;
    /// Late-move reductions: the table's constant term, in hundredths of a ply.
    lmr_base = 75, 0..=150, step 8.0;
    /// Late-move reductions: the divisor of ln(depth)·ln(moves), in hundredths.
    lmr_div = 225, 150..=400, step 15.0;
    /// Late-move reductions: whole plies less in a PV node ...
    lmr_pv_node = 1, 0..=3, step 0.5;
    /// ... and again in a node that is or has been on a PV (`tt_pv`, PV
    /// nodes included; Stockfish's ttPv reduction).
    lmr_tt_pv = 1, 0..=3, step 0.5;
    /// Late-move reductions: whole plies more when not improving.
    lmr_not_improving = 1, 0..=3, step 0.5;
    /// Late-move reductions: whole plies less for a killer or counter-move.
    lmr_refutation = 1, 0..=3, step 0.5;
    /// Late-move reductions: whole plies less for a move that gives check.
    lmr_check = 1, 0..=3, step 0.5;
    /// Late-move reductions: one ply less per this much quiet history.
    lmr_history_div = 8192, 3000..=20000, step 600.0;

    // Quiet-move history (history.rs).
    /// The history bonus of a quiet move that caused a cut-off at depth
    /// d: `hist_bonus_mul · d - hist_bonus_offset`, at most
    /// `hist_bonus_max` (about 15% of `HISTORY_MAX`): linear in the depth,
    /// Stockfish's shape scaled to our bound.
    hist_bonus_mul = 300, 150..=600, step 25.0;
    /// The history bonus's offset (see `hist_bonus_mul`).
    hist_bonus_offset = 200, 0..=500, step 25.0;
    /// The history bonus's cap (see `hist_bonus_mul`).
    hist_bonus_max = 2400, 1200..=4800, step 200.0;
    /// The penalty of a quiet move searched before the one that cut off:
    /// `hist_malus_mul · d - hist_malus_offset`, at most `hist_malus_max`;
    /// larger than the bonus (the moves it hits are many and mostly bad,
    /// and one good move among them recovers with its next bonus), as in
    /// Stockfish.
    hist_malus_mul = 350, 150..=700, step 25.0;
    /// The history malus's offset (see `hist_malus_mul`).
    hist_malus_offset = 150, 0..=500, step 25.0;
    /// The history malus's cap (see `hist_malus_mul`).
    hist_malus_max = 2800, 1400..=5600, step 200.0;
    /// The share (percent) of the butterfly history kept from one search
    /// to the next, so that the new position's experience soon dominates.
    hist_age = 50, 20..=90, step 4.0;

    // The iteration (aspiration.rs) and quiescence.
    /// The first aspiration window's half-width, in centipawns.
    aspiration_window = 20, 6..=60, step 3.0;
    /// Aspiration windows from this iteration's depth on.
    aspiration_depth = 5, 2..=8, step 0.5;
    /// After a failure, the window's half-width grows by this many percent
    /// of itself ...
    aspiration_growth = 50, 25..=100, step 4.0;
    /// ... plus this many centipawns.
    aspiration_growth_add = 10, 0..=30, step 2.0;
    /// A half-width past this many centipawns gives way to a full window.
    aspiration_limit = 1000, 400..=2500, step 100.0;
    /// Quiescence delta pruning: the margin above the captured piece's value.
    qs_delta = 200, 50..=500, step 20.0;
    /// The transposition table keeps an entry of the same position and
    /// search this many plies deeper than a new bound (Stockfish's rule:
    /// replace when the new depth is within 4 plies of the old one).
    tt_keep_deeper = 4, 1..=8, step 0.5;

    // Time management (time.rs). A fixed-node tune cannot see these: tune
    // them with a clock (fastchess `tc=`), never with `nodes=`.
    /// Moves assumed left in the game when the GUI does not say
    /// (`movestogo`).
    tm_moves_to_go = 20, 10..=40, step 1.5;
    /// The share (percent) of the increment added to the soft limit.
    tm_inc_percent = 75, 40..=100, step 3.0;
    /// The hard limit: this many percent of the soft limit ...
    tm_hard_scale = 400, 200..=800, step 30.0;
    /// ... and at most this share (percent) of the remaining time.
    tm_hard_percent = 30, 15..=60, step 2.0;
    /// The soft limit's scale (percent) after no iteration with the same
    /// best move: an unsettled move gets more time, a settled one less.
    tm_stable_0 = 140, 80..=250, step 8.0;
    /// The soft limit's scale (percent) after one iteration in a row with
    /// the same best move.
    tm_stable_1 = 100, 60..=180, step 6.0;
    /// ... after two in a row.
    tm_stable_2 = 85, 50..=150, step 5.0;
    /// ... after three or more in a row.
    tm_stable_3 = 70, 40..=120, step 4.0;
    /// A best score that fell by more than this many centipawns in the
    /// last iteration (a threat is being discovered) ...
    tm_drop_margin = 30, 10..=80, step 3.0;
    /// ... stretches the soft limit by this much (percent).
    tm_drop_scale = 150, 100..=250, step 8.0;
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
        assert_eq!(singular_min_depth(), 8);
        assert_eq!(probcut_margin(), 90);
        assert_eq!((lmp_base(), lmp_scale()), (300, 100));
        assert_eq!((hist_bonus_mul(), hist_malus_max()), (300, 2800));
        assert_eq!(tm_stable_0(), 140);
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
