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
/// Endgame scale factors (endgame half, out of 128; the middlegame half is
/// unused): no pawns and at most a minor piece more; opposite-coloured
/// bishops alone; opposite-coloured bishops with other pieces; one pawn and
/// no more pieces than the defender. See `endgame.rs`.
pub const SCALE_NO_PAWNS_SMALL_EDGE: usize = KING_DANGER + 64;
pub const SCALE_OCB_BISHOPS_ONLY: usize = SCALE_NO_PAWNS_SMALL_EDGE + 1;
pub const SCALE_OCB_WITH_PIECES: usize = SCALE_OCB_BISHOPS_ONLY + 1;
pub const SCALE_ONE_PAWN_NO_EDGE: usize = SCALE_OCB_WITH_PIECES + 1;
/// The number of weights.
pub const N: usize = SCALE_ONE_PAWN_NO_EDGE + 1;

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
    ("SCALE", SCALE_NO_PAWNS_SMALL_EDGE, 4, 4),
];

#[rustfmt::skip]
pub const W: [S; N] = [
// BEGIN WEIGHTS
    // MATERIAL
    S(70, 90), S(314, 307), S(330, 324), S(428, 548), S(961, 990),
    // PST pawn
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(-18, 10), S(0, 10), S(-19, 13), S(-21, 11), S(-16, 18), S(22, 9), S(43, 5), S(-13, -2),
    S(-18, 5), S(-7, 8), S(-11, 0), S(-13, 3), S(-7, 9), S(-8, 3), S(27, 1), S(-15, -3),
    S(-17, 11), S(-5, 10), S(-6, -3), S(2, -4), S(6, -2), S(2, -5), S(11, 4), S(-21, 1),
    S(-8, 26), S(3, 20), S(-5, 13), S(11, 2), S(11, 2), S(6, 6), S(9, 15), S(-17, 14),
    S(1, 68), S(10, 75), S(21, 67), S(21, 52), S(46, 42), S(76, 29), S(3, 63), S(-20, 80),
    S(84, 171), S(154, 167), S(95, 159), S(155, 147), S(56, 146), S(66, 168), S(-1, 171), S(38, 206),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST knight
    S(-78, -26), S(-21, -28), S(-17, -23), S(-13, -16), S(-5, -18), S(-5, -30), S(-26, -13), S(-22, -67),
    S(-18, -45), S(-36, -11), S(-18, -17), S(2, -17), S(3, -12), S(11, -19), S(-9, -9), S(-6, -34),
    S(-20, -22), S(-5, -17), S(4, -15), S(2, 0), S(15, -3), S(6, -11), S(18, -17), S(-20, -7),
    S(-3, -12), S(11, -15), S(8, 6), S(5, 8), S(20, 9), S(16, 4), S(22, -2), S(0, -6),
    S(-8, -1), S(10, -5), S(14, 5), S(35, 10), S(18, 8), S(47, -2), S(12, -4), S(37, -15),
    S(5, -20), S(31, -18), S(29, 5), S(50, 1), S(68, -6), S(89, -16), S(34, -13), S(30, -17),
    S(-21, -4), S(-28, 5), S(42, -15), S(14, 0), S(41, -6), S(14, -23), S(2, -21), S(0, -34),
    S(-180, -24), S(-41, 20), S(-87, 14), S(-12, 18), S(63, -18), S(-70, -4), S(4, -42), S(-91, -107),
    // PST bishop
    S(4, -35), S(-1, -18), S(-6, -20), S(-17, -7), S(-9, -5), S(-8, -8), S(-16, 6), S(-28, 13),
    S(16, -16), S(15, -18), S(12, -6), S(1, -9), S(6, 0), S(20, -2), S(31, -17), S(21, -34),
    S(10, -19), S(13, 0), S(17, -3), S(8, 6), S(9, 9), S(17, -3), S(13, -7), S(13, -4),
    S(6, -9), S(7, -1), S(8, 10), S(23, 10), S(27, 5), S(11, 3), S(8, -8), S(12, -9),
    S(4, -8), S(5, 4), S(11, 3), S(38, 11), S(31, 7), S(22, 12), S(10, 0), S(-3, -1),
    S(-11, -1), S(10, -2), S(23, -4), S(21, -3), S(29, 6), S(48, 0), S(22, 0), S(6, -22),
    S(-5, -16), S(-16, 5), S(4, 6), S(-23, 4), S(5, 7), S(22, -3), S(-31, 5), S(-32, -12),
    S(-31, 19), S(-1, 9), S(-79, 27), S(-77, 12), S(-42, 19), S(-77, 11), S(22, 4), S(-6, 0),
    // PST rook
    S(-10, -8), S(-3, -13), S(0, -1), S(8, -8), S(9, -12), S(0, -10), S(-23, -16), S(-11, -28),
    S(-29, -3), S(-25, 1), S(-19, 4), S(-11, -3), S(-7, -11), S(0, -16), S(-12, -13), S(-67, -15),
    S(-24, 2), S(-18, 2), S(-20, 8), S(-15, -3), S(-4, -6), S(-16, -5), S(-8, -16), S(-42, -6),
    S(-18, 9), S(-16, 13), S(-12, 16), S(-6, 11), S(-3, 2), S(-27, 11), S(2, 0), S(-27, 5),
    S(-14, 15), S(-7, 19), S(6, 20), S(15, 14), S(-3, 7), S(22, 2), S(-4, 5), S(-4, 5),
    S(-1, 23), S(16, 16), S(29, 15), S(21, 16), S(32, 7), S(40, 4), S(42, -7), S(8, 5),
    S(15, 20), S(18, 16), S(44, 13), S(39, 15), S(52, 6), S(50, -1), S(15, 7), S(54, 2),
    S(23, 11), S(10, 20), S(35, 13), S(25, 13), S(39, 7), S(36, 8), S(35, 7), S(16, 14),
    // PST queen
    S(-5, -32), S(-7, -24), S(-8, -25), S(0, -28), S(-12, -26), S(-21, -44), S(-23, -25), S(-13, -19),
    S(-26, -3), S(-2, -27), S(6, -32), S(3, -25), S(5, -20), S(20, -50), S(1, -39), S(-1, -13),
    S(-10, -21), S(3, -17), S(-12, 18), S(-7, 10), S(-5, 16), S(3, 3), S(13, -1), S(2, -8),
    S(-8, 0), S(-9, 14), S(-4, 23), S(-10, 40), S(-9, 35), S(-6, 41), S(1, 30), S(8, 11),
    S(-18, 24), S(-7, 13), S(-17, 44), S(-11, 48), S(-7, 46), S(-2, 57), S(9, 45), S(2, 28),
    S(-23, 20), S(4, 17), S(-10, 41), S(-4, 42), S(20, 39), S(42, 36), S(36, 34), S(25, 11),
    S(-30, 24), S(-39, 47), S(6, 28), S(-18, 47), S(-1, 55), S(80, 11), S(23, 20), S(29, 25),
    S(-7, 2), S(-15, 36), S(13, 31), S(1, 34), S(25, 22), S(1, 19), S(26, 22), S(18, 21),
    // PST king
    S(-45, -32), S(34, -36), S(20, -30), S(-68, -13), S(12, -42), S(-18, -23), S(31, -29), S(29, -52),
    S(2, -20), S(9, -15), S(-4, -11), S(-43, -4), S(-26, -4), S(-5, -7), S(26, -15), S(22, -26),
    S(-34, -13), S(-33, 3), S(-8, -1), S(-38, 6), S(-38, 10), S(6, -4), S(-1, -3), S(-23, -11),
    S(-55, -20), S(-28, 17), S(-28, 14), S(-31, 16), S(-45, 20), S(-36, 15), S(-27, 12), S(-57, -3),
    S(-50, 14), S(-24, 14), S(-40, 27), S(-51, 23), S(-45, 32), S(-5, 35), S(-32, 37), S(-60, 28),
    S(-27, 7), S(-5, 22), S(-4, 27), S(-48, 32), S(-26, 40), S(-27, 50), S(-21, 54), S(-22, 28),
    S(30, -11), S(18, 4), S(-18, 25), S(-23, 12), S(-13, 24), S(16, 31), S(2, 39), S(-32, 11),
    S(-77, -41), S(35, -14), S(15, -4), S(-18, 1), S(-19, 37), S(-1, 37), S(5, 24), S(-14, -67),
    // MOBILITY_KNIGHT
    S(-29, -24), S(-18, -19), S(-13, -3), S(-10, 7), S(-5, 16), S(-2, 23), S(2, 27), S(4, 26),
    S(14, 26),
    // MOBILITY_BISHOP
    S(-30, -49), S(-20, -30), S(-15, -16), S(-12, -6), S(-9, 3), S(-4, 7), S(-3, 10), S(-1, 14),
    S(-1, 17), S(2, 21), S(0, 19), S(9, 22), S(-1, 20), S(17, 28),
    // MOBILITY_ROOK
    S(-21, -35), S(-14, -17), S(-12, -11), S(-10, -5), S(-10, 1), S(-7, 6), S(-6, 10), S(-4, 13),
    S(-4, 18), S(-2, 20), S(-4, 25), S(-5, 27), S(1, 26), S(3, 22), S(4, 24),
    // MOBILITY_QUEEN
    S(-4, -20), S(-15, -38), S(-15, -43), S(-14, -47), S(-13, -39), S(-13, -24), S(-11, -22), S(-10, -13),
    S(-10, -8), S(-10, 3), S(-8, 3), S(-8, 3), S(-9, 14), S(-10, 22), S(-13, 31), S(-8, 19),
    S(-10, 24), S(-5, 25), S(-15, 31), S(5, 22), S(1, 29), S(3, 28), S(-4, 30), S(-7, 30),
    S(25, 14), S(12, 22), S(9, 14), S(26, 6),
    // BISHOP_PAIR
    S(23, 52),
    // ROOK_OPEN_FILE
    S(25, 0),
    // ROOK_SEMI_OPEN_FILE
    S(10, 12),
    // ROOK_ON_SEVENTH
    S(-2, 21),
    // THREAT_BY_PAWN
    S(42, 27),
    // THREAT_BY_MINOR
    S(37, 13),
    // DOUBLED
    S(-9, -15),
    // ISOLATED
    S(-8, -12),
    // BACKWARD
    S(-6, -8),
    // PASSED
    S(0, 0), S(-20, 5), S(-16, 10), S(-20, 48), S(-1, 90), S(35, 123), S(72, 98), S(0, 0),
    // PASSER_KING_DISTANCE
    S(0, 0), S(-7, 2), S(-5, 4), S(-7, 9), S(-3, 15), S(-5, 25), S(-2, 27), S(0, 14),
    // SHIELD_PAWN
    S(12, -5),
    // OPEN_FILE_NEAR_KING
    S(-13, -4),
    // TEMPO
    S(17, 5),
    // CONNECTED
    S(0, 0), S(0, -1), S(4, 3), S(7, 3), S(15, 6), S(11, 20), S(42, 33), S(0, 0),
    // PASSED_BLOCKED
    S(0, 0), S(1, -5), S(-1, 1), S(-3, -17), S(0, -36), S(-11, -37), S(-35, -47), S(0, 0),
    // KNIGHT_OUTPOST
    S(10, 4),
    // BISHOP_OUTPOST
    S(12, -1),
    // KING_DANGER
    S(0, 0), S(0, -1), S(-1, -2), S(-2, -3), S(-4, -4), S(-6, -5), S(-9, -6), S(-12, -7),
    S(-10, -5), S(-24, -3), S(-17, 2), S(-13, -4), S(-15, -2), S(-22, -6), S(-31, 4), S(-39, -1),
    S(-37, 6), S(-49, 2), S(-63, 7), S(-72, 1), S(-85, 10), S(-79, -2), S(-85, 9), S(-98, 0),
    S(-130, -15), S(-123, 9), S(-139, -4), S(-152, 2), S(-164, -1), S(-185, -6), S(-207, -15), S(-230, -23),
    S(-250, -32), S(-246, -15), S(-271, -28), S(-305, -35), S(-312, -30), S(-339, -37), S(-351, -29), S(-382, -40),
    S(-408, -44), S(-411, -37), S(-441, -42), S(-468, -46), S(-484, -44), S(-500, -45), S(-500, -46), S(-500, -47),
    S(-500, -48), S(-500, -49), S(-500, -50), S(-500, -51), S(-500, -52), S(-500, -53), S(-500, -54), S(-500, -55),
    S(-500, -56), S(-500, -57), S(-500, -58), S(-500, -59), S(-500, -60), S(-500, -60), S(-500, -60), S(-500, -60),
    // SCALE
    S(0, 16), S(0, 64), S(0, 96), S(0, 64),
// END WEIGHTS
];
