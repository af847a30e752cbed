//! A count per square of how many sets hold it, for `count`'s total of
//! the moves of many pieces.

/// A count per square of how many sets added hold it, kept as four bit
/// planes (a carry-save adder): adding a set costs six logic operations,
/// and the total costs four popcounts however many sets were added. Counts
/// up to 15 a square: no square is the target of more than 15 pieces.
#[derive(Default)]
pub struct Tally {
    ones: u64,
    twos: u64,
    fours: u64,
    eights: u64,
}

impl Tally {
    #[inline(always)]
    pub fn add(&mut self, set: u64) {
        let c1 = self.ones & set;
        self.ones ^= set;
        let c2 = self.twos & c1;
        self.twos ^= c1;
        let c4 = self.fours & c2;
        self.fours ^= c2;
        self.eights ^= c4;
    }

    /// The sum of the sizes of the sets added.
    #[inline(always)]
    pub fn total(&self) -> u64 {
        (self.ones.count_ones()
            + 2 * self.twos.count_ones()
            + 4 * self.fours.count_ones()
            + 8 * self.eights.count_ones()) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tally_sums_the_sizes() {
        let mut t = Tally::default();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut sum = 0;
        for _ in 0..15 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            t.add(x);
            sum += x.count_ones() as u64;
            assert_eq!(t.total(), sum);
        }
    }
}
