use super::format::{
    HEADER_LEN, MAGIC, NetError, QuantisedNet, VERSION, VERSION_1, file_len, file_len_v1,
};
use super::*;
use crate::fnv::fnv1a;
use crate::movegen::legal_moves;

/// A net with small pseudo-random weights (SplitMix64), hidden size `h`,
/// `buckets` output buckets.
fn random_net(h: usize, buckets: usize, seed: u64) -> QuantisedNet {
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
        buckets,
        w1: (0..INPUTS * h).map(|_| next(40)).collect(),
        b1: (0..h).map(|_| next(60)).collect(),
        w2: (0..2 * h * buckets).map(|_| next(127)).collect(),
        b2: (0..buckets).map(|_| next(2000) as i32).collect(),
        mirrored_input: false,
    }
}

fn net(h: usize, seed: u64) -> Arc<Network> {
    bucketed_net(h, 1, seed)
}

fn bucketed_net(h: usize, buckets: usize, seed: u64) -> Arc<Network> {
    Arc::new(Network::from_bytes(&random_net(h, buckets, seed).to_bytes()).unwrap())
}

/// `random_net` with horizontally mirrored inputs, through its file.
fn mirrored_net(h: usize, buckets: usize, seed: u64) -> Arc<Network> {
    let q = QuantisedNet {
        mirrored_input: true,
        ..random_net(h, buckets, seed)
    };
    let n = Network::from_bytes(&q.to_bytes()).unwrap();
    assert!(n.mirrored_input());
    Arc::new(n)
}

/// Whether `m` from `board` takes the mover's king across the d/e line.
fn king_crosses(board: &Board, m: Move) -> bool {
    let us = board.side_to_move();
    let king = board.king_square(us);
    (m.is_castle() || m.from() == king)
        && format::mirror_mask(king.file()) != format::mirror_mask(m.to().file())
}

/// `q` as a version 1 file (one output bucket), as rounds 1-6 wrote them.
fn v1_bytes(q: &QuantisedNet) -> Vec<u8> {
    assert_eq!(q.buckets, 1);
    let mut out = MAGIC.to_vec();
    for v in [
        VERSION_1,
        INPUTS as u32,
        q.hidden as u32,
        QA as u32,
        QB as u32,
        SCALE as u32,
    ] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in q.w1.iter().chain(&q.b1).chain(&q.w2) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&q.b2[0].to_le_bytes());
    let hash = fnv1a(&out);
    out.extend_from_slice(&hash.to_le_bytes());
    assert_eq!(out.len(), file_len_v1(q.hidden));
    out
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

/// Every castling move of the standard game and of Chess960 (the king or
/// the rook staying put, the king landing on the rook's square):
/// incremental equals a refresh, for
/// a net without mirrored inputs and for one with them (where the king
/// crossing the d/e line refreshes its side).
#[test]
fn chess960_castling_updates_equal_a_refresh() {
    let crossing = chess960_castling_with(net(32, 13));
    // e1-c1 and e8-c8; c1-g1 (twice), a Chess960 g1-c1 and d1-g1.
    assert_eq!(crossing, 6);
    assert_eq!(chess960_castling_with(mirrored_net(32, 8, 13)), crossing);
}

/// Checks every castling move of the test's positions with `n`; returns
/// how many took the king across the d/e line.
fn chess960_castling_with(n: Arc<Network>) -> usize {
    let (mut castles, mut crossing) = (0, 0);
    for fen in [
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
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
            let after = board.make(m);
            stack.update(1, &after);
            let mut fresh = AccumulatorStack::new(n.clone(), 1);
            fresh.refresh(0, &after);
            assert_eq!(stack.slot(1), fresh.slot(0), "{m} in {fen}");
            assert_eq!(stack.evaluate(1, &after), n.evaluate(&after));
            castles += 1;
            crossing += king_crosses(&board, m) as usize;
        }
    }
    assert_eq!(castles, 13);
    crossing
}

