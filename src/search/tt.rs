//! The transposition table: buckets of four entries, replacement by depth
//! and age, shared by the threads of a search.
//!
//! A bucket is one 64-byte cache line. An entry keeps the full key (no
//! false hits worth worrying about), the best move, the score (mate scores
//! node-relative), the static evaluation, the depth, the bound, whether
//! the position was on a principal variation when stored (Stockfish's
//! ttPv bit) and the generation ("age") of the search that wrote it. A
//! new position replaces the entry of its bucket that is worth least:
//! shallow, and from an older search (Stockfish's scheme: depth minus
//! eight times the age difference).
//!
//! Sharing without locks (Hyatt and Mann's "lockless hashing", as in
//! Crafty): an entry is two 64-bit words, the packed data and the key XOR
//! the data, each read and written with relaxed atomics. Two threads
//! writing one entry at once can leave the words of different stores; the
//! XOR then no longer gives the key, and the probe sees a miss instead of
//! a torn entry.

use super::params;
use crate::board::Move;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TtBound {
    #[default]
    None = 0,
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

impl TtBound {
    /// Whether a score `s` with this bound settles a node searched in
    /// (`alpha`, `beta`): an exact score, a lower bound at or above beta,
    /// an upper bound at or below alpha. The table's cut-offs in the main
    /// search and quiescence, and the tablebases' in the main search.
    #[inline]
    pub fn cuts(self, s: i32, alpha: i32, beta: i32) -> bool {
        match self {
            TtBound::Exact => true,
            TtBound::Lower => s >= beta,
            TtBound::Upper => s <= alpha,
            TtBound::None => false,
        }
    }
}

/// One entry as the table stores it.
#[derive(Default)]
struct Slot {
    /// The key XOR `data`.
    check: AtomicU64,
    /// An [`Entry`], packed.
    data: AtomicU64,
}

/// An entry unpacked.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: Move,
    score: i16,
    eval: i16,
    depth: u8,
    /// Bound in the low two bits (`BOUND_MASK`), the PV mark in the next
    /// (`PV_BIT`), generation in the high five (`GEN_MASK`): Stockfish's
    /// layout of this byte.
    gen_bound: u8,
}

const BOUND_MASK: u8 = 0b11;
const PV_BIT: u8 = 0b100;
const GEN_MASK: u8 = !(BOUND_MASK | PV_BIT);
/// The generation counts in the bits above the bound and the PV mark:
/// 32 searches before it wraps, as many as the age in `store` can tell.
const GEN_STEP: u8 = 1 << GEN_MASK.trailing_zeros();

impl Entry {
    /// The data word: move, score, eval, depth, generation, PV mark and
    /// bound.
    fn pack(&self) -> u64 {
        u64::from(self.mv.0)
            | u64::from(self.score as u16) << 16
            | u64::from(self.eval as u16) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.gen_bound) << 56
    }

    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            mv: Move(data as u16),
            score: (data >> 16) as u16 as i16,
            eval: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8,
            gen_bound: (data >> 56) as u8,
        }
    }
}

impl Slot {
    #[inline]
    fn load(&self) -> Entry {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        Entry::unpack(check ^ data, data)
    }

    #[inline]
    fn save(&self, e: &Entry) {
        let data = e.pack();
        self.check.store(e.key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }

    fn reset(&self) {
        self.check.store(0, Ordering::Relaxed);
        self.data.store(0, Ordering::Relaxed);
    }
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; 4]);

/// What an entry holds: what a probe finds and what a store writes.
#[derive(Clone, Copy, Debug, Default)]
pub struct TtData {
    pub mv: Move,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: TtBound,
    /// The position was on a principal variation (in a PV node, or in a
    /// node whose entry already said so) when the entry was stored.
    pub was_pv: bool,
}

/// The PV mark (Stockfish's ttPv): a node is marked when it is a PV node
/// or its position's entry (`hit`) was stored marked. The table keeps the
/// mark, so that a line that drops off the PV is still searched with care.
/// The main search and quiescence store it alike.
#[inline]
pub fn pv_mark(pv_node: bool, hit: Option<TtData>) -> bool {
    pv_node || hit.is_some_and(|h| h.was_pv)
}

