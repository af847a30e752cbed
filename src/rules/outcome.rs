//! The FIDE verdict of a game: one function per rule, applied in the order
//! of precedence
//! `checkmate > stalemate > dead-position > fivefold-repetition >
//! seventy-five-moves > threefold-repetition > fifty-moves > ongoing`.
//!
//! Checkmate comes before the 75-move rule (9.6.2: a mate on the 150th
//! half-move stands). The automatic endings (mate, stalemate, dead
//! position, fivefold, 75 moves) end the game at once; the claimable ones
//! (threefold, fifty moves) only let a player claim a draw.
//!
//! The precedence of the automatic endings is written once
//! (`automatic_end_at`); [`verdict`] (`ladya outcome`) and
//! [`first_automatic_end`] (the PGN arbiter) differ only in which proofs
//! of a dead position they run where.

use super::blockade::check_is_impossible;
use super::dead::{CannotMate, DeadReason, cannot_ever_mate, dead_position, material_signature};
use super::draw::is_dead_by_material;
use super::game::Game;
use super::repetition::{occurrences, occurrences_at};
use crate::board::{Board, Color};
use crate::movegen::has_legal_move;

/// 9.2: a draw may be claimed on a position's third occurrence.
pub const THREEFOLD: usize = 3;
/// 9.6.1: a position's fifth occurrence ends the game.
pub const FIVEFOLD: usize = 5;
/// 9.3: a draw may be claimed after 50 moves by each player (half-moves)
/// without a pawn move or capture.
pub const FIFTY_MOVES: u16 = 100;
/// 9.6.2: 75 moves by each player (half-moves) without a pawn move or
/// capture end the game, unless the last one mates.
pub const SEVENTY_FIVE_MOVES: u16 = 150;

/// What the rules say about a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// 5.1.1: the side to move is checkmated.
    Checkmate { winner: Color },
    /// 5.2.1: the side to move has no legal move and is not in check.
    Stalemate,
    /// 5.2.2: no sequence of legal moves can end in checkmate.
    DeadPosition(DeadReason),
    /// 9.6.1: the same position has occurred at least five times.
    FivefoldRepetition { occurrences: usize },
    /// 9.6.2: at least 150 half-moves without a pawn move or capture.
    SeventyFiveMoves { halfmoves: u16 },
    /// 9.2: the position has occurred at least three times; claimable.
    ThreefoldRepetition { occurrences: usize },
    /// 9.3: at least 100 half-moves without a pawn move or capture; claimable.
    FiftyMoves { halfmoves: u16 },
    /// No rule ends the game.
    Ongoing,
    /// 6.9: `loser`'s flag fell and the opponent could still checkmate.
    LossOnTime { loser: Color },
    /// 6.9: the flag fell, but the opponent cannot checkmate by any
    /// sequence of legal moves.
    DrawOpponentCannotMate { flagged: Color, reason: CannotMate },
    /// 5.1.2: `loser` resigned.
    Resignation { loser: Color },
    /// 9.1.2: the players agreed a draw.
    Agreement,
}

/// How an outcome bears on the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The game is over: won by a side, or drawn with `None`.
    Over(Option<Color>),
    /// The game goes on unless a player claims the draw.
    ClaimableDraw,
    Ongoing,
}

