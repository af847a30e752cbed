//! The command line's `ladya train` and `ladya train --eval-only`: game
//! files in, a net file or a report out.

use super::Config;
use super::data::{samples, training_samples, validation_samples};
use super::model::FloatNet;
use super::optimiser::{Progress, train};
use super::validation::{fit_k, hce_loss, report_losses};
use crate::eval::nnue::format::{MAX_HIDDEN, OUTPUT_BUCKETS, QuantisedNet};
use crate::selfplay::gamefile::{read_file, read_files};
use crate::tool::CliError;

/// `ladya train`: reads the game files, trains, writes the net file; the
/// progress goes to `report`. With `validation_path`, that file's games
/// give the validation loss and are left out of the training data; else
/// one game in `VALIDATION_EVERY` of the data is held back. With
/// `config.checkpoint`, a stopped run goes on where it stopped (`train`).
pub fn train_files(
    data_paths: &[String],
    validation_path: Option<&str>,
    config: &Config,
    out_path: &str,
    report: &mut impl std::io::Write,
) -> Result<(), CliError> {
    if config.hidden == 0 || !config.hidden.is_multiple_of(16) || config.hidden > MAX_HIDDEN {
        return Err(CliError::BadInput(format!(
            "--hidden {} is not a multiple of 16 in 16..={MAX_HIDDEN}",
            config.hidden
        )));
    }
    if !OUTPUT_BUCKETS.contains(&config.output_buckets) {
        return Err(CliError::BadInput(format!(
            "--output-buckets {} is not one of {OUTPUT_BUCKETS:?}",
            config.output_buckets
        )));
    }
    let (first, last) = config
        .lambda_schedule
        .unwrap_or((config.lambda, config.lambda));
    for (name, value) in [
        ("--lambda", config.lambda),
        ("--lambda-start", first),
        ("--lambda-end", last),
    ] {
        if !(0.0..=1.0).contains(&value) {
            return Err(CliError::BadInput(format!(
                "{name} {value} is not a share in 0..=1"
            )));
        }
    }
    let games = read_files(data_paths).map_err(CliError::BadInput)?;
    let (train_set, valid) = match validation_path {
        None => samples(&games, config),
        Some(path) => {
            let held_back = read_file(path).map_err(CliError::BadInput)?;
            let (train_set, left_out) = training_samples(&games, config, &held_back);
            writeln!(
                report,
                "validation file {path}: {} games, {left_out} of them found in the data and left out of training",
                held_back.len()
            )
            .map_err(CliError::Io)?;
            (train_set, validation_samples(&held_back, config))
        }
    };
    if train_set.is_empty() || valid.is_empty() {
        return Err(CliError::BadInput(format!(
            "too few positions to train on ({} training, {} validation)",
            train_set.len(),
            valid.len()
        )));
    }
    let fitted;
    let config = if config.k > 0.0 {
        config
    } else {
        fitted = Config {
            k: fit_k(&train_set),
            ..config.clone()
        };
        writeln!(report, "K fitted to the results: {:.1}", fitted.k).map_err(CliError::Io)?;
        &fitted
    };
    writeln!(
        report,
        "{} games: {} training positions, {} validation positions; hidden {}, output buckets {}, {} epochs, batch {}, lr {} (warm-up {} batches, end {} of it), lambda {}{}, K {}",
        games.len(),
        train_set.len(),
        valid.len(),
        config.hidden,
        config.output_buckets,
        config.epochs,
        config.batch,
        config.lr,
        config.warmup,
        config.lr_end,
        config.lambda,
        match config.lambda_schedule {
            Some((first, last)) => format!(" (training target: {first} to {last} over the run)"),
            None => String::new(),
        },
        config.k
    )
    .map_err(CliError::Io)?;
    if config.mirrored_input {
        writeln!(
            report,
            "horizontally mirrored inputs (a version 3 net file): the left-right mirrors of the positions are not added, they would be the same inputs"
        )
        .map_err(CliError::Io)?;
    }
    writeln!(
        report,
        "hand-crafted evaluation: train loss {:.6}  validation loss {:.6}",
        hce_loss(&train_set, config),
        hce_loss(&valid, config)
    )
    .map_err(CliError::Io)?;
    let mut io_error = None;
    let mut kept = (f64::INFINITY, 0);
    let net = train(&train_set, &valid, config, &mut |p: &Progress| {
        let line = match p {
            Progress::Epoch(r) => {
                if r.valid_loss < kept.0 {
                    kept = (r.valid_loss, r.epoch);
                }
                // With a λ schedule, the training loss is at the epoch's λ.
                let lambda = match config.lambda_schedule {
                    Some(_) => format!("  lambda {:.4}", r.lambda),
                    None => String::new(),
                };
                format!(
                    "epoch {:3}  lr {:.6}{lambda}  train loss {:.6}  validation loss {:.6}  {:.0} positions/s",
                    r.epoch, r.lr, r.train_loss, r.valid_loss, r.positions_per_second
                )
            }
            Progress::Resumed {
                path,
                epoch,
                best_epoch,
                best_valid_loss,
            } => {
                kept = (*best_valid_loss, *best_epoch);
                format!(
                    "resumed from {} after epoch {epoch} (best so far: epoch {best_epoch}, validation loss {best_valid_loss:.6})",
                    path.display()
                )
            }
        };
        if let Err(e) = writeln!(report, "{line}").and_then(|_| report.flush()) {
            io_error.get_or_insert(e);
        }
    })?;
    if let Some(e) = io_error {
        return Err(CliError::Io(e));
    }
    writeln!(
        report,
        "kept the net of epoch {} (validation loss {:.6})",
        kept.1, kept.0
    )
    .map_err(CliError::Io)?;
    let quantised = net.quantise();
    writeln!(report, "the net as written (quantised):").map_err(CliError::Io)?;
    report_losses(
        &FloatNet::from_quantised(&quantised),
        &valid,
        config,
        report,
    )
    .map_err(CliError::Io)?;
    std::fs::write(out_path, quantised.to_bytes())
        .map_err(|e| CliError::BadInput(format!("cannot write {out_path}: {e}")))
}

