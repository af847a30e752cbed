//! `ladya train`: fits a `(768 → H)×2 → 1` network to self-play games and
//! writes it as a quantised net file (`eval::nnue::format`).
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

use crate::board::{Board, Color};
use crate::eval::nnue::format::{CLIP, INPUTS, MAX_HIDDEN, QA, QB, QuantisedNet, SCALE};
use crate::eval::nnue::{feature, flip_feature};
use crate::tune::CliError;
use crate::tune::gamefile::{GameRecord, MATE_SCORE, read_file, read_files};
use crate::tune::rng::Rng;
use std::collections::HashSet;

pub mod wdl;

pub const VALIDATION_EVERY: usize = 20;

/// The default K: the one the shipped net r4 (`nets/default.lnn`) was
/// trained with (fitted to the results of gen1-gen3 by round 4's
/// trainer). Rounds 1-6 fitted K anew on each round's data (140.8, 145.4,
/// 146.1, 150.1, 153.0, 155.5), so each net's centipawns were on a scale
/// of their own; from round 7 on it stays at this value unless `k` is
/// set (0: fit it).
pub const DEFAULT_K: f32 = 146.1;

/// A run's settings.
#[derive(Clone, Debug)]
pub struct Config {
    pub hidden: usize,
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
    /// The result's share of the target.
    pub lambda: f32,
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
    /// network the mirror is as true a position as the original.
    pub mirror: bool,
    /// Extra positions per game position, each one random quiet move away
    /// and labelled by the hand-crafted evaluation alone (a bootstrap
    /// while self-play data is scarce; 0: none).
    pub hce_extra: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            hidden: 128,
            epochs: 20,
            batch: 16_384,
            lr: 0.001,
            lr_end: 0.01,
            warmup: 0,
            weight_decay: 0.01,
            lambda: 0.5,
            k: DEFAULT_K,
            skip_plies: 0,
            max_score: 3_000,
            threads: 2,
            seed: 1,
            mirror: true,
            hce_extra: 0,
        }
    }
}

/// One training position: its inputs from White's view, whose turn it
/// is, the search score and the result (both White's view).
#[derive(Clone, Copy)]
pub struct Sample {
    features: [u16; 32],
    count: u8,
    white_to_move: bool,
    score: i16,
    /// 0, 1 or 2 (White's loss, draw, win).
    result: u8,
    /// The hand-crafted evaluation (side to move's view), for comparison.
    hce: i16,
    /// The target is the hand-crafted evaluation alone (`hce_extra`).
    hce_only: bool,
}

impl Sample {
    pub fn new(board: &Board, white_score: i16, result: u8) -> Sample {
        let mut s = Sample {
            features: [0; 32],
            count: 0,
            white_to_move: board.side_to_move() == Color::White,
            score: white_score,
            result,
            hce: crate::eval::evaluate(board).clamp(-30_000, 30_000) as i16,
            hce_only: false,
        };
        for (sq, p) in board.pieces().take(32) {
            s.features[s.count as usize] = feature(Color::White, p, sq) as u16;
            s.count += 1;
        }
        s
    }

    /// The same position with files a-h swapped.
    fn mirrored(&self) -> Sample {
        let mut m = *self;
        for f in &mut m.features[..m.count as usize] {
            *f ^= 7;
        }
        m
    }

    /// The side to move's inputs, then the other side's, into `mine` and
    /// `theirs`; returns how many each has.
    #[inline]
    fn inputs(&self, mine: &mut [usize; 32], theirs: &mut [usize; 32]) -> usize {
        let n = self.count as usize;
        for (i, &f) in self.features[..n].iter().enumerate() {
            let (w, b) = (f as usize, flip_feature(f as usize));
            (mine[i], theirs[i]) = if self.white_to_move { (w, b) } else { (b, w) };
        }
        n
    }

    /// A position labelled by the hand-crafted evaluation alone.
    fn hce_labelled(board: &Board) -> Sample {
        let mut s = Sample::new(board, 0, 1);
        s.hce_only = true;
        s
    }

