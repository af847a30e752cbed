//! `ladya datagen`: self-play games at a fixed soft node count per move,
//! written as game records (`gamefile`) for the network trainer and, through
//! `ladya convert`, for the Texel tuner.
//!
//! Each game starts from a random line of an opening book (EPD/FEN, one
//! position per line) followed by 2 or 4 random legal plies, so that two
//! games rarely share a position. The count is even so that neither side
//! gets more random moves than the other (1-5 plies, as before, skewed the
//! results towards the side that played fewer random moves). With a
//! second book (`Books::frc`, e.g. Chess960 start arrays), a share of
//! the games (`Config::frc_share`) draws its line from that one instead.
//!
//! Opening verification (as Reckless's and Stormphrax's datagen do): a
//! search of `verify_nodes` soft nodes scores the start after the random
//! plies, and a start beyond ±`verify_cp` (or with a mate found) is
//! dropped for another draw of line and plies, so that games do not begin
//! already decided. Every move is recorded with the score its search gave
//! (White's view); nothing is filtered here.
//!
//! A move's search stops after the first iteration that ends past the
//! soft node count (`--nodes`), or at eight times that in mid-iteration.
//!
//! Games end by the rules (mate, stalemate, threefold repetition, the
//! fifty-move rule, dead material), or by adjudication: a win once both
//! sides' searches agree on at least `WIN_SCORE` for `WIN_PLIES` plies in a
//! row, a draw after ply `DRAW_AFTER` once the score stays within
//! `DRAW_SCORE` for `DRAW_PLIES` plies, and a draw at `MAX_PLIES`.
//!
//! The run is reproducible: game `i` uses a random generator seeded with
//! `seed + i` (for its book, line, random plies and redraws), searches are
//! limited by nodes, not time, and the searcher's tables are cleared
//! before the verification and again before the game, so neither depends
//! on the games the thread played before.

use super::gamefile::{self, GameRecord};
use crate::board::{Board, Color, Move};
use crate::movegen::legal_moves;
use crate::rules::Game;
use crate::rules::draw::{is_dead_by_material, is_fifty_move_draw, is_repetition_draw};
use crate::search::{Limits, Score, SearchControl, SearchEvent, Searcher};
use crate::tool::Rng;
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

const WIN_SCORE: i32 = 1000;
const WIN_PLIES: u32 = 6;
const DRAW_SCORE: i32 = 10;
const DRAW_PLIES: u32 = 12;
const DRAW_AFTER: usize = 80;
const MAX_PLIES: usize = 400;
/// The hard node limit of a move, as a multiple of the soft one: an
/// iteration that starts before the soft limit may finish, up to this.
const HARD_NODES_FACTOR: u64 = 8;
const HASH_MB: usize = 16;

/// A start beyond the verification's bound is drawn again, at most this
/// many times in all; the last start drawn is then played as it is.
const MAX_START_DRAWS: usize = 1000;

/// The settings of one run.
pub struct Config {
    pub games: usize,
    pub nodes: u64,
    pub threads: usize,
    pub seed: u64,
    /// Soft nodes of the start's verification search (0: no verification).
    pub verify_nodes: u64,
    /// The largest verified score (centipawns, either side) a start may have.
    pub verify_cp: i32,
    /// The share of games (0..=1) whose line comes from the second book.
    pub frc_share: f64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            games: 1000,
            nodes: 5000,
            threads: 1,
            seed: 1,
            verify_nodes: 5000,
            verify_cp: 400,
            frc_share: 0.1,
        }
    }
}

/// The books a run draws its lines from.
pub struct Books<'a> {
    pub main: &'a [Board],
    /// Drawn from for `Config::frc_share` of the games, when present.
    pub frc: Option<&'a [Board]>,
}

/// How a game's start was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Start {
    pub board: Board,
    /// Starts drawn and dropped by the verification before this one.
    pub dropped: usize,
    /// The verification's score of this start (side to move's view;
    /// `None` without verification, ±30,000 for a mate).
    pub score: Option<i32>,
}

/// Reads an opening book: the first four or six fields of each line.
pub fn read_book(text: &str) -> Result<Vec<Board>, String> {
    let mut boards = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().take(6).collect();
        if fields.is_empty() {
            continue;
        }
        let n = if fields.len() >= 6 && fields[4].parse::<u32>().is_ok() {
            6
        } else {
            4.min(fields.len())
        };
        let fen = fields[..n].join(" ");
        boards.push(Board::from_fen(&fen).map_err(|e| format!("line {}: {e}", i + 1))?);
    }
    if boards.is_empty() {
        return Err("the book has no position".into());
    }
    Ok(boards)
}

