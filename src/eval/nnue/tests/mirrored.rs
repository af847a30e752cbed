//! The tests of horizontally mirrored inputs (a version 3 net): the file
//! format's option, a position and its left-right mirror evaluated alike,
//! and incremental updates across the d/e line equal to a refresh
//! (`chess960_castling_updates_equal_a_refresh` and
//! `lazy_updates_over_a_path_equal_a_refresh`, beside the plain nets'
//! tests, take mirrored nets too).

use super::*;
use crate::eval::nnue::format::{HEADER_LEN_V3, INPUT_MIRRORED, VERSION_3, file_len_v3};

/// `fen` mirrored left to right (files a ↔ h), without castling rights.
fn mirror_files(fen: &str) -> String {
    let parts: Vec<&str> = fen.split(' ').collect();
    let ranks: Vec<String> = parts[0]
        .split('/')
        .map(|rank| {
            let mut squares = Vec::new();
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(n) => squares.extend((0..n).map(|_| '.')),
                    None => squares.push(c),
                }
            }
            squares.reverse();
            let mut out = String::new();
            let mut empty = 0;
            for c in squares {
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out += &empty.to_string();
                    empty = 0;
                }
                out.push(c);
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            out
        })
        .collect();
    let ep = match parts[3] {
        "-" => "-".to_string(),
        s => {
            let (file, rank) = s.split_at(1);
            let file = (b'a' + b'h' - file.as_bytes()[0]) as char;
            format!("{file}{rank}")
        }
    };
    format!("{} {} - {ep} 0 1", ranks.join("/"), parts[1])
}

/// With horizontally mirrored inputs a position and its left-right mirror
/// have the same inputs, so the same evaluation, exactly: positions of
/// random games (their castling rights dropped, which are no input), by
/// a full evaluation and through the accumulator stack, with 1 and 8
/// buckets. A net without the option tells most of them apart.
#[test]
fn mirrored_inputs_evaluate_a_position_as_its_left_right_mirror() {
    for buckets in [1, 8] {
        let n = mirrored_net(32, buckets, 29);
        let plain = bucketed_net(32, buckets, 29);
        let mut state = 4242u64;
        let (mut checked, mut plain_differs, mut kings_apart) = (0, 0, 0);
        for game in 0..40 {
            let mut board = Board::from_fen(FENS[game % FENS.len()]).unwrap();
            for _ in 0..100 {
                let fen = board.to_fen();
                let parts: Vec<&str> = fen.split(' ').collect();
                let fen = format!("{} {} - {} 0 1", parts[0], parts[1], parts[3]);
                let (a, b) = (
                    Board::from_fen(&fen).unwrap(),
                    Board::from_fen(&mirror_files(&fen)).unwrap(),
                );
                assert_eq!(n.evaluate(&a), n.evaluate(&b), "{fen}");
                let mut stack = AccumulatorStack::new(n.clone(), 1);
                stack.refresh(0, &b);
                assert_eq!(stack.evaluate(0, &b), n.evaluate(&a), "{fen}");
                plain_differs += (plain.evaluate(&a) != plain.evaluate(&b)) as usize;
                let king_file = |c: Color| format::mirror_mask(a.king_square(c).file());
                kings_apart += (king_file(Color::White) != king_file(Color::Black)) as usize;
                checked += 1;
                let moves = legal_moves(&board);
                if moves.is_empty() {
                    break;
                }
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                board = board.make(moves.as_slice()[(state >> 33) as usize % moves.len()]);
            }
        }
        assert!(checked > 2000, "{checked}");
        assert!(
            plain_differs > checked * 9 / 10,
            "{plain_differs} of {checked}"
        );
        // The two sides decide independently: often the kings stand on
        // different halves.
        assert!(kings_apart > checked / 10, "{kings_apart} of {checked}");
    }
}

/// The mirror is the identity for a king on files e-h, and files a ↔ h
/// (the index's low three bits) for one on a-d, on every input of that
/// perspective.
#[test]
fn mirrored_inputs_see_each_king_on_files_e_to_h() {
    for file in 0..8u8 {
        assert_eq!(format::mirror_mask(file), if file < 4 { 7 } else { 0 });
    }
    for f in 0..INPUTS {
        let m = f ^ 7;
        assert_eq!(m / 64, f / 64, "same colour and kind");
        assert_eq!((m % 64) / 8, (f % 64) / 8, "same rank");
        assert_eq!(m % 8, 7 - f % 8, "mirrored file");
        assert_eq!(
            flip_feature(m),
            flip_feature(f) ^ 7,
            "commutes with the flip"
        );
    }
    // The start position's inputs are not mirrored (both kings on e).
    let n = mirrored_net(32, 1, 3);
    let start = Board::startpos();
    let mut plain = QuantisedNet::from_bytes(&mirrored_net_bytes(32, 3)).unwrap();
    plain.mirrored_input = false;
    let plain = Network::from_bytes(&plain.to_bytes()).unwrap();
    assert_eq!(n.evaluate(&start), plain.evaluate(&start));
}

