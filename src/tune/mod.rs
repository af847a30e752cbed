//! `ladya tune`: the Texel tuner, which sets the hand-crafted
//! evaluation's weights. The method, the data and the runs are in
//! docs/tuning.md; its positions come from the self-play pipeline
//! (`ladya datagen`, then `ladya convert` and `ladya rescore`).

pub mod texel;

use crate::tool::{CliError, read_text};

/// `ladya tune`: tunes on `data_path`, starting from `weights_path`, and
/// writes the new weights file to `out_path`.
pub fn tune_files(
    data_path: &str,
    config: &texel::Config,
    weights_path: &str,
    out_path: &str,
    report: &mut dyn FnMut(&str),
) -> Result<(), CliError> {
    let text = read_text(data_path)?;
    let source = read_text(weights_path)?;
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