#[test]
fn mirrored_positions_evaluate_alike() {
    for buckets in [1, 8] {
        let n = bucketed_net(32, buckets, 7);
        assert_symmetric(&n);
    }
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
/// promotions): the incremental accumulators always equal a refresh, and
/// the evaluations from them the full evaluation, with one output bucket
/// and with eight (captures move a game through the buckets).
#[test]
fn incremental_equals_refresh_over_random_games() {
    for buckets in [1, 8] {
        incremental_equals_refresh_with(bucketed_net(32, buckets, 11));
    }
}

/// Plays random games with `n`; returns how many moves took a king across
/// the d/e line, and how many of those were castling.
fn incremental_equals_refresh_with(n: Arc<Network>) -> (usize, usize) {
    let buckets = n.output_buckets();
    let (mut crossings, mut castles_across) = (0, 0);
    let mut state = 12345u64;
    let mut moves_seen = [0usize; 16];
    let mut buckets_seen = [false; 8];
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
            if king_crosses(&board, m) {
                crossings += 1;
                castles_across += m.is_castle() as usize;
            }
            stack.make(0, &board, m);
            board = board.make(m);
            stack.update(1, &board);
            let mut fresh = AccumulatorStack::new(n.clone(), 1);
            fresh.refresh(0, &board);
            assert_eq!(
                stack.slot(1),
                fresh.slot(0),
                "after {m} to {}",
                board.to_fen()
            );
            assert_eq!(stack.evaluate(1, &board), n.evaluate(&board));
            buckets_seen[n.bucket(&board)] = true;
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
    let reached = buckets_seen.iter().filter(|&&b| b).count();
    assert!(reached >= buckets.min(5), "{buckets_seen:?}");
    (crossings, castles_across)
}

/// Lazy updates: moves made down a path of many plies (null moves among
/// them), evaluated only at some plies, and the path unwound and replayed
/// from a random ply, as a search does; every evaluation equals a refresh.
#[test]
fn lazy_updates_over_a_path_equal_a_refresh() {
    for buckets in [1, 8] {
        lazy_updates_with(bucketed_net(32, buckets, 13));
        lazy_updates_with(mirrored_net(32, buckets, 13));
    }
}

fn lazy_updates_with(n: Arc<Network>) {
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
                if stack.computed[here - 1] != [true; 2] {
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
    let passed = board.make(Move::NULL);
    stack.update(1, &passed);
    assert_eq!(stack.slot(0), stack.slot(1));
    assert_eq!(stack.evaluate(1, &passed), n.evaluate(&passed));
}

#[test]
fn net_files_are_checked() {
    let good = random_net(32, 1, 5).to_bytes();
    assert_eq!(good.len(), file_len(32, 1));
    assert!(Network::from_bytes(&good).is_ok());
    assert_eq!(
        Network::from_bytes(&good[..10]),
        Err(NetError::TooShort(10))
    );
    assert_one_byte_short_is_refused(&good);
    assert_eq!(load_with_byte(&good, 0, b'X'), Err(NetError::BadMagic));
    assert_eq!(
        load_with_byte(&good, 8, 9),
        Err(NetError::UnknownVersion(9))
    );
    // A header that says 64 hidden on a file of 32: the size check catches it.
    assert!(matches!(
        load_with_byte(&good, 16, 64),
        Err(NetError::WrongSize { .. })
    ));
    assert_eq!(
        load_with_byte(&good, 16, 33),
        Err(NetError::BadHeader("hidden size", 33))
    );
    assert_eq!(
        load_with_byte(&good, 24, 128),
        Err(NetError::BadHeader("QA", 128))
    );
    let mut bad = good.clone();
    let mid = bad.len() / 2;
    bad[mid] ^= 1;
    assert_eq!(Network::from_bytes(&bad), Err(NetError::BadHash));
}

/// Version 2's header names the version and the bucket count, and the
/// size follows them: 8 buckets hold 8 output layers.
#[test]
fn version_2_headers_and_sizes_are_checked() {
    let q = random_net(32, 8, 5);
    let good = q.to_bytes();
    let word =
        |b: &[u8], i: usize| u32::from_le_bytes(b[8 + 4 * i..12 + 4 * i].try_into().unwrap());
    assert_eq!(&good[..8], &MAGIC);
    assert_eq!(word(&good, 0), VERSION);
    assert_eq!(VERSION, 2);
    assert_eq!(
        [word(&good, 1), word(&good, 2), word(&good, 3)],
        [INPUTS as u32, 32, 8]
    );
    assert_eq!(good.len(), file_len(32, 8));
    assert_eq!(file_len(32, 8) - file_len(32, 1), 7 * (4 * 32 + 4));
    assert_eq!(QuantisedNet::from_bytes(&good), Ok(q.clone()));
    let n = Network::from_bytes(&good).unwrap();
    assert_eq!((n.hidden(), n.output_buckets()), (32, 8));
    // Shorter than a version 2 header, though long enough for version 1's.
    assert_eq!(
        Network::from_bytes(&good[..HEADER_LEN - 1]),
        Err(NetError::TooShort(HEADER_LEN - 1))
    );
    // A bucket count other than 1 or 8.
    for buckets in [0u32, 2, 3, 9, 64] {
        let mut bad = good.clone();
        bad[20..24].copy_from_slice(&buckets.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&bad),
            Err(NetError::BadHeader("output buckets", buckets))
        );
    }
    // A header that says one bucket on the weights of eight, and eight on
    // the weights of one: the size check catches both.
    let mut bad = good.clone();
    bad[20] = 1;
    assert_eq!(
        Network::from_bytes(&bad),
        Err(NetError::WrongSize {
            expected: file_len(32, 1),
            found: good.len()
        })
    );
    let mut bad = random_net(32, 1, 5).to_bytes();
    bad[20] = 8;
    assert_eq!(
        Network::from_bytes(&bad),
        Err(NetError::WrongSize {
            expected: file_len(32, 8),
            found: file_len(32, 1)
        })
    );
    // An unknown version, before or after the known ones.
    for version in [0u32, 4, 0x0102_0304] {
        let mut bad = good.clone();
        bad[8..12].copy_from_slice(&version.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&bad),
            Err(NetError::UnknownVersion(version))
        );
        assert!(
            NetError::UnknownVersion(version)
                .to_string()
                .contains("reads versions 1 to 3")
        );
    }
    assert_the_hash_guards_the_last_weight(&good);
}

