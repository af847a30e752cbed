//! The real `ladya` binary run once with command-line arguments, as a user
//! runs a subcommand: shared by the command-line tests.

use std::process::{Command, Output};

pub fn ladya(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ladya"))
        .args(args)
        .env("RUST_LOG", "warn")
        .output()
        .expect("run ladya")
}

#[allow(dead_code)] // not every test binary reads stdout this way
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
