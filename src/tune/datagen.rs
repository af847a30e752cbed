//! `ladya datagen`: self-play games at a fixed soft node count per move,
//! written as game records (`gamefile`) for the network trainer and, through
//! `ladya convert`, for the Texel tuner.
//!
//! Each game starts from a random line of an opening book (EPD/FEN, one
//! position per line) followed by 2 or 4 random legal plies, so that two
//! games rarely share a position. The count is even so that neither side
//! gets more random moves than the other (1-5 plies, as before, skewed the
//! results towards the side that played fewer random moves). Every move is recorded with the score
//! its search gave (White's view); nothing is filtered here.
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
//! `seed + i`, and searches are limited by nodes, not time.

use crate::board::{Board, Color};
use crate::movegen::legal_moves;
use crate::rules::Game;
use crate::rules::draw::{is_dead_by_material, is_fifty_move_draw, is_repetition_draw};
use crate::search::{Limits, Score, SearchControl, SearchEvent, Searcher};
use crate::tune::gamefile::{self, GameRecord};
use crate::tune::rng::Rng;
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

/// The settings of one run.
pub struct Config {
    pub games: usize,
    pub nodes: u64,
    pub threads: usize,
    pub seed: u64,
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

/// Plays one game from `start` (after 2 or 4 random plies): every position
/// with the search's score, and the result.
fn play_game(searcher: &mut Searcher, start: Board, config: &Config, rng: &mut Rng) -> GameRecord {
    let mut board = start;
    for _ in 0..2 + 2 * rng.below(2) {
        let moves = legal_moves(&board);
        if moves.is_empty() {
            break;
        }
        board = board.make(moves.as_slice()[rng.below(moves.len())]);
    }
    // A random ply that ended the game leaves nothing to play: start over
    // from the book position itself.
    if legal_moves(&board).is_empty() {
        board = start;
    }
    let mut record = GameRecord {
        start: board,
        result: 1,
        moves: Vec::new(),
    };
    let mut game = Game::new(board);
    searcher.clear();
    let control = SearchControl::default();
    let limits = Limits {
        nodes: Some(config.nodes * HARD_NODES_FACTOR),
        soft_nodes: Some(config.nodes),
        ..Limits::default()
    };
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
        let mut score = Score::Cp(0);
        let result = searcher.search(&game, &limits, &control, &mut |e| {
            if let SearchEvent::Iteration(it) = e
                && it.multipv == 1
            {
                score = it.score;
            }
        });
        let Some(best) = result.best else {
            return record;
        };
        let (cp, stored) = match score {
            Score::Cp(cp) => (cp, gamefile::stored_cp(cp)),
            Score::Mate(m) if m > 0 => (30_000, gamefile::MATE_SCORE),
            Score::Mate(_) => (-30_000, -gamefile::MATE_SCORE),
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
/// progress (games, positions, positions/s) on stderr.
pub fn run(book: &[Board], config: &Config, out: &mut (impl Write + Send)) -> std::io::Result<()> {
    let next = AtomicUsize::new(0);
    let out = Mutex::new(out);
    let totals = Mutex::new((0usize, [0usize; 3]));
    let error: Mutex<Option<std::io::Error>> = Mutex::new(None);
    let started = Instant::now();
    let report = |t: &(usize, [usize; 3]), done: usize| {
        let secs = started.elapsed().as_secs_f64().max(1e-3);
        eprintln!(
            "datagen: {done}/{} games, {} positions, {:.0} positions/s (white +{} ={} -{})",
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
                    let start = book[rng.below(book.len())];
                    let record = play_game(&mut searcher, start, config, &mut rng);
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

/// `ladya rescore`: adds to each `<FEN> [<result>]` line the score of a
/// search of `nodes` nodes, from White's side, in centipawns (mate scores
/// clamped to +-3000): `<FEN> [<result>] <score>`. The tuner can then aim
/// at a blend of the game result and the search's verdict, which is far
/// less noisy than the result alone.
pub fn rescore(text: &str, nodes: u64, threads: usize, out: &mut impl Write) -> Result<(), String> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut boards = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let fen = line.rsplit_once('[').map_or(*line, |(f, _)| f).trim();
        boards.push(Board::from_fen(fen).map_err(|e| format!("line {}: {e}", i + 1))?);
    }
    let threads = threads.max(1);
    let chunk = lines.len().div_ceil(threads).max(1);
    let scores: Vec<Vec<i32>> = std::thread::scope(|scope| {
        let handles: Vec<_> = boards
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut searcher = Searcher::new(4);
                    let control = SearchControl::default();
                    let limits = Limits {
                        nodes: Some(nodes),
                        ..Limits::default()
                    };
                    part.iter()
                        .map(|b| {
                            let mut score = 0;
                            searcher.search(&Game::new(*b), &limits, &control, &mut |e| {
                                if let SearchEvent::Iteration(it) = e
                                    && it.multipv == 1
                                {
                                    score = match it.score {
                                        Score::Cp(cp) => cp.clamp(-3000, 3000),
                                        Score::Mate(m) if m > 0 => 3000,
                                        Score::Mate(_) => -3000,
                                    };
                                }
                            });
                            if b.side_to_move() == Color::White {
                                score
                            } else {
                                -score
                            }
                        })
                        .collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (line, score) in lines.iter().zip(scores.into_iter().flatten()) {
        writeln!(out, "{} {score}", line.trim_end()).map_err(|e| e.to_string())?;
    }
    Ok(())
}
