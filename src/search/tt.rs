//! The transposition table: buckets of four entries, replacement by depth
//! and age.
//!
//! A bucket is one 64-byte cache line. An entry keeps the full key (no
//! false hits worth worrying about), the best move, the score (mate scores
//! node-relative), the static evaluation, the depth, the bound and the
//! generation ("age") of the search that wrote it. A new position replaces
//! the entry of its bucket that is worth least: shallow, and from an older
//! search (Stockfish's scheme: depth minus eight times the age difference).

use crate::board::Move;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TtBound {
    None = 0,
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: Move,
    score: i16,
    eval: i16,
    depth: u8,
    /// Bound in the low two bits, generation in the high six.
    gen_bound: u8,
}

#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([Entry; 4]);

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct TtHit {
    pub mv: Move,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: TtBound,
}

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: u8,
}

const GEN_STEP: u8 = 4;
const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

impl TranspositionTable {
    /// A table of at most `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Result<TranspositionTable, String> {
        let count = (mb.saturating_mul(1024 * 1024) / BUCKET_BYTES).max(1);
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(count)
            .map_err(|e| format!("cannot allocate a {mb} MB hash table: {e}"))?;
        buckets.resize(count, Bucket::default());
        Ok(TranspositionTable {
            buckets,
            generation: 0,
        })
    }

    /// A one-bucket table: the fallback when memory is short.
    pub fn minimal() -> TranspositionTable {
        TranspositionTable {
            buckets: vec![Bucket::default()],
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|b| *b = Bucket::default());
        self.generation = 0;
    }

    /// Called at the start of each search: older entries age.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(GEN_STEP);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto the table without a division.
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64) -> Option<TtHit> {
        let bucket = &self.buckets[self.index(key)];
        bucket
            .0
            .iter()
            .find(|e| e.key == key && e.gen_bound & 3 != 0)
            .map(|e| TtHit {
                mv: e.mv,
                score: e.score as i32,
                eval: e.eval as i32,
                depth: e.depth as i32,
                bound: match e.gen_bound & 3 {
                    1 => TtBound::Upper,
                    2 => TtBound::Lower,
                    _ => TtBound::Exact,
                },
            })
    }

    /// Stores a result; `score` must already be node-relative.
    pub fn store(&mut self, key: u64, mv: Move, score: i32, eval: i32, depth: i32, bound: TtBound) {
        let generation = self.generation;
        let idx = self.index(key);
        let bucket = &mut self.buckets[idx];
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, e) in bucket.0.iter().enumerate() {
            if e.key == key || e.gen_bound & 3 == 0 {
                victim = i;
                break;
            }
            let age = (generation.wrapping_sub(e.gen_bound & !3) / GEN_STEP) as i32;
            let worth = e.depth as i32 - 8 * age;
            if worth < worst {
                worst = worth;
                victim = i;
            }
        }
        let e = &mut bucket.0[victim];
        // Keep a shallower result's move when the new one has none; keep a
        // deeper exact entry of the same position from the same search.
        if e.key == key
            && bound != TtBound::Exact
            && e.gen_bound & !3 == generation
            && e.depth as i32 > depth + 3
            && e.gen_bound & 3 == TtBound::Exact as u8
        {
            return;
        }
        let mv = if mv.is_null() && e.key == key {
            e.mv
        } else {
            mv
        };
        *e = Entry {
            key,
            mv,
            score: score as i16,
            eval: eval as i16,
            depth: depth.clamp(0, 255) as u8,
            gen_bound: generation | bound as u8,
        };
    }

    /// Per mille of the table written by this search (sampled).
    pub fn hashfull(&self) -> u32 {
        let n = self.buckets.len().min(250);
        let used: usize = self.buckets[..n]
            .iter()
            .map(|b| {
                b.0.iter()
                    .filter(|e| e.gen_bound & 3 != 0 && e.gen_bound & !3 == self.generation)
                    .count()
            })
            .sum();
        (used * 1000 / (n * 4)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_replace() {
        let mut tt = TranspositionTable::new(1).unwrap();
        let m = Move(0x1234);
        tt.store(42, m, 17, 5, 6, TtBound::Exact);
        let hit = tt.probe(42).unwrap();
        assert_eq!((hit.mv, hit.score, hit.eval, hit.depth), (m, 17, 5, 6));
        assert_eq!(hit.bound, TtBound::Exact);
        assert!(tt.probe(43).is_none());
        // A null move keeps the old move.
        tt.store(42, Move::NULL, -3, 5, 7, TtBound::Upper);
        assert_eq!(tt.probe(42).unwrap().mv, m);
        tt.clear();
        assert!(tt.probe(42).is_none());
    }

    #[test]
    fn absurd_size_fails_cleanly() {
        assert!(TranspositionTable::new(usize::MAX / 2).is_err());
    }
}
