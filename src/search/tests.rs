//! Behaviour of the whole search through its public interface.

use super::*;
use crate::board::Board;
use std::time::Duration;

fn game(fen: &str, moves: &[&str]) -> Game {
    let mut g = Game::new(Board::from_fen(fen).unwrap());
    g.push_uci_moves(moves.iter().copied()).unwrap();
    g
}

fn run(g: &Game, limits: Limits) -> (SearchResult, Vec<Iteration>) {
    let mut s = Searcher::new(8);
    let control = SearchControl::default();
    let mut its = Vec::new();
    let r = s.search(g, &limits, &control, &mut |e| match e {
        SearchEvent::Iteration(it) => its.push(it),
        SearchEvent::CurrMove { .. } => {}
    });
    (r, its)
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn finds_mate_in_two() {
    // Back rank: 1. Rd8+ Rxd8 2. Rxd8#.
    let g = game("r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1", &[]);
    let (r, its) = run(&g, depth(6));
    assert_eq!(r.best.unwrap().to_string(), "d2d8");
    assert_eq!(its.last().unwrap().score, Score::Mate(2));
}

#[test]
fn mated_and_stalemated_roots() {
    // Black is mated: no move at all.
    let g = game("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", &[]);
    assert!(run(&g, depth(3)).0.best.is_none());
    // Stalemate: no move either.
    let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]);
    assert!(run(&g, depth(3)).0.best.is_none());
}

#[test]
fn mates_rather_than_stalemates() {
    // Several queen moves stalemate; the search must pick a mate.
    let g = game("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1", &[]);
    let (r, its) = run(&g, depth(4));
    assert_eq!(its.last().unwrap().score, Score::Mate(1));
    let after = g.board().make(r.best.unwrap());
    assert!(after.in_check() && crate::movegen::legal_moves(&after).is_empty());
}

#[test]
fn third_occurrence_from_the_game_is_a_draw() {
    // Black, a queen down, can repeat the start position a third time.
    let g = game(
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"],
    );
    let (r, its) = run(&g, depth(5));
    assert_eq!(r.best.unwrap().to_string(), "f6g8");
    assert_eq!(its.last().unwrap().score, Score::Cp(0));
    // Without that history the same position is simply lost.
    let g = game(
        "rnb1kb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        &[],
    );
    let (_, its) = run(&g, depth(5));
    assert!(matches!(its.last().unwrap().score, Score::Cp(s) if s < -500));
}

#[test]
fn searchmoves_and_multipv() {
    let g = game(crate::board::fen::STARTPOS, &[]);
    let a2a3 = crate::movegen::parse_uci_move(g.board(), "a2a3").unwrap();
    let (r, _) = run(
        &g,
        Limits {
            depth: Some(4),
            searchmoves: vec![a2a3],
            ..Limits::default()
        },
    );
    assert_eq!(r.best, Some(a2a3));
    let (_, its) = run(
        &g,
        Limits {
            depth: Some(4),
            multipv: 3,
            ..Limits::default()
        },
    );
    let last: Vec<&Iteration> = its.iter().filter(|i| i.depth == 4).collect();
    assert_eq!(last.len(), 3);
    let firsts: std::collections::HashSet<_> = last.iter().map(|i| i.pv[0]).collect();
    assert_eq!(firsts.len(), 3);
    assert!(
        last.windows(2)
            .all(|w| score_cp(w[0].score) >= score_cp(w[1].score))
    );
}

fn score_cp(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c,
        Score::Mate(m) if m > 0 => 100_000 - m,
        Score::Mate(m) => -100_000 - m,
    }
}

#[test]
fn node_and_time_limits_end_the_search() {
    let g = game(crate::board::fen::STARTPOS, &[]);
    let (r, _) = run(
        &g,
        Limits {
            nodes: Some(20_000),
            ..Limits::default()
        },
    );
    assert!(r.best.is_some());
    // Depth 1 always completes; after it the node limit holds (small slack).
    assert!(r.nodes < 25_000, "{}", r.nodes);
    let t = std::time::Instant::now();
    let (r, _) = run(
        &g,
        Limits {
            movetime: Some(Duration::from_millis(100)),
            ..Limits::default()
        },
    );
    assert!(r.best.is_some());
    // Generous hang bound, not a speed assertion.
    assert!(t.elapsed() < Duration::from_secs(5));
    let (r, _) = run(
        &g,
        Limits {
            wtime: Some(Duration::from_millis(50)),
            btime: Some(Duration::from_millis(50)),
            ..Limits::default()
        },
    );
    assert!(r.best.is_some());
}

#[test]
fn stop_flag_ends_an_infinite_search() {
    let g = game(crate::board::fen::STARTPOS, &[]);
    let control = std::sync::Arc::new(SearchControl::default());
    let c2 = control.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        c2.stop.store(true, Ordering::Relaxed);
    });
    let mut s = Searcher::new(8);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let r = s.search(&g, &limits, &control, &mut |_| {});
    stopper.join().unwrap();
    assert!(r.best.is_some());
}

#[test]
fn go_mate_stops_at_the_mate() {
    let g = game("r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1", &[]);
    let (r, its) = run(
        &g,
        Limits {
            mate: Some(2),
            ..Limits::default()
        },
    );
    assert_eq!(r.best.unwrap().to_string(), "d2d8");
    assert_eq!(its.last().unwrap().score, Score::Mate(2));
}

