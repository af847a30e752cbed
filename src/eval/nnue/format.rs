//! The net file: the one place that says how a trained network is laid
//! out on disk and how its weights are quantised. The trainer's writer
//! (`train::quantise`) and the engine's reader (`Network::from_bytes`) both
//! use these definitions.
//!
//! All numbers are little-endian.
//!
//! | bytes  | field                                                        |
//! |--------|--------------------------------------------------------------|
//! | 8      | magic `LADYANN\0`                                            |
//! | 4      | format version (1)                                           |
//! | 4      | inputs, 768                                                  |
//! | 4      | hidden size H (16..=1024, a multiple of 16)                    |
//! | 4      | QA, 255                                                      |
//! | 4      | QB, 64                                                       |
//! | 4      | output scale (centipawns per unit of the float output), 400  |
//! | 2·768H | first layer, i16, one row of H per input feature (× QA)      |
//! | 2·H    | first-layer bias, i16 (× QA)                                 |
//! | 2·2H   | output weights, i16, the side to move's H first (× QB)       |
//! | 4      | output bias, i32 (× QA·QB)                                   |
//! | 8      | FNV-1a 64 hash of every byte before it                       |
//!
//! A file whose header or size does not match, or whose hash is wrong, is
//! rejected with a `NetError` that says which.

pub const MAGIC: [u8; 8] = *b"LADYANN\0";
pub const VERSION: u32 = 1;
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
pub const HEADER_LEN: usize = 8 + 6 * 4;

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
            NetError::UnknownVersion(v) => write!(f, "unknown net format version {v}"),
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

/// The whole file's length for hidden size `h`.
pub const fn file_len(h: usize) -> usize {
    HEADER_LEN + 2 * INPUTS * h + 2 * h + 4 * h + 4 + 8
}

/// FNV-1a, 64 bits.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// A quantised network's parameters, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantisedNet {
    pub hidden: usize,
    /// `INPUTS × hidden`, feature-major.
    pub w1: Vec<i16>,
    pub b1: Vec<i16>,
    /// `2 × hidden`: the side to move's half first.
    pub w2: Vec<i16>,
    pub b2: i32,
}

impl QuantisedNet {
    pub fn to_bytes(&self) -> Vec<u8> {
        let h = self.hidden;
        let mut out = Vec::with_capacity(file_len(h));
        out.extend_from_slice(&MAGIC);
        for v in [
            VERSION,
            INPUTS as u32,
            h as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
        let hash = fnv1a(&out);
        out.extend_from_slice(&hash.to_le_bytes());
        debug_assert_eq!(out.len(), file_len(h));
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<QuantisedNet, NetError> {
        if bytes.len() < HEADER_LEN {
            return Err(NetError::TooShort(bytes.len()));
        }
        if bytes[..8] != MAGIC {
            return Err(NetError::BadMagic);
        }
        let word = |i: usize| {
            let at = 8 + 4 * i;
            u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
        };
        if word(0) != VERSION {
            return Err(NetError::UnknownVersion(word(0)));
        }
        let checks: [(&'static str, u32, bool); 5] = [
            ("input count", word(1), word(1) as usize == INPUTS),
            (
                "hidden size",
                word(2),
                word(2) > 0 && word(2) as usize <= MAX_HIDDEN && word(2).is_multiple_of(16),
            ),
            ("QA", word(3), word(3) as i32 == QA),
            ("QB", word(4), word(4) as i32 == QB),
            ("output scale", word(5), word(5) as i32 == SCALE),
        ];
        for (field, value, ok) in checks {
            if !ok {
                return Err(NetError::BadHeader(field, value));
            }
        }
        let h = word(2) as usize;
        if bytes.len() != file_len(h) {
            return Err(NetError::WrongSize {
                expected: file_len(h),
                found: bytes.len(),
            });
        }
        let (body, hash) = bytes.split_at(bytes.len() - 8);
        if fnv1a(body) != u64::from_le_bytes(hash.try_into().expect("8 bytes")) {
            return Err(NetError::BadHash);
        }
        let mut at = HEADER_LEN;
        let mut take = |n: usize| {
            let v: Vec<i16> = bytes[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let w1 = take(INPUTS * h);
        let b1 = take(h);
        let w2 = take(2 * h);
        let b2 = i32::from_le_bytes(body[body.len() - 4..].try_into().expect("4 bytes"));
        Ok(QuantisedNet {
            hidden: h,
            w1,
            b1,
            w2,
            b2,
        })
    }
}
