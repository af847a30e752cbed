//! The trainer's checkpoint (`ladya train --checkpoint FILE`): the whole
//! state of the AdamW loop after a completed epoch, so that a run that
//! was stopped (killed, or its machine gone) goes on where it stopped and
//! ends with the net an uninterrupted run gives, to the bit.
//!
//! The file, little-endian throughout:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `LADYACKP` |
//! | 4 | the format's version (u32): 3 (2 had no mirrored-input setting, 1 no λ schedule) |
//! | 18 × 8 | the run's identity (`Identity`), each setting as a u64 (a count; an f32's bits; 0 or 1) |
//! | 8 | epochs completed (u64) |
//! | 8 | Adam's step: batches done (u64) |
//! | 8 | the best epoch so far (u64; 0: the untrained net) |
//! | 8 | its validation loss (f64) |
//! | 4 × n | the parameters (f32; n: the identity's parameter count) |
//! | 4 × n | Adam's first moments |
//! | 4 × n | Adam's second moments |
//! | 4 × n | the parameters of the best epoch so far |
//!
//! The shuffle's order is not stored (31.6 M entries on round 7's data):
//! the run that resumes replays the completed epochs' shuffles with the
//! same generator, which gives the same order.

use super::Config;
use crate::tool::CliError;
use std::fmt;
use std::io::Write;
use std::path::Path;

const MAGIC: &[u8; 8] = b"LADYACKP";
const VERSION: u32 = 3;
/// Magic, version, identity, then the four counts before the arrays.
const HEADER: usize = 8 + 4 + 8 * SETTINGS + 4 * 8;
const SETTINGS: usize = 18;

/// One setting of a run, as the checkpoint stores it and a mismatch
/// names it.
#[derive(Clone, Copy)]
enum Setting {
    Count(usize),
    Real(f32),
    Flag(bool),
}

impl Setting {
    fn bits(self) -> u64 {
        match self {
            Setting::Count(n) => n as u64,
            Setting::Real(x) => u64::from(x.to_bits()),
            Setting::Flag(b) => u64::from(b),
        }
    }

    /// The setting of the same kind whose stored form is `bits`.
    fn with_bits(self, bits: u64) -> Setting {
        match self {
            Setting::Count(_) => Setting::Count(bits as usize),
            Setting::Real(_) => Setting::Real(f32::from_bits(bits as u32)),
            Setting::Flag(_) => Setting::Flag(bits != 0),
        }
    }
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Setting::Count(n) => write!(f, "{n}"),
            Setting::Real(x) => write!(f, "{x}"),
            Setting::Flag(b) => write!(f, "{}", if *b { "on" } else { "off" }),
        }
    }
}

