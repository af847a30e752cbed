//! The UCI options: what `uci` announces and what `setoption` may change.

use crate::search::params;
use crate::search::skill::{self, Skill};

/// The values the front end keeps (the hash size and the thread count are
/// applied to the searcher as soon as they are set).
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub ponder: bool,
    /// The net file in use; empty for the embedded net.
    pub eval_file: String,
    /// `wdl W D L` after each score.
    pub show_wdl: bool,
    /// `UCI_Chess960`: castling written as king takes rook.
    pub chess960: bool,
    /// Syzygy folders (`:`-separated, `;` on Windows); empty: off.
    pub syzygy_path: String,
    pub syzygy_probe_depth: i32,
    pub syzygy_probe_limit: u32,
    pub syzygy_50_move_rule: bool,
    /// `UCI_LimitStrength`: play at `UCI_Elo`.
    pub limit_strength: bool,
    pub elo: u32,
    /// `Skill Nodes`: the strength limit's knob set directly, as a node
    /// budget (0: off); for the calibration tool.
    pub skill_nodes: u64,
}

pub const HASH_DEFAULT: i64 = 16;
pub const HASH_MIN: i64 = 1;
pub const HASH_MAX: i64 = 65536;
/// Far beyond any gain measured (the scheme is tested on 2 cores); each
/// thread costs 4 MiB of history tables and a 64 MiB stack reservation.
pub const THREADS_MAX: i64 = 256;
pub const MULTIPV_MAX: i64 = 500;
/// Generous for a pipe on a loaded machine; 1 s + 10 ms games need it.
pub const MOVE_OVERHEAD_DEFAULT: i64 = 30;
pub const MOVE_OVERHEAD_MAX: i64 = 5000;
/// Stockfish's ranges for the Syzygy options.
pub const SYZYGY_PROBE_DEPTH_MAX: i64 = 100;
pub const SYZYGY_PROBE_LIMIT_DEFAULT: i64 = 7;
/// A budget far beyond any clock (about 2^30 nodes a move); within the
/// 32-bit spins that some GUIs keep.
pub const SKILL_NODES_MAX: i64 = 1_000_000_000;

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: HASH_DEFAULT as usize,
            threads: 1,
            multipv: 1,
            move_overhead_ms: MOVE_OVERHEAD_DEFAULT as u64,
            ponder: false,
            eval_file: String::new(),
            show_wdl: false,
            chess960: false,
            syzygy_path: String::new(),
            syzygy_probe_depth: 1,
            syzygy_probe_limit: SYZYGY_PROBE_LIMIT_DEFAULT as u32,
            syzygy_50_move_rule: true,
            limit_strength: false,
            elo: skill::MIN_ELO,
            skill_nodes: 0,
        }
    }
}

impl Options {
    /// The strength to play at (`None`: full). `UCI_LimitStrength` has
    /// priority, as Stockfish's has over its `Skill Level`: on, `UCI_Elo`
    /// picks the knob from the calibration table; off, a nonzero
    /// `Skill Nodes` sets the knob (log2 of that budget) directly.
    pub fn skill(&self) -> Option<Skill> {
        if self.limit_strength {
            Skill::from_elo(self.elo)
        } else {
            (self.skill_nodes > 0).then(|| Skill::from_nodes(self.skill_nodes))
        }
    }
}

