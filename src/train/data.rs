//! Training positions: `Sample`, and the filters that pick them from
//! game records (checks, captures and promotions, mate scores, the first
//! plies), with the mirrors and the hand-crafted extra positions.
//!
//! A sample keeps its inputs from White's view; Black's are their
//! `flip_feature`s. For a net with horizontally mirrored inputs
//! (`Config::mirrored_input`, `format::mirror_mask`) each perspective's
//! inputs are then mirrored by its own king's file, which the sample also
//! keeps (`mirror_masks`), so one sample serves both kinds of net.

use super::model::sigmoid;
use super::{Config, VALIDATION_EVERY};
use crate::board::{Board, Color};
use crate::eval::nnue::format::{mirror_mask, output_bucket};
use crate::eval::nnue::{feature, flip_feature};
use crate::selfplay::gamefile::{GameRecord, MATE_SCORE};
use crate::tool::Rng;
use std::collections::HashSet;

/// One training position: its inputs from White's view, whose turn it
/// is, the search score and the result (both White's view).
#[derive(Clone, Copy)]
pub struct Sample {
    pub(super) features: [u16; 32],
    pub(super) count: u8,
    /// `mirror_mask` of White's king's file and of Black's: the XOR that
    /// mirrored inputs apply to each perspective's inputs.
    pub(super) mirror_masks: [u8; 2],
    pub(super) white_to_move: bool,
    pub(super) score: i16,
    /// 0, 1 or 2 (White's loss, draw, win).
    pub(super) result: u8,
    /// The hand-crafted evaluation (side to move's view), for comparison.
    pub(super) hce: i16,
    /// The target is the hand-crafted evaluation alone (`hce_extra`).
    pub(super) hce_only: bool,
}

impl Sample {
    pub fn new(board: &Board, white_score: i16, result: u8) -> Sample {
        let mut s = Sample {
            features: [0; 32],
            count: 0,
            mirror_masks: [Color::White, Color::Black]
                .map(|c| mirror_mask(board.king_square(c).file()) as u8),
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

    /// The output bucket of a net of `buckets` buckets (`count` is every
    /// piece on the board, as the engine counts them, up to 32).
    #[inline]
    pub(super) fn output_bucket(&self, buckets: usize) -> usize {
        output_bucket(self.count as usize, buckets)
    }

    /// The same position with files a-h swapped (each king changes side,
    /// so its mirror too: to a net with mirrored inputs the two samples
    /// are the same).
    pub(super) fn mirrored(&self) -> Sample {
        let mut m = *self;
        for f in &mut m.features[..m.count as usize] {
            *f ^= 7;
        }
        m.mirror_masks = m.mirror_masks.map(|x| x ^ 7);
        m
    }

    /// The side to move's inputs, then the other side's, into `mine` and
    /// `theirs`, each perspective's mirrored by its king's file if
    /// `mirrored_input`; returns how many each has.
    #[inline]
    pub(super) fn inputs(
        &self,
        mirrored_input: bool,
        mine: &mut [usize; 32],
        theirs: &mut [usize; 32],
    ) -> usize {
        let n = self.count as usize;
        let [mw, mb] = if mirrored_input {
            self.mirror_masks.map(usize::from)
        } else {
            [0; 2]
        };
        for (i, &f) in self.features[..n].iter().enumerate() {
            let (w, b) = (f as usize ^ mw, flip_feature(f as usize) ^ mb);
            (mine[i], theirs[i]) = if self.white_to_move { (w, b) } else { (b, w) };
        }
        n
    }

    /// A position labelled by the hand-crafted evaluation alone.
    pub(super) fn hce_labelled(board: &Board) -> Sample {
        let mut s = Sample::new(board, 0, 1);
        s.hce_only = true;
        s
    }

    /// The target, from the side to move's view.
    pub(super) fn target(&self, c: &Config) -> f32 {
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
        for (ply, board, score) in kept_positions(g, c) {
            let sample = Sample::new(&board, score, g.result);
            set.push(sample);
            if c.adds_mirrors() && training {
                set.push(sample.mirrored());
            }
            if training && c.hce_extra > 0 {
                let mut rng = Rng(c.seed ^ ((i as u64) << 20) ^ ply as u64);
                for _ in 0..c.hce_extra {
                    if let Some(extra) = quiet_neighbour(&board, &mut rng) {
                        let e = Sample::hce_labelled(&extra);
                        set.push(e);
                        if c.adds_mirrors() {
                            set.push(e.mirrored());
                        }
                    }
                }
            }
        }
    }
    (train, valid)
}

/// The positions of `g` that pass the filters, each with its ply and the
/// search's score (White's view): not among the first `skip_plies`, not in
/// check, the move played neither a capture nor a promotion, the score
/// no mate and within `max_score`. The training and validation sets and
/// `ladya net-scale` all take their positions from here.
pub fn kept_positions<'a>(
    g: &'a GameRecord,
    c: &Config,
) -> impl Iterator<Item = (usize, Board, i16)> + 'a {
    let (skip_plies, max_score) = (c.skip_plies, c.max_score);
    g.positions()
        .enumerate()
        .filter_map(move |(ply, (board, m, score))| {
            let left_out = ply < skip_plies
                || score.abs() >= MATE_SCORE
                || (score as i32).abs() > max_score
                || m.is_tactical()
                || board.in_check();
            (!left_out).then_some((ply, board, score))
        })
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
