//! PGN tokens from a byte stream, read in chunks: nothing but the current
//! token is held, so a file of any size streams through.
//!
//! What the reader never needs is skipped here: comments (`{...}` over any
//! number of lines, `;` to the end of the line), `%` escape lines,
//! recursive variations `( ... )` with everything inside them, numeric
//! annotation glyphs `$n`, loose glyphs (`!`, `?!`) and dots, `e.p.`, a
//! UTF-8 byte order mark at the start, and `\r`. What is left: tag pairs,
//! symbols (moves, move numbers, results), `*`, and the problems found on
//! the way (a malformed tag, an unclosed comment).
//!
//! Two guards keep one broken game from swallowing the rest of a file: a
//! line that starts with `[Event "` inside a comment or variation closes
//! it (with a problem noted), as a tag can only start a new game; and
//! tokens longer than a limit are cut (and so fail to parse) instead of
//! growing without bound.

use std::io::{self, Read};

/// The longest symbol kept; a longer one is cut (no SAN move is near it).
const MAX_SYMBOL: usize = 32;
/// The longest tag name or value kept.
const MAX_TAG: usize = 4096;
/// The read chunk.
const CHUNK: usize = 64 * 1024;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// `[Name "value"]`, the value unescaped.
    Tag { name: String, value: String },
    /// A symbol: a move, a move number, a result, or anything else.
    Symbol(String),
    /// `*`, the unfinished game's result.
    Star,
    /// Something malformed; the text says what, for a person.
    Problem(String),
    /// The end of the input.
    End,
}

/// A token and the line it started on (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub token: Token,
    pub line: usize,
}

pub struct Lexer<R> {
    input: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    eof: bool,
    line: usize,
    /// True when the next byte is the first of a line.
    line_start: bool,
    started: bool,
}

impl<R: Read> Lexer<R> {
    pub fn new(input: R) -> Lexer<R> {
        Lexer {
            input,
            buf: vec![0; CHUNK].into_boxed_slice(),
            pos: 0,
            len: 0,
            eof: false,
            line: 1,
            line_start: true,
            started: false,
        }
    }

    /// The line the next byte is on.
    pub fn line(&self) -> usize {
        self.line
    }

