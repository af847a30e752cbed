//! A scratch folder in the temporary directory, one per test, removed when
//! the test ends (also when it fails: the assertion's message says what
//! went wrong, the files add nothing), so that test runs leave nothing in
//! the temporary directory.

use std::path::{Path, PathBuf};

pub struct Scratch(PathBuf);

impl Scratch {
    /// `ladya-<name>-<pid>`: tests in one binary run as threads of one
    /// process, so each needs its own name.
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("ladya-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// A file's path inside the folder.
    pub fn join(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
