//! Aspiration windows: each line of an iteration is first searched in a
//! narrow window around the previous iteration's score, widened on
//! failure until the score falls inside it (`params::aspiration_*`).

use super::params;
use super::thread_data::ThreadData;
use super::value::{INFINITE, is_decisive};
use crate::board::{Board, Move};

/// One finished line of an iteration.
#[derive(Clone, Debug)]
pub(super) struct Line {
    pub score: i32,
    pub pv: Vec<Move>,
}

/// One line of one iteration, searched in a window around the previous
/// iteration's score that widens on failure (aspiration windows). `None`
/// when the search was stopped.
pub(super) fn aspiration(
    w: &mut ThreadData,
    board: &Board,
    depth: i32,
    previous: Option<i32>,
) -> Option<Line> {
    let mut delta = params::aspiration_window();
    let (mut alpha, mut beta) = match previous {
        Some(p) if depth >= params::aspiration_depth() && !is_decisive(p) => {
            ((p - delta).max(-INFINITE), (p + delta).min(INFINITE))
        }
        _ => (-INFINITE, INFINITE),
    };
    w.root_depth = depth;
    loop {
        let score = w.negamax(board, alpha, beta, depth, 0);
        if w.stopped {
            return None;
        }
        if score <= alpha && alpha > -INFINITE {
            beta = (alpha + beta) / 2;
            alpha = (score - delta).max(-INFINITE);
        } else if score >= beta && beta < INFINITE {
            beta = (score + delta).min(INFINITE);
        } else {
            let len = w.pv_len[0];
            if len == 0 {
                return None;
            }
            return Some(Line {
                score,
                pv: w.pv[0][..len].to_vec(),
            });
        }
        delta += delta * params::aspiration_growth() / 100 + params::aspiration_growth_add();
        if delta > params::aspiration_limit() {
            alpha = -INFINITE;
            beta = INFINITE;
        }
    }
}
