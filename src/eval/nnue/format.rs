//! The net file: the one place that says how a trained network is laid
//! out on disk, how its weights are quantised and which output bucket a
//! position uses. The trainer's writer (`train::quantise`) and the
//! engine's reader (`Network::from_bytes`) both use these definitions.
//!
//! All numbers are little-endian. Version 2 (what `to_bytes` writes since
//! round 7 for a net without input options):
//!
//! | bytes    | field                                                      |
//! |----------|------------------------------------------------------------|
//! | 8        | magic `LADYANN\0`                                          |
//! | 4        | format version (2)                                         |
//! | 4        | inputs, 768                                                |
//! | 4        | hidden size H (16..=1024, a multiple of 16)                |
//! | 4        | output buckets B (1 or 8)                                  |
//! | 4        | QA, 255                                                    |
//! | 4        | QB, 64                                                     |
//! | 4        | output scale (centipawns per unit of the float output), 400 |
//! | 2·768H   | first layer, i16, one row of H per input feature (× QA)    |
//! | 2·H      | first-layer bias, i16 (× QA)                               |
//! | 2·B·2H   | output weights, i16: bucket 0's 2H, then bucket 1's ...; in each, the side to move's H first (× QB) |
//! | 4·B      | output biases, i32, one per bucket (× QA·QB)               |
//! | 8        | FNV-1a 64 hash of every byte before it                     |
//!
//! Version 1 (rounds 1-6, and the shipped r4) has no bucket field and one
//! output: the same fields without the fourth header word, B = 1. It is
//! read as a version 2 net with one bucket, with the same weights.
//!
//! Version 3 (what `to_bytes` writes for a net with horizontally mirrored
//! inputs, `ladya train --mirrored-input`) is version 2 with one more
//! header word after the bucket count: the **input options**, a bit set.
//! Bit 0 (`INPUT_MIRRORED`): each perspective's inputs are mirrored left
//! to right (file a ↔ h: the square's index `^ 7`) whenever that
//! perspective's own king stands on files a-d, so that every perspective
//! sees its king on files e-h (`mirror_mask`). Any other bit set is
//! refused. The weights follow as in version 2, so the file is 4 bytes
//! longer than version 2's of the same sizes. A version 3 file with no
//! option set is read as the version 2 net it equals.
//!
//! A file whose magic, version, header or size does not match, or whose
//! hash is wrong, is rejected with a `NetError` that says which.

use crate::fnv::fnv1a;

pub const MAGIC: [u8; 8] = *b"LADYANN\0";
/// The version `to_bytes` writes for a net without input options.
pub const VERSION: u32 = 2;
/// The first version: one output, no bucket field. Still read.
pub const VERSION_1: u32 = 1;
/// Version 2 with an input-options word (`INPUT_MIRRORED`): what
/// `to_bytes` writes for a net with horizontally mirrored inputs.
pub const VERSION_3: u32 = 3;
/// Version 3's input option: horizontally mirrored inputs (`mirror_mask`).
pub const INPUT_MIRRORED: u32 = 1;
/// One input per (colour relative to the perspective, piece kind, square).
pub const INPUTS: usize = 768;
/// Activations are clipped to [0, QA] in the integer accumulator.
pub const QA: i32 = 255;
pub const QB: i32 = 64;
/// The float network's output times SCALE is the evaluation in centipawns.
pub const SCALE: i32 = 400;
/// Float weights are kept within ±CLIP by the trainer, so that every
/// quantised product in the output layer fits i16 (|QB·w| ≤ 127).
pub const CLIP: f32 = 1.98;
pub const MAX_HIDDEN: usize = 1024;
/// The most output buckets a net may have.
pub const MAX_OUTPUT_BUCKETS: usize = 8;
/// The output-bucket counts a net may have: one output, or one per
/// material bucket (`output_bucket`).
pub const OUTPUT_BUCKETS: [usize; 2] = [1, MAX_OUTPUT_BUCKETS];
/// Version 2's header: magic and seven words.
pub const HEADER_LEN: usize = 8 + 7 * 4;
/// Version 1's header: magic and six words.
pub const HEADER_LEN_V1: usize = 8 + 6 * 4;
/// Version 3's header: magic and eight words.
pub const HEADER_LEN_V3: usize = 8 + 8 * 4;

