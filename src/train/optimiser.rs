//! The optimiser: the learning-rate schedule (warm-up, then a cosine)
//! and the AdamW loop over shuffled mini-batches, each batch's gradient
//! split over threads in fixed shares and summed in a fixed order; with
//! a checkpoint after every epoch, from which a stopped run goes on.

use super::Config;
use super::checkpoint::{Checkpoint, Identity};
use super::data::Sample;
use super::model::FloatNet;
use crate::eval::nnue::format::CLIP;
use crate::tool::{CliError, Rng};
use std::path::Path;

/// The learning rate of batch `step` (from 0) of `total_steps`: a linear
/// rise over the first `c.warmup` batches, then a cosine from `c.lr` down
/// to `c.lr · c.lr_end` at the last batch.
pub fn learning_rate(c: &Config, step: usize, total_steps: usize) -> f32 {
    if step < c.warmup {
        return c.lr * (step + 1) as f32 / c.warmup as f32;
    }
    let span = total_steps.saturating_sub(c.warmup + 1).max(1);
    let progress = ((step - c.warmup) as f32 / span as f32).min(1.0);
    c.lr * (c.lr_end + (1.0 - c.lr_end) * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos()))
}

/// One epoch's figures.
pub struct EpochReport {
    pub epoch: usize,
    pub lr: f32,
    /// The result's share of this epoch's training target.
    pub lambda: f32,
    pub train_loss: f64,
    pub valid_loss: f64,
    pub positions_per_second: f64,
}

/// What `train` reports as it goes.
pub enum Progress<'a> {
    /// An epoch is done (epoch 0: the untrained net's losses, reported
    /// only when a run starts afresh).
    Epoch(EpochReport),
    /// The run goes on from its checkpoint `path` after `epoch` completed
    /// epochs; the best net so far is that of `best_epoch`.
    Resumed {
        path: &'a Path,
        epoch: usize,
        best_epoch: usize,
        best_valid_loss: f64,
    },
}

/// One Fisher-Yates shuffle of `order` with the run's own generator.
fn shuffle(order: &mut [u32], rng: &mut Rng) {
    for i in (1..order.len()).rev() {
        let j = rng.below(i + 1);
        order.swap(i, j);
    }
}

