//! Static exchange evaluation: does a capture sequence on one square win
//! at least a threshold, with both sides recapturing least valuable piece
//! first?
//!
//! The threshold form and the swap loop follow Stockfish's `see_ge`, on
//! the board's 64-square piece sets: every piece that attacks the target
//! is found at once (the attack tables of `board::bitboard` from the
//! target, against both sides' sets), each side takes the cheapest of its
//! own, and a slider that stood behind the piece just used (an x-ray)
//! joins when the slider attacks are recomputed on the reduced occupancy.
//! Of two attackers of one kind the one taken is fixed, as the 0x88 walk
//! this replaced found it (pawns from the lower file, knights in the order
//! of `KNIGHT_STEPS`, sliders by direction), since which one goes can
//! decide what is revealed behind it.

use crate::board::bitboard::{
    BISHOP_RAYS, KING, KNIGHT, LINES, PAWN, ROOK_RAYS, bishop_attacks, rook_attacks,
};
use crate::board::{Board, Color, Move, PieceKind};

/// Exchange values (pawn, knight, bishop, rook, queen, king).
pub const SEE_VALUE: [i32; 7] = [0, 100, 320, 330, 500, 950, 20_000];

#[inline]
pub fn piece_value(kind: Option<PieceKind>) -> i32 {
    kind.map_or(0, |k| SEE_VALUE[k as usize])
}

/// Every piece, of either side, in `occupancy` that attacks square `t`
/// (64-square index) on a board whose occupied squares are `occupancy`.
#[inline(always)]
fn attackers_to(b: &Board, t: usize, occupancy: u64) -> u64 {
    let kings = b.king[0].bit() | b.king[1].bit();
    let knights = b.knights(Color::White) | b.knights(Color::Black);
    let steps = (PAWN[1][t] & b.pawns[0])
        | (PAWN[0][t] & b.pawns[1])
        | (KNIGHT[t] & knights)
        | (KING[t] & kings);
    (steps | sliders_to(b, t, occupancy)) & occupancy
}

/// The sliders of either side with a clear line to `t` through `occupancy`
/// (some may be gone from it: the caller masks).
#[inline(always)]
fn sliders_to(b: &Board, t: usize, occupancy: u64) -> u64 {
    let diagonal = (b.diagonal[0] | b.diagonal[1]) & BISHOP_RAYS[t];
    let orthogonal = (b.orthogonal[0] | b.orthogonal[1]) & ROOK_RAYS[t];
    let mut set = 0;
    if diagonal != 0 {
        set |= bishop_attacks(t, occupancy) & diagonal;
    }
    if orthogonal != 0 {
        set |= rook_attacks(t, occupancy) & orthogonal;
    }
    set
}

/// Of `set` (attackers of one kind, at most one on each ray from `t`),
/// the one on the first ray that holds one: in the order of `DIAGONAL`'s
/// directions (17, 15, -15, -17) when `diagonal`, else of `ORTHOGONAL`'s
/// (16, -16, 1, -1).
#[inline(always)]
fn first_by_ray(set: u64, t: usize, diagonal: bool) -> u64 {
    if set & set.wrapping_sub(1) == 0 {
        return set;
    }
    let above = !1u64 << t;
    let below = (1u64 << t) - 1;
    let [file, up_right, up_left] = LINES[t];
    let rays = if diagonal {
        [
            up_right & above,
            up_left & above,
            up_left & below,
            up_right & below,
        ]
    } else {
        let rank = ROOK_RAYS[t] & !file;
        [file & above, file & below, rank & above, rank & below]
    };
    for ray in rays {
        if set & ray != 0 {
            return set & ray;
        }
    }
    set
}