/// `ladya train --eval-only`: the losses of the net file `net_path` on the
/// positions of the game file `validation_path` (the same filters and
/// figures as a training run's last lines), without training.
pub fn evaluate_files(
    net_path: &str,
    validation_path: &str,
    config: &Config,
    report: &mut impl std::io::Write,
) -> Result<(), CliError> {
    if config.k <= 0.0 {
        return Err(CliError::BadInput(
            "--eval-only needs a K above 0 (there is nothing to fit it to)".into(),
        ));
    }
    let bytes = std::fs::read(net_path)
        .map_err(|e| CliError::BadInput(format!("cannot read {net_path}: {e}")))?;
    let quantised = QuantisedNet::from_bytes(&bytes)
        .map_err(|e| CliError::BadInput(format!("{net_path}: {e}")))?;
    let games = read_file(validation_path).map_err(CliError::BadInput)?;
    let valid = validation_samples(&games, config);
    if valid.is_empty() {
        return Err(CliError::BadInput(format!(
            "{validation_path}: no position passes the filters"
        )));
    }
    writeln!(
        report,
        "{net_path} (hidden {}, output buckets {}{}) on {validation_path}: {} games, {} positions; lambda {}, K {}",
        quantised.hidden,
        quantised.buckets,
        if quantised.mirrored_input {
            ", horizontally mirrored inputs"
        } else {
            ""
        },
        games.len(),
        valid.len(),
        config.lambda,
        config.k
    )
    .map_err(CliError::Io)?;
    report_losses(
        &FloatNet::from_quantised(&quantised),
        &valid,
        config,
        report,
    )
    .map_err(CliError::Io)
}
