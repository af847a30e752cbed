//! The legal move generator: every legal move of a position (or only its
//! captures and promotions, or only its quiet moves), written to a
//! `MoveSink`. Whether one given move is legal, without generating, is
//! `is_legal`'s question.
//!
//! Before generating anything, one walk outward from our king finds the
//! checkers (and the squares that block or capture them) and the pinned
//! pieces (and the line each may still move along). A move is then emitted
//! only when its target lies in both masks, so no move is ever made and taken
//! back to test it. The king's own steps are tested with the king lifted off
//! the board; en passant, which removes two pieces from one rank, is tested
//! by playing it on the occupancy set.

use super::move_list::MoveSink;
use crate::board::attacks::{
    Attackers, DIAGONAL, DIAGONAL_STEP, KING_STEPS, KNIGHT_STEP_DELTA, KNIGHT_STEPS, ORTHOGONAL,
    ORTHOGONAL_STEP, is_attacked, line_step, on_board, step,
};
use crate::board::bitboard::{
    DIAGONAL_RAYS, KING as KING_ATTACKS, KNIGHT as KNIGHT_ATTACKS, ORTHOGONAL_RAYS, RANK_1,
    bishop_attacks, pawn_attacks, rook_attacks,
};
use crate::board::{Board, Color, Move, Piece, PieceKind, Square, flag};

/// The 64-square bit of a 0x88 square.
#[inline(always)]
fn bit(sq: u8) -> u64 {
    1u64 << ((sq + (sq & 7)) >> 1)
}

#[inline(always)]
fn mv(from: u8, to: u8, flags: u16) -> Move {
    Move::new(Square(from), Square(to), flags)
}

