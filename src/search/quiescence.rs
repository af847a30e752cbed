//! Quiescence search: at the horizon, play out captures and promotions
//! (and every escape from check) until the position is quiet, so that the
//! evaluation is never taken in the middle of an exchange. No quiet move
//! is tried unless the side to move is in check (Stockfish since 2024):
//! a quiet node at the horizon generates no quiet moves at all.

use super::correction::CorrectionIndex;
use super::ordering::{MovePicker, see_verdict};
use super::params;
use super::see::{SEE_VALUE, piece_value, see_ge};
use super::thread_data::ThreadData;
use super::tt::{TtBound, TtData, pv_mark};
use super::value::{DRAW, INFINITE, MAX_PLY, from_tt, mated_in, to_tt};
use crate::board::{Board, Move, PieceKind};

impl ThreadData<'_> {
    /// Searches the captures and promotions of `b` (every evasion when in
    /// check) within (`alpha`, `beta`) at `ply`; fail-soft, as `negamax`.
    pub fn quiescence(&mut self, b: &Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = 0;
        if self.count_node_and_check(ply) {
            return 0;
        }
        let in_check = b.in_check();
        if self.is_draw(b, in_check) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check {
                DRAW
            } else {
                self.evaluate(b, ply)
            };
        }
        let pv_node = beta - alpha > 1;

        // Q1. The table: any stored result is at least as deep as this.
        let key = b.key();
        let hit = self.tt.probe(key);
        let tt_move = hit.map_or(Move::NULL, |h| h.mv);
        if let Some(h) = hit
            && !pv_node
        {
            let s = from_tt(h.score, ply);
            if h.bound.cuts(s, alpha, beta) {
                return s;
            }
        }

        // Q2. Stand pat: the side to move may decline every capture (not
        // when in check: then every evasion is searched). The evaluation
        // is corrected as in the main search; the table keeps the raw one.
        let mut best;
        let raw_eval;
        let static_eval;
        let mut picker;
        if in_check {
            raw_eval = 0;
            static_eval = 0;
            best = -INFINITE;
            picker = MovePicker::new(tt_move, [Move::NULL; 2], Move::NULL, [None; 2]);
        } else {
            raw_eval = hit.map_or_else(|| self.evaluate(b, ply), |h| h.eval);
            static_eval = self
                .history
                .correction
                .correct(CorrectionIndex::of(b, self.cont_keys(ply)), raw_eval);
            best = static_eval;
            // A stored bound that says the position is better (a lower
            // bound above the eval) or worse (an upper bound below it) is
            // a better guess than the evaluation (Stockfish's stand pat).
            if let Some(h) = hit {
                best = h.refine(best, ply);
            }
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
            // Captures and promotions only: a quiet table move waits for
            // the main search, and no quiet move is generated.
            picker = MovePicker::tactical(tt_move);
        }

        let mut best_move = Move::NULL;
        while let Some((m, order)) = picker.next(b, self.history, &mut self.buffers[ply]) {
            if !in_check && m.is_tactical() {
                // Q3. Delta pruning and SEE pruning: captures that cannot
                // raise alpha, or that lose material, are not worth a node.
                let victim = if m.is_en_passant() {
                    SEE_VALUE[PieceKind::Pawn as usize]
                } else {
                    piece_value(b.piece_at(m.to()).kind())
                };
                if !m.is_promotion() && static_eval + victim + params::qs_delta() <= alpha {
                    continue;
                }
                // The picker has already checked most captures by SEE.
                if !see_verdict(order).unwrap_or_else(|| see_ge(b, m, 0)) {
                    continue;
                }
                debug_assert!(see_ge(b, m, 0));
            }
            debug_assert!(in_check || m.is_tactical());
            let mut child = *b;
            self.make_move(b, m, ply, false, &mut child);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
            self.unmake_move();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = m;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                }
            }
        }

        if in_check && picker.found_no_moves() {
            return mated_in(ply);
        }
        let bound = if best >= beta {
            TtBound::Lower
        } else if pv_node && !best_move.is_null() {
            TtBound::Exact
        } else {
            TtBound::Upper
        };
        self.tt.store(
            key,
            TtData {
                mv: best_move,
                score: to_tt(best, ply),
                eval: raw_eval,
                depth: 0,
                bound,
                was_pv: pv_mark(pv_node, hit),
            },
        );
        best
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Board;
    use crate::search::thread_data::tests::with_thread_data;
    use crate::search::value::{INFINITE, TB_BOUND, mated_in};

    #[test]
    fn a_quiet_mate_in_one_is_left_to_the_main_search() {
        // Ra8 mates, but it is quiet and there is no capture: quiescence
        // stands pat at once, a single node.
        let b = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        with_thread_data(vec![b.key()], |w| {
            let score = w.quiescence(&b, -INFINITE, INFINITE, 1);
            assert!(score.abs() < TB_BOUND, "{score}");
            assert_eq!(w.nodes, 1);
        });
    }

    #[test]
    fn in_check_the_evasions_are_searched() {
        // Checkmated: no evasion at all. In check with a quiet escape
        // only (the king steps aside), not mated.
        let mated = Board::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        let escapes = Board::from_fen("R5k1/5pp1/7p/8/8/8/8/6K1 b - - 0 1").unwrap();
        with_thread_data(vec![mated.key()], |w| {
            assert_eq!(w.quiescence(&mated, -INFINITE, INFINITE, 1), mated_in(1));
            let score = w.quiescence(&escapes, -INFINITE, INFINITE, 1);
            assert!(score.abs() < TB_BOUND, "{score}");
        });
    }
}
