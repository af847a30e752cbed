//! Frozen pawn blockades: a static proof that no check can ever be given.
//!
//! The search over reachable positions ([`super::dead`]) cannot exhaust a
//! locked pawn wall once several pieces roam behind it. This proof needs
//! no search: it shows that the pawns can never change, and then that no
//! piece can ever reach a square from which it attacks a square the enemy
//! king can ever stand on. No check, so no checkmate (FIDE 5.2.2).
//!
//! Every step over-approximates what legal moves can do, so a "yes" is a
//! proof:
//! 1. Every pawn is blocked: the square in front of it holds a pawn.
//! 2. Each non-pawn piece gets a region: the squares it could ever reach
//!    moving as its kind moves, through any square without a pawn (the
//!    other pieces are ignored, as if they could always get out of the
//!    way or be captured). A king avoids the squares enemy pawns attack,
//!    since those pawns never move.
//! 3. The pawns stay frozen if no pawn can ever capture (no enemy piece's
//!    region touches a square it attacks, no enemy pawn stands there) and
//!    no piece can ever capture a pawn (no piece attacks a pawn's square
//!    from anywhere in its region). Then no pawn ever moves or disappears,
//!    and nothing promotes.
//! 4. No piece attacks, from anywhere in its region, a square of the enemy
//!    king's region, and no pawn attacks one: no check is ever possible.
//!    Captures between pieces only remove pieces, so they change nothing.
//!
//! Castling rights and a pending en-passant square make the proof give up.

use crate::board::attacks::{DIAGONAL, KING_STEPS, KNIGHT_STEPS, ORTHOGONAL};
use crate::board::{Board, Color, PieceKind, Square};

/// True when it is proven that `by` (or either side, with `None`) can
/// never give check, so never checkmate, by any sequence of legal moves.
pub fn check_is_impossible(board: &Board, by: Option<Color>) -> bool {
    if board.castling_rights() != 0 || board.en_passant().is_some() {
        return false;
    }
    let mut pawns = [0u64; 2];
    for (sq, p) in board.pieces() {
        if p.kind() == Some(PieceKind::Pawn) {
            pawns[p.color().index()] |= sq.bit();
        }
    }
    let all_pawns = pawns[0] | pawns[1];
    if all_pawns == 0 {
        // Without pawns nothing can be frozen (bare material is the
        // material layer's business).
        return false;
    }

    // 1. Every pawn is blocked by a pawn.
    for c in [Color::White, Color::Black] {
        for sq in crate::board::square::squares_of(pawns[c.index()]) {
            match sq.offset(c.forward()) {
                Some(front) if all_pawns & front.bit() != 0 => {}
                _ => return false,
            }
        }
    }

    // The squares each side's pawns attack (forever, once frozen).
    let pawn_attacks = [
        pawn_attack_set(pawns[0], Color::White),
        pawn_attack_set(pawns[1], Color::Black),
    ];

    // 2. Regions and the squares attacked from them, per side.
    let mut regions = [0u64; 2];
    let mut attacks = [0u64; 2];
    let mut king_regions = [0u64; 2];
    for (sq, p) in board.pieces() {
        let Some(kind) = p.kind() else { continue };
        if kind == PieceKind::Pawn {
            continue;
        }
        let c = p.color();
        let forbidden = if kind == PieceKind::King {
            all_pawns | pawn_attacks[(!c).index()]
        } else {
            all_pawns
        };
        let region = flood(sq, kind, forbidden, all_pawns);
        let attacked = attacks_from(region, kind, all_pawns);
        regions[c.index()] |= region;
        attacks[c.index()] |= attacked;
        if kind == PieceKind::King {
            king_regions[c.index()] = region;
        }
    }

    for c in [Color::White, Color::Black] {
        let (us, them) = (c.index(), (!c).index());
        // 3. Pawns stay frozen: no capture by or of a pawn, ever.
        if attacks[us] & pawns[them] != 0 || pawn_attacks[us] & (regions[them] | pawns[them]) != 0 {
            return false;
        }
        // 4. No check by `c`, ever (pawns included).
        if by.is_none_or(|b| b == c) && (attacks[us] | pawn_attacks[us]) & king_regions[them] != 0 {
            return false;
        }
    }
    true
}