/// Version 1 (one output, no bucket field) still loads, as one bucket,
/// and its own checks still hold.
#[test]
fn version_1_files_load_as_one_bucket() {
    let q = random_net(32, 1, 9);
    let v1 = v1_bytes(&q);
    assert_eq!(v1.len(), file_len(32, 1) - 4);
    assert_eq!(QuantisedNet::from_bytes(&v1), Ok(q.clone()));
    let n = Network::from_bytes(&v1).unwrap();
    assert_eq!(n.output_buckets(), 1);
    assert_eq!(n, Network::from_bytes(&q.to_bytes()).unwrap());
    assert_one_byte_short_is_refused(&v1);
    assert_eq!(
        load_with_byte(&v1, 20, 128),
        Err(NetError::BadHeader("QA", 128))
    );
    assert!(matches!(
        load_with_byte(&v1, 16, 64),
        Err(NetError::WrongSize { .. })
    ));
    assert_the_hash_guards_the_last_weight(&v1);
}

/// `file` with the byte at `at` set to `value`, loaded: how a header
/// check is tested.
fn load_with_byte(file: &[u8], at: usize, value: u8) -> Result<Network, NetError> {
    let mut bad = file.to_vec();
    bad[at] = value;
    Network::from_bytes(&bad)
}

/// A file one byte short is refused by its size, whatever its version.
fn assert_one_byte_short_is_refused(file: &[u8]) {
    assert_eq!(
        Network::from_bytes(&file[..file.len() - 1]),
        Err(NetError::WrongSize {
            expected: file.len(),
            found: file.len() - 1
        })
    );
}

