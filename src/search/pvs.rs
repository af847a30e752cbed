//! The main search: principal-variation alpha-beta, fail-soft, with the
//! usual selectivity. Steps are numbered as in Stockfish and Ethereal.

use super::correction::CorrectionIndex;
use super::history::{ContKey, bonus, malus};
use super::ordering::{MovePicker, is_bad_capture_score, is_refutation_score, see_verdict};
use super::params;
use super::probcut::{probcut_beta, probcut_worth_trying};
use super::reductions::{check_extends, late_move_prunes, lmr_reduction, node_type_reduction};
use super::report::SearchEvent;
use super::see::see_ge;
use super::singular::{Singular, singular_verdict};
use super::tablebase::men;
use super::thread_data::{NO_EVAL, ThreadData};
use super::tt::{TtBound, TtData, pv_mark};
use super::value::{DRAW, INFINITE, MATE, MAX_PLY, TB_BOUND, TB_WIN, from_tt, mated_in, to_tt};
use crate::board::{Board, Color, Move};
use crate::movegen::{CheckInfo, gives_check};

/// When `info currmove` lines start.
const CURRMOVE_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// True when `side` has a piece other than pawns and king: the null-move
/// zugzwang guard (king-and-pawn endings are where passing loses).
#[inline]
pub fn has_non_pawn_material(b: &Board, side: Color) -> bool {
    b.has_non_pawn_material(side)
}