fn pawn_attack_set(pawns: u64, c: Color) -> u64 {
    let mut set = 0;
    for sq in crate::board::square::squares_of(pawns) {
        for side in [-1i8, 1] {
            if let Some(t) = sq.offset(c.forward() + side) {
                set |= t.bit();
            }
        }
    }
    set
}

/// The squares a piece of `kind` standing on `from` could ever reach,
/// never entering a square of `forbidden`; sliders stop at `blockers`.
fn flood(from: Square, kind: PieceKind, forbidden: u64, blockers: u64) -> u64 {
    let mut region = from.bit();
    let mut frontier = vec![from];
    while let Some(sq) = frontier.pop() {
        for_each_target(sq, kind, blockers, |to| {
            if (forbidden | region) & to.bit() == 0 {
                region |= to.bit();
                frontier.push(to);
            }
        });
    }
    region
}

/// The squares attacked from anywhere in `region` by a `kind`, with the
/// sliders stopped by `blockers` (the square of the blocker included).
fn attacks_from(region: u64, kind: PieceKind, blockers: u64) -> u64 {
    let mut set = 0;
    for sq in crate::board::square::squares_of(region) {
        for_each_target(sq, kind, blockers, |t| set |= t.bit());
    }
    set
}

/// Calls `f` on each square a `kind` on `sq` attacks, sliders stopping at
/// a blocker.
fn for_each_target(sq: Square, kind: PieceKind, blockers: u64, mut f: impl FnMut(Square)) {
    let (steps, slides): (&[i8], bool) = match kind {
        PieceKind::King => (&KING_STEPS, false),
        PieceKind::Knight => (&KNIGHT_STEPS, false),
        PieceKind::Bishop => (&DIAGONAL, true),
        PieceKind::Rook => (&ORTHOGONAL, true),
        PieceKind::Queen => (&KING_STEPS, true),
        PieceKind::Pawn => (&[], false),
    };
    for &d in steps {
        let mut s = sq;
        while let Some(t) = s.offset(d) {
            f(t);
            if !slides || blockers & t.bit() != 0 {
                break;
            }
            s = t;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    #[test]
    fn locked_walls_with_pieces_behind_them() {
        // Kings only.
        assert!(check_is_impossible(
            &b("8/4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1"),
            None
        ));
        // Two dark-square bishops behind white's wall (whose pawns stand
        // on dark squares), two light-square bishops behind black's: too
        // many positions to search, but frozen.
        let crowded = b("2b5/4k3/6b1/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/2B1K1B1 w - - 0 1");
        assert!(check_is_impossible(&crowded, None));
        assert!(check_is_impossible(&crowded, Some(Color::Black)));
    }

    #[test]
    fn anything_that_can_break_through_is_not_proven() {
        for fen in [
            // A light-square white bishop can take the black pawns (light).
            "8/4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/2B5/4K3 w - - 0 1",
            // A rook can step in front of the black pawns (b3, d3, ...).
            "8/4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/R3K3 w - - 0 1",
            // A knight jumps the wall.
            "8/4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/2N5/4K3 w - - 0 1",
            // The g- and h-files are open.
            "4k3/8/8/p1p1p3/P1P1P3/8/8/4K3 w - - 0 1",
            // A pawn that can still move.
            "4k3/8/8/p1p1p1p1/P1P1P1P1/8/7P/4K3 w - - 0 1",
            // Castling rights.
            "r3k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 b q - 0 1",
            "8/8/4k3/8/8/2NKN3/8/8 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            assert!(!check_is_impossible(&b(fen), None), "{fen}");
        }
    }
}
