//! Quiescence search: at the horizon, play out captures (and escapes
//! from check, and on its first ply safe quiet checks) until the position is quiet, so that the evaluation is
//! never taken in the middle of an exchange.

use super::correction::CorrectionIndex;
use super::ordering::{MovePicker, see_verdict};
use super::params;
use super::see::{SEE_VALUE, piece_value, see_ge};
use super::thread_data::ThreadData;
use super::tt::{TtBound, TtData, pv_mark};
use super::value::{DRAW, INFINITE, MAX_PLY, from_tt, mated_in, to_tt};
use crate::board::{Board, Move, PieceKind};
use crate::movegen::CheckInfo;

impl ThreadData<'_> {
    /// `qply` counts the plies since the horizon: on the first, quiet
    /// checks are searched too, so that a mating attack is not cut off.
    pub fn quiescence(
        &mut self,
        b: &Board,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
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
            picker = if qply == 0 {
                MovePicker::new(tt_move, [Move::NULL; 2], Move::NULL, [None; 2])
            } else {
                MovePicker::tactical(tt_move)
            };
        }

        let mut best_move = Move::NULL;
        let mut check_info: Option<CheckInfo> = None;
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
            // Q4. On the first ply, quiet moves only when they check safely.
            if !in_check
                && !m.is_tactical()
                && (!check_info
                    .get_or_insert_with(|| CheckInfo::new(b))
                    .gives_check(b, m)
                    || !see_ge(b, m, 0))
            {
                continue;
            }
            let mut child = *b;
            self.make_move(b, m, ply, false, &mut child);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, qply + 1);
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
