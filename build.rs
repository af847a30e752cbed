//! Embeds the evaluation network: `EVALFILE=path` (OpenBench's and the
//! Makefile's convention) or, by default, the shipped `nets/default.lnn`.

fn main() {
    println!("cargo:rerun-if-env-changed=EVALFILE");
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let path = match std::env::var("EVALFILE") {
        Ok(p) if !p.is_empty() => std::path::absolute(&p).expect("EVALFILE is a valid path"),
        _ => std::path::Path::new(&manifest).join("nets/default.lnn"),
    };
    if !path.is_file() {
        panic!("the network file {} does not exist", path.display());
    }
    println!("cargo:rerun-if-changed={}", path.display());
    println!("cargo:rustc-env=LADYA_EVALFILE={}", path.display());
}
