//! The self-play game file (`.lgf`, "Ladya game format"), written by
//! `ladya datagen` and read by `ladya train` and `ladya convert`.
//!
//! A file is a sequence of game records, nothing before or between them.
//! Each record names its own format version, so a file may hold records
//! of both versions (a version 1 file that a newer `datagen` appended to).
//! Datagen writes version 2; every reader reads both.
//!
//! Version 2 (since round 7; 1.68 bytes a position after `xz -9` on
//! gen6, against 3.00 for version 1):
//!
//! | bytes      | field                                                         |
//! |------------|---------------------------------------------------------------|
//! | 2          | magic `LG`                                                    |
//! | 1          | format version, 2                                             |
//! | 1          | result from White's side: 0 loss, 1 draw, 2 win               |
//! | 1          | length `n` of the start FEN                                   |
//! | n          | the start FEN, ASCII                                          |
//! | 2          | number of moves `m`, little-endian                            |
//! | 4          | length `b` of the body, little-endian                         |
//! | m          | body, first the moves: each the index of the move played in   |
//! |            | its position's legal moves sorted by `Move`'s 16-bit code     |
//! | b − m      | then the scores, one per move: the score the game's own       |
//! |            | search gave the position before the move (White's view,       |
//! |            | centipawns, `±MATE_SCORE` for a mate found) minus the score   |
//! |            | before it (0 before the first), zigzag-mapped to an unsigned  |
//! |            | number and written as a LEB128 varint (7 bits a byte, low     |
//! |            | bits first, the high bit set on every byte but the last)      |
//!
//! The moves' order is the sorted codes, not the generator's, so that a
//! change of move generation cannot change what a file means. Moves and
//! scores are in two columns because the compressor does better with like
//! beside like; scores as differences because a game's score moves little
//! from one ply to the next (most differences fit in one byte).
//!
//! Version 1 (rounds 1-6, `data/nnue/gen1` to `gen6`):
//!
//! | bytes      | field                                                         |
//! |------------|---------------------------------------------------------------|
//! | 2          | magic `LG`                                                    |
//! | 1          | format version, 1                                             |
//! | 1, 1, n, 2 | result, FEN length, start FEN, number of moves `m`, as above  |
//! | 4 × m      | per move: the move (`Move`'s 16-bit code, LE), then the score |
//! |            | of the position before it (White's view, i16 LE)              |
//!
//! A castling move's code names the king's target square (g- or c-file),
//! also in Chess960, where the start FEN (Shredder-FEN or X-FEN) tells
//! where the castling rooks stand.
//!
//! The start FEN (about 60 bytes) is shared by the whole game. Every
//! recorded position is the one before its move; nothing is filtered
//! when writing (checks, captures, mate scores and the opening plies are
//! all there, with their scores), so that the trainer decides what to
//! skip, and a conversion between the versions loses nothing.
//!
//! A record is written whole with one `write_all` and flushed, so a
//! stopped run leaves at worst one partial record at the end; `open_append`
//! cuts it off before appending, and the reader ignores it.

use crate::board::{Board, Move};
use crate::movegen::{MoveList, legal_moves};
use std::io::{Read, Seek, Write};

pub const MAGIC: [u8; 2] = *b"LG";
/// The stored score of a position where the search found a mate (for the
/// side it favours); every other score is within ±`MAX_CP`.
pub const MATE_SCORE: i16 = 32_000;
pub const MAX_CP: i16 = 30_000;

/// A record format version (the third byte of every record).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// 4 bytes a position: the move's code and the score, as they are.
    V1 = 1,
    /// The move's index among the legal moves, then the scores as
    /// differences in varints.
    V2 = 2,
}

impl Version {
    /// The version datagen writes.
    pub const LATEST: Version = Version::V2;

    fn from_byte(b: u8) -> Option<Version> {
        match b {
            1 => Some(Version::V1),
            2 => Some(Version::V2),
            _ => None,
        }
    }
}

/// One self-play game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub start: Board,
    /// 0 White lost, 1 draw, 2 White won.
    pub result: u8,
    /// Each move played and the score of the position before it (White's view).
    pub moves: Vec<(Move, i16)>,
}

