use super::*;
use crate::board::{Board, Color};
use crate::eval::nnue::Network;
use crate::tune::gamefile::{GameRecord, Version};
use crate::tune::rng::Rng;

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
    let net = train(&train_set, &train_set, &c, &mut |r| {
        losses.push(r.valid_loss)
    });
    assert_eq!(losses.len(), c.epochs + 1);
    assert!(
        losses[c.epochs] < 0.5 * losses[0],
        "loss {} -> {}",
        losses[0],
        losses[c.epochs]
    );
    let again = train(&train_set, &train_set, &c, &mut |_| {});
    assert_eq!(net.params, again.params, "same seed, same net");
    let one_thread = train(
        &train_set,
        &train_set,
        &Config {
            threads: 1,
            ..c.clone()
        },
        &mut |_| {},
    );
    assert_eq!(losses.len(), c.epochs + 1);
    for (a, b) in net.params.iter().zip(&one_thread.params) {
        assert!((a - b).abs() < 1e-4, "threads change the result: {a} v {b}");
    }
}

#[test]
fn the_quantised_net_matches_the_float_net() {
    let g = games();
    let c = config();
    let (train_set, _) = samples(&g, &c);
    let float = train(&train_set, &train_set, &c, &mut |_| {});
    let net = Network::from_bytes(&float.quantise().to_bytes()).unwrap();
    for record in &g {
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
/// trains on; and `--eval-only` scores the written net as the training
/// run's last lines did.
#[test]
fn training_lowers_the_loss_on_a_fixed_validation_file() {
    let dir = std::env::temp_dir().join(format!("ladya-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (train_games, valid_games) = (material_games(24, 1), material_games(4, 2));
    for (name, games) in [("train.lgf", &train_games), ("valid.lgf", &valid_games)] {
        let mut bytes = Vec::new();
        crate::tune::gamefile::write_records(games, Version::LATEST, &mut bytes).unwrap();
        std::fs::write(path(name), bytes).unwrap();
    }
    let c = Config {
        hidden: 32,
        epochs: 4,
        batch: 32,
        lr: 0.005,
        lambda: 0.4,
        ..Config::default()
    };
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
    let g = games();
    let c = config();
    let (train_set, _) = samples(&g, &c);
    let float = train(&train_set, &train_set, &c, &mut |_| {});
    let quantised = float.quantise();
    let back = FloatNet::from_quantised(&quantised);
    assert_eq!(back.quantise(), quantised);
    let engine = Network::from_bytes(&quantised.to_bytes()).unwrap();
    for record in &g {
        for (board, _, _) in record.positions() {
            let (f, q) = (back.evaluate(&board), engine.evaluate(&board) as f32);
            assert!((f - q).abs() <= 2.0, "{}: {f} v {q}", board.to_fen());
        }
    }
}
