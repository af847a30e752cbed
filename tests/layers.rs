//! The layers of src/lib.rs's diagram, checked. Every path in src/ that
//! starts at the crate root (`crate::x`, `crate::{x, y}`, and a
//! `super::super::x` that climbs out of its top-level module), tests and
//! `#[cfg(test)]` modules included, must name the module it is in, a module
//! below it, or one of the foundation modules. Comments and string
//! literals are not read. main.rs sits above every layer and is not read.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The diagram of src/lib.rs: each module with the modules directly below
/// it (its arrows). A module may import from those and, through them, from
/// everything below them. A change of the layers changes both.
const LAYERS: &[(&str, &[&str])] = &[
    ("board", &[]),
    ("movegen", &["board"]),
    ("perft", &["movegen"]),
    ("rules", &["movegen"]),
    ("pgn", &["rules"]),
    ("eval", &["rules"]),
    ("search", &["eval"]),
    ("uci", &["search", "pgn", "perft"]),
    ("tune", &["eval"]),
    ("selfplay", &["search"]),
    ("train", &["selfplay"]),
];

/// Below every layer: they know no chess, import nothing of the crate,
/// and any module may use them.
const FOUNDATION: &[&str] = &["fnv", "tool"];

/// The modules `module` may import from, itself and the foundation aside.
fn below(module: &str) -> BTreeSet<&'static str> {
    let direct = |m: &str| -> &'static [&'static str] {
        LAYERS
            .iter()
            .find(|(name, _)| *name == m)
            .map_or(&[], |(_, below)| *below)
    };
    let mut found = BTreeSet::new();
    let mut todo: Vec<&'static str> = direct(module).to_vec();
    while let Some(m) = todo.pop() {
        if found.insert(m) {
            todo.extend_from_slice(direct(m));
        }
    }
    found
}

fn is_known(module: &str) -> bool {
    FOUNDATION.contains(&module) || LAYERS.iter().any(|(name, _)| *name == module)
}

/// Why `from` may not import `to`, or `None` when it may.
fn violation(from: &str, to: &str) -> Option<String> {
    if from == to || (FOUNDATION.contains(&to) && !FOUNDATION.contains(&from)) {
        return None;
    }
    if !is_known(to) {
        return Some(format!("`{to}` is not a module of the layer table"));
    }
    if FOUNDATION.contains(&from) {
        return Some(format!(
            "`{from}` is a foundation module and imports nothing of the crate"
        ));
    }
    if below(from).contains(to) {
        None
    } else if below(to).contains(from) {
        Some(format!("`{to}` is a layer above `{from}`"))
    } else {
        Some(format!("`{to}` is not below `{from}` (a layer beside it)"))
    }
}

/// One path from the crate root: the line it is on and the top-level
/// module it names.
#[derive(Debug, PartialEq, Eq)]
struct Import {
    line: usize,
    module: String,
}

/// `text` with comments and the contents of string and character
/// literals blanked out (newlines kept, so lines still count).
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && raw_string_at(&chars, i) {
            // A raw string: r"...", r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            out.extend(std::iter::repeat_n(' ', j + 1 - i));
            i = j + 1;
            while i < chars.len() && !chars[i..].starts_with(&close) {
                out.push(blank(chars[i]));
                i += 1;
            }
            out.extend(std::iter::repeat_n(' ', close.len()));
            i += close.len();
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < chars.len() {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal ('x', '\n', '\''); a lifetime has no
            // closing quote and is left alone.
            out.push(' ');
            i += 1;
            if chars.get(i) == Some(&'\\') {
                out.push(' ');
                i += 1;
            }
            while i < chars.len() && chars[i] != '\'' {
                out.push(' ');
                i += 1;
            }
            out.push(' ');
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// True when the `r` at `i` starts a raw string (`r"`, `r#"`, `br"`), not
/// an identifier ending in r.
fn raw_string_at(chars: &[char], i: usize) -> bool {
    !ident_before(chars, i) || (chars[i - 1] == 'b' && !ident_before(chars, i - 1))
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Ident(String),
    Path, // ::
    Open,
    Close,
    Comma,
    Other,
}

fn tokens(code: &str) -> Vec<(usize, Token)> {
    let mut out = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_alphabetic() || c == '_' || c == '$' {
                let start = i;
                i += 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                out.push((n + 1, Token::Ident(word)));
                continue;
            }
            let token = match c {
                ':' if chars.get(i + 1) == Some(&':') => {
                    i += 1;
                    Token::Path
                }
                '{' => Token::Open,
                '}' => Token::Close,
                ',' => Token::Comma,
                c if c.is_whitespace() => {
                    i += 1;
                    continue;
                }
                _ => Token::Other,
            };
            out.push((n + 1, token));
            i += 1;
        }
    }
    out
}

/// The first segments of the paths that start after `tokens[at]` (just
/// past a `::`): one ident, or each path's first ident in a `{...}` group.
fn first_segments(tokens: &[(usize, Token)], at: usize) -> Vec<Import> {
    let mut found = Vec::new();
    match tokens.get(at) {
        Some((line, Token::Ident(name))) => found.push(Import {
            line: *line,
            module: name.clone(),
        }),
        Some((_, Token::Open)) => {
            let mut depth = 0;
            let mut expect_segment = true;
            for (line, token) in &tokens[at..] {
                match token {
                    Token::Open => {
                        depth += 1;
                        expect_segment = depth == 1;
                    }
                    Token::Close => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    Token::Comma => expect_segment = depth == 1,
                    Token::Ident(name) if expect_segment => {
                        if name != "self" {
                            found.push(Import {
                                line: *line,
                                module: name.clone(),
                            });
                        }
                        expect_segment = false;
                    }
                    _ => expect_segment = false,
                }
            }
        }
        _ => {}
    }
    found
}