/// Why a game file cannot be read, or a game cannot be written.
#[derive(Debug, PartialEq, Eq)]
pub enum GameFileError {
    /// Not a record where one should start (the byte offset).
    BadMagic(u64),
    UnknownVersion(u8, u64),
    BadResult(u8, u64),
    BadFen(String, u64),
    /// A move that is not legal in its position: (game's offset, ply).
    IllegalMove(u64, usize),
    /// A version 2 body whose moves and scores do not fill it exactly.
    BadBody(u64),
    /// A version 2 score outside the 16-bit range: (game's offset, ply).
    BadScore(u64, usize),
    /// A game that no record can hold: a start FEN over 255 bytes, more
    /// than 65,535 moves, or a move that is not legal (its ply).
    NotEncodable(String),
}

impl std::fmt::Display for GameFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameFileError::BadMagic(at) => {
                write!(f, "not a Ladya game file (no record at byte {at})")
            }
            GameFileError::UnknownVersion(v, at) => {
                write!(f, "record at byte {at} has unknown version {v}")
            }
            GameFileError::BadResult(r, at) => {
                write!(f, "record at byte {at} has a bad result {r}")
            }
            GameFileError::BadFen(e, at) => write!(f, "record at byte {at}: bad start FEN: {e}"),
            GameFileError::IllegalMove(at, ply) => {
                write!(f, "record at byte {at}: move {} is illegal", ply + 1)
            }
            GameFileError::BadBody(at) => write!(
                f,
                "record at byte {at}: its moves and scores do not fill its body"
            ),
            GameFileError::BadScore(at, ply) => write!(
                f,
                "record at byte {at}: the score of move {} is out of range",
                ply + 1
            ),
            GameFileError::NotEncodable(why) => write!(f, "cannot write the game: {why}"),
        }
    }
}

/// Clamps a search score in centipawns (White's view) to the stored range.
pub fn stored_cp(cp: i32) -> i16 {
    cp.clamp(-(MAX_CP as i32), MAX_CP as i32) as i16
}

/// The legal moves of `board` in the order of their codes: the list a
/// version 2 move index points into.
fn sorted_legal_moves(board: &Board) -> MoveList {
    let mut list = legal_moves(board);
    list.as_mut_slice().sort_unstable_by_key(|m| m.0);
    list
}

