//! Games from a PGN stream, one at a time (PGN import format, loosely).
//!
//! A game is its tag pairs, then its movetext up to the result (`1-0`,
//! `0-1`, `1/2-1/2`, `*`). Move numbers may be there or not (`12.`,
//! `12...`, `12.e4`). A game ends early, without its result, where the
//! next one's tags begin. Text between games that cannot start one (not a
//! tag, a move number or something shaped like a move) is skipped with a
//! warning on stderr. [`RawGame`] is reused from game to game, so reading
//! allocates little once the first games are in.

use super::lexer::{Lexer, Token};
use crate::movegen::san_parse::looks_like_san;
use std::io::{self, Read};

/// The results a PGN can record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    Unfinished,
}

impl GameResult {
    /// From the PGN text (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub fn parse(text: &str) -> Option<GameResult> {
        match text {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unfinished),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }
}

/// A move as the movetext writes it, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveText {
    start: u32,
    len: u32,
    pub line: u32,
}

/// One game as read, before any chess is checked.
#[derive(Clone, Debug, Default)]
pub struct RawGame {
    /// The line its first token is on.
    pub first_line: usize,
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The moves' text, one after the other (see [`RawGame::move_text`]).
    text: String,
    moves: Vec<MoveText>,
    /// The result at the end of the movetext, if any.
    pub result_token: Option<GameResult>,
    /// What was malformed (a bad tag, an unclosed comment).
    pub problems: Vec<String>,
}

impl RawGame {
    fn clear(&mut self) {
        self.first_line = 0;
        self.tags.clear();
        self.text.clear();
        self.moves.clear();
        self.result_token = None;
        self.problems.clear();
    }

    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    /// The text of move `i` (0-based, in the order played).
    pub fn move_text(&self, i: usize) -> &str {
        let m = self.moves[i];
        &self.text[m.start as usize..(m.start + m.len) as usize]
    }

    /// The line move `i` is on.
    pub fn move_line(&self, i: usize) -> usize {
        self.moves[i].line as usize
    }

    fn push_move(&mut self, text: &str, line: usize) {
        let start = self.text.len() as u32;
        self.text.push_str(text);
        self.moves.push(MoveText {
            start,
            len: text.len() as u32,
            line: line as u32,
        });
    }
}

/// The most moves kept for one game; a game with more is an error. The
/// 75-move and fivefold rules end every game within about 9,000 moves
/// (mostly fewer), and a reader must not grow without bound on a
/// malformed file.
pub const MAX_PLIES: usize = 20_000;

/// Reads games one after the other.
pub struct PgnReader<R> {
    lexer: Lexer<R>,
    /// A token read past the end of a game: the next game's first.
    pending: Option<(Token, usize)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Between,
    Tags,
    Moves,
}

impl<R: Read> PgnReader<R> {
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader {
            lexer: Lexer::new(input),
            pending: None,
        }
    }

    fn next(&mut self) -> io::Result<(Token, usize)> {
        if let Some(t) = self.pending.take() {
            return Ok(t);
        }
        let t = self.lexer.next_token()?;
        Ok((t.token, t.line))
    }

    /// Reads the next game into `game`; false at the end of the input.
    pub fn read_game(&mut self, game: &mut RawGame) -> io::Result<bool> {
        game.clear();
        let mut state = State::Between;
        let mut skipped: Option<(usize, String)> = None;
        let mut overflow = false;
        loop {
            let (token, line) = self.next()?;
            if state == State::Between {
                let starts = match &token {
                    Token::Tag { .. } => true,
                    Token::Problem(p) => p.starts_with("malformed tag"),
                    Token::Symbol(s) => is_move_number(s).is_some() || looks_like_san(s),
                    Token::Star | Token::End => false,
                };
                if !starts {
                    if token == Token::End {
                        warn_skipped(skipped);
                        return Ok(false);
                    }
                    if skipped.is_none() {
                        let text = match &token {
                            Token::Symbol(s) => s.clone(),
                            Token::Problem(p) => p.clone(),
                            _ => "*".to_string(),
                        };
                        skipped = Some((line, text));
                    }
                    continue;
                }
                warn_skipped(skipped.take());
                game.first_line = line;
                state = State::Tags;
            }
            match token {
                Token::End => return Ok(true),
                Token::Tag { name, value } => {
                    if state == State::Moves {
                        // The next game's tags: this one has no result.
                        self.pending = Some((Token::Tag { name, value }, line));
                        return Ok(true);
                    }
                    game.tags.push((name, value));
                }
                Token::Problem(p) => {
                    if state == State::Moves && p.starts_with("malformed tag") {
                        self.pending = Some((Token::Problem(p), line));
                        return Ok(true);
                    }
                    game.problems.push(p);
                }
                Token::Star => {
                    game.result_token = Some(GameResult::Unfinished);
                    return Ok(true);
                }
                Token::Symbol(s) => {
                    state = State::Moves;
                    if let Some(r) = GameResult::parse(&s) {
                        game.result_token = Some(r);
                        return Ok(true);
                    }
                    let rest = match is_move_number(&s) {
                        Some(rest) => rest,
                        None => &s,
                    };
                    if rest.is_empty() {
                        continue;
                    }
                    if game.moves.len() >= MAX_PLIES {
                        if !overflow {
                            overflow = true;
                            game.problems.push(format!(
                                "more than {MAX_PLIES} moves; the rest are not read"
                            ));
                        }
                        continue;
                    }
                    game.push_move(rest, line);
                }
            }
        }
    }
}

