use super::format::{NetError, QuantisedNet, file_len};
use super::*;
use crate::movegen::legal_moves;

/// A net with small pseudo-random weights (SplitMix64), hidden size `h`.
fn random_net(h: usize, seed: u64) -> QuantisedNet {
    let mut state = seed;
    let mut next = move |range: i16| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z % (2 * range as u64 + 1)) as i16 - range
    };
    QuantisedNet {
        hidden: h,
        w1: (0..INPUTS * h).map(|_| next(40)).collect(),
        b1: (0..h).map(|_| next(60)).collect(),
        w2: (0..2 * h).map(|_| next(127)).collect(),
        b2: next(2000) as i32,
    }
}

fn net(h: usize, seed: u64) -> Arc<Network> {
    Arc::new(Network::from_bytes(&random_net(h, seed).to_bytes()).unwrap())
}

/// Vertical mirror with the colours swapped (castling and en passant kept).
fn mirror(fen: &str) -> String {
    let parts: Vec<&str> = fen.split(' ').collect();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let ranks: Vec<String> = parts[0]
        .split('/')
        .rev()
        .map(|r| r.chars().map(swap).collect())
        .collect();
    let side = if parts[1] == "w" { "b" } else { "w" };
    let mut castle: Vec<char> = parts[2]
        .chars()
        .map(|c| if c == '-' { c } else { swap(c) })
        .collect();
    castle.sort();
    let ep = match parts[3] {
        "-" => "-".to_string(),
        s => {
            let (file, rank) = s.split_at(1);
            format!("{file}{}", 9 - rank.parse::<u8>().unwrap())
        }
    };
    format!(
        "{} {side} {} {ep} 0 1",
        ranks.join("/"),
        castle.into_iter().collect::<String>()
    )
}

/// Every position of FENS evaluates as its colour-flipped mirror.
fn assert_symmetric(n: &Network) {
    for fen in FENS {
        let a = Board::from_fen(fen).unwrap();
        let b = Board::from_fen(&mirror(fen)).unwrap();
        assert_eq!(n.evaluate(&a), n.evaluate(&b), "{fen}");
    }
}

const FENS: [&str; 7] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 b - - 0 1",
    // Chess960: the kings castle onto their own rooks' squares, or stay put.
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1rk3r1/pp4pp/8/8/8/8/PP4PP/1RK3R1 w GBgb - 0 1",
];

/// Every Chess960 castling move (the king or the rook staying put, the
/// king landing on the rook's square): incremental equals a refresh.
#[test]
fn chess960_castling_updates_equal_a_refresh() {
    let n = net(32, 13);
    let mut castles = 0;
    for fen in [
        "1rk3r1/pp4pp/8/8/8/8/PP4PP/1RK3R1 w GBgb - 0 1",
        "1rk3r1/pp4pp/8/8/8/8/PP4PP/1RK3R1 b GBgb - 0 1",
        "rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1",
        "1r1k3r/8/8/8/8/8/8/2RK3R w HCh - 0 1",
        "4k3/8/8/8/8/8/8/5KR1 w G - 0 1",
    ] {
        let board = Board::from_fen(fen).unwrap();
        for m in legal_moves(&board)
            .iter()
            .copied()
            .filter(|m| m.is_castle())
        {
            let mut stack = AccumulatorStack::new(n.clone(), 2);
            stack.refresh(0, &board);
            stack.make(0, &board, m);
            stack.update(1);
            let after = board.make(m);
            let mut fresh = AccumulatorStack::new(n.clone(), 1);
            fresh.refresh(0, &after);
            assert_eq!(stack.slot(1), fresh.slot(0), "{m} in {fen}");
            castles += 1;
        }
    }
    assert_eq!(castles, 9);
}

#[test]
fn mirrored_positions_evaluate_alike() {
    let n = net(32, 7);
    assert_symmetric(&n);
}

#[test]
fn flip_feature_is_the_other_perspective() {
    for fen in FENS {
        let b = Board::from_fen(fen).unwrap();
        for (sq, p) in b.pieces() {
            let w = feature(Color::White, p, sq);
            assert_eq!(flip_feature(w), feature(Color::Black, p, sq));
            assert_eq!(flip_feature(flip_feature(w)), w);
        }
    }
}

/// Random games with every kind of move (captures, castling, en passant,
/// promotions): the incremental accumulators always equal a refresh.
#[test]
fn incremental_equals_refresh_over_random_games() {
    let n = net(32, 11);
    let mut state = 12345u64;
    let mut moves_seen = [0usize; 16];
    for game in 0..200 {
        let mut board = Board::from_fen(FENS[game % FENS.len()]).unwrap();
        let mut stack = AccumulatorStack::new(n.clone(), 2);
        stack.refresh(0, &board);
        for _ in 0..150 {
            let moves = legal_moves(&board);
            if moves.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = moves.as_slice()[(state >> 33) as usize % moves.len()];
            moves_seen[m.flags() as usize] += 1;
            stack.make(0, &board, m);
            stack.update(1);
            board = board.make(m);
            let mut fresh = AccumulatorStack::new(n.clone(), 1);
            fresh.refresh(0, &board);
            assert_eq!(
                stack.slot(1),
                fresh.slot(0),
                "after {m} to {}",
                board.to_fen()
            );
            assert_eq!(stack.evaluate(1, &board), n.evaluate(&board));
            // Move down: ply 1 becomes ply 0.
            let (a, b) = stack.data.split_at_mut(2 * n.hidden());
            a.copy_from_slice(b);
        }
    }
    for f in [
        flag::QUIET,
        flag::CAPTURE,
        flag::CASTLE_KING,
        flag::CASTLE_QUEEN,
        flag::EN_PASSANT,
    ] {
        assert!(moves_seen[f as usize] > 0, "no move with flags {f}");
    }
    assert!(moves_seen[8..].iter().sum::<usize>() > 0, "no promotion");
}

