//! `ladya bench`: a fixed set of positions searched to a fixed depth
//! (PLACEHOLDER until the real search lands).

use std::io::Write;

pub fn run(depth: Option<u32>, out: &mut impl Write) -> std::io::Result<()> {
    let _ = depth;
    writeln!(out, "0 nodes 0 nps")
}