fn warn_skipped(skipped: Option<(usize, String)>) {
    if let Some((line, text)) = skipped {
        log::warn!("line {line}: text between games skipped, from '{text}'");
    }
}

/// `12.`, `12...`, `12` or `12.e4`: the move number's digits and dots
/// removed, the rest (maybe empty) returned; `None` when `s` does not
/// start with a move number.
fn is_move_number(s: &str) -> Option<&str> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let rest = &s[digits..];
    let after_dots = rest.trim_start_matches('.');
    if after_dots.len() == rest.len() && !rest.is_empty() {
        // `1-0`, `0-0`: not a move number.
        return None;
    }
    Some(after_dots)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(text: &str) -> Vec<RawGame> {
        let mut r = PgnReader::new(text.as_bytes());
        let mut out = Vec::new();
        let mut g = RawGame::default();
        while r.read_game(&mut g).unwrap() {
            out.push(g.clone());
        }
        out
    }

    fn moves(g: &RawGame) -> Vec<&str> {
        (0..g.move_count()).map(|i| g.move_text(i)).collect()
    }

    #[test]
    fn two_games_with_tags_numbers_and_results() {
        let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2.Nf3 2...Nc6 3 Bb5 1-0\n\n\
                    [Event \"b\"]\n\n1.d4 d5 *\n";
        let g = games(text);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].tag("Event"), Some("a"));
        assert_eq!(g[0].tag("Result"), Some("1-0"));
        assert_eq!(moves(&g[0]), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!(g[0].result_token, Some(GameResult::WhiteWins));
        assert_eq!(g[0].first_line, 1);
        assert_eq!(g[0].move_line(4), 4);
        assert_eq!(moves(&g[1]), ["d4", "d5"]);
        assert_eq!(g[1].result_token, Some(GameResult::Unfinished));
        assert_eq!(g[1].first_line, 6);
    }

    #[test]
    fn castling_zeros_are_moves_not_results() {
        let g = games("1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 0-0 0-1");
        assert_eq!(moves(&g[0])[6..], ["0-0", "0-0"]);
        assert_eq!(g[0].result_token, Some(GameResult::BlackWins));
    }

    #[test]
    fn a_game_cut_short_by_the_next_tags() {
        let g = games("[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4 1/2-1/2");
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].result_token, None);
        assert_eq!(moves(&g[0]), ["e4", "e5"]);
        assert_eq!(g[1].result_token, Some(GameResult::Draw));
    }

    #[test]
    fn garbage_between_games_is_skipped() {
        let text = "Some words here.\n[Event \"a\"]\n1. e4 *\n\n-- cut here --\n\n[Event \"b\"]\n1. d4 *\n\ntrailing junk";
        let g = games(text);
        assert_eq!(g.len(), 2);
        assert_eq!(moves(&g[1]), ["d4"]);
        // A tagless game is recognised by its move number.
        let g = games("1. e4 e5 1-0\n\n1. d4 0-1");
        assert_eq!(g.len(), 2);
    }

    #[test]
    fn move_numbers() {
        assert_eq!(is_move_number("12."), Some(""));
        assert_eq!(is_move_number("12..."), Some(""));
        assert_eq!(is_move_number("12.e4"), Some("e4"));
        assert_eq!(is_move_number("12"), Some(""));
        assert_eq!(is_move_number("1-0"), None);
        assert_eq!(is_move_number("0-0"), None);
        assert_eq!(is_move_number("e4"), None);
    }
}
