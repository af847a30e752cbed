use super::*;
use crate::eval::nnue::Network;
use crate::tune::gamefile::GameRecord;

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
