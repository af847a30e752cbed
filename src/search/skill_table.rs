//! `UCI_Elo` -> knob (log2 of the node budget), in the format that
//! `scripts/calibrate_elo.py` writes; the engine interpolates linearly
//! between rows, so the node budget is geometric between them.
//!
//! NOT YET CALIBRATED. These rows are written by hand: they reproduce the
//! anchors that session 15 fitted by hand with the r4 net (1320: 60 nodes,
//! 1600: 3,000, 2000: 40,000, 2400 approached by 1,000,000 and played at
//! full strength; docs/strength-limit.md), stale since r7b. The real
//! ladder replaces this file with the tool's output, e.g.
//!   python3 scripts/calibrate_elo.py --results RESULTS --table src/search/skill_table.rs ...
//! and that output's header gives its own command and date.

/// Whether a calibration run wrote this table (false: session 15's
/// hand-fitted anchors, reproduced).
pub const CALIBRATED: bool = false;

/// The weakest `UCI_Elo`.
pub const MIN_ELO: u32 = 1320;

/// Full strength on the ladder: `UCI_Elo` at or above it plays at full
/// strength (a fitted table puts the fitted full strength here, rounded
/// down to 50).
pub const MAX_ELO: u32 = 2400;

/// `(UCI_Elo, log2 of the node budget)`, both increasing; the first row is
/// `MIN_ELO` and the last `MAX_ELO` (whose knob only shapes the approach).
pub const ELO_TO_LOG2_NODES: [(u32, f64); 4] = [
    (1320, 5.906890595608519),
    (1600, 11.550746785383243),
    (2000, 15.287712379549449),
    (2400, 19.931568569324174),
];