impl Outcome {
    /// The verdict's name, as `ladya outcome` prints it first.
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Checkmate { .. } => "checkmate",
            Outcome::Stalemate => "stalemate",
            Outcome::DeadPosition(_) => "dead-position",
            Outcome::FivefoldRepetition { .. } => "fivefold-repetition",
            Outcome::SeventyFiveMoves { .. } => "seventy-five-moves",
            Outcome::ThreefoldRepetition { .. } => "threefold-repetition",
            Outcome::FiftyMoves { .. } => "fifty-moves",
            Outcome::Ongoing => "ongoing",
            Outcome::LossOnTime {
                loser: Color::White,
            } => "white-loses-on-time",
            Outcome::LossOnTime {
                loser: Color::Black,
            } => "black-loses-on-time",
            Outcome::DrawOpponentCannotMate { .. } => "draw-opponent-cannot-mate",
            Outcome::Resignation {
                loser: Color::White,
            } => "white-resigns",
            Outcome::Resignation {
                loser: Color::Black,
            } => "black-resigns",
            Outcome::Agreement => "agreement",
        }
    }

    /// The rule alone, as the PGN arbiter names it: the [`name`](Self::name),
    /// but `resignation` for either side's (the recorded result already
    /// says who won).
    pub fn rule(&self) -> &'static str {
        match self {
            Outcome::Resignation { .. } => "resignation",
            _ => self.name(),
        }
    }

    /// The article of the FIDE Laws of Chess (2023) that gives the verdict.
    pub fn article(&self) -> &'static str {
        match self {
            Outcome::Checkmate { .. } => "5.1.1",
            Outcome::Stalemate => "5.2.1",
            Outcome::DeadPosition(_) => "5.2.2",
            Outcome::FivefoldRepetition { .. } => "9.6.1",
            Outcome::SeventyFiveMoves { .. } => "9.6.2",
            Outcome::ThreefoldRepetition { .. } => "9.2",
            Outcome::FiftyMoves { .. } => "9.3",
            Outcome::Ongoing => "5",
            Outcome::LossOnTime { .. } | Outcome::DrawOpponentCannotMate { .. } => "6.9",
            Outcome::Resignation { .. } => "5.1.2",
            Outcome::Agreement => "9.1.2",
        }
    }

    pub fn kind(&self) -> Kind {
        match self {
            Outcome::Checkmate { winner } => Kind::Over(Some(*winner)),
            Outcome::LossOnTime { loser } | Outcome::Resignation { loser } => {
                Kind::Over(Some(!*loser))
            }
            Outcome::Stalemate
            | Outcome::DeadPosition(_)
            | Outcome::FivefoldRepetition { .. }
            | Outcome::SeventyFiveMoves { .. }
            | Outcome::DrawOpponentCannotMate { .. }
            | Outcome::Agreement => Kind::Over(None),
            Outcome::ThreefoldRepetition { .. } | Outcome::FiftyMoves { .. } => Kind::ClaimableDraw,
            Outcome::Ongoing => Kind::Ongoing,
        }
    }

    /// True when the rules ended the game by themselves, on the board
    /// (mate, stalemate, dead position, fivefold, 75 moves).
    pub fn is_automatic(&self) -> bool {
        matches!(
            self,
            Outcome::Checkmate { .. }
                | Outcome::Stalemate
                | Outcome::DeadPosition(_)
                | Outcome::FivefoldRepetition { .. }
                | Outcome::SeventyFiveMoves { .. }
        )
    }

    /// True when a player may claim a draw (threefold, fifty moves).
    pub fn is_claimable(&self) -> bool {
        self.kind() == Kind::ClaimableDraw
    }

    /// The PGN result: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on
    /// (a claimable draw included, until it is claimed).
    pub fn result(&self) -> &'static str {
        match self.kind() {
            Kind::Over(Some(Color::White)) => "1-0",
            Kind::Over(Some(Color::Black)) => "0-1",
            Kind::Over(None) => "1/2-1/2",
            Kind::ClaimableDraw | Kind::Ongoing => "*",
        }
    }
}

/// An outcome and the position it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub outcome: Outcome,
    /// The index in `Game::boards()` of that position (0 = the start).
    /// Before the last position only when the game had already ended there
    /// by an automatic rule and moves were played on regardless.
    pub ply: usize,
}

/// The verdict on the game's current position, by the precedence above.
pub fn outcome(game: &Game) -> Outcome {
    verdict(game).outcome
}

/// The verdict with the position it is about. A game that an automatic
/// rule (dead material, fivefold repetition, 75 moves) ended before its
/// last move keeps that ending: the later moves were not part of the game.
/// Before the last position only the material proof of a dead position is
/// tried (a position proven dead otherwise stays dead, and the last one is
/// searched); on the last, every proof.
pub fn verdict(game: &Game) -> Verdict {
    let last = game.boards().len() - 1;
    for ply in 0..last {
        if let Some(outcome) = automatic_end_at(game, ply, DeadProofs::Material) {
            return Verdict { outcome, ply };
        }
    }
    let outcome = automatic_end_at(game, last, DeadProofs::All)
        .or_else(|| claimable_draw(game))
        .unwrap_or(Outcome::Ongoing);
    Verdict { outcome, ply: last }
}

/// How hard [`first_automatic_end`] looks for a dead position (5.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// The proofs without search (material, frozen pawns), tried wherever
    /// their answer can change: cheap enough for every game of a file.
    Cheap,
    /// Those, then the search over reachable positions on the last
    /// position; when that is dead, the positions before it are searched
    /// backwards for where the game ended (a dead position stays dead).
    Proofs,
}

