//! `ladya outcome`: the verdict line (PLACEHOLDER until the rules land).

/// The line `ladya outcome` prints, or a one-line error (exit 2).
pub fn outcome_line(
    fen: Option<&str>,
    moves: &[String],
    flag: Option<&str>,
) -> Result<String, String> {
    let _ = (fen, moves, flag);
    Err("not implemented yet".to_string())
}
