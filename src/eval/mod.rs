//! Static evaluation: a tapered (middlegame/endgame) sum of terms, one
//! concern per file, scored from the side to move's point of view.
//!
//! - `weights`: every weight, tuned by `ladya tune` (docs/tuning.md).
//! - `trace`: how the terms are reported to the tuner.
//! - `pawns`: passed, isolated, doubled, backward pawns; `pawn_cache`
//!   keeps their pawns-only part by pawn structure for the search.
//! - `pieces`: mobility, bishop pair, rooks on open files, king-zone attacks.
//! - `king_safety`: pawn shield and the weight of the attack on the king.
//! - `endgame`: scaling of drawish material balances, mop-up of a lone king.

pub mod bits;
pub mod endgame;
pub mod king_safety;
pub mod nnue;
pub mod pawn_cache;
pub mod pawns;
pub mod pieces;
pub mod score;
pub mod trace;
pub mod wdl;
pub mod weights;

use crate::board::{Board, Color, PieceKind};
use endgame::{Material, SCALE_NORMAL};
use pawn_cache::PawnCache;
use score::S;
use trace::{Fixed, NoTrace, Trace, term};

/// Game phase weights (PeSTO): N and B 1, R 2, Q 4; 24 at the start.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const PHASE_MAX: i32 = 24;

/// The static evaluation of `b` in centipawns, from the side to move's view.
#[inline]
pub fn evaluate(b: &Board) -> i32 {
    evaluate_with(b, &mut NoTrace, None).0
}

/// `evaluate`, with the pawn structure's part taken from (or put into)
/// `cache`: the same value, sooner.
#[inline]
pub fn evaluate_cached(b: &Board, cache: &mut PawnCache) -> i32 {
    evaluate_with(b, &mut NoTrace, Some(cache)).0
}

/// The evaluation, reporting its terms to `t`; also returns the parts
/// that are not weights (for the tuner).
pub fn evaluate_traced<T: Trace>(b: &Board, t: &mut T) -> (i32, Fixed) {
    evaluate_with(b, t, None)
}

/// The evaluation; the pawn cache is used only when nothing is traced
/// (a hit would report no terms).
#[inline]
fn evaluate_with<T: Trace>(b: &Board, t: &mut T, cache: Option<&mut PawnCache>) -> (i32, Fixed) {
    let mut psq = S(0, 0);
    let mut pawns = [0u64; 2];
    let mut material = Material::default();
    let mut phase = 0;
    for (sq, p) in b.pieces() {
        let Some(kind) = p.kind() else { continue };
        let c = p.color();
        let k = kind as usize - 1;
        // The tables are from each side's own view, a1 first.
        let own_square = match c {
            Color::White => sq.index64(),
            Color::Black => sq.index64() ^ 56,
        } as usize;
        let mut v = term(t, c, weights::PST + 64 * k + own_square, 1);
        if kind != PieceKind::King {
            v += term(t, c, weights::MATERIAL + k, 1);
            material.count[c.index()][k] += 1;
        }
        if c == Color::White {
            psq += v;
        } else {
            psq -= v;
        }
        phase += PHASE_WEIGHT[k];
        match kind {
            PieceKind::Pawn => pawns[c.index()] |= sq.bit(),
            PieceKind::Bishop => material.bishop_colors[c.index()][sq.is_dark() as usize] += 1,
            _ => {}
        }
    }
    let kings = [b.king_square(Color::White), b.king_square(Color::Black)];

    let occupied = b.occupied_by(Color::White) | b.occupied_by(Color::Black);
    let (structure, passed) = match cache {
        Some(cache) if !T::ON => cache.structure(pawns),
        _ => {
            let (white, white_passed) = pawns::structure(t, Color::White, pawns);
            let (black, black_passed) = pawns::structure(t, Color::Black, pawns);
            ([white, black], [white_passed, black_passed])
        }
    };
    let white_pawns = structure[0] + pawns::passers(t, Color::White, passed[0], kings, occupied);
    let black_pawns = structure[1] + pawns::passers(t, Color::Black, passed[1], kings, occupied);
    let white_act = pieces::evaluate(t, b, Color::White, pawns);
    let black_act = pieces::evaluate(t, b, Color::Black, pawns);
    let white_king = king_safety::evaluate(t, b, Color::White, pawns, &black_act);
    let black_king = king_safety::evaluate(t, b, Color::Black, pawns, &white_act);
    let tempo = term(t, b.side_to_move(), weights::TEMPO, 1);
    let tempo = if b.side_to_move() == Color::White {
        tempo
    } else {
        -tempo
    };

    let total = psq + white_pawns - black_pawns + white_act.score - black_act.score + white_king
        - black_king
        + tempo;

    let strong = if total.1 >= 0 {
        Color::White
    } else {
        Color::Black
    };
    let scale = endgame::scale(&material, strong);
    let mut eg = total.1 * scale.factor() / SCALE_NORMAL;
    let mop = endgame::mop_up(b, &material, strong);
    let mop_up = if strong == Color::White { mop } else { -mop };
    eg += mop_up;

    let phase = phase.min(PHASE_MAX);
    let white_view = (total.0 * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
    let stm = if b.side_to_move() == Color::White {
        white_view
    } else {
        -white_view
    };
    let fixed = Fixed {
        phase,
        scale,
        mop_up,
    };
    (stm, fixed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&Board::from_fen(fen).unwrap())
    }

    /// Mirrors a FEN vertically and swaps the colours.
    fn mirror(fen: &str) -> String {
        let parts: Vec<&str> = fen.split(' ').collect();
        let ranks: Vec<String> = parts[0]
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if parts[1] == "w" { "b" } else { "w" };
        let castle: String = if parts[2] == "-" {
            "-".into()
        } else {
            let mut c: Vec<char> = parts[2]
                .chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            c.sort();
            c.into_iter().collect()
        };
        format!("{} {} {} - 0 1", ranks.join("/"), side, castle)
    }

    #[test]
    fn symmetric_under_colour_flip() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
            "8/5pk1/6p1/3P4/8/6P1/5PK1/8 b - - 0 1",
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        ] {
            assert_eq!(eval(fen), eval(&mirror(fen)), "{fen}");
        }
    }

    #[test]
    fn material_and_draws() {
        // A queen up is winning for the side that has it.
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 700);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -700);
        // A lone minor piece cannot win: scaled to (almost) nothing.
        assert!(eval("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1").abs() <= 40);
        // Rook against bishop is drawish.
        assert!(eval("4kb2/8/8/8/8/8/8/3RK3 w - - 0 1") < 150);
    }
}
