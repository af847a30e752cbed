//! Engine-to-GUI lines, written by our own code (vampirc-uci's serializer
//! writes `currmovenum` where the spec says `currmovenumber`).

use crate::board::{Board, Move};
use crate::eval::wdl as wdl_model;
use crate::movegen::UciNotation;
use crate::search::{Bound, Iteration, Score};
use std::io::Write;
use std::sync::Arc;

/// Where protocol lines go: one whole line per call, flushed. Shared by the
/// main thread and the search thread.
pub type Sink = Arc<dyn Fn(&str) + Send + Sync>;

/// The process's stdout. The lock keeps the lines of the two threads
/// whole; a write error (the GUI has gone) is ignored, since end of input
/// follows and ends the loop.
pub fn stdout_sink() -> Sink {
    Arc::new(|line: &str| {
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    })
}

pub fn info_string(text: &str) -> String {
    // One protocol line: a newline inside would start a bogus command.
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    format!("info string {flat}")
}

pub fn score(s: Score) -> String {
    match s {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(m) => format!("mate {m}"),
    }
}

/// `info depth .. seldepth .. multipv .. score .. nodes .. nps .. hashfull .. tbhits .. time .. pv ..`
/// The win-draw-loss per mille of `score` at the root `board`
/// (`eval::wdl`); a mate is a certain win or loss.
pub fn wdl(score: Score, board: &Board) -> (u32, u32, u32) {
    match score {
        Score::Mate(m) if m > 0 => (1000, 0, 0),
        Score::Mate(_) => (0, 0, 1000),
        Score::Cp(cp) => wdl_model::MODEL.per_mille(cp as f64, wdl_model::material(board)),
    }
}

/// `wdl` per mille, when `UCI_ShowWDL` is on, follows the score.
/// The moves are written in `notation`.
pub fn iteration(it: &Iteration, wdl: Option<(u32, u32, u32)>, notation: &UciNotation) -> String {
    let ms = it.time.as_millis();
    let nps = (it.nodes as u128 * 1_000_000_000) / it.time.as_nanos().max(1);
    let bound = match it.bound {
        Bound::Exact => "",
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}{}{bound} nodes {} nps {nps} hashfull {} tbhits {} time {ms}",
        it.depth,
        it.seldepth.max(it.depth),
        it.multipv.max(1),
        score(it.score),
        wdl.map_or(String::new(), |(w, d, l)| format!(" wdl {w} {d} {l}")),
        it.nodes,
        it.hashfull.min(1000),
        it.tbhits,
    );
    if !it.pv.is_empty() {
        line.push_str(" pv");
        for m in &it.pv {
            line.push(' ');
            line.push_str(&notation.write(*m));
        }
    }
    line
}

/// `bestmove <move> [ponder <move>]`; `bestmove 0000` when there is none.
pub fn bestmove(best: Option<Move>, ponder: Option<Move>, notation: &UciNotation) -> String {
    match (best, ponder) {
        (Some(b), Some(p)) => format!(
            "bestmove {} ponder {}",
            notation.write(b),
            notation.write(p)
        ),
        (Some(b), None) => format!("bestmove {}", notation.write(b)),
        (None, _) => "bestmove 0000".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn info_line_format() {
        let standard = UciNotation::new(&Board::startpos(), false);
        let it = Iteration {
            depth: 5,
            seldepth: 9,
            multipv: 1,
            score: Score::Mate(-3),
            bound: Bound::Lower,
            nodes: 2000,
            time: Duration::from_millis(10),
            hashfull: 12,
            tbhits: 3,
            pv: vec![],
        };
        assert_eq!(
            iteration(&it, None, &standard),
            "info depth 5 seldepth 9 multipv 1 score mate -3 lowerbound nodes 2000 nps 200000 hashfull 12 tbhits 3 time 10"
        );
        // Stockfish's order: the wdl right after the score, then the bound.
        assert_eq!(
            iteration(&it, Some((0, 0, 1000)), &standard),
            "info depth 5 seldepth 9 multipv 1 score mate -3 wdl 0 0 1000 lowerbound nodes 2000 nps 200000 hashfull 12 tbhits 3 time 10"
        );
        assert_eq!(info_string("a\nb"), "info string a b");
        assert_eq!(bestmove(None, None, &standard), "bestmove 0000");
    }
}