#[test]
fn resize_keeps_working() {
    let mut s = Searcher::new(1);
    assert!(s.resize_hash(4).is_ok());
    assert!(s.resize_hash(usize::MAX / 2).is_err());
    let g = game(crate::board::fen::STARTPOS, &[]);
    let r = s.search(&g, &depth(3), &SearchControl::default(), &mut |_| {});
    assert!(r.best.is_some());
}

#[test]
fn ponder_waits_for_ponderhit_then_uses_the_clock() {
    let g = game(crate::board::fen::STARTPOS, &[]);
    let control = std::sync::Arc::new(SearchControl::default());
    control.pondering.store(true, Ordering::Relaxed);
    let c2 = control.clone();
    let hit = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        c2.pondering.store(false, Ordering::Relaxed);
        std::time::Instant::now()
    });
    let mut s = Searcher::new(8);
    // A tiny clock: without the ponder flag this would end within ~30 ms.
    let limits = Limits {
        wtime: Some(Duration::from_millis(100)),
        btime: Some(Duration::from_millis(100)),
        depth: Some(3),
        ..Limits::default()
    };
    let r = s.search(&g, &limits, &control, &mut |_| {});
    let done = std::time::Instant::now();
    let hit_at = hit.join().unwrap();
    assert!(r.best.is_some());
    // Even at its maximum depth the search held its move until ponderhit.
    assert!(done >= hit_at);
    assert!(done - hit_at < Duration::from_secs(2));
}

#[test]
fn two_threads_find_the_mate_and_report_each_depth_once() {
    let g = game("r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1", &[]);
    let mut s = Searcher::new(8);
    s.set_threads(2);
    assert_eq!(s.threads(), 2);
    let mut depths = Vec::new();
    let r = s.search(&g, &depth(8), &SearchControl::default(), &mut |e| match e {
        SearchEvent::Iteration(it) => depths.push((it.depth, it.score)),
        SearchEvent::CurrMove { .. } => {}
    });
    assert_eq!(r.best.unwrap().to_string(), "d2d8");
    // Only the main thread reports: depths 1..=8, in order, once each.
    assert_eq!(
        depths.iter().map(|d| d.0).collect::<Vec<_>>(),
        (1..=8).collect::<Vec<_>>()
    );
    assert_eq!(depths.last().unwrap().1, Score::Mate(2));
}

#[test]
fn a_node_limit_counts_the_nodes_of_all_threads() {
    let g = game(crate::board::fen::STARTPOS, &[]);
    let limit = 300_000;
    let limits = Limits {
        nodes: Some(limit),
        ..Limits::default()
    };
    let mut s = Searcher::new(8);
    s.set_threads(3);
    let mut last_info = 0;
    let r = s.search(&g, &limits, &SearchControl::default(), &mut |e| match e {
        SearchEvent::Iteration(it) => last_info = it.nodes,
        SearchEvent::CurrMove { .. } => {}
    });
    assert!(r.best.is_some());
    // Each thread may overshoot by the nodes between two looks at the count.
    assert!(r.nodes >= limit, "{}", r.nodes);
    assert!(r.nodes < limit + 3 * 4096, "{}", r.nodes);
    assert!(last_info <= r.nodes);
    // Back to one thread: as tight as before (the few nodes entered on
    // the way out after the stop still count themselves).
    s.set_threads(1);
    let r = s.search(&g, &limits, &SearchControl::default(), &mut |_| {});
    assert!((limit..limit + 16).contains(&r.nodes), "{}", r.nodes);
}

#[test]
fn stop_ends_every_thread() {
    let g = game(crate::board::fen::STARTPOS, &[]);
    let control = std::sync::Arc::new(SearchControl::default());
    let c2 = control.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(150));
        c2.stop.store(true, Ordering::Relaxed);
        std::time::Instant::now()
    });
    let mut s = Searcher::new(8);
    s.set_threads(2);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let r = s.search(&g, &limits, &control, &mut |_| {});
    let stopped_at = stopper.join().unwrap();
    assert!(r.best.is_some());
    // The scope has joined the helper too.
    assert!(stopped_at.elapsed() < Duration::from_secs(1));
    s.clear();
}

#[test]
fn a_stopped_iteration_keeps_a_new_best_move_whose_search_finished() {
    let (a, b, c) = (Move(0x0101), Move(0x0202), Move(0x0303));
    let line = |score, pv: &[Move]| Line {
        score,
        pv: pv.to_vec(),
    };
    // The new iteration found b better than a, then was stopped.
    let mut completed = vec![line(30, &[a, c])];
    assert!(keep_best_of_unfinished(
        &mut completed,
        Vec::new(),
        Some((45, vec![b, c]))
    ));
    assert_eq!(
        (completed[0].score, completed[0].pv.clone()),
        (45, vec![b, c])
    );
    // Only a confirmed a, or nothing finished: the last iteration stands.
    let mut completed = vec![line(30, &[a, c])];
    assert!(!keep_best_of_unfinished(
        &mut completed,
        Vec::new(),
        Some((25, vec![a]))
    ));
    assert_eq!(
        (completed[0].score, completed[0].pv.clone()),
        (30, vec![a, c])
    );
    assert!(!keep_best_of_unfinished(&mut completed, Vec::new(), None));
    assert_eq!(completed[0].pv, vec![a, c]);
    // The first iteration's line is kept when it is all there is.
    let mut completed = Vec::new();
    assert!(!keep_best_of_unfinished(
        &mut completed,
        vec![line(5, &[b])],
        None
    ));
    assert_eq!(completed[0].pv, vec![b]);
}