    /// The target, from the side to move's view.
    fn target(&self, c: &Config) -> f32 {
        if self.hce_only {
            return sigmoid(self.hce as f32 / c.k);
        }
        let (mut score, mut result) = (self.score as f32, self.result as f32 / 2.0);
        if !self.white_to_move {
            score = -score;
            result = 1.0 - result;
        }
        c.lambda * result + (1.0 - c.lambda) * sigmoid(score / c.k)
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The positions of `games` that pass the filters, split into training
/// and validation sets (by game: one in `VALIDATION_EVERY`).
pub fn samples(games: &[GameRecord], c: &Config) -> (Vec<Sample>, Vec<Sample>) {
    split_samples(games, c, &|i, _| {
        i % VALIDATION_EVERY == VALIDATION_EVERY - 1
    })
}

/// The training positions of `games` without those of `held_back` (the
/// games of a validation file, wherever they stand in `games`), and how
/// many games were left out for that.
pub fn training_samples(
    games: &[GameRecord],
    c: &Config,
    held_back: &[GameRecord],
) -> (Vec<Sample>, usize) {
    let keys: HashSet<u64> = held_back.iter().map(GameRecord::fingerprint).collect();
    let held: Vec<bool> = games
        .iter()
        .map(|g| keys.contains(&g.fingerprint()))
        .collect();
    let (train, _) = split_samples(games, c, &|i, _| held[i]);
    (train, held.iter().filter(|&&h| h).count())
}

/// The positions of a validation file that pass the filters: each once
/// (no mirror, no extra positions).
pub fn validation_samples(games: &[GameRecord], c: &Config) -> Vec<Sample> {
    split_samples(games, c, &|_, _| true).1
}

/// The positions of `games` that pass the filters, in the validation set
/// for the games that `held_back(index, game)` names, else in the
/// training set (with the mirrors and extra positions).
fn split_samples(
    games: &[GameRecord],
    c: &Config,
    held_back: &dyn Fn(usize, &GameRecord) -> bool,
) -> (Vec<Sample>, Vec<Sample>) {
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (i, g) in games.iter().enumerate() {
        let training = !held_back(i, g);
        let set = if training { &mut train } else { &mut valid };
        for (ply, (board, m, score)) in g.positions().enumerate() {
            if ply < c.skip_plies
                || score.abs() >= MATE_SCORE
                || (score as i32).abs() > c.max_score
                || m.is_tactical()
                || board.in_check()
            {
                continue;
            }
            let sample = Sample::new(&board, score, g.result);
            set.push(sample);
            if c.mirror && training {
                set.push(sample.mirrored());
            }
            if training && c.hce_extra > 0 {
                let mut rng = Rng(c.seed ^ ((i as u64) << 20) ^ ply as u64);
                for _ in 0..c.hce_extra {
                    if let Some(extra) = quiet_neighbour(&board, &mut rng) {
                        let e = Sample::hce_labelled(&extra);
                        set.push(e);
                        if c.mirror {
                            set.push(e.mirrored());
                        }
                    }
                }
            }
        }
    }
    (train, valid)
}

/// A position one random quiet move from `board` where the side then to
/// move is not in check and has no capture that wins material: a position
/// the static evaluation can judge. `None` when the move drawn fails that.
fn quiet_neighbour(board: &Board, rng: &mut Rng) -> Option<Board> {
    let moves = crate::movegen::legal_moves(board);
    if moves.is_empty() {
        return None;
    }
    let m = moves.as_slice()[rng.below(moves.len())];
    if m.is_tactical() {
        return None;
    }
    let child = board.make(m);
    if child.in_check() {
        return None;
    }
    let mut captures = crate::movegen::MoveList::new();
    crate::movegen::generate_tactical(&child, &mut captures);
    if captures
        .iter()
        .any(|&c| crate::search::see::see_ge(&child, c, 1))
    {
        return None;
    }
    Some(child)
}

/// The K that makes `sigmoid(score / K)` the best predictor (least
/// squares) of the game results of `samples` (real positions only), by
/// golden-section search over 50..1000. Training with it keeps the result
/// and the score parts of the target on one scale, so that the network's
/// centipawns are the search's: with K too large for the data, the
/// results pull the network's scores up (K = 400 on games at 1500 nodes,
/// whose K is about 145, gave evaluations 1.5 times the hand-crafted
/// ones).
pub fn fit_k(samples: &[Sample]) -> f32 {
    let loss = |k: f64| {
        samples
            .iter()
            .filter(|s| !s.hce_only)
            .map(|s| {
                let p = 1.0 / (1.0 + (-(s.score as f64) / k).exp());
                let e = p - s.result as f64 / 2.0;
                e * e
            })
            .sum::<f64>()
    };
    let (mut lo, mut hi) = (50.0f64, 1000.0f64);
    let g = 0.618_033_988_75;
    for _ in 0..40 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0) as f32
}

/// The loss of the hand-crafted evaluation on `samples` (its score
/// through the same sigmoid), the baseline a network has to beat.
pub fn hce_loss(samples: &[Sample], c: &Config) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let e = sigmoid(s.hce as f32 / c.k) - s.target(c);
            (e * e) as f64
        })
        .sum();
    total / samples.len().max(1) as f64
}

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

