//! Dead positions (FIDE 5.2.2) and "can this side ever checkmate?" (6.9).
//!
//! Three proofs, cheapest first:
//! 1. Material ([`is_dead_by_material`]): K v K, K+B v K, K+N v K, and
//!    kings with bishops that all stand on squares of one colour.
//! 2. A frozen blockade ([`super::blockade`]): the pawns can never change
//!    and no piece can ever give check (static, no search).
//! 3. A search ([`mate_reachable`]) over every position reachable by legal
//!    moves, both sides moving as they like, remembered in a set so that
//!    each is expanded once. If the set is exhausted and none of its
//!    positions is checkmate, no sequence of legal moves can end in mate:
//!    the position is dead. This proves a position whose only moves lead
//!    to K v K, or a wall that locks after a few moves. The search stops
//!    after a cap of positions and then proves nothing: "unproven" is
//!    treated as alive, so a position is never called dead without a proof.
//!    A quick best-first search for a mate ([`super::helpmate`]) runs
//!    before it and settles most live positions at once.
//!
//! Positions in the set are compared exactly (placement, side to move,
//! castling rights and the en-passant file that the key counts), not only
//! by key, so a key collision cannot merge two positions and fake a proof.
//! The clocks are ignored: 5.2.2 asks about legal moves only, and ignoring
//! the 75-move rule can only make more positions reachable.

use super::blockade::check_is_impossible;
use super::draw::{has_only_king, is_dead_by_material};
use super::helpmate::{EXPANSION_BUDGET, helpmate_found};
use crate::board::{Board, Color, PieceKind};
use crate::movegen::{MoveList, generate_legal};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// The default bound on positions explored by [`mate_reachable`].
///
/// A locked pawn wall with both kings roaming is a few thousand positions,
/// with a wrong-coloured bishop on each side 66,240 (the blockade proof
/// settles both without searching). The cap bounds the time of an
/// unproven (alive) answer to about 0.1 s and 40 MB (release build).
pub const POSITION_CAP: usize = 200_000;

/// What the search over reachable positions found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateReach {
    /// A checkmate (by the side asked about) is reachable by legal moves.
    Reachable,
    /// Every reachable position was examined; none is such a checkmate.
    Unreachable { positions: usize },
    /// The cap was hit first: nothing is proven.
    Unknown { positions: usize },
}

/// Why a position is dead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadReason {
    /// Not enough material for any mate; the text names it (`K+B v K`).
    Material(String),
    /// Every position reachable by legal moves was examined: none is mate.
    NoMateReachable { positions: usize },
    /// The pawns are frozen and no piece can ever give check
    /// ([`super::blockade`]).
    Blockade,
}

/// Why a side can never checkmate (FIDE 6.9, for a time forfeit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CannotMate {
    /// The side has nothing but its king.
    LoneKing,
    /// The position is dead: nobody can mate.
    Dead(DeadReason),
    /// Every reachable position was examined: none is mate by this side.
    NoMateReachable { positions: usize },
    /// The pawns are frozen and no piece of this side can ever give check.
    Blockade,
}

/// FIDE 5.2.2: `Some(reason)` when no sequence of legal moves can end in
/// checkmate, as far as can be proven within [`POSITION_CAP`] positions.
pub fn dead_position(board: &Board) -> Option<DeadReason> {
    dead_position_within(board, POSITION_CAP)
}

/// [`dead_position`] with an explicit cap on positions explored.
pub fn dead_position_within(board: &Board, cap: usize) -> Option<DeadReason> {
    if is_dead_by_material(board) {
        return Some(DeadReason::Material(material_signature(board)));
    }
    if check_is_impossible(board, None) {
        return Some(DeadReason::Blockade);
    }
    // A mate found quickly shows the position alive, sparing the
    // exhaustive search its wander (the stronger side's mate first).
    let strong = stronger_side(board);
    if helpmate_found(board, strong, EXPANSION_BUDGET)
        || helpmate_found(board, !strong, EXPANSION_BUDGET)
    {
        return None;
    }
    match mate_reachable(board, None, cap) {
        MateReach::Unreachable { positions } => Some(DeadReason::NoMateReachable { positions }),
        MateReach::Reachable | MateReach::Unknown { .. } => None,
    }
}