/// The `option` lines that `uci` prints (a tune build adds one spin
/// option for each of `search::params`).
pub fn declarations() -> Vec<String> {
    let mut lines = vec![
        format!("option name Hash type spin default {HASH_DEFAULT} min {HASH_MIN} max {HASH_MAX}"),
        "option name Clear Hash type button".to_string(),
        format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"),
        format!("option name MultiPV type spin default 1 min 1 max {MULTIPV_MAX}"),
        format!(
            "option name Move Overhead type spin default {MOVE_OVERHEAD_DEFAULT} min 0 max {MOVE_OVERHEAD_MAX}"
        ),
        "option name Ponder type check default false".to_string(),
        "option name EvalFile type string default <empty>".to_string(),
        "option name UCI_ShowWDL type check default false".to_string(),
        "option name UCI_Chess960 type check default false".to_string(),
        "option name SyzygyPath type string default <empty>".to_string(),
        format!(
            "option name SyzygyProbeDepth type spin default 1 min 1 max {SYZYGY_PROBE_DEPTH_MAX}"
        ),
        format!(
            "option name SyzygyProbeLimit type spin default {SYZYGY_PROBE_LIMIT_DEFAULT} min 0 max {SYZYGY_PROBE_LIMIT_DEFAULT}"
        ),
        "option name Syzygy50MoveRule type check default true".to_string(),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!(
            "option name UCI_Elo type spin default {} min {} max {}",
            skill::MIN_ELO,
            skill::MIN_ELO,
            skill::MAX_ELO
        ),
        format!("option name Skill Nodes type spin default 0 min 0 max {SKILL_NODES_MAX}"),
    ];
    if cfg!(feature = "tune") {
        lines.extend(params::ALL.iter().map(|p| {
            format!(
                "option name {} type spin default {} min {} max {}",
                p.name, p.default, p.min, p.max
            )
        }));
    }
    lines
}

/// What a `setoption` asks for, its value already in range.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    Hash(usize),
    ClearHash,
    Threads(usize),
    MultiPv(usize),
    MoveOverhead(u64),
    Ponder(bool),
    /// A net file to load; empty for the embedded net.
    EvalFile(String),
    ShowWdl(bool),
    Chess960(bool),
    /// Syzygy folders; empty: tablebases off.
    SyzygyPath(String),
    SyzygyProbeDepth(i32),
    SyzygyProbeLimit(u32),
    Syzygy50MoveRule(bool),
    LimitStrength(bool),
    Elo(u32),
    SkillNodes(u64),
    /// A search parameter (tune builds only), by its `params` name.
    Param(&'static str, i32),
}

/// A valid `setoption`, with a note for the GUI when its value was clamped.
#[derive(Clone, Debug, PartialEq)]
pub struct Accepted {
    pub change: Change,
    pub note: Option<String>,
}