impl ThreadData<'_> {
    /// Searches `b` to `depth` plies within (`alpha`, `beta`); `ply` is the
    /// distance from the root. Returns a fail-soft score; after a stop
    /// (`self.stopped`) the value is meaningless.
    ///
    /// With `self.stack[ply].excluded` set, this is the singular search of
    /// the node already being searched at `ply`: every move but that one,
    /// no table probe or store under the node's key (the entry is the
    /// full node's), the node's static evaluation reused, no null move,
    /// no internal iterative reduction, no tablebase probe, no draw or
    /// mate-distance test (the node has passed them).
    pub fn negamax(
        &mut self,
        b: &Board,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        let in_check = b.in_check();
        let excluded = self.stack[ply].excluded;
        let singular_search = !excluded.is_null();
        debug_assert!(!singular_search || (!pv_node && !root && depth > 0));
        debug_assert!(i32::from(self.stack[ply].double_extensions) <= params::double_ext_max());

        // Step 1. At the horizon, quiescence (evasions when in check).
        if depth <= 0 {
            return self.quiescence(b, alpha, beta, ply);
        }
        self.pv_len[ply] = 0;

        // Step 2. Limits: time, nodes, `stop`.
        if self.count_node_and_check(ply) {
            return 0;
        }

        if !root && !singular_search {
            // Step 3. Draws end the tree where FIDE lets a player end the game.
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
            // Step 4. Mate-distance pruning: no line can beat a mate already
            // found closer to the root.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        // Step 5. Transposition table: a deep enough bound ends non-PV nodes,
        // but not near the fifty-move rule, which the stored score may not
        // have seen coming (Stockfish's rule50 guard).
        // The singular search neither reads nor writes the node's entry.
        let key = b.key();
        let hit = if singular_search {
            None
        } else {
            self.tt.probe(key)
        };
        let tt_move = hit.map_or(Move::NULL, |h| h.mv);
        // Step 5a. The PV mark (`tt::pv_mark`); the singular search keeps
        // its node's.
        let tt_pv = if singular_search {
            self.stack[ply].tt_pv
        } else {
            pv_mark(pv_node, hit)
        };
        self.stack[ply].tt_pv = tt_pv;
        if let Some(h) = hit
            && !pv_node
            && h.depth >= depth
            && b.halfmove_clock() < 90
        {
            let s = from_tt(h.score, ply);
            if h.bound.cuts(s, alpha, beta) {
                // A quiet table move that holds beta is rewarded as if it had
                // cut off here (Stockfish's update on a table cut-off).
                if s >= beta && !tt_move.is_null() && !tt_move.is_tactical() {
                    let piece = b.piece_at(tt_move.from()).0;
                    if piece != 0 {
                        let conts = self.cont_keys(ply);
                        self.reward_quiet(b, ply, (tt_move, piece), conts, depth, &[]);
                    }
                }
                return s;
            }
        }

        // Step 5b. Endgame tablebases (Stockfish's scheme): right after a
        // capture or pawn move (the WDL tables assume a zeroed fifty-move
        // counter), a win or loss is a bound just short of mate, shorter
        // wins higher; a draw is exact. A bound that cuts, cuts; in a PV
        // node it narrows the window and the result instead.
        let mut tb_floor = -INFINITE;
        let mut tb_ceiling = INFINITE;
        if !root
            && !singular_search
            && let Some(tb) = self.tb
            && b.halfmove_clock() == 0
            && b.castling_rights() == 0
        {
            let pieces = men(b);
            if pieces <= self.tb_cardinality
                && (pieces < self.tb_cardinality || depth >= self.tb_probe_depth)
                && let Some(wdl) = tb.probe_wdl(b)
            {
                self.count_tb_hit();
                let v = wdl as i32;
                // With the fifty-move rule, cursed wins and blessed losses
                // are draws, a hair off zero.
                let draw = self.tb_rule50 as i32;
                let (value, bound) = if v < -draw {
                    (-TB_WIN + ply as i32, TtBound::Upper)
                } else if v > draw {
                    (TB_WIN - ply as i32, TtBound::Lower)
                } else {
                    (DRAW + 2 * v * draw, TtBound::Exact)
                };
                if bound.cuts(value, alpha, beta) {
                    let eval = if in_check { 0 } else { self.evaluate(b, ply) };
                    self.tt.store(
                        key,
                        TtData {
                            mv: Move::NULL,
                            score: to_tt(value, ply),
                            eval,
                            depth: (depth + 6).min(100),
                            bound,
                            was_pv: tt_pv,
                        },
                    );
                    return value;
                }
                if pv_node {
                    if bound == TtBound::Lower {
                        tb_floor = value;
                        alpha = alpha.max(value);
                    } else {
                        tb_ceiling = value;
                    }
                }
            }
        }

        // Step 6. Static evaluation, corrected by what the search has
        // learnt about these pawns, pieces and last two moves (correction
        // history), then sharpened by the table's bound. The table keeps
        // the raw one.
        // The singular search's node has stored its corrected eval at this
        // ply already (the singular search neither stores nor teaches, so
        // it needs neither the raw eval nor the correction's entries); a
        // node in check has no eval and teaches nothing.
        // The keys of the last two moves: read here once for the correction
        // index, the move picker and the history updates.
        let conts = self.cont_keys(ply);
        let (raw_eval, static_eval, correction_at) = if in_check {
            (NO_EVAL, NO_EVAL, None)
        } else if singular_search {
            let corrected = self.stack[ply].eval;
            (corrected, corrected, None)
        } else {
            let at = CorrectionIndex::of(b, conts);
            let raw = hit.map_or_else(|| self.evaluate(b, ply), |h| h.eval);
            (raw, self.history.correction.correct(at, raw), Some(at))
        };
        let eval = match hit {
            Some(h) if !in_check => h.refine(static_eval, ply),
            _ => static_eval,
        };
        self.stack[ply].eval = static_eval;
        // Improving: better than two plies ago, so prune less.
        let improving = !in_check && self.improving(ply, static_eval);

        let us = b.side_to_move();
        if !pv_node && !in_check {
            // Step 7. Reverse futility pruning: far above beta at low depth,
            // a quiet move will not bring the score back down.
            if depth <= params::rfp_depth()
                && eval - params::rfp_margin() * (depth - improving as i32) >= beta
                && eval < TB_BOUND
            {
                return eval;
            }

            // Step 8. Null-move pruning: if passing still holds beta, a real
            // move will too. Not in pawn endings (zugzwang), not twice in a
            // row, not in a singular search (it asks about the other moves,
            // not about passing: Stockfish's rule).
            let prev_null = ply > 0 && self.stack[ply - 1].mv.is_null();
            if depth >= params::nmp_min_depth()
                && !singular_search
                && eval >= beta
                && static_eval >= beta
                && !prev_null
                && beta > -TB_BOUND
                && has_non_pawn_material(b, us)
            {
                let r = params::nmp_base()
                    + depth / params::nmp_depth_div()
                    + ((eval - beta) / params::nmp_eval_div()).min(params::nmp_eval_max());
                let mut child = *b;
                self.make_null_move(b, ply, &mut child);
                let s = -self.negamax(&child, -beta, -beta + 1, depth - r, ply + 1);
                self.unmake_null_move(ply);
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    // Unproven mates (and tablebase wins) from a null move are not trusted.
                    return if s >= TB_BOUND { beta } else { s };
                }
            }

            // Step 8b. ProbCut (see `probcut`): a capture that holds well
            // above beta in a search four plies shallower cuts the node.
            // Not in a singular search (it asks about the other moves, and
            // would store under the node's key), nor next to decisive
            // scores, which a margin cannot be added to.
            let probcut_beta = probcut_beta(beta, improving);
            if !singular_search
                && beta.abs() < TB_BOUND
                && probcut_worth_trying(hit, depth, ply, probcut_beta)
                && let Some(s) =
                    self.probcut(b, probcut_beta, depth, ply, tt_move, static_eval, raw_eval)
            {
                return s;
            }
        }

        // Step 9. Internal iterative reduction: without a hash move this
        // node was never searched; search it shallower first.
        if depth >= params::iir_min_depth() && tt_move.is_null() && !root && !singular_search {
            depth -= 1;
        }

        // Step 10. The move loop.
        let killers = self.history.killers[ply];
        let prev = if ply > 0 {
            self.stack[ply - 1].mv
        } else {
            Move::NULL
        };
        let counter = self.history.counter_move(b, prev);
        // The singular search hands its excluded move to the picker as the
        // hash move, so that it comes first and is skipped at once.
        let hash_move = if singular_search { excluded } else { tt_move };
        let mut picker = MovePicker::new(hash_move, killers, counter, conts);

        let mut best = tb_floor;
        let mut best_move = Move::NULL;
        let mut searched = 0usize;
        let mut quiets_tried: [(Move, u8); 64] = [(Move::NULL, 0); 64];
        let mut quiet_count = 0usize;
        let mut seen = 0usize;
        let mut check_info: Option<CheckInfo> = None;
        // Shallow-depth pruning needs pieces: in pawn endings every move counts.
        let may_prune = !root && has_non_pawn_material(b, us);

        while let Some((m, order)) = picker.next(b, self.history, &mut self.buffers[ply]) {
            if root && !self.root_move_allowed(m) {
                continue;
            }
            if m == excluded {
                continue;
            }
            let quiet = !m.is_tactical();
            // Read off the board as it stands: a pruned move never pays for `make`.
            // The first move alone is tested directly: a node cut off by it
            // never pays for the `CheckInfo` the later ones share.
            let gives_check = if seen == 0 {
                gives_check(b, m)
            } else {
                check_info
                    .get_or_insert_with(|| CheckInfo::new(b))
                    .gives_check(b, m)
            };
            seen += 1;

            // Step 11. Shallow-depth pruning, once a move has kept us from
            // being mated.
            if !root && best > -TB_BOUND && may_prune {
                if quiet && !gives_check {
                    // Late-move pruning: at low depth the late quiets rarely
                    // matter. Every move seen counts, pruned ones too
                    // (Stockfish's moveCount), so pruning cannot stall it.
                    if depth <= params::lmp_depth() && late_move_prunes(seen, depth, improving) {
                        picker.skip_quiets();
                        continue;
                    }
                    // Futility pruning: the eval plus a margin cannot reach alpha.
                    if !in_check
                        && depth <= params::fut_depth()
                        && eval + params::fut_base() + params::fut_margin() * depth <= alpha
                    {
                        picker.skip_quiets();
                        continue;
                    }
                    // SEE pruning of quiets that hang the piece.
                    if depth <= params::see_quiet_depth()
                        && !see_ge(b, m, -params::see_quiet() * depth)
                    {
                        continue;
                    }
                } else if !quiet
                    && depth <= params::see_capture_depth()
                    && see_verdict(order) != Some(true)
                    && !see_ge(b, m, -params::see_capture() * depth)
                {
                    // SEE pruning of clearly losing captures (one that the
                    // picker found winning is not one of them).
                    continue;
                }
                debug_assert!(
                    quiet
                        || depth > params::see_capture_depth()
                        || see_ge(b, m, -params::see_capture() * depth)
                );
            }

            // Step 11b. Singular extension (see `singular_verdict`): is the
            // table move the only good one? Asked before the move is made,
            // as the search at this same ply reuses this ply's accumulator
            // slot, move buffer (the picker has generated nothing before
            // the hash move) and stack entry. Not past twice the
            // iteration's depth (Stockfish's guard against endless lines).
            let mut extension = 0;
            if !root
                && !singular_search
                && m == tt_move
                && depth >= params::singular_min_depth()
                && (ply as i32) < 2 * self.root_depth
                && let Some(h) = hit
                && h.depth >= depth - params::singular_tt_slack()
                && matches!(h.bound, TtBound::Lower | TtBound::Exact)
                && from_tt(h.score, ply).abs() < TB_BOUND
            {
                debug_assert_eq!(seen, 1);
                let tt_score = from_tt(h.score, ply);
                let singular_beta = tt_score - params::singular_margin() * depth;
                self.stack[ply].excluded = m;
                let value = self.negamax(b, singular_beta - 1, singular_beta, (depth - 1) / 2, ply);
                self.stack[ply].excluded = Move::NULL;
                // A stopped singular search says nothing.
                if self.stopped {
                    return 0;
                }
                match singular_verdict(
                    value,
                    singular_beta,
                    tt_score,
                    (alpha, beta),
                    pv_node,
                    self.stack[ply].double_extensions,
                ) {
                    Singular::Extend(e) => extension = e,
                    Singular::MultiCut(s) => return s,
                }
            } else if ply < MAX_PLY / 2 && check_extends(b, m, gives_check) {
                // Step 11c. Check extension (see `check_extends`), for a move
                // the singular search did not judge (Stockfish's order).
                extension = 1;
            }

            let mut child = *b;
            self.make_move(b, m, ply, extension >= 2, &mut child);
            debug_assert_eq!(gives_check, child.in_check(), "{m} in {b:?}");
            let piece = self.stack[ply].piece;
            searched += 1;
            // The GUI hears which root move is being searched once the
            // search has run for a second (Stockfish waits three).
            if root && self.events.is_some() && self.started.elapsed() >= CURRMOVE_AFTER {
                self.emit(SearchEvent::CurrMove {
                    depth: depth as u32,
                    mv: m,
                    number: searched + self.excluded.len(),
                });
            }
            let new_depth = depth - 1 + extension;
            let mut score;
            if searched == 1 {
                score = -self.negamax(&child, -beta, -alpha, new_depth, ply + 1);
            } else {
                // Step 12. Late-move reductions: later moves, ordered worse,
                // are searched shallower with a null window first.
                let mut r = 0;
                if depth >= params::lmr_min_depth()
                    && searched > 1 + pv_node as usize
                    && (quiet || is_bad_capture_score(order))
                {
                    r = lmr_reduction(depth as usize, searched);
                    r += node_type_reduction(pv_node, tt_pv);
                    r += params::lmr_not_improving() * !improving as i32;
                    r -= params::lmr_refutation() * is_refutation_score(order) as i32;
                    r -= params::lmr_check() * gives_check as i32;
                    if quiet {
                        r -= self.history.quiet_score(us, m, piece, conts)
                            / params::lmr_history_div();
                    }
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                // Step 13. Principal variation search: a null window proves
                // the move worse; only a move that beats alpha is re-searched.
                score = -self.negamax(&child, -alpha - 1, -alpha, new_depth - r, ply + 1);
                if score > alpha && r > 0 {
                    score = -self.negamax(&child, -alpha - 1, -alpha, new_depth, ply + 1);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(&child, -beta, -alpha, new_depth, ply + 1);
                }
            }
            self.unmake_move();
            if self.stopped {
                return 0;
            }

            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                        if root && self.excluded.is_empty() {
                            let pv = self.pv[0][..self.pv_len[0]].to_vec();
                            self.root_best = Some((score, pv));
                        }
                    }
                    if score >= beta {
                        break;
                    }
                }
            }
            // The best move so far is not among the moves it beat.
            if quiet && m != best_move && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = (m, piece);
                quiet_count += 1;
            }
        }

        // Step 14. A best move, whether it cut off or raised alpha in a PV
        // node, teaches the ordering tables (Stockfish's update_all_stats).
        if !best_move.is_null() && !best_move.is_tactical() {
            let piece = b.piece_at(best_move.from()).0;
            self.reward_quiet(
                b,
                ply,
                (best_move, piece),
                conts,
                depth,
                &quiets_tried[..quiet_count],
            );
        }

        if picker.found_no_moves() {
            return if in_check { mated_in(ply) } else { DRAW };
        }
        if searched == 0 {
            // Every move was pruned or filtered (root `searchmoves` are never
            // empty); in a singular search, the excluded move was the only
            // one, which is then singular (alpha: Stockfish's value).
            return if best == -INFINITE { alpha } else { best };
        }

        // A tablebase loss (or draw) caps what the moves found.
        if pv_node {
            best = best.min(tb_ceiling);
        }

        // Step 15. Store the result. A restricted root search (MultiPV
        // lines after the first, `searchmoves`) is not the position's value.
        // Nor is a singular search, which left out the table move.
        let restricted = root && (!self.excluded.is_empty() || self.root_moves_restricted);
        if !restricted && !singular_search {
            let bound = if best >= beta {
                TtBound::Lower
            } else if !best_move.is_null() && pv_node {
                TtBound::Exact
            } else {
                TtBound::Upper
            };
            let eval_to_store = if in_check { 0 } else { raw_eval };
            self.tt.store(
                key,
                TtData {
                    mv: best_move,
                    score: to_tt(best, ply),
                    eval: eval_to_store,
                    depth,
                    bound,
                    was_pv: tt_pv,
                },
            );

            // Step 16. Correction history learns how far the evaluation
            // was off, unless the best move is a capture or a promotion
            // (the evaluation was then early rather than wrong) or the side
            // to move is in check (it had none); a fail-low, with no best
            // move, teaches too. Stockfish's conditions.
            if let Some(at) = correction_at
                && !best_move.is_tactical()
            {
                self.history
                    .correction
                    .update(at, raw_eval, static_eval, best, bound, depth);
            }
        }
        best
    }
}

