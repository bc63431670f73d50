//! Embeds the browser client: every file under `web/` that the browser loads (scripts, styles,
//! the page, images), listed in `$OUT_DIR/web_files.rs` for `src/web.rs`. Left out: the
//! development side of `web/` (node_modules, the e2e suite, the TypeScript sources of the
//! generated types, npm and tsc configuration, the README).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const SKIP_DIRS: &[&str] = &["node_modules", "e2e", "src"];
const SKIP_FILES: &[&str] = &[
    "package.json",
    "package-lock.json",
    "tsconfig.json",
    "README.md",
];
const EXTENSIONS: &[&str] = &[
    "js", "css", "html", "svg", "png", "webp", "ico", "json", "txt",
];

fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, PathBuf)>) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for e in entries {
        let path = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            if !SKIP_DIRS.contains(&name.as_str()) {
                walk(&path, root, out);
            }
            continue;
        }
        let ext = path.extension().and_then(|x| x.to_str()).unwrap_or("");
        if SKIP_FILES.contains(&name.as_str()) || !EXTENSIONS.contains(&ext) {
            continue;
        }
        println!("cargo:rerun-if-changed={}", path.display());
        let rel = path
            .strip_prefix(root)
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        out.push((format!("/{rel}"), path));
    }
}

fn main() {
    // The SQL migrations are embedded by `sqlx::migrate!`: a new or edited file rebuilds.
    println!("cargo:rerun-if-changed=migrations");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let root = manifest.join("../../web");
    let root = root.canonicalize().unwrap_or(root);
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    let mut code = String::from("/// The client's files: (path under `web/`, contents).\n");
    code.push_str("pub(crate) const FILES: &[(&str, &[u8])] = &[\n");
    for (url, path) in &files {
        let _ = writeln!(
            code,
            "    ({url:?}, include_bytes!({:?})),",
            path.display().to_string()
        );
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default()).join("web_files.rs");
    if let Err(e) = std::fs::write(&out, code) {
        panic!("writing {}: {e}", out.display());
    }
}
