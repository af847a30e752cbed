//! Runs over several epochs: a stopped run resumed from its checkpoint,
//! a checkpoint of another run refused, the λ schedule.

use super::*;

/// A fresh path for a checkpoint in the temporary folder (nothing there).
fn checkpoint_path(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("ladya-ckpt-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn bits(net: &FloatNet) -> Vec<u32> {
    net.params.iter().map(|x| x.to_bits()).collect()
}

/// What a run reported, one word per event.
fn events(log: &[String]) -> Vec<&str> {
    log.iter().map(String::as_str).collect()
}

fn event(p: &Progress) -> String {
    match p {
        Progress::Epoch(r) => format!("epoch {}", r.epoch),
        Progress::Resumed {
            epoch, best_epoch, ..
        } => format!("resumed after {epoch}, best {best_epoch}"),
    }
}

#[test]
fn a_stopped_run_resumes_to_the_same_net_bit_for_bit() {
    let g = games();
    // Settings under which the validation loss is lowest at epoch 2 and
    // higher at 3 and 4, so that the net kept at the end is one that the
    // checkpoint carried over the stop, not the last one.
    let c = Config {
        epochs: 4,
        lr: 0.04,
        ..config()
    };
    let (train_set, _) = samples(&g, &c);
    let valid = &train_set[..train_set.len() / 3];
    let straight = train(&train_set, valid, &c, &mut |_| {}).unwrap();
    // A run with a checkpoint; the file as it stood when epoch 3's line
    // came out is what a kill then would have left.
    let (path, after_3) = (checkpoint_path("run"), checkpoint_path("after-3"));
    let resumable = Config {
        checkpoint: Some(path.clone()),
        ..c.clone()
    };
    let mut log = Vec::new();
    let whole = train(&train_set, valid, &resumable, &mut |p| {
        log.push(event(p));
        if let Progress::Epoch(r) = p
            && r.epoch == 3
        {
            std::fs::copy(&path, &after_3).unwrap();
        }
    })
    .unwrap();
    assert!(
        bits(&whole) == bits(&straight),
        "a checkpoint changes nothing"
    );
    assert_eq!(
        events(&log),
        ["epoch 0", "epoch 1", "epoch 2", "epoch 3", "epoch 4"]
    );
    // The run killed after epoch 3, started again with the same settings.
    std::fs::rename(&after_3, &path).unwrap();
    log.clear();
    let resumed = train(&train_set, valid, &resumable, &mut |p| log.push(event(p))).unwrap();
    assert_eq!(
        events(&log),
        ["resumed after 3, best 2", "epoch 4"],
        "the case this test is for: the best epoch is one before the stop"
    );
    assert!(
        bits(&resumed) == bits(&straight),
        "resumed != uninterrupted"
    );
    // The finished run's checkpoint stays; the same command again only
    // gives the same net.
    log.clear();
    let again = train(&train_set, valid, &resumable, &mut |p| log.push(event(p))).unwrap();
    assert_eq!(events(&log), ["resumed after 4, best 2"]);
    assert!(bits(&again) == bits(&straight), "not the same net");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_checkpoint_of_another_run_is_refused_and_left_alone() {
    let g = games();
    let path = checkpoint_path("other");
    let c = Config {
        epochs: 2,
        checkpoint: Some(path.clone()),
        ..config()
    };
    let (train_set, _) = samples(&g, &c);
    train(&train_set, &train_set, &c, &mut |_| {}).unwrap();
    let written = std::fs::read(&path).unwrap();
    let refusal = |c: &Config, train_set: &[Sample]| {
        let mut reported = false;
        let result = train(train_set, train_set, c, &mut |_| reported = true);
        assert!(!reported, "a refused run reports nothing");
        assert_eq!(std::fs::read(&path).unwrap(), written, "the file is left");
        match result {
            Err(crate::tool::CliError::BadInput(reason)) => reason,
            Err(e) => panic!("{e:?}"),
            Ok(_) => panic!("a mismatched checkpoint was accepted"),
        }
    };
    let other_hidden = Config {
        hidden: 32,
        ..c.clone()
    };
    // The parameter count is the first setting that differs.
    assert!(
        refusal(&other_hidden, &train_set).contains("parameters"),
        "{}",
        refusal(&other_hidden, &train_set)
    );
    let other_seed = Config {
        seed: 2,
        ..c.clone()
    };
    assert!(refusal(&other_seed, &train_set).contains("seed 1 there, 2 here"));
    let other_lr = Config {
        lr: 0.02,
        ..c.clone()
    };
    assert!(refusal(&other_lr, &train_set).contains("lr 0.01 there, 0.02 here"));
    let scheduled = Config {
        lambda_schedule: Some((0.2, 0.5)),
        ..c.clone()
    };
    assert!(refusal(&scheduled, &train_set).contains("lambda start"));
    let mirrored = Config {
        mirrored_input: true,
        ..c.clone()
    };
    assert!(refusal(&mirrored, &train_set).contains("mirrored input off there, on here"));
    let fewer = &train_set[1..];
    assert!(refusal(&c, fewer).contains("training samples"));
    // A file cut short (a copy that stopped halfway) is refused too.
    std::fs::write(&path, &written[..written.len() - 4]).unwrap();
    let cut = std::fs::read(&path).unwrap();
    let result = train(&train_set, &train_set, &c, &mut |_| {});
    assert!(matches!(result, Err(crate::tool::CliError::BadInput(ref r)) if r.contains("cut off")));
    assert_eq!(std::fs::read(&path).unwrap(), cut);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn the_lambda_schedule_moves_the_training_target_linearly() {
    let c = Config {
        epochs: 4,
        lambda: 0.4,
        ..config()
    };
    // None: lambda throughout.
    assert!((1..=4).all(|e| c.training_lambda(e) == 0.4));
    let rising = Config {
        lambda_schedule: Some((0.2, 0.5)),
        ..c.clone()
    };
    let lambdas: Vec<f32> = (1..=4).map(|e| rising.training_lambda(e)).collect();
    for (got, want) in lambdas.iter().zip([0.2, 0.3, 0.4, 0.5]) {
        assert!((got - want).abs() < 1e-6, "{lambdas:?}");
    }
    // One epoch: the schedule's end.
    let one = Config {
        epochs: 1,
        ..rising.clone()
    };
    assert_eq!(one.training_lambda(1), 0.5);
}

#[test]
fn a_schedule_trains_at_its_own_lambda_and_measures_at_lambda() {
    let g = games();
    let c = Config {
        epochs: 3,
        lambda: 0.4,
        ..config()
    };
    let (train_set, _) = samples(&g, &c);
    let run = |c: &Config| {
        let mut reports = Vec::new();
        let net = train(&train_set, &train_set, c, &mut |p| {
            if let Progress::Epoch(r) = p {
                reports.push((r.lambda, r.valid_loss));
            }
        })
        .unwrap();
        (bits(&net), reports)
    };
    let (constant, constant_reports) = run(&c);
    // A flat schedule at lambda is the same run, to the bit.
    let flat = run(&Config {
        lambda_schedule: Some((0.4, 0.4)),
        ..c.clone()
    });
    assert!(flat.0 == constant, "a flat schedule changed the net");
    assert_eq!(flat.1, constant_reports);
    // A rising one trains another net, reports each epoch's lambda, and
    // its validation loss is the loss at lambda 0.4: the net kept (the
    // epoch of the lowest) has exactly that loss at 0.4.
    let rising = Config {
        lambda_schedule: Some((0.0, 1.0)),
        ..c.clone()
    };
    let (net, reports) = run(&rising);
    assert!(net != constant);
    let lambdas: Vec<f32> = reports.iter().map(|r| r.0).collect();
    assert_eq!(lambdas, [0.4, 0.0, 0.5, 1.0]);
    let last = FloatNet {
        params: net.iter().map(|&b| f32::from_bits(b)).collect(),
        ..FloatNet::new(c.hidden, c.output_buckets, c.seed)
    };
    let at_lambda = last.loss(&train_set, &c);
    let reported = reports.iter().map(|r| r.1).fold(f64::INFINITY, f64::min);
    assert!(
        (at_lambda - reported).abs() < 1e-12,
        "{at_lambda} {reported}"
    );
}

#[test]
fn a_lambda_outside_zero_to_one_is_refused_before_any_file_is_read() {
    for (lambda, schedule, name) in [
        (1.5, None, "--lambda 1.5"),
        (0.4, Some((-0.1, 0.5)), "--lambda-start -0.1"),
        (0.4, Some((0.2, 2.0)), "--lambda-end 2"),
    ] {
        let c = Config {
            lambda,
            lambda_schedule: schedule,
            ..config()
        };
        let mut out = Vec::new();
        let result = train_files(
            &["/no/such/file".into()],
            None,
            &c,
            "/no/such/net",
            &mut out,
        );
        match result {
            Err(crate::tool::CliError::BadInput(reason)) => {
                assert!(reason.starts_with(name), "{reason}")
            }
            other => panic!("{other:?}"),
        }
    }
}
