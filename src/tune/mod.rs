//! Tools that set the evaluation's weights: self-play data generation
//! (`ladya datagen`) and the Texel tuner (`ladya tune`). The method, the
//! data and the commands are in docs/tuning.md.

pub mod datagen;
pub mod texel;