/// FIDE 6.9: `Some(reason)` when `color` cannot checkmate its opponent by
/// any sequence of legal moves (proven within [`POSITION_CAP`] positions);
/// `None` when it can, or when that is not proven.
pub fn cannot_ever_mate(board: &Board, color: Color) -> Option<CannotMate> {
    if has_only_king(board, color) {
        return Some(CannotMate::LoneKing);
    }
    if is_dead_by_material(board) {
        return Some(CannotMate::Dead(DeadReason::Material(material_signature(
            board,
        ))));
    }
    if helpmate_found(board, color, EXPANSION_BUDGET) {
        return None;
    }
    if let Some(reason) = dead_position(board) {
        return Some(CannotMate::Dead(reason));
    }
    if check_is_impossible(board, Some(color)) {
        return Some(CannotMate::Blockade);
    }
    match mate_reachable(board, Some(color), POSITION_CAP) {
        MateReach::Unreachable { positions } => Some(CannotMate::NoMateReachable { positions }),
        MateReach::Reachable | MateReach::Unknown { .. } => None,
    }
}

/// The side with more material (pawn 1, minor 3, rook 5, queen 9); White
/// when even.
fn stronger_side(board: &Board) -> Color {
    let mut balance = 0i32;
    for (_, p) in board.pieces() {
        let value = match p.kind() {
            Some(PieceKind::Pawn) => 1,
            Some(PieceKind::Knight | PieceKind::Bishop) => 3,
            Some(PieceKind::Rook) => 5,
            Some(PieceKind::Queen) => 9,
            _ => 0,
        };
        balance += if p.color() == Color::White {
            value
        } else {
            -value
        };
    }
    if balance >= 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Searches the positions reachable from `board` by legal moves for a
/// checkmate, delivered by `by` (or by either side when `None`), exploring
/// at most `cap` distinct positions.
pub fn mate_reachable(board: &Board, by: Option<Color>, cap: usize) -> MateReach {
    search(board, by, cap, true)
}

/// The search; `blockades` lets it stop at positions that the static
/// blockade proof settles (off only to check one proof against the other).
fn search(board: &Board, by: Option<Color>, cap: usize, blockades: bool) -> MateReach {
    let mut seen: HashSet<PositionId, BuildHasherDefault<KeyHasher>> = HashSet::default();
    let mut stack = vec![*board];
    seen.insert(PositionId::of(board));
    let mut moves = MoveList::new();
    while let Some(b) = stack.pop() {
        // Leaves that can lead to no mate we look for: dead material for
        // everyone, a lone king for the side that should mate, and a
        // frozen blockade that no piece can see through.
        if is_dead_by_material(&b)
            || by.is_some_and(|c| has_only_king(&b, c))
            || (blockades && check_is_impossible(&b, by))
        {
            continue;
        }
        moves.clear();
        generate_legal(&b, &mut moves);
        if moves.is_empty() {
            let mated = b.side_to_move();
            if b.in_check() && by.is_none_or(|c| c != mated) {
                return MateReach::Reachable;
            }
            continue;
        }
        for &m in moves.iter() {
            let next = b.make(m);
            if seen.insert(PositionId::of(&next)) {
                if seen.len() > cap {
                    log::debug!("dead-position proof gave up after {cap} positions");
                    return MateReach::Unknown { positions: cap };
                }
                stack.push(next);
            }
        }
    }
    MateReach::Unreachable {
        positions: seen.len(),
    }
}

/// The material as a person reads it, white first: `K+B v K`, `K+B+B v K+B`.
pub fn material_signature(board: &Board) -> String {
    let side = |c: Color| {
        let mut text = String::from("K");
        for kind in [
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Pawn,
        ] {
            let n = board
                .pieces()
                .filter(|(_, p)| p.is_color(c) && p.kind() == Some(kind))
                .count();
            for _ in 0..n {
                text.push('+');
                text.push(kind.letter().to_ascii_uppercase());
            }
        }
        text
    };
    format!("{} v {}", side(Color::White), side(Color::Black))
}

/// A position exactly: placement (a nibble per square), side to move,
/// castling rights, and the key (which also carries the en-passant file
/// when the capture is legal). Hashed by the key alone.
#[derive(Clone, Copy, PartialEq, Eq)]
struct PositionId {
    key: u64,
    placement: [u64; 4],
    side_and_castling: u8,
}

impl PositionId {
    fn of(b: &Board) -> PositionId {
        let mut placement = [0u64; 4];
        for (sq, p) in b.pieces() {
            let i = sq.index64() as usize;
            placement[i / 16] |= u64::from(p.0) << ((i % 16) * 4);
        }
        PositionId {
            key: b.key(),
            placement,
            side_and_castling: b.side_to_move() as u8 | b.castling_rights() << 1,
        }
    }
}

impl Hash for PositionId {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.key);
    }
}