/// Generates the legal quiet moves (castling included) if `QUIETS`, and
/// the legal captures and promotions (en passant included) if `TACTICAL`:
/// both for every legal move. In check it still gives only legal ones.
pub fn generate<S: MoveSink, const QUIETS: bool, const TACTICAL: bool>(b: &Board, sink: &mut S) {
    let us = b.side;
    let them = !us;
    let sq = &b.squares;
    let ksq = b.king[us.index()].0;
    let them_bits = (them as u8) << 3;
    let their_pawn = PieceKind::Pawn as u8 | them_bits;
    let is_ours = |p: u8| p != 0 && (p >> 3) == us as u8;

    // Step 1. Checkers and pins: look at each enemy slider on a line with
    // our king; nothing between is a check, exactly one of ours a pin.
    let mut checkers = 0u32;
    let mut check_mask = 0u64;
    let mut pinned = 0u64;
    let mut pins = [(0u64, 0u64); 8];
    let mut pin_count = 0;
    for (mut set, table) in [
        (b.diagonal[them.index()], &DIAGONAL_STEP),
        (b.orthogonal[them.index()], &ORTHOGONAL_STEP),
    ] {
        while set != 0 {
            let s = Square::from_index64(set.trailing_zeros() as u8).0;
            set &= set - 1;
            let d = line_step(table, ksq, s);
            if d == 0 {
                continue;
            }
            let mut blocker = 0u8;
            let mut between = 0;
            let mut x = step(ksq, d);
            while x != s {
                if !sq[x as usize].is_empty() {
                    between += 1;
                    blocker = x;
                    if between > 1 || !is_ours(sq[x as usize].0) {
                        break;
                    }
                }
                x = step(x, d);
            }
            if between == 0 {
                checkers += 1;
                check_mask |= ray(ksq, s, d);
            } else if between == 1 && x == s {
                pinned |= bit(blocker);
                pins[pin_count] = (bit(blocker), ray(ksq, s, d));
                pin_count += 1;
            }
        }
    }
    let mut their_knights = b.knights(them);
    while their_knights != 0 {
        let s = Square::from_index64(their_knights.trailing_zeros() as u8).0;
        their_knights &= their_knights - 1;
        if KNIGHT_STEP_DELTA[(ksq as i16 - s as i16 + 119) as usize] {
            checkers += 1;
            check_mask |= bit(s);
        }
    }
    let fwd = us.forward();
    for d in [fwd - 1, fwd + 1] {
        let s = step(ksq, d);
        if on_board(s) && sq[s as usize].0 == their_pawn {
            checkers += 1;
            check_mask |= bit(s);
        }
    }

    // Step 2. King steps, tested with the king lifted off the board (for
    // captures alone, only when some enemy piece stands next to it).
    let attackers = b.attackers(them);
    let lifted = b.occupancy() & !bit(ksq);
    let king_moves =
        QUIETS || KING_ATTACKS[Square(ksq).index64() as usize] & b.occupied[them.index()] != 0;
    if king_moves {
        for d in KING_STEPS {
            let t = step(ksq, d);
            if !on_board(t) {
                continue;
            }
            let p = sq[t as usize].0;
            if is_ours(p) || (!QUIETS && p == 0) || (!TACTICAL && p != 0) {
                continue;
            }
            if !is_attacked(attackers, Square(t), them, lifted) {
                sink.push(mv(ksq, t, if p == 0 { flag::QUIET } else { flag::CAPTURE }));
            }
        }
    }
    if checkers >= 2 {
        return; // double check: only the king can move
    }

    // Step 3. Castling, by the one rule that serves the standard game and
    // Chess960 alike: every square the king or the rook crosses or lands on
    // is empty but for those two, and the king is not in check and crosses
    // or lands on no attacked square. The king goes to the g- or c-file, the
    // rook to the f- or d-file; either may already stand there.
    if QUIETS && checkers == 0 && b.castling != 0 {
        castling_moves(b, ksq, attackers, sink);
    }

    // Step 4. Every other piece: targets must block or capture a single
    // checker, and a pinned piece must stay on its line. Most pieces in most
    // positions are under neither constraint and skip the mask tests.
    let target = if checkers == 1 { check_mask } else { !0u64 };
    let pins = &pins[..pin_count];
    let pawns = b.pawns[us.index()];
    let diagonal = b.diagonal[us.index()];
    let orthogonal = b.orthogonal[us.index()];
    // A pinned knight never stays on its line.
    let knights = b.occupied[us.index()] & !(pawns | diagonal | orthogonal | bit(ksq)) & !pinned;
    let c = Constraints {
        checked: checkers != 0,
        pinned,
        target,
        pins,
    };
    // For captures and promotions alone, the pawns are looked at only when
    // one of them stands on the seventh rank or attacks an enemy piece or
    // the en-passant square: most have none.
    let pawn_tactics = QUIETS || {
        let white = us == Color::White;
        let seventh = if white { RANK_1 << 48 } else { RANK_1 << 8 };
        let targets = b.occupied[them.index()] | b.en_passant().map_or(0, Square::bit);
        pawns & seventh != 0 || pawn_attacks(pawns, white) & targets != 0
    };
    if pawn_tactics {
        pieces_of_kind::<S, QUIETS, TACTICAL, PAWN>(b, pawns, &c, sink);
    }
    pieces_of_kind::<S, QUIETS, TACTICAL, KNIGHT>(b, knights, &c, sink);
    // Queens are in both slider sets and so move along both kinds of line.
    pieces_of_kind::<S, QUIETS, TACTICAL, DIAGONAL_SLIDER>(b, diagonal, &c, sink);
    pieces_of_kind::<S, QUIETS, TACTICAL, ORTHOGONAL_SLIDER>(b, orthogonal, &c, sink);
}