impl ThreadData<'_> {
    /// The quiet move `m` (of `piece`) was best at `ply`: a killer, the
    /// counter-move of the previous move, a bonus in every history table;
    /// `others`, the quiet moves searched before it, get a malus. `conts`
    /// are the continuation keys of the two moves before `ply`.
    fn reward_quiet(
        &mut self,
        b: &Board,
        ply: usize,
        (m, piece): (Move, u8),
        conts: [ContKey; 2],
        depth: i32,
        others: &[(Move, u8)],
    ) {
        let us = b.side_to_move();
        self.history.add_killer(ply, m);
        self.history
            .update_quiet_all(us, m, piece, conts, bonus(depth));
        let malus = malus(depth);
        for &(q, qp) in others {
            self.history.update_quiet_all(us, q, qp, conts, -malus);
        }
        let prev = if ply > 0 {
            self.stack[ply - 1].mv
        } else {
            Move::NULL
        };
        self.history.set_counter_move(b, prev, m);
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Board, Move};
    use crate::search::params;
    use crate::search::thread_data::tests::with_thread_data;
    use crate::search::tt::{TtBound, TtData};
    use crate::search::value::INFINITE;

    /// A table entry with a move and a lower bound, as a search that failed
    /// high on the move leaves it.
    fn fail_high(mv: Move, score: i32, depth: i32) -> TtData {
        TtData {
            mv,
            score,
            depth,
            bound: TtBound::Lower,
            ..TtData::default()
        }
    }

    /// White to move takes a loose queen with its own: the one good move.
    const ONE_GOOD_MOVE: &str = "4k3/8/8/3q4/8/8/3Q4/4K3 w - - 0 1";

    #[test]
    fn a_node_in_check_is_not_extended_for_it() {
        // A position in check is not extended for being in check: at depth
        // 0 it goes straight to quiescence, which searches the evasions.
        let b = Board::from_fen("4k3/8/8/8/8/8/8/q3K3 w - - 0 1").unwrap();
        with_thread_data(vec![b.key()], |w| {
            w.negamax(&b, -INFINITE, INFINITE, 0, 1);
            assert_eq!(w.tt.probe(b.key()).map(|h| h.depth), Some(0));
        });
    }

    #[test]
    fn a_singular_search_neither_cuts_on_nor_writes_the_node_entry() {
        let b = Board::from_fen(ONE_GOOD_MOVE).unwrap();
        let m = crate::movegen::parse_uci_move(&b, "d2d5").unwrap();
        with_thread_data(vec![b.key()], |w| {
            // Shallow enough for the table to take any later store of the
            // same search (see `TranspositionTable::store`).
            w.tt.store(b.key(), fail_high(m, 900, 5));
            // The full node takes the table's word for it.
            assert_eq!(w.negamax(&b, 883, 884, 4, 1), 900);
            // Without the queen capture, nothing comes near.
            w.stack[1].eval = w.evaluate(&b, 1);
            w.stack[1].excluded = m;
            let value = w.negamax(&b, 883, 884, 4, 1);
            w.stack[1].excluded = Move::NULL;
            assert!(value < 300, "{value}");
            let h = w.tt.probe(b.key()).unwrap();
            assert_eq!(
                (h.mv, h.score, h.depth, h.bound),
                (m, 900, 5, TtBound::Lower)
            );
        });
    }

    #[test]
    fn a_singular_move_is_extended_twice_up_to_the_cap() {
        let b = Board::from_fen(ONE_GOOD_MOVE).unwrap();
        let m = crate::movegen::parse_uci_move(&b, "d2d5").unwrap();
        // The table move cuts at once, so the child's count is its own.
        // Beta 850: the table's 900 is below ProbCut's beta (940), which
        // therefore leaves the node to the move loop.
        let cap = params::double_ext_max() as u8;
        for (before, after) in [(0, 1), (cap, cap)] {
            with_thread_data(vec![b.key()], |w| {
                w.root_depth = 10;
                w.stack[1].double_extensions = before;
                w.tt.store(b.key(), fail_high(m, 900, 7));
                assert!(w.negamax(&b, 849, 850, 8, 1) >= 850);
                assert_eq!(w.stack[2].double_extensions, after, "{before}");
            });
        }
    }

    #[test]
    fn a_second_move_that_holds_beta_cuts_the_node() {
        // The knight takes the queen as well: singular beta, 900 - 2 · 8,
        // is the node's fail-high score (multi-cut). Beta 850, as above,
        // keeps ProbCut out.
        let b = Board::from_fen("4k3/8/8/3q4/8/2N5/3Q4/4K3 w - - 0 1").unwrap();
        let m = crate::movegen::parse_uci_move(&b, "d2d5").unwrap();
        with_thread_data(vec![b.key()], |w| {
            w.root_depth = 10;
            w.tt.store(b.key(), fail_high(m, 900, 7));
            assert_eq!(w.negamax(&b, 849, 850, 8, 1), 884);
        });
    }

    #[test]
    fn a_best_move_that_only_raised_alpha_teaches_the_history() {
        // A full-window search of the start position never fails high at
        // its top node, yet its best move is remembered.
        let b = Board::startpos();
        with_thread_data(vec![b.key()], |w| {
            w.negamax(&b, -INFINITE, INFINITE, 4, 1);
            let best = w.pv[1][0];
            assert!(!best.is_tactical() && !best.is_null());
            assert_eq!(w.history.killers[1][0], best);
            assert!(w.history.quiet(b.side_to_move(), best) > 0);
        });
    }

    #[test]
    fn a_table_cut_off_rewards_its_quiet_move() {
        let b = Board::startpos();
        let m = crate::movegen::parse_uci_move(&b, "g1f3").unwrap();
        with_thread_data(vec![b.key()], |w| {
            w.tt.store(b.key(), fail_high(m, 300, 20));
            assert_eq!(w.negamax(&b, 10, 11, 6, 1), 300);
            assert_eq!(w.history.killers[1][0], m);
            assert!(w.history.quiet(b.side_to_move(), m) > 0);
        });
    }

    #[test]
    fn no_table_cut_off_next_to_the_fifty_move_rule() {
        // Every white move leads to a fifty-move draw; the table says +5.
        for (clock, expected) in [(80, 500), (99, 0)] {
            let fen = format!("4k3/8/8/8/8/8/8/R3K3 w - - {clock} 120");
            let b = Board::from_fen(&fen).unwrap();
            with_thread_data(vec![b.key()], |w| {
                w.tt.store(
                    b.key(),
                    TtData {
                        score: 500,
                        depth: 30,
                        bound: TtBound::Exact,
                        ..TtData::default()
                    },
                );
                assert_eq!(w.negamax(&b, 10, 11, 10, 1), expected, "clock {clock}");
            });
        }
    }

    /// Teaches `w`'s correction history that `b`'s evaluation is
    /// `3 * MAX_CORRECTION_CP` (all its entries' bound) too low.
    fn correct_upwards(w: &mut crate::search::thread_data::ThreadData, b: &Board) {
        use crate::search::correction::CorrectionIndex;
        // At ply 1, below the root's null stack entry: no continuation entry.
        let at = CorrectionIndex::of(b, [None; 2]);
        for _ in 0..1000 {
            w.history
                .correction
                .update(at, 0, 0, 500, TtBound::Exact, 20);
        }
    }

    #[test]
    fn the_search_prunes_with_the_corrected_eval_and_stores_the_raw_one() {
        use crate::search::correction::MAX_CORRECTION_CP;
        let b = Board::startpos();
        let raw = crate::eval::evaluate(&b);
        with_thread_data(vec![b.key()], |w| {
            correct_upwards(w, &b);
            w.negamax(&b, -INFINITE, INFINITE, 1, 1);
            assert_eq!(w.stack[1].eval, raw + 3 * MAX_CORRECTION_CP);
            assert_eq!(w.tt.probe(b.key()).unwrap().eval, raw);
        });
        // Quiescence stands pat on the corrected evaluation (the start
        // position has no capture), and stores the raw one.
        with_thread_data(vec![b.key()], |w| {
            correct_upwards(w, &b);
            assert_eq!(
                w.quiescence(&b, -INFINITE, INFINITE, 1),
                raw + 3 * MAX_CORRECTION_CP
            );
            assert_eq!(w.tt.probe(b.key()).unwrap().eval, raw);
        });
    }

    #[test]
    fn the_table_keeps_the_pv_mark_of_a_node() {
        let b = Board::startpos();
        let was_pv =
            |w: &crate::search::thread_data::ThreadData| w.tt.probe(b.key()).unwrap().was_pv;
        // A PV node marks its entry; a null-window node does not (far
        // below its window, it searches every move and stores).
        with_thread_data(vec![b.key()], |w| {
            w.negamax(&b, -INFINITE, INFINITE, 3, 1);
            assert!(was_pv(w));
        });
        with_thread_data(vec![b.key()], |w| {
            assert!(w.negamax(&b, 500, 501, 3, 1) <= 500);
            assert_eq!(w.tt.probe(b.key()).unwrap().depth, 3);
            assert!(!was_pv(w));
        });
        // Once marked, the position stays marked in a null window.
        with_thread_data(vec![b.key()], |w| {
            w.tt.store(
                b.key(),
                TtData {
                    score: 0,
                    depth: 1,
                    bound: TtBound::Upper,
                    was_pv: true,
                    ..TtData::default()
                },
            );
            assert!(w.negamax(&b, 500, 501, 3, 1) <= 500);
            assert_eq!(w.tt.probe(b.key()).unwrap().depth, 3);
            assert!(was_pv(w));
            assert!(w.stack[1].tt_pv);
        });
    }
}