/// The first position where a rule ended the game by itself (mate,
/// stalemate, dead position, fivefold repetition, 75 moves), and how; the
/// moves after it do not count. `None` while no rule has ended the game
/// (as far as `effort` can prove).
pub fn first_automatic_end(game: &Game, effort: Effort) -> Option<Verdict> {
    let boards = game.boards();
    let last = boards.len() - 1;
    for ply in 0..=last {
        // The proofs without search look at the material, the pawns, the
        // castling rights and an en-passant capture; where none of them
        // changed, their answer is the one given a ply before.
        let changed = ply == 0 || {
            let (before, b) = (&boards[ply - 1], &boards[ply]);
            b.halfmove_clock() == 0
                || b.castling_rights() != before.castling_rights()
                || before.en_passant().is_some()
        };
        let proofs = if changed {
            DeadProofs::WithoutSearch
        } else {
            DeadProofs::None
        };
        if let Some(outcome) = automatic_end_at(game, ply, proofs) {
            return Some(Verdict { outcome, ply });
        }
    }
    if effort == Effort::Cheap {
        return None;
    }
    let reason = dead_position(&boards[last])?;
    let mut first = (last, reason);
    for ply in (0..last).rev() {
        match dead_position(&boards[ply]) {
            Some(reason) => first = (ply, reason),
            None => break,
        }
    }
    Some(Verdict {
        outcome: Outcome::DeadPosition(first.1),
        ply: first.0,
    })
}

/// The draw a player may claim on the current position: threefold
/// repetition (9.2), else fifty moves (9.3); `None` when neither.
pub fn claimable_draw(game: &Game) -> Option<Outcome> {
    let occurrences = occurrences(game);
    let halfmoves = game.board().halfmove_clock();
    if occurrences >= THREEFOLD {
        Some(Outcome::ThreefoldRepetition { occurrences })
    } else if halfmoves >= FIFTY_MOVES {
        Some(Outcome::FiftyMoves { halfmoves })
    } else {
        None
    }
}

/// The verdict when `flagged` ran out of time (FIDE 6.9): a game already
/// ended on the board keeps its ending; otherwise [`flag_fall`].
pub fn verdict_on_flag(game: &Game, flagged: Color) -> Verdict {
    let v = verdict(game);
    if v.outcome.is_automatic() {
        return v;
    }
    Verdict {
        outcome: flag_fall(game.board(), flagged),
        ply: v.ply,
    }
}

/// FIDE 6.9 on a position where no rule had ended the game: `flagged`
/// loses, unless the opponent cannot checkmate by any sequence of legal
/// moves. Where that is not proven, the flag-fall loses.
pub fn flag_fall(board: &Board, flagged: Color) -> Outcome {
    match cannot_ever_mate(board, !flagged) {
        Some(reason) => Outcome::DrawOpponentCannotMate { flagged, reason },
        None => Outcome::LossOnTime { loser: flagged },
    }
}

/// The verdict when `resigning` resigns (FIDE 5.1.2): a game already
/// ended on the board keeps its ending; otherwise the resigning side loses
/// (5.1.2 has no exception for an opponent who cannot mate).
pub fn verdict_on_resignation(game: &Game, resigning: Color) -> Verdict {
    let v = verdict(game);
    if v.outcome.is_automatic() {
        return v;
    }
    Verdict {
        outcome: Outcome::Resignation { loser: resigning },
        ply: v.ply,
    }
}

/// 5.1.1 and 5.2.1: the side to move has no legal move.
pub fn checkmate_or_stalemate(board: &Board) -> Option<Outcome> {
    if has_legal_move(board) {
        None
    } else if board.in_check() {
        Some(Outcome::Checkmate {
            winner: !board.side_to_move(),
        })
    } else {
        Some(Outcome::Stalemate)
    }
}

/// Which proofs of a dead position (5.2.2) a check runs, cheapest first.
#[derive(Clone, Copy)]
enum DeadProofs {
    None,
    /// Too little material for any mate.
    Material,
    /// Material, then frozen pawns that stop every check.
    WithoutSearch,
    /// Those, then the search over reachable positions ([`dead_position`]).
    All,
}

fn dead_by(board: &Board, proofs: DeadProofs) -> Option<DeadReason> {
    match proofs {
        DeadProofs::None => None,
        DeadProofs::Material => {
            is_dead_by_material(board).then(|| DeadReason::Material(material_signature(board)))
        }
        DeadProofs::WithoutSearch => dead_by(board, DeadProofs::Material)
            .or_else(|| check_is_impossible(board, None).then_some(DeadReason::Blockade)),
        DeadProofs::All => dead_position(board),
    }
}