    fn fill(&mut self) -> io::Result<bool> {
        if self.pos < self.len {
            return Ok(true);
        }
        if self.eof {
            return Ok(false);
        }
        loop {
            match self.input.read(&mut self.buf) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.pos = 0;
                    self.len = n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    fn peek(&mut self) -> io::Result<Option<u8>> {
        Ok(if self.fill()? {
            Some(self.buf[self.pos])
        } else {
            None
        })
    }

    fn bump(&mut self) -> io::Result<Option<u8>> {
        let b = self.peek()?;
        if let Some(c) = b {
            self.pos += 1;
            self.line_start = c == b'\n';
            if c == b'\n' {
                self.line += 1;
            }
        }
        Ok(b)
    }

    /// Skips to the end of the line (the newline is consumed).
    fn skip_line(&mut self) -> io::Result<()> {
        while let Some(c) = self.bump()? {
            if c == b'\n' {
                break;
            }
        }
        Ok(())
    }

    /// At a line start: true when the line begins with `[Event "`, which
    /// nothing but a new game's tags can (checked without consuming it
    /// when the bytes are in the buffer).
    fn at_event_tag(&mut self) -> io::Result<bool> {
        const EVENT: &[u8] = b"[Event \"";
        if !self.fill()? {
            return Ok(false);
        }
        let rest = &self.buf[self.pos..self.len];
        Ok(rest.len() >= EVENT.len() && rest.starts_with(EVENT))
    }

    /// The BOM, once, at the very start.
    fn skip_bom(&mut self) -> io::Result<()> {
        self.started = true;
        if self.fill()? && self.buf[self.pos..self.len].starts_with(&[0xEF, 0xBB, 0xBF]) {
            self.pos += 3;
        }
        Ok(())
    }

    /// The next token.
    pub fn next_token(&mut self) -> io::Result<Located> {
        if !self.started {
            self.skip_bom()?;
        }
        loop {
            let line_start = self.line_start;
            let line = self.line;
            let Some(c) = self.peek()? else {
                return Ok(Located {
                    token: Token::End,
                    line,
                });
            };
            let token = match c {
                b'%' if line_start => {
                    self.skip_line()?;
                    continue;
                }
                b';' => {
                    self.skip_line()?;
                    continue;
                }
                b'{' => match self.skip_comment()? {
                    None => continue,
                    Some(problem) => Token::Problem(problem),
                },
                b'(' => match self.skip_variation()? {
                    None => continue,
                    Some(problem) => Token::Problem(problem),
                },
                b'[' => self.tag()?,
                b'*' => {
                    self.bump()?;
                    Token::Star
                }
                b'$' => {
                    self.bump()?;
                    while matches!(self.peek()?, Some(b'0'..=b'9')) {
                        self.bump()?;
                    }
                    continue;
                }
                c if c.is_ascii_alphanumeric() => match self.symbol()? {
                    Some(s) => Token::Symbol(s),
                    None => continue,
                },
                b')' => {
                    self.bump()?;
                    Token::Problem("a ')' closes no variation".to_string())
                }
                b'}' => {
                    self.bump()?;
                    Token::Problem("a '}' closes no comment".to_string())
                }
                // Whitespace, loose dots and glyphs, and any other byte
                // (non-ASCII text outside comments included) are skipped.
                _ => {
                    self.bump()?;
                    continue;
                }
            };
            return Ok(Located { token, line });
        }
    }

    /// Skips a brace comment; a problem if it is never closed.
    fn skip_comment(&mut self) -> io::Result<Option<String>> {
        let line = self.line;
        self.bump()?; // {
        loop {
            if self.line_start && self.at_event_tag()? {
                return Ok(Some(format!(
                    "the comment opened on line {line} is not closed before the next game's tags"
                )));
            }
            match self.bump()? {
                Some(b'}') => return Ok(None),
                Some(_) => {}
                None => {
                    return Ok(Some(format!(
                        "the comment opened on line {line} is never closed"
                    )));
                }
            }
        }
    }

    /// Skips a variation with its nested variations and comments.
    fn skip_variation(&mut self) -> io::Result<Option<String>> {
        let line = self.line;
        let mut depth = 0usize;
        loop {
            if depth > 0 && self.line_start && self.at_event_tag()? {
                return Ok(Some(format!(
                    "the variation opened on line {line} is not closed before the next game's tags"
                )));
            }
            match self.peek()? {
                None => {
                    return Ok(Some(format!(
                        "the variation opened on line {line} is never closed"
                    )));
                }
                Some(b'(') => {
                    depth += 1;
                    self.bump()?;
                }
                Some(b')') => {
                    depth -= 1;
                    self.bump()?;
                    if depth == 0 {
                        return Ok(None);
                    }
                }
                Some(b'{') => {
                    if let Some(problem) = self.skip_comment()? {
                        return Ok(Some(problem));
                    }
                }
                Some(b';') => self.skip_line()?,
                Some(_) => {
                    self.bump()?;
                }
            }
        }
    }

    /// A symbol: letters, digits and `_+#=:-/.!?`; `None` for `e.p.`.
    fn symbol(&mut self) -> io::Result<Option<String>> {
        let mut s = String::new();
        while let Some(c) = self.peek()? {
            if c.is_ascii_alphanumeric() || b"_+#=:-/.!?".contains(&c) {
                if s.len() < MAX_SYMBOL {
                    s.push(c as char);
                }
                self.bump()?;
            } else {
                break;
            }
        }
        Ok(if s == "e.p." || s == "ep" {
            None
        } else {
            Some(s)
        })
    }

    /// A tag pair `[Name "value"]`, or a problem (the rest of the line is
    /// then skipped).
    fn tag(&mut self) -> io::Result<Token> {
        let line = self.line;
        self.bump()?; // [
        self.skip_blanks()?;
        let mut name = String::new();
        while let Some(c) = self.peek()? {
            if c.is_ascii_alphanumeric() || c == b'_' {
                if name.len() < MAX_TAG {
                    name.push(c as char);
                }
                self.bump()?;
            } else {
                break;
            }
        }
        self.skip_blanks()?;
        if name.is_empty() || self.peek()? != Some(b'"') {
            return self.bad_tag(line, "a tag is [Name \"value\"]");
        }
        self.bump()?;
        let mut value = Vec::new();
        loop {
            match self.bump()? {
                Some(b'"') => break,
                Some(b'\\') => match self.bump()? {
                    Some(c @ (b'"' | b'\\')) => value.push(c),
                    Some(b'\n') | None => {
                        return self.bad_tag(line, "its value is not closed on its line");
                    }
                    // Not an escape the standard knows: kept as written.
                    Some(c) => value.extend([b'\\', c]),
                },
                Some(b'\n') | None => {
                    return self.bad_tag(line, "its value is not closed on its line");
                }
                Some(c) => {
                    if value.len() < MAX_TAG {
                        value.push(c);
                    }
                }
            }
        }
        self.skip_blanks()?;
        if self.peek()? != Some(b']') {
            return self.bad_tag(line, "it does not end with ']'");
        }
        self.bump()?;
        Ok(Token::Tag {
            name,
            value: String::from_utf8_lossy(&value)
                .trim_end_matches('\r')
                .to_string(),
        })
    }

    fn bad_tag(&mut self, line: usize, why: &str) -> io::Result<Token> {
        if !self.line_start {
            self.skip_line()?;
        }
        Ok(Token::Problem(format!(
            "malformed tag on line {line}: {why}"
        )))
    }

    /// Spaces and tabs (not newlines) inside a tag.
    fn skip_blanks(&mut self) -> io::Result<()> {
        while matches!(self.peek()?, Some(b' ' | b'\t' | b'\r')) {
            self.bump()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<Token> {
        let mut lx = Lexer::new(text.as_bytes());
        let mut out = Vec::new();
        loop {
            let t = lx.next_token().unwrap().token;
            if t == Token::End {
                return out;
            }
            out.push(t);
        }
    }

    fn sym(s: &str) -> Token {
        Token::Symbol(s.to_string())
    }

    #[test]
    fn tags_with_escapes() {
        let t = tokens("[White \"Fischer, \\\"Bobby\\\" \\\\ R.\"]\n[Black  \"x\"][Round \"1\"]");
        assert_eq!(
            t,
            vec![
                Token::Tag {
                    name: "White".into(),
                    value: "Fischer, \"Bobby\" \\ R.".into()
                },
                Token::Tag {
                    name: "Black".into(),
                    value: "x".into()
                },
                Token::Tag {
                    name: "Round".into(),
                    value: "1".into()
                },
            ]
        );
    }

    #[test]
    fn malformed_tags_are_problems_and_the_line_is_skipped() {
        let t = tokens("[White Fischer]\n[Black \"open\n1. e4 *");
        assert!(matches!(&t[0], Token::Problem(p) if p.contains("line 1")));
        assert!(matches!(&t[1], Token::Problem(p) if p.contains("line 2")));
        assert_eq!(&t[2..], &[sym("1."), sym("e4"), Token::Star]);
    }

    #[test]
    fn comments_variations_nags_and_escapes_are_skipped() {
        let text = "\u{feff}% an escape line\r\n1. e4 {a comment\r\nover two lines} e5 ; rest of line\r\n\
                    2. Nf3 $1 (2. Nc3 (2. f4 {x)} exf4) Nc6) 2... Nc6 !? 3. Bb5 e.p. 1/2-1/2";
        assert_eq!(
            tokens(text),
            vec![
                sym("1."),
                sym("e4"),
                sym("e5"),
                sym("2."),
                sym("Nf3"),
                sym("2..."),
                sym("Nc6"),
                sym("3."),
                sym("Bb5"),
                sym("1/2-1/2"),
            ]
        );
    }

    #[test]
    fn an_unclosed_comment_stops_at_the_next_game() {
        let text = "1. e4 {never closed\n\n[Event \"next\"]\n1. d4 *";
        let t = tokens(text);
        assert_eq!(t[..2], [sym("1."), sym("e4")]);
        assert!(matches!(&t[2], Token::Problem(p) if p.contains("not closed")));
        assert!(matches!(&t[3], Token::Tag { name, .. } if name == "Event"));
        let t = tokens("1. e4 (1. d4 \n[Event \"next\"]\n*");
        assert!(matches!(&t[2], Token::Problem(p) if p.contains("variation")));
        assert!(matches!(&t[3], Token::Tag { .. }));
        let t = tokens("1. e4 {open");
        assert!(matches!(&t[2], Token::Problem(p) if p.contains("never closed")));
    }

    #[test]
    fn lines_are_counted() {
        let mut lx = Lexer::new("\n\n[A \"b\"]\r\n\r\n1. e4".as_bytes());
        assert_eq!(lx.next_token().unwrap().line, 3);
        assert_eq!(lx.next_token().unwrap().line, 5);
    }
}
