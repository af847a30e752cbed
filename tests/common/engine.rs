//! The UCI test harness shared by the black-box tests: the real `ladya`
//! binary on pipes, its stdout read line by line on a thread, each line
//! stamped with the moment it arrived.

use super::output::best_of;
use crossbeam_channel::{Receiver, unbounded};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

/// A bound on an answer that should come at once (`readyok`, a `stop`'s
/// `bestmove`, the exit after `quit`): generous, about 1 s.
pub const GENEROUS: Duration = Duration::from_secs(1);
/// A bound on a short search, even on a loaded machine.
pub const LONG: Duration = Duration::from_secs(30);

pub struct Engine {
    pub child: Child,
    pub stdin: Option<ChildStdin>,
    pub lines: Receiver<(Instant, String)>,
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ladya"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cannot start ladya");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = unbounded();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
        }
    }

    /// The next line, or `None` after `timeout` (or once stdout closed).
    pub fn next(&mut self, timeout: Duration) -> Option<(Instant, String)> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// Every line up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        self.until_at(prefix, timeout).1
    }

    /// The time the first line starting with `prefix` arrived.
    pub fn until_at(&mut self, prefix: &str, timeout: Duration) -> (Instant, Vec<String>) {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok((t, l)) => {
                    let done = l.starts_with(prefix);
                    seen.push(l);
                    if done {
                        return (t, seen);
                    }
                }
                Err(_) => panic!("no '{prefix}' within {timeout:?}; saw {seen:#?}"),
            }
        }
    }

    /// Asserts that nothing starting with `prefix` arrives for `quiet`;
    /// the lines that came meanwhile.
    pub fn none_of(&mut self, prefix: &str, quiet: Duration) -> Vec<String> {
        let deadline = Instant::now() + quiet;
        let mut seen = Vec::new();
        while let Some((_, l)) = self.next(deadline.saturating_duration_since(Instant::now())) {
            assert!(!l.starts_with(prefix), "unexpected '{l}' after {seen:#?}");
            seen.push(l);
        }
        seen
    }

    /// `isready` → `readyok`, collecting what came before.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.until("readyok", LONG)
    }

    /// The next `bestmove` line (the search's end), within [`LONG`].
    pub fn bestmove(&mut self) -> String {
        let lines = self.until("bestmove", LONG);
        lines.last().unwrap().clone()
    }

    /// Sends `go_line` (`go depth 4`, ...); the move of its `bestmove`.
    pub fn go(&mut self, go_line: &str) -> String {
        self.send(go_line);
        best_of(&self.bestmove()).to_string()
    }

    /// Sends one line; returns the moment just before it was written.
    pub fn send(&mut self, line: &str) -> Instant {
        let stdin = self.stdin.as_mut().expect("stdin open");
        let t = Instant::now();
        stdin.write_all(format!("{line}\n").as_bytes()).unwrap();
        stdin.flush().unwrap();
        t
    }

    /// Sends `quit`, closes stdin; the time until the process exited.
    pub fn quit(mut self) -> Duration {
        let t = self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Ok(Some(_)) = self.child.try_wait() {
                return t.elapsed();
            }
            assert!(Instant::now() < deadline, "ladya did not exit after quit");
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