/// What a checkpoint must share with the run that resumes from it: every
/// setting that changes the sequence of updates (the thread count aside,
/// which changes only the order of a sum, and so the last bits).
pub(super) struct Identity {
    settings: [(&'static str, Setting); SETTINGS],
    params: usize,
}

impl Identity {
    /// The identity of a run of `c` on `train_len` training and
    /// `valid_len` validation samples, with `params` parameters.
    pub fn of(c: &Config, params: usize, train_len: usize, valid_len: usize) -> Identity {
        use Setting::{Count, Flag, Real};
        Identity {
            settings: [
                ("parameters", Count(params)),
                ("hidden", Count(c.hidden)),
                ("output buckets", Count(c.output_buckets)),
                ("epochs", Count(c.epochs)),
                ("batch", Count(c.batch)),
                ("lr", Real(c.lr)),
                ("lr-end", Real(c.lr_end)),
                ("warm-up", Count(c.warmup)),
                ("lambda", Real(c.lambda)),
                ("lambda start", Real(c.training_lambda(1))),
                ("lambda end", Real(c.training_lambda(c.epochs))),
                ("K", Real(c.k)),
                ("seed", Count(c.seed as usize)),
                ("training samples", Count(train_len)),
                ("validation samples", Count(valid_len)),
                ("weight decay", Real(c.weight_decay)),
                ("mirror", Flag(c.mirror)),
                ("mirrored input", Flag(c.mirrored_input)),
            ],
            params,
        }
    }

    /// The file's length for this identity.
    fn file_len(&self) -> usize {
        HEADER + 4 * 4 * self.params
    }
}

/// The optimiser's state after `epochs_done` epochs: `V` is `&[f32]` when
/// it is written and `Vec<f32>` when it is read back.
pub(super) struct Checkpoint<V> {
    pub epochs_done: usize,
    pub step: usize,
    pub params: V,
    pub m: V,
    pub v: V,
    pub best_epoch: usize,
    pub best_valid_loss: f64,
    pub best_params: V,
}

impl<V: AsRef<[f32]>> Checkpoint<V> {
    fn to_bytes(&self, identity: &Identity) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(identity.file_len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        for (_, setting) in &identity.settings {
            bytes.extend_from_slice(&setting.bits().to_le_bytes());
        }
        for count in [self.epochs_done, self.step, self.best_epoch] {
            bytes.extend_from_slice(&(count as u64).to_le_bytes());
        }
        bytes.extend_from_slice(&self.best_valid_loss.to_le_bytes());
        for array in [&self.params, &self.m, &self.v, &self.best_params] {
            for x in array.as_ref() {
                bytes.extend_from_slice(&x.to_le_bytes());
            }
        }
        bytes
    }

    /// Writes the checkpoint to `path` atomically: to `path` + `.tmp`
    /// first, then renamed over `path`, so that a run killed while it
    /// writes leaves the previous epoch's checkpoint whole.
    pub fn save(&self, path: &Path, identity: &Identity) -> Result<(), CliError> {
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = Path::new(&tmp);
        let cannot = |e: std::io::Error| {
            CliError::BadInput(format!("cannot write checkpoint {}: {e}", tmp.display()))
        };
        let mut file = std::fs::File::create(tmp).map_err(cannot)?;
        file.write_all(&self.to_bytes(identity)).map_err(cannot)?;
        file.sync_all().map_err(cannot)?;
        drop(file);
        std::fs::rename(tmp, path).map_err(|e| {
            CliError::BadInput(format!(
                "cannot rename {} to {}: {e}",
                tmp.display(),
                path.display()
            ))
        })
    }
}

impl Checkpoint<Vec<f32>> {
    /// The checkpoint at `path`, if there is one; a file that is not a
    /// checkpoint, or one that another run wrote (`identity` differs), is
    /// an error that names the first difference.
    pub fn load(path: &Path, identity: &Identity) -> Result<Option<Self>, CliError> {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(CliError::BadInput(format!(
                    "cannot read checkpoint {}: {e}",
                    path.display()
                )));
            }
        };
        Checkpoint::from_bytes(&bytes, identity)
            .map(Some)
            .map_err(|e| CliError::BadInput(format!("checkpoint {}: {e}", path.display())))
    }

    fn from_bytes(bytes: &[u8], identity: &Identity) -> Result<Self, String> {
        let mut r = Reader(bytes);
        if r.take::<8>() != Some(MAGIC) {
            return Err("not a ladya training checkpoint".into());
        }
        let version = u32::from_le_bytes(*r.take().ok_or("cut off in its header")?);
        if version != VERSION {
            return Err(format!(
                "format version {version}; this build reads version {VERSION}"
            ));
        }
        for (name, setting) in &identity.settings {
            let stored = r.u64()?;
            if stored != setting.bits() {
                return Err(format!(
                    "written by another run ({name} {} there, {setting} here); \
                     give another --checkpoint or delete it to start afresh",
                    setting.with_bits(stored)
                ));
            }
        }
        if bytes.len() != identity.file_len() {
            return Err(format!(
                "{} bytes, not the {} its header gives (cut off?)",
                bytes.len(),
                identity.file_len()
            ));
        }
        let epochs_done = r.u64()? as usize;
        let step = r.u64()? as usize;
        let best_epoch = r.u64()? as usize;
        let best_valid_loss = f64::from_bits(r.u64()?);
        let n = identity.params;
        Ok(Checkpoint {
            epochs_done,
            step,
            params: r.f32s(n)?,
            m: r.f32s(n)?,
            v: r.f32s(n)?,
            best_epoch,
            best_valid_loss,
            best_params: r.f32s(n)?,
        })
    }
}

/// Little-endian values read off the front of a checkpoint's bytes.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Option<&[u8; N]> {
        let (head, rest) = self.0.split_first_chunk::<N>()?;
        self.0 = rest;
        Some(head)
    }

    fn u64(&mut self) -> Result<u64, String> {
        let bytes = self.take().ok_or("cut off in its header")?;
        Ok(u64::from_le_bytes(*bytes))
    }

    fn f32s(&mut self, n: usize) -> Result<Vec<f32>, String> {
        (0..n)
            .map(|_| {
                let bytes = self.take().ok_or("cut off in its arrays")?;
                Ok(f32::from_le_bytes(*bytes))
            })
            .collect()
    }
}
