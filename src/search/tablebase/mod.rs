//! Syzygy endgame tablebases, probed through the pyrrhic-rs crate (a pure
//! Rust transliteration of Andrew Grant's Pyrrhic, itself Fathom's
//! descendant); the crate stays inside this module.
//!
//! - [`Tablebases::open`] loads the tables of a `SyzygyPath`.
//! - [`Tablebases::probe_wdl`]: win/draw/loss of a position whose last move
//!   zeroed the fifty-move counter (what the WDL files hold), for the search.
//! - [`Tablebases::rank_root`]: every root move ranked by DTZ (by WDL when
//!   the DTZ files are missing), so that wins are converted within the
//!   fifty-move rule.
//!
//! pyrrhic-rs keeps its tables in process-wide state: only one
//! `TableBases` may exist at a time. The searcher keeps ours in an `Arc`
//! shared by all search threads, and drops it before opening another.
//! WDL probes are thread-safe (the crate guards lazy table loading with a
//! mutex); the DTZ root probe is not, and only the main thread makes it,
//! before the helpers start.

pub mod adapter;

use super::value::{MAX_PLY, TB_WIN};
use crate::board::{Board, Color, Move, PieceKind};
use crate::movegen::legal_moves;
use adapter::Adapter;
use pyrrhic_rs::{DtzProbeValue, TableBases, WdlProbeResult};
use std::collections::HashSet;
use std::path::Path;

/// A tablebase result from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Wdl {
    Loss = -2,
    /// Lost, but the fifty-move rule saves it (from a zeroed counter).
    BlessedLoss = -1,
    Draw = 0,
    /// Won, but the fifty-move rule spoils it (from a zeroed counter).
    CursedWin = 1,
    Win = 2,
}

impl Wdl {
    fn from_pyrrhic(r: WdlProbeResult) -> Wdl {
        match r {
            WdlProbeResult::Loss => Wdl::Loss,
            WdlProbeResult::BlessedLoss => Wdl::BlessedLoss,
            WdlProbeResult::Draw => Wdl::Draw,
            WdlProbeResult::CursedWin => Wdl::CursedWin,
            WdlProbeResult::Win => Wdl::Win,
        }
    }

    pub fn negate(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// The result once the fifty-move rule is applied or not
    /// (`Syzygy50MoveRule`): with it, cursed wins and blessed losses are
    /// draws; without it, they are wins and losses.
    pub fn under_rule50(self, rule50: bool) -> Wdl {
        match (self, rule50) {
            (Wdl::CursedWin | Wdl::BlessedLoss, true) => Wdl::Draw,
            (Wdl::CursedWin, false) => Wdl::Win,
            (Wdl::BlessedLoss, false) => Wdl::Loss,
            (w, _) => w,
        }
    }
}

/// One root move with its tablebase rank (higher is better) and score
/// (search units, from the root's side to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    pub mv: Move,
    pub wdl: Wdl,
    /// Plies to the next zeroing move (0 when only WDL was probed).
    pub dtz: u32,
    pub rank: i32,
    pub score: i32,
}

/// The root moves ranked, best first.
#[derive(Clone, Debug)]
pub struct RootRanking {
    pub moves: Vec<RootMove>,
    /// True when the DTZ files ranked them; false: WDL only.
    pub by_dtz: bool,
}

impl RootRanking {
    /// The moves that keep the best result.
    pub fn best(&self) -> impl Iterator<Item = &RootMove> {
        let top = self.moves.first().map_or(0, |m| m.rank);
        self.moves.iter().filter(move |m| m.rank == top)
    }
}

/// What a `SyzygyPath` held.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    pub wdl_files: usize,
    pub dtz_files: usize,
    /// The most men of a WDL table, read off its name (`KQvKR.rtbw`: 5).
    pub largest: u32,
    /// The material of each WDL and DTZ file (see [`material_key`]), in
    /// both colour orientations.
    pub wdl_keys: HashSet<u64>,
    pub dtz_keys: HashSet<u64>,
    /// Folders of the path that do not exist.
    pub missing: Vec<String>,
    /// The folders that exist.
    pub folders: Vec<String>,
}

