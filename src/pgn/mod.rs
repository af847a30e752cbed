//! The arbiter: games judged against the FIDE Laws, and the verdicts in
//! words. `ladya outcome --pgn FILE` judges every game of a PGN file;
//! `ladya outcome` (a FEN and moves) and the UCI `d` command print one
//! verdict. The rules themselves are `crate::rules`'.
//!
//! - [`lexer`]: bytes to tokens, streaming; comments, variations, glyphs
//!   skipped.
//! - [`reader`]: tokens to games ([`reader::RawGame`]: tags, move texts,
//!   result), one at a time.
//! - [`arbiter`]: a game replayed (SAN resolved by
//!   [`crate::movegen::san_parse`]) and its result judged with
//!   [`crate::rules`].
//! - [`report`]: the line (or JSON object) per game and the summary.
//! - [`verdict`]: `ladya outcome`'s line, and the reason sentence that
//!   the report shares.
//!
//! Our own reader: the Rust PGN crates in use are GPL (pgn-reader), and a
//! streaming reader that skips what the arbiter does not need is small.

pub mod arbiter;
pub mod lexer;
pub mod reader;
pub mod report;
pub mod verdict;

pub use arbiter::{Call, Judgement, judge};
pub use reader::{GameResult, PgnReader, RawGame};
pub use report::{Format, Summary, run};
