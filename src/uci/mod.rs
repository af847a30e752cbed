//! The UCI front end (placeholder until the front end lands).

/// Runs the UCI loop on stdin/stdout until `quit` or end of input.
pub fn run() -> std::io::Result<()> {
    log::error!("the UCI front end is not built yet");
    Ok(())
}
