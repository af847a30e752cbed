//! Ladya: a UCI chess engine on a copy-make board: a 0x88 square array
//! with bitboards of each side's pieces beside it.
//!
//! Layers; each imports only from the ones on its left (an arrow points
//! at what is imported), as tests/layers.rs checks:
//!
//! ```text
//! board ← movegen ← perft ←──────────────────┐
//!                 ← rules ← pgn ←────────────┤
//!                 ← rules ← eval ← search ← uci
//!                                ← tune
//!                                  search ← selfplay ← train
//! ```
//!
//! `uci` also takes from `perft` (`go perft`) and from `pgn` (the verdict
//! line of the `d` command). main.rs, above them all, dispatches to uci,
//! perft, pgn, selfplay, train and tune.
//!
//! Below them all, knowing no chess, `tool` (what the command-line tools
//! share: `CliError`, the seeded `Rng`) and `fnv` (the hash of the net
//! file and of a game record), which any layer may use.
//!
//! The neural network's three parts: the data (`selfplay`: datagen and the
//! game-file format), the trainer (`train`), and inference (`eval::nnue`),
//! meeting only in the game-file and net-file formats.
// No unsafe code, with three measured exceptions: the neural evaluation's
// output layer uses SSE2 intrinsics (`eval::nnue::simd`), the search
// prefetches the transposition table (`search::prefetch`) and asks for huge
// pages for it (`search::large_pages`); each says why it pays and why it is
// sound. Every other module is denied it.
#![deny(unsafe_code)]

pub mod board;
pub mod eval;
pub mod fnv;
pub mod movegen;
pub mod perft;
pub mod pgn;
pub mod rules;
pub mod search;
pub mod selfplay;
pub mod tool;
pub mod train;
pub mod tune;
pub mod uci;