/// Appends `v` as a LEB128 varint.
fn push_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push(0x80 | (v & 0x7f) as u8);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads a LEB128 varint of at most three bytes (21 bits, enough for the
/// difference of two 16-bit scores) from `bytes` at `*at`; `None` when the
/// bytes end first or it runs longer.
fn read_varint(bytes: &[u8], at: &mut usize) -> Option<u32> {
    let mut v = 0u32;
    for shift in [0, 7, 14] {
        let b = *bytes.get(*at)?;
        *at += 1;
        v |= ((b & 0x7f) as u32) << shift;
        if b & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

fn zigzag(d: i32) -> u32 {
    ((d << 1) ^ (d >> 31)) as u32
}

fn unzigzag(u: u32) -> i32 {
    (u >> 1) as i32 ^ -((u & 1) as i32)
}

impl GameRecord {
    /// The record's bytes in the latest version.
    pub fn encode(&self) -> Result<Vec<u8>, GameFileError> {
        self.encode_as(Version::LATEST)
    }

    /// The record's bytes in `version`. Fails on a game no record can
    /// hold (see `GameFileError::NotEncodable`); games that datagen plays
    /// or `decode` reads always fit.
    pub fn encode_as(&self, version: Version) -> Result<Vec<u8>, GameFileError> {
        let fen = self.start.to_fen();
        if fen.len() > 255 {
            return Err(GameFileError::NotEncodable(format!(
                "the start FEN is {} bytes long",
                fen.len()
            )));
        }
        if self.moves.len() > u16::MAX as usize {
            return Err(GameFileError::NotEncodable(format!(
                "{} moves",
                self.moves.len()
            )));
        }
        // Every move's index among its position's legal moves sorted by
        // code (version 2 stores it; version 1 only checks it is there).
        let mut indices = Vec::with_capacity(self.moves.len());
        let mut board = self.start;
        for (ply, &(m, _)) in self.moves.iter().enumerate() {
            let legal = sorted_legal_moves(&board);
            let Ok(index) = legal.as_slice().binary_search_by_key(&m.0, |l| l.0) else {
                return Err(GameFileError::NotEncodable(format!(
                    "move {} ({m}) is illegal",
                    ply + 1
                )));
            };
            indices.push(index as u8);
            board = board.make(m);
        }
        let mut out = Vec::with_capacity(11 + fen.len() + 4 * self.moves.len());
        out.extend_from_slice(&MAGIC);
        out.push(version as u8);
        out.push(self.result);
        out.push(fen.len() as u8);
        out.extend_from_slice(fen.as_bytes());
        out.extend_from_slice(&(self.moves.len() as u16).to_le_bytes());
        match version {
            Version::V1 => {
                for &(m, score) in &self.moves {
                    out.extend_from_slice(&m.0.to_le_bytes());
                    out.extend_from_slice(&score.to_le_bytes());
                }
            }
            Version::V2 => {
                let mut body = indices;
                let mut previous = 0i32;
                for &(_, score) in &self.moves {
                    push_varint(&mut body, zigzag(score as i32 - previous));
                    previous = score as i32;
                }
                out.extend_from_slice(&(body.len() as u32).to_le_bytes());
                out.extend_from_slice(&body);
            }
        }
        Ok(out)
    }

    /// Every position of the game with its move and score, in order.
    pub fn positions(&self) -> impl Iterator<Item = (Board, Move, i16)> + '_ {
        let mut board = self.start;
        self.moves.iter().map(move |&(m, s)| {
            let before = board;
            board = board.make(m);
            (before, m, s)
        })
    }

    /// A 64-bit fingerprint of the game (start, moves, scores, result),
    /// the same whichever version it was read from: how the trainer
    /// recognises a validation game among its training data.
    pub fn fingerprint(&self) -> u64 {
        let mut bytes = self.start.to_fen().into_bytes();
        bytes.push(self.result);
        for &(m, s) in &self.moves {
            bytes.extend_from_slice(&m.0.to_le_bytes());
            bytes.extend_from_slice(&s.to_le_bytes());
        }
        crate::fnv::fnv1a(&bytes)
    }
}

/// Decodes the record at the start of `rest` (found at byte `offset` of
/// its file): the game and the record's length, or `None` when `rest`
/// ends inside it.
fn decode_record(rest: &[u8], offset: u64) -> Result<Option<(GameRecord, usize)>, GameFileError> {
    if rest.len() < 5 {
        return Ok(None);
    }
    if rest[..2] != MAGIC {
        return Err(GameFileError::BadMagic(offset));
    }
    let Some(version) = Version::from_byte(rest[2]) else {
        return Err(GameFileError::UnknownVersion(rest[2], offset));
    };
    let result = rest[3];
    if result > 2 {
        return Err(GameFileError::BadResult(result, offset));
    }
    let fen_len = rest[4] as usize;
    let head = 7 + fen_len + if version == Version::V2 { 4 } else { 0 };
    if rest.len() < head {
        return Ok(None);
    }
    let fen = String::from_utf8_lossy(&rest[5..5 + fen_len]).into_owned();
    let count = u16::from_le_bytes([rest[5 + fen_len], rest[6 + fen_len]]) as usize;
    let body_len = match version {
        Version::V1 => 4 * count,
        Version::V2 => u32::from_le_bytes([
            rest[7 + fen_len],
            rest[8 + fen_len],
            rest[9 + fen_len],
            rest[10 + fen_len],
        ]) as usize,
    };
    let len = head + body_len;
    if rest.len() < len {
        return Ok(None);
    }
    let body = &rest[head..len];
    let start = Board::from_fen(&fen).map_err(|e| GameFileError::BadFen(e.to_string(), offset))?;
    let mut board = start;
    let mut moves = Vec::with_capacity(count);
    match version {
        Version::V1 => {
            for (i, entry) in body.chunks_exact(4).enumerate() {
                let m = Move(u16::from_le_bytes([entry[0], entry[1]]));
                let score = i16::from_le_bytes([entry[2], entry[3]]);
                if !legal_moves(&board).contains(m) {
                    return Err(GameFileError::IllegalMove(offset, i));
                }
                board = board.make(m);
                moves.push((m, score));
            }
        }
        Version::V2 => {
            if body.len() < count {
                return Err(GameFileError::BadBody(offset));
            }
            let mut at = count;
            let mut score = 0i32;
            for (i, &index) in body[..count].iter().enumerate() {
                let legal = sorted_legal_moves(&board);
                let Some(&m) = legal.as_slice().get(index as usize) else {
                    return Err(GameFileError::IllegalMove(offset, i));
                };
                let Some(delta) = read_varint(body, &mut at) else {
                    return Err(GameFileError::BadBody(offset));
                };
                score += unzigzag(delta);
                let Ok(stored) = i16::try_from(score) else {
                    return Err(GameFileError::BadScore(offset, i));
                };
                board = board.make(m);
                moves.push((m, stored));
            }
            if at != body.len() {
                return Err(GameFileError::BadBody(offset));
            }
        }
    }
    Ok(Some((
        GameRecord {
            start,
            result,
            moves,
        },
        len,
    )))
}

/// Decodes the records in `bytes` (of either version, mixed as they
/// come). Returns the complete records and the length of the prefix they
/// fill (a partial record at the end, left by a stopped run, is not an
/// error: it is simply not counted).
pub fn decode(bytes: &[u8]) -> Result<(Vec<GameRecord>, usize), GameFileError> {
    let mut games = Vec::new();
    let mut at = 0usize;
    while let Some((game, len)) = decode_record(&bytes[at..], at as u64)? {
        games.push(game);
        at += len;
    }
    Ok((games, at))
}

/// Reads a whole game file.
pub fn read_file(path: &str) -> Result<Vec<GameRecord>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    decode(&bytes)
        .map(|(games, _)| games)
        .map_err(|e| format!("{path}: {e}"))
}

/// Reads several game files, one after the other.
pub fn read_files(paths: &[String]) -> Result<Vec<GameRecord>, String> {
    let mut games = Vec::new();
    for path in paths {
        games.extend(read_file(path)?);
    }
    Ok(games)
}

/// Opens `path` for appending records: a new file, or an existing game
/// file whose partial last record (from a run that was stopped) is cut
/// off first. Returns the file and the number of complete games in it.
pub fn open_append(path: &str) -> Result<(std::fs::File, usize), String> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(path)
        .map_err(|e| format!("cannot open {path}: {e}"))?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    let (games, valid) = decode(&bytes).map_err(|e| format!("{path}: {e}"))?;
    if valid < bytes.len() {
        log::warn!(
            "{path}: cutting off a partial record ({} bytes) at the end",
            bytes.len() - valid
        );
        file.set_len(valid as u64)
            .map_err(|e| format!("cannot truncate {path}: {e}"))?;
    }
    file.seek(std::io::SeekFrom::Start(valid as u64))
        .map_err(|e| format!("cannot seek {path}: {e}"))?;
    Ok((file, games.len()))
}

