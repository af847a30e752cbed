//! `ladya datagen`: self-play games at a fixed node count per move, written
//! as labelled positions for the Texel tuner (`ladya tune`).
//!
//! Each game starts from a random line of an opening book (EPD/FEN, one
//! position per line) followed by 0-3 random legal plies, so that two
//! games rarely share a position. Every position where the side to move is
//! not in check and the search's best move is quiet is kept: those are the
//! positions a static evaluation should be able to judge. After the game
//! each kept position is written as `<FEN> [<result>]`, the result from
//! White's side (`1.0`, `0.5`, `0.0`), the format of Ethereal's and
//! Zurichess's tuning sets.
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
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

const WIN_SCORE: i32 = 1000;
const WIN_PLIES: u32 = 6;
const DRAW_SCORE: i32 = 10;
const DRAW_PLIES: u32 = 12;
const DRAW_AFTER: usize = 80;
const MAX_PLIES: usize = 400;
/// Positions this close to the opening book are not kept.
const SKIP_PLIES: usize = 4;
const HASH_MB: usize = 16;

/// The settings of one run.
pub struct Config {
    pub games: usize,
    pub nodes: u64,
    pub threads: usize,
    pub seed: u64,
}

/// SplitMix64: a small, good enough generator for picking openings.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
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

/// The result of one game from White's side: 2 win, 1 draw, 0 loss.
fn play_game(
    searcher: &mut Searcher,
    start: Board,
    nodes: u64,
    rng: &mut Rng,
) -> (Vec<String>, u8) {
    let mut game = Game::new(start);
    for _ in 0..rng.below(4) {
        let moves = legal_moves(game.board());
        if moves.is_empty() {
            break;
        }
        game.push(moves.as_slice()[rng.below(moves.len())]);
    }
    searcher.clear();
    let control = SearchControl::default();
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut kept = Vec::new();
    let (mut win_run, mut draw_run) = (0u32, 0u32);
    let mut last_sign = 0;
    for ply in 0.. {
        let board = *game.board();
        if legal_moves(&board).is_empty() {
            return (
                kept,
                match (board.in_check(), board.side_to_move()) {
                    (false, _) => 1,
                    (true, Color::White) => 0,
                    (true, Color::Black) => 2,
                },
            );
        }
        let keys: Vec<u64> = game.reversible_keys().collect();
        if is_fifty_move_draw(&board)
            || is_dead_by_material(&board)
            || is_repetition_draw(&keys, board.halfmove_clock(), keys.len())
            || ply >= MAX_PLIES
        {
            return (kept, 1);
        }
        let mut score = 0;
        let result = searcher.search(&game, &limits, &control, &mut |e| {
            let SearchEvent::Iteration(it) = e;
            if it.multipv == 1 {
                score = match it.score {
                    Score::Cp(cp) => cp,
                    Score::Mate(m) if m > 0 => 30_000,
                    Score::Mate(_) => -30_000,
                };
            }
        });
        let Some(best) = result.best else {
            return (kept, 1);
        };
        let white_score = if board.side_to_move() == Color::White {
            score
        } else {
            -score
        };
        if ply >= SKIP_PLIES && !board.in_check() && !best.is_tactical() && score.abs() < 2000 {
            kept.push(board.to_fen());
        }
        // Adjudication.
        if white_score.abs() >= WIN_SCORE {
            let sign = white_score.signum();
            win_run = if sign == last_sign { win_run + 1 } else { 1 };
            last_sign = sign;
            if win_run >= WIN_PLIES {
                return (kept, if sign > 0 { 2 } else { 0 });
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
            return (kept, 1);
        }
        game.push(best);
    }
    unreachable!()
}

/// Plays `config.games` games on `config.threads` threads and writes the
/// kept positions to `out`; reports progress on stderr through `log`.
pub fn run(book: &[Board], config: &Config, out: &mut (impl Write + Send)) -> std::io::Result<()> {
    let next = AtomicUsize::new(0);
    let out = Mutex::new(out);
    let totals = Mutex::new((0usize, [0usize; 3]));
    let error: Mutex<Option<std::io::Error>> = Mutex::new(None);
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
                    let (fens, result) = play_game(&mut searcher, start, config.nodes, &mut rng);
                    let label = ["0.0", "0.5", "1.0"][result as usize];
                    let mut text = String::new();
                    for fen in &fens {
                        text.push_str(fen);
                        text.push_str(" [");
                        text.push_str(label);
                        text.push_str("]\n");
                    }
                    if let Err(e) = out.lock().unwrap().write_all(text.as_bytes()) {
                        *error.lock().unwrap() = Some(e);
                        break;
                    }
                    let mut t = totals.lock().unwrap();
                    t.0 += fens.len();
                    t.1[result as usize] += 1;
                    let done = t.1.iter().sum::<usize>();
                    if done % 100 == 0 {
                        log::info!(
                            "{done} games, {} positions (white +{} ={} -{})",
                            t.0,
                            t.1[2],
                            t.1[1],
                            t.1[0]
                        );
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().unwrap() {
        return Err(e);
    }
    let t = totals.into_inner().unwrap();
    log::info!(
        "done: {} games, {} positions (white +{} ={} -{})",
        config.games,
        t.0,
        t.1[2],
        t.1[1],
        t.1[0]
    );
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
                                let SearchEvent::Iteration(it) = e;
                                if it.multipv == 1 {
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
