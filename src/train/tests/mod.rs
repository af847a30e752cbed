use super::*;
use crate::board::{Board, Color};
use crate::eval::nnue::Network;
use crate::eval::nnue::format::INPUTS;
use crate::selfplay::gamefile::{GameRecord, Version};
use crate::tool::Rng;

mod runs;

/// A few hand-made games: a start position, its moves and a result.
fn games() -> Vec<GameRecord> {
    let lines: [(&str, &[&str], u8); 3] = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &[
                "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7",
                "f1e1", "b7b5", "a4b3", "d7d6",
            ],
            1,
        ),
        (
            "4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1",
            &[
                "a2a4", "e8d7", "a4a5", "d7c6", "b2b4", "c6b5", "c2c3", "b5a6", "d2d4", "a6b5",
                "e1d2", "b5c4", "d2e3", "c4c3",
            ],
            2,
        ),
        (
            "4k3/pppp4/8/8/8/8/8/4K3 w - - 0 1",
            &[
                "e1d2", "a7a5", "d2c3", "a5a4", "c3b4", "b7b5", "b4a3", "c7c5", "a3b2", "d7d5",
                "b2a3", "c5c4", "a3b2", "d5d4",
            ],
            0,
        ),
    ];
    lines
        .iter()
        .map(|(fen, moves, result)| {
            let start = Board::from_fen(fen).unwrap();
            let mut b = start;
            let mut record = GameRecord {
                start,
                result: *result,
                moves: Vec::new(),
            };
            for (i, text) in moves.iter().enumerate() {
                let m = crate::movegen::parse_uci_move(&b, text).unwrap();
                let score = [0, 350, -350][*result as usize] + i as i16;
                record.moves.push((m, score));
                b = b.make(m);
            }
            record
        })
        .collect()
}

fn config() -> Config {
    Config {
        hidden: 16,
        epochs: 30,
        batch: 8,
        lr: 0.01,
        skip_plies: 0,
        threads: 2,
        mirror: false,
        ..Config::default()
    }
}

#[test]
fn filters_leave_out_captures_checks_and_early_plies() {
    let g = games();
    let c = Config {
        skip_plies: 4,
        ..config()
    };
    let (train, valid) = samples(&g, &c);
    // No game is the validation game (one in 20), each game loses its
    // first four plies, and the second game's last move (Kxc3) is a capture.
    assert!(valid.is_empty());
    assert_eq!(train.len(), 3 * 14 - 3 * 4 - 1);
}

