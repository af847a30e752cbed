//! The float network in training: forward and backward pass of one
//! sample, the mean loss, and the conversion to and from the quantised
//! net file.
//!
//! With several output buckets (bullet's `MaterialCount<8>` output
//! buckets), each sample goes through the output weights and bias of its
//! own bucket only (`format::output_bucket`), so its gradient reaches
//! that bucket's output layer and no other; the first layer is shared.

use super::Config;
use super::data::Sample;
use crate::board::Board;
use crate::eval::nnue::format::{INPUTS, MAX_HIDDEN, OUTPUT_BUCKETS, QA, QB, QuantisedNet, SCALE};
use crate::tool::Rng;

pub(super) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The float network: parameters in one vector, laid out as the net file
/// (w1, b1, w2 of every bucket, b2 of every bucket), so that gradients
/// and Adam's moments share indices.
#[derive(Clone)]
pub struct FloatNet {
    pub hidden: usize,
    /// Output buckets (`format::OUTPUT_BUCKETS`).
    pub buckets: usize,
    /// Horizontally mirrored inputs (`format::mirror_mask`).
    pub mirrored_input: bool,
    pub params: Vec<f32>,
}

impl FloatNet {
    pub fn new(hidden: usize, buckets: usize, seed: u64) -> FloatNet {
        assert!(hidden > 0 && hidden <= MAX_HIDDEN && hidden.is_multiple_of(16));
        assert!(OUTPUT_BUCKETS.contains(&buckets));
        let mut net = FloatNet {
            hidden,
            buckets,
            mirrored_input: false,
            params: Vec::new(),
        };
        let mut rng = Rng(seed);
        let mut params = vec![0.0; net.len()];
        let a1 = 1.0 / (INPUTS as f32).sqrt();
        let a2 = 1.0 / ((2 * hidden) as f32).sqrt();
        for p in &mut params[..INPUTS * hidden] {
            *p = rng.uniform(a1);
        }
        for p in &mut params[net.w2_at()..net.b2_at()] {
            *p = rng.uniform(a2);
        }
        net.params = params;
        net
    }

    /// The same net with horizontally mirrored inputs, or without (the
    /// parameters, and their initial values, are the same).
    pub fn with_mirrored_input(self, mirrored_input: bool) -> FloatNet {
        FloatNet {
            mirrored_input,
            ..self
        }
    }

    fn len(&self) -> usize {
        self.b2_at() + self.buckets
    }
    pub(super) fn b1_at(&self) -> usize {
        INPUTS * self.hidden
    }
    /// Bucket 0's output weights; bucket `b`'s are `2·hidden·b` further.
    pub(super) fn w2_at(&self) -> usize {
        INPUTS * self.hidden + self.hidden
    }
    /// Bucket 0's output bias; bucket `b`'s is `b` further.
    pub(super) fn b2_at(&self) -> usize {
        self.w2_at() + self.buckets * 2 * self.hidden
    }

    /// The output bucket of sample `s`.
    #[inline]
    pub(super) fn bucket(&self, s: &Sample) -> usize {
        s.output_bucket(self.buckets)
    }

    /// The raw output (centipawns / SCALE) of one sample, with the
    /// accumulators left in `acc` (`2·hidden`: side to move first).
    pub(super) fn forward(&self, s: &Sample, acc: &mut [f32]) -> f32 {
        let h = self.hidden;
        let p = &self.params;
        let b1 = &p[self.b1_at()..self.b1_at() + h];
        let (us, them) = acc.split_at_mut(h);
        us.copy_from_slice(b1);
        them.copy_from_slice(b1);
        let (mut mine, mut theirs) = ([0; 32], [0; 32]);
        let count = s.inputs(self.mirrored_input, &mut mine, &mut theirs);
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
        let bucket = self.bucket(s);
        let w2 = &p[self.w2_at() + bucket * 2 * h..][..2 * h];
        let mut out = p[self.b2_at() + bucket];
        for (a, w) in acc.iter().zip(w2) {
            let v = a.clamp(0.0, 1.0);
            out += v * v * w;
        }
        out
    }

    /// Adds the loss's gradient on `s` to `grad`; returns the loss.
    pub(super) fn backward(
        &self,
        s: &Sample,
        c: &Config,
        acc: &mut [f32],
        grad: &mut [f32],
    ) -> f32 {
        let h = self.hidden;
        let out = self.forward(s, acc);
        let scale = SCALE as f32 / c.k;
        let p = sigmoid(out * scale);
        let t = s.target(c);
        let d = 2.0 * (p - t) * p * (1.0 - p) * scale;
        // Only the sample's own bucket's output layer has a gradient.
        let bucket = self.bucket(s);
        let (w2_at, b1_at) = (self.w2_at() + bucket * 2 * h, self.b1_at());
        grad[self.b2_at() + bucket] += d;
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
        let count = s.inputs(self.mirrored_input, &mut mine, &mut theirs);
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
            buckets: self.buckets,
            w1: p[..INPUTS * h].iter().map(|&x| q(x, QA)).collect(),
            b1: p[self.b1_at()..self.w2_at()]
                .iter()
                .map(|&x| q(x, QA))
                .collect(),
            w2: p[self.w2_at()..self.b2_at()]
                .iter()
                .map(|&x| q(x, QB))
                .collect(),
            b2: p[self.b2_at()..]
                .iter()
                .map(|&x| (x * (QA * QB) as f32).round() as i32)
                .collect(),
            mirrored_input: self.mirrored_input,
        }
    }

    /// The float network a net file holds: its weights divided by their
    /// quantisation steps. Its evaluations are the engine's but for the
    /// integer rounding, so a net file's losses can be measured with the
    /// same code as a net in training.
    pub fn from_quantised(q: &QuantisedNet) -> FloatNet {
        let mut params = Vec::new();
        params.extend(q.w1.iter().chain(&q.b1).map(|&x| x as f32 / QA as f32));
        params.extend(q.w2.iter().map(|&x| x as f32 / QB as f32));
        params.extend(q.b2.iter().map(|&x| x as f32 / (QA * QB) as f32));
        let net = FloatNet {
            hidden: q.hidden,
            buckets: q.buckets,
            mirrored_input: q.mirrored_input,
            params,
        };
        debug_assert_eq!(net.params.len(), net.len());
        net
    }

    /// The float network's evaluation of `board`, in centipawns.
    pub fn evaluate(&self, board: &Board) -> f32 {
        let s = Sample::new(board, 0, 1);
        let mut acc = vec![0.0; 2 * self.hidden];
        self.forward(&s, &mut acc) * SCALE as f32
    }
}
