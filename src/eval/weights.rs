//! The weights of every evaluation term, as (middlegame, endgame) pairs in
//! one flat array, so that the Texel tuner (`ladya tune`, `src/tune/`) can
//! read and rewrite them. Each term's index is a named constant below; the
//! evaluation multiplies a weight by how often its feature occurs.
//!
//! Where the numbers come from (docs/tuning.md has the whole method):
//! the starting values were PeSTO's material and piece-square tables, Fruit
//! 2.1's mobility and hand-set values for the rest; the array between the
//! BEGIN/END markers is then written by `ladya tune` from self-play data.

use super::score::S;

/// Material of pawn, knight, bishop, rook, queen.
pub const MATERIAL: usize = 0;
/// Piece-square tables: pawn, knight, bishop, rook, queen, king, 64 squares each, from the side's own view with a1 first (index `PST + 64 * kind + square`).
pub const PST: usize = MATERIAL + 5;
/// By number of safe squares reached (not own pieces, not attacked by enemy pawns).
pub const MOBILITY_KNIGHT: usize = PST + 384;
pub const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9;
pub const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14;
pub const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15;
pub const BISHOP_PAIR: usize = MOBILITY_QUEEN + 28;
/// No pawn on the rook's file.
pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
/// No own pawn on the rook's file.
pub const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// On the seventh rank with the enemy king on its back rank.
pub const ROOK_ON_SEVENTH: usize = ROOK_SEMI_OPEN_FILE + 1;
/// Per enemy piece (not pawn, not king) attacked by our pawns.
pub const THREAT_BY_PAWN: usize = ROOK_ON_SEVENTH + 1;
/// Per enemy rook or queen attacked by our knights or bishops.
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
/// Per pawn with an own pawn ahead on its file.
pub const DOUBLED: usize = THREAT_BY_MINOR + 1;
pub const ISOLATED: usize = DOUBLED + 1;
/// No own pawn beside or behind on the adjacent files, stop square hit by an enemy pawn.
pub const BACKWARD: usize = ISOLATED + 1;
/// Passed pawn by relative rank.
pub const PASSED: usize = BACKWARD + 1;
/// By the passer's relative rank, per square that the enemy king is farther than ours from the promotion square.
pub const PASSER_KING_DISTANCE: usize = PASSED + 8;
/// Own pawns on the two ranks in front of the king, on its file and the adjacent ones.
pub const SHIELD_PAWN: usize = PASSER_KING_DISTANCE + 8;
/// Per file at or beside the king without an own pawn.
pub const OPEN_FILE_NEAR_KING: usize = SHIELD_PAWN + 1;
/// For the side to move.
pub const TEMPO: usize = OPEN_FILE_NEAR_KING + 1;
/// Pawn defended by an own pawn, or beside one (phalanx), by relative rank.
pub const CONNECTED: usize = TEMPO + 1;
/// Passed pawn whose stop square is occupied, by relative rank.
pub const PASSED_BLOCKED: usize = CONNECTED + 8;
/// Knight on an outpost: relative rank 4-6, defended by an own pawn, and
/// no enemy pawn can ever attack the square.
pub const KNIGHT_OUTPOST: usize = PASSED_BLOCKED + 8;
/// Bishop on such an outpost.
pub const BISHOP_OUTPOST: usize = KNIGHT_OUTPOST + 1;
/// The penalty of a king attacked by two or more enemy pieces, by attack
/// units (capped at 63): each attacker's units per square of the king's
/// zone it hits, plus two per attacker (`king_safety.rs`).
pub const KING_DANGER: usize = BISHOP_OUTPOST + 1;
/// The number of weights.
pub const N: usize = KING_DANGER + 64;