fn mirrored_net_bytes(h: usize, seed: u64) -> Vec<u8> {
    QuantisedNet {
        mirrored_input: true,
        ..random_net(h, 1, seed)
    }
    .to_bytes()
}

/// The same with horizontally mirrored inputs: kings cross the d/e line
/// (by a king's step and by castling, in standard and Chess960 games),
/// and each crossing refreshes the mover's side.
#[test]
fn incremental_equals_refresh_over_random_games_with_mirrored_inputs() {
    for buckets in [1, 8] {
        let (crossings, castles_across) =
            incremental_equals_refresh_with(mirrored_net(32, buckets, 11));
        assert!(crossings > 200, "{crossings} crossings");
        // Random games seldom castle; `chess960_castling_updates_equal_a_refresh`
        // takes every castling move across.
        assert!(castles_across > 0, "{castles_across} castling moves across");
    }
}

/// Version 3: version 2 with an input-options word after the bucket
/// count; written for a net with mirrored inputs (and only for one), read
/// back as the same net. A version 3 file without the option is the
/// version 2 net; an unknown option bit, a short header and every
/// version 2 check are refused as in version 2.
#[test]
fn version_3_files_carry_the_mirrored_input_option() {
    let q = QuantisedNet {
        mirrored_input: true,
        ..random_net(32, 8, 5)
    };
    let good = q.to_bytes();
    let word =
        |b: &[u8], i: usize| u32::from_le_bytes(b[8 + 4 * i..12 + 4 * i].try_into().unwrap());
    assert_eq!(word(&good, 0), VERSION_3);
    assert_eq!(
        [
            word(&good, 1),
            word(&good, 2),
            word(&good, 3),
            word(&good, 4)
        ],
        [INPUTS as u32, 32, 8, INPUT_MIRRORED]
    );
    assert_eq!(
        [word(&good, 5), word(&good, 6), word(&good, 7)],
        [QA as u32, QB as u32, SCALE as u32]
    );
    assert_eq!(good.len(), file_len_v3(32, 8));
    assert_eq!(good.len(), file_len(32, 8) + 4);
    assert_eq!(QuantisedNet::from_bytes(&good), Ok(q.clone()));
    let n = Network::from_bytes(&good).unwrap();
    assert!(n.mirrored_input());
    assert!(n.describe().ends_with("horizontally mirrored inputs"));
    // The same weights without the option: a version 2 file, as before.
    let plain = QuantisedNet {
        mirrored_input: false,
        ..q.clone()
    };
    let v2 = plain.to_bytes();
    assert_eq!(word(&v2, 0), VERSION);
    assert_eq!(v2.len(), file_len(32, 8));
    assert!(!Network::from_bytes(&v2).unwrap().mirrored_input());
    // A version 3 file with no option set reads as that version 2 net.
    let mut no_option = good.clone();
    no_option[24..28].copy_from_slice(&0u32.to_le_bytes());
    let body = no_option.len() - 8;
    let hash = fnv1a(&no_option[..body]);
    no_option[body..].copy_from_slice(&hash.to_le_bytes());
    assert_eq!(QuantisedNet::from_bytes(&no_option), Ok(plain.clone()));
    assert_eq!(
        Network::from_bytes(&no_option).unwrap(),
        Network::from_bytes(&v2).unwrap()
    );
    // An option this engine does not know.
    for options in [2u32, 3, 0x8000_0000] {
        let mut bad = good.clone();
        bad[24..28].copy_from_slice(&options.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&bad),
            Err(NetError::BadHeader("input options", options))
        );
    }
    // The header's other checks, one word later than version 2's.
    assert_eq!(
        load_with_byte(&good, 28, 128),
        Err(NetError::BadHeader("QA", 128))
    );
    assert_eq!(
        load_with_byte(&good, 20, 3),
        Err(NetError::BadHeader("output buckets", 3))
    );
    // A version 2 file relabelled 3: its QA is read as the options.
    let mut relabelled = v2.clone();
    relabelled[8..12].copy_from_slice(&VERSION_3.to_le_bytes());
    assert_eq!(
        Network::from_bytes(&relabelled),
        Err(NetError::BadHeader("input options", QA as u32))
    );
    // A version 3 file relabelled 2: 4 bytes too long for its header.
    let mut relabelled = good.clone();
    relabelled[8..12].copy_from_slice(&VERSION.to_le_bytes());
    assert!(Network::from_bytes(&relabelled).is_err());
    assert_eq!(
        Network::from_bytes(&good[..HEADER_LEN_V3 - 1]),
        Err(NetError::TooShort(HEADER_LEN_V3 - 1))
    );
    assert_one_byte_short_is_refused(&good);
    assert_the_hash_guards_the_last_weight(&good);
}
