//! What the integration tests share, one file per kind of helper:
//!
//! - [`engine`]: the real `ladya` binary on pipes, spoken to in UCI as a
//!   GUI speaks to it;
//! - [`cli`]: the binary run once with arguments (and standard input), as
//!   a user runs a subcommand;
//! - [`output`]: reading what the engine writes (the move of a `bestmove`
//!   line, a field of an `info` line, the `info string` lines) and
//!   checking a move against the rules;
//! - [`rng`]: a small seeded generator for the fuzz and random tests;
//! - [`json`]: a small JSON reader for the test data and the arbiter's
//!   JSON report;
//! - [`scratch`]: a test's own folder in the temporary directory, removed
//!   when the test ends.
//!
//! Each test binary includes the whole folder (`mod common;`) and uses a
//! part of it, hence the `dead_code` allowance.

#![allow(dead_code)]

pub mod cli;
pub mod engine;
pub mod json;
pub mod output;
pub mod rng;
pub mod scratch;
