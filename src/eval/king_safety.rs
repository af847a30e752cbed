//! King safety: the pawn shield in front of a castled king, and the
//! weight of the enemy pieces bearing on the king's zone.
//!
//! The attack-units scheme follows the chessprogramming wiki's "King
//! Safety" page: once two or more pieces join the attack, the penalty is
//! a table indexed by the attack units (`KING_DANGER`), so that the tuner
//! sets its shape; it started from the wiki's quadratic curve.

use super::bits::{adjacent_files, file_mask, ranks_ahead};
use super::pieces::Activity;
use super::score::S;
use super::trace::{Trace, term};
use super::weights as w;
use crate::board::{Board, Color};

/// The king safety of `us` (from `us`'s side), given the enemy's activity:
/// the pawn shield and the attack penalty, all weights.
pub fn evaluate<T: Trace>(t: &mut T, b: &Board, us: Color, pawns: [u64; 2], enemy: &Activity) -> S {
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
    let shield = (ours & files & near).count_ones() as i32;
    let mut open = 0;
    for f in [k.file() as i32 - 1, k.file() as i32, k.file() as i32 + 1] {
        if (0..8).contains(&f) && ours & file_mask(f as u8) == 0 {
            open += 1;
        }
    }
    let mut score = term(t, us, w::SHIELD_PAWN, shield) + term(t, us, w::OPEN_FILE_NEAR_KING, open);
    if enemy.king_attackers >= 2 {
        let units = (enemy.king_attack_units + 2 * enemy.king_attackers).min(63);
        score += term(t, us, w::KING_DANGER + units as usize, 1);
    }
    score
}