#[test]
fn training_lowers_the_loss_and_is_deterministic() {
    let g = games();
    let c = config();
    let (train_set, _) = samples(&g, &c);
    let mut losses = Vec::new();
    let net = train(&train_set, &train_set, &c, &mut |p| {
        if let Progress::Epoch(r) = p {
            losses.push(r.valid_loss)
        }
    })
    .unwrap();
    assert_eq!(losses.len(), c.epochs + 1);
    assert!(
        losses[c.epochs] < 0.5 * losses[0],
        "loss {} -> {}",
        losses[0],
        losses[c.epochs]
    );
    let again = train(&train_set, &train_set, &c, &mut |_| {}).unwrap();
    assert_eq!(net.params, again.params, "same seed, same net");
    let one_thread = train(
        &train_set,
        &train_set,
        &Config {
            threads: 1,
            ..c.clone()
        },
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(losses.len(), c.epochs + 1);
    for (a, b) in net.params.iter().zip(&one_thread.params) {
        assert!((a - b).abs() < 1e-4, "threads change the result: {a} v {b}");
    }
}

/// Each shape of net (1 or 8 output buckets, plain or mirrored inputs),
/// trained on the test games: `check(games, net, buckets, mirrored)`.
fn for_each_trained_shape(check: impl Fn(&[GameRecord], &FloatNet, usize, bool)) {
    let g = games();
    for output_buckets in [1, 8] {
        for mirrored_input in [false, true] {
            let c = Config {
                output_buckets,
                mirrored_input,
                ..config()
            };
            let (train_set, _) = samples(&g, &c);
            let float = train(&train_set, &train_set, &c, &mut |_| {}).unwrap();
            check(&g, &float, output_buckets, mirrored_input);
        }
    }
}

#[test]
fn the_quantised_net_matches_the_float_net() {
    for_each_trained_shape(the_quantised_net_matches_with);
}

fn the_quantised_net_matches_with(
    g: &[GameRecord],
    float: &FloatNet,
    output_buckets: usize,
    mirrored_input: bool,
) {
    assert_eq!(float.mirrored_input, mirrored_input);
    let net = Network::from_bytes(&float.quantise().to_bytes()).unwrap();
    assert_eq!(net.output_buckets(), output_buckets);
    assert_eq!(net.mirrored_input(), mirrored_input);
    for record in g {
        for (board, _, _) in record.positions() {
            let (f, q) = (float.evaluate(&board), net.evaluate(&board) as f32);
            assert!(
                (f - q).abs() <= 0.02 * f.abs() + 6.0,
                "{}: float {f}, quantised {q}",
                board.to_fen()
            );
        }
    }
}

#[test]
fn fitted_k_recovers_the_scale_of_the_results() {
    // Scores from -600 to 600 whose wins follow sigmoid(score / 200).
    let board = Board::startpos();
    let mut samples = Vec::new();
    let mut state = 1u64;
    for i in 0..20_000 {
        let score = (i % 1201) as i16 - 600;
        let p = 1.0 / (1.0 + (-(score as f64) / 200.0).exp());
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let u = (state >> 11) as f64 / (1u64 << 53) as f64;
        samples.push(Sample::new(&board, score, if u < p { 2 } else { 0 }));
    }
    let k = fit_k(&samples);
    assert!((k - 200.0).abs() < 20.0, "K = {k}");
}

#[test]
fn defaults_pin_k_and_end_the_schedule_at_one_percent() {
    let c = Config::default();
    assert_eq!(c.k, DEFAULT_K);
    assert_eq!(DEFAULT_K, 146.1, "r4's K (docs/nnue.md, round 4)");
    assert_eq!(c.skip_plies, 0);
    assert!(c.lr_end <= 0.01);
    let total = 1000;
    let lrs: Vec<f32> = (0..total).map(|s| learning_rate(&c, s, total)).collect();
    assert_eq!(lrs[0], c.lr);
    assert!(
        (lrs[total - 1] - c.lr * c.lr_end).abs() < 1e-9,
        "{}",
        lrs[total - 1]
    );
    assert!(lrs.windows(2).all(|w| w[1] <= w[0]));
    let warm = Config {
        warmup: 10,
        ..c.clone()
    };
    let lrs: Vec<f32> = (0..total).map(|s| learning_rate(&warm, s, total)).collect();
    assert!((lrs[0] - c.lr / 10.0).abs() < 1e-9);
    assert!(lrs[..10].windows(2).all(|w| w[1] > w[0]));
    assert_eq!(lrs[9], c.lr);
    assert_eq!(lrs[10], c.lr);
    assert!((lrs[total - 1] - c.lr * c.lr_end).abs() < 1e-9);
}

#[test]
fn validation_games_are_left_out_of_training_wherever_they_stand() {
    let g = games();
    let c = config();
    let held_back = vec![g[1].clone()];
    let (train_set, left_out) = training_samples(&g, &c, &held_back);
    assert_eq!(left_out, 1);
    // Games 1 and 3 have 14 positions each; the held-back game's 14
    // lose one capture.
    assert_eq!(train_set.len(), 2 * 14);
    assert_eq!(validation_samples(&held_back, &c).len(), 13);
    let (all, none) = training_samples(&g[..1], &c, &held_back);
    assert_eq!((all.len(), none), (14, 0));
    // A held-back game with one score changed is another game.
    let mut changed = g[1].clone();
    changed.moves[0].1 += 1;
    assert_eq!(training_samples(&g, &c, &[changed]).1, 0);
}

/// Games of random moves (captures first, so that material changes),
/// scored by the material balance: something a network can learn, and
/// then predict on games it has not seen.
fn material_games(count: usize, seed: u64) -> Vec<GameRecord> {
    let value = |b: &Board| -> i16 {
        b.pieces()
            .map(|(_, p)| {
                let v = [0, 100, 300, 300, 500, 900, 0][p.kind_bits() as usize];
                if p.color() == Color::White { v } else { -v }
            })
            .sum()
    };
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            let start = Board::startpos();
            let mut b = start;
            let mut moves = Vec::new();
            for _ in 0..60 {
                let legal = crate::movegen::legal_moves(&b);
                if legal.is_empty() {
                    break;
                }
                let captures: Vec<_> = legal.iter().filter(|m| m.is_capture()).collect();
                let m = if !captures.is_empty() && rng.below(2) == 0 {
                    *captures[rng.below(captures.len())]
                } else {
                    legal.as_slice()[rng.below(legal.len())]
                };
                moves.push((m, value(&b)));
                b = b.make(m);
            }
            let end = value(&b);
            GameRecord {
                start,
                result: if end > 150 {
                    2
                } else if end < -150 {
                    0
                } else {
                    1
                },
                moves,
            }
        })
        .collect()
}