/// Step 3 of `generate`: the castling moves of the side to move, which is
/// not in check and holds some castling right. King side first.
#[inline(always)]
pub(super) fn castling_moves<S: MoveSink>(b: &Board, ksq: u8, attackers: Attackers, sink: &mut S) {
    let us = b.side;
    let them = !us;
    let rank = ksq & 0x70;
    // Our first rank's occupancy, one bit per file.
    let rank_shift = rank >> 1;
    let first_rank = ((b.occupied[0] | b.occupied[1]) >> rank_shift) as u8;
    for queen_side in [false, true] {
        let index = us.index() * 2 + usize::from(queen_side);
        if b.castling & (1 << index) == 0 {
            continue;
        }
        if first_rank & b.castling_stretch[index] != 0 {
            continue;
        }
        let rook = b.castling_rooks[index].0;
        let king_to = if queen_side { rank | 2 } else { rank | 6 };
        // The king's squares are tested with the king and the rook lifted:
        // the rook may stand between an enemy rook or queen on the back
        // rank and the king's target (Chess960: king d1 or c1, rook b1,
        // queen a1). Only an enemy line piece on our back rank can be hidden so.
        let mut lifted = b.occupancy() & !bit(ksq);
        if (b.orthogonal[them.index()] >> rank_shift) as u8 != 0 {
            lifted &= !bit(rook);
        }
        let attacked = |s: u8| is_attacked(attackers, Square(s), them, lifted);
        let d: i8 = if king_to > ksq { 1 } else { -1 };
        let mut s = ksq;
        let mut safe = true;
        while safe && s != king_to {
            s = step(s, d);
            safe = !attacked(s);
        }
        // A king already on its target is not in check, but the rook that
        // leaves may have been shielding it (king c1, rook b1, queen a1).
        if ksq == king_to {
            safe = !attacked(king_to);
        }
        if safe {
            let flags = if queen_side {
                flag::CASTLE_QUEEN
            } else {
                flag::CASTLE_KING
            };
            sink.push(mv(ksq, king_to, flags));
        }
    }
}

const PAWN: u8 = 0;
const KNIGHT: u8 = 1;
const DIAGONAL_SLIDER: u8 = 2;
const ORTHOGONAL_SLIDER: u8 = 3;

/// What limits the targets of the pieces other than the king.
struct Constraints<'a> {
    checked: bool,
    pinned: u64,
    /// Blocking or capturing squares of a single check (all squares when
    /// not in check).
    target: u64,
    /// `(pinned piece's bit, the line it may move along)`.
    pins: &'a [(u64, u64)],
}

/// The moves of every piece in `set`, all of kind `KIND`.
#[inline(always)]
fn pieces_of_kind<S: MoveSink, const QUIETS: bool, const TACTICAL: bool, const KIND: u8>(
    b: &Board,
    mut set: u64,
    c: &Constraints,
    sink: &mut S,
) {
    while set != 0 {
        let from_bit = set & set.wrapping_neg();
        let from = Square::from_index64(set.trailing_zeros() as u8).0;
        set &= set - 1;
        if !c.checked && c.pinned & from_bit == 0 {
            piece_moves::<S, QUIETS, TACTICAL, false, KIND>(b, from, !0, sink);
            continue;
        }
        let mut allowed = c.target;
        if c.pinned & from_bit != 0 {
            for &(pb, ray) in c.pins {
                if pb == from_bit {
                    allowed &= ray;
                }
            }
        }
        if allowed != 0 {
            piece_moves::<S, QUIETS, TACTICAL, true, KIND>(b, from, allowed, sink);
        }
    }
}

/// The moves of the non-king piece on `from`. With `MASKED`, only moves to
/// squares in `allowed`; without, `allowed` is ignored.
#[inline(always)]
fn piece_moves<
    S: MoveSink,
    const QUIETS: bool,
    const TACTICAL: bool,
    const MASKED: bool,
    const KIND: u8,
