//! Chess960 through the real binary, as a GUI in Chess960 mode drives it
//! (cutechess-cli and fastchess `-variant fischerandom`): the option, the
//! Shredder-FEN positions, castling moves written king takes rook, and
//! both spellings of castling read in either mode.

mod common;
use common::engine::{Engine, LONG};
use common::output::best_of;

/// The FEN that `d` shows.
fn fen_of(e: &mut Engine) -> String {
    e.send("d");
    let lines = e.until("Fen:", LONG);
    lines.last().unwrap()["Fen: ".len()..].to_string()
}

#[test]
fn the_option_is_declared_and_read() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok", LONG);
    assert!(
        lines.contains(&"option name UCI_Chess960 type check default false".to_string()),
        "{lines:#?}"
    );
    e.send("setoption name UCI_Chess960 value maybe");
    e.send("isready");
    let lines = e.until("readyok", LONG);
    assert!(
        lines[0].starts_with("info string UCI_Chess960"),
        "{lines:#?}"
    );
    e.quit();
}

#[test]
fn chess960_castling_moves_are_king_takes_rook_in_and_out() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok", LONG);
    e.send("setoption name UCI_Chess960 value true");
    // White castles queen-side (king b1 to c1, rook a1 to d1), Black king-side.
    e.send("position fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1 moves b1a1 b8h8");
    assert_eq!(
        fen_of(&mut e),
        "r4rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2"
    );
    // The search's castling move, in the option's spelling, also in the PV.
    e.send("position fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1");
    e.send("go depth 4 searchmoves b1a1");
    let lines = e.until("bestmove", LONG);
    assert_eq!(best_of(lines.last().unwrap()), "b1a1", "{lines:#?}");
    assert!(lines.iter().any(|l| l.contains(" pv b1a1")), "{lines:#?}");
    // A search without restriction plays a legal move and keeps to protocol.
    e.go("go depth 6");
    // The standard array in Shredder-FEN, as the GUIs send it in 960 mode.
    e.send(
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1 \
         moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6",
    );
    assert_eq!(e.go("go depth 3 searchmoves e1h1"), "e1h1");
    // The two-square spelling is read too, where it is no other move.
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1 moves e1g1 e8c8");
    assert_eq!(fen_of(&mut e), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    e.quit();
}

#[test]
fn with_the_option_off_standard_castling_is_the_kings_step() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    // King takes rook is read with the option off too.
    assert_eq!(e.go("go depth 3 searchmoves e1h1"), "e1g1");
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1");
    assert_eq!(
        fen_of(&mut e),
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
    );
    // A Chess960 position with the option off: king takes rook all the
    // same, since there the king's step can be a plain king move (f1g1).
    e.send("position fen 4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    assert_eq!(e.go("go depth 2 searchmoves f1h1"), "f1h1");
    // f1g1 is the king's step, not castling.
    e.send("position fen 4k3/8/8/8/8/8/8/5K1R w H - 0 1 moves f1g1");
    assert_eq!(fen_of(&mut e), "4k3/8/8/8/8/8/8/6KR b - - 1 1");
    e.quit();
}

#[test]
fn a_malformed_chess960_fen_is_named_not_fatal() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Chess960 value true");
    e.send("position fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HHha - 0 1");
    e.send("isready");
    let lines = e.until("readyok", LONG);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("'H'")),
        "{lines:#?}"
    );
    e.send("position fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1");
    e.go("go depth 2");
    e.quit();
}
