//! The arbiter's output: one line per game, `game N: VERDICT: reason`, or
//! one JSON object per game (`--format json`), then a summary.

use super::arbiter::{Call, Judgement, judge};
use super::reader::{PgnReader, RawGame};
use std::io::{self, Read, Write};

/// How judgements are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// The verdicts counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: usize,
    pub ok: usize,
    pub mismatch: usize,
    pub unfinished: usize,
    pub error: usize,
}

impl Summary {
    pub fn add(&mut self, call: Call) {
        self.games += 1;
        match call {
            Call::Ok => self.ok += 1,
            Call::Mismatch => self.mismatch += 1,
            Call::Unfinished => self.unfinished += 1,
            Call::Error => self.error += 1,
        }
    }

    /// True when no game is a mismatch or an error.
    pub fn all_good(&self) -> bool {
        self.mismatch == 0 && self.error == 0
    }
}

/// Reads every game of `input`, judges it and writes its line to `out`;
/// then the summary. An I/O error (reading or writing) stops it.
pub fn run<R: Read, W: Write>(input: R, out: &mut W, format: Format) -> io::Result<Summary> {
    let mut reader = PgnReader::new(input);
    let mut raw = RawGame::default();
    let mut summary = Summary::default();
    while reader.read_game(&mut raw)? {
        let j = judge(&raw, summary.games + 1);
        summary.add(j.call);
        write_judgement(out, &j, format)?;
    }
    write_summary(out, &summary, format)?;
    out.flush()?;
    Ok(summary)
}

pub fn write_judgement<W: Write>(out: &mut W, j: &Judgement, format: Format) -> io::Result<()> {
    match format {
        Format::Text => writeln!(out, "game {}: {}: {}", j.number, j.call.name(), j.reason),
        Format::Json => writeln!(out, "{}", json_line(j)),
    }
}

pub fn write_summary<W: Write>(out: &mut W, s: &Summary, format: Format) -> io::Result<()> {
    match format {
        Format::Text => writeln!(
            out,
            "games: {}, ok {}, mismatch {}, unfinished {}, error {}",
            s.games, s.ok, s.mismatch, s.unfinished, s.error
        ),
        Format::Json => writeln!(
            out,
            "{{\"summary\":true,\"games\":{},\"ok\":{},\"mismatch\":{},\"unfinished\":{},\"error\":{}}}",
            s.games, s.ok, s.mismatch, s.unfinished, s.error
        ),
    }
}

/// One JSON object, written by hand: the fields are few and flat.
pub fn json_line(j: &Judgement) -> String {
    let mut o = JsonObject::default();
    o.number("game", j.number);
    o.string("verdict", Some(j.call.name()));
    o.string("recorded", j.recorded.map(|r| r.as_str()));
    o.string("laws", j.laws);
    o.string("rule", j.rule);
    o.string("article", j.article);
    o.string("reason", Some(&j.reason));
    match j.ply {
        Some(p) => o.number("ply", p),
        None => o.null("ply"),
    }
    o.string("move", j.end_move.as_deref());
    o.number("void_moves", j.void_moves);
    o.number("line", j.line);
    for (name, value) in [
        ("white", &j.white),
        ("black", &j.black),
        ("event", &j.event),
        ("round", &j.round),
    ] {
        if let Some(v) = value {
            o.string(name, Some(v));
        }
    }
    o.finish()
}

#[derive(Default)]
struct JsonObject {
    text: String,
}

impl JsonObject {
    fn key(&mut self, key: &str) {
        self.text.push(if self.text.is_empty() { '{' } else { ',' });
        push_json_string(&mut self.text, key);
        self.text.push(':');
    }

    fn number(&mut self, key: &str, n: usize) {
        self.key(key);
        self.text.push_str(&n.to_string());
    }

    fn null(&mut self, key: &str) {
        self.key(key);
        self.text.push_str("null");
    }

    fn string(&mut self, key: &str, s: Option<&str>) {
        match s {
            Some(s) => {
                self.key(key);
                push_json_string(&mut self.text, s);
            }
            None => self.null(key),
        }
    }

    fn finish(mut self) -> String {
        if self.text.is_empty() {
            self.text.push('{');
        }
        self.text.push('}');
        self.text
    }
}

/// `s` as a JSON string: quotes, backslashes and control characters
/// escaped (RFC 8259, section 7); everything else as is (UTF-8).
pub fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_are_escaped() {
        let mut s = String::new();
        push_json_string(&mut s, "a\"b\\c\nd\u{1}é");
        assert_eq!(s, "\"a\\\"b\\\\c\\nd\\u0001é\"");
    }

    #[test]
    fn run_writes_a_line_per_game_and_a_summary() {
        let pgn =
            "[White \"A \\\"x\\\"\"]\n1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 *\n\n1. e4 e5 2. Ke3 1-0\n";
        let mut out = Vec::new();
        let s = run(pgn.as_bytes(), &mut out, Format::Text).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert!(
            lines[0].starts_with("game 1: ok: recorded 0-1 (A \"x\" v ?)"),
            "{}",
            lines[0]
        );
        assert!(lines[1].starts_with("game 2: unfinished: "), "{}", lines[1]);
        assert!(
            lines[2].starts_with("game 3: error: 2.Ke3 is illegal"),
            "{}",
            lines[2]
        );
        assert_eq!(
            lines[3],
            "games: 3, ok 1, mismatch 0, unfinished 1, error 1"
        );
        assert_eq!(
            s,
            Summary {
                games: 3,
                ok: 1,
                mismatch: 0,
                unfinished: 1,
                error: 1
            }
        );
        assert!(!s.all_good());

        let mut out = Vec::new();
        run(pgn.as_bytes(), &mut out, Format::Json).unwrap();
        let text = String::from_utf8(out).unwrap();
        let first = text.lines().next().unwrap();
        assert!(first.starts_with("{\"game\":1,\"verdict\":\"ok\",\"recorded\":\"0-1\",\"laws\":\"0-1\",\"rule\":\"checkmate\",\"article\":\"5.1.1\""), "{first}");
        assert!(first.contains("\"ply\":4,\"move\":\"2...Qh4#\",\"void_moves\":0,\"line\":1,\"white\":\"A \\\"x\\\"\"}"), "{first}");
        assert_eq!(
            text.lines().last().unwrap(),
            "{\"summary\":true,\"games\":3,\"ok\":1,\"mismatch\":0,\"unfinished\":1,\"error\":1}"
        );
    }
}