/// The float network: parameters in one vector, laid out as the net file
/// (w1, b1, w2, b2), so that gradients and Adam's moments share indices.
#[derive(Clone)]
pub struct FloatNet {
    pub hidden: usize,
    pub params: Vec<f32>,
}

impl FloatNet {
    pub fn new(hidden: usize, seed: u64) -> FloatNet {
        assert!(hidden > 0 && hidden <= MAX_HIDDEN && hidden.is_multiple_of(16));
        let mut rng = Rng(seed);
        let mut params = vec![0.0; Self::len(hidden)];
        let a1 = 1.0 / (INPUTS as f32).sqrt();
        let a2 = 1.0 / ((2 * hidden) as f32).sqrt();
        for p in &mut params[..INPUTS * hidden] {
            *p = rng.uniform(a1);
        }
        let w2 = Self::w2_at(hidden);
        for p in &mut params[w2..w2 + 2 * hidden] {
            *p = rng.uniform(a2);
        }
        FloatNet { hidden, params }
    }

    fn len(h: usize) -> usize {
        INPUTS * h + h + 2 * h + 1
    }
    fn b1_at(h: usize) -> usize {
        INPUTS * h
    }
    fn w2_at(h: usize) -> usize {
        INPUTS * h + h
    }
    fn b2_at(h: usize) -> usize {
        INPUTS * h + 3 * h
    }

    /// The raw output (centipawns / SCALE) of one sample, with the
    /// accumulators left in `acc` (`2·hidden`: side to move first).
    fn forward(&self, s: &Sample, acc: &mut [f32]) -> f32 {
        let h = self.hidden;
        let p = &self.params;
        let b1 = &p[Self::b1_at(h)..Self::b1_at(h) + h];
        let (us, them) = acc.split_at_mut(h);
        us.copy_from_slice(b1);
        them.copy_from_slice(b1);
        let (mut mine, mut theirs) = ([0; 32], [0; 32]);
        let count = s.inputs(&mut mine, &mut theirs);
        for &f in &mine[..count] {
            for (a, w) in us.iter_mut().zip(&p[f * h..(f + 1) * h]) {
                *a += w;
            }
        }
        for &f in &theirs[..count] {
            for (a, w) in them.iter_mut().zip(&p[f * h..(f + 1) * h]) {
                *a += w;
            }
        }
        let w2 = &p[Self::w2_at(h)..Self::w2_at(h) + 2 * h];
        let mut out = p[Self::b2_at(h)];
        for (a, w) in acc.iter().zip(w2) {
            let v = a.clamp(0.0, 1.0);
            out += v * v * w;
        }
        out
    }

