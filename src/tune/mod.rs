//! Tools that set the evaluation's weights: self-play data generation
//! (`ladya datagen`) and the Texel tuner (`ladya tune`). The method, the
//! data and the commands are in docs/tuning.md.

pub mod datagen;
pub mod gamefile;
pub mod rng;
pub mod texel;

use std::io::Write;

/// Why a tuning tool failed.
#[derive(Debug)]
pub enum CliError {
    /// A file that cannot be read, or whose contents are wrong (exit 2).
    BadInput(String),
    /// Writing the output failed.
    Io(std::io::Error),
}

fn read(path: &str) -> Result<String, CliError> {
    std::fs::read_to_string(path)
        .map_err(|e| CliError::BadInput(format!("cannot read {path}: {e}")))
}

/// Reads an opening book file.
fn read_book(path: &str) -> Result<Vec<crate::board::Board>, CliError> {
    datagen::read_book(&read(path)?).map_err(|e| CliError::BadInput(format!("{path}: {e}")))
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
    let text = read(data_path)?;
    let file = std::fs::File::create(out_path)
        .map_err(|e| CliError::BadInput(format!("cannot create {out_path}: {e}")))?;
    let mut writer = std::io::BufWriter::new(file);
    datagen::rescore(&text, nodes, threads, &mut writer)
        .map_err(|e| CliError::BadInput(format!("{data_path}: {e}")))?;
    writer.flush().map_err(CliError::Io)
}

/// `ladya tune`: tunes on `data_path`, starting from `weights_path`, and
/// writes the new weights file to `out_path`.
pub fn tune_files(
    data_path: &str,
    config: &texel::Config,
    weights_path: &str,
    out_path: &str,
    report: &mut dyn FnMut(&str),
) -> Result<(), CliError> {
    let text = read(data_path)?;
    let source = read(weights_path)?;
    let data =
        texel::Data::parse(&text).map_err(|e| CliError::BadInput(format!("{data_path}: {e}")))?;
    if data.len() < 100 {
        return Err(CliError::BadInput(format!(
            "{data_path}: fewer than 100 positions"
        )));
    }
    let tuned = texel::tune(&data, config, report);
    let new = texel::rewrite_weights(&source, &tuned)
        .map_err(|e| CliError::BadInput(format!("{weights_path}: {e}")))?;
    std::fs::write(out_path, new)
        .map_err(|e| CliError::Io(std::io::Error::new(e.kind(), format!("{out_path}: {e}"))))
}
