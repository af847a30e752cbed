//! FEN: round trips, normalisation, and one test per kind of malformed FEN.

use ladya::board::{Board, FenError};

#[test]
fn round_trips() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/8/8/8/8/4K3 b - - 150 10000",
        // An en-passant square that a double push explains is kept, even
        // when no pawn can capture (the key ignores it, the FEN keeps it).
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ] {
        assert_eq!(Board::from_fen(fen).unwrap().to_fen(), fen);
    }
}

#[test]
fn normalisation_drops_contradicted_rights_and_unexplained_en_passant() {
    // No rook on h1, no king on e8: those rights go.
    let b = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1").unwrap();
    assert_eq!(b.to_fen(), "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1");
    let b = Board::from_fen("r6r/5k2/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(b.to_fen(), "r6r/5k2/8/8/8/8/8/R3K2R w KQ - 0 1");
    // A file letter without its rook goes too.
    let b = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAhb - 0 1").unwrap();
    assert_eq!(b.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w HAh - 0 1");
    // No black pawn on d5 to explain d6.
    let b = Board::from_fen("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1").unwrap();
    assert_eq!(b.to_fen(), "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1");
    // A rewritten round trip is stable.
    assert_eq!(Board::from_fen(&b.to_fen()).unwrap().to_fen(), b.to_fen());
}

#[test]
fn four_field_fen() {
    let b = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(b, Board::startpos());
}

#[test]
fn key_ignores_an_en_passant_square_without_a_legal_capture() {
    let with =
        Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    let without =
        Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(with.key(), without.key());
    // A legal capture makes the position different (FIDE 9.2.3).
    let with = Board::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").unwrap();
    let without = Board::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1").unwrap();
    assert_ne!(with.key(), without.key());
    // ... unless the capture is illegal (the pawn is pinned on the rank).
    let with = Board::from_fen("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1").unwrap();
    let without = Board::from_fen("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(with.key(), without.key());
}

#[test]
fn malformed_fens_are_rejected_with_the_reason() {
    use FenError::*;
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    type Check = fn(&FenError) -> bool;
    let cases: Vec<(String, Check)> = vec![
        ("".into(), |e| matches!(e, Empty)),
        ("   ".into(), |e| matches!(e, Empty)),
        (format!("{start} w KQkq"), |e| matches!(e, FieldCount(3))),
        (format!("{start} w KQkq - 0"), |e| {
            matches!(e, FieldCount(5))
        }),
        (format!("{start} w KQkq - 0 1 extra"), |e| {
            matches!(e, FieldCount(7))
        }),
        (
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            |e| matches!(e, RankCount(7)),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            |e| matches!(e, RankCount(9)),
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            |e| matches!(e, UnknownPiece('9')),
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            |e| {
                matches!(
                    e,
                    RankLength {
                        rank: 7,
                        squares: 9
                    }
                )
            },
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            |e| {
                matches!(
                    e,
                    RankLength {
                        rank: 7,
                        squares: 7
                    }
                )
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/44/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            |e| matches!(e, AdjacentDigits { rank: 3 }),
        ),
        (
            "rnbqkbnr/pppxpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            |e| matches!(e, UnknownPiece('x')),
        ),
        (
            "rnbqkbnr/pppp0ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            |e| matches!(e, UnknownPiece('0')),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1".into(),
            |e| matches!(e, KingCount { count: 0, .. }),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/2k5/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            |e| matches!(e, KingCount { count: 2, .. }),
        ),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1".into(), |e| {
            matches!(e, PawnOnBackRank(_))
        }),
        ("p3k3/8/8/8/8/8/8/4K3 w - - 0 1".into(), |e| {
            matches!(e, PawnOnBackRank(_))
        }),
        ("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1".into(), |e| {
            matches!(e, TooManyPawns { count: 9, .. })
        }),
        ("qqqqkqqq/qqqqqqqq/q7/8/8/8/8/4K3 w - - 0 1".into(), |e| {
            matches!(e, TooManyPieces { count: 17, .. })
        }),
        (format!("{start} x KQkq - 0 1"), |e| {
            matches!(e, SideToMove(_))
        }),
        (format!("{start} W KQkq - 0 1"), |e| {
            matches!(e, SideToMove(_))
        }),
        (format!("{start} w KQkx - 0 1"), |e| {
            matches!(e, CastlingLetter { letter: 'x', .. })
        }),
        (format!("{start} w KKkq - 0 1"), |e| {
            matches!(e, CastlingRepeated { letter: 'K', .. })
        }),
        // Shredder's H and X-FEN's K name the same rook.
        (format!("{start} w KHkq - 0 1"), |e| {
            matches!(e, CastlingRepeated { letter: 'H', .. })
        }),
        (format!("{start} w K-kq - 0 1"), |e| {
            matches!(e, CastlingLetter { letter: '-', .. })
        }),
        (format!("{start} w KEkq - 0 1"), |e| {
            matches!(e, CastlingKingFile { letter: 'E', .. })
        }),
        (format!("{start} w KQkq e9 0 1"), |e| {
            matches!(e, EnPassant(_))
        }),
        (format!("{start} w KQkq 3e 0 1"), |e| {
            matches!(e, EnPassant(_))
        }),
        (format!("{start} w KQkq e3 0 1"), |e| {
            matches!(e, EnPassantRank { .. })
        }),
        (format!("{start} w KQkq - -1 1"), |e| {
            matches!(e, HalfmoveClock(_))
        }),
        (format!("{start} w KQkq - abc 1"), |e| {
            matches!(e, HalfmoveClock(_))
        }),
        (format!("{start} w KQkq - 70000 1"), |e| {
            matches!(e, HalfmoveClock(_))
        }),
        (format!("{start} w KQkq - 0 1.5"), |e| {
            matches!(e, FullmoveNumber(_))
        }),
        (format!("{start} w KQkq - 0 +1"), |e| {
            matches!(e, FullmoveNumber(_))
        }),
        (format!("{start} w KQkq - 0 99999999999"), |e| {
            matches!(e, FullmoveNumber(_))
        }),
        // The side not to move is in check: white to move could take the king.
        ("4k3/8/8/8/8/8/8/4KR1r w - - 0 1".into(), |_| false),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1".into(), |e| {
            matches!(e, OpponentInCheck)
        }),
    ];
    for (fen, ok) in cases {
        match Board::from_fen(&fen) {
            Ok(b) => {
                // Only the one legal case in the list may parse.
                assert_eq!(
                    fen,
                    "4k3/8/8/8/8/8/8/4KR1r w - - 0 1",
                    "accepted: {fen} as {}",
                    b.to_fen()
                );
            }
            Err(e) => {
                assert!(ok(&e), "{fen}: unexpected error {e:?}");
                assert!(!e.to_string().is_empty());
            }
        }
    }
}

