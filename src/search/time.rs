//! Time management: how long this move may take. The one home of every
//! rule and constant about it.
//!
//! Two budgets, as in most engines: a soft limit (do not start another
//! iteration after it; stretched or shrunk by how stable the best move
//! is and by a falling score) and a hard limit (abort the search in the
//! middle). Both are cut to leave `move_overhead` on the clock, and the
//! hard limit never spends more than a fixed share of what remains, so
//! that fast games (1 s + 10 ms) do not lose on time. A third, far
//! looser limit is the UCI layer's emergency brake (`emergency_limit`).
//!
//! The constants a tune may move (moves to go, the increment's share, the
//! hard limit's scale and share, the stability and score-drop scales) are
//! `params::tm_*`, where their reasons are given; the emergency brake's
//! stay here.

use super::limits::Limits;
use super::params;
use super::value::is_decisive;
use crate::board::Color;
use std::time::{Duration, Instant};

/// The emergency brake stops a search after this share of the clock left
/// after the move overhead ...
const EMERGENCY_SHARE: u32 = 2;
/// ... or, with `movestogo 1` (the clock is then refilled), this much.
const EMERGENCY_SHARE_LAST_MOVE: f64 = 0.9;

#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    /// `None`: no clock limit (depth/nodes/infinite/ponder).
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// `movetime`: the whole budget is spent, however stable the best move.
    fixed: bool,
}

impl TimeManager {
    pub fn new(limits: &Limits, side: Color, start: Instant) -> TimeManager {
        let (soft, hard) = budgets(limits, side);
        TimeManager {
            start,
            soft,
            hard,
            fixed: limits.movetime.is_some(),
        }
    }

    /// Restarts the clock (on `ponderhit` the budgets count from then).
    pub fn restart(&mut self, now: Instant) {
        self.start = now;
    }

    /// True once the hard limit has passed: abort now.
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|h| self.start.elapsed() >= h)
    }

    /// True when another iteration should not start, now that
    /// `stable_iterations` iterations in a row have kept the best move and
    /// the best score, `best_score`, fell by `score_drop` in the last one.
    pub fn soft_expired(&self, stable_iterations: u32, score_drop: i32, best_score: i32) -> bool {
        let scale_percent = if self.fixed {
            100
        } else {
            soft_scale(stable_iterations, score_drop, best_score)
        };
        self.soft.is_some_and(|s| {
            let s = s * scale_percent / 100;
            self.start.elapsed() >= s.min(self.hard.unwrap_or(s))
        })
    }
}

/// The soft limit's scale (percent): stretched while the best move keeps
/// changing or the score is falling, shrunk once the move has settled. A
/// fall between mate or tablebase scores says nothing about a threat.
fn soft_scale(stable_iterations: u32, score_drop: i32, best_score: i32) -> u32 {
    let stability = match stable_iterations {
        0 => params::tm_stable_0(),
        1 => params::tm_stable_1(),
        2 => params::tm_stable_2(),
        _ => params::tm_stable_3(),
    } as u32;
    let trouble = if score_drop > params::tm_drop_margin() && !is_decisive(best_score) {
        params::tm_drop_scale() as u32
    } else {
        100
    };
    stability * trouble / 100
}

