//! Time management: how long this move may take.
//!
//! Two budgets, as in most engines: a soft limit (do not start another
//! iteration after it; stretched or shrunk by how stable the best move
//! is) and a hard limit (abort the search in the middle). Both are cut to
//! leave `move_overhead` on the clock, and the hard limit never spends
//! more than a fixed share of what remains, so that fast games (1 s + 10 ms)
//! do not lose on time.

use super::Limits;
use crate::board::Color;
use std::time::{Duration, Instant};

/// Moves assumed left in the game when the GUI does not say (`movestogo`).
const DEFAULT_MOVES_TO_GO: u32 = 30;
/// The share of the remaining time one move may spend at most.
const MAX_SHARE_NUM: u32 = 3;
const MAX_SHARE_DEN: u32 = 10;

#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    /// `None`: no clock limit (depth/nodes/infinite/ponder).
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl TimeManager {
    pub fn new(limits: &Limits, side: Color, start: Instant) -> TimeManager {
        let (soft, hard) = budgets(limits, side);
        TimeManager { start, soft, hard }
    }

    /// Restarts the clock (on `ponderhit` the budgets count from then).
    pub fn restart(&mut self, now: Instant) {
        self.start = now;
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    pub fn has_clock(&self) -> bool {
        self.hard.is_some()
    }

    /// True once the hard limit has passed: abort now.
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|h| self.start.elapsed() >= h)
    }

    /// True when another iteration should not start. `scale` (percent)
    /// stretches the soft budget when the best move is unstable.
    pub fn soft_expired(&self, scale_percent: u32) -> bool {
        self.soft.is_some_and(|s| {
            let s = s * scale_percent / 100;
            self.start.elapsed() >= s.min(self.hard.unwrap_or(s))
        })
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
    let mtg = limits.movestogo.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 50);
    let mut soft = usable / mtg + inc * 3 / 4;
    let hard_cap = if mtg == 1 {
        usable * 3 / 4
    } else {
        usable * MAX_SHARE_NUM / MAX_SHARE_DEN
    };
    let hard = (soft * 4).min(hard_cap).max(floor);
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
}
