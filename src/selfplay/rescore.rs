//! `ladya rescore`: a search score for each labelled position of a text
//! file (`<FEN> [<result>]` per line, as `ladya convert` writes it), for
//! the Texel tuner's blended target.

use crate::board::{Board, Color};
use crate::rules::Game;
use crate::search::{Limits, Score, SearchControl, SearchEvent, Searcher};
use std::io::Write;

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
