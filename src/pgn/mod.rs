//! PGN files judged against the FIDE Laws: `ladya outcome --pgn FILE`.
//!
//! - [`lexer`]: bytes to tokens, streaming; comments, variations, glyphs
//!   skipped.
//! - [`reader`]: tokens to games ([`reader::RawGame`]: tags, move texts,
//!   result), one at a time.
//! - [`arbiter`]: a game replayed (SAN resolved by
//!   [`crate::movegen::san_parse`]) and its result judged with
//!   [`crate::rules`].
//! - [`report`]: the line (or JSON object) per game and the summary.
//!
//! Our own reader: the Rust PGN crates in use are GPL (pgn-reader), and a
//! streaming reader that skips what the arbiter does not need is small.

pub mod arbiter;
pub mod lexer;
pub mod reader;
pub mod report;

pub use arbiter::{Call, Judgement, judge};
pub use reader::{GameResult, PgnReader, RawGame};
pub use report::{Format, Summary, run};
