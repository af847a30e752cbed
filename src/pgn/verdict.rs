//! `ladya outcome`: a verdict of the rules in words, one line. The
//! arbiter's report (`report`) gives the same reasons for the games of a
//! PGN file.
//!
//! The first token is the verdict's name, then `:` and a plain-English
//! reason that names the position (moves in SAN with their numbers) and
//! the FIDE article, e.g.
//! `threefold-repetition: the position after 9...Ng8 has occurred 3 times; a draw may be claimed (FIDE 9.2)`.

use crate::board::{Board, Color};
use crate::movegen::san::numbered_san;
use crate::rules::{
    CannotMate, DeadReason, FIFTY_MOVES, Game, GameError, Outcome, SEVENTY_FIVE_MOVES, Verdict,
    verdict, verdict_on_flag,
};
use std::fmt;

/// Why `ladya outcome` could not judge (exit status 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutcomeError {
    Fen {
        fen: String,
        error: crate::board::FenError,
    },
    Move(GameError),
    Flag(String),
}

impl fmt::Display for OutcomeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutcomeError::Fen { fen, error } => write!(f, "invalid FEN \"{fen}\": {error}"),
            OutcomeError::Move(e) => write!(f, "{e}"),
            OutcomeError::Flag(s) => {
                write!(
                    f,
                    "--flag takes the side whose flag fell, white or black, not '{s}'"
                )
            }
        }
    }
}

impl std::error::Error for OutcomeError {}

/// The line `ladya outcome` prints, or a one-line error (exit 2).
pub fn outcome_line(
    fen: Option<&str>,
    moves: &[String],
    flag: Option<&str>,
) -> Result<String, String> {
    judge(fen, moves, flag).map_err(|e| e.to_string())
}

/// Builds the game, judges it and writes the verdict line.
pub fn judge(
    fen: Option<&str>,
    moves: &[String],
    flag: Option<&str>,
) -> Result<String, OutcomeError> {
    let flagged = match flag {
        None => None,
        Some(s) => Some(match s.to_ascii_lowercase().as_str() {
            "white" | "w" => Color::White,
            "black" | "b" => Color::Black,
            _ => return Err(OutcomeError::Flag(s.to_string())),
        }),
    };
    let start = match fen {
        None => Board::startpos(),
        Some(text) => Board::from_fen(text).map_err(|error| OutcomeError::Fen {
            fen: text.to_string(),
            error,
        })?,
    };
    let mut game = Game::new(start);
    game.push_uci_moves(moves.iter().map(String::as_str))
        .map_err(OutcomeError::Move)?;
    let v = match flagged {
        None => verdict(&game),
        Some(c) => verdict_on_flag(&game, c),
    };
    Ok(verdict_line(&game, &v))
}

/// `name: reason (FIDE article)`.
pub fn verdict_line(game: &Game, v: &Verdict) -> String {
    format!("{}: {}", v.outcome.name(), reason(game, v))
}