/// Lazy updates: moves made down a path of many plies (null moves among
/// them), evaluated only at some plies, and the path unwound and replayed
/// from a random ply, as a search does; every evaluation equals a refresh.
#[test]
fn lazy_updates_over_a_path_equal_a_refresh() {
    let n = net(32, 13);
    let mut state = 777u64;
    let mut rand = move |m: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % m
    };
    let plies = 40;
    let mut evaluated_after_gap = 0;
    for game in 0..100 {
        let mut path = vec![Board::from_fen(FENS[game % FENS.len()]).unwrap()];
        let mut stack = AccumulatorStack::new(n.clone(), plies + 1);
        stack.refresh(0, &path[0]);
        for _ in 0..200 {
            let ply = path.len() - 1;
            let board = path[ply];
            let moves = legal_moves(&board);
            if ply == plies || moves.is_empty() || rand(8) == 0 {
                // Unwind to a random ply, as the search returns.
                path.truncate(rand(path.len()) + 1);
                continue;
            }
            let m = if !board.in_check() && rand(10) == 0 {
                Move::NULL
            } else {
                moves.as_slice()[rand(moves.len())]
            };
            stack.make(ply, &board, m);
            path.push(board.make(m));
            if rand(3) == 0 {
                let here = path.len() - 1;
                // The parent's sums not computed: more than one update due.
                if !stack.computed[here - 1] {
                    evaluated_after_gap += 1;
                }
                assert_eq!(stack.evaluate(here, &path[here]), n.evaluate(&path[here]));
            }
        }
    }
    assert!(evaluated_after_gap > 100, "{evaluated_after_gap}");
}

#[test]
fn a_null_move_keeps_the_accumulators() {
    let n = net(16, 3);
    let board = Board::from_fen(FENS[1]).unwrap();
    let mut stack = AccumulatorStack::new(n.clone(), 2);
    stack.refresh(0, &board);
    stack.make(0, &board, Move::NULL);
    stack.update(1);
    assert_eq!(stack.slot(0), stack.slot(1));
    let passed = board.make(Move::NULL);
    assert_eq!(stack.evaluate(1, &passed), n.evaluate(&passed));
}

#[test]
fn net_files_are_checked() {
    let good = random_net(32, 5).to_bytes();
    assert_eq!(good.len(), file_len(32));
    assert!(Network::from_bytes(&good).is_ok());
    assert_eq!(
        Network::from_bytes(&good[..10]),
        Err(NetError::TooShort(10))
    );
    assert_eq!(
        Network::from_bytes(&good[..good.len() - 1]),
        Err(NetError::WrongSize {
            expected: good.len(),
            found: good.len() - 1
        })
    );
    let mut bad = good.clone();
    bad[0] = b'X';
    assert_eq!(Network::from_bytes(&bad), Err(NetError::BadMagic));
    let mut bad = good.clone();
    bad[8] = 9;
    assert_eq!(Network::from_bytes(&bad), Err(NetError::UnknownVersion(9)));
    // A header that says 64 hidden on a file of 32: the size check catches it.
    let mut bad = good.clone();
    bad[16] = 64;
    assert!(matches!(
        Network::from_bytes(&bad),
        Err(NetError::WrongSize { .. })
    ));
    let mut bad = good.clone();
    bad[16] = 33;
    assert_eq!(
        Network::from_bytes(&bad),
        Err(NetError::BadHeader("hidden size", 33))
    );
    let mut bad = good.clone();
    bad[20] = 128;
    assert_eq!(
        Network::from_bytes(&bad),
        Err(NetError::BadHeader("QA", 128))
    );
    let mut bad = good.clone();
    let mid = bad.len() / 2;
    bad[mid] ^= 1;
    assert_eq!(Network::from_bytes(&bad), Err(NetError::BadHash));
}

#[test]
fn the_embedded_net_loads_and_is_symmetric() {
    // An empty embedded file means the hand-crafted evaluation.
    let Some(n) = Network::embedded() else { return };
    assert_symmetric(&n);
}

/// The round-1 net, trained on self-play (docs/nnue.md): it loads, it is
/// symmetric, and it knows a queen from nothing.
#[test]
fn the_round_one_net_is_sane() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/round1-h64.lnn");
    let n = Network::load(path).unwrap();
    assert_eq!(n.hidden(), 64);
    assert_symmetric(&n);
    let start = n.evaluate(&Board::startpos());
    assert!(start.abs() < 60, "start position {start}");
    let queen_up =
        Board::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    assert!(n.evaluate(&queen_up) > 500, "{}", n.evaluate(&queen_up));
}
