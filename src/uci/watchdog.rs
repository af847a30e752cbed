//! An emergency brake on the clock: if a search is still running long past
//! any sane budget, stop it, so that a bug or a slow corner of the search
//! never loses a game on time.
//!
//! Time management proper lives in the search's time manager, which also
//! sets this limit (`emergency_limit`, far beyond what a move spends);
//! the watchdog only enforces it, from the moment the `go` (or the
//! `ponderhit`) arrived.

use crate::search::SearchControl;
use crossbeam_channel::{RecvTimeoutError, Sender, unbounded};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

enum Msg {
    /// Stop this search at this moment (replaces any earlier deadline).
    Arm(Instant, Arc<SearchControl>),
    /// This search has ended: forget its deadline, if it is still the armed one.
    Disarm(Arc<SearchControl>),
    Exit,
}

/// A thread that sets the stop flag of a search at its deadline, unless
/// the search is pondering (then `ponderhit` arms it again).
pub struct Watchdog {
    tx: Sender<Msg>,
    thread: Option<JoinHandle<()>>,
}

/// What the search thread holds to disarm the watchdog when a search ends.
#[derive(Clone)]
pub struct Disarm(Sender<Msg>);

impl Disarm {
    pub fn search_ended(&self, control: &Arc<SearchControl>) {
        let _ = self.0.send(Msg::Disarm(control.clone()));
    }
}

impl Watchdog {
    pub fn spawn() -> Watchdog {
        let (tx, rx) = unbounded::<Msg>();
        let thread = std::thread::Builder::new()
            .name("watchdog".into())
            .spawn(move || {
                let mut armed: Option<(Instant, Arc<SearchControl>)> = None;
                // A ponder search may end before `ponderhit` arms it.
                let mut last_ended: Option<Arc<SearchControl>> = None;
                loop {
                    let msg = match &armed {
                        Some((deadline, _)) => rx.recv_deadline(*deadline),
                        None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
                    };
                    match msg {
                        Ok(Msg::Arm(deadline, control)) => {
                            if !last_ended
                                .as_ref()
                                .is_some_and(|e| Arc::ptr_eq(e, &control))
                            {
                                armed = Some((deadline, control));
                            }
                        }
                        Ok(Msg::Disarm(control)) => {
                            if armed
                                .as_ref()
                                .is_some_and(|(_, c)| Arc::ptr_eq(c, &control))
                            {
                                armed = None;
                            }
                            last_ended = Some(control);
                        }
                        Err(RecvTimeoutError::Timeout) => {
                            if let Some((_, control)) = armed.take()
                                && !control.pondering.load(Ordering::Relaxed)
                            {
                                log::warn!("emergency stop: the search ran past its time");
                                control.stop.store(true, Ordering::Relaxed);
                            }
                        }
                        Ok(Msg::Exit) | Err(RecvTimeoutError::Disconnected) => break,
                    }
                }
            })
            .expect("cannot start the watchdog thread");
        Watchdog {
            tx,
            thread: Some(thread),
        }
    }

    /// Stops the search of `control` `limit` from now.
    pub fn arm(&self, limit: Duration, control: Arc<SearchControl>) {
        let _ = self.tx.send(Msg::Arm(Instant::now() + limit, control));
    }

    pub fn disarmer(&self) -> Disarm {
        Disarm(self.tx.clone())
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        let _ = self.tx.send(Msg::Exit);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ended_search_is_not_stopped() {
        let w = Watchdog::spawn();
        let ended = Arc::new(SearchControl::default());
        w.arm(Duration::from_millis(20), ended.clone());
        w.disarmer().search_ended(&ended);
        std::thread::sleep(Duration::from_millis(200));
        assert!(!ended.stop.load(Ordering::Relaxed));
        // Arming a search that has ended (a ponder search, at ponderhit) does nothing.
        w.arm(Duration::from_millis(20), ended.clone());
        std::thread::sleep(Duration::from_millis(200));
        assert!(!ended.stop.load(Ordering::Relaxed));
        // Disarming an older search leaves the newer deadline armed.
        let newer = Arc::new(SearchControl::default());
        w.arm(Duration::from_millis(20), newer.clone());
        w.disarmer().search_ended(&ended);
        std::thread::sleep(Duration::from_millis(200));
        assert!(newer.stop.load(Ordering::Relaxed));
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
