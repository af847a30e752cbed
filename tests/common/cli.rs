//! The real `ladya` binary run once with command-line arguments, as a user
//! runs a subcommand (`perft`, `outcome`, `datagen`, ...).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `ladya ARGS`, standard input closed, output captured. `RUST_LOG=warn`
/// (the default) whatever the caller's environment says, so that stderr
/// holds what the command itself writes.
pub fn ladya(args: &[&str]) -> Output {
    command(args).output().expect("run ladya")
}

/// `ladya ARGS` with `input` on its standard input.
pub fn ladya_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start ladya");
    let mut pipe = child.stdin.take().expect("stdin");
    pipe.write_all(input).expect("write stdin");
    drop(pipe);
    child.wait_with_output().expect("ladya ran")
}

fn command(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ladya"));
    cmd.args(args).env("RUST_LOG", "warn");
    cmd
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
