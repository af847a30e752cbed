//! The `ladya` binary: command line, logging and dispatch.

use clap::{Parser, Subcommand};
use ladya::board::{Board, CastlingNotation};
use ladya::perft;
use ladya::tool::CliError;
use ladya::{selfplay, tune};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "ladya",
    version,
    about = "Ladya, a UCI chess engine (UCI on stdin/stdout when run without a command)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (perft), or check an EPD suite.
    Perft {
        /// Depth in plies (needed unless --epd is given).
        #[arg(required_unless_present = "epd")]
        depth: Option<u32>,
        /// The position, as one quoted FEN (default: the start position).
        #[arg(long, conflicts_with = "epd")]
        fen: Option<String>,
        /// Print the count below each root move.
        #[arg(long, conflicts_with = "epd")]
        divide: bool,
        /// Check every position of a suite: lines of `FEN ;D1 n ;D2 n ...`.
        #[arg(long, value_name = "FILE")]
        epd: Option<String>,
        /// With --epd: check counts only up to this depth.
        #[arg(long, requires = "epd", value_name = "D")]
        max_depth: Option<u32>,
        /// Chess960: the start position in Shredder-FEN (`HAha`), and castling
        /// in the divide written as king takes rook (`e1h1`). A Chess960 FEN
        /// (Shredder-FEN, or rooks and kings off the standard squares) is
        /// read as such without it.
        #[arg(long, conflicts_with = "epd")]
        chess960: bool,
    },
    /// Search a fixed set of positions to a fixed depth; prints `<nodes> nodes <nps> nps`.
    Bench {
        /// Depth of every search (default: the bench's own fixed depth).
        depth: Option<u32>,
    },
    /// The FIDE verdict of a position or game: mate, stalemate, dead position, repetition, 50/75 moves;
    /// with --pgn, every recorded result of a PGN file judged against the Laws.
    Outcome {
        /// The starting position, as one quoted FEN (default: the start position).
        #[arg(long, conflicts_with = "pgn")]
        fen: Option<String>,
        /// Moves in UCI notation played from that position.
        #[arg(long, num_args = 0.., value_name = "MOVE", conflicts_with = "pgn")]
        moves: Vec<String>,
        /// The side whose flag fell (time forfeit).
        #[arg(long, value_name = "white|black", conflicts_with = "pgn")]
        flag: Option<String>,
        /// Judge every game of a PGN file (`-`: standard input): one line per
        /// game (ok, mismatch, unfinished, error) and a summary; exit status 1
        /// when any game is a mismatch or an error.
        #[arg(long, value_name = "FILE")]
        pgn: Option<String>,
        /// With --pgn: `text` (a line per game) or `json` (an object per line).
        #[arg(
            long,
            value_name = "text|json",
            requires = "pgn",
            default_value = "text"
        )]
        format: String,
    },
    /// Play self-play games at a fixed soft node count; append them to a game file (.lgf).
    Datagen {
        /// Opening book: one FEN/EPD position per line.
        #[arg(long, value_name = "FILE")]
        book: String,
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// Soft nodes per move (no new iteration past this).
        #[arg(long, default_value_t = 5000)]
        nodes: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Seed of the opening choice (game i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Soft nodes of the search that verifies each start after the random plies (0: no verification).
        #[arg(long, default_value_t = 5000)]
        verify_nodes: u64,
        /// Starts whose verified score is beyond this (centipawns, either side) are drawn again.
        #[arg(long, default_value_t = 400)]
        verify_cp: i32,
        /// A second book (e.g. ../shared/data/books/frc.epd) for a share of the games.
        #[arg(long, value_name = "FILE")]
        frc_book: Option<String>,
        /// The share of games (0 to 1) that draw their line from --frc-book.
        #[arg(long, default_value_t = 0.1, requires = "frc_book")]
        frc_share: f64,
        /// Only verify the first start of each of the --games games and print how many the bound drops.
        #[arg(long, conflicts_with = "out")]
        starts_only: bool,
        /// Game file (appended to; a partial last record is cut off first).
        #[arg(long, value_name = "FILE", required_unless_present = "starts_only")]
        out: Option<String>,
    },
    /// Train a (768 -> H)x2 -> 1 network (1 or 8 output buckets) on datagen game files; writes a quantised net file.
    Train {
        /// Game files from `datagen` (comma-separated).
        #[arg(
            long,
            value_delimiter = ',',
            value_name = "FILE",
            required_unless_present = "eval_only"
        )]
        data: Vec<String>,
        /// A fixed game file for the validation loss, whose games are left out of the training data (default: one game in 20 of the data).
        #[arg(long, value_name = "FILE")]
        validation: Option<String>,
        /// Only print the losses of the net file --net on --validation; no training.
        #[arg(long, requires_all = ["net", "validation"], conflicts_with_all = ["data", "out"])]
        eval_only: bool,
        /// The net file that --eval-only measures.
        #[arg(long, value_name = "FILE", requires = "eval_only")]
        net: Option<String>,
        /// Hidden layer size (a multiple of 16).
        #[arg(long, default_value_t = 128)]
        hidden: usize,
        /// Output buckets by material count: 1 (one output) or 8 ((pieces - 2) / 4).
        #[arg(long, default_value_t = 1)]
        output_buckets: usize,
        #[arg(long, default_value_t = 20)]
        epochs: usize,
        /// Positions per mini-batch.
        #[arg(long, default_value_t = 16384)]
        batch: usize,
        /// AdamW's first learning rate (cosine decay to lr * lr-end).
        #[arg(long, default_value_t = 0.001)]
        lr: f32,
        /// The last batch's learning rate, as a share of --lr.
        #[arg(long, default_value_t = 0.01)]
        lr_end: f32,
        /// Batches over which the learning rate first rises linearly to --lr.
        #[arg(long, default_value_t = 0)]
        warmup: usize,
        #[arg(long, default_value_t = 0.01)]
        weight_decay: f32,
        /// The game result's share of the target (the rest: sigmoid(score / K)).
        #[arg(long, default_value_t = 0.5)]
        lambda: f32,
        /// The training target's lambda in the first epoch, moving linearly to --lambda-end in the
        /// last (--lambda still gives the validation loss and the best epoch).
        #[arg(long, requires = "lambda_end")]
        lambda_start: Option<f32>,
        /// The training target's lambda in the last epoch (with --lambda-start).
        #[arg(long, requires = "lambda_start")]
        lambda_end: Option<f32>,
        /// The scale of the score's sigmoid, in centipawns (default: r4's; 0: fitted to the results).
        #[arg(long, default_value_t = ladya::train::DEFAULT_K)]
        k: f32,
        /// Plies left out at the start of each game (the book already skips the opening).
        #[arg(long, default_value_t = 0)]
        skip_plies: usize,
        #[arg(long, default_value_t = 2)]
        threads: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Extra positions per game position, one random quiet move away, labelled by the hand-crafted evaluation.
        #[arg(long, default_value_t = 0)]
        hce_extra: usize,
        /// Do not add each training position's left-right mirror.
        #[arg(long)]
        no_mirror: bool,
        /// Horizontally mirrored inputs (a version 3 net file): each side's inputs mirrored left to
        /// right while its king stands on files a-d. The left-right mirrors are then not added
        /// (they would be the same inputs), which halves the samples.
        #[arg(long)]
        mirrored_input: bool,
        /// Where to write the net.
        #[arg(long, value_name = "FILE", required_unless_present = "eval_only")]
        out: Option<String>,
        /// The optimiser's state, written after every epoch; if the file is there, the run goes on
        /// from it (the same command after a kill ends with the same net). Kept at the end.
        #[arg(long, value_name = "FILE", conflicts_with = "eval_only")]
        checkpoint: Option<std::path::PathBuf>,
    },
    /// Compare a new net's static evaluations with a reference net's on the positions of game files
    /// (the trainer's filters): the least-squares slope, correlation and mean differences (a scale check).
    NetScale {
        /// The new net file.
        #[arg(long, value_name = "FILE")]
        net: String,
        /// The net whose centipawn scale the search is tuned to (e.g. nets/round4-h128.lnn).
        #[arg(long, value_name = "FILE")]
        reference: String,
        /// Game files from `datagen` (comma-separated), e.g. data/nnue/validation.lgf.
        #[arg(long, value_delimiter = ',', value_name = "FILE", required = true)]
        data: Vec<String>,
        /// How many positions (the first that pass the trainer's filters).
        #[arg(long, default_value_t = 50_000, value_name = "N")]
        positions: usize,
    },
    /// Fit the win-draw-loss model (UCI_ShowWDL) to datagen game files; prints its constants.
    WdlFit {
        /// Game files from `datagen` (comma-separated).
        #[arg(long, value_delimiter = ',', value_name = "FILE", required = true)]
        data: Vec<String>,
        /// Adam steps.
        #[arg(long, default_value_t = 600)]
        steps: usize,
    },
    /// Convert datagen game files: to text (`FEN | score | result` per position, White's view) or to game records of either version.
    Convert {
        /// Game files from `datagen`, of either version (comma-separated).
        #[arg(long, value_delimiter = ',', value_name = "FILE", required = true)]
        data: Vec<String>,
        /// File to write.
        #[arg(long, value_name = "FILE")]
        out: String,
        /// What to write: text, or game records of version 2 (lgf2, what datagen writes) or 1 (lgf1).
        #[arg(long, value_enum, default_value_t = ConvertFormat::Text)]
        format: ConvertFormat,
        /// Keep only every Nth game of each file (games N-1, 2N-1, ... counted from 0).
        #[arg(long, default_value_t = 1, value_name = "N")]
        every: usize,
    },
    /// Append to each `<FEN> [<result>]` line the score of a search of N nodes (White's view).
    Rescore {
        /// Labelled positions from `datagen`.
        #[arg(long, value_name = "FILE")]
        data: String,
        /// Nodes per search.
        #[arg(long, default_value_t = 2000)]
        nodes: u64,
        /// Threads (each searches its share of the positions).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Output file.
        #[arg(long, value_name = "FILE")]
        out: String,
    },
    /// Print the search parameters an SPSA run may tune, in OpenBench's SPSA input format
    /// (`name, int, default, min, max, c_end, r_end`); a build with `--features tune` offers
    /// each as a UCI option.
    SpsaParams,
    /// Texel-tune the evaluation weights on `datagen` positions; writes a new weights.rs.
    Tune {
        /// Labelled positions: `<FEN> [<result>]` per line.
        #[arg(long, value_name = "FILE")]
        data: String,
        /// Passes of Adam over the training positions.
        #[arg(long, default_value_t = 1000)]
        epochs: usize,
        /// Adam's step size, in centipawns.
        #[arg(long, default_value_t = 1.0)]
        lr: f64,
        /// Groups of weights to keep as they are, e.g. `PST,MATERIAL`.
        #[arg(long, value_delimiter = ',', value_name = "GROUP")]
        freeze: Vec<String>,
        /// L2 pull towards the starting weights.
        #[arg(long, default_value_t = 0.0)]
        l2: f64,
        /// Share of the game result in the target (the rest: the rescored search score).
        #[arg(long, default_value_t = 1.0)]
        lambda: f64,
        /// The weights file to start from (its array is replaced).
        #[arg(long, value_name = "FILE", default_value = "src/eval/weights.rs")]
        weights: String,
        /// Where to write the tuned file.
        #[arg(long, value_name = "FILE")]
        out: String,
    },
}

