//! Random and mutated FENs: parsing never panics, and whatever parses is a
//! consistent board whose FEN reads back to the same board.

use ladya::board::Board;
use ladya::movegen::legal_moves;

mod common;
use common::rng::Rng;

const SEEDS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 b - - 150 10000",
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    // Chess960 castling fields, Shredder-FEN and X-FEN.
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1r2k1r1/8/8/8/8/8/8/RR2K1RR w GBkq - 0 1",
];

const ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ wb-KQkqabcdefghABCDEFGH0123456789x+.";

fn mutate(rng: &mut Rng, fen: &str) -> String {
    let mut bytes = fen.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(4) {
            0 if at < bytes.len() => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
            2 if at < bytes.len() => bytes[at] = ALPHABET[rng.below(ALPHABET.len())],
            _ if at < bytes.len() => {
                let other = rng.below(bytes.len());
                bytes.swap(at, other);
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn mutated_fens_never_panic_and_parsed_boards_are_consistent() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut accepted = 0;
    for i in 0..200_000 {
        let fen = mutate(&mut rng, SEEDS[i % SEEDS.len()]);
        if let Ok(b) = Board::from_fen(&fen) {
            accepted += 1;
            assert!(
                b.check_invariants().is_ok(),
                "{fen}: {:?}",
                b.check_invariants()
            );
            let again = Board::from_fen(&b.to_fen()).expect("written FEN reads back");
            assert_eq!(again, b, "{fen}");
            // Moves can be generated and made from anything that parses.
            for &m in legal_moves(&b).iter().take(3) {
                let _ = b.make(m);
            }
        }
    }
    assert!(
        accepted > 1000,
        "the mutations should leave many FENs valid ({accepted})"
    );
}

#[test]
fn random_byte_strings_never_panic() {
    let mut rng = Rng(12345);
    for _ in 0..100_000 {
        let len = rng.below(100);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let _ = Board::from_fen(&String::from_utf8_lossy(&bytes));
    }
}
