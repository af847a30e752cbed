//! Static exchange evaluation: does a capture sequence on one square win
//! at least a threshold, with both sides recapturing least valuable piece
//! first?
//!
//! The threshold form and the swap loop follow Stockfish's `see_ge`. On a
//! 0x88 board there are no attack bitboards, so each step looks outward
//! from the target square for the cheapest attacker, treating the pieces
//! already used (the `gone` set) as empty: sliders behind them (x-rays)
//! join in by themselves. The board's piece sets say first which knight
//! steps and which rays can hold an attacker at all, so that only those
//! are walked.

use crate::board::attacks::{
    DIAGONAL, DIAGONAL_STEP, KING_STEP_DELTA, KNIGHT_STEP_DELTA, KNIGHT_STEPS, ORTHOGONAL,
    ORTHOGONAL_STEP, any_step_away, line_step,
};
use crate::board::square::squares_of;
use crate::board::{Board, Color, Move, PieceKind, Square};

/// Exchange values (pawn, knight, bishop, rook, queen, king).
pub const SEE_VALUE: [i32; 7] = [0, 100, 320, 330, 500, 950, 20_000];

#[inline]
pub fn piece_value(kind: Option<PieceKind>) -> i32 {
    kind.map_or(0, |k| SEE_VALUE[k as usize])
}

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
                    && best.is_none_or(|(_, bk)| SEE_VALUE[k as usize] < SEE_VALUE[bk as usize])
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
    if m.is_castle() {
        return 0 >= threshold;
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
    let mut swap = captured + promo_gain - threshold;
    if swap < 0 {
        return false;
    }
    let mover = match m.promotion() {
        Some(k) => SEE_VALUE[k as usize],
        None => piece_value(b.piece_at(from).kind()),
    };
    swap = mover - swap;
    if swap <= 0 {
        return true;
    }
    let mut gone = from.bit() | to.bit();
    if m.is_en_passant() {
        let us = b.side_to_move();
        if let Some(cap) = to.offset(-us.forward()) {
            gone |= cap.bit();
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::parse_uci_move;

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