>(
    b: &Board,
    from: u8,
    allowed: u64,
    sink: &mut S,
) {
    let sq = &b.squares;
    let us = b.side;
    let them = !us;
    let ok = |t: u8| !MASKED || allowed & bit(t) != 0;
    match KIND {
        PAWN => {
            let fwd = us.forward();
            let (start_rank, promo_rank) = if us == Color::White { (1, 7) } else { (6, 0) };
            let t = step(from, fwd);
            if sq[t as usize].is_empty() {
                if t >> 4 == promo_rank {
                    if TACTICAL && ok(t) {
                        for k in (0..4).rev() {
                            sink.push(mv(from, t, flag::PROMOTION | k));
                        }
                    }
                } else if QUIETS {
                    if ok(t) {
                        sink.push(mv(from, t, flag::QUIET));
                    }
                    if from >> 4 == start_rank {
                        let t2 = step(t, fwd);
                        if sq[t2 as usize].is_empty() && ok(t2) {
                            sink.push(mv(from, t2, flag::DOUBLE_PUSH));
                        }
                    }
                }
            }
            if !TACTICAL {
                return;
            }
            for d in [fwd - 1, fwd + 1] {
                let t = step(from, d);
                if !on_board(t) {
                    continue;
                }
                let p = sq[t as usize];
                if !p.is_empty() {
                    if p.color() == them && ok(t) {
                        if t >> 4 == promo_rank {
                            for k in (0..4).rev() {
                                sink.push(mv(from, t, flag::PROMO_CAPTURE | k));
                            }
                        } else {
                            sink.push(mv(from, t, flag::CAPTURE));
                        }
                    }
                } else if t == b.ep && en_passant_is_safe(b, from, t) {
                    sink.push(mv(from, t, flag::EN_PASSANT));
                }
            }
        }
        KNIGHT => {
            // Captures alone: most knights have none, found by one set.
            if !QUIETS
                && KNIGHT_ATTACKS[Square(from).index64() as usize]
                    & b.occupied[them.index()]
                    & allowed
                    == 0
            {
                return;
            }
            for d in KNIGHT_STEPS {
                let t = step(from, d);
                if on_board(t) && ok(t) {
                    let p = sq[t as usize];
                    if p.is_empty() {
                        if QUIETS {
                            sink.push(mv(from, t, flag::QUIET));
                        }
                    } else if TACTICAL && p.color() == them {
                        sink.push(mv(from, t, flag::CAPTURE));
                    }
                }
            }
        }
        DIAGONAL_SLIDER => slide::<S, QUIETS, TACTICAL, MASKED>(b, from, true, allowed, sink),
        _ => slide::<S, QUIETS, TACTICAL, MASKED>(b, from, false, allowed, sink),
    }
}

/// A slider's moves along the diagonals (`diagonal`) or the ranks and files.
#[inline(always)]
fn slide<S: MoveSink, const QUIETS: bool, const TACTICAL: bool, const MASKED: bool>(
    b: &Board,
    from: u8,
    diagonal: bool,
    allowed: u64,
    sink: &mut S,
) {
    if QUIETS {
        let dirs = if diagonal { &DIAGONAL } else { &ORTHOGONAL };
        walk::<S, QUIETS, TACTICAL, MASKED>(&b.squares, from, dirs, allowed, !b.side, sink);
    } else if TACTICAL {
        captures_by_sets::<S, MASKED>(b, from, diagonal, allowed, sink);
    }
}

#[inline(always)]
fn walk<S: MoveSink, const QUIETS: bool, const TACTICAL: bool, const MASKED: bool>(
    sq: &[Piece; 128],
    from: u8,
    dirs: &[i8; 4],
    allowed: u64,
    them: Color,
    sink: &mut S,
) {
    for &d in dirs {
        let mut t = step(from, d);
        while on_board(t) {
            let p = sq[t as usize];
            if p.is_empty() {
                if QUIETS && (!MASKED || allowed & bit(t) != 0) {
                    sink.push(mv(from, t, flag::QUIET));
                }
            } else {
                if TACTICAL && p.color() == them && (!MASKED || allowed & bit(t) != 0) {
                    sink.push(mv(from, t, flag::CAPTURE));
                }
                break;
            }
            t = step(t, d);
        }
    }
}

/// A slider's captures alone, direction by direction in the order of
/// `DIAGONAL` or `ORTHOGONAL` (the order of `walk`), found by sets: the slider's attack set,
/// split by the rays of each direction, without walking the empty squares.
#[inline(always)]
fn captures_by_sets<S: MoveSink, const MASKED: bool>(
    b: &Board,
    from: u8,
    diagonal: bool,
    allowed: u64,
    sink: &mut S,
) {
    let f = Square(from).index64() as usize;
    let occupancy = b.occupancy();
    let mut attacks = if diagonal {
        bishop_attacks(f, occupancy)
    } else {
        rook_attacks(f, occupancy)
    };
    if MASKED {
        attacks &= allowed;
    }
    let rays = if diagonal {
        &DIAGONAL_RAYS
    } else {
        &ORTHOGONAL_RAYS
    };
    let captures = attacks & b.occupied[(!b.side).index()];
    if captures == 0 {
        return;
    }
    for ray in rays {
        // At most one: the first piece along the ray.
        let capture = captures & ray[f];
        if capture != 0 {
            let t = Square::from_index64(capture.trailing_zeros() as u8).0;
            sink.push(mv(from, t, flag::CAPTURE));
        }
    }
}