/// Name, first index, length and row width of each group (for the tuner's output).
pub const GROUPS: &[(&str, usize, usize, usize)] = &[
    ("MATERIAL", MATERIAL, 5, 5),
    ("PST", PST, 384, 8),
    ("MOBILITY_KNIGHT", MOBILITY_KNIGHT, 9, 8),
    ("MOBILITY_BISHOP", MOBILITY_BISHOP, 14, 8),
    ("MOBILITY_ROOK", MOBILITY_ROOK, 15, 8),
    ("MOBILITY_QUEEN", MOBILITY_QUEEN, 28, 8),
    ("BISHOP_PAIR", BISHOP_PAIR, 1, 1),
    ("ROOK_OPEN_FILE", ROOK_OPEN_FILE, 1, 1),
    ("ROOK_SEMI_OPEN_FILE", ROOK_SEMI_OPEN_FILE, 1, 1),
    ("ROOK_ON_SEVENTH", ROOK_ON_SEVENTH, 1, 1),
    ("THREAT_BY_PAWN", THREAT_BY_PAWN, 1, 1),
    ("THREAT_BY_MINOR", THREAT_BY_MINOR, 1, 1),
    ("DOUBLED", DOUBLED, 1, 1),
    ("ISOLATED", ISOLATED, 1, 1),
    ("BACKWARD", BACKWARD, 1, 1),
    ("PASSED", PASSED, 8, 8),
    ("PASSER_KING_DISTANCE", PASSER_KING_DISTANCE, 8, 8),
    ("SHIELD_PAWN", SHIELD_PAWN, 1, 1),
    ("OPEN_FILE_NEAR_KING", OPEN_FILE_NEAR_KING, 1, 1),
    ("TEMPO", TEMPO, 1, 1),
    ("CONNECTED", CONNECTED, 8, 8),
    ("PASSED_BLOCKED", PASSED_BLOCKED, 8, 8),
    ("KNIGHT_OUTPOST", KNIGHT_OUTPOST, 1, 1),
    ("BISHOP_OUTPOST", BISHOP_OUTPOST, 1, 1),
    ("KING_DANGER", KING_DANGER, 64, 8),
];

