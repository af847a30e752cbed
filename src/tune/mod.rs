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

/// `ladya datagen`: reads the book, appends the positions to `out_path`.
pub fn datagen_files(
    book_path: &str,
    config: &datagen::Config,
    out_path: &str,
) -> Result<(), CliError> {
    let book = datagen::read_book(&read(book_path)?)
        .map_err(|e| CliError::BadInput(format!("{book_path}: {e}")))?;
    let (file, games) = gamefile::open_append(out_path).map_err(CliError::BadInput)?;
    if games > 0 {
        eprintln!("datagen: {out_path} already holds {games} games; appending");
    }
    datagen::run(&book, config, &mut std::io::BufWriter::new(file)).map_err(CliError::Io)
}

/// `ladya convert`: a game file as `FEN | score | result` lines.
pub fn convert_files(data_path: &str, out_path: &str) -> Result<(), CliError> {
    let games = gamefile::read_file(data_path).map_err(CliError::BadInput)?;
    let file = std::fs::File::create(out_path)
        .map_err(|e| CliError::BadInput(format!("cannot create {out_path}: {e}")))?;
    let mut writer = std::io::BufWriter::new(file);
    gamefile::write_text(&games, &mut writer).map_err(CliError::Io)?;
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