/// `ladya convert --format`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum ConvertFormat {
    Text,
    Lgf1,
    Lgf2,
}

/// Exit statuses: 0 all good, 1 a check failed, 2 bad input.
const EXIT_FAILED: u8 = 1;
const EXIT_BAD_INPUT: u8 = 2;

fn bad_input(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("ladya: error: {msg}");
    ExitCode::from(EXIT_BAD_INPUT)
}

/// The exit of a data or tuning tool: bad input is a one-line error (exit 2).
fn finish_tool(result: Result<(), CliError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::BadInput(msg)) => bad_input(msg),
        Err(CliError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(CliError::Io(e)) => bad_input(e),
    }
}

/// `ladya outcome --pgn`: 0 when every game is ok or unfinished, 1 when
/// one is a mismatch or an error, 2 when the file cannot be read.
fn judge_pgn(path: &str, format: &str, out: std::io::StdoutLock<'_>) -> ExitCode {
    use ladya::pgn::Format;
    let format = match format {
        "text" => Format::Text,
        "json" => Format::Json,
        other => return bad_input(format!("--format takes text or json, not '{other}'")),
    };
    let mut out = std::io::BufWriter::new(out);
    let result = if path == "-" {
        ladya::pgn::run(std::io::stdin().lock(), &mut out, format)
    } else {
        match std::fs::File::open(path) {
            Ok(file) => ladya::pgn::run(file, &mut out, format),
            Err(e) => return bad_input(format!("cannot read {path}: {e}")),
        }
    };
    match result {
        Ok(summary) if summary.all_good() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(EXIT_FAILED),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => bad_input(format!("{path}: {e}")),
    }
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    // UCI first: its two threads share stdout line by line, so this thread
    // must not hold the stdout lock while it runs.
    let Some(command) = cli.command else {
        return match ladya::uci::run() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => bad_input(e),
        };
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = match command {
        Command::SpsaParams => {
            use std::io::Write;
            ladya::search::params::ALL
                .iter()
                .try_for_each(|p| writeln!(out, "{}", p.openbench_line()))
        }
        Command::Bench { depth } => {
            ladya::search::bench::run(depth, ladya::eval::nnue::Network::embedded(), &mut out)
        }
        Command::Outcome {
            pgn: Some(path),
            format,
            ..
        } => return judge_pgn(&path, &format, out),
        Command::Outcome {
            fen, moves, flag, ..
        } => match ladya::pgn::verdict::outcome_line(fen.as_deref(), &moves, flag.as_deref()) {
            Ok(line) => {
                use std::io::Write;
                writeln!(out, "{line}")
            }
            Err(e) => return bad_input(e),
        },
        // The data, training and tuning tools end the program themselves.
        Command::Train {
            data,
            validation,
            eval_only,
            net,
            hidden,
            output_buckets,
            epochs,
            batch,
            lr,
            lr_end,
            warmup,
            weight_decay,
            lambda,
            lambda_start,
            lambda_end,
            k,
            skip_plies,
            threads,
            seed,
            no_mirror,
            mirrored_input,
            hce_extra,
            out: path,
            checkpoint,
        } => {
            let config = ladya::train::Config {
                hce_extra,
                mirror: !no_mirror,
                mirrored_input,
                hidden,
                output_buckets,
                epochs,
                batch,
                lr,
                lr_end,
                warmup,
                weight_decay,
                lambda,
                lambda_schedule: lambda_start.zip(lambda_end),
                k,
                skip_plies,
                threads,
                seed,
                checkpoint,
                ..Default::default()
            };
            let result = match (eval_only, net, validation, path) {
                (true, Some(net), Some(validation), _) => {
                    ladya::train::evaluate_files(&net, &validation, &config, &mut out)
                }
                (_, _, validation, Some(path)) => ladya::train::train_files(
                    &data,
                    validation.as_deref(),
                    &config,
                    &path,
                    &mut out,
                ),
                // clap's requirements rule these out.
                _ => Err(CliError::BadInput(
                    "give --out (training) or --eval-only with --net and --validation".into(),
                )),
            };
            return finish_tool(result);
        }
        Command::NetScale {
            net,
            reference,
            data,
            positions,
        } => {
            return finish_tool(ladya::train::net_scale_files(
                &net, &reference, &data, positions, &mut out,
            ));
        }
        Command::WdlFit { data, steps } => {
            return finish_tool(ladya::train::wdl::fit_files(&data, steps, &mut out));
        }
        Command::Convert {
            data,
            out: path,
            format,
            every,
        } => {
            use ladya::selfplay::gamefile::Version;
            let format = match format {
                ConvertFormat::Text => selfplay::ConvertFormat::Text,
                ConvertFormat::Lgf1 => selfplay::ConvertFormat::Games(Version::V1),
                ConvertFormat::Lgf2 => selfplay::ConvertFormat::Games(Version::V2),
            };
            return finish_tool(selfplay::convert_files(&data, &path, format, every));
        }
        Command::Rescore {
            data,
            nodes,
            threads,
            out: path,
        } => return finish_tool(selfplay::rescore_files(&data, nodes, threads, &path)),
        Command::Tune {
            data,
            epochs,
            lr,
            freeze,
            l2,
            lambda,
            weights,
            out: path,
        } => {
            use std::io::Write;
            let config = tune::texel::Config {
                epochs,
                learning_rate: lr,
                frozen: freeze,
                l2,
                lambda,
            };
            let report = &mut |line: &str| {
                let _ = writeln!(out, "{line}");
                let _ = out.flush();
            };
            return finish_tool(tune::tune_files(&data, &config, &weights, &path, report));
        }
        Command::Datagen {
            book,
            games,
            nodes,
            threads,
            seed,
            verify_nodes,
            verify_cp,
            frc_book,
            frc_share,
            starts_only,
            out: path,
        } => {
            if !(0.0..=1.0).contains(&frc_share) {
                return bad_input(format!("--frc-share {frc_share} is not between 0 and 1"));
            }
            let config = selfplay::datagen::Config {
                games,
                nodes,
                threads,
                seed,
                verify_nodes,
                verify_cp,
                frc_share,
            };
            let frc_book = frc_book.as_deref();
            return finish_tool(match path {
                Some(path) if !starts_only => {
                    selfplay::datagen_files(&book, frc_book, &config, &path)
                }
                _ => selfplay::check_start_files(&book, frc_book, &config, &mut out),
            });
        }
        Command::Perft {
            depth,
            fen,
            divide,
            epd,
            max_depth,
            chess960,
        } => {
            if let Some(path) = epd {
                let text = match std::fs::read_to_string(&path) {
                    Ok(t) => t,
                    Err(e) => return bad_input(format!("cannot read {path}: {e}")),
                };
                let cases = match perft::parse_epd(&text) {
                    Ok(c) => c,
                    Err(e) => return bad_input(format!("{path}: {e}")),
                };
                let max = max_depth.or(depth).unwrap_or(u32::MAX);
                match perft::run_suite(&cases, max, &mut out) {
                    Ok(true) => Ok(()),
                    Ok(false) => return ExitCode::from(EXIT_FAILED),
                    Err(e) => Err(e),
                }
            } else {
                let board = match fen.as_deref().map(Board::from_fen) {
                    None if chess960 => {
                        Board::startpos().with_castling_notation(CastlingNotation::Shredder)
                    }
                    None => Board::startpos(),
                    Some(Ok(b)) => b,
                    Some(Err(e)) => {
                        return bad_input(format!(
                            "invalid FEN \"{}\": {e}",
                            fen.unwrap_or_default()
                        ));
                    }
                };
                perft::run_single(&board, depth.unwrap_or(1), divide, chess960, &mut out)
                    .map(|_| ())
            }
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed stdout (e.g. `ladya perft 6 | head -1`) is not worth a panic.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => bad_input(e),
    }
}
