//! The self-play data pipeline: `ladya datagen` plays games and appends
//! them to a game file (`.lgf`, [`gamefile`]), which `ladya train` reads;
//! `ladya convert` rewrites game files as text (for the Texel tuner) or in
//! the other record version; `ladya rescore` adds a search score to each
//! labelled position of a text file. The format is in docs/nnue.md, the
//! data rounds in docs/nnue.md and docs/tuning.md.
//!
//! - [`datagen`]: the games, their openings and adjudication.
//! - [`gamefile`]: the `.lgf` format, written by datagen and read by the
//!   trainer (the one place that says how a game is stored).
//! - [`rescore`]: a search score for each labelled position.
//!
//! Above `search` (datagen and rescore search every move); below `train`,
//! which reads the game files.

pub mod datagen;
pub mod gamefile;
pub mod rescore;

use crate::board::Board;
use crate::tool::{CliError, read_text};
use std::io::Write;

/// Reads an opening book file.
fn read_book(path: &str) -> Result<Vec<Board>, CliError> {
    datagen::read_book(&read_text(path)?).map_err(|e| CliError::BadInput(format!("{path}: {e}")))
}

/// `ladya datagen`: reads the books, appends the games to `out_path`.
pub fn datagen_files(
    book_path: &str,
    frc_book_path: Option<&str>,
    config: &datagen::Config,
    out_path: &str,
) -> Result<(), CliError> {
    with_books(book_path, frc_book_path, |books| {
        let (file, games) = gamefile::open_append(out_path).map_err(CliError::BadInput)?;
        if games > 0 {
            eprintln!("datagen: {out_path} already holds {games} games; appending");
        }
        datagen::run(books, config, &mut std::io::BufWriter::new(file)).map_err(CliError::Io)
    })
}

/// Reads datagen's book and optional second book, and hands them to `f`.
fn with_books<T>(
    book_path: &str,
    frc_book_path: Option<&str>,
    f: impl FnOnce(&datagen::Books) -> Result<T, CliError>,
) -> Result<T, CliError> {
    let main = read_book(book_path)?;
    let frc = frc_book_path.map(read_book).transpose()?;
    f(&datagen::Books {
        main: &main,
        frc: frc.as_deref(),
    })
}

/// `ladya datagen --starts-only`: verifies the starts of a run without
/// playing them; the summary goes to `report`.
pub fn check_start_files(
    book_path: &str,
    frc_book_path: Option<&str>,
    config: &datagen::Config,
    report: &mut impl Write,
) -> Result<(), CliError> {
    with_books(book_path, frc_book_path, |books| {
        datagen::check_starts(books, config, report).map_err(CliError::Io)
    })
}

/// What `ladya convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConvertFormat {
    /// `FEN | score | result` lines, for the Texel tools and for reading.
    Text,
    /// Game records of this version.
    Games(gamefile::Version),
}

/// `ladya convert`: the games of `data_paths` (of either record version)
/// to `out_path` in `format`. With `every` N > 1, only the games N−1,
/// 2N−1, ... (counted from 0) of each file.
pub fn convert_files(
    data_paths: &[String],
    out_path: &str,
    format: ConvertFormat,
    every: usize,
) -> Result<(), CliError> {
    let mut games = Vec::new();
    for path in data_paths {
        let all = gamefile::read_file(path).map_err(CliError::BadInput)?;
        let every = every.max(1);
        games.extend(
            all.into_iter()
                .enumerate()
                .filter(|(i, _)| i % every == every - 1)
                .map(|(_, g)| g),
        );
    }
    let file = std::fs::File::create(out_path)
        .map_err(|e| CliError::BadInput(format!("cannot create {out_path}: {e}")))?;
    let mut writer = std::io::BufWriter::new(file);
    match format {
        ConvertFormat::Text => gamefile::write_text(&games, &mut writer).map_err(CliError::Io)?,
        ConvertFormat::Games(version) => gamefile::write_records(&games, version, &mut writer)
            .map_err(|e| CliError::BadInput(format!("{out_path}: {e}")))?,
    }
    writer.flush().map_err(CliError::Io)
}

/// `ladya rescore`: `data_path` with a search score on each line, to `out_path`.
pub fn rescore_files(
    data_path: &str,
    nodes: u64,
    threads: usize,
    out_path: &str,
) -> Result<(), CliError> {
    let text = read_text(data_path)?;
    let file = std::fs::File::create(out_path)
        .map_err(|e| CliError::BadInput(format!("cannot create {out_path}: {e}")))?;
    let mut writer = std::io::BufWriter::new(file);
    rescore::rescore(&text, nodes, threads, &mut writer)
        .map_err(|e| CliError::BadInput(format!("{data_path}: {e}")))?;
    writer.flush().map_err(CliError::Io)
}