/// One bit flipped in the last weight (the last output bias, just before
/// the 8-byte hash) makes the file's hash wrong.
fn assert_the_hash_guards_the_last_weight(file: &[u8]) {
    let mut bad = file.to_vec();
    let at = bad.len() - 9;
    bad[at] ^= 1;
    assert_eq!(Network::from_bytes(&bad), Err(NetError::BadHash));
}

/// The nets of rounds 1-6 are version 1 files. Each, read and written again
/// (version 2, one bucket), reads back as the same network: the same
/// weights, so the same evaluation of every position; and the version 1
/// writer of the tests gives back the file byte for byte.
#[test]
fn version_1_nets_resaved_as_version_2_evaluate_identically() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/nets");
    let mut checked = 0;
    for name in ["round4-h128.lnn", "round1-h64.lnn", "round4-h64-x4.lnn"] {
        let bytes = std::fs::read(format!("{dir}/{name}")).unwrap();
        assert_eq!(bytes[8..12], VERSION_1.to_le_bytes(), "{name}");
        let q = QuantisedNet::from_bytes(&bytes).unwrap();
        assert_eq!(q.buckets, 1);
        assert_eq!(v1_bytes(&q), bytes, "{name}");
        let v2 = q.to_bytes();
        assert_eq!(v2[8..12], VERSION.to_le_bytes());
        assert_eq!(v2.len(), bytes.len() + 4);
        let (old, new) = (
            Network::from_bytes(&bytes).unwrap(),
            Network::from_bytes(&v2).unwrap(),
        );
        assert_eq!(old, new, "{name}");
        let (old, new) = (Arc::new(old), Arc::new(new));
        let mut state = 99u64;
        for game in 0..20 {
            let mut board = Board::from_fen(FENS[game % FENS.len()]).unwrap();
            let mut stack = AccumulatorStack::new(new.clone(), 2);
            stack.refresh(0, &board);
            for _ in 0..80 {
                assert_eq!(old.evaluate(&board), new.evaluate(&board));
                assert_eq!(stack.evaluate(0, &board), old.evaluate(&board));
                checked += 1;
                let moves = legal_moves(&board);
                if moves.is_empty() {
                    break;
                }
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                board = board.make(moves.as_slice()[(state >> 33) as usize % moves.len()]);
                stack.refresh(0, &board);
            }
        }
    }
    assert!(checked > 3000, "{checked}");
}

/// The positions with 2 to 32 pieces: the start position with pieces
/// taken off one by one (pawns first, then the pieces, queens last).
fn positions_by_piece_count() -> Vec<(usize, Board)> {
    let mut squares: Vec<char> = "rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR"
        .chars()
        .collect();
    // The order in which pieces leave: a square index (a8 = 0) each.
    let mut order: Vec<usize> = (8..16).chain(48..56).collect();
    order.extend([0, 7, 56, 63, 1, 6, 57, 62, 2, 5, 58, 61, 3, 59]);
    let fen_of = |sq: &[char]| {
        let ranks: Vec<String> = sq
            .chunks(8)
            .map(|r| {
                let mut out = String::new();
                let mut empty = 0;
                for &c in r {
                    if c == '.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        out.push(c);
                    }
                }
                if empty > 0 {
                    out += &empty.to_string();
                }
                out
            })
            .collect();
        format!("{} w - - 0 1", ranks.join("/"))
    };
    let mut out = vec![(32, Board::from_fen(&fen_of(&squares)).unwrap())];
    for (i, &sq) in order.iter().enumerate() {
        squares[sq] = '.';
        out.push((31 - i, Board::from_fen(&fen_of(&squares)).unwrap()));
    }
    out
}

