//! Probes of known positions; the expected values are python-chess's
//! (`chess.syzygy`) on the same tables (`tests/data/syzygy`).

use super::*;

fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap()
}

#[test]
fn the_repository_tables_load() {
    let tb = test_tables().expect("tests/data/syzygy holds tables");
    assert!(tb.found.wdl_files > 0 && tb.found.dtz_files > 0);
    // The repository keeps every 3- and 4-man table.
    assert_eq!(tb.max_pieces(), 4);
    assert_eq!((tb.found.wdl_files, tb.found.dtz_files), (35, 35));
}

#[test]
fn wdl_of_known_positions() {
    let tb = test_tables().unwrap();
    for (fen, wdl) in [
        ("8/8/8/8/8/8/1Q6/K6k w - - 0 1", Wdl::Win),
        ("8/8/8/8/8/4k3/8/K2R4 w - - 0 1", Wdl::Win),
        ("8/8/8/3k4/8/8/3P4/3K4 w - - 0 1", Wdl::Draw),
        ("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", Wdl::Loss),
        ("3K4/2R5/3k4/8/8/8/8/5r2 w - - 0 1", Wdl::Draw),
        ("8/8/7r/7Q/3k4/8/7K/8 w - - 0 1", Wdl::Win),
    ] {
        assert_eq!(tb.probe_wdl(&board(fen)), Some(wdl), "{fen}");
    }
    // Castling rights are never in the tables.
    assert_eq!(tb.probe_wdl(&board("4k3/8/8/8/8/8/8/4K2R w K - 0 1")), None);
}

#[test]
fn dtz_root_probe_of_known_positions() {
    let tb = test_tables().unwrap();
    // KQvK: after Kb1 the DTZ is 10 (python-chess), after the rest 12 or more; a
    // root move's distance counts the move itself.
    let b = board("8/8/8/8/8/8/1Q6/K6k w - - 0 1");
    let moves = tb.probe_dtz_root(&b).unwrap();
    assert_eq!(moves.len(), legal_moves(&b).len());
    let r = tb.rank_root(&b, true).unwrap();
    assert!(r.by_dtz);
    let best: Vec<String> = r.best().map(|m| m.mv.to_string()).collect();
    assert_eq!(best, ["a1b1"]);
    assert_eq!(r.moves[0].wdl, Wdl::Win);
    assert_eq!(r.moves[0].dtz, 11);
    // The other wins are longer; Qf2 stalemates.
    assert!(r.moves[1..].iter().all(|m| m.wdl != Wdl::Win || m.dtz > 11));
    let qf2 = r.moves.iter().find(|m| m.mv.to_string() == "b2f2").unwrap();
    assert_eq!((qf2.wdl, qf2.score), (Wdl::Draw, 0));
    // KQvKR: Qxh6 (a capture, so distance 1) is the only win.
    let r = tb
        .rank_root(&board("8/8/7r/7Q/3k4/8/7K/8 w - - 0 1"), true)
        .unwrap();
    let best: Vec<String> = r.best().map(|m| m.mv.to_string()).collect();
    assert_eq!(best, ["h5h6"]);
    assert!(r.moves[1..].iter().all(|m| m.wdl != Wdl::Win));
    // Lost: both king moves lose (KPvK, black to move).
    let r = tb
        .rank_root(&board("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1"), true)
        .unwrap();
    assert!(r.moves.iter().all(|m| m.wdl == Wdl::Loss && m.score < 0));
}

#[test]
fn wdl_scores_and_the_fifty_move_rule() {
    assert_eq!(Wdl::CursedWin.under_rule50(true), Wdl::Draw);
    assert_eq!(Wdl::CursedWin.under_rule50(false), Wdl::Win);
    assert_eq!(Wdl::BlessedLoss.under_rule50(false), Wdl::Loss);
    assert_eq!(Wdl::Win.negate(), Wdl::Loss);
    assert!(score(Wdl::Win, 3) > score(Wdl::Win, 5));
    assert_eq!(score(Wdl::Draw, 3), 0);
}

#[test]
fn paths_are_scanned_without_failing() {
    let found = scan("/nonexistent/ladya-syzygy:/also/missing");
    assert_eq!(found.missing.len(), 2);
    assert!(Tablebases::open("/nonexistent/ladya-syzygy").is_err());
    assert!(Tablebases::open("").is_err());
    assert_eq!(split_path("a::b: "), ["a", "b"]);
}

#[test]
fn wdl_root_ranking() {
    let tb = test_tables().unwrap();
    let r = tb
        .rank_root_by_wdl(&board("8/8/8/8/8/4k3/8/K2R4 w - - 0 1"), true)
        .expect("ranked");
    assert!(!r.by_dtz);
    // Rd2, Rd3 and Rd4 hang the rook; the rest win.
    let draws: Vec<String> = r
        .moves
        .iter()
        .filter(|m| m.wdl == Wdl::Draw)
        .map(|m| m.mv.to_string())
        .collect();
    assert_eq!(draws.len(), 3, "{draws:?}");
    assert!(r.moves[..13].iter().all(|m| m.wdl == Wdl::Win));
    let r = tb
        .rank_root_by_wdl(&board("8/8/7r/7Q/3k4/8/7K/8 w - - 0 1"), true)
        .unwrap();
    let best: Vec<String> = r.best().map(|m| m.mv.to_string()).collect();
    assert_eq!(best, ["h5h6"]);
}

#[test]
fn material_keys_match_table_names() {
    let b = board("8/8/7r/7Q/3k4/8/7K/8 w - - 0 1");
    assert_eq!(table_keys("KQvKR").unwrap()[0], material_key(&b));
    let swapped = board("8/8/7R/7q/3K4/8/7k/8 b - - 0 1");
    assert_eq!(table_keys("KQvKR").unwrap()[1], material_key(&swapped));
    assert!(table_keys("README").is_none());
    // Five men: not in the 3- and 4-man tables, so not probed.
    let tb = test_tables().unwrap();
    assert_eq!(
        tb.probe_wdl(&board("8/8/7r/7Q/3k4/8/6PK/8 w - - 0 1")),
        None
    );
}
