//! ProbCut (Buro's idea, in the shape Stockfish 15 gives it): at a non-PV
//! node deep enough, a capture that wins enough material to leave the
//! score well above beta, and still does so in a search four plies
//! shallower, is taken as proof that the full-depth search would fail high
//! too. The node returns that score without searching its other moves.
//!
//! The reduced search is a null window at `probcut_beta`, a margin above
//! beta, so that a position that only just holds beta at reduced depth is
//! not trusted to hold it at full depth. Each capture is first asked of
//! quiescence (cheap), and only one that holds there gets the reduced
//! search.
//!
//! Its constants (the least depth, the reduction, the margin) are
//! `params::probcut_*`, where their reasons are given.

use super::ordering::MovePicker;
use super::params;
use super::see::see_ge;
use super::thread_data::ThreadData;
use super::tt::{TtBound, TtData};
use super::value::{from_tt, to_tt};
use crate::board::{Board, Move, PieceKind};

/// A ProbCut result is worth a search of the node this many plies
/// shallower: the reduced search plus the capture's own ply.
#[inline]
fn stored_reduction() -> i32 {
    params::probcut_reduction() - 1
}

/// The score that the captures must prove at reduced depth.
#[inline]
pub fn probcut_beta(beta: i32, improving: bool) -> i32 {
    beta + params::probcut_margin() - params::probcut_improving() * improving as i32
}

/// Whether a node at `ply`, searched to `depth`, should try ProbCut for
/// `probcut_beta`, given its table entry: not when the table already holds
/// a search nearly as deep as ProbCut's own whose score stays below
/// `probcut_beta` (Stockfish's guard: ProbCut would most likely fail, and
/// only repeat that search).
#[inline]
pub fn probcut_worth_trying(
    hit: Option<TtData>,
    depth: i32,
    ply: usize,
    probcut_beta: i32,
) -> bool {
    depth >= params::probcut_min_depth()
        && !hit.is_some_and(|h| {
            h.depth >= depth - stored_reduction() && from_tt(h.score, ply) < probcut_beta
        })
}