/// The reason alone: a sentence that names the position (moves in SAN with
/// their numbers), what the rule says and its article, and the moves that
/// do not count when the game had ended before its last move.
pub fn reason(game: &Game, v: &Verdict) -> String {
    let o = &v.outcome;
    let board = &game.boards()[v.ply];
    let after = after_text(game, v.ply);
    let to_move = side_name(board.side_to_move());
    let article = format!("(FIDE {})", o.article());
    let mut reason = match o {
        Outcome::Checkmate { winner } => match last_move(game, v.ply) {
            Some(m) => format!(
                "{m} checkmates {}; {} wins {article}",
                side_name(!*winner),
                side_name(*winner)
            ),
            None => format!(
                "{to_move}, to move, is checkmated; {} wins {article}",
                side_name(*winner)
            ),
        },
        Outcome::Stalemate => format!(
            "{}{to_move}, to move, has no legal move and is not in check; the game is drawn {article}",
            prefix(&after)
        ),
        Outcome::DeadPosition(reason) => {
            let why = match reason {
                DeadReason::Material(m) => {
                    format!("the material is {m}, too little for any checkmate")
                }
                DeadReason::NoMateReachable { positions } => format!(
                    "all {positions} positions reachable by legal moves were examined and none is a checkmate"
                ),
                DeadReason::Blockade => BLOCKADE.to_string(),
            };
            format!(
                "{}no sequence of legal moves can end in checkmate: {why}; the game is drawn {article}",
                prefix(&after)
            )
        }
        Outcome::FivefoldRepetition { occurrences } => format!(
            "{after} has occurred {occurrences} times; the game is drawn automatically {article}"
        ),
        Outcome::SeventyFiveMoves { halfmoves } => format!(
            "{}the last {halfmoves} half-moves were made without a pawn move or capture (at least {} moves by each player); the game is drawn automatically {article}",
            prefix(&after),
            SEVENTY_FIVE_MOVES / 2
        ),
        Outcome::ThreefoldRepetition { occurrences } => {
            format!("{after} has occurred {occurrences} times; a draw may be claimed {article}")
        }
        Outcome::FiftyMoves { halfmoves } => format!(
            "{}the last {halfmoves} half-moves were made without a pawn move or capture (at least {} moves by each player); a draw may be claimed {article}",
            prefix(&after),
            FIFTY_MOVES / 2
        ),
        Outcome::Ongoing => format!(
            "{}{to_move} to move; no checkmate, stalemate, dead position, repetition or move-count rule ends the game {article}",
            prefix(&after)
        ),
        Outcome::LossOnTime { loser } => format!(
            "{}{}'s flag fell and a checkmate by {} cannot be ruled out; {} wins {article}",
            prefix(&after),
            side_name(*loser),
            side_name(!*loser),
            side_name(!*loser)
        ),
        Outcome::DrawOpponentCannotMate { flagged, reason } => {
            let opponent = side_name(!*flagged);
            let why = match reason {
                CannotMate::LoneKing => format!("{opponent} has only its king"),
                CannotMate::Dead(DeadReason::Material(m)) => format!("the material is {m}"),
                CannotMate::Dead(DeadReason::Blockade) | CannotMate::Blockade => {
                    BLOCKADE.to_string()
                }
                CannotMate::Dead(DeadReason::NoMateReachable { positions })
                | CannotMate::NoMateReachable { positions } => {
                    format!("all {positions} positions reachable by legal moves were examined")
                }
            };
            format!(
                "{}{}'s flag fell, but {opponent} cannot checkmate by any sequence of legal moves ({why}); the game is drawn {article}",
                prefix(&after),
                side_name(*flagged)
            )
        }
        Outcome::Resignation { loser } => format!(
            "{}{} resigned; {} wins {article}",
            prefix(&after),
            side_name(*loser),
            side_name(!*loser)
        ),
        Outcome::Agreement => format!(
            "{}the players agreed a draw; the game is drawn {article}",
            prefix(&after)
        ),
    };
    let later = game.moves().len() - v.ply;
    if later > 0 {
        let place = if v.ply == 0 {
            "in the starting position"
        } else {
            "there"
        };
        reason.push_str(&if later == 1 {
            format!("; the game ended {place}, so the move after it does not count")
        } else {
            format!("; the game ended {place}, so the {later} moves after it do not count")
        });
    }
    reason
}

const BLOCKADE: &str = "the pawns are locked for good and no piece can ever reach a square from which it would give check";

pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The move that led to the position at `ply`, numbered, in SAN.
pub fn last_move(game: &Game, ply: usize) -> Option<String> {
    let i = ply.checked_sub(1)?;
    Some(numbered_san(&game.boards()[i], game.moves()[i]))
}

/// "the position after 9...Ng8", or "the starting position".
fn after_text(game: &Game, ply: usize) -> String {
    match last_move(game, ply) {
        Some(m) => format!("the position after {m}"),
        None => "the starting position".to_string(),
    }
}

/// "after 9...Ng8, " before a sentence, or nothing for the starting position.
fn prefix(after: &str) -> String {
    match after.strip_prefix("the position ") {
        Some(rest) => format!("{rest}, "),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(fen: Option<&str>, moves: &str, flag: Option<&str>) -> Result<String, String> {
        let moves: Vec<String> = moves.split_whitespace().map(String::from).collect();
        outcome_line(fen, &moves, flag)
    }

    #[test]
    fn threefold_line_names_the_move_in_san() {
        let l = line(None, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", None).unwrap();
        assert_eq!(
            l,
            "threefold-repetition: the position after 4...Ng8 has occurred 3 times; a draw may be claimed (FIDE 9.2)"
        );
    }

    #[test]
    fn mate_line() {
        let l = line(None, "f2f3 e7e5 g2g4 d8h4", None).unwrap();
        assert_eq!(
            l,
            "checkmate: 2...Qh4# checkmates White; Black wins (FIDE 5.1.1)"
        );
    }

    #[test]
    fn errors_name_the_move_and_ply() {
        let e = line(None, "e2e4 e7e5 e4e5", None).unwrap_err();
        assert!(e.contains("e4e5") && e.contains("ply 3"), "{e}");
        let e = line(Some("not a fen"), "", None).unwrap_err();
        assert!(e.starts_with("invalid FEN"), "{e}");
        let e = line(None, "", Some("red")).unwrap_err();
        assert!(e.contains("red"), "{e}");
    }
}
