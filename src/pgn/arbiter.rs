//! The arbiter: a game's recorded result judged against the FIDE Laws.
//!
//! The moves are replayed from the start position (or the `FEN` tag), and
//! the game ends at the first position where a rule ends it by itself
//! ([`first_automatic_end`]); moves after that do not count. Then:
//! - an automatic ending gives the result; the record must agree;
//! - a time forfeit (the `Termination` tag) is judged by [`flag_fall`]: a
//!   draw when the winner could not checkmate by any series of legal
//!   moves;
//! - otherwise the Laws allow what was recorded: a decisive result is a
//!   resignation or a loss on time, a draw one by claim
//!   ([`claimable_draw`]) or by agreement.
//!
//! Which rule applies, with its name, article and thresholds, is for
//! `crate::rules` to say; this file words the judgement. The search over
//! reachable positions, the expensive proof of a dead position, runs only
//! where it can change the verdict: on a game recorded as won
//! ([`Effort::Proofs`]).

use super::reader::{GameResult, RawGame};
use super::verdict::{last_move, reason, side_name};
use crate::board::{Board, Color};
use crate::movegen::{SanError, parse_san};
use crate::rules::{
    Effort, Game, Outcome, Verdict, claimable_draw, first_automatic_end, flag_fall,
};

/// What the arbiter says about a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    /// The recorded result is the Laws', or one they allow.
    Ok,
    /// The Laws give another result.
    Mismatch,
    /// The record says `*`.
    Unfinished,
    /// The game cannot be judged (an illegal move, a malformed tag...).
    Error,
}

impl Call {
    pub fn name(self) -> &'static str {
        match self {
            Call::Ok => "ok",
            Call::Mismatch => "mismatch",
            Call::Unfinished => "unfinished",
            Call::Error => "error",
        }
    }
}

/// The judgement of one game, with what a report needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// 1-based, in file order.
    pub number: usize,
    /// The line the game starts on.
    pub line: usize,
    pub call: Call,
    pub recorded: Option<GameResult>,
    /// The result the Laws give or allow (`None` for an error, or an
    /// unfinished game the Laws did not end).
    pub laws: Option<&'static str>,
    /// The rule's name (`checkmate`, `dead-position`, `resignation`...).
    pub rule: Option<&'static str>,
    /// The FIDE article.
    pub article: Option<&'static str>,
    /// A sentence for a person.
    pub reason: String,
    /// The position the verdict is about: half-moves from the start.
    pub ply: Option<usize>,
    /// The move that led there, numbered, in SAN.
    pub end_move: Option<String>,
    /// Moves played after the game had ended (they do not count).
    pub void_moves: usize,
    pub white: Option<String>,
    pub black: Option<String>,
    pub event: Option<String>,
    pub round: Option<String>,
}

/// Judges one game read from a PGN file.
pub fn judge(raw: &RawGame, number: usize) -> Judgement {
    let tag = |name: &str| raw.tag(name).map(str::to_string);
    let mut j = Judgement {
        number,
        line: raw.first_line,
        call: Call::Error,
        recorded: None,
        laws: None,
        rule: None,
        article: None,
        reason: String::new(),
        ply: None,
        end_move: None,
        void_moves: 0,
        white: tag("White"),
        black: tag("Black"),
        event: tag("Event"),
        round: tag("Round"),
    };
    match judge_game(raw, &mut j) {
        Ok(()) => {}
        Err(reason) => {
            j.call = Call::Error;
            j.reason = reason;
        }
    }
    j
}

