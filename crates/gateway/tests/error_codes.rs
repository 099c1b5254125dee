//! The error codes are one set in every place that names them: what the server answers (the
//! `code` of each domain's error enum, and the few envelopes the web layer builds itself),
//! the table of `docs/API.md`, the web app's list (`frontend/src/api/api-error.ts`) and the
//! three translations (`frontend/src/locales/{tr,en,ru}/errors.json`). A code added in one place
//! and forgotten in another fails here, naming it.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The web app's own code for answers that are not the server's (network failures, malformed
/// bodies): in its list and the translations, never sent by the server.
const CLIENT_ONLY: &str = "generic";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `"snake_case"` literals of a piece of source.
fn literals(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split('"').skip(1).step_by(2).filter_map(|s| {
        let code = !s.is_empty()
            && s.starts_with(|c: char| c.is_ascii_lowercase())
            && s.chars().all(|c| c.is_ascii_lowercase() || c == '_');
        code.then(|| s.to_owned())
    })
}

/// The body of the block that starts at `open` (a `{`), braces balanced.
fn block(text: &str, open: usize) -> &str {
    let mut depth = 0;
    for (i, c) in text[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return &text[open..open + i];
                }
            }
            _ => {}
        }
    }
    &text[open..]
}

/// Every code the server can answer: the literals of each `DomainError::code` implementation,
/// and the code of each envelope built directly with `ApiError::new(kind, "code", …)`.
fn server_codes() -> BTreeSet<String> {
    let mut files = Vec::new();
    for krate in fs::read_dir(root().join("crates"))
        .expect("crates")
        .flatten()
    {
        let src = krate.path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    let mut codes = BTreeSet::new();
    for file in files {
        let text = read(&file);
        for (at, _) in text.match_indices("fn code(&self) -> &'static str {") {
            let open = at + text[at..].find('{').expect("a body");
            codes.extend(literals(block(&text, open)));
        }
        for (at, _) in text.match_indices("ApiError::new(") {
            let call = &text[at..];
            let end = call.find(')').unwrap_or(call.len());
            codes.extend(literals(&call[..end]).take(1));
        }
    }
    codes
}

/// The codes of the error table of docs/API.md (a row may name several: `a` / `b`).
fn documented_codes() -> BTreeSet<String> {
    let doc = read(&root().join("docs/API.md"));
    let start = doc
        .find("| code | status | meaning |")
        .expect("the error table");
    doc[start..]
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .flat_map(|line| {
            let first = line.split('|').nth(1).unwrap_or_default();
            first
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The web app's `errorCodes` list.
fn app_codes() -> BTreeSet<String> {
    let text = read(&root().join("frontend/src/api/api-error.ts"));
    let start = text
        .find("export const errorCodes = [")
        .expect("errorCodes");
    let end = start + text[start..].find("] as const").expect("the list's end");
    text[start..end]
        .split('\'')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The keys of a locale's errors.json.
fn translated_codes(language: &str) -> BTreeSet<String> {
    let path = root().join(format!("frontend/src/locales/{language}/errors.json"));
    let json: serde_json::Value = serde_json::from_str(&read(&path)).expect("errors.json");
    json.as_object()
        .expect("an object of code: text")
        .keys()
        .cloned()
        .collect()
}

fn differences(name: &str, found: &BTreeSet<String>, server: &BTreeSet<String>) -> Option<String> {
    let missing: Vec<_> = server.difference(found).collect();
    let extra: Vec<_> = found.difference(server).collect();
    (!missing.is_empty() || !extra.is_empty())
        .then(|| format!("{name}: missing {missing:?}, not answered by the server {extra:?}"))
}

#[test]
fn every_error_code_is_documented_listed_and_translated() {
    let server = server_codes();
    // The scan itself must work: a few codes of different crates, and a direct envelope.
    for code in [
        "invalid_credentials",
        "design_not_found",
        "invalid_search",
        "pool_not_found",
        "processing_failed",
        "payload_too_large",
        "not_found",
        "internal",
    ] {
        assert!(
            server.contains(code),
            "{code} not found in the server's code: {server:?}"
        );
    }
    let without_client = |mut codes: BTreeSet<String>| {
        assert!(codes.remove(CLIENT_ONLY), "{CLIENT_ONLY} is missing");
        codes
    };
    let problems: Vec<String> = [
        differences("docs/API.md", &documented_codes(), &server),
        differences("api-error.ts", &without_client(app_codes()), &server),
        differences(
            "locales/tr/errors.json",
            &without_client(translated_codes("tr")),
            &server,
        ),
        differences(
            "locales/en/errors.json",
            &without_client(translated_codes("en")),
            &server,
        ),
        differences(
            "locales/ru/errors.json",
            &without_client(translated_codes("ru")),
            &server,
        ),
    ]
    .into_iter()
    .flatten()
    .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