#[test]
fn odd_but_legal_fens_are_accepted() {
    // An impossible double check by two bishops (its perft counts are
    // published), extra spaces, and a half-move clock above 100.
    for fen in [
        "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
        "  4k3/8/8/8/8/8/8/4K3   w  -  -  0  1 ",
        "4k3/8/8/8/8/8/8/4K3 w - - 150 80",
    ] {
        assert!(Board::from_fen(fen).is_ok(), "{fen}");
    }
}

/// The three forms of the castling field: each is read, and written back
/// in the form it came in.
#[test]
fn castling_field_forms_round_trip() {
    for fen in [
        // Standard, X-FEN and Shredder-FEN of the standard array.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        // Chess960 in Shredder-FEN, and in X-FEN (the outermost rooks).
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
        // X-FEN: a rook inside another of its colour is named by its file.
        "rk2r3/8/8/8/8/8/8/RK2R2R w EAea - 0 1",
        "rk2r3/8/8/8/8/8/8/RK2R2R w EQkq - 0 1",
        "rk2r3/8/8/8/8/8/8/RK2R2R w KQq - 0 1",
        // Double Chess960: each side its own arrangement.
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1",
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
    ] {
        let b = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(b.to_fen(), fen);
    }
    // KQkq and HAha are the same position, written two ways.
    let a = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    let b = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
    assert_eq!(a.key(), b.key());
    assert!(!a.is_chess960() && b.is_chess960() && !b.has_chess960_castling());
    // A 960 arrangement is 960 however it is written.
    let c = Board::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    assert!(c.unwrap().has_chess960_castling());
}

/// X-FEN's K and Q mean the outermost rook on that side of the king,
/// wherever the king stands on its first rank.
#[test]
fn x_fen_letters_name_the_outermost_rook() {
    use ladya::board::castle;
    let b = Board::from_fen("1r2k1r1/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1").unwrap();
    let sq = |s| ladya::board::Square::parse(s);
    assert_eq!(b.castling_rook(castle::WHITE_KING), sq("h1"));
    assert_eq!(b.castling_rook(castle::WHITE_QUEEN), sq("a1"));
    assert_eq!(b.castling_rook(castle::BLACK_KING), sq("g8"));
    assert_eq!(b.castling_rook(castle::BLACK_QUEEN), sq("b8"));
    // Shredder letters pick an inner rook, which X-FEN then writes by its file.
    let b = Board::from_fen("1r2k1r1/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1").unwrap();
    assert_eq!(b.castling_rook(castle::WHITE_KING), sq("g1"));
    let x = b.with_castling_notation(ladya::board::CastlingNotation::XFen);
    assert_eq!(x.to_fen(), "1r2k1r1/8/8/8/8/8/8/RR2K1RR w GBkq - 0 1");
    // The king on f8 between rooks on a8 and h8: a Chess960 right.
    let b = Board::from_fen("r4k1r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(b.to_fen(), "r4k1r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(b.has_chess960_castling());
}
