//! An emergency brake on the clock: if a search is still running long past
//! any sane budget, stop it, so that a bug or a slow corner of the search
//! never loses a game on time.
//!
//! Time management proper lives in the search (it spends much less than
//! this limit); the watchdog only guards the worst case, from the moment
//! the `go` (or the `ponderhit`) arrived.

use crate::board::Color;
use crate::search::{Limits, SearchControl};
use crossbeam_channel::{RecvTimeoutError, Sender, unbounded};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The longest a search with these limits may run, or `None` when it may
/// run until stopped (no clock and no movetime).
///
/// Half the remaining time after the move overhead (with `movestogo 1`,
/// 90%: the clock is then refilled), or the movetime itself.
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
            available.mul_f64(0.9)
        } else {
            available / 2
        }
    });
    match (by_clock, limits.movetime) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

type Arm = Option<(Instant, Arc<SearchControl>)>;

/// A thread that sets the stop flag of a search at its deadline, unless
/// the search is pondering (then `ponderhit` arms it again).
pub struct Watchdog {
    arm: Option<Sender<Arm>>,
    thread: Option<JoinHandle<()>>,
}

impl Watchdog {
    pub fn spawn() -> Watchdog {
        let (tx, rx) = unbounded::<Arm>();
        let thread = std::thread::Builder::new()
            .name("watchdog".into())
            .spawn(move || {
                let mut armed: Arm = None;
                loop {
                    let msg = match &armed {
                        Some((deadline, _)) => rx.recv_deadline(*deadline),
                        None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
                    };
                    match msg {
                        Ok(arm) => armed = arm,
                        Err(RecvTimeoutError::Timeout) => {
                            if let Some((_, control)) = armed.take()
                                && !control.pondering.load(Ordering::Relaxed)
                            {
                                log::warn!("emergency stop: the search ran past its time");
                                control.stop.store(true, Ordering::Relaxed);
                            }
                        }
                        Err(RecvTimeoutError::Disconnected) => break,
                    }
                }
            })
            .expect("cannot start the watchdog thread");
        Watchdog {
            arm: Some(tx),
            thread: Some(thread),
        }
    }

    /// Stops the search of `control` `limit` from now.
    pub fn arm(&self, limit: Duration, control: Arc<SearchControl>) {
        if let Some(tx) = &self.arm {
            let _ = tx.send(Some((Instant::now() + limit, control)));
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.arm = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        let mut l = Limits {
            wtime: Some(Duration::from_millis(1000)),
            btime: Some(Duration::from_millis(3000)),
            move_overhead: Duration::from_millis(100),
            ..Limits::default()
        };
        assert_eq!(
            emergency_limit(&l, Color::White),
            Some(Duration::from_millis(450))
        );
        assert_eq!(
            emergency_limit(&l, Color::Black),
            Some(Duration::from_millis(1450))
        );
        l.movetime = Some(Duration::from_millis(200));
        assert_eq!(
            emergency_limit(&l, Color::Black),
            Some(Duration::from_millis(200))
        );
        l.infinite = true;
        assert_eq!(emergency_limit(&l, Color::Black), None);
        assert_eq!(emergency_limit(&Limits::default(), Color::White), None);
    }

    #[test]
    fn fires_at_the_deadline() {
        let w = Watchdog::spawn();
        let c = Arc::new(SearchControl::default());
        w.arm(Duration::from_millis(20), c.clone());
        std::thread::sleep(Duration::from_millis(300));
        assert!(c.stop.load(Ordering::Relaxed));
    }
}
