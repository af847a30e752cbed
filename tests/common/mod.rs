//! The UCI test harness shared by the black-box tests: the real `ladya`
//! binary on pipes, its stdout read line by line on a thread, each line
//! stamped with the moment it arrived.

use crossbeam_channel::{Receiver, unbounded};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::Instant;

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

    /// Sends one line; returns the moment just before it was written.
    pub fn send(&mut self, line: &str) -> Instant {
        let stdin = self.stdin.as_mut().expect("stdin open");
        let t = Instant::now();
        stdin.write_all(format!("{line}\n").as_bytes()).unwrap();
        stdin.flush().unwrap();
        t
    }
}
