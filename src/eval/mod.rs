//! Static evaluation (placeholder until the evaluation lands).