/// The squares from `from` (exclusive) to `to` (inclusive), walking by `d`.
#[inline]
fn ray(from: u8, to: u8, d: i8) -> u64 {
    let mut mask = 0;
    let mut x = from;
    loop {
        x = step(x, d);
        mask |= bit(x);
        if x == to {
            return mask;
        }
    }
}

/// Plays the en-passant capture on the sets and looks at the king: this
/// covers pins, checks and the rank that empties behind two pawns.
pub(super) fn en_passant_is_safe(b: &Board, from: u8, to: u8) -> bool {
    let us = b.side;
    let victim = (to as i16 - us.forward() as i16) as u8;
    let occupancy = (b.occupancy() & !(bit(from) | bit(victim))) | bit(to);
    let mut attackers = b.attackers(!us);
    attackers.pawns &= !bit(victim);
    !is_attacked(attackers, b.king[us.index()], !us, occupancy)
}

#[cfg(test)]
mod tests {
    use crate::board::{Board, Move};
    use crate::movegen::{
        MoveList, STANDARD_SUITES, generate_quiet, generate_tactical, legal_moves, suite_fens,
    };

    /// The tactical and the quiet generators split the legal moves: every
    /// legal move comes from exactly one of them, the tactical ones being
    /// the captures and promotions. Every position of every perft suite and
    /// each position one move later.
    #[test]
    fn tactical_and_quiet_split_the_legal_moves_on_the_perft_suites() {
        let mut names = STANDARD_SUITES.to_vec();
        names.extend(["double-chess960", "chess960"]);
        let mut positions = 0usize;
        for fen in suite_fens(&names) {
            let root = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let mut boards = vec![root];
            boards.extend(legal_moves(&root).iter().map(|&m| root.make(m)));
            for b in boards {
                let (mut tactical, mut quiet) = (MoveList::new(), MoveList::new());
                generate_tactical(&b, &mut tactical);
                generate_quiet(&b, &mut quiet);
                assert!(tactical.iter().all(|m| m.is_tactical()), "{}", b.to_fen());
                assert!(quiet.iter().all(|m| !m.is_tactical()), "{}", b.to_fen());
                let mut split: Vec<Move> = tactical.iter().chain(quiet.iter()).copied().collect();
                let mut all: Vec<Move> = legal_moves(&b).iter().copied().collect();
                split.sort_by_key(|m| m.0);
                all.sort_by_key(|m| m.0);
                assert_eq!(split, all, "{}", b.to_fen());
                positions += 1;
            }
        }
        assert!(positions > 10_000, "{positions} positions");
    }

    /// `Board::key_after` gives the child's key for every legal move of
    /// every perft-suite position and its children, but for the two
    /// changes it leaves out: castling rights lost, and a new en-passant
    /// square in the key.
    #[test]
    fn key_after_agrees_with_make_but_for_castling_rights_and_en_passant() {
        let mut names = STANDARD_SUITES.to_vec();
        names.extend(["double-chess960", "chess960"]);
        let (mut same, mut left_out) = (0usize, 0usize);
        for fen in suite_fens(&names) {
            let root = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let mut boards = vec![root];
            boards.extend(legal_moves(&root).iter().map(|&m| root.make(m)));
            for b in boards {
                for m in legal_moves(&b).iter().copied().chain([Move::NULL]) {
                    if m.is_null() && b.in_check() {
                        continue;
                    }
                    let child = b.make(m);
                    // A new en-passant square is set only when it is in the key.
                    let exact = child.castling_rights() == b.castling_rights()
                        && child.en_passant().is_none();
                    if exact {
                        assert_eq!(b.key_after(m), child.key(), "{m} in {}", b.to_fen());
                        same += 1;
                    } else {
                        left_out += 1;
                    }
                }
            }
        }
        assert!(
            same > 1_000_000 && left_out > 1_000,
            "{same} exact, {left_out} left out"
        );
    }
}