    /// Adds the loss's gradient on `s` to `grad`; returns the loss.
    fn backward(&self, s: &Sample, c: &Config, acc: &mut [f32], grad: &mut [f32]) -> f32 {
        let h = self.hidden;
        let out = self.forward(s, acc);
        let scale = SCALE as f32 / c.k;
        let p = sigmoid(out * scale);
        let t = s.target(c);
        let d = 2.0 * (p - t) * p * (1.0 - p) * scale;
        let (w2_at, b1_at) = (Self::w2_at(h), Self::b1_at(h));
        grad[Self::b2_at(h)] += d;
        // Output layer, and the gradient at each accumulator (kept in acc).
        for i in 0..2 * h {
            let a = acc[i];
            let v = a.clamp(0.0, 1.0);
            grad[w2_at + i] += d * v * v;
            acc[i] = if a > 0.0 && a < 1.0 {
                d * self.params[w2_at + i] * 2.0 * a
            } else {
                0.0
            };
        }
        let (g_us, g_them) = acc.split_at(h);
        for i in 0..h {
            grad[b1_at + i] += g_us[i] + g_them[i];
        }
        let (mut mine, mut theirs) = ([0; 32], [0; 32]);
        let count = s.inputs(&mut mine, &mut theirs);
        for &f in &mine[..count] {
            for (g, d) in grad[f * h..(f + 1) * h].iter_mut().zip(g_us) {
                *g += d;
            }
        }
        for &f in &theirs[..count] {
            for (g, d) in grad[f * h..(f + 1) * h].iter_mut().zip(g_them) {
                *g += d;
            }
        }
        (p - t) * (p - t)
    }

