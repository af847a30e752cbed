//! How the evaluation reports its terms to the Texel tuner.
//!
//! The evaluation is generic over a `Trace`. The search uses `NoTrace`,
//! whose `ON` is false, so every trace call compiles away; the tuner uses a
//! recorder that keeps, for each weight, how often its feature occurs for
//! White minus for Black: the evaluation is then a linear function of the
//! weights, apart from the few parts listed in `Fixed`.

use super::endgame::Scale;
use super::score::S;
use super::weights::W;
use crate::board::Color;

pub trait Trace {
    /// False for the search's evaluation: no call is made at all.
    const ON: bool;
    /// Feature `index` occurs `n` more times for White than for Black.
    fn add(&mut self, index: usize, n: i32);
}

/// The search's trace: nothing recorded.
pub struct NoTrace;

impl Trace for NoTrace {
    const ON: bool = false;
    #[inline(always)]
    fn add(&mut self, _: usize, _: i32) {}
}

/// Weight `index` times `n` occurrences for `us`, from `us`'s side.
#[inline(always)]
pub fn term<T: Trace>(t: &mut T, us: Color, index: usize, n: i32) -> S {
    if T::ON && n != 0 {
        t.add(index, if us == Color::White { n } else { -n });
    }
    W[index] * n
}

/// The parts of an evaluation that are not a weight times a count: the
/// tuner takes them as they are.
#[derive(Clone, Copy, Debug)]
pub struct Fixed {
    /// Game phase, 0 (bare kings and pawns) to `PHASE_MAX`.
    pub phase: i32,
    /// Share of the endgame score kept: whole, none, or a weight's.
    pub scale: Scale,
    /// The mop-up bonus added to the scaled endgame score, White's view.
    pub mop_up: i32,
}