/// Fills `j`, or says why the game cannot be judged.
fn judge_game(raw: &RawGame, j: &mut Judgement) -> Result<(), String> {
    if !raw.problems.is_empty() {
        return Err(format!("malformed PGN: {}", raw.problems.join("; ")));
    }
    let recorded = recorded_result(raw)?;
    j.recorded = Some(recorded);
    let start = start_position(raw)?;
    let game = replay(raw, start)?;
    // Only a recorded win can be contradicted by the search.
    let effort = match recorded {
        GameResult::WhiteWins | GameResult::BlackWins => Effort::Proofs,
        GameResult::Draw | GameResult::Unfinished => Effort::Cheap,
    };
    let automatic = first_automatic_end(&game, effort);
    let last = game.moves().len();

    // 6.9: a time forfeit, when no rule had ended the game on the board.
    let winner = match recorded {
        GameResult::WhiteWins => Some(Color::White),
        GameResult::BlackWins => Some(Color::Black),
        GameResult::Draw | GameResult::Unfinished => None,
    };
    let on_time = raw.tag("Termination").is_some_and(is_time_forfeit);
    let ruling = match (automatic, winner) {
        (Some(v), _) => Some(v),
        (None, Some(w)) if on_time => Some(Verdict {
            outcome: flag_fall(game.board(), !w),
            ply: last,
        }),
        (None, _) => None,
    };

    let names = players(j);
    match ruling {
        Some(v) => {
            let text = reason(&game, &v);
            let laws = v.outcome.result();
            j.laws = Some(laws);
            j.rule = Some(v.outcome.rule());
            j.article = Some(v.outcome.article());
            j.ply = Some(v.ply);
            j.end_move = last_move(&game, v.ply);
            j.void_moves = last - v.ply;
            let rec = recorded.as_str();
            (j.call, j.reason) = if recorded == GameResult::Unfinished {
                (
                    Call::Unfinished,
                    format!(
                        "recorded *{names}, though the Laws had ended the game with {laws}: {text}"
                    ),
                )
            } else if laws == rec {
                (
                    Call::Ok,
                    format!("recorded {rec}{names}, as the Laws give: {text}"),
                )
            } else {
                (
                    Call::Mismatch,
                    format!("recorded {rec}{names}, but the Laws give {laws}: {text}"),
                )
            };
        }
        None => {
            j.ply = Some(last);
            j.end_move = last_move(&game, last);
            let after = match &j.end_move {
                Some(m) => format!("after {m}"),
                None => "in the starting position".to_string(),
            };
            let to_move = side_name(game.board().side_to_move());
            let last_text = match &j.end_move {
                Some(m) => format!("last move {m}"),
                None => "no moves".to_string(),
            };
            let rec = recorded.as_str();
            match winner {
                None if recorded == GameResult::Unfinished => {
                    j.call = Call::Unfinished;
                    j.reason = format!(
                        "recorded *{names}: the game goes on {after}, {to_move} to move; no rule has ended it"
                    );
                }
                None => {
                    let (draw, how) = draw_allowed(&game);
                    let article = draw.article();
                    j.call = Call::Ok;
                    j.laws = Some(rec);
                    j.rule = Some(draw.rule());
                    j.article = Some(article);
                    j.reason = format!(
                        "recorded {rec}{names}, which the Laws allow: no rule ended the game on the board ({last_text}), so {how} (FIDE {article})"
                    );
                }
                Some(w) => {
                    let resignation = Outcome::Resignation { loser: !w };
                    let article = resignation.article();
                    j.call = Call::Ok;
                    j.laws = Some(rec);
                    j.rule = Some(resignation.rule());
                    j.article = Some(article);
                    j.reason = format!(
                        "recorded {rec}{names}, which the Laws allow: no rule ended the game on the board and the position {after} is not dead, so a win by {}'s resignation or otherwise stands (FIDE {article})",
                        side_name(!w)
                    );
                }
            }
        }
    }
    Ok(())
}

/// ` (White v Black)` from the tags, or nothing.
fn players(j: &Judgement) -> String {
    let known = |s: &Option<String>| {
        s.as_deref()
            .filter(|n| !n.is_empty() && *n != "?")
            .map(str::to_string)
    };
    match (known(&j.white), known(&j.black)) {
        (None, None) => String::new(),
        (w, b) => format!(
            " ({} v {})",
            w.unwrap_or_else(|| "?".into()),
            b.unwrap_or_else(|| "?".into())
        ),
    }
}

/// The draw a live position allows: a claim (threefold, fifty moves) when
/// the last position qualifies, otherwise an agreement; and how it stands.
fn draw_allowed(game: &Game) -> (Outcome, String) {
    let draw = claimable_draw(game).unwrap_or(Outcome::Agreement);
    let how = match &draw {
        Outcome::ThreefoldRepetition { occurrences } => format!(
            "the last position had occurred {occurrences} times and a draw claimed on it stands"
        ),
        Outcome::FiftyMoves { halfmoves } => format!(
            "the last {halfmoves} half-moves were made without a capture or pawn move and a draw claimed on them stands"
        ),
        _ => "a draw by agreement stands".to_string(),
    };
    (draw, how)
}

/// The result the game records: its `Result` tag and the result that ends
/// its movetext, which must agree; either alone will do.
fn recorded_result(raw: &RawGame) -> Result<GameResult, String> {
    let tag = match raw.tag("Result") {
        None => None,
        Some(text) => Some(GameResult::parse(text.trim()).ok_or_else(|| {
            format!("the Result tag \"{text}\" is none of 1-0, 0-1, 1/2-1/2 and *")
        })?),
    };
    match (tag, raw.result_token) {
        (Some(t), Some(m)) if t != m => Err(format!(
            "the Result tag says {} but the moves end with {}",
            t.as_str(),
            m.as_str()
        )),
        (Some(r), _) | (None, Some(r)) => Ok(r),
        (None, None) => {
            Err("no result: neither a Result tag nor a result after the moves".to_string())
        }
    }
}