    /// The mean loss over `samples`, on `threads` threads.
    pub fn loss(&self, samples: &[Sample], c: &Config) -> f64 {
        if samples.is_empty() {
            return 0.0;
        }
        let chunk = samples.len().div_ceil(c.threads.max(1));
        let total: f64 = std::thread::scope(|scope| {
            let handles: Vec<_> = samples
                .chunks(chunk)
                .map(|part| {
                    scope.spawn(move || {
                        let mut acc = vec![0.0; 2 * self.hidden];
                        let scale = SCALE as f32 / c.k;
                        part.iter()
                            .map(|s| {
                                let p = sigmoid(self.forward(s, &mut acc) * scale);
                                let e = p - s.target(c);
                                (e * e) as f64
                            })
                            .sum::<f64>()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).sum()
        });
        total / samples.len() as f64
    }

    /// The quantised net (weights rounded to QA and QB steps).
    pub fn quantise(&self) -> QuantisedNet {
        let h = self.hidden;
        let p = &self.params;
        let q = |x: f32, s: i32| (x * s as f32).round().clamp(-32767.0, 32767.0) as i16;
        QuantisedNet {
            hidden: h,
            w1: p[..INPUTS * h].iter().map(|&x| q(x, QA)).collect(),
            b1: p[Self::b1_at(h)..Self::w2_at(h)]
                .iter()
                .map(|&x| q(x, QA))
                .collect(),
            w2: p[Self::w2_at(h)..Self::b2_at(h)]
                .iter()
                .map(|&x| q(x, QB))
                .collect(),
            b2: (p[Self::b2_at(h)] * (QA * QB) as f32).round() as i32,
        }
    }

    /// The float network a net file holds: its weights divided by their
    /// quantisation steps. Its evaluations are the engine's but for the
    /// integer rounding, so a net file's losses can be measured with the
    /// same code as a net in training.
    pub fn from_quantised(q: &QuantisedNet) -> FloatNet {
        let mut params = Vec::with_capacity(Self::len(q.hidden));
        params.extend(q.w1.iter().chain(&q.b1).map(|&x| x as f32 / QA as f32));
        params.extend(q.w2.iter().map(|&x| x as f32 / QB as f32));
        params.push(q.b2 as f32 / (QA * QB) as f32);
        FloatNet {
            hidden: q.hidden,
            params,
        }
    }

    /// The float network's evaluation of `board`, in centipawns.
    pub fn evaluate(&self, board: &Board) -> f32 {
        let s = Sample::new(board, 0, 1);
        let mut acc = vec![0.0; 2 * self.hidden];
        self.forward(&s, &mut acc) * SCALE as f32
    }
}

/// One epoch's figures.
pub struct EpochReport {
    pub epoch: usize,
    pub lr: f32,
    pub train_loss: f64,
    pub valid_loss: f64,
    pub positions_per_second: f64,
}

/// Trains a network on `train`, reporting each epoch (and the loss of
/// the untrained net as epoch 0) to `report`; returns the net of the
/// epoch with the lowest validation loss.
pub fn train(
    train: &[Sample],
    valid: &[Sample],
    c: &Config,
    report: &mut dyn FnMut(&EpochReport),
) -> FloatNet {
    let mut net = FloatNet::new(c.hidden, c.seed);
    let n = net.params.len();
    let h = c.hidden;
    let (mut m, mut v) = (vec![0.0f32; n], vec![0.0f32; n]);
    // Weight decay applies to the weights, not to the biases.
    let decays: Vec<bool> = (0..n)
        .map(|i| i < FloatNet::b1_at(h) || (i >= FloatNet::w2_at(h) && i < FloatNet::b2_at(h)))
        .collect();
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let threads = c.threads.max(1);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rng = Rng(c.seed ^ 0x5EED);
    let batches_per_epoch = train.len().div_ceil(c.batch.max(1)).max(1);
    let total_steps = (batches_per_epoch * c.epochs).max(1);
    let mut step = 0usize;
    let mut grads: Vec<Vec<f32>> = vec![vec![0.0; n]; threads];
    let first_valid = net.loss(valid, c);
    report(&EpochReport {
        epoch: 0,
        lr: c.lr,
        train_loss: net.loss(train, c),
        valid_loss: first_valid,
        positions_per_second: 0.0,
    });
    let mut best = (first_valid, 0usize, net.params.clone());
    for epoch in 1..=c.epochs {
        let started = std::time::Instant::now();
        // Fisher-Yates with the run's own generator.
        for i in (1..order.len()).rev() {
            let j = rng.below(i + 1);
            order.swap(i, j);
        }
        let mut epoch_loss = 0.0f64;
        let mut lr = c.lr;
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
                                    net_ref.backward(&train[i as usize], c, &mut acc, g) as f64
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
        report(&EpochReport {
            epoch,
            lr,
            train_loss: epoch_loss / train.len().max(1) as f64,
            valid_loss,
            positions_per_second: train.len() as f64 / secs,
        });
        if valid_loss < best.0 {
            best = (valid_loss, epoch, net.params.clone());
        }
    }
    // The epoch with the lowest validation loss is the one kept.
    if best.1 != c.epochs {
        net.params = best.2;
    }
    net
}

/// `ladya train`: reads the game files, trains, writes the net file; the
/// progress goes to `report`. With `validation_path`, that file's games
/// give the validation loss and are left out of the training data; else
/// one game in `VALIDATION_EVERY` of the data is held back.
pub fn train_files(
    data_paths: &[String],
    validation_path: Option<&str>,
    config: &Config,
    out_path: &str,
    report: &mut impl std::io::Write,
) -> Result<(), CliError> {
    if config.hidden == 0 || !config.hidden.is_multiple_of(16) || config.hidden > MAX_HIDDEN {
        return Err(CliError::BadInput(format!(
            "--hidden {} is not a multiple of 16 in 16..={MAX_HIDDEN}",
            config.hidden
        )));
    }
    let games = read_files(data_paths).map_err(CliError::BadInput)?;
    let (train_set, valid) = match validation_path {
        None => samples(&games, config),
        Some(path) => {
            let held_back = read_file(path).map_err(CliError::BadInput)?;
            let (train_set, left_out) = training_samples(&games, config, &held_back);
            writeln!(
                report,
                "validation file {path}: {} games, {left_out} of them found in the data and left out of training",
                held_back.len()
            )
            .map_err(CliError::Io)?;
            (train_set, validation_samples(&held_back, config))
        }
    };
    if train_set.is_empty() || valid.is_empty() {
        return Err(CliError::BadInput(format!(
            "too few positions to train on ({} training, {} validation)",
            train_set.len(),
            valid.len()
        )));
    }
    let fitted;
    let config = if config.k > 0.0 {
        config
    } else {
        fitted = Config {
            k: fit_k(&train_set),
            ..config.clone()
        };
        writeln!(report, "K fitted to the results: {:.1}", fitted.k).map_err(CliError::Io)?;
        &fitted
    };
    writeln!(
        report,
        "{} games: {} training positions, {} validation positions; hidden {}, {} epochs, batch {}, lr {} (warm-up {} batches, end {} of it), lambda {}, K {}",
        games.len(),
        train_set.len(),
        valid.len(),
        config.hidden,
        config.epochs,
        config.batch,
        config.lr,
        config.warmup,
        config.lr_end,
        config.lambda,
        config.k
    )
    .map_err(CliError::Io)?;
    writeln!(
        report,
        "hand-crafted evaluation: train loss {:.6}  validation loss {:.6}",
        hce_loss(&train_set, config),
        hce_loss(&valid, config)
    )
    .map_err(CliError::Io)?;
    let mut io_error = None;
    let mut kept = (f64::INFINITY, 0);
    let net = train(&train_set, &valid, config, &mut |r: &EpochReport| {
        if r.valid_loss < kept.0 {
            kept = (r.valid_loss, r.epoch);
        }
        let line = format!(
            "epoch {:3}  lr {:.6}  train loss {:.6}  validation loss {:.6}  {:.0} positions/s",
            r.epoch, r.lr, r.train_loss, r.valid_loss, r.positions_per_second
        );
        if let Err(e) = writeln!(report, "{line}").and_then(|_| report.flush()) {
            io_error.get_or_insert(e);
        }
    });
    if let Some(e) = io_error {
        return Err(CliError::Io(e));
    }
    writeln!(
        report,
        "kept the net of epoch {} (validation loss {:.6})",
        kept.1, kept.0
    )
    .map_err(CliError::Io)?;
    let quantised = net.quantise();
    writeln!(report, "the net as written (quantised):").map_err(CliError::Io)?;
    report_losses(
        &FloatNet::from_quantised(&quantised),
        &valid,
        config,
        report,
    )
    .map_err(CliError::Io)?;
    std::fs::write(out_path, quantised.to_bytes())
        .map_err(|e| CliError::BadInput(format!("cannot write {out_path}: {e}")))
}

/// `ladya train --eval-only`: the losses of the net file `net_path` on the
/// positions of the game file `validation_path` (the same filters and
/// figures as a training run's last lines), without training.
pub fn evaluate_files(
    net_path: &str,
    validation_path: &str,
    config: &Config,
    report: &mut impl std::io::Write,
) -> Result<(), CliError> {
    if config.k <= 0.0 {
        return Err(CliError::BadInput(
            "--eval-only needs a K above 0 (there is nothing to fit it to)".into(),
        ));
    }
    let bytes = std::fs::read(net_path)
        .map_err(|e| CliError::BadInput(format!("cannot read {net_path}: {e}")))?;
    let quantised = QuantisedNet::from_bytes(&bytes)
        .map_err(|e| CliError::BadInput(format!("{net_path}: {e}")))?;
    let games = read_file(validation_path).map_err(CliError::BadInput)?;
    let valid = validation_samples(&games, config);
    if valid.is_empty() {
        return Err(CliError::BadInput(format!(
            "{validation_path}: no position passes the filters"
        )));
    }
    writeln!(
        report,
        "{net_path} (hidden {}) on {validation_path}: {} games, {} positions; lambda {}, K {}",
        quantised.hidden,
        games.len(),
        valid.len(),
        config.lambda,
        config.k
    )
    .map_err(CliError::Io)?;
    report_losses(
        &FloatNet::from_quantised(&quantised),
        &valid,
        config,
        report,
    )
    .map_err(CliError::Io)
}

/// The validation losses of `net`: at the run's λ, against the search's
/// score alone (λ 0) and against the game's result alone (λ 1), each
/// beside the hand-crafted evaluation's on the same positions.
fn report_losses(
    net: &FloatNet,
    valid: &[Sample],
    config: &Config,
    report: &mut impl std::io::Write,
) -> std::io::Result<()> {
    for (name, lambda) in [
        (format!("at lambda {}", config.lambda), config.lambda),
        ("against the score alone".to_string(), 0.0),
        ("against the result alone".to_string(), 1.0),
    ] {
        let c = Config {
            lambda,
            ..config.clone()
        };
        writeln!(
            report,
            "validation loss {name}: net {:.6}, hand-crafted evaluation {:.6}",
            net.loss(valid, &c),
            hce_loss(valid, &c)
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