/// A key for a material balance: each side's queens, rooks, bishops,
/// knights and pawns, four bits each.
fn key_of(white: [u32; 5], black: [u32; 5]) -> u64 {
    white
        .iter()
        .chain(black.iter())
        .fold(0u64, |k, &n| (k << 4) | u64::from(n.min(15)))
}

/// The piece counts of one side of a table name (`KQR` of `KQRvK`).
fn counts_of(side: &str) -> [u32; 5] {
    let mut c = [0; 5];
    for ch in side.chars() {
        if let Some(i) = "QRBNP".find(ch) {
            c[i] += 1;
        }
    }
    c
}

/// The keys of a table name (`KQvKR`), both orientations; `None` for a
/// name that is not a table's.
fn table_keys(name: &str) -> Option<[u64; 2]> {
    let (a, b) = name.split_once('v')?;
    if !a.starts_with('K') || !b.starts_with('K') {
        return None;
    }
    let (a, b) = (counts_of(a), counts_of(b));
    Some([key_of(a, b), key_of(b, a)])
}

/// The material key of a position (white's pieces first).
pub fn material_key(b: &Board) -> u64 {
    let s = sets(b);
    let side = |own: u64| {
        [s.queens, s.rooks, s.bishops, s.knights, s.pawns].map(|set| (set & own).count_ones())
    };
    key_of(side(s.white), side(s.black))
}

/// The folders of a `SyzygyPath` (`:`-separated; `;` on Windows).
pub fn split_path(path: &str) -> Vec<String> {
    let sep = if cfg!(windows) { ';' } else { ':' };
    path.split(sep)
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect()
}

/// Counts the WDL (`.rtbw`) and DTZ (`.rtbz`) files in each folder.
pub fn scan(path: &str) -> Found {
    let mut found = Found::default();
    for folder in split_path(path) {
        let Ok(entries) = std::fs::read_dir(Path::new(&folder)) else {
            found.missing.push(folder);
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if let Some(table) = name.strip_suffix(".rtbw") {
                found.wdl_files += 1;
                let men = table.chars().filter(|c| "KQRBNP".contains(*c)).count();
                found.largest = found.largest.max(men as u32);
                found
                    .wdl_keys
                    .extend(table_keys(table).into_iter().flatten());
            } else if let Some(table) = name.strip_suffix(".rtbz") {
                found.dtz_files += 1;
                found
                    .dtz_keys
                    .extend(table_keys(table).into_iter().flatten());
            }
        }
        found.folders.push(folder);
    }
    found
}

/// Loaded Syzygy tables.
pub struct Tablebases {
    tables: TableBases<Adapter>,
    pub found: Found,
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tablebases({:?})", self.found)
    }
}

/// The six piece sets, the colours, the en-passant square and the side to
/// move, as pyrrhic-rs takes them.
struct Sets {
    white: u64,
    black: u64,
    kings: u64,
    queens: u64,
    rooks: u64,
    bishops: u64,
    knights: u64,
    pawns: u64,
    ep: u32,
    white_to_move: bool,
}

fn sets(b: &Board) -> Sets {
    let both = |f: fn(&Board, Color) -> u64| f(b, Color::White) | f(b, Color::Black);
    let diagonal = b.diagonal[0] | b.diagonal[1];
    let orthogonal = b.orthogonal[0] | b.orthogonal[1];
    Sets {
        white: b.occupied_by(Color::White),
        black: b.occupied_by(Color::Black),
        kings: b.king[0].bit() | b.king[1].bit(),
        queens: diagonal & orthogonal,
        rooks: orthogonal & !diagonal,
        bishops: diagonal & !orthogonal,
        knights: both(|b, c| b.knights(c)),
        pawns: b.pawns[0] | b.pawns[1],
        ep: b.en_passant().map_or(0, |s| u32::from(s.index64())),
        white_to_move: b.side_to_move() == Color::White,
    }
}