/// The cheapest of `mine` (the attackers of `t` that belong to `by`), as
/// its bit and kind. Between two of a kind the 0x88 walk's order decides:
/// pawns from the lower file, knights from the highest step of
/// `KNIGHT_STEPS` (the highest square), bishops and rooks by
/// `first_by_ray`, queens on diagonals before queens on ranks and files.
#[inline(always)]
fn least_valuable_attacker(b: &Board, t: usize, by: Color, mine: u64) -> (u64, PieceKind) {
    let i = by.index();
    let pawns = mine & b.pawns[i];
    if pawns != 0 {
        return (pawns & pawns.wrapping_neg(), PieceKind::Pawn);
    }
    let knights = mine & b.knights(by);
    if knights != 0 {
        return (1 << (63 - knights.leading_zeros()), PieceKind::Knight);
    }
    let (diagonal, orthogonal) = (b.diagonal[i], b.orthogonal[i]);
    let bishops = mine & diagonal & !orthogonal;
    if bishops != 0 {
        return (first_by_ray(bishops, t, true), PieceKind::Bishop);
    }
    let rooks = mine & orthogonal & !diagonal;
    if rooks != 0 {
        return (first_by_ray(rooks, t, false), PieceKind::Rook);
    }
    let queens = mine & diagonal & orthogonal;
    if queens != 0 {
        let on_diagonals = queens & BISHOP_RAYS[t];
        let q = if on_diagonals != 0 {
            first_by_ray(on_diagonals, t, true)
        } else {
            first_by_ray(queens, t, false)
        };
        return (q, PieceKind::Queen);
    }
    (mine & b.king[i].bit(), PieceKind::King)
}

/// The start of the exchange that `m` begins, shared by `see_ge` and the
/// tests' 0x88 reference: `Err(verdict)` when the first capture alone
/// settles it; else the swap value the opponent must beat and the squares
/// the move empties (the mover's, and the captured piece's: en passant,
/// its pawn's).
#[inline(always)]
fn exchange_start(b: &Board, m: Move, threshold: i32) -> Result<(i32, u64), bool> {
    if m.is_castle() {
        return Err(0 >= threshold);
    }
    let from = m.from();
    let to = m.to();
    let captured = if m.is_en_passant() {
        SEE_VALUE[PieceKind::Pawn as usize]
    } else {
        piece_value(b.piece_at(to).kind())
    };
    let promo_gain = m.promotion().map_or(0, |k| {
        SEE_VALUE[k as usize] - SEE_VALUE[PieceKind::Pawn as usize]
    });
    let swap = captured + promo_gain - threshold;
    if swap < 0 {
        return Err(false);
    }
    let mover = match m.promotion() {
        Some(k) => SEE_VALUE[k as usize],
        None => piece_value(b.piece_at(from).kind()),
    };
    let swap = mover - swap;
    if swap <= 0 {
        return Err(true);
    }
    let mut gone = from.bit() | to.bit();
    if m.is_en_passant() {
        let us = b.side_to_move();
        if let Some(cap) = to.offset(-us.forward()) {
            gone |= cap.bit();
        }
    }
    Ok((swap, gone))
}

