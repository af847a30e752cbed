//! The self-play game file (`.lgf`, "Ladya game format"), written by
//! `ladya datagen` and read by `ladya train` and `ladya convert`.
//!
//! A file is a sequence of game records, nothing before or between them:
//!
//! | bytes      | field                                                         |
//! |------------|---------------------------------------------------------------|
//! | 2          | magic `LG`                                                    |
//! | 1          | format version, 1                                             |
//! | 1          | result from White's side: 0 loss, 1 draw, 2 win               |
//! | 1          | length `n` of the start FEN                                   |
//! | n          | the start FEN, ASCII                                          |
//! | 2          | number of moves `m`, little-endian                            |
//! | 4 × m      | per move: the move (`Move`'s 16-bit code, LE), then the score |
//! |            | the game's own search gave the position before it (White's    |
//! |            | view, i16 LE, centipawns; `±MATE_SCORE` for a mate found)     |
//!
//! A castling move's code names the king's target square (g- or c-file),
//! also in Chess960, where the start FEN (Shredder-FEN or X-FEN) tells
//! where the castling rooks stand.
//!
//! So a position costs 4 bytes, and the start FEN (about 60 bytes) is
//! shared by the whole game. Every recorded position is the one before
//! its move; nothing is filtered when writing (checks, captures, mate
//! scores and the opening plies are all there), so that the trainer
//! decides what to skip.
//!
//! A record is written whole with one `write_all` and flushed, so a
//! stopped run leaves at worst one partial record at the end; `open_append`
//! cuts it off before appending, and the reader ignores it.

use crate::board::{Board, Move};
use crate::movegen::legal_moves;
use std::io::{Read, Seek, Write};

pub const MAGIC: [u8; 2] = *b"LG";
pub const VERSION: u8 = 1;
/// The stored score of a position where the search found a mate (for the
/// side it favours); every other score is within ±`MAX_CP`.
pub const MATE_SCORE: i16 = 32_000;
pub const MAX_CP: i16 = 30_000;

/// One self-play game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub start: Board,
    /// 0 White lost, 1 draw, 2 White won.
    pub result: u8,
    /// Each move played and the score of the position before it (White's view).
    pub moves: Vec<(Move, i16)>,
}

/// Why a game file cannot be read.
#[derive(Debug, PartialEq, Eq)]
pub enum GameFileError {
    /// Not a record where one should start (the byte offset).
    BadMagic(u64),
    UnknownVersion(u8, u64),
    BadResult(u8, u64),
    BadFen(String, u64),
    /// A move that is not legal in its position: (game's offset, ply).
    IllegalMove(u64, usize),
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
        }
    }
}

/// Clamps a search score in centipawns (White's view) to the stored range.
pub fn stored_cp(cp: i32) -> i16 {
    cp.clamp(-(MAX_CP as i32), MAX_CP as i32) as i16
}

impl GameRecord {
    /// The record's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let fen = self.start.to_fen();
        assert!(fen.len() < 256 && self.moves.len() < 65_536);
        let mut out = Vec::with_capacity(7 + fen.len() + 4 * self.moves.len());
        out.extend_from_slice(&MAGIC);
        out.push(VERSION);
        out.push(self.result);
        out.push(fen.len() as u8);
        out.extend_from_slice(fen.as_bytes());
        out.extend_from_slice(&(self.moves.len() as u16).to_le_bytes());
        for &(m, score) in &self.moves {
            out.extend_from_slice(&m.0.to_le_bytes());
            out.extend_from_slice(&score.to_le_bytes());
        }
        out
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
}

/// Decodes the records in `bytes`. Returns the complete records and the
/// length of the prefix they fill (a partial record at the end, left by
/// a stopped run, is not an error: it is simply not counted).
pub fn decode(bytes: &[u8]) -> Result<(Vec<GameRecord>, usize), GameFileError> {
    let mut games = Vec::new();
    let mut at = 0usize;
    loop {
        let rest = &bytes[at..];
        if rest.len() < 5 {
            break;
        }
        let offset = at as u64;
        if rest[..2] != MAGIC {
            return Err(GameFileError::BadMagic(offset));
        }
        if rest[2] != VERSION {
            return Err(GameFileError::UnknownVersion(rest[2], offset));
        }
        let result = rest[3];
        if result > 2 {
            return Err(GameFileError::BadResult(result, offset));
        }
        let fen_len = rest[4] as usize;
        if rest.len() < 5 + fen_len + 2 {
            break;
        }
        let fen = String::from_utf8_lossy(&rest[5..5 + fen_len]).into_owned();
        let count = u16::from_le_bytes([rest[5 + fen_len], rest[6 + fen_len]]) as usize;
        let body = 7 + fen_len;
        let len = body + 4 * count;
        if rest.len() < len {
            break;
        }
        let start =
            Board::from_fen(&fen).map_err(|e| GameFileError::BadFen(e.to_string(), offset))?;
        let mut board = start;
        let mut moves = Vec::with_capacity(count);
        for i in 0..count {
            let p = body + 4 * i;
            let m = Move(u16::from_le_bytes([rest[p], rest[p + 1]]));
            let score = i16::from_le_bytes([rest[p + 2], rest[p + 3]]);
            if !legal_moves(&board).contains(m) {
                return Err(GameFileError::IllegalMove(offset, i));
            }
            board = board.make(m);
            moves.push((m, score));
        }
        games.push(GameRecord {
            start,
            result,
            moves,
        });
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

    #[test]
    fn round_trip_and_partial_tail() {
        let g = sample();
        let mut bytes = g.encode();
        assert_eq!(bytes.len(), 7 + g.start.to_fen().len() + 4 * g.moves.len());
        bytes.extend_from_slice(&g.encode());
        let (games, used) = decode(&bytes).unwrap();
        assert_eq!(games, vec![g.clone(), g.clone()]);
        assert_eq!(used, bytes.len());
        for cut in 1..g.encode().len() {
            let (games, used) = decode(&bytes[..bytes.len() - cut]).unwrap();
            assert_eq!(games.len(), 1);
            assert_eq!(used, g.encode().len());
        }
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
        let (games, _) = decode(&g.encode()).unwrap();
        assert_eq!(games, vec![g]);
        assert_eq!(
            games[0].start.to_fen(),
            "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1"
        );
    }

    #[test]
    fn corrupt_records_are_errors() {
        let g = sample().encode();
        let mut bad = g.clone();
        bad[0] = b'X';
        assert_eq!(decode(&bad), Err(GameFileError::BadMagic(0)));
        let mut bad = g.clone();
        bad[3] = 7;
        assert!(matches!(decode(&bad), Err(GameFileError::BadResult(7, 0))));
        let mut bad = g.clone();
        let first_move = 7 + Board::startpos().to_fen().len();
        bad[first_move] ^= 0x3f;
        assert_eq!(decode(&bad), Err(GameFileError::IllegalMove(0, 0)));
    }
}
