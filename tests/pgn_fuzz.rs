//! Random bytes and random edits of real games through the PGN arbiter
//! (the library, no process per case): it never panics, and it writes one
//! line per game it read and a summary.

use ladya::pgn::{Format, run};

const FIXTURE: &str = include_str!("data/arbiter.pgn");

mod common;
use common::rng::Rng;

/// Bytes PGN is made of, and a few it is not.
const ALPHABET: &[u8] = b"[]{}()\"\\;%$*.-/=+#!?x0123456789abcdefghKQRBNPO \n\r\t\xef\xbb\xbf\xff";

/// Checks one input: no panic, a line per game and the summary last.
fn judge(bytes: &[u8]) {
    let mut out = Vec::new();
    let summary = run(bytes, &mut out, Format::Text).expect("reading from memory cannot fail");
    let text = String::from_utf8(out).expect("the output is UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), summary.games + 1, "{text}");
    assert!(lines.last().unwrap().starts_with("games: "));
    assert_eq!(
        summary.ok + summary.mismatch + summary.unfinished + summary.error,
        summary.games
    );
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0x243F_6A88_85A3_08D3);
    for _ in 0..2000 {
        let len = rng.below(300);
        let bytes: Vec<u8> = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect();
        judge(&bytes);
    }
}

#[test]
fn random_edits_of_real_games_never_panic() {
    // The games one at a time, so that each edit matters.
    let games: Vec<&str> = FIXTURE.split("\n\n[Event").collect();
    let mut rng = Rng(0x1319_8A2E_0370_7344);
    for _ in 0..3000 {
        let game = games[rng.below(games.len())];
        let mut bytes = game.as_bytes().to_vec();
        for _ in 0..1 + rng.below(5) {
            let at = rng.below(bytes.len() + 1);
            match rng.below(5) {
                0 if at < bytes.len() => {
                    let end = (at + 1 + rng.below(8)).min(bytes.len());
                    bytes.drain(at..end);
                }
                1 => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
                2 if at < bytes.len() => bytes[at] = ALPHABET[rng.below(ALPHABET.len())],
                3 => {
                    // A whole piece of another game pasted in.
                    let other = games[rng.below(games.len())].as_bytes();
                    let from = rng.below(other.len());
                    let to = (from + rng.below(40)).min(other.len());
                    bytes.splice(at..at, other[from..to].iter().copied());
                }
                _ if at < bytes.len() => {
                    let other = rng.below(bytes.len());
                    bytes.swap(at, other);
                }
                _ => {}
            }
        }
        judge(&bytes);
    }
}