/// The Zobrist key is already uniformly spread: use it as the hash.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 ^= v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    fn mate_reachable_unaided(board: &Board) -> MateReach {
        search(board, None, POSITION_CAP, false)
    }

    #[test]
    fn material_layer_names_the_material() {
        assert_eq!(
            dead_position(&b("8/8/4k3/8/8/3KB3/8/8 w - - 0 1")),
            Some(DeadReason::Material("K+B v K".into()))
        );
        assert_eq!(
            material_signature(&b("8/8/1b2k3/8/8/3KB3/5B2/8 w - - 0 1")),
            "K+B+B v K+B"
        );
    }

    #[test]
    fn locked_pawn_wall_is_dead() {
        // Both proofs, the static one and the search, agree on the walls
        // small enough to search.
        for fen in [
            "8/4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1",
            // Without the a-pawns the b-pawns still close the wall.
            "8/4k3/8/1p1p1p1p/1PpPpPpP/2P1P1P1/8/4K3 w - - 0 1",
            "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1",
            "2b5/4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/2B1K3 w - - 0 1",
        ] {
            let board = b(fen);
            assert_eq!(dead_position(&board), Some(DeadReason::Blockade), "{fen}");
            assert!(check_is_impossible(&board, None));
            assert!(
                matches!(
                    mate_reachable_unaided(&board),
                    MateReach::Unreachable { .. }
                ),
                "{fen}"
            );
        }
        assert!(matches!(
            mate_reachable_unaided(&b("8/4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1")),
            MateReach::Unreachable { positions: 768 }
        ));
        // Without the a- and b-pawns the kings can walk round it: alive.
        let open = b("8/4k3/8/3p1p1p/2pPpPpP/2P1P1P1/8/4K3 w - - 0 1");
        assert_eq!(dead_position(&open), None);
    }

    /// Random frozen-looking pawn structures with a few pieces: whenever the
    /// static blockade proof says "no check ever", the search, when it can
    /// finish, must find no mate either (and never a reachable mate).
    #[test]
    fn blockade_proof_never_contradicts_the_search() {
        let (proven, agreed) = cross_check_blockades(1000, 1);
        assert!(proven > 0 && agreed > 0, "{proven} {agreed}");
    }

    #[test]
    #[ignore = "slow: a larger sample of the cross-check"]
    fn blockade_proof_never_contradicts_the_search_large() {
        let (proven, agreed) = cross_check_blockades(20_000, 7);
        eprintln!("{proven} proven by the blockade, {agreed} of them also searched out");
    }

    #[allow(clippy::needless_range_loop)]
    fn cross_check_blockades(samples: usize, seed: u64) -> (usize, usize) {
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |n: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % n
        };
        let (mut proven, mut agreed) = (0, 0);
        let mut tried = 0;
        while tried < samples {
            let mut grid = [['.'; 8]; 8]; // [rank][file]
            // Pawn pairs: a white pawn with a black pawn right in front.
            for file in 0..8 {
                if next(8) != 0 {
                    let r = 2 + next(3) as usize; // white pawn on ranks 3..5
                    grid[r][file] = 'P';
                    grid[r + 1][file] = 'p';
                }
            }
            // Kings behind their pawns, pieces mostly bishops, anywhere.
            let mut units = vec![('K', 0..2), ('k', 6..8)];
            for _ in 0..next(4) {
                let c = b"BBBbbbNRQnrq"[next(12) as usize] as char;
                units.push((c, 0..8));
            }
            for (c, ranks) in units {
                loop {
                    let r = ranks.start + next(ranks.len() as u64) as usize;
                    let f = next(8) as usize;
                    if grid[r][f] == '.' {
                        grid[r][f] = c;
                        break;
                    }
                }
            }
            let mut fen = String::new();
            for r in (0..8).rev() {
                let mut empty = 0;
                for f in 0..8 {
                    if grid[r][f] == '.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(grid[r][f]);
                    }
                }
                if empty > 0 {
                    fen.push_str(&empty.to_string());
                }
                if r > 0 {
                    fen.push('/');
                }
            }
            fen.push_str(if next(2) == 0 {
                " w - - 0 1"
            } else {
                " b - - 0 1"
            });
            let Ok(board) = Board::from_fen(&fen) else {
                continue;
            };
            tried += 1;
            if !check_is_impossible(&board, None) {
                continue;
            }
            proven += 1;
            match search(&board, None, 20_000, false) {
                MateReach::Reachable => panic!("blockade proof wrong: {fen}"),
                MateReach::Unreachable { .. } => agreed += 1,
                MateReach::Unknown { .. } => {}
            }
            for c in [Color::White, Color::Black] {
                assert!(check_is_impossible(&board, Some(c)), "{fen}");
                assert_ne!(
                    search(&board, Some(c), 20_000, false),
                    MateReach::Reachable,
                    "{fen}"
                );
            }
        }
        (proven, agreed)
    }

    #[test]
    fn forced_capture_to_bare_kings_is_dead() {
        let forced = b("7k/8/8/8/8/8/1q6/K7 w - - 0 1");
        assert_eq!(
            mate_reachable(&forced, None, 100),
            MateReach::Unreachable { positions: 2 }
        );
        assert!(dead_position(&forced).is_some());
    }

    #[test]
    fn alive_material_is_never_dead() {
        for fen in [
            "8/8/4k3/8/8/2NKN3/8/8 w - - 0 1",
            "8/8/2n1k3/8/8/3KN3/8/8 w - - 0 1",
            "8/8/2b1k3/8/8/3KB3/8/8 w - - 0 1",
            "8/8/2n1k3/8/8/3KB3/8/8 w - - 0 1",
            "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",
        ] {
            assert_eq!(dead_position(&b(fen)), None, "{fen}");
        }
    }

    #[test]
    fn cap_means_unproven() {
        let start = Board::startpos();
        assert_eq!(
            mate_reachable(&start, None, 1000),
            MateReach::Unknown { positions: 1000 }
        );
    }

    #[test]
    fn who_can_mate() {
        // A lone king can never mate.
        let kq = b("8/8/4k3/8/8/3K4/8/6q1 w - - 0 1");
        assert_eq!(
            cannot_ever_mate(&kq, Color::White),
            Some(CannotMate::LoneKing)
        );
        assert_eq!(cannot_ever_mate(&kq, Color::Black), None);
        // K+N v K+Q: the knight can mate with the queen blocking the king.
        let knq = b("8/8/4k3/8/8/3KN3/8/6q1 w - - 0 1");
        assert_eq!(cannot_ever_mate(&knq, Color::White), None);
        // Behind a locked pawn wall neither side can ever mate.
        let wall = b("8/4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1");
        assert!(matches!(
            cannot_ever_mate(&wall, Color::White),
            Some(CannotMate::Dead(_))
        ));
    }
}