impl ThreadData<'_> {
    /// Tries ProbCut at the node `b` at `ply` (not in check, not a PV node),
    /// searched to `depth`: each capture and queen promotion whose SEE
    /// covers the distance from the node's `static_eval` (corrected) to
    /// `probcut_beta`, the table move first when it is one of them. Returns the score of the first that holds
    /// `probcut_beta` in quiescence and then at reduced depth, after
    /// storing it as a lower bound at `depth - 3` with its move and
    /// `raw_eval` (the table keeps the uncorrected eval); `None` when none
    /// holds; `Some(0)` after a stop (the value is then meaningless, as
    /// every search's).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn probcut(
        &mut self,
        b: &Board,
        probcut_beta: i32,
        depth: i32,
        ply: usize,
        tt_move: Move,
        static_eval: i32,
        raw_eval: i32,
    ) -> Option<i32> {
        debug_assert!(depth >= params::probcut_min_depth() && !b.in_check());
        let see_threshold = probcut_beta - static_eval;
        // The tactical picker tries the table move only when it is a
        // capture or promotion, and orders the rest by victim.
        let mut picker = MovePicker::tactical(tt_move);
        while let Some((m, _)) = picker.next(b, self.history, &mut self.buffers[ply]) {
            // Underpromotions are quiet moves to Stockfish's ProbCut.
            if m.promotion().is_some_and(|k| k != PieceKind::Queen) {
                continue;
            }
            if !see_ge(b, m, see_threshold) {
                continue;
            }
            let mut child = *b;
            self.make_move(b, m, ply, false, &mut child);
            let window = (-probcut_beta, -probcut_beta + 1);
            let mut score = -self.quiescence(&child, window.0, window.1, ply + 1);
            if score >= probcut_beta && !self.stopped {
                let reduced = depth - params::probcut_reduction();
                score = -self.negamax(&child, window.0, window.1, reduced, ply + 1);
            }
            self.unmake_move();
            if self.stopped {
                return Some(0);
            }
            if score >= probcut_beta {
                self.tt.store(
                    b.key(),
                    TtData {
                        mv: m,
                        score: to_tt(score, ply),
                        eval: raw_eval,
                        depth: depth - stored_reduction(),
                        bound: TtBound::Lower,
                        was_pv: self.stack[ply].tt_pv,
                    },
                );
                return Some(score);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{params, probcut_beta, probcut_worth_trying};
    use crate::board::{Board, Move};
    use crate::movegen::parse_uci_move;
    use crate::search::thread_data::ThreadData;
    use crate::search::thread_data::tests::with_thread_data;
    use crate::search::tt::{TtBound, TtData};

    /// White to move takes a loose queen with its own.
    const LOOSE_QUEEN: &str = "4k3/8/8/3q4/8/8/3Q4/4K3 w - - 0 1";

    /// Searches `b` at ply 1 to depth 6 in (`beta - 1`, `beta`) or in
    /// `window`, with `prepare` run on a fresh thread's data first; returns the
    /// score and the depth, bound and move of the table's entry for `b`.
    /// ProbCut stores at depth 3; the full search (its depth reduced by
    /// one, having no table move) at 5.
    fn search(
        b: &Board,
        (alpha, beta): (i32, i32),
        prepare: impl FnOnce(&mut ThreadData),
    ) -> (i32, (i32, TtBound, Move)) {
        let mut result = None;
        with_thread_data(vec![b.key()], |w| {
            prepare(w);
            let score = w.negamax(b, alpha, beta, 6, 1);
            let h = w.tt.probe(b.key()).unwrap();
            result = Some((score, (h.depth, h.bound, h.mv)));
        });
        result.unwrap()
    }

    #[test]
    fn a_capture_far_above_beta_cuts_the_node_at_reduced_depth() {
        let b = Board::from_fen(LOOSE_QUEEN).unwrap();
        let m = parse_uci_move(&b, "d2d5").unwrap();
        // Taking the queen holds beta + 90 in quiescence and at depth 2:
        // the node returns that score, and its entry says so at depth 3.
        let (score, entry) = search(&b, (299, 300), |_| ());
        assert!(score >= probcut_beta(300, false), "{score}");
        assert_eq!(entry, (3, TtBound::Lower, m));
    }

    #[test]
    fn probcut_is_not_tried_where_it_does_not_belong() {
        let b = Board::from_fen(LOOSE_QUEEN).unwrap();
        let cut_by_probcut = |b: &Board, window, prepare: &dyn Fn(&mut ThreadData)| {
            search(b, window, prepare).1.0 == 3
        };
        // A PV node searches its moves.
        assert!(!cut_by_probcut(&b, (299, 400), &|_| ()));
        // The queen's SEE, 950, falls short of probcut_beta's distance
        // above the static evaluation.
        let mut eval = 0;
        with_thread_data(vec![b.key()], |w| eval = w.evaluate(&b, 1));
        let beta = eval + 950 - params::probcut_margin() + 1;
        assert!(!cut_by_probcut(&b, (beta - 1, beta), &|_| ()));
        // The table holds a search of ProbCut's depth whose score stays
        // below probcut_beta: ProbCut would only repeat it. At
        // probcut_beta, it is tried.
        let stored = |score| {
            move |w: &mut ThreadData| {
                w.tt.store(
                    b.key(),
                    TtData {
                        score,
                        depth: 3,
                        bound: TtBound::Upper,
                        ..TtData::default()
                    },
                )
            }
        };
        assert!(!cut_by_probcut(&b, (299, 300), &stored(389)));
        assert!(cut_by_probcut(&b, (299, 300), &stored(390)));
        // In check: the king takes the queen, a rook up after it. The
        // full search stores at 5: its 6 less internal iterative
        // reduction's ply (a node in check is not extended; the check
        // extension goes to the move that gives it). ProbCut would store
        // at 3.
        let checked = Board::from_fen("4k3/8/8/8/8/8/3q4/R3K3 w - - 0 1").unwrap();
        let (score, (depth, _, _)) = search(&checked, (299, 300), |_| ());
        assert!(score >= 300 && depth == 5, "{score} {depth}");
    }

    #[test]
    fn the_margin_and_the_table_guard() {
        assert_eq!(probcut_beta(100, false), 190);
        assert_eq!(probcut_beta(100, true), 170);
        let hit = |depth, score| {
            Some(TtData {
                mv: Move::NULL,
                score,
                eval: 0,
                depth,
                bound: TtBound::Lower,
                was_pv: false,
            })
        };
        assert!(!probcut_worth_trying(None, 4, 1, 190));
        assert!(probcut_worth_trying(None, 5, 1, 190));
        // An entry at least depth - 3 deep, below probcut_beta, stops it; a
        // shallower one, or one at probcut_beta, does not.
        assert!(!probcut_worth_trying(hit(5, 189), 8, 1, 190));
        assert!(probcut_worth_trying(hit(4, 189), 8, 1, 190));
        assert!(probcut_worth_trying(hit(5, 190), 8, 1, 190));
    }
}