/// True when the exchange that `m` starts gains at least `threshold`.
pub fn see_ge(b: &Board, m: Move, threshold: i32) -> bool {
    let (mut swap, gone) = match exchange_start(b, m, threshold) {
        Ok(start) => start,
        Err(verdict) => return verdict,
    };
    let to = m.to();
    let t = to.index64() as usize & 63;
    let mut occupancy = b.occupancy() & !gone;
    let mut attackers = attackers_to(b, t, occupancy);
    let mut stm = b.side_to_move();
    let mut res = true;
    loop {
        stm = !stm;
        let mine = attackers & b.occupied[stm.index()];
        if mine == 0 {
            break;
        }
        let (piece, kind) = least_valuable_attacker(b, t, stm, mine);
        if kind == PieceKind::King {
            // A king may only recapture when nothing defends the square.
            let defended = attackers & b.occupied[(!stm).index()] != 0;
            return if defended { res } else { !res };
        }
        res = !res;
        swap = SEE_VALUE[kind as usize] - swap;
        if swap < res as i32 {
            break;
        }
        // The piece used is gone; a slider behind it may now see the
        // square. Knights stand on no line through it.
        occupancy &= !piece;
        if kind != PieceKind::Knight {
            attackers |= sliders_to(b, t, occupancy);
        }
        attackers &= occupancy;
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::parse_uci_move;

    /// The 0x88 version this file replaced, kept as the reference that
    /// the set version must agree with exactly.
    mod reference {
        use super::super::SEE_VALUE;
        use crate::board::attacks::{
            DIAGONAL, DIAGONAL_STEP, KING_STEP_DELTA, KNIGHT_STEP_DELTA, KNIGHT_STEPS, ORTHOGONAL,
            ORTHOGONAL_STEP, any_step_away, line_step,
        };
        use crate::board::square::squares_of;
        use crate::board::{Board, Color, Move, PieceKind, Square};

        /// The cheapest piece of `by` attacking `target`, ignoring the squares in `gone`.
        fn least_valuable_attacker(
            b: &Board,
            target: Square,
            by: Color,
            gone: u64,
        ) -> Option<(Square, PieceKind)> {
            let present = |s: Square| gone & s.bit() == 0;
            let own = |s: Square, k: PieceKind| {
                let p = b.piece_at(s);
                p.is_color(by) && p.kind() == Some(k) && present(s)
            };
            for d in [-by.forward() - 1, -by.forward() + 1] {
                if let Some(s) = target.offset(d)
                    && own(s, PieceKind::Pawn)
                {
                    return Some((s, PieceKind::Pawn));
                }
            }
            // The board's piece sets say which steps and rays can hold an attacker
            // at all; only those are looked at, in the same order as before (the
            // first of equal attackers is the one taken).
            let i = by.index();
            let knights = b.knights(by) & !gone;
            if knights != 0 && any_step_away(&KNIGHT_STEP_DELTA, knights, target.0) {
                for d in KNIGHT_STEPS {
                    if let Some(s) = target.offset(d)
                        && own(s, PieceKind::Knight)
                    {
                        return Some((s, PieceKind::Knight));
                    }
                }
            }
            // The first piece along each ray, if it is ours and moves that way.
            let mut best: Option<(Square, PieceKind)> = None;
            for (dirs, kinds, sliders, table) in [
                (
                    &DIAGONAL,
                    [PieceKind::Bishop, PieceKind::Queen],
                    b.diagonal[i],
                    &DIAGONAL_STEP,
                ),
                (
                    &ORTHOGONAL,
                    [PieceKind::Rook, PieceKind::Queen],
                    b.orthogonal[i],
                    &ORTHOGONAL_STEP,
                ),
            ] {
                // The directions from the target towards one of our sliders.
                let mut toward = [false; 4];
                let mut any = false;
                for s in squares_of(sliders & !gone) {
                    let d = line_step(table, target.0, s.0);
                    if let Some(k) = dirs.iter().position(|&x| x == d) {
                        toward[k] = true;
                        any = true;
                    }
                }
                if !any {
                    continue;
                }
                for (&d, _) in dirs.iter().zip(toward).filter(|&(_, t)| t) {
                    let mut s = target;
                    while let Some(t) = s.offset(d) {
                        s = t;
                        let p = b.piece_at(t);
                        if p.is_empty() || !present(t) {
                            continue;
                        }
                        if p.is_color(by)
                            && let Some(k) = p.kind()
                            && kinds.contains(&k)
                            && best.is_none_or(|(_, bk)| {
                                SEE_VALUE[k as usize] < SEE_VALUE[bk as usize]
                            })
                        {
                            best = Some((t, k));
                        }
                        break;
                    }
                }
            }
            if best.is_some() {
                return best;
            }
            let king = b.king[i];
            let king_steps = KING_STEP_DELTA[(target.0 as i16 - king.0 as i16 + 119) as usize];
            (king_steps && present(king)).then_some((king, PieceKind::King))
        }

        /// True when the exchange that `m` starts gains at least `threshold`.
        pub fn see_ge(b: &Board, m: Move, threshold: i32) -> bool {
            let (mut swap, mut gone) = match super::super::exchange_start(b, m, threshold) {
                Ok(start) => start,
                Err(verdict) => return verdict,
            };
            let to = m.to();
            let mut stm = b.side_to_move();
            let mut res = true;
            loop {
                stm = !stm;
                let Some((sq, kind)) = least_valuable_attacker(b, to, stm, gone) else {
                    break;
                };
                if kind == PieceKind::King {
                    // A king may only recapture when nothing defends the square.
                    return if least_valuable_attacker(b, to, !stm, gone).is_some() {
                        res
                    } else {
                        !res
                    };
                }
                res = !res;
                swap = SEE_VALUE[kind as usize] - swap;
                if swap < res as i32 {
                    break;
                }
                gone |= sq.bit();
            }
            res
        }
    }

    /// The set version against the 0x88 reference on every legal move
    /// (captures, quiet moves, en passant, promotions, castling, king
    /// steps) of the perft suites' positions, the bench positions and
    /// all their children: at fixed thresholds, and at each threshold a
    /// binary search for the reference's turning point probes.
    #[test]
    fn agrees_with_the_0x88_reference() {
        use crate::movegen::{STANDARD_SUITES, legal_moves, suite_fens};
        let suites = suite_fens(&STANDARD_SUITES);
        let fens = suites
            .iter()
            .map(String::as_str)
            .chain(crate::search::bench::POSITIONS.iter().copied());
        const THRESHOLDS: [i32; 19] = [
            -20_000, -1000, -950, -630, -500, -330, -320, -230, -100, -1, 0, 1, 100, 220, 320, 330,
            500, 950, 20_000,
        ];
        let mut moves = 0usize;
        let mut check = |b: &Board| {
            for &m in &legal_moves(b) {
                moves += 1;
                let agree = |t: i32| {
                    assert_eq!(
                        see_ge(b, m, t),
                        reference::see_ge(b, m, t),
                        "{m} at {t} in {}",
                        b.to_fen()
                    );
                };
                for t in THRESHOLDS {
                    agree(t);
                }
                let (mut lo, mut hi) = (-25_000, 25_000);
                while hi - lo > 1 {
                    let mid = (lo + hi) / 2;
                    agree(mid);
                    if reference::see_ge(b, m, mid) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
            }
        };
        for fen in fens {
            let root = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            check(&root);
            for &m in &legal_moves(&root) {
                check(&root.make(m));
            }
        }
        assert!(moves > 400_000, "{moves} moves");
    }

    fn see(fen: &str, mv: &str, t: i32) -> bool {
        let b = Board::from_fen(fen).unwrap();
        let m = parse_uci_move(&b, mv).unwrap();
        see_ge(&b, m, t)
    }

    #[test]
    fn exchanges() {
        // Rook takes an undefended pawn: wins a pawn.
        let fen = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
        assert!(see(fen, "e1e5", 100));
        assert!(!see(fen, "e1e5", 101));
        // Knight takes a pawn defended by a pawn... and more (CPW example).
        let fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        assert!(!see(fen, "d3e5", 0));
        assert!(see(fen, "d3e5", -300));
        // Queen takes a pawn defended by a pawn: loses the queen for a pawn.
        let fen = "4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1";
        assert!(!see(fen, "e1e5", 0));
        // X-ray: two rooks against one defender behind each other.
        let fen = "3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1";
        // RxP, RxR, RxR, RxR: White ends a rook for a pawn down.
        assert!(!see(fen, "d2d5", 0));
        assert!(see(fen, "d2d5", -400));
        assert!(!see(fen, "d2d5", -399));
    }
}
