//! What every command-line tool (`datagen`, `convert`, `rescore`, `train`,
//! `tune` ...) shares: the error it ends with and the seeded random
//! generator. The bottom layer: it knows nothing of chess, so every layer
//! above may take from it.

pub mod rng;

pub use rng::Rng;

/// Why a tool failed.
#[derive(Debug)]
pub enum CliError {
    /// A file that cannot be read, or whose contents are wrong (exit 2).
    BadInput(String),
    /// Writing the output failed.
    Io(std::io::Error),
}

/// The text of the file at `path`; a file that cannot be read is bad input.
pub fn read_text(path: &str) -> Result<String, CliError> {
    std::fs::read_to_string(path)
        .map_err(|e| CliError::BadInput(format!("cannot read {path}: {e}")))
}
