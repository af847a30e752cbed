//! UCI move text: parsing, the reasons for rejecting, and printing.

use ladya::board::Board;
use ladya::movegen::{MoveError, legal_moves, parse_uci_move};

fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap()
}

#[test]
fn every_legal_move_round_trips_through_its_text() {
    let b = board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    for &m in legal_moves(&b).iter() {
        assert_eq!(parse_uci_move(&b, &m.to_string()), Ok(m));
    }
}

#[test]
fn special_moves() {
    let b = board("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    for text in ["e1g1", "e1c1", "e5d6", "b7b8q", "b7b8n", "b7a8r", "b7a8b"] {
        let m = parse_uci_move(&b, text).unwrap();
        assert_eq!(m.to_string(), text);
    }
    assert!(parse_uci_move(&b, "e1g1").unwrap().is_castle());
    assert!(parse_uci_move(&b, "e5d6").unwrap().is_en_passant());
    // Upper-case promotion letters are accepted and printed lower case.
    assert_eq!(parse_uci_move(&b, "b7b8Q").unwrap().to_string(), "b7b8q");
}

#[test]
fn rejections_say_why() {
    let b = Board::startpos();
    assert!(matches!(
        parse_uci_move(&b, "e2"),
        Err(MoveError::Syntax(_))
    ));
    assert!(matches!(
        parse_uci_move(&b, "e2e4x"),
        Err(MoveError::Syntax(_))
    ));
    assert!(matches!(
        parse_uci_move(&b, "z2e4"),
        Err(MoveError::Syntax(_))
    ));
    assert!(matches!(
        parse_uci_move(&b, "e2é4"),
        Err(MoveError::Syntax(_))
    ));
    assert!(matches!(
        parse_uci_move(&b, "e3e4"),
        Err(MoveError::NoPiece { .. })
    ));
    assert!(matches!(
        parse_uci_move(&b, "e7e5"),
        Err(MoveError::NotYourPiece { .. })
    ));
    assert!(matches!(
        parse_uci_move(&b, "e2e5"),
        Err(MoveError::Illegal {
            in_check: false,
            ..
        })
    ));
    assert!(matches!(
        parse_uci_move(&b, "e2e4q"),
        Err(MoveError::NotAPromotion(_))
    ));
    let promo = board("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(
        parse_uci_move(&promo, "b7b8"),
        Err(MoveError::MissingPromotion(_))
    ));
    let check = board("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1");
    assert!(matches!(
        parse_uci_move(&check, "e1c1"),
        Err(MoveError::Illegal { in_check: true, .. })
    ));
    let e = parse_uci_move(&b, "e2e5").unwrap_err().to_string();
    assert!(e.contains("e2e5"), "{e}");
}