/// Every path from the crate root in the source of the module at
/// `module_path` (e.g. `["search", "tt"]`).
fn crate_imports(source: &str, module_path: &[String]) -> Vec<Import> {
    let tokens = tokens(&code_only(source));
    let mut found = Vec::new();
    // Inline modules (`mod tests { ... }`) open at this point, with the
    // brace depth each opened at: `super` climbs through them first.
    let mut inline: Vec<(usize, String)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i].1;
        match token {
            Token::Open => depth += 1,
            Token::Close => {
                depth -= 1;
                if inline.last().is_some_and(|(d, _)| *d == depth) {
                    inline.pop();
                }
            }
            Token::Ident(word) if word == "mod" => {
                if let (Some((_, Token::Ident(name))), Some((_, Token::Open))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                {
                    inline.push((depth, name.clone()));
                }
            }
            Token::Ident(word)
                if (word == "crate" || word == "$crate")
                    && tokens.get(i + 1).map(|t| &t.1) == Some(&Token::Path)
                    && !(i > 0 && tokens[i - 1].1 == Token::Path) =>
            {
                found.extend(first_segments(&tokens, i + 2));
            }
            Token::Ident(word) if word == "super" && !(i > 0 && tokens[i - 1].1 == Token::Path) => {
                let mut j = i;
                let mut climbs = 0;
                while let (Some((_, Token::Ident(w))), Some((_, Token::Path))) =
                    (tokens.get(j), tokens.get(j + 1))
                {
                    if w != "super" {
                        break;
                    }
                    climbs += 1;
                    j += 2;
                }
                let here = module_path.len() + inline.len();
                if climbs >= here {
                    found.extend(first_segments(&tokens, j));
                }
                i = j.max(i + 1);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file under src/: `search/tt.rs` is
/// `["search", "tt"]`, `search/mod.rs` is `["search"]`.
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" {
        parts.push(stem.to_string());
    }
    parts
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every upward (or sideways) import in src/, as `file:line: why` lines,
/// and the modules in which any path from the crate root was found.
fn violations() -> (Vec<String>, BTreeSet<String>) {
    let src = src();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut found = Vec::new();
    let mut importing = BTreeSet::new();
    for path in files {
        let relative = path.strip_prefix(&src).expect("a file under src/");
        if relative == Path::new("main.rs") || relative == Path::new("lib.rs") {
            continue;
        }
        let modules = module_path(relative);
        let here = &modules[0];
        let source = std::fs::read_to_string(&path).expect("a readable source file");
        for import in crate_imports(&source, &modules) {
            importing.insert(here.clone());
            if let Some(why) = violation(here, &import.module) {
                found.push(format!(
                    "src/{}:{}: `{here}` imports `crate::{}`: {why}",
                    relative.display(),
                    import.line,
                    import.module
                ));
            }
        }
    }
    (found, importing)
}

#[test]
fn imports_only_go_down_the_layers() {
    let (found, importing) = violations();
    // The reader is not blind: every layer above the board imports
    // something.
    for (name, direct) in LAYERS {
        assert!(
            direct.is_empty() || importing.contains(*name),
            "no import found in src/{name}"
        );
    }
    assert!(
        found.is_empty(),
        "imports against the layers of src/lib.rs:\n{}",
        found.join("\n")
    );
}

/// The table holds every module that lib.rs declares, and no other: a new
/// module has to be given its place.
#[test]
fn the_table_holds_every_module_of_lib_rs() {
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("src/lib.rs");
    let declared: BTreeSet<String> = code_only(&lib)
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';').trim().to_string())
        .collect();
    let table: BTreeSet<String> = LAYERS
        .iter()
        .map(|(name, _)| *name)
        .chain(FOUNDATION.iter().copied())
        .map(String::from)
        .collect();
    assert_eq!(declared, table);
    // Every arrow points at a module of the table, and none runs in a
    // circle.
    for (name, direct) in LAYERS {
        for d in *direct {
            assert!(is_known(d), "{name} sits above unknown `{d}`");
        }
        assert!(!below(name).contains(name), "{name} is below itself");
    }
}

/// The reader finds each form a path from the crate root takes, and
/// nothing in comments or strings.
#[test]
fn the_reader_finds_every_form_of_path() {
    let source = r##"
use crate::board::Board;
use crate::{movegen::legal_moves, rules::{Game, Outcome}};
// use crate::search::Searcher;
/* crate::uci */
const TEXT: &str = "crate::train";
const RAW: &str = r#"crate::tune"#;
fn f<'a>(x: &'a str) -> char { let _ = crate::eval::evaluate; 'x' }
mod tests {
    use super::super::perft::run;
    use super::*;
    fn g() { let _ = super::super::super::pgn::run; }
}
"##;
    let found: Vec<(usize, String)> = crate_imports(source, &["selfplay".into(), "datagen".into()])
        .into_iter()
        .map(|i| (i.line, i.module))
        .collect();
    assert_eq!(
        found,
        [
            (2, "board".to_string()),
            (3, "movegen".to_string()),
            (3, "rules".to_string()),
            (8, "eval".to_string()),
            (12, "pgn".to_string()),
        ]
    );
    // Down, up, beside, the foundation.
    assert_eq!(violation("eval", "board"), None);
    assert_eq!(
        violation("eval", "search").as_deref(),
        Some("`search` is a layer above `eval`")
    );
    assert_eq!(
        violation("eval", "pgn").as_deref(),
        Some("`pgn` is not below `eval` (a layer beside it)")
    );
    assert_eq!(violation("train", "tool"), None);
    assert_eq!(
        violation("tool", "board").as_deref(),
        Some("`tool` is a foundation module and imports nothing of the crate")
    );
}