/// A random book line followed by 2 or 4 random legal plies (how many
/// were drawn is the second value).
fn draw_start(books: &Books, config: &Config, rng: &mut Rng) -> (Board, usize) {
    // The second book's draw comes first, and only when there is one, so
    // that a run without it plays the games it always did.
    let book = match books.frc {
        Some(frc) if rng.unit() < config.frc_share => frc,
        _ => books.main,
    };
    let line = book[rng.below(book.len())];
    let mut board = line;
    let plies = 2 + 2 * rng.below(2);
    for _ in 0..plies {
        let moves = legal_moves(&board);
        if moves.is_empty() {
            break;
        }
        board = board.make(moves.as_slice()[rng.below(moves.len())]);
    }
    // A random ply that ended the game leaves nothing to play: start over
    // from the book position itself.
    if legal_moves(&board).is_empty() {
        board = line;
    }
    (board, plies)
}

/// The search limits of one move (or of the verification): no new
/// iteration past `soft` nodes, a hard stop at `HARD_NODES_FACTOR` times.
fn node_limits(soft: u64) -> Limits {
    Limits {
        nodes: Some(soft * HARD_NODES_FACTOR),
        soft_nodes: Some(soft),
        ..Limits::default()
    }
}

/// The score of the last iteration the search of the game's position
/// finished (side to move's view) and its best move.
fn search_score(searcher: &mut Searcher, game: &Game, limits: &Limits) -> (Score, Option<Move>) {
    let mut score = Score::Cp(0);
    let result = searcher.search(game, limits, &SearchControl::default(), &mut |e| {
        if let SearchEvent::Iteration(it) = e
            && it.multipv == 1
        {
            score = it.score;
        }
    });
    (score, result.best)
}

/// A score in centipawns, a mate as ±30,000.
fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(m) if m > 0 => 30_000,
        Score::Mate(_) => -30_000,
    }
}

/// Draws starts until one passes the verification (or `MAX_START_DRAWS`
/// are spent).
pub fn choose_start(
    searcher: &mut Searcher,
    books: &Books,
    config: &Config,
    rng: &mut Rng,
) -> Start {
    let mut dropped = 0;
    loop {
        let (board, _) = draw_start(books, config, rng);
        if config.verify_nodes == 0 {
            return Start {
                board,
                dropped,
                score: None,
            };
        }
        searcher.clear();
        let (score, _) = search_score(
            searcher,
            &Game::new(board),
            &node_limits(config.verify_nodes),
        );
        let cp = centipawns(score);
        if (matches!(score, Score::Cp(_)) && cp.abs() <= config.verify_cp)
            || dropped + 1 >= MAX_START_DRAWS
        {
            return Start {
                board,
                dropped,
                score: Some(cp),
            };
        }
        dropped += 1;
    }
}

/// Plays one game from `board`: every position with the search's score,
/// and the result.
fn play_game(searcher: &mut Searcher, board: Board, config: &Config) -> GameRecord {
    let mut record = GameRecord {
        start: board,
        result: 1,
        moves: Vec::new(),
    };
    let mut game = Game::new(board);
    searcher.clear();
    let limits = node_limits(config.nodes);
    let (mut win_run, mut draw_run) = (0u32, 0u32);
    let mut last_sign = 0;
    for ply in 0.. {
        let board = *game.board();
        if legal_moves(&board).is_empty() {
            record.result = match (board.in_check(), board.side_to_move()) {
                (false, _) => 1,
                (true, Color::White) => 0,
                (true, Color::Black) => 2,
            };
            return record;
        }
        let keys: Vec<u64> = game.reversible_keys().collect();
        if is_fifty_move_draw(&board)
            || is_dead_by_material(&board)
            || is_repetition_draw(&keys, board.halfmove_clock(), keys.len())
            || ply >= MAX_PLIES
        {
            return record;
        }
        let (score, best) = search_score(searcher, &game, &limits);
        let Some(best) = best else {
            return record;
        };
        let cp = centipawns(score);
        let stored = match score {
            Score::Cp(cp) => gamefile::stored_cp(cp),
            Score::Mate(m) if m > 0 => gamefile::MATE_SCORE,
            Score::Mate(_) => -gamefile::MATE_SCORE,
        };
        let white = board.side_to_move() == Color::White;
        let (white_score, stored) = if white { (cp, stored) } else { (-cp, -stored) };
        record.moves.push((best, stored));
        // Adjudication.
        if white_score.abs() >= WIN_SCORE {
            let sign = white_score.signum();
            win_run = if sign == last_sign { win_run + 1 } else { 1 };
            last_sign = sign;
            if win_run >= WIN_PLIES {
                record.result = if sign > 0 { 2 } else { 0 };
                return record;
            }
        } else {
            win_run = 0;
            last_sign = 0;
        }
        draw_run = if white_score.abs() <= DRAW_SCORE {
            draw_run + 1
        } else {
            0
        };
        if game.moves().len() >= DRAW_AFTER && draw_run >= DRAW_PLIES {
            return record;
        }
        game.push(best);
    }
    unreachable!()
}

