//! King safety: the pawn shield in front of a castled king, and the
//! weight of the enemy pieces bearing on the king's zone.
//!
//! The attack-units scheme (units grow quadratically once two or more
//! pieces join the attack) follows the chessprogramming wiki's "King
//! Safety" page; the shield bonus is a hand-set starting value.

use super::bits::{adjacent_files, file_mask, ranks_ahead};
use super::pieces::Activity;
use super::score::S;
use crate::board::{Board, Color};

const SHIELD_PAWN: S = S(12, 0);
const OPEN_FILE_NEAR_KING: S = S(-15, 0);

/// The king safety of `us` (from `us`'s side), given the enemy's activity.
pub fn evaluate(b: &Board, us: Color, pawns: [u64; 2], enemy: &Activity) -> S {
    let k = b.king_square(us);
    let files = file_mask(k.file()) | adjacent_files(k.file());
    let ahead = ranks_ahead(us, k.rank());
    // The two ranks in front of the king.
    let near = ahead
        & !ranks_ahead(
            us,
            (k.rank() as i32 + if us == Color::White { 2 } else { -2 }).clamp(0, 7) as u8,
        );
    let ours = pawns[us.index()];
    let mut score = SHIELD_PAWN * (ours & files & near).count_ones() as i32;
    for f in [k.file() as i32 - 1, k.file() as i32, k.file() as i32 + 1] {
        if (0..8).contains(&f) && ours & file_mask(f as u8) == 0 {
            score += OPEN_FILE_NEAR_KING;
        }
    }
    if enemy.king_attackers >= 2 {
        let units = enemy.king_attack_units + 2 * enemy.king_attackers;
        score -= S((units * units / 4).min(500), units.min(60));
    }
    score
}
