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
/// The number of weights.
pub const N: usize = BISHOP_OUTPOST + 1;

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
];

#[rustfmt::skip]
pub const W: [S; N] = [
// BEGIN WEIGHTS
    // MATERIAL
    S(82, 94), S(337, 281), S(365, 297), S(477, 512), S(1025, 936),
    // PST pawn
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(-35, 13), S(-1, 8), S(-20, 8), S(-23, 10), S(-15, 13), S(24, 0), S(38, 2), S(-22, -7),
    S(-26, 4), S(-4, 7), S(-4, -6), S(-10, 1), S(3, 0), S(3, -5), S(33, -1), S(-12, -8),
    S(-27, 13), S(-2, 9), S(-5, -3), S(12, -7), S(17, -7), S(6, -8), S(10, 3), S(-25, -1),
    S(-14, 32), S(13, 24), S(6, 13), S(21, 5), S(23, -2), S(12, 4), S(17, 17), S(-23, 17),
    S(-6, 94), S(7, 100), S(26, 85), S(31, 67), S(65, 56), S(56, 53), S(25, 82), S(-20, 84),
    S(98, 178), S(134, 173), S(61, 158), S(95, 134), S(68, 147), S(126, 132), S(34, 165), S(-11, 187),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST knight
    S(-105, -29), S(-21, -51), S(-58, -23), S(-33, -15), S(-17, -22), S(-28, -18), S(-19, -50), S(-23, -64),
    S(-29, -42), S(-53, -20), S(-12, -10), S(-3, -5), S(-1, -2), S(18, -20), S(-14, -23), S(-19, -44),
    S(-23, -23), S(-9, -3), S(12, -1), S(10, 15), S(19, 10), S(17, -3), S(25, -20), S(-16, -22),
    S(-13, -18), S(4, -6), S(16, 16), S(13, 25), S(28, 16), S(19, 17), S(21, 4), S(-8, -18),
    S(-9, -17), S(17, 3), S(19, 22), S(53, 22), S(37, 22), S(69, 11), S(18, 8), S(22, -18),
    S(-47, -24), S(60, -20), S(37, 10), S(65, 9), S(84, -1), S(129, -9), S(73, -19), S(44, -41),
    S(-73, -25), S(-41, -8), S(72, -25), S(36, -2), S(23, -9), S(62, -25), S(7, -24), S(-17, -52),
    S(-167, -58), S(-89, -38), S(-34, -13), S(-49, -28), S(61, -31), S(-97, -27), S(-15, -63), S(-107, -99),
    // PST bishop
    S(-33, -23), S(-3, -9), S(-14, -23), S(-21, -5), S(-13, -9), S(-12, -16), S(-39, -5), S(-21, -17),
    S(4, -14), S(15, -18), S(16, -7), S(0, -1), S(7, 4), S(21, -9), S(33, -15), S(1, -27),
    S(0, -12), S(15, -3), S(15, 8), S(15, 10), S(14, 13), S(27, 3), S(18, -7), S(10, -15),
    S(-6, -6), S(13, 3), S(13, 13), S(26, 19), S(34, 7), S(12, 10), S(10, -3), S(4, -9),
    S(-4, -3), S(5, 9), S(19, 12), S(50, 9), S(37, 14), S(37, 10), S(7, 3), S(-2, 2),
    S(-16, 2), S(37, -8), S(43, 0), S(40, -1), S(35, -2), S(50, 6), S(37, 0), S(-2, 4),
    S(-26, -8), S(16, -4), S(-18, 7), S(-13, -12), S(30, -3), S(59, -13), S(18, -4), S(-47, -14),
    S(-29, -14), S(4, -21), S(-82, -11), S(-37, -8), S(-25, -7), S(-42, -9), S(7, -17), S(-8, -24),
    // PST rook
    S(-19, -9), S(-13, 2), S(1, 3), S(17, -1), S(16, -5), S(7, -13), S(-37, 4), S(-26, -20),
    S(-44, -6), S(-16, -6), S(-20, 0), S(-9, 2), S(-1, -9), S(11, -9), S(-6, -11), S(-71, -3),
    S(-45, -4), S(-25, 0), S(-16, -5), S(-17, -1), S(3, -7), S(0, -12), S(-5, -8), S(-33, -16),
    S(-36, 3), S(-26, 5), S(-12, 8), S(-1, 4), S(9, -5), S(-7, -6), S(6, -8), S(-23, -11),
    S(-24, 4), S(-11, 3), S(7, 13), S(26, 1), S(24, 2), S(35, 1), S(-8, -1), S(-20, 2),
    S(-5, 7), S(19, 7), S(26, 7), S(36, 5), S(17, 4), S(45, -3), S(61, -5), S(16, -3),
    S(27, 11), S(32, 13), S(58, 13), S(62, 11), S(80, -3), S(67, 3), S(26, 8), S(44, 3),
    S(32, 13), S(42, 10), S(32, 18), S(51, 15), S(63, 12), S(9, 12), S(31, 8), S(43, 5),
    // PST queen
    S(-1, -33), S(-18, -28), S(-9, -22), S(10, -43), S(-15, -5), S(-25, -32), S(-31, -20), S(-50, -41),
    S(-35, -22), S(-8, -23), S(11, -30), S(2, -16), S(8, -16), S(15, -23), S(-3, -36), S(1, -32),
    S(-14, -16), S(2, -27), S(-11, 15), S(-2, 6), S(-5, 9), S(2, 17), S(14, 10), S(5, 5),
    S(-9, -18), S(-26, 28), S(-9, 19), S(-10, 47), S(-2, 31), S(-4, 34), S(3, 39), S(-3, 23),
    S(-27, 3), S(-27, 22), S(-16, 24), S(-16, 45), S(-1, 57), S(17, 40), S(-2, 57), S(1, 36),
    S(-13, -20), S(-17, 6), S(7, 9), S(8, 49), S(29, 47), S(56, 35), S(47, 19), S(57, 9),
    S(-24, -17), S(-39, 20), S(-5, 32), S(1, 41), S(-16, 58), S(57, 25), S(28, 30), S(54, 0),
    S(-28, -9), S(0, 22), S(29, 22), S(12, 27), S(59, 27), S(44, 19), S(43, 10), S(45, 20),
    // PST king
    S(-15, -53), S(36, -34), S(12, -21), S(-54, -11), S(8, -28), S(-28, -14), S(24, -24), S(14, -43),
    S(1, -27), S(7, -11), S(-8, 4), S(-64, 13), S(-43, 14), S(-16, 4), S(9, -5), S(8, -17),
    S(-14, -19), S(-14, -3), S(-22, 11), S(-46, 21), S(-44, 23), S(-30, 16), S(-15, 7), S(-27, -9),
    S(-49, -18), S(-1, -4), S(-27, 21), S(-39, 24), S(-46, 27), S(-44, 23), S(-33, 9), S(-51, -11),
    S(-17, -8), S(-20, 22), S(-12, 24), S(-27, 27), S(-30, 26), S(-25, 33), S(-14, 26), S(-36, 3),
    S(-9, 10), S(24, 17), S(2, 23), S(-16, 15), S(-20, 20), S(6, 45), S(22, 44), S(-22, 13),
    S(29, -12), S(-1, 17), S(-20, 14), S(-7, 17), S(-8, 17), S(-4, 38), S(-38, 23), S(-29, 11),
    S(-65, -74), S(23, -35), S(16, -18), S(-15, -18), S(-56, -11), S(-34, 15), S(2, 4), S(13, -17),
    // MOBILITY_KNIGHT
    S(-16, -16), S(-12, -12), S(-8, -8), S(-4, -4), S(0, 0), S(4, 4), S(8, 8), S(12, 12),
    S(16, 16),
    // MOBILITY_BISHOP
    S(-30, -30), S(-25, -25), S(-20, -20), S(-15, -15), S(-10, -10), S(-5, -5), S(0, 0), S(5, 5),
    S(10, 10), S(15, 15), S(20, 20), S(25, 25), S(30, 30), S(35, 35),
    // MOBILITY_ROOK
    S(-14, -28), S(-12, -24), S(-10, -20), S(-8, -16), S(-6, -12), S(-4, -8), S(-2, -4), S(0, 0),
    S(2, 4), S(4, 8), S(6, 12), S(8, 16), S(10, 20), S(12, 24), S(14, 28),
    // MOBILITY_QUEEN
    S(-13, -26), S(-12, -24), S(-11, -22), S(-10, -20), S(-9, -18), S(-8, -16), S(-7, -14), S(-6, -12),
    S(-5, -10), S(-4, -8), S(-3, -6), S(-2, -4), S(-1, -2), S(0, 0), S(1, 2), S(2, 4),
    S(3, 6), S(4, 8), S(5, 10), S(6, 12), S(7, 14), S(8, 16), S(9, 18), S(10, 20),
    S(11, 22), S(12, 24), S(13, 26), S(14, 28),
    // BISHOP_PAIR
    S(30, 50),
    // ROOK_OPEN_FILE
    S(25, 10),
    // ROOK_SEMI_OPEN_FILE
    S(10, 5),
    // ROOK_ON_SEVENTH
    S(10, 25),
    // THREAT_BY_PAWN
    S(40, 30),
    // THREAT_BY_MINOR
    S(25, 20),
    // DOUBLED
    S(-10, -20),
    // ISOLATED
    S(-10, -15),
    // BACKWARD
    S(-8, -10),
    // PASSED
    S(0, 0), S(0, 5), S(0, 10), S(5, 20), S(15, 35), S(30, 60), S(50, 90), S(0, 0),
    // PASSER_KING_DISTANCE
    S(0, 0), S(0, 2), S(0, 4), S(0, 6), S(0, 8), S(0, 10), S(0, 12), S(0, 14),
    // SHIELD_PAWN
    S(12, 0),
    // OPEN_FILE_NEAR_KING
    S(-15, 0),
    // TEMPO
    S(10, 10),
    // CONNECTED
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PASSED_BLOCKED
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // KNIGHT_OUTPOST
    S(0, 0),
    // BISHOP_OUTPOST
    S(0, 0),
// END WEIGHTS
];
