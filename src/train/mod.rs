//! `ladya train`: fits a `(768 → H)×2 → 1` network (with 1 or 8 output
//! buckets by material count) to self-play games and writes it as a
//! quantised net file (`eval::nnue::format`, version 2; version 3 with
//! horizontally mirrored inputs, `Config::mirrored_input`).
//!
//! Float maths by hand (forward and backward pass of one small network do
//! not need a framework): SCReLU, sigmoid output, mean squared error
//! against `λ·result + (1 − λ)·sigmoid(score / K)`, AdamW on shuffled
//! mini-batches with a cosine learning-rate schedule, the batch's
//! gradient split over threads in fixed shares and summed in a fixed
//! order, so that a run is the same from the same seed whatever the
//! machine's timing. The trainer is never linked into the search.
//!
//! Positions are filtered here, not by datagen: the first `skip_plies`
//! plies of each game (none by default: the book and the random plies
//! already skip the opening), positions in check, positions whose
//! recorded move is a capture or promotion (their score is about the
//! exchange, not the position), and mate scores.
//!
//! The validation loss comes from a fixed validation file (`--validation`,
//! `data/nnue/validation.lgf.xz`): its games are left out of the training
//! data wherever they appear in it (recognised by `GameRecord::fingerprint`),
//! and the same file scores every round's nets, the shipped one included
//! (`evaluate_files`, `ladya train --eval-only`). Without one, one game in
//! `VALIDATION_EVERY` of the data is held back, as before round 7.
//!
//! One concern per file:
//!
//! | file | what |
//! |---|---|
//! | `data.rs` | `Sample` (one training position) and the filters that pick them from game records |
//! | `model.rs` | `FloatNet`: forward and backward pass, quantisation |
//! | `optimiser.rs` | the learning-rate schedule and the AdamW loop (`train`) |
//! | `checkpoint.rs` | the optimiser's state after an epoch, in a file, from which a stopped run goes on |
//! | `validation.rs` | K's fit, the hand-crafted baseline, the three reported losses |
//! | `cli.rs` | `ladya train` and `ladya train --eval-only` on files |
//! | `scale.rs` | `ladya net-scale`: a new net's evaluations against a reference's (the slope) |
//! | `wdl.rs` | the win-draw-loss model (`ladya wdl-fit`) |

mod checkpoint;
mod cli;
mod data;
mod model;
mod optimiser;
mod scale;
mod validation;
pub mod wdl;

use std::path::PathBuf;

pub use cli::{evaluate_files, train_files};
pub use data::{Sample, kept_positions, samples, training_samples, validation_samples};
pub use model::FloatNet;
pub use optimiser::{EpochReport, Progress, learning_rate, train};
pub use scale::{Fit, SCALE_WINDOW, net_scale_files};
pub use validation::{fit_k, hce_loss};

pub const VALIDATION_EVERY: usize = 20;

/// The default K: the one r4 (`nets/round4-h128.lnn`, shipped until
/// round 7) was trained with (fitted to the results of gen1-gen3 by round
/// 4's trainer). Rounds 1-6 fitted K anew on each round's data (140.8, 145.4,
/// 146.1, 150.1, 153.0, 155.5), so each net's centipawns were on a scale
/// of their own; from round 7 on it stays at this value unless `k` is
/// set (0: fit it).
pub const DEFAULT_K: f32 = 146.1;

/// A run's settings.
#[derive(Clone, Debug)]
pub struct Config {
    pub hidden: usize,
    /// Output buckets by material count (`format::output_bucket`): 1 (one
    /// output, every net before round 7) or 8.
    pub output_buckets: usize,
    pub epochs: usize,
    pub batch: usize,
    pub lr: f32,
    /// The learning rate at the end of the run, as a share of `lr`
    /// (cosine decay).
    pub lr_end: f32,
    /// Batches over which the learning rate first rises linearly from
    /// `lr / warmup` to `lr` (0: none); the cosine starts after them.
    pub warmup: usize,
    pub weight_decay: f32,
    /// The result's share of the target: of the validation loss, the
    /// best epoch's choice and the report always, and of the training
    /// target unless `lambda_schedule` says otherwise.
    pub lambda: f32,
    /// The result's share of the training target, moving linearly from
    /// the first value (epoch 1) to the second (the last epoch), as
    /// bullet's linear WDL scheduler does; `lambda` still measures
    /// (so that nets trained on other schedules are compared at the same
    /// λ). None: `lambda` throughout.
    pub lambda_schedule: Option<(f32, f32)>,
    /// The scale of the score's sigmoid, in centipawns; 0: fitted to the
    /// data (`fit_k`) before training.
    pub k: f32,
    pub skip_plies: usize,
    /// Scores beyond this (centipawns) are left out.
    pub max_score: i32,
    pub threads: usize,
    pub seed: u64,
    /// Also train on each position mirrored left to right (files a-h
    /// swapped): the inputs know nothing of castling rights, so to the
    /// network the mirror is as true a position as the original. Not with
    /// `mirrored_input` (`adds_mirrors`).
    pub mirror: bool,
    /// Horizontally mirrored inputs (`format::mirror_mask`; a version 3
    /// net file): each perspective's inputs mirrored left to right while
    /// its king stands on files a-d. A position and its mirror are then
    /// the same inputs, so the mirrored copies are not added.
    pub mirrored_input: bool,
    /// Extra positions per game position, each one random quiet move away
    /// and labelled by the hand-crafted evaluation alone (a bootstrap
    /// while self-play data is scarce; 0: none).
    pub hce_extra: usize,
    /// Where the optimiser's state is written after every epoch, and
    /// where a stopped run's state is read back from (`train`); None:
    /// no checkpoint.
    pub checkpoint: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            hidden: 128,
            output_buckets: 1,
            epochs: 20,
            batch: 16_384,
            lr: 0.001,
            lr_end: 0.01,
            warmup: 0,
            weight_decay: 0.01,
            lambda: 0.5,
            lambda_schedule: None,
            k: DEFAULT_K,
            skip_plies: 0,
            max_score: 3_000,
            threads: 2,
            seed: 1,
            mirror: true,
            mirrored_input: false,
            hce_extra: 0,
            checkpoint: None,
        }
    }
}

impl Config {
    /// Whether each training position's left-right mirror is added: with
    /// `mirror`, unless the inputs are mirrored (a mirror would be the
    /// same sample twice).
    pub fn adds_mirrors(&self) -> bool {
        self.mirror && !self.mirrored_input
    }

    /// The result's share of the training target in `epoch` (1 to
    /// `epochs`): `lambda`, or the schedule's value for that epoch.
    pub fn training_lambda(&self, epoch: usize) -> f32 {
        match self.lambda_schedule {
            None => self.lambda,
            Some((first, last)) => {
                let progress = if self.epochs > 1 {
                    (epoch.clamp(1, self.epochs) - 1) as f32 / (self.epochs - 1) as f32
                } else {
                    1.0
                };
                first + (last - first) * progress
            }
        }
    }
}

#[cfg(test)]
mod tests;