/// The number of men (kings included) on the board.
pub fn men(b: &Board) -> u32 {
    (b.occupied_by(Color::White) | b.occupied_by(Color::Black)).count_ones()
}

/// The score of a tablebase result `distance` plies from the root: a win
/// just below the mate scores, shorter wins higher.
pub fn score(wdl: Wdl, distance: u32) -> i32 {
    let d = distance.min(MAX_PLY as u32) as i32;
    match wdl {
        Wdl::Win => TB_WIN - d,
        Wdl::Loss => -TB_WIN + d,
        _ => 0,
    }
}

impl Tablebases {
    /// Loads the tables of `path`. `Err` says why there are none: no
    /// folder of the path exists, the folders hold no table files, or the
    /// crate would not load them.
    pub fn open(path: &str) -> Result<Tablebases, String> {
        let found = scan(path);
        if found.folders.is_empty() {
            return Err(format!("no such folder: {}", found.missing.join(", ")));
        }
        if found.wdl_files == 0 {
            return Err(format!("no tables (.rtbw) in {}", found.folders.join(", ")));
        }
        // pyrrhic-rs takes ':'-separated folders; only existing ones, so
        // that a bad one cannot hide the rest.
        let tables = TableBases::<Adapter>::new(found.folders.join(":"))
            .map_err(|e| format!("cannot load the tables ({e:?})"))?;
        Ok(Tablebases { tables, found })
    }

    /// The most men (kings included) of any table loaded. pyrrhic-rs's
    /// own count says 7 for a folder of 3-4-man tables, so the file names
    /// have the last word.
    pub fn max_pieces(&self) -> u32 {
        self.tables.max_pieces().min(self.found.largest)
    }

    /// The WDL value of `b` as if its fifty-move counter were zero; `None`
    /// when the position is not in the tables or has castling rights.
    pub fn probe_wdl(&self, b: &Board) -> Option<Wdl> {
        if b.castling_rights() != 0
            || men(b) > self.max_pieces()
            || !self.found.wdl_keys.contains(&material_key(b))
        {
            return None;
        }
        let s = sets(b);
        self.tables
            .probe_wdl(
                s.white,
                s.black,
                s.kings,
                s.queens,
                s.rooks,
                s.bishops,
                s.knights,
                s.pawns,
                s.ep,
                s.white_to_move,
            )
            .ok()
            .map(Wdl::from_pyrrhic)
    }

    /// The DTZ root probe: every legal move with its result (the
    /// fifty-move counter of `b` applied) and its distance to zeroing.
    /// `None` when the DTZ tables are missing. Not thread-safe (see the
    /// module's comment).
    pub fn probe_dtz_root(&self, b: &Board) -> Option<Vec<(Move, Wdl, u32)>> {
        // A failed DTZ probe leaves pyrrhic-rs unable to probe that
        // material's WDL table afterwards (seen with a folder of WDL files
        // only): probe only where the DTZ file is there. A child position
        // after a capture or promotion needs its own WDL table; the crate
        // probes those itself.
        if b.castling_rights() != 0
            || men(b) > self.max_pieces()
            || !self.found.dtz_keys.contains(&material_key(b))
        {
            return None;
        }
        let s = sets(b);
        let result = self
            .tables
            .probe_root(
                s.white,
                s.black,
                s.kings,
                s.queens,
                s.rooks,
                s.bishops,
                s.knights,
                s.pawns,
                u32::from(b.halfmove_clock().min(255)),
                s.ep,
                s.white_to_move,
            )
            .ok()?;
        let legal = legal_moves(b);
        let mut out = Vec::with_capacity(legal.len());
        for value in &result.moves[..result.num_moves] {
            let DtzProbeValue::DtzResult(r) = value else {
                continue;
            };
            let promotion = match r.promotion {
                pyrrhic_rs::Piece::Queen => Some(PieceKind::Queen),
                pyrrhic_rs::Piece::Rook => Some(PieceKind::Rook),
                pyrrhic_rs::Piece::Bishop => Some(PieceKind::Bishop),
                pyrrhic_rs::Piece::Knight => Some(PieceKind::Knight),
                _ => None,
            };
            let m = legal.iter().copied().find(|m| {
                m.from().index64() == r.from_square
                    && m.to().index64() == r.to_square
                    && m.promotion() == promotion
            })?;
            out.push((m, Wdl::from_pyrrhic(r.wdl), u32::from(r.dtz)));
        }
        // Every legal move must have its value, or the ranking is unsound.
        (out.len() == legal.len()).then_some(out)
    }