/// Why a net file was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetError {
    TooShort(usize),
    BadMagic,
    UnknownVersion(u32),
    /// A layer size or constant this engine does not use: (field, value).
    BadHeader(&'static str, u32),
    /// The file's length differs from what its header promises.
    WrongSize {
        expected: usize,
        found: usize,
    },
    BadHash,
    Io(String),
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetError::TooShort(n) => write!(f, "not a Ladya net: only {n} bytes"),
            NetError::BadMagic => write!(f, "not a Ladya net (wrong magic)"),
            NetError::UnknownVersion(v) => write!(
                f,
                "unknown net format version {v} (this engine reads versions {VERSION_1} to {VERSION_3})"
            ),
            NetError::BadHeader(field, v) => write!(f, "unsupported {field} {v} in the net header"),
            NetError::WrongSize { expected, found } => write!(
                f,
                "wrong size: the header promises {expected} bytes, the file has {found}"
            ),
            NetError::BadHash => write!(f, "the net's checksum does not match (corrupt file)"),
            NetError::Io(e) => write!(f, "{e}"),
        }
    }
}

/// The whole length of a version 2 file with hidden size `h` and
/// `buckets` output buckets.
pub const fn file_len(h: usize, buckets: usize) -> usize {
    HEADER_LEN + 2 * INPUTS * h + 2 * h + buckets * (4 * h + 4) + 8
}

/// The whole length of a version 1 file with hidden size `h`.
pub const fn file_len_v1(h: usize) -> usize {
    HEADER_LEN_V1 + 2 * INPUTS * h + 2 * h + 4 * h + 4 + 8
}

/// The whole length of a version 3 file: version 2's and the options word.
pub const fn file_len_v3(h: usize, buckets: usize) -> usize {
    file_len(h, buckets) + 4
}

/// The XOR that horizontally mirrored inputs apply to the square of every
/// input of a perspective whose king stands on `king_file` (0 = a ... 7 =
/// h): 7 (files a ↔ h) for a king on files a-d, 0 for one on e-h. So the
/// inputs of a position and of its left-right mirror are the same (the
/// inputs know nothing of castling rights), and each perspective sees its
/// own king on files e-h, as in the standard start position (whose inputs
/// are then unchanged). The two perspectives decide independently.
#[inline]
pub const fn mirror_mask(king_file: u8) -> usize {
    if king_file < 4 { 7 } else { 0 }
}

/// The output bucket of a position with `pieces` pieces on the board
/// (kings included), for a net of `buckets` buckets: the material count
/// in equal steps, `(pieces − 2) / ⌈32 / buckets⌉`, at most `buckets − 1`
/// (bullet's `MaterialCount<N>`). With 8 buckets: 2-5 pieces bucket 0,
/// 6-9 bucket 1, ..., 30-32 bucket 7; with one, always 0.
#[inline]
pub fn output_bucket(pieces: usize, buckets: usize) -> usize {
    debug_assert!(buckets > 0);
    (pieces.saturating_sub(2) / 32usize.div_ceil(buckets)).min(buckets - 1)
}

/// A quantised network's parameters, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantisedNet {
    pub hidden: usize,
    /// The number of output buckets (`OUTPUT_BUCKETS`).
    pub buckets: usize,
    /// `INPUTS × hidden`, feature-major.
    pub w1: Vec<i16>,
    pub b1: Vec<i16>,
    /// `buckets × 2·hidden`, bucket-major; in each bucket the side to
    /// move's half first.
    pub w2: Vec<i16>,
    /// One per bucket.
    pub b2: Vec<i32>,
    /// Horizontally mirrored inputs (`mirror_mask`; a version 3 file).
    pub mirrored_input: bool,
}

