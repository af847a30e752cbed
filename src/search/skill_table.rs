//! `UCI_Elo` -> knob (log2 of the node budget), written by
//! `scripts/calibrate_elo.py`: do not edit by hand, run it again. The engine
//! interpolates linearly between rows, so the node budget is geometric between them.
//!
//! Written 2026-12-06 by:
//!   python3 scripts/calibrate_elo.py --results /work/calib37 --games 0 --table src/search/skill_table.rs
//! from the games of:
//!   2026-12-06: python3 scripts/calibrate_elo.py --results /work/calib --engine /work/bin/ladya-1efefe5 --stockfish /usr/games/stockfish --fastchess /work/shared/tools/fastchess --knobs 6,8,10,12,14,16 --anchors 1350,1800,2200,2600 --games 10 --tc 10+0.1 --concurrency 2 (240 games)
//!   2026-12-06: python3 scripts/calibrate_elo.py --results /work/calib --engine /work/bin/ladya-1efefe5 --stockfish /usr/games/stockfish --fastchess /work/shared/tools/fastchess --knobs 6,8,10,12,14,16 --anchors 1350,1600,1800,2000,2200,2400 --near 250 --games 40 --tc 10+0.1 --anchor-tc 1350=3+0.03,1600=3+0.03,1800=6+0.06,2000=6+0.06,2400=15+0.15 --concurrency 2 (134 games)
//!   2026-12-06: python3 scripts/calibrate_elo.py --results /work/calib --engine /work/bin/ladya-1efefe5 --stockfish /usr/games/stockfish --fastchess /work/shared/tools/fastchess --knobs 6,8,10,12,14,16 --anchors 1350,1600,1800,2000,2200,2400 --near 250 --games 50 --tc 10+0.1 --anchor-tc 1350=3+0.03,1600=3+0.03,1800=6+0.06,2000=6+0.06,2400=15+0.15 --concurrency 2 (120 games)
//!   2026-12-06: python3 scripts/calibrate_elo.py --results /work/calib --engine /work/bin/ladya-1efefe5 --stockfish /usr/games/stockfish --fastchess /work/shared/tools/fastchess --knobs full --anchors 2500 --games 100 --tc 10+0.1 --anchor-tc 2500=depth --concurrency 2 (100 games)
//!   2026-12-06: python3 scripts/calibrate_elo.py --results /work/calib --engine /work/bin/ladya-1efefe5 --stockfish /usr/games/stockfish --fastchess /work/shared/tools/fastchess --tc 10+0.1 --concurrency 2 --knobs 18 --anchors 2000,2200,2400 --games 40 --anchor-tc 2000=6+0.06,2200=depth,2400=depth (120 games)
//!   2026-12-06: python3 scripts/calibrate_elo.py --results /work/calib-val --engine /work/bin/ladya-47bd5f4 --stockfish /usr/games/stockfish --fastchess /work/shared/tools/fastchess --validate 2400 --games 100 --tc 10+0.1 --anchor-tc 2400=depth --concurrency 2 (100 games)
//!   2026-12-06: python3 scripts/calibrate_elo.py --results /work/calib37 --engine /work/bin/ladya-cc55425 --stockfish /usr/games/stockfish --fastchess /work/shared/tools/fastchess --tc 10+0.1 --concurrency 2 --knobs 20 --anchors 2200,2400,2500 --games 40 --anchor-tc 2200=depth,2400=depth,2500=depth (120 games)
//!   2026-12-06: python3 scripts/calibrate_elo.py --results /work/calib37 --engine /work/bin/ladya-cc55425 --stockfish /usr/games/stockfish --fastchess /work/shared/tools/fastchess --tc 10+0.1 --concurrency 2 --knobs 19 --anchors 2200,2400 --games 40 --anchor-tc 2200=depth,2400=depth (80 games)
//!   2026-12-06: python3 scripts/calibrate_elo.py --results /work/calib37 --engine /work/bin/ladya-cc55425 --stockfish /usr/games/stockfish --fastchess /work/shared/tools/fastchess --tc 10+0.1 --concurrency 2 --anchor-tc 1350=3+0.03,1600=3+0.03,1800=6+0.06,2000=6+0.06,2200=depth,2400=depth,2500=depth --knobs 11 --anchors 1350,1600,1800 --games 40 (120 games)
//!   2026-12-06: python3 scripts/calibrate_elo.py --results /work/calib37 --engine /work/bin/ladya-cc55425 --stockfish /usr/games/stockfish --fastchess /work/shared/tools/fastchess --tc 10+0.1 --concurrency 2 --anchor-tc 1350=3+0.03,1600=3+0.03,1800=6+0.06,2000=6+0.06,2200=depth,2400=depth,2500=depth --knobs 13 --anchors 1600,1800,2000 --games 40 (120 games)
//!   2026-12-06: python3 scripts/calibrate_elo.py --results /work/calib37 --engine /work/bin/ladya-cc55425 --stockfish /usr/games/stockfish --fastchess /work/shared/tools/fastchess --tc 10+0.1 --concurrency 2 --anchor-tc 1350=3+0.03,1600=3+0.03,1800=6+0.06,2000=6+0.06,2200=depth,2400=depth,2500=depth --knobs full --anchors 2400 --games 40 (40 games)
//!   2026-12-06: python3 scripts/calibrate_elo.py --results /work/calib37 --engine /work/bin/ladya-cc55425 --stockfish /usr/games/stockfish --fastchess /work/shared/tools/fastchess --tc 10+0.1 --concurrency 2 --anchor-tc 2400=depth --knobs full --anchors 2400 --games 100 (60 games)
//! 1883 games against Stockfish 15.1's UCI_Elo anchors; fit: polyline in the knob; top: the fitted full strength rounded down to 50.
//! The report (points, intervals, curve) is /work/calib37/report.md;
//! docs/strength-limit.md explains the scale.

/// Whether a calibration run wrote this table (false: session 15's
/// hand-fitted anchors, reproduced).
pub const CALIBRATED: bool = true;

/// The weakest `UCI_Elo`.
pub const MIN_ELO: u32 = 1320;

/// Full strength on the ladder: `UCI_Elo` at or above it plays at full
/// strength. This top is the fitted full strength rounded down to 50.
pub const MAX_ELO: u32 = 2450;

/// `(UCI_Elo, log2 of the node budget)`, both increasing; the first row is
/// `MIN_ELO` and the last `MAX_ELO` (whose knob only shapes the approach).
/// Rows marked `// extrapolated` lie outside the knobs that were played.
pub const ELO_TO_LOG2_NODES: [(u32, f64); 24] = [
    (1320, 5.1183), // extrapolated
    (1350, 6.0967),
    (1400, 7.7273),
    (1450, 10.0773),
    (1500, 10.5840),
    (1550, 11.0548),
    (1600, 11.3609),
    (1650, 11.6669),
    (1700, 11.9730),
    (1750, 12.3789),
    (1800, 12.7944),
    (1850, 13.3616),
    (1900, 14.0767),
    (1950, 14.7874),
    (2000, 15.4980),
    (2050, 16.2633),
    (2100, 17.1601),
    (2150, 18.0133),
    (2200, 18.2222),
    (2250, 18.4311),
    (2300, 18.6400),
    (2350, 18.8489),
    (2400, 19.1929),
    (2450, 19.8900),
];