/// Each of the 8 buckets is reached, by the material-count rule
/// ((pieces − 2) / 4, at most 7), and the evaluation uses the weights of
/// the bucket the position selects: a net whose output weights are zero
/// and whose biases differ evaluates to each position's bucket's bias,
/// through the full evaluation and through the accumulator stack.
#[test]
fn every_output_bucket_is_reached_by_material() {
    let mut q = random_net(32, 8, 21);
    q.w2.iter_mut().for_each(|w| *w = 0);
    q.b2 = (0..8).map(|b| (b + 1) * 1000 * QA * QB / SCALE).collect();
    let bucketed = Arc::new(Network::from_bytes(&q.to_bytes()).unwrap());
    let single = net(32, 21);
    let mut reached = [0usize; 8];
    let positions = positions_by_piece_count();
    assert_eq!(positions.len(), 31);
    for (pieces, board) in &positions {
        assert_eq!(board.piece_count(), *pieces, "{}", board.to_fen());
        let bucket = ((pieces - 2) / 4).min(7);
        assert_eq!(format::output_bucket(*pieces, 8), bucket);
        assert_eq!(bucketed.bucket(board), bucket, "{}", board.to_fen());
        assert_eq!(single.bucket(board), 0);
        reached[bucket] += 1;
        let expected = (bucket as i32 + 1) * 1000;
        assert_eq!(bucketed.evaluate(board), expected, "{}", board.to_fen());
        let mut stack = AccumulatorStack::new(bucketed.clone(), 1);
        stack.refresh(0, board);
        assert_eq!(stack.evaluate(0, board), expected);
    }
    // 2-5 pieces, 6-9, ..., 26-29, and 30-32 in the last.
    assert_eq!(reached, [4, 4, 4, 4, 4, 4, 4, 3]);
    // Beyond 32 pieces (a legal FEN may have them) the last bucket holds.
    assert_eq!(format::output_bucket(34, 8), 7);
    assert_eq!(format::output_bucket(34, 1), 0);
}

/// A capture that takes a position into the next bucket down: the
/// incremental evaluation after it uses the child's bucket.
#[test]
fn a_capture_across_a_bucket_boundary_changes_the_bucket() {
    let n = bucketed_net(32, 8, 17);
    // 10 pieces (bucket 2); after Rxd8, 9 (bucket 1).
    let board = Board::from_fen("3r2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
    assert_eq!(n.bucket(&board), 2);
    let m = crate::movegen::parse_uci_move(&board, "d1d8").unwrap();
    let mut stack = AccumulatorStack::new(n.clone(), 2);
    stack.refresh(0, &board);
    stack.make(0, &board, m);
    let after = board.make(m);
    assert_eq!(n.bucket(&after), 1);
    assert_eq!(stack.evaluate(1, &after), n.evaluate(&after));
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

/// The widest net the SIMD dot is sound for (H = 256), with every output
/// weight at its bound and every accumulator saturated: each dot is near
/// 2^31, their sum is not an i32, and the evaluation must still be the
/// exact, positive value rather than a wrapped one.
#[test]
fn an_extreme_width_256_net_does_not_overflow() {
    let h = 256;
    let q = QuantisedNet {
        hidden: h,
        buckets: 1,
        w1: vec![0; INPUTS * h],
        b1: vec![QA as i16; h],
        w2: vec![127; 2 * h],
        b2: vec![0],
        mirrored_input: false,
    };
    let n = Network::from_bytes(&q.to_bytes()).unwrap();
    let dot = h as i64 * (QA as i64 * 127) * QA as i64;
    let want = (2 * dot / QA as i64) * SCALE as i64 / (QA * QB) as i64;
    assert!(dot < i32::MAX as i64 && 2 * dot > i32::MAX as i64);
    assert_eq!(n.evaluate(&Board::startpos()) as i64, want);
    assert!(want > 0 && want < i32::MAX as i64);
}

/// Every net in nets/ (versions 1 and 2) still loads, without mirrored
/// inputs, and a version 2 one is written back byte for byte: the
/// version 3 option changes nothing for them.
#[test]
fn every_shipped_net_loads_as_before() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/nets");
    let mut v2 = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "lnn") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let q = QuantisedNet::from_bytes(&bytes).unwrap();
        assert!(!q.mirrored_input, "{}", path.display());
        assert!(!Network::from_bytes(&bytes).unwrap().mirrored_input());
        if bytes[8..12] == VERSION.to_le_bytes() {
            assert!(q.to_bytes() == bytes, "{}", path.display());
            v2 += 1;
        }
    }
    assert!(v2 >= 7, "{v2} version 2 nets");
}

mod mirrored;