impl QuantisedNet {
    /// The net as a version 2 file, or as a version 3 file when its
    /// inputs are mirrored (the one option version 2 cannot say).
    pub fn to_bytes(&self) -> Vec<u8> {
        let (h, buckets) = (self.hidden, self.buckets);
        debug_assert_eq!(self.w2.len(), buckets * 2 * h);
        debug_assert_eq!(self.b2.len(), buckets);
        let len = self.file_len();
        let mut out = Vec::with_capacity(len);
        out.extend_from_slice(&MAGIC);
        let version = if self.mirrored_input {
            VERSION_3
        } else {
            VERSION
        };
        let mut header = vec![version, INPUTS as u32, h as u32, buckets as u32];
        if self.mirrored_input {
            header.push(INPUT_MIRRORED);
        }
        header.extend([QA as u32, QB as u32, SCALE as u32]);
        for v in header {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in &self.b2 {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let hash = fnv1a(&out);
        out.extend_from_slice(&hash.to_le_bytes());
        debug_assert_eq!(out.len(), len);
        out
    }

    /// The length of the file `to_bytes` writes.
    pub fn file_len(&self) -> usize {
        if self.mirrored_input {
            file_len_v3(self.hidden, self.buckets)
        } else {
            file_len(self.hidden, self.buckets)
        }
    }

    /// Reads a file of version 3, 2, or 1 (as one bucket).
    pub fn from_bytes(bytes: &[u8]) -> Result<QuantisedNet, NetError> {
        if bytes.len() < HEADER_LEN_V1 {
            return Err(NetError::TooShort(bytes.len()));
        }
        if bytes[..8] != MAGIC {
            return Err(NetError::BadMagic);
        }
        let word = |i: usize| {
            let at = 8 + 4 * i;
            u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
        };
        // Version 2 has the bucket count after the hidden size, and the
        // constants one word later than version 1; version 3 has the
        // input options after the bucket count, and the constants one word
        // later again.
        let (header_len, buckets, options, constants) = match word(0) {
            VERSION_1 => (HEADER_LEN_V1, 1, 0, 3),
            VERSION if bytes.len() < HEADER_LEN => return Err(NetError::TooShort(bytes.len())),
            VERSION => (HEADER_LEN, word(3), 0, 4),
            VERSION_3 if bytes.len() < HEADER_LEN_V3 => {
                return Err(NetError::TooShort(bytes.len()));
            }
            VERSION_3 => (HEADER_LEN_V3, word(3), word(4), 5),
            v => return Err(NetError::UnknownVersion(v)),
        };
        let checks: [(&'static str, u32, bool); 7] = [
            ("input count", word(1), word(1) as usize == INPUTS),
            (
                "hidden size",
                word(2),
                word(2) > 0 && word(2) as usize <= MAX_HIDDEN && word(2).is_multiple_of(16),
            ),
            (
                "output buckets",
                buckets,
                OUTPUT_BUCKETS.contains(&(buckets as usize)),
            ),
            ("input options", options, options & !INPUT_MIRRORED == 0),
            ("QA", word(constants), word(constants) as i32 == QA),
            ("QB", word(constants + 1), word(constants + 1) as i32 == QB),
            (
                "output scale",
                word(constants + 2),
                word(constants + 2) as i32 == SCALE,
            ),
        ];
        for (field, value, ok) in checks {
            if !ok {
                return Err(NetError::BadHeader(field, value));
            }
        }
        let (h, buckets) = (word(2) as usize, buckets as usize);
        let expected = match header_len {
            HEADER_LEN_V1 => file_len_v1(h),
            HEADER_LEN_V3 => file_len_v3(h, buckets),
            _ => file_len(h, buckets),
        };
        if bytes.len() != expected {
            return Err(NetError::WrongSize {
                expected,
                found: bytes.len(),
            });
        }
        let (body, hash) = bytes.split_at(bytes.len() - 8);
        if fnv1a(body) != u64::from_le_bytes(hash.try_into().expect("8 bytes")) {
            return Err(NetError::BadHash);
        }
        let mut at = header_len;
        let mut take = |n: usize| {
            let v: Vec<i16> = body[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let w1 = take(INPUTS * h);
        let b1 = take(h);
        let w2 = take(buckets * 2 * h);
        let b2 = body[body.len() - 4 * buckets..]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        Ok(QuantisedNet {
            hidden: h,
            buckets,
            w1,
            b1,
            w2,
            b2,
            mirrored_input: options & INPUT_MIRRORED != 0,
        })
    }
}
