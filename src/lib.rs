//! Ladya: a UCI chess engine on a copy-make 0x88 board.
//!
//! Layers; each imports only from the ones on its left:
//!
//! ```text
//! board ← movegen ← perft
//!                 ← rules ← pgn ← (main.rs)
//!                 ← rules ← eval ← search ← uci ← (main.rs)
//!                                          ← tune ← train ← (main.rs)
//! ```
// No unsafe code, with three measured exceptions: the neural evaluation's
// output layer uses SSE2 intrinsics (`eval::nnue::simd`), the search
// prefetches the transposition table (`search::prefetch`) and asks for huge
// pages for it (`search::large_pages`); each says why it pays and why it is
// sound. Every other module is denied it.
#![deny(unsafe_code)]

pub mod board;
pub mod eval;
pub mod movegen;
pub mod perft;
pub mod pgn;
pub mod rules;
pub mod search;
pub mod train;
pub mod tune;
pub mod uci;