/// Writes `games` as records of `version`, one after the other.
pub fn write_records(
    games: &[GameRecord],
    version: Version,
    out: &mut impl Write,
) -> Result<(), String> {
    for g in games {
        let bytes = g.encode_as(version).map_err(|e| e.to_string())?;
        out.write_all(&bytes).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Writes `FEN | score | result` lines (White's view: the score in
/// centipawns, the result 1.0, 0.5 or 0.0) for every position of `games`.
pub fn write_text(games: &[GameRecord], out: &mut impl Write) -> std::io::Result<()> {
    for g in games {
        let result = ["0.0", "0.5", "1.0"][g.result as usize];
        for (board, _, score) in g.positions() {
            writeln!(out, "{} | {score} | {result}", board.to_fen())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::Rng;

    fn sample() -> GameRecord {
        let start = Board::startpos();
        let mut board = start;
        let mut moves = Vec::new();
        for (i, text) in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]
            .iter()
            .enumerate()
        {
            let m = crate::movegen::parse_uci_move(&board, text).unwrap();
            moves.push((m, (i as i16 - 3) * 17));
            board = board.make(m);
        }
        moves.push((legal_moves(&board).as_slice()[0], MATE_SCORE));
        GameRecord {
            start,
            result: 1,
            moves,
        }
    }

    /// A game of random legal moves from `fen` with random scores, the
    /// extremes of the 16-bit range and mate scores among them.
    fn random_game(fen: &str, seed: u64) -> GameRecord {
        let start = Board::from_fen(fen).unwrap();
        let mut rng = Rng(seed);
        let mut board = start;
        let mut moves = Vec::new();
        for _ in 0..200 {
            let legal = legal_moves(&board);
            if legal.is_empty() {
                break;
            }
            let m = legal.as_slice()[rng.below(legal.len())];
            let score = match rng.below(8) {
                0 => i16::MIN,
                1 => i16::MAX,
                2 => -MATE_SCORE,
                3 => MATE_SCORE,
                _ => (rng.next_u64() as i16) >> rng.below(16),
            };
            moves.push((m, score));
            board = board.make(m);
        }
        GameRecord {
            start,
            result: rng.below(3) as u8,
            moves,
        }
    }

    fn random_games() -> Vec<GameRecord> {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1",
            "bbrkqnrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBKQRN w GBgc - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        (0..40)
            .map(|i| random_game(fens[i % fens.len()], i as u64))
            .collect()
    }

    #[test]
    fn round_trip_and_partial_tail() {
        for version in [Version::V1, Version::V2] {
            let g = sample();
            let one = g.encode_as(version).unwrap();
            if version == Version::V1 {
                assert_eq!(one.len(), 7 + g.start.to_fen().len() + 4 * g.moves.len());
            }
            let mut bytes = one.clone();
            bytes.extend_from_slice(&one);
            let (games, used) = decode(&bytes).unwrap();
            assert_eq!(games, vec![g.clone(), g.clone()]);
            assert_eq!(used, bytes.len());
            for cut in 1..one.len() {
                let (games, used) = decode(&bytes[..bytes.len() - cut]).unwrap();
                assert_eq!(games.len(), 1, "{version:?}, {cut} bytes cut");
                assert_eq!(used, one.len());
            }
        }
    }

    /// Random games (Chess960 and Double Chess960 starts, every kind of
    /// move, scores at the extremes) read back identical from both
    /// versions, in one file that mixes them; version 2 is the smaller.
    #[test]
    fn both_versions_round_trip_mixed_in_one_file() {
        let games = random_games();
        let mut bytes = Vec::new();
        let (mut v1_len, mut v2_len) = (0, 0);
        for (i, g) in games.iter().enumerate() {
            let v1 = g.encode_as(Version::V1).unwrap();
            let v2 = g.encode_as(Version::V2).unwrap();
            (v1_len, v2_len) = (v1_len + v1.len(), v2_len + v2.len());
            bytes.extend_from_slice(if i % 2 == 0 { &v1 } else { &v2 });
            assert_eq!(decode(&v2).unwrap().0, vec![g.clone()]);
            assert_eq!(g.encode().unwrap(), v2, "datagen writes version 2");
        }
        let (read, used) = decode(&bytes).unwrap();
        assert_eq!(read, games);
        assert_eq!(used, bytes.len());
        assert!(
            v2_len < v1_len,
            "version 2 {v2_len} bytes, version 1 {v1_len}"
        );
        let fingerprints: std::collections::HashSet<u64> =
            games.iter().map(GameRecord::fingerprint).collect();
        assert_eq!(fingerprints.len(), games.len());
    }

    /// With scores that move as a game's do (here by at most ±60 a ply),
    /// a position costs about two bytes in version 2, four in version 1.
    #[test]
    fn version_2_halves_a_games_size() {
        let mut g = random_game(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            7,
        );
        let mut rng = Rng(7);
        let mut score = 20i16;
        for entry in &mut g.moves {
            score += rng.below(121) as i16 - 60;
            entry.1 = score;
        }
        let v1 = g.encode_as(Version::V1).unwrap().len();
        let v2 = g.encode_as(Version::V2).unwrap().len();
        assert!(g.moves.len() > 100);
        assert!(
            v2 - 4 <= 7 + 60 + 2 * g.moves.len() && v1 == 7 + 56 + 4 * g.moves.len(),
            "{} moves: version 2 {v2} bytes, version 1 {v1}",
            g.moves.len()
        );
    }

    /// The move index counts in the legal moves sorted by code, whatever
    /// order the generator gives them in.
    #[test]
    fn move_indices_follow_the_codes() {
        let g = sample();
        let bytes = g.encode_as(Version::V2).unwrap();
        let body = 11 + g.start.to_fen().len();
        let mut board = g.start;
        for (i, &(m, _)) in g.moves.iter().enumerate() {
            let below = legal_moves(&board).iter().filter(|l| l.0 < m.0).count();
            assert_eq!(bytes[body + i] as usize, below, "move {}", i + 1);
            board = board.make(m);
        }
        // In the start position the twelve single steps (flags 0) come
        // first, then the double pushes a4-h4: 1. e4 is index 16.
        assert_eq!(bytes[body], 16);
    }

    /// A Chess960 game, castling both ways, reads back the same, its start
    /// FEN still in Shredder-FEN.
    #[test]
    fn chess960_games_round_trip() {
        let start = Board::from_fen("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1").unwrap();
        let mut board = start;
        let mut moves = Vec::new();
        for text in ["b1a1", "b8h8", "a2a3"] {
            let m = crate::movegen::parse_uci_move(&board, text).unwrap();
            moves.push((m, 0));
            board = board.make(m);
        }
        assert!(moves[0].0.is_castle() && moves[1].0.is_castle());
        let g = GameRecord {
            start,
            result: 1,
            moves,
        };
        for version in [Version::V1, Version::V2] {
            let (games, _) = decode(&g.encode_as(version).unwrap()).unwrap();
            assert_eq!(games, vec![g.clone()]);
            assert_eq!(
                games[0].start.to_fen(),
                "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1"
            );
        }
    }

    #[test]
    fn corrupt_records_are_errors() {
        for version in [Version::V1, Version::V2] {
            let g = sample().encode_as(version).unwrap();
            let mut bad = g.clone();
            bad[0] = b'X';
            assert_eq!(decode(&bad), Err(GameFileError::BadMagic(0)));
            let mut bad = g.clone();
            bad[2] = 3;
            assert_eq!(decode(&bad), Err(GameFileError::UnknownVersion(3, 0)));
            let mut bad = g.clone();
            bad[3] = 7;
            assert!(matches!(decode(&bad), Err(GameFileError::BadResult(7, 0))));
            let mut bad = g.clone();
            bad[5] = b'?';
            assert!(matches!(decode(&bad), Err(GameFileError::BadFen(_, 0))));
        }
        // Version 1: a move code that is not a legal move.
        let mut bad = sample().encode_as(Version::V1).unwrap();
        let first_move = 7 + Board::startpos().to_fen().len();
        bad[first_move] ^= 0x3f;
        assert_eq!(decode(&bad), Err(GameFileError::IllegalMove(0, 0)));
        // Version 2: an index past the legal moves (20 at the start).
        let good = sample().encode_as(Version::V2).unwrap();
        let body = 11 + Board::startpos().to_fen().len();
        let mut bad = good.clone();
        bad[body] = 20;
        assert_eq!(decode(&bad), Err(GameFileError::IllegalMove(0, 0)));
        // A body longer than its moves and scores, or one too short for them.
        let second = sample().encode_as(Version::V2).unwrap();
        for delta in [1i64, -1] {
            let mut bad = good.clone();
            let len = u32::from_le_bytes(bad[body - 4..body].try_into().unwrap());
            bad[body - 4..body].copy_from_slice(&((len as i64 + delta) as u32).to_le_bytes());
            if delta > 0 {
                bad.push(0);
            } else {
                bad.pop();
            }
            bad.extend_from_slice(&second);
            assert_eq!(decode(&bad), Err(GameFileError::BadBody(0)), "{delta}");
        }
        // A varint that runs past three bytes.
        let mut bad = good.clone();
        let scores = body + sample().moves.len();
        bad[scores..scores + 3].copy_from_slice(&[0xff, 0xff, 0xff]);
        assert_eq!(decode(&bad), Err(GameFileError::BadBody(0)));
        // A difference that takes the score past 16 bits.
        let mut bad = good.clone();
        bad.truncate(scores);
        push_varint(&mut bad, zigzag(40_000));
        bad.resize(bad.len() + sample().moves.len() - 1, 0);
        let len = (bad.len() - body) as u32;
        bad[body - 4..body].copy_from_slice(&len.to_le_bytes());
        assert_eq!(decode(&bad), Err(GameFileError::BadScore(0, 0)));
    }

    #[test]
    fn games_no_record_can_hold_are_errors() {
        let mut g = sample();
        g.moves[3].0 = g.moves[2].0;
        for version in [Version::V1, Version::V2] {
            assert!(matches!(
                g.encode_as(version),
                Err(GameFileError::NotEncodable(ref s)) if s.contains("move 4")
            ));
        }
        let long = GameRecord {
            moves: vec![(Move::NULL, 0); 70_000],
            ..sample()
        };
        assert!(matches!(
            long.encode(),
            Err(GameFileError::NotEncodable(ref s)) if s.contains("70000 moves")
        ));
    }
}