/// The longest a search with these limits may run before the UCI layer's
/// watchdog stops it, or `None` when it may run until stopped (no clock
/// and no movetime). An emergency brake, far beyond the budgets above:
/// half the remaining time after the move overhead (with `movestogo 1`,
/// 90%), or the movetime itself.
pub fn emergency_limit(limits: &Limits, side: Color) -> Option<Duration> {
    if limits.infinite {
        return None;
    }
    let clock = match side {
        Color::White => limits.wtime,
        Color::Black => limits.btime,
    };
    let by_clock = clock.map(|t| {
        let available = t.saturating_sub(limits.move_overhead);
        if limits.movestogo == Some(1) {
            available.mul_f64(EMERGENCY_SHARE_LAST_MOVE)
        } else {
            available / EMERGENCY_SHARE
        }
    });
    match (by_clock, limits.movetime) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// (soft, hard) budgets for `side`.
fn budgets(limits: &Limits, side: Color) -> (Option<Duration>, Option<Duration>) {
    let overhead = limits.move_overhead;
    let floor = Duration::from_millis(1);
    if let Some(t) = limits.movetime {
        let t = t.saturating_sub(overhead).max(floor);
        return (Some(t), Some(t));
    }
    let (time, inc) = match side {
        Color::White => (limits.wtime, limits.winc),
        Color::Black => (limits.btime, limits.binc),
    };
    let Some(time) = time else {
        return (None, None);
    };
    let inc = inc.unwrap_or_default();
    // What may be spent without flagging: the clock minus the overhead
    // (which every remaining move pays, so count a few moves' worth).
    let usable = time.saturating_sub(overhead * 2).max(floor);
    let mtg = limits
        .movestogo
        .unwrap_or(params::tm_moves_to_go() as u32)
        .clamp(1, 50);
    let mut soft = usable / mtg + inc * params::tm_inc_percent() as u32 / 100;
    let hard_cap = if mtg == 1 {
        usable * 3 / 4
    } else {
        usable * params::tm_hard_percent() as u32 / 100
    };
    let hard = (soft * params::tm_hard_scale() as u32 / 100)
        .min(hard_cap)
        .max(floor);
    soft = soft.min(hard);
    (Some(soft), Some(hard))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: u64) -> Option<Duration> {
        Some(Duration::from_millis(v))
    }

    #[test]
    fn budgets_stay_inside_the_clock() {
        let lim = Limits {
            wtime: ms(1000),
            winc: ms(10),
            move_overhead: Duration::from_millis(30),
            ..Limits::default()
        };
        let (soft, hard) = budgets(&lim, Color::White);
        let (soft, hard) = (soft.unwrap(), hard.unwrap());
        assert!(soft <= hard);
        assert!(hard <= Duration::from_millis(300));
        assert!(soft >= Duration::from_millis(20));
        // Almost no time left: still a positive, tiny budget.
        let lim = Limits {
            btime: ms(5),
            move_overhead: Duration::from_millis(30),
            ..Limits::default()
        };
        let (_, hard) = budgets(&lim, Color::Black);
        assert_eq!(hard, ms(1));
        // movestogo 1: may use most of the clock, not all of it.
        let lim = Limits {
            wtime: ms(2000),
            movestogo: Some(1),
            ..Limits::default()
        };
        let (_, hard) = budgets(&lim, Color::White);
        assert!(hard.unwrap() <= Duration::from_millis(1500));
        // Fixed movetime minus the overhead.
        let lim = Limits {
            movetime: ms(500),
            move_overhead: Duration::from_millis(20),
            ..Limits::default()
        };
        assert_eq!(budgets(&lim, Color::White), (ms(480), ms(480)));
        // Depth only: no clock.
        assert_eq!(budgets(&Limits::default(), Color::White), (None, None));
    }

    #[test]
    fn the_soft_limit_stretches_for_an_unsettled_move_or_a_falling_score() {
        assert_eq!(soft_scale(0, 0, 0), 140);
        assert_eq!(soft_scale(1, 30, 0), 100);
        assert_eq!(soft_scale(1, 31, 0), 150);
        assert_eq!(soft_scale(0, 31, 0), 210);
        assert_eq!(soft_scale(2, 0, 0), 85);
        assert_eq!(soft_scale(9, 0, 0), 70);
        // Between decisive scores a fall is no threat.
        assert_eq!(soft_scale(9, 500, super::super::value::MATE - 9), 70);
    }

    #[test]
    fn emergency_limits() {
        let mut l = Limits {
            wtime: ms(1000),
            btime: ms(3000),
            move_overhead: Duration::from_millis(100),
            ..Limits::default()
        };
        assert_eq!(emergency_limit(&l, Color::White), ms(450));
        assert_eq!(emergency_limit(&l, Color::Black), ms(1450));
        l.movestogo = Some(1);
        assert_eq!(emergency_limit(&l, Color::White), ms(810));
        l.movetime = ms(200);
        assert_eq!(emergency_limit(&l, Color::Black), ms(200));
        l.infinite = true;
        assert_eq!(emergency_limit(&l, Color::Black), None);
        assert_eq!(emergency_limit(&Limits::default(), Color::White), None);
    }
}