/// Trains a network on `train`, reporting each epoch (and the loss of
/// the untrained net as epoch 0) to `report`; returns the net of the
/// epoch with the lowest validation loss. The only errors are the
/// checkpoint's: one that cannot be read or written, or another run's.
///
/// With `c.checkpoint`, the optimiser's whole state is written to that
/// file after every epoch (`checkpoint.rs`), before the epoch's report,
/// and if the file is there when training starts, the run goes on from
/// it: the same parameters, Adam moments and step, the same best net so
/// far, and the shuffles of the completed epochs replayed with the same
/// generator, so that the net at the end is bit for bit the one an
/// uninterrupted run gives (with the same `c.threads`: another count sums
/// each batch's gradient in another order). The untrained net's report
/// is then replaced by `Progress::Resumed`. A checkpoint that another
/// run wrote (another hidden size, seed, data length ...) or that is not
/// whole is an error, and the file is left as it was. The file stays
/// when the run ends: running the same command again only rewrites the
/// same net; delete it to train afresh.
pub fn train(
    train: &[Sample],
    valid: &[Sample],
    c: &Config,
    report: &mut dyn FnMut(&Progress),
) -> Result<FloatNet, CliError> {
    let mut net =
        FloatNet::new(c.hidden, c.output_buckets, c.seed).with_mirrored_input(c.mirrored_input);
    let n = net.params.len();
    let h = c.hidden;
    let (mut m, mut v) = (vec![0.0f32; n], vec![0.0f32; n]);
    // Weight decay applies to the weights, not to the biases.
    let decays: Vec<bool> = (0..n)
        .map(|i| i < net.b1_at() || (i >= net.w2_at() && i < net.b2_at()))
        .collect();
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let threads = c.threads.max(1);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rng = Rng(c.seed ^ 0x5EED);
    let batches_per_epoch = train.len().div_ceil(c.batch.max(1)).max(1);
    let total_steps = (batches_per_epoch * c.epochs).max(1);
    let mut step = 0usize;
    let mut grads: Vec<Vec<f32>> = vec![vec![0.0; n]; threads];
    let identity = Identity::of(c, n, train.len(), valid.len());
    let resumed = match &c.checkpoint {
        Some(path) => Checkpoint::load(path, &identity)?.map(|state| (path, state)),
        None => None,
    };
    let (mut best, first_epoch) = match resumed {
        Some((path, state)) => {
            if state.epochs_done > c.epochs
                || state.best_epoch > state.epochs_done
                || state.step != state.epochs_done * train.len().div_ceil(c.batch.max(1))
            {
                return Err(CliError::BadInput(format!(
                    "checkpoint {}: {} epochs, {} steps and best epoch {} do not fit together",
                    path.display(),
                    state.epochs_done,
                    state.step,
                    state.best_epoch
                )));
            }
            // The order is the product of every shuffle so far: replay them.
            for _ in 0..state.epochs_done {
                shuffle(&mut order, &mut rng);
            }
            (net.params, m, v, step) = (state.params, state.m, state.v, state.step);
            report(&Progress::Resumed {
                path,
                epoch: state.epochs_done,
                best_epoch: state.best_epoch,
                best_valid_loss: state.best_valid_loss,
            });
            (
                (state.best_valid_loss, state.best_epoch, state.best_params),
                state.epochs_done + 1,
            )
        }
        None => {
            let first_valid = net.loss(valid, c);
            report(&Progress::Epoch(EpochReport {
                epoch: 0,
                lr: c.lr,
                train_loss: net.loss(train, c),
                valid_loss: first_valid,
                lambda: c.lambda,
                positions_per_second: 0.0,
            }));
            ((first_valid, 0usize, net.params.clone()), 1)
        }
    };
    for epoch in first_epoch..=c.epochs {
        let started = std::time::Instant::now();
        shuffle(&mut order, &mut rng);
        let mut epoch_loss = 0.0f64;
        let mut lr = c.lr;
        // The training target's λ for this epoch (the schedule's); the
        // validation loss below keeps `c.lambda`.
        let epoch_config = Config {
            lambda: c.training_lambda(epoch),
            ..c.clone()
        };
        let ce = &epoch_config;
        for batch in order.chunks(c.batch.max(1)) {
            let share = batch.len().div_ceil(threads);
            let net_ref = &net;
            let losses: Vec<f64> = std::thread::scope(|scope| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(batch.chunks(share))
                    .map(|(g, part)| {
                        scope.spawn(move || {
                            g.iter_mut().for_each(|x| *x = 0.0);
                            let mut acc = vec![0.0; 2 * h];
                            part.iter()
                                .map(|&i| {
                                    net_ref.backward(&train[i as usize], ce, &mut acc, g) as f64
                                })
                                .sum::<f64>()
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let used = batch.len().div_ceil(share);
            epoch_loss += losses.iter().sum::<f64>();
            let (first, rest) = grads.split_at_mut(1);
            for g in rest.iter().take(used - 1) {
                for (a, b) in first[0].iter_mut().zip(g.iter()) {
                    *a += b;
                }
            }
            // AdamW; the learning rate warms up, then falls on a cosine
            // from lr to lr·lr_end.
            lr = learning_rate(c, step, total_steps);
            step += 1;
            let (bc1, bc2) = (1.0 - beta1.powi(step as i32), 1.0 - beta2.powi(step as i32));
            let inv = 1.0 / batch.len() as f32;
            let g = &first[0];
            for i in 0..n {
                let gi = g[i] * inv;
                m[i] = beta1 * m[i] + (1.0 - beta1) * gi;
                v[i] = beta2 * v[i] + (1.0 - beta2) * gi * gi;
                let mut p = net.params[i];
                if decays[i] {
                    p -= lr * c.weight_decay * p;
                }
                p -= lr * (m[i] / bc1) / ((v[i] / bc2).sqrt() + eps);
                net.params[i] = p.clamp(-CLIP, CLIP);
            }
        }
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        let valid_loss = net.loss(valid, c);
        if valid_loss < best.0 {
            best = (valid_loss, epoch, net.params.clone());
        }
        // The checkpoint before the report: once an epoch's line is out,
        // a run killed from then on goes on after that epoch.
        if let Some(path) = &c.checkpoint {
            let state = Checkpoint {
                epochs_done: epoch,
                step,
                params: &net.params[..],
                m: &m[..],
                v: &v[..],
                best_epoch: best.1,
                best_valid_loss: best.0,
                best_params: &best.2[..],
            };
            state.save(path, &identity)?;
        }
        report(&Progress::Epoch(EpochReport {
            epoch,
            lr,
            lambda: ce.lambda,
            train_loss: epoch_loss / train.len().max(1) as f64,
            valid_loss,
            positions_per_second: train.len() as f64 / secs,
        }));
    }
    // The epoch with the lowest validation loss is the one kept.
    if best.1 != c.epochs {
        net.params = best.2;
    }
    Ok(net)
}