impl TtData {
    /// `eval` sharpened by the stored score at `ply`: a lower bound above
    /// it or an upper bound below it (or an exact score) is a better guess
    /// of the position's value, unless it is a mate or tablebase score.
    pub fn refine(&self, eval: i32, ply: usize) -> i32 {
        let s = super::value::from_tt(self.score, ply);
        let better = match self.bound {
            TtBound::Lower => s > eval,
            TtBound::Upper => s < eval,
            TtBound::Exact => true,
            TtBound::None => false,
        };
        if better && s.abs() < super::value::TB_BOUND {
            s
        } else {
            eval
        }
    }
}

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    /// One bit per bucket, set by the first store into it since the last
    /// clear: a clear then resets only the buckets written (a search of a
    /// few seconds writes a small part of a big table), and `bench`, which
    /// clears before each position, stops paying for the whole table.
    written: Vec<AtomicU64>,
    generation: u8,
}

/// The bitmap of written buckets for `buckets` buckets.
fn written_bitmap(buckets: usize) -> Vec<AtomicU64> {
    (0..buckets.div_ceil(64))
        .map(|_| AtomicU64::new(0))
        .collect()
}

const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

impl TranspositionTable {
    /// A table of at most `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Result<TranspositionTable, String> {
        let count = (mb.saturating_mul(1024 * 1024) / BUCKET_BYTES).max(1);
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(count)
            .map_err(|e| format!("cannot allocate a {mb} MB hash table: {e}"))?;
        super::large_pages::advise(&buckets);
        buckets.resize_with(count, Bucket::default);
        Ok(TranspositionTable {
            buckets,
            written: written_bitmap(count),
            generation: 0,
        })
    }

    /// A one-bucket table: the fallback when memory is short.
    pub fn minimal() -> TranspositionTable {
        TranspositionTable {
            buckets: vec![Bucket::default()],
            written: written_bitmap(1),
            generation: 0,
        }
    }

    /// Clears the table on this thread (the tests' shorthand).
    #[cfg(test)]
    pub fn clear(&mut self) {
        self.clear_on(1);
    }

    /// Clears the table with up to `threads` threads (a big table takes
    /// a while to write; small ones are not worth a thread). Only the
    /// buckets written since the last clear are reset.
    pub fn clear_on(&mut self, threads: usize) {
        const BUCKETS_PER_THREAD: usize = (32 << 20) / BUCKET_BYTES;
        let threads = threads
            .clamp(1, self.buckets.len().div_ceil(BUCKETS_PER_THREAD))
            .max(1);
        // Whole bitmap words per thread: 64 buckets each.
        let words = self.written.len().div_ceil(threads);
        let clear = |buckets: &mut [Bucket], written: &mut [AtomicU64]| {
            for (w, bits) in written.iter_mut().enumerate() {
                let mut set = std::mem::take(bits.get_mut());
                while set != 0 {
                    let i = w * 64 + set.trailing_zeros() as usize;
                    set &= set - 1;
                    buckets[i].0.iter().for_each(Slot::reset);
                }
            }
        };
        if threads == 1 {
            clear(&mut self.buckets, &mut self.written);
        } else {
            std::thread::scope(|s| {
                let parts = self.buckets.chunks_mut(words * 64);
                for (buckets, written) in parts.zip(self.written.chunks_mut(words)) {
                    s.spawn(move || clear(buckets, written));
                }
            });
        }
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

    /// Starts loading the bucket of `key` into the caches, for a probe
    /// that will follow soon (the search calls it at make time).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        super::prefetch::prefetch(&self.buckets[self.index(key)]);
    }

    pub fn probe(&self, key: u64) -> Option<TtData> {
        let bucket = &self.buckets[self.index(key)];
        bucket
            .0
            .iter()
            .map(Slot::load)
            .find(|e| e.key == key && e.gen_bound & BOUND_MASK != 0)
            .map(|e| TtData {
                mv: e.mv,
                score: e.score as i32,
                eval: e.eval as i32,
                depth: e.depth as i32,
                bound: match e.gen_bound & BOUND_MASK {
                    1 => TtBound::Upper,
                    2 => TtBound::Lower,
                    _ => TtBound::Exact,
                },
                was_pv: e.gen_bound & PV_BIT != 0,
            })
    }

    /// Stores a result for `key`; its `score` must already be
    /// node-relative (`value::to_tt`); `was_pv`: the position is (or was)
    /// on a principal variation.
    pub fn store(&self, key: u64, data: TtData) {
        let TtData {
            mv,
            score,
            eval,
            depth,
            bound,
            was_pv: pv,
        } = data;
        let generation = self.generation;
        let index = self.index(key);
        let bucket = &self.buckets[index];
        let (word, bit) = (&self.written[index / 64], 1u64 << (index % 64));
        if word.load(Ordering::Relaxed) & bit == 0 {
            word.fetch_or(bit, Ordering::Relaxed);
        }
        let mut victim = 0;
        let mut old = Entry::default();
        let mut worst = i32::MAX;
        for (i, slot) in bucket.0.iter().enumerate() {
            let e = slot.load();
            if e.key == key || e.gen_bound & BOUND_MASK == 0 {
                victim = i;
                old = e;
                break;
            }
            let age = (generation.wrapping_sub(e.gen_bound & GEN_MASK) / GEN_STEP) as i32;
            let worth = e.depth as i32 - 8 * age;
            if worth < worst {
                worst = worth;
                victim = i;
                old = e;
            }
        }
        let e = old;
        let mv = if mv.is_null() && e.key == key {
            e.mv
        } else {
            mv
        };
        // A deeper bound of the same position from this search is worth
        // more than a shallower one (a quiescence store at depth 0 above
        // all): it stays, unless the new result is exact. Its move gives
        // way to the new one, which is fresher (`params::tt_keep_deeper`:
        // Stockfish's rule, replace when the new depth is within 4 plies
        // of the old one). A new PV
        // mark is kept too: the position has been on a PV.
        let pv_bit = if pv { PV_BIT } else { 0 };
        if e.key == key
            && bound != TtBound::Exact
            && e.gen_bound & GEN_MASK == generation
            && e.depth as i32 >= depth + params::tt_keep_deeper()
        {
            let gen_bound = e.gen_bound | pv_bit;
            if mv != e.mv || gen_bound != e.gen_bound {
                bucket.0[victim].save(&Entry { mv, gen_bound, ..e });
            }
            return;
        }
        bucket.0[victim].save(&Entry {
            key,
            mv,
            score: score as i16,
            eval: eval as i16,
            depth: depth.clamp(0, 255) as u8,
            gen_bound: generation | pv_bit | bound as u8,
        });
    }

    /// Per mille of the table written by this search (sampled).
    pub fn hashfull(&self) -> u32 {
        let n = self.buckets.len().min(250);
        let used: usize = self.buckets[..n]
            .iter()
            .map(|b| {
                b.0.iter()
                    .map(Slot::load)
                    .filter(|e| {
                        e.gen_bound & BOUND_MASK != 0 && e.gen_bound & GEN_MASK == self.generation
                    })
                    .count()
            })
            .sum();
        (used * 1000 / (n * 4)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An entry's data in `store`'s old argument order.
    fn data(mv: Move, score: i32, eval: i32, depth: i32, bound: TtBound, was_pv: bool) -> TtData {
        TtData {
            mv,
            score,
            eval,
            depth,
            bound,
            was_pv,
        }
    }

    #[test]
    fn a_bound_cuts_only_on_its_side_of_the_window() {
        let (alpha, beta) = (10, 20);
        assert!(TtBound::Exact.cuts(15, alpha, beta));
        assert!(TtBound::Lower.cuts(20, alpha, beta) && !TtBound::Lower.cuts(19, alpha, beta));
        assert!(TtBound::Upper.cuts(10, alpha, beta) && !TtBound::Upper.cuts(11, alpha, beta));
        assert!(!TtBound::None.cuts(0, alpha, beta));
    }

    #[test]
    fn a_stored_bound_sharpens_the_eval_only_the_way_it_points() {
        let hit = |score, bound| TtData {
            mv: Move::NULL,
            score,
            eval: 0,
            depth: 3,
            bound,
            was_pv: false,
        };
        assert_eq!(hit(50, TtBound::Lower).refine(20, 4), 50);
        assert_eq!(hit(10, TtBound::Lower).refine(20, 4), 20);
        assert_eq!(hit(10, TtBound::Upper).refine(20, 4), 10);
        assert_eq!(hit(50, TtBound::Upper).refine(20, 4), 20);
        assert_eq!(hit(-5, TtBound::Exact).refine(20, 4), -5);
        assert_eq!(hit(50, TtBound::None).refine(20, 4), 20);
        // A mate or tablebase score is not a guess of the eval.
        let mate = super::super::value::to_tt(super::super::value::MATE - 10, 4);
        assert_eq!(hit(mate, TtBound::Lower).refine(20, 4), 20);
    }

    #[test]
    fn store_probe_and_replace() {
        let mut tt = TranspositionTable::new(1).unwrap();
        let m = Move(0x1234);
        tt.store(42, data(m, 17, 5, 6, TtBound::Exact, false));
        let hit = tt.probe(42).unwrap();
        assert_eq!((hit.mv, hit.score, hit.eval, hit.depth), (m, 17, 5, 6));
        assert_eq!(hit.bound, TtBound::Exact);
        assert!(tt.probe(43).is_none());
        // A null move keeps the old move.
        tt.store(42, data(Move::NULL, -3, 5, 7, TtBound::Upper, false));
        assert_eq!(tt.probe(42).unwrap().mv, m);
        tt.clear();
        assert!(tt.probe(42).is_none());
    }

    #[test]
    fn a_deeper_bound_survives_a_shallower_one() {
        let mut tt = TranspositionTable::new(1).unwrap();
        tt.new_search();
        let (deep, shallow) = (Move(0x1234), Move(0x0567));
        tt.store(42, data(deep, 150, 5, 9, TtBound::Lower, false));
        // A quiescence store (depth 0) of the same search: the depth-9
        // bound stays, the new move is taken.
        tt.store(42, data(shallow, -20, 5, 0, TtBound::Upper, false));
        let hit = tt.probe(42).unwrap();
        assert_eq!((hit.score, hit.depth, hit.bound), (150, 9, TtBound::Lower));
        assert_eq!(hit.mv, shallow);
        // Within four plies, the newer result replaces it.
        tt.store(42, data(deep, 90, 5, 6, TtBound::Upper, false));
        let hit = tt.probe(42).unwrap();
        assert_eq!((hit.score, hit.depth, hit.bound), (90, 6, TtBound::Upper));
        // An exact result always replaces.
        tt.store(42, data(deep, 150, 5, 12, TtBound::Lower, false));
        tt.store(42, data(deep, 30, 5, 1, TtBound::Exact, false));
        let hit = tt.probe(42).unwrap();
        assert_eq!((hit.score, hit.depth, hit.bound), (30, 1, TtBound::Exact));
        // So does any result of a later search.
        tt.store(42, data(deep, 150, 5, 12, TtBound::Lower, false));
        tt.new_search();
        tt.store(42, data(deep, -5, 5, 0, TtBound::Upper, false));
        let hit = tt.probe(42).unwrap();
        assert_eq!((hit.score, hit.depth, hit.bound), (-5, 0, TtBound::Upper));
    }

    #[test]
    fn the_pv_mark_round_trips_and_is_kept() {
        let mut tt = TranspositionTable::new(1).unwrap();
        tt.new_search();
        let m = Move(0x1234);
        let look = |tt: &TranspositionTable| {
            let h = tt.probe(42).unwrap();
            (h.score, h.depth, h.bound, h.was_pv)
        };
        // Stored with the bound and generation, each unchanged by it.
        tt.store(42, data(m, 150, 5, 9, TtBound::Lower, true));
        assert_eq!(look(&tt), (150, 9, TtBound::Lower, true));
        // Key 42 lives in a bucket that `hashfull` samples: the mark does
        // not hide the entry's generation.
        assert_eq!(tt.hashfull(), 1);
        // A shallower bound leaves the deeper entry, mark and all...
        tt.store(42, data(m, -20, 5, 0, TtBound::Upper, false));
        assert_eq!(look(&tt), (150, 9, TtBound::Lower, true));
        // ... and marks it when it comes from a PV.
        tt.store(43, data(m, 150, 5, 9, TtBound::Lower, false));
        tt.store(43, data(m, -20, 5, 0, TtBound::Upper, true));
        let h = tt.probe(43).unwrap();
        assert_eq!((h.score, h.depth, h.was_pv), (150, 9, true));
        // A result that replaces the entry brings its own mark.
        tt.store(42, data(m, 30, 5, 7, TtBound::Upper, false));
        assert_eq!(look(&tt), (30, 7, TtBound::Upper, false));
        tt.store(42, data(m, 40, 5, 7, TtBound::Exact, true));
        assert_eq!(look(&tt), (40, 7, TtBound::Exact, true));
        // Later searches age the entry, not the mark.
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
        assert_eq!(look(&tt), (40, 7, TtBound::Exact, true));
    }

    #[test]
    fn generations_count_above_the_pv_mark_and_the_bound() {
        assert_eq!(GEN_STEP, 8);
        assert_eq!(GEN_MASK & (BOUND_MASK | PV_BIT), 0);
        // 32 searches bring the generation back round.
        let mut tt = TranspositionTable::new(1).unwrap();
        for _ in 0..32 {
            tt.new_search();
        }
        assert_eq!(tt.generation, 0);
    }

    #[test]
    fn absurd_size_fails_cleanly() {
        assert!(TranspositionTable::new(usize::MAX / 2).is_err());
    }

    #[test]
    fn a_bucket_is_one_cache_line() {
        assert_eq!(BUCKET_BYTES, 64);
    }

    #[test]
    fn entries_pack_and_unpack() {
        let e = Entry {
            key: 0xdead_beef_0123_4567,
            mv: Move(0xfedc),
            score: -31_000,
            eval: 1234,
            depth: 255,
            gen_bound: GEN_MASK | PV_BIT | TtBound::Lower as u8,
        };
        let back = Entry::unpack(e.key, e.pack());
        assert_eq!(
            (back.mv, back.score, back.eval, back.depth, back.gen_bound),
            (e.mv, e.score, e.eval, e.depth, e.gen_bound)
        );
    }

    #[test]
    fn a_torn_entry_is_a_miss() {
        let tt = TranspositionTable::new(1).unwrap();
        tt.store(42, data(Move(7), 10, 0, 3, TtBound::Exact, false));
        let slot = tt.buckets[tt.index(42)]
            .0
            .iter()
            .find(|s| s.load().key == 42)
            .unwrap();
        // Another thread's data word lands beside our check word.
        let other = Entry {
            key: 99,
            mv: Move(9),
            depth: 8,
            gen_bound: TtBound::Lower as u8,
            ..Entry::default()
        };
        slot.data.store(other.pack(), Ordering::Relaxed);
        assert!(tt.probe(42).is_none());
        assert!(tt.probe(99).is_none());
    }

    #[test]
    fn threads_share_the_table() {
        // Each thread writes its own keys and reads the others'; under a
        // storm of concurrent stores to the same buckets, every hit must be
        // an entry some thread wrote whole.
        let tt = TranspositionTable::new(1).unwrap();
        let value = |key: u64| (key % 1000) as i32;
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let tt = &tt;
                s.spawn(move || {
                    for round in 0..20_000u64 {
                        let key = (round * 4 + t).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                        let v = value(key);
                        tt.store(key, data(Move(v as u16), v, -v, 5, TtBound::Exact, false));
                        let probe = (round * 4 + (t + 1) % 4).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                        if let Some(h) = tt.probe(probe) {
                            let v = value(probe);
                            assert_eq!(
                                (h.mv, h.score, h.eval, h.depth),
                                (Move(v as u16), v, -v, 5)
                            );
                        }
                    }
                });
            }
        });
        // What one thread stored, another finds.
        let key = 0x1234_5678_9abc_def0;
        std::thread::scope(|s| {
            s.spawn(|| tt.store(key, data(Move(3), 77, 1, 9, TtBound::Lower, false)));
        });
        let hit = std::thread::scope(|s| s.spawn(|| tt.probe(key)).join().unwrap()).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.depth, hit.bound),
            (Move(3), 77, 9, TtBound::Lower)
        );
    }

    #[test]
    fn a_parallel_clear_clears_everything() {
        let mut tt = TranspositionTable::new(64).unwrap();
        let keys: Vec<u64> = (1..=1000u64)
            .map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        for &k in &keys {
            tt.store(k, data(Move(1), 0, 0, 1, TtBound::Upper, false));
        }
        assert!(keys.iter().any(|&k| tt.probe(k).is_some()));
        tt.clear_on(2);
        assert!(keys.iter().all(|&k| tt.probe(k).is_none()));
        // Every slot is empty again, not only the ones probed.
        let empty = |tt: &TranspositionTable| {
            tt.buckets
                .iter()
                .flat_map(|b| &b.0)
                .all(|s| s.load().gen_bound == 0 && s.load().key == 0)
        };
        assert!(empty(&tt));
        for &k in &keys {
            tt.store(k, data(Move(1), 0, 0, 1, TtBound::Upper, false));
        }
        tt.clear();
        assert!(empty(&tt));
    }
}