    /// Ranks the root moves of `b`, best first: by DTZ when the DTZ tables
    /// have the position (a win is ranked by its distance to zeroing, so
    /// that it is converted, a loss the other way round), by WDL otherwise.
    /// With `rule50` a cursed win is a draw (ranked above plain draws, as
    /// the opponent may still err) and a blessed loss too.
    pub fn rank_root(&self, b: &Board, rule50: bool) -> Option<RootRanking> {
        if let Some(moves) = self.probe_dtz_root(b) {
            let mut ranked: Vec<RootMove> = moves
                .into_iter()
                .map(|(mv, wdl, dtz)| root_move(mv, wdl, dtz, rule50))
                .collect();
            ranked.sort_by_key(|m| std::cmp::Reverse(m.rank));
            return Some(RootRanking {
                moves: ranked,
                by_dtz: true,
            });
        }
        self.rank_root_by_wdl(b, rule50)
    }

    /// The root moves ranked by the WDL values of the positions they lead
    /// to (when the DTZ tables are missing).
    pub fn rank_root_by_wdl(&self, b: &Board, rule50: bool) -> Option<RootRanking> {
        let mut ranked = Vec::new();
        for mv in legal_moves(b).iter().copied() {
            let child = b.make(mv);
            let wdl = if !crate::movegen::has_legal_move(&child) {
                if child.in_check() {
                    Wdl::Win
                } else {
                    Wdl::Draw
                }
            } else {
                self.probe_wdl(&child)?.negate()
            };
            ranked.push(root_move(mv, wdl, 0, rule50));
        }
        ranked.sort_by_key(|m| std::cmp::Reverse(m.rank));
        Some(RootRanking {
            moves: ranked,
            by_dtz: false,
        })
    }
}

fn root_move(mv: Move, wdl: Wdl, dtz: u32, rule50: bool) -> RootMove {
    let d = dtz.min(50_000) as i32;
    let rank = match (wdl, rule50) {
        (Wdl::Win, _) | (Wdl::CursedWin, false) => 200_000 - d,
        (Wdl::CursedWin, true) => 100_000 - d,
        (Wdl::Draw, _) => 0,
        (Wdl::BlessedLoss, true) => -100_000 + d,
        (Wdl::Loss, _) | (Wdl::BlessedLoss, false) => -200_000 + d,
    };
    RootMove {
        mv,
        wdl,
        dtz,
        rank,
        score: score(wdl.under_rule50(rule50), dtz.max(1)),
    }
}

/// One set of tables for all unit tests: pyrrhic-rs allows one instance
/// per process, and the tests run on threads of one process. The 3- and
/// 4-man tables are kept in the repository (`tests/data/syzygy`).
#[cfg(test)]
pub fn test_tables() -> Option<std::sync::Arc<Tablebases>> {
    use std::sync::{Arc, OnceLock};
    static TABLES: OnceLock<Option<Arc<Tablebases>>> = OnceLock::new();
    TABLES
        .get_or_init(|| {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
            Tablebases::open(path).ok().map(Arc::new)
        })
        .clone()
}

#[cfg(test)]
mod tests;