/// The automatic endings of the position at index `ply` of the game's
/// boards, by precedence: checkmate and stalemate (only the last position
/// can be either: a move was played from every other), a dead position
/// (as far as `proofs` go), fivefold repetition, 75 moves.
fn automatic_end_at(game: &Game, ply: usize, proofs: DeadProofs) -> Option<Outcome> {
    let board = &game.boards()[ply];
    if ply == game.boards().len() - 1
        && let Some(outcome) = checkmate_or_stalemate(board)
    {
        return Some(outcome);
    }
    if let Some(reason) = dead_by(board, proofs) {
        return Some(Outcome::DeadPosition(reason));
    }
    let occurrences = occurrences_at(game, ply);
    if occurrences >= FIVEFOLD {
        return Some(Outcome::FivefoldRepetition { occurrences });
    }
    let halfmoves = board.halfmove_clock();
    (halfmoves >= SEVENTY_FIVE_MOVES).then_some(Outcome::SeventyFiveMoves { halfmoves })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str, moves: &str) -> Game {
        let mut g = Game::new(Board::from_fen(fen).unwrap());
        g.push_uci_moves(moves.split_whitespace()).unwrap();
        g
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const SHUFFLE: &str = "g1f3 g8f6 f3g1 f6g8 ";

    #[test]
    fn checkmate_wins_and_beats_the_75_move_rule() {
        let g = game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120", "a1a8");
        let o = outcome(&g);
        assert_eq!(
            o,
            Outcome::Checkmate {
                winner: Color::White
            }
        );
        assert_eq!(
            (o.name(), o.article(), o.result()),
            ("checkmate", "5.1.1", "1-0")
        );
        assert!(o.is_automatic());
    }

    #[test]
    fn stalemate_beats_the_clocks() {
        let o = outcome(&game("k7/8/1Q6/8/8/8/8/7K b - - 150 120", ""));
        assert_eq!(o, Outcome::Stalemate);
        assert_eq!(o.result(), "1/2-1/2");
    }

    #[test]
    fn repetitions_three_and_five() {
        let o = outcome(&game(START, &SHUFFLE.repeat(2)));
        assert_eq!(o, Outcome::ThreefoldRepetition { occurrences: 3 });
        assert!(o.is_claimable() && !o.is_automatic());
        assert_eq!(o.result(), "*");
        let o = outcome(&game(START, &SHUFFLE.repeat(4)));
        assert_eq!(o, Outcome::FivefoldRepetition { occurrences: 5 });
        assert!(o.is_automatic());
    }

    #[test]
    fn fifty_and_seventy_five_moves() {
        let fen = "8/8/4k3/8/8/3K4/8/R7 w - - 99 80";
        assert_eq!(outcome(&game(fen, "")), Outcome::Ongoing);
        assert_eq!(
            outcome(&game(fen, "a1a2")),
            Outcome::FiftyMoves { halfmoves: 100 }
        );
        let fen = "8/8/4k3/8/8/3K4/8/R7 w - - 149 120";
        assert_eq!(
            outcome(&game(fen, "a1a2")),
            Outcome::SeventyFiveMoves { halfmoves: 150 }
        );
    }

    #[test]
    fn an_automatic_ending_before_the_last_move_stands() {
        // The fifth occurrence, then one more move: the game had ended.
        let v = verdict(&game(START, &format!("{}g1f3", SHUFFLE.repeat(4))));
        assert_eq!(v.outcome, Outcome::FivefoldRepetition { occurrences: 5 });
        assert_eq!(v.ply, 16);
        // K+B v K, then the kings walk on: dead since the capture.
        let v = verdict(&game("8/8/4k3/8/8/3KB3/4r3/8 w - - 0 1", "d3e2 e6d5"));
        assert!(matches!(v.outcome, Outcome::DeadPosition(_)));
        assert_eq!(v.ply, 1);
    }

    #[test]
    fn flag_fall() {
        // Black (K+Q) can still mate: white loses on time.
        let g = game("8/8/4k3/8/8/3KN3/8/6q1 w - - 0 1", "");
        assert_eq!(
            verdict_on_flag(&g, Color::White).outcome,
            Outcome::LossOnTime {
                loser: Color::White
            }
        );
        // White has only a king: black's flag fall is a draw.
        let g = game("8/8/4k3/8/8/3K4/8/6q1 w - - 0 1", "");
        let o = verdict_on_flag(&g, Color::Black).outcome;
        assert_eq!(o.name(), "draw-opponent-cannot-mate");
        assert_eq!(o.result(), "1/2-1/2");
        // A game already over keeps its verdict.
        let g = game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8");
        assert_eq!(
            verdict_on_flag(&g, Color::White).outcome.name(),
            "checkmate"
        );
        // A claimable draw does not save the flag.
        let g = game(START, &SHUFFLE.repeat(2));
        assert_eq!(
            verdict_on_flag(&g, Color::White).outcome.name(),
            "white-loses-on-time"
        );
    }

    #[test]
    fn resignation() {
        let g = game(START, "e2e4");
        let o = verdict_on_resignation(&g, Color::Black).outcome;
        assert_eq!((o.name(), o.result()), ("black-resigns", "1-0"));
        let g = game("8/8/4k3/8/8/3K4/8/8 w - - 0 1", "");
        assert_eq!(
            verdict_on_resignation(&g, Color::White).outcome.name(),
            "dead-position"
        );
    }
}