#[rustfmt::skip]
pub const W: [S; N] = [
// BEGIN WEIGHTS
    // MATERIAL
    S(72, 94), S(320, 296), S(339, 312), S(445, 531), S(998, 956),
    // PST pawn
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(-23, 13), S(-1, 11), S(-19, 12), S(-23, 12), S(-17, 18), S(23, 6), S(43, 4), S(-14, -4),
    S(-21, 6), S(-7, 10), S(-10, 0), S(-11, 2), S(-5, 7), S(-7, 0), S(29, 1), S(-14, -5),
    S(-21, 14), S(-5, 11), S(-6, -3), S(4, -4), S(9, -5), S(3, -6), S(14, 4), S(-20, -1),
    S(-10, 29), S(3, 25), S(-4, 15), S(13, 5), S(15, 0), S(8, 5), S(13, 17), S(-19, 14),
    S(0, 80), S(4, 84), S(18, 78), S(19, 61), S(50, 52), S(67, 36), S(12, 66), S(-24, 87),
    S(84, 167), S(149, 168), S(81, 167), S(126, 148), S(68, 146), S(99, 147), S(26, 156), S(12, 198),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST knight
    S(-86, -22), S(-21, -30), S(-32, -17), S(-14, -14), S(-12, -14), S(-8, -26), S(-19, -24), S(-19, -79),
    S(-20, -53), S(-35, -7), S(-17, -19), S(1, -12), S(5, -8), S(15, -19), S(-9, -10), S(-3, -43),
    S(-21, -16), S(-5, -14), S(6, -12), S(3, 4), S(15, 1), S(9, -10), S(19, -13), S(-20, -1),
    S(-5, -12), S(5, -14), S(9, 10), S(8, 10), S(23, 12), S(20, 1), S(26, -6), S(0, -7),
    S(-3, 1), S(12, -7), S(18, 8), S(43, 7), S(21, 10), S(53, -5), S(12, -6), S(37, -17),
    S(-16, -16), S(33, -13), S(41, 3), S(50, 2), S(75, -7), S(104, -20), S(45, -26), S(41, -21),
    S(-42, -8), S(-36, 9), S(46, -20), S(19, -7), S(38, -1), S(36, -12), S(7, -40), S(-3, -29),
    S(-177, -31), S(-59, -3), S(-66, -4), S(-25, 4), S(64, -21), S(-92, -24), S(0, -57), S(-90, -94),
    // PST bishop
    S(-9, -21), S(-4, -19), S(-8, -21), S(-28, -1), S(-7, -7), S(-9, -8), S(-27, 0), S(-24, 11),
    S(12, -12), S(15, -18), S(13, -4), S(1, -7), S(7, 0), S(17, 0), S(33, -17), S(17, -28),
    S(7, -13), S(13, -2), S(17, -1), S(11, 5), S(10, 10), S(20, -2), S(15, -5), S(19, -8),
    S(7, -15), S(5, -1), S(8, 12), S(24, 13), S(29, 7), S(12, 3), S(11, -10), S(11, -7),
    S(0, -10), S(4, 8), S(14, 2), S(39, 10), S(30, 11), S(26, 10), S(12, 0), S(0, -2),
    S(-1, -9), S(12, -4), S(26, -2), S(16, 3), S(28, 5), S(42, 3), S(26, -9), S(1, -22),
    S(-6, -22), S(-7, -1), S(1, 12), S(-31, 8), S(8, 0), S(39, -19), S(-8, -4), S(-41, -15),
    S(-23, 10), S(4, 4), S(-70, 16), S(-64, -5), S(-47, 10), S(-58, 1), S(19, -1), S(-4, -14),
    // PST rook
    S(-14, -3), S(-6, -7), S(0, -1), S(9, -6), S(10, -11), S(0, -9), S(-27, -10), S(-16, -21),
    S(-33, -3), S(-21, -1), S(-18, 5), S(-12, -1), S(-4, -9), S(1, -16), S(-16, -14), S(-74, -6),
    S(-32, 3), S(-18, -1), S(-22, 7), S(-18, -3), S(-5, -2), S(-14, -11), S(-7, -22), S(-44, -7),
    S(-22, 5), S(-11, 8), S(-13, 16), S(-5, 7), S(5, -5), S(-22, 1), S(-2, -2), S(-27, -1),
    S(-13, 7), S(-10, 17), S(10, 16), S(13, 10), S(5, 2), S(25, -3), S(-26, 3), S(-4, -2),
    S(9, 15), S(17, 13), S(22, 14), S(24, 12), S(33, 5), S(48, -6), S(40, -10), S(-3, 4),
    S(20, 18), S(29, 10), S(44, 12), S(45, 12), S(78, -4), S(61, -4), S(4, 5), S(31, 3),
    S(29, 8), S(14, 19), S(34, 14), S(39, 10), S(57, 1), S(24, 10), S(32, 9), S(31, 8),
    // PST queen
    S(-5, -28), S(-10, -13), S(-11, -7), S(2, -28), S(-11, -19), S(-22, -43), S(-26, -20), S(-27, -29),
    S(-29, -5), S(-3, -17), S(7, -29), S(2, -20), S(8, -23), S(19, -44), S(1, -30), S(1, -22),
    S(-11, -28), S(4, -18), S(-14, 24), S(-7, 15), S(-4, 16), S(5, 1), S(13, -5), S(-1, -8),
    S(-8, -6), S(-7, 8), S(-2, 22), S(-8, 33), S(-7, 31), S(-7, 35), S(4, 20), S(7, 12),
    S(-13, 18), S(-9, 18), S(-14, 37), S(-7, 40), S(-14, 53), S(6, 51), S(12, 42), S(-1, 38),
    S(-25, 7), S(5, 6), S(-5, 38), S(-8, 41), S(23, 34), S(47, 33), S(32, 34), S(31, -10),
    S(-27, 9), S(-32, 36), S(4, 38), S(-12, 49), S(-3, 47), S(74, 16), S(36, 15), S(29, 16),
    S(-9, 3), S(-12, 25), S(17, 20), S(14, 32), S(39, 13), S(18, 11), S(25, 20), S(24, 25),
    // PST king
    S(-34, -37), S(30, -40), S(9, -25), S(-78, -13), S(4, -40), S(-28, -21), S(24, -30), S(21, -55),
    S(-8, -10), S(4, -12), S(-13, -6), S(-58, 2), S(-31, -1), S(-10, -5), S(20, -14), S(14, -24),
    S(-29, -18), S(-35, 0), S(-3, 2), S(-42, 7), S(-34, 11), S(3, -1), S(-13, 2), S(-31, -7),
    S(-54, -27), S(-13, 15), S(-16, 11), S(-34, 19), S(-42, 20), S(-35, 17), S(-32, 13), S(-68, -2),
    S(-30, 15), S(-21, 15), S(-34, 26), S(-37, 19), S(-36, 31), S(-2, 33), S(-24, 35), S(-44, 23),
    S(-19, 10), S(6, 25), S(14, 22), S(-29, 31), S(-7, 36), S(-14, 50), S(-5, 51), S(-22, 30),
    S(35, -19), S(9, 1), S(-12, 13), S(-11, 7), S(-8, 26), S(12, 32), S(-13, 43), S(-34, 12),
    S(-70, -59), S(34, -15), S(15, -7), S(-13, 6), S(-33, 22), S(-12, 39), S(11, 17), S(-7, -48),
    // MOBILITY_KNIGHT
    S(-27, -17), S(-15, -23), S(-11, -9), S(-8, 1), S(-3, 8), S(1, 15), S(5, 18), S(7, 17),
    S(20, 19),
    // MOBILITY_BISHOP
    S(-27, -54), S(-19, -36), S(-14, -18), S(-11, -7), S(-7, -2), S(-4, 4), S(-1, 9), S(2, 10),
    S(2, 13), S(4, 18), S(1, 18), S(15, 18), S(7, 10), S(24, 27),
    // MOBILITY_ROOK
    S(-19, -38), S(-12, -23), S(-10, -16), S(-8, -10), S(-8, -4), S(-5, 1), S(-4, 7), S(-2, 9),
    S(-3, 15), S(1, 16), S(-3, 20), S(-5, 23), S(2, 21), S(6, 18), S(7, 18),
    // MOBILITY_QUEEN
    S(-2, -21), S(-11, -28), S(-11, -36), S(-11, -35), S(-8, -38), S(-9, -24), S(-6, -24), S(-6, -15),
    S(-6, -10), S(-6, -4), S(-4, -4), S(-2, -9), S(-4, 5), S(-6, 9), S(-12, 25), S(-3, 9),
    S(-12, 24), S(-12, 22), S(-15, 24), S(15, 14), S(13, 14), S(8, 19), S(-4, 26), S(-4, 27),
    S(17, 12), S(9, 23), S(10, 18), S(21, 16),
    // BISHOP_PAIR
    S(27, 49),
    // ROOK_OPEN_FILE
    S(26, 3),
    // ROOK_SEMI_OPEN_FILE
    S(9, 13),
    // ROOK_ON_SEVENTH
    S(-6, 20),
    // THREAT_BY_PAWN
    S(42, 25),
    // THREAT_BY_MINOR
    S(41, 9),
    // DOUBLED
    S(-8, -21),
    // ISOLATED
    S(-9, -11),
    // BACKWARD
    S(-7, -7),
    // PASSED
    S(0, 0), S(-7, -3), S(-13, 5), S(-10, 37), S(17, 65), S(52, 94), S(67, 86), S(0, 0),
    // PASSER_KING_DISTANCE
    S(0, 0), S(-4, 1), S(-5, 4), S(-5, 8), S(0, 11), S(-3, 22), S(-7, 25), S(0, 14),
    // SHIELD_PAWN
    S(12, -4),
    // OPEN_FILE_NEAR_KING
    S(-13, -3),
    // TEMPO
    S(17, 5),
    // CONNECTED
    S(0, 0), S(1, -1), S(3, 2), S(6, 1), S(13, 2), S(6, 13), S(31, 36), S(0, 0),
    // PASSED_BLOCKED
    S(0, 0), S(-9, -1), S(9, -2), S(-4, -14), S(-6, -26), S(-19, -23), S(-26, -27), S(0, 0),
    // KNIGHT_OUTPOST
    S(7, 4),
    // BISHOP_OUTPOST
    S(11, -5),
    // KING_DANGER
    S(0, 0), S(0, -1), S(-1, -2), S(-2, -3), S(-4, -4), S(-6, -5), S(-9, -6), S(-12, -7),
    S(-16, -8), S(-20, -9), S(-25, -10), S(-30, -11), S(-36, -12), S(-42, -13), S(-49, -14), S(-56, -15),
    S(-64, -16), S(-72, -17), S(-81, -18), S(-90, -19), S(-100, -20), S(-110, -21), S(-121, -22), S(-132, -23),
    S(-144, -24), S(-156, -25), S(-169, -26), S(-182, -27), S(-196, -28), S(-210, -29), S(-225, -30), S(-240, -31),
    S(-256, -32), S(-272, -33), S(-289, -34), S(-306, -35), S(-324, -36), S(-342, -37), S(-361, -38), S(-380, -39),
    S(-400, -40), S(-420, -41), S(-441, -42), S(-462, -43), S(-484, -44), S(-500, -45), S(-500, -46), S(-500, -47),
    S(-500, -48), S(-500, -49), S(-500, -50), S(-500, -51), S(-500, -52), S(-500, -53), S(-500, -54), S(-500, -55),
    S(-500, -56), S(-500, -57), S(-500, -58), S(-500, -59), S(-500, -60), S(-500, -60), S(-500, -60), S(-500, -60),
// END WEIGHTS
];