/// Plays `config.games` games on `config.threads` threads and appends each
/// finished game to `out` as one record, flushed at once; reports
/// progress (games, positions, positions/s, results, starts dropped by
/// the verification) on stderr.
pub fn run(books: &Books, config: &Config, out: &mut (impl Write + Send)) -> std::io::Result<()> {
    let next = AtomicUsize::new(0);
    let out = Mutex::new(out);
    // Positions, results (White's loss, draw, win), starts dropped.
    let totals = Mutex::new((0usize, [0usize; 3], 0usize));
    let error: Mutex<Option<std::io::Error>> = Mutex::new(None);
    let started = Instant::now();
    let report = |t: &(usize, [usize; 3], usize), done: usize| {
        let secs = started.elapsed().as_secs_f64().max(1e-3);
        let dropped = if config.verify_nodes > 0 {
            format!(
                ", starts beyond {} cp dropped: {} ({:.1}%)",
                config.verify_cp,
                t.2,
                100.0 * t.2 as f64 / (t.2 + done).max(1) as f64
            )
        } else {
            String::new()
        };
        eprintln!(
            "datagen: {done}/{} games, {} positions, {:.0} positions/s (white +{} ={} -{}){dropped}",
            config.games,
            t.0,
            t.0 as f64 / secs,
            t.1[2],
            t.1[1],
            t.1[0]
        );
    };
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::new(HASH_MB);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.games || error.lock().unwrap().is_some() {
                        break;
                    }
                    let mut rng = Rng(config.seed.wrapping_add(i as u64));
                    let start = choose_start(&mut searcher, books, config, &mut rng);
                    let record = play_game(&mut searcher, start.board, config);
                    let bytes = match record.encode() {
                        Ok(bytes) => bytes,
                        Err(e) => {
                            *error.lock().unwrap() = Some(std::io::Error::other(e.to_string()));
                            break;
                        }
                    };
                    {
                        let mut out = out.lock().unwrap();
                        if let Err(e) = out.write_all(&bytes).and_then(|_| out.flush()) {
                            *error.lock().unwrap() = Some(e);
                            break;
                        }
                    }
                    let mut t = totals.lock().unwrap();
                    t.0 += record.moves.len();
                    t.1[record.result as usize] += 1;
                    t.2 += start.dropped;
                    let done = t.1.iter().sum::<usize>();
                    if done % 50 == 0 {
                        report(&t, done);
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().unwrap() {
        return Err(e);
    }
    let t = totals.into_inner().unwrap();
    report(&t, t.1.iter().sum());
    out.into_inner().unwrap().flush()
}

/// `ladya datagen --starts-only`: the verification of `config.games`
/// starts (game `i`'s first draw, seeded as in `run`), without playing
/// them: how many the bound would drop, by the number of random plies,
/// and how the verified scores spread (White's view).
pub fn check_starts(books: &Books, config: &Config, out: &mut impl Write) -> std::io::Result<()> {
    let threads = config.threads.max(1);
    let verify = node_limits(config.verify_nodes.max(1));
    let per_thread: Vec<Vec<(usize, Board, usize, Score)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let verify = &verify;
                scope.spawn(move || {
                    let mut searcher = Searcher::new(HASH_MB);
                    (t..config.games)
                        .step_by(threads)
                        .map(|i| {
                            let mut rng = Rng(config.seed.wrapping_add(i as u64));
                            let (board, plies) = draw_start(books, config, &mut rng);
                            searcher.clear();
                            let (score, _) = search_score(&mut searcher, &Game::new(board), verify);
                            (i, board, plies, score)
                        })
                        .collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut starts: Vec<_> = per_thread.into_iter().flatten().collect();
    starts.sort_by_key(|s| s.0);
    // Per plies (2, 4): starts, dropped; and the White-view scores.
    let mut by_plies = [(0usize, 0usize); 2];
    let (mut white_scores, mut kept) = (Vec::new(), Vec::new());
    for &(_, board, plies, score) in &starts {
        let cp = centipawns(score);
        let white = if board.side_to_move() == Color::White {
            cp
        } else {
            -cp
        };
        let dropped = !matches!(score, Score::Cp(_)) || cp.abs() > config.verify_cp;
        let slot = &mut by_plies[(plies / 2).saturating_sub(1).min(1)];
        slot.0 += 1;
        slot.1 += dropped as usize;
        white_scores.push(white.clamp(-3000, 3000));
        if !dropped {
            kept.push(white);
        }
    }
    let n = starts.len().max(1) as f64;
    let dropped = by_plies[0].1 + by_plies[1].1;
    writeln!(
        out,
        "{} starts verified at {} soft nodes: {dropped} beyond {} cp ({:.1}%): {} of {} with 2 random plies ({:.1}%), {} of {} with 4 ({:.1}%)",
        starts.len(),
        config.verify_nodes.max(1),
        config.verify_cp,
        100.0 * dropped as f64 / n,
        by_plies[0].1,
        by_plies[0].0,
        100.0 * by_plies[0].1 as f64 / by_plies[0].0.max(1) as f64,
        by_plies[1].1,
        by_plies[1].0,
        100.0 * by_plies[1].1 as f64 / by_plies[1].0.max(1) as f64,
    )?;
    for (name, scores) in [
        ("all starts, clamped to ±3000", &white_scores),
        ("the starts kept", &kept),
    ] {
        let mut sorted = scores.clone();
        sorted.sort_unstable();
        let at = |q: f64| {
            let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
            sorted.get(i).copied().unwrap_or(0)
        };
        writeln!(
            out,
            "White's view, {name}: mean {:+.1} cp, median {:+}, 10% {:+}, 90% {:+}; above +100: {}, below -100: {}",
            scores.iter().map(|&s| s as f64).sum::<f64>() / scores.len().max(1) as f64,
            at(0.5),
            at(0.1),
            at(0.9),
            scores.iter().filter(|&&s| s > 100).count(),
            scores.iter().filter(|&&s| s < -100).count(),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(verify_nodes: u64) -> Config {
        Config {
            nodes: 300,
            verify_nodes,
            ..Config::default()
        }
    }

    #[test]
    fn verification_drops_lopsided_starts_and_gives_up_in_the_end() {
        // Black has no queen: no 2 or 4 random plies make that even.
        let lopsided =
            [
                Board::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                    .unwrap(),
            ];
        let even = [Board::startpos()];
        let mut searcher = Searcher::new(1);
        let books = Books {
            main: &lopsided,
            frc: None,
        };
        let start = choose_start(&mut searcher, &books, &config(200), &mut Rng(1));
        assert_eq!(start.dropped, MAX_START_DRAWS - 1);
        assert!(start.score.unwrap() > 400, "{start:?}");
        let start = choose_start(&mut searcher, &books, &config(0), &mut Rng(1));
        assert_eq!((start.dropped, start.score), (0, None));
        // A book of both: the lopsided line is drawn and dropped, and the
        // start kept is the even one's, within the bound.
        let both = [lopsided[0], even[0]];
        let books = Books {
            main: &both,
            frc: None,
        };
        let mut dropped = 0;
        for seed in 0..20 {
            let start = choose_start(&mut searcher, &books, &config(200), &mut Rng(seed));
            assert!(start.score.unwrap().abs() <= 400, "{start:?}");
            assert_eq!(
                start
                    .board
                    .pieces()
                    .filter(|(_, p)| p.kind_bits() == 5)
                    .count(),
                2
            );
            dropped += start.dropped;
        }
        assert!(dropped > 0);
    }

    /// The second book takes its share of the games; without it, the
    /// starts are those datagen drew before it existed (the book line,
    /// then the random plies, from the same generator).
    #[test]
    fn the_second_book_takes_its_share() {
        let main = [Board::startpos()];
        let frc = [Board::from_fen("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1").unwrap()];
        let count = |share: f64| {
            let books = Books {
                main: &main,
                frc: Some(&frc),
            };
            let c = Config {
                frc_share: share,
                ..config(0)
            };
            (0..1000)
                .filter(|&i| draw_start(&books, &c, &mut Rng(i)).0.is_chess960())
                .count()
        };
        assert_eq!(count(0.0), 0);
        assert_eq!(count(1.0), 1000);
        let tenth = count(0.1);
        assert!((70..=130).contains(&tenth), "{tenth} of 1000");
        let books = Books {
            main: &main,
            frc: None,
        };
        let mut rng = Rng(5);
        let (board, plies) = draw_start(&books, &config(0), &mut rng);
        let mut old = Rng(5);
        assert_eq!(old.below(1), 0);
        let mut b = main[0];
        let old_plies = 2 + 2 * old.below(2);
        for _ in 0..old_plies {
            let moves = legal_moves(&b);
            b = b.make(moves.as_slice()[old.below(moves.len())]);
        }
        assert_eq!((board, plies), (b, old_plies));
    }
}