/// The check: on a small fixed file (a few hundred positions, a
/// few epochs) the trainer lowers the loss on a validation file it never
/// trains on, with one output bucket and with eight; and `--eval-only`
/// scores the written net as the training run's last lines did.
#[test]
fn training_lowers_the_loss_on_a_fixed_validation_file() {
    training_lowers_the_loss_with(1, false);
}

#[test]
fn training_with_8_output_buckets_lowers_the_loss_on_a_fixed_validation_file() {
    training_lowers_the_loss_with(8, false);
}

/// `--mirrored-input`: the same check, on half the samples (no mirrored
/// copies), and the file is a version 3 file with the option.
#[test]
fn training_with_mirrored_inputs_lowers_the_loss_on_a_fixed_validation_file() {
    training_lowers_the_loss_with(8, true);
}

fn training_lowers_the_loss_with(output_buckets: usize, mirrored_input: bool) {
    let dir = std::env::temp_dir().join(format!(
        "ladya-train-{}-{output_buckets}-{mirrored_input}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    // With mirrored inputs no mirror is added and the net learns each
    // king's half of the board on its own: twice the games give it the
    // samples of the plain run.
    let games = if mirrored_input { 48 } else { 24 };
    let (train_games, valid_games) = (material_games(games, 1), material_games(4, 2));
    for (name, games) in [("train.lgf", &train_games), ("valid.lgf", &valid_games)] {
        let mut bytes = Vec::new();
        crate::selfplay::gamefile::write_records(games, Version::LATEST, &mut bytes).unwrap();
        std::fs::write(path(name), bytes).unwrap();
    }
    let c = Config {
        hidden: 32,
        epochs: 4,
        batch: 32,
        lr: 0.005,
        lambda: 0.4,
        output_buckets,
        mirrored_input,
        ..Config::default()
    };
    assert!(
        c.mirror,
        "the default adds mirrors, but not to mirrored inputs"
    );
    let mut report = Vec::new();
    train_files(
        &[path("train.lgf")],
        Some(&path("valid.lgf")),
        &c,
        &path("net.lnn"),
        &mut report,
    )
    .unwrap();
    let report = String::from_utf8(report).unwrap();
    let valid_losses: Vec<f64> = report
        .lines()
        .filter(|l| l.starts_with("epoch"))
        .map(|l| {
            let after = l.split("validation loss").nth(1).unwrap();
            after.split_whitespace().next().unwrap().parse().unwrap()
        })
        .collect();
    assert_eq!(valid_losses.len(), c.epochs + 1, "{report}");
    let positions = validation_samples(&valid_games, &c).len();
    assert!(positions >= 150, "{positions} validation positions");
    assert!(
        valid_losses[c.epochs] < 0.7 * valid_losses[0],
        "validation loss {valid_losses:?}\n{report}"
    );
    assert!(
        report.contains("4 games, 0 of them found in the data"),
        "{report}"
    );
    assert!(
        report.contains(&format!("output buckets {output_buckets},")),
        "{report}"
    );
    // A version 2 file with the run's bucket count, or a version 3 one
    // with the mirrored-input option.
    let written = std::fs::read(path("net.lnn")).unwrap();
    let version = if mirrored_input { 3u32 } else { 2 };
    assert_eq!(written[8..12], version.to_le_bytes());
    assert_eq!(written[20..24], (output_buckets as u32).to_le_bytes());
    if mirrored_input {
        assert_eq!(written[24..28], 1u32.to_le_bytes());
    }
    // Each kept position once with mirrored inputs, twice (itself and its
    // mirror) without.
    let unique = training_samples(
        &train_games,
        &Config {
            mirror: false,
            ..c.clone()
        },
        &[],
    )
    .0
    .len();
    let trained = training_samples(&train_games, &c, &[]).0.len();
    assert_eq!(trained, if mirrored_input { unique } else { 2 * unique });
    assert!(
        report.contains(&format!("{trained} training positions")),
        "{report}"
    );
    assert_eq!(
        report.contains("horizontally mirrored inputs"),
        mirrored_input,
        "{report}"
    );
    if output_buckets == 8 {
        // The training positions reach several buckets (captures take
        // material off), so more than one output layer is trained.
        let (train_set, _) = training_samples(&train_games, &c, &[]);
        let mut seen = [false; 8];
        for s in &train_set {
            seen[s.output_bucket(8)] = true;
        }
        assert!(seen.iter().filter(|&&b| b).count() >= 4, "{seen:?}");
    }
    // The net file's losses without training: the same three lines.
    let mut evaluated = Vec::new();
    evaluate_files(&path("net.lnn"), &path("valid.lgf"), &c, &mut evaluated).unwrap();
    let evaluated = String::from_utf8(evaluated).unwrap();
    let losses = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("validation loss") && l.contains(": net"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(losses(&evaluated).len(), 3, "{evaluated}");
    assert_eq!(losses(&evaluated), losses(&report), "{evaluated}\n{report}");
    assert!(
        evaluated.contains(&format!("{positions} positions")),
        "{evaluated}"
    );
    // Bad input is an error, not a panic.
    assert!(evaluate_files(&path("valid.lgf"), &path("valid.lgf"), &c, &mut Vec::new()).is_err());
    assert!(evaluate_files(&path("net.lnn"), &path("missing.lgf"), &c, &mut Vec::new()).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_net_file_reads_back_as_the_float_net_it_was() {
    for_each_trained_shape(a_net_file_reads_back_with);
}

fn a_net_file_reads_back_with(
    g: &[GameRecord],
    float: &FloatNet,
    _output_buckets: usize,
    mirrored_input: bool,
) {
    let quantised = float.quantise();
    let back = FloatNet::from_quantised(&quantised);
    assert_eq!(back.quantise(), quantised);
    assert_eq!(back.mirrored_input, mirrored_input);
    let engine = Network::from_bytes(&quantised.to_bytes()).unwrap();
    assert_eq!(engine.mirrored_input(), mirrored_input);
    for record in g {
        for (board, _, _) in record.positions() {
            let (f, q) = (back.evaluate(&board), engine.evaluate(&board) as f32);
            assert!((f - q).abs() <= 2.0, "{}: {f} v {q}", board.to_fen());
        }
    }
}

/// With 8 output buckets a position's gradient reaches its own bucket's
/// output weights and bias and no other bucket's (bullet's output
/// buckets): the shared first layer learns from every position, each
/// output layer from its material range only.
#[test]
fn a_position_trains_only_its_own_output_bucket() {
    let c = Config {
        output_buckets: 8,
        ..config()
    };
    let net = FloatNet::new(16, 8, 3);
    let (h, w2, b2) = (16, net.w2_at(), net.b2_at());
    assert_eq!(net.params.len(), b2 + 8);
    let mut reached = [false; 8];
    for g in material_games(6, 5).iter().chain(&games()) {
        for (board, _, score) in g.positions() {
            let s = Sample::new(&board, score, g.result);
            let bucket = s.output_bucket(8);
            assert_eq!(
                bucket,
                crate::eval::nnue::format::output_bucket(board.piece_count(), 8)
            );
            reached[bucket] = true;
            let mut grad = vec![0.0; net.params.len()];
            let mut acc = vec![0.0; 2 * h];
            net.backward(&s, &c, &mut acc, &mut grad);
            for b in 0..8 {
                let layer = &grad[w2 + b * 2 * h..w2 + (b + 1) * 2 * h];
                let bias = grad[b2 + b];
                if b == bucket {
                    assert!(bias != 0.0, "{}", board.to_fen());
                    assert!(layer.iter().any(|&g| g != 0.0), "{}", board.to_fen());
                } else {
                    assert_eq!(bias, 0.0, "bucket {b} of {}", board.to_fen());
                    assert!(layer.iter().all(|&g| g == 0.0), "bucket {b}");
                }
            }
            // The first layer is shared: it always has a gradient.
            assert!(grad[..w2].iter().any(|&g| g != 0.0));
        }
    }
    assert!(reached.iter().filter(|&&r| r).count() >= 4, "{reached:?}");
}

/// One bucket is the network of every round before: the same parameter
/// layout and the same initial weights from the same seed.
#[test]
fn one_output_bucket_is_the_old_layout() {
    let (one, eight) = (FloatNet::new(32, 1, 9), FloatNet::new(32, 8, 9));
    assert_eq!(one.params.len(), INPUTS * 32 + 32 + 2 * 32 + 1);
    assert_eq!(eight.params.len(), INPUTS * 32 + 32 + 8 * (2 * 32 + 1));
    // The first layer and bucket 0's output weights draw the same numbers.
    let w2 = one.w2_at();
    assert_eq!(one.params[..w2 + 64], eight.params[..w2 + 64]);
}

/// The backward pass is the derivative of the loss: central differences
/// on the parameters a position uses (a first-layer row of one of its
/// inputs, the first-layer bias, its bucket's output weights and bias)
/// agree with `backward`, with one output bucket and with eight.
#[test]
fn gradients_match_finite_differences() {
    for (buckets, mirrored_input) in [(1, false), (8, false), (1, true), (8, true)] {
        let c = Config {
            output_buckets: buckets,
            lambda: 0.3,
            mirrored_input,
            ..config()
        };
        let mut net = FloatNet::new(16, buckets, 11).with_mirrored_input(mirrored_input);
        // Biases away from zero, so that the accumulators spread over
        // SCReLU's three pieces.
        let b1 = net.b1_at();
        for (i, p) in net.params[b1..b1 + 16].iter_mut().enumerate() {
            *p = 0.1 * (i % 7) as f32;
        }
        let h = 16;
        for g in material_games(2, 8) {
            for (board, _, score) in g.positions().step_by(9) {
                let s = Sample::new(&board, score, g.result);
                let bucket = s.output_bucket(buckets);
                let mut grad = vec![0.0; net.params.len()];
                let mut acc = vec![0.0; 2 * h];
                net.backward(&s, &c, &mut acc, &mut grad);
                let loss = |n: &FloatNet| {
                    let mut acc = vec![0.0; 2 * h];
                    let p = sigmoid_of(n.forward(&s, &mut acc) * SCALE_F / c.k);
                    let e = (p - s.target(&c)) as f64;
                    e * e
                };
                let (mut mine, mut theirs) = ([0; 32], [0; 32]);
                s.inputs(mirrored_input, &mut mine, &mut theirs);
                let w2 = net.w2_at() + bucket * 2 * h;
                let indices = [
                    mine[0] * h + 3,
                    theirs[1] * h + 5,
                    b1 + 2,
                    w2 + 1,
                    w2 + h + 4,
                    net.b2_at() + bucket,
                ];
                for &i in &indices {
                    let eps = 1e-2f32;
                    let mut plus = net.clone();
                    plus.params[i] += eps;
                    let mut minus = net.clone();
                    minus.params[i] -= eps;
                    let numeric = (loss(&plus) - loss(&minus)) / (2.0 * eps as f64);
                    let analytic = grad[i] as f64;
                    assert!(
                        (numeric - analytic).abs() <= 0.05 * analytic.abs() + 2e-6,
                        "{buckets} buckets, mirrored {mirrored_input}, parameter {i}: numeric {numeric}, backward {analytic}"
                    );
                }
            }
        }
    }
}

const SCALE_F: f32 = crate::eval::nnue::format::SCALE as f32;

fn sigmoid_of(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// With mirrored inputs a sample and its left-right mirror are the same
/// inputs (so `--mirrored-input` adds no mirrors), each perspective
/// mirrored by its own king; without, they differ. The float net then
/// evaluates a position and its mirror alike.
#[test]
fn mirrored_inputs_make_a_sample_and_its_mirror_one() {
    use crate::eval::nnue::feature;
    use crate::eval::nnue::format::mirror_mask;
    let net = FloatNet::new(32, 8, 5).with_mirrored_input(true);
    let (mut same, mut kings_apart) = (0, 0);
    for g in material_games(4, 3).iter().chain(&games()) {
        for (board, _, score) in g.positions() {
            let s = Sample::new(&board, score, g.result);
            let m = s.mirrored();
            let inputs = |s: &Sample, mirrored: bool| {
                let (mut mine, mut theirs) = ([0; 32], [0; 32]);
                let n = s.inputs(mirrored, &mut mine, &mut theirs);
                let (mut mine, mut theirs) = (mine[..n].to_vec(), theirs[..n].to_vec());
                mine.sort();
                theirs.sort();
                (mine, theirs)
            };
            assert_eq!(inputs(&s, true), inputs(&m, true), "{}", board.to_fen());
            assert_ne!(inputs(&s, false), inputs(&m, false));
            // Each perspective's inputs are the engine's: the feature,
            // mirrored by that side's king.
            let (mine, theirs) = inputs(&s, true);
            let us = board.side_to_move();
            let of = |c: Color| {
                let mask = mirror_mask(board.king_square(c).file());
                let mut v: Vec<usize> = board
                    .pieces()
                    .map(|(sq, p)| feature(c, p, sq) ^ mask)
                    .collect();
                v.sort();
                v
            };
            assert_eq!((mine, theirs), (of(us), of(!us)));
            let mut acc = vec![0.0; 64];
            let (a, b) = (net.forward(&s, &mut acc), net.forward(&m, &mut acc));
            assert!((a - b).abs() < 1e-5, "{a} v {b}");
            same += 1;
            kings_apart += (s.mirror_masks[0] != s.mirror_masks[1]) as usize;
        }
    }
    assert!(same > 100 && kings_apart > 10, "{same} {kings_apart}");
}