/// Reads a `setoption`; names are case-insensitive, spin values out of
/// range are clamped (and the clamp is noted), anything unreadable is an
/// error to show in an `info string`.
pub fn interpret(name: &str, value: Option<&str>) -> Result<Accepted, String> {
    let key = name.split_ascii_whitespace().collect::<Vec<_>>().join(" ");
    match key.to_ascii_lowercase().as_str() {
        "hash" => spin("Hash", value, HASH_MIN, HASH_MAX).map(|(v, note)| Accepted {
            change: Change::Hash(v as usize),
            note,
        }),
        "clear hash" => Ok(Accepted {
            change: Change::ClearHash,
            note: None,
        }),
        "threads" => spin("Threads", value, 1, THREADS_MAX).map(|(v, note)| Accepted {
            change: Change::Threads(v as usize),
            note,
        }),
        "multipv" => spin("MultiPV", value, 1, MULTIPV_MAX).map(|(v, note)| Accepted {
            change: Change::MultiPv(v as usize),
            note,
        }),
        "move overhead" => {
            spin("Move Overhead", value, 0, MOVE_OVERHEAD_MAX).map(|(v, note)| Accepted {
                change: Change::MoveOverhead(v as u64),
                note,
            })
        }
        "ponder" => check("Ponder", value).map(|v| Accepted {
            change: Change::Ponder(v),
            note: None,
        }),
        "uci_showwdl" => check("UCI_ShowWDL", value).map(|v| Accepted {
            change: Change::ShowWdl(v),
            note: None,
        }),
        "uci_chess960" => check("UCI_Chess960", value).map(|v| Accepted {
            change: Change::Chess960(v),
            note: None,
        }),
        "evalfile" => Ok(Accepted {
            change: Change::EvalFile(match value.map(str::trim) {
                None | Some("<empty>") => String::new(),
                Some(path) => path.to_string(),
            }),
            note: None,
        }),
        "syzygypath" => Ok(Accepted {
            change: Change::SyzygyPath(match value.map(str::trim) {
                None | Some("<empty>") => String::new(),
                Some(path) => path.to_string(),
            }),
            note: None,
        }),
        "syzygyprobedepth" => {
            spin("SyzygyProbeDepth", value, 1, SYZYGY_PROBE_DEPTH_MAX).map(|(v, note)| Accepted {
                change: Change::SyzygyProbeDepth(v as i32),
                note,
            })
        }
        "syzygyprobelimit" => {
            spin("SyzygyProbeLimit", value, 0, SYZYGY_PROBE_LIMIT_DEFAULT).map(|(v, note)| {
                Accepted {
                    change: Change::SyzygyProbeLimit(v as u32),
                    note,
                }
            })
        }
        "syzygy50moverule" => check("Syzygy50MoveRule", value).map(|v| Accepted {
            change: Change::Syzygy50MoveRule(v),
            note: None,
        }),
        "uci_limitstrength" => check("UCI_LimitStrength", value).map(|v| Accepted {
            change: Change::LimitStrength(v),
            note: None,
        }),
        "uci_elo" => spin(
            "UCI_Elo",
            value,
            i64::from(skill::MIN_ELO),
            i64::from(skill::MAX_ELO),
        )
        .map(|(v, note)| Accepted {
            change: Change::Elo(v as u32),
            note,
        }),
        "skill nodes" => spin("Skill Nodes", value, 0, SKILL_NODES_MAX).map(|(v, note)| Accepted {
            change: Change::SkillNodes(v as u64),
            note,
        }),
        _ => match params::ALL
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(&key))
        {
            Some(p) if cfg!(feature = "tune") => {
                spin(p.name, value, i64::from(p.min), i64::from(p.max)).map(|(v, note)| Accepted {
                    change: Change::Param(p.name, v as i32),
                    note,
                })
            }
            _ => Err(format!("no such option: '{key}'")),
        },
    }
}

fn spin(
    name: &str,
    value: Option<&str>,
    min: i64,
    max: i64,
) -> Result<(i64, Option<String>), String> {
    let text = value.ok_or_else(|| format!("{name} needs a value ({min} to {max})"))?;
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{name}: '{text}' is not an integer ({min} to {max})"
        ));
    }
    // Any number of digits: saturate, then clamp.
    let magnitude = digits.bytes().fold(0i64, |n, b| {
        n.saturating_mul(10).saturating_add(i64::from(b - b'0'))
    });
    let v = if negative { -magnitude } else { magnitude };
    let clamped = v.clamp(min, max);
    let note = (clamped != v)
        .then(|| format!("{name} {text} is out of range ({min} to {max}); using {clamped}"));
    Ok((clamped, note))
}

fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(format!("{name} takes true or false")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_case_insensitive() {
        assert_eq!(
            interpret("hASh", Some("64")).unwrap().change,
            Change::Hash(64)
        );
        assert_eq!(
            interpret("move   OVERHEAD", Some("100")).unwrap().change,
            Change::MoveOverhead(100)
        );
        assert_eq!(
            interpret("THREADS", Some("2")).unwrap().change,
            Change::Threads(2)
        );
        assert_eq!(
            interpret("clear hash", None).unwrap().change,
            Change::ClearHash
        );
        assert_eq!(
            interpret("ponder", Some("TRUE")).unwrap().change,
            Change::Ponder(true)
        );
    }

    #[test]
    fn out_of_range_values_are_clamped_with_a_note() {
        let a = interpret("Hash", Some("0")).unwrap();
        assert_eq!(a.change, Change::Hash(1));
        assert!(a.note.is_some());
        let a = interpret("Hash", Some("99999999999999999999999")).unwrap();
        assert_eq!(a.change, Change::Hash(65536));
        let a = interpret("Threads", Some("0")).unwrap();
        assert_eq!(a.change, Change::Threads(1));
        assert!(a.note.unwrap().contains("Threads 0 is out of range"));
        let a = interpret("Threads", Some("100000")).unwrap();
        assert_eq!(a.change, Change::Threads(256));
        let a = interpret("MultiPV", Some("-3")).unwrap();
        assert_eq!(a.change, Change::MultiPv(1));
        assert!(interpret("Hash", Some("12")).unwrap().note.is_none());
    }

    #[test]
    fn syzygy_options() {
        let o = Options::default();
        assert_eq!(o.syzygy_path, "");
        assert_eq!((o.syzygy_probe_depth, o.syzygy_probe_limit), (1, 7));
        assert!(o.syzygy_50_move_rule);
        assert_eq!(
            interpret("syzygypath", Some("/tb/345:/tb/6"))
                .unwrap()
                .change,
            Change::SyzygyPath("/tb/345:/tb/6".into())
        );
        assert_eq!(
            interpret("SyzygyPath", Some("<empty>")).unwrap().change,
            Change::SyzygyPath(String::new())
        );
        assert_eq!(
            interpret("SyzygyPath", None).unwrap().change,
            Change::SyzygyPath(String::new())
        );
        assert_eq!(
            interpret("SYZYGYPROBEDEPTH", Some("8")).unwrap().change,
            Change::SyzygyProbeDepth(8)
        );
        let a = interpret("SyzygyProbeDepth", Some("0")).unwrap();
        assert_eq!(a.change, Change::SyzygyProbeDepth(1));
        assert!(a.note.is_some());
        let a = interpret("SyzygyProbeDepth", Some("1000")).unwrap();
        assert_eq!(a.change, Change::SyzygyProbeDepth(100));
        let a = interpret("SyzygyProbeLimit", Some("9")).unwrap();
        assert_eq!(a.change, Change::SyzygyProbeLimit(7));
        assert!(a.note.is_some());
        assert_eq!(
            interpret("SyzygyProbeLimit", Some("0")).unwrap().change,
            Change::SyzygyProbeLimit(0)
        );
        assert_eq!(
            interpret("syzygy50moverule", Some("false")).unwrap().change,
            Change::Syzygy50MoveRule(false)
        );
        assert!(interpret("Syzygy50MoveRule", Some("no")).is_err());
        let decl = declarations();
        for line in [
            "option name SyzygyPath type string default <empty>",
            "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
            "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
            "option name Syzygy50MoveRule type check default true",
        ] {
            assert!(decl.iter().any(|d| d == line), "{line}");
        }
    }

    #[test]
    fn skill_nodes_sets_the_knob_and_uci_limitstrength_has_priority() {
        let mut o = Options::default();
        assert_eq!(o.skill(), None);
        assert!(
            declarations()
                .iter()
                .any(|d| d == "option name Skill Nodes type spin default 0 min 0 max 1000000000")
        );
        assert_eq!(
            interpret("skill   NODES", Some("3000")).unwrap().change,
            Change::SkillNodes(3000)
        );
        let a = interpret("Skill Nodes", Some("-5")).unwrap();
        assert_eq!(a.change, Change::SkillNodes(0));
        assert!(a.note.is_some());
        assert!(interpret("Skill Nodes", Some("many")).is_err());
        o.skill_nodes = 3000;
        assert_eq!(
            o.skill(),
            Some(Skill {
                nodes: 3000,
                weakness: 50
            })
        );
        o.limit_strength = true;
        o.elo = skill::MAX_ELO;
        assert_eq!(o.skill(), None);
        o.elo = skill::MIN_ELO;
        assert_eq!(o.skill(), Skill::from_elo(skill::MIN_ELO));
        o.limit_strength = false;
        o.skill_nodes = 0;
        assert_eq!(o.skill(), None);
    }

    #[test]
    fn unreadable_values_are_errors() {
        assert!(interpret("Hash", None).is_err());
        assert!(interpret("Hash", Some("lots")).is_err());
        assert!(interpret("Ponder", Some("maybe")).is_err());
        assert!(interpret("Threads", Some("two")).is_err());
        assert!(interpret("Threads", None).is_err());
        assert!(interpret("Contempt", Some("4")).is_err());
    }
}