/// The board the moves start from: the `FEN` tag (`SetUp "1"`), checked
/// against the variant.
fn start_position(raw: &RawGame) -> Result<Board, String> {
    if let Some(variant) = raw.tag("Variant") {
        let v: String = variant
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        let known = [
            "",
            "standard",
            "chess",
            "normal",
            "fromposition",
            "chess960",
            "fischerandom",
            "fischerrandom",
            "960",
            "frc",
        ];
        if !known.contains(&v.as_str()) {
            return Err(format!(
                "the variant \"{variant}\" is not chess or Chess960; it is not judged"
            ));
        }
    }
    // A FEN tag is read even without `SetUp "1"`, as most readers do.
    match (raw.tag("FEN"), raw.tag("SetUp").map(str::trim)) {
        (Some(fen), _) => Board::from_fen(fen.trim())
            .map_err(|e| format!("the FEN tag \"{fen}\" is not a valid position: {e}")),
        (None, Some("1")) => Err("SetUp is 1 but there is no FEN tag".to_string()),
        (None, _) => Ok(Board::startpos()),
    }
}

/// Plays the moves, each checked; an illegal or ambiguous one is named
/// with its number.
fn replay(raw: &RawGame, start: Board) -> Result<Game, String> {
    let mut game = Game::new(start);
    for i in 0..raw.move_count() {
        let text = raw.move_text(i);
        let b = game.board();
        let number = format!(
            "{}{}",
            b.fullmove_number(),
            if b.side_to_move() == Color::White {
                "."
            } else {
                "..."
            }
        );
        match parse_san(b, text) {
            Ok(m) => game.push(m),
            Err(SanError::Syntax(t)) => {
                return Err(format!(
                    "move {number}: '{t}' is not a move in SAN (line {})",
                    raw.move_line(i)
                ));
            }
            Err(e) => return Err(format!("{number}{e} (line {})", raw.move_line(i))),
        }
    }
    Ok(game)
}

/// True when a `Termination` tag says the game was lost on time, in the
/// spellings in use: the PGN standard's and cutechess's and fastchess's
/// `time forfeit`, lichess's `Time forfeit`, `timeout`, `time-forfeit`,
/// `lost on time`, chess.com's `X won on time`, match.py's `X lost on
/// time`.
pub fn is_time_forfeit(termination: &str) -> bool {
    let t: String = termination
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect::<String>()
        .to_ascii_lowercase();
    t.contains("timeforfeit") || t.contains("timeout") || t.contains("ontime")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::reader::PgnReader;

    fn judge_text(text: &str) -> Vec<Judgement> {
        let mut r = PgnReader::new(text.as_bytes());
        let mut g = RawGame::default();
        let mut out = Vec::new();
        while r.read_game(&mut g).unwrap() {
            out.push(judge(&g, out.len() + 1));
        }
        out
    }

    fn one(text: &str) -> Judgement {
        let mut j = judge_text(text);
        assert_eq!(j.len(), 1, "{j:?}");
        j.remove(0)
    }

    #[test]
    fn fools_mate() {
        let j = one("[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1");
        assert_eq!(j.call, Call::Ok, "{}", j.reason);
        assert_eq!(j.laws, Some("0-1"));
        assert_eq!(j.rule, Some("checkmate"));
        assert_eq!(j.end_move.as_deref(), Some("2...Qh4#"));
        assert_eq!(j.ply, Some(4));
        assert!(
            j.reason
                .starts_with("recorded 0-1 (A v B), as the Laws give: 2...Qh4# checkmates White"),
            "{}",
            j.reason
        );
        let j = one("1. f3 e5 2. g4 Qh4# 1/2-1/2");
        assert_eq!(j.call, Call::Mismatch);
    }

    #[test]
    fn errors() {
        let j = one("1. e4 e5 2. Ke3 1-0");
        assert_eq!(j.call, Call::Error);
        assert_eq!(j.reason, "2.Ke3 is illegal (line 1)");
        let j = one("[Result \"1-0\"]\n1. e4 0-1");
        assert!(j.reason.contains("Result tag says 1-0"), "{}", j.reason);
        let j = one("[FEN \"8/8/8\"]\n[SetUp \"1\"]\n1. e4 *");
        assert!(j.reason.starts_with("the FEN tag"), "{}", j.reason);
        let j = one("[SetUp \"1\"]\n1. e4 *");
        assert!(j.reason.contains("no FEN tag"), "{}", j.reason);
        let j = one("[Variant \"Atomic\"]\n1. e4 *");
        assert!(j.reason.contains("Atomic"), "{}", j.reason);
        let j = one("[Event \"x\"]\n1. e4 e5");
        assert!(j.reason.starts_with("no result"), "{}", j.reason);
    }

    #[test]
    fn time_forfeit_spellings() {
        for t in [
            "time forfeit",
            "Time forfeit",
            "timeout",
            "time-forfeit",
            "lost on time",
            "ladya-1 lost on time",
            "Bob won on time",
        ] {
            assert!(is_time_forfeit(t), "{t}");
        }
        for t in [
            "normal",
            "Normal",
            "abandoned",
            "adjudication",
            "rules infraction",
            "illegal move",
        ] {
            assert!(!is_time_forfeit(t), "{t}");
        }
    }
}
