//! The store's behaviour, one set of checks for every kind of store (tests/local.rs, tests/s3.rs):
//! each check gets a store of its own and a scratch folder.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, SystemTime};
use storage::{PART_BYTES, Storage, StorageError};

type Check = fn(Storage, &Path);

/// Every check, by name.
pub const CHECKS: &[(&str, Check)] = &[
    ("puts, gets, heads and deletes", puts_gets_and_deletes),
    ("a missing key is none", missing_keys),
    ("lists by whole segments, with write times", lists_by_prefix),
    ("deletes by prefix", deletes_by_prefix),
    ("lists and deletes past one page", pages),
    ("puts whole files, small and in parts", put_files),
    ("moves finished files in", put_files_moved),
    ("fetches to a local file", fetches),
    (
        "refuses keys that are not plain relative paths",
        refuses_bad_keys,
    ),
    (
        "works from inside an async runtime and from many threads",
        callers,
    ),
];

/// Runs every check, each on the store `store(name)` makes, printing one line per check.
pub fn run_all(mut store: impl FnMut(&str) -> Storage, scratch: &Path) {
    for (index, (name, check)) in CHECKS.iter().enumerate() {
        let started = std::time::Instant::now();
        let storage = store(&format!("check{index}"));
        let scratch = scratch.join(format!("check{index}"));
        check(storage, &scratch);
        println!("ok {name} ({} ms)", started.elapsed().as_millis());
    }
}

fn puts_gets_and_deletes(s: Storage, _: &Path) {
    s.put("renditions/k1/preview.jpg", b"a".to_vec())
        .expect("put");
    assert_eq!(
        s.get("renditions/k1/preview.jpg").expect("get"),
        Some(b"a".to_vec())
    );
    assert!(s.exists("renditions/k1/preview.jpg").expect("head"));
    s.put("renditions/k1/preview.jpg", b"again".to_vec())
        .expect("overwrite");
    assert_eq!(
        s.get("renditions/k1/preview.jpg").expect("get"),
        Some(b"again".to_vec())
    );
    s.put("empty", Vec::new()).expect("put an empty object");
    assert_eq!(s.get("empty").expect("get"), Some(Vec::new()));
    s.delete("renditions/k1/preview.jpg").expect("delete");
    assert!(!s.exists("renditions/k1/preview.jpg").expect("head"));
    s.delete("renditions/k1/preview.jpg")
        .expect("deleting what is gone is fine");
}

fn missing_keys(s: Storage, scratch: &Path) {
    assert_eq!(s.get("renditions/none/preview.jpg").expect("get"), None);
    assert!(!s.exists("renditions/none/preview.jpg").expect("head"));
    assert!(
        s.fetch("originals/no/none.tif", scratch)
            .expect("fetch")
            .is_none()
    );
    assert_eq!(
        s.list("renditions/none").expect("list"),
        Vec::<String>::new()
    );
    assert_eq!(s.delete_prefix("renditions/none").expect("delete"), 0);
    if scratch.exists() {
        let left = std::fs::read_dir(scratch).expect("scratch").count();
        assert_eq!(left, 0, "a fetch of nothing leaves nothing behind");
    }
}

fn lists_by_prefix(s: Storage, _: &Path) {
    let before = SystemTime::now() - Duration::from_secs(60);
    for key in [
        "renditions/k1/preview.jpg",
        "renditions/k1/tiles/0/0_0.jpg",
        "renditions/k10/preview.jpg",
        "renditions/k2/preview.jpg",
    ] {
        s.put(key, key.as_bytes().to_vec()).expect("put");
    }
    let mut listed = s.list("renditions/k1").expect("list");
    listed.sort();
    assert_eq!(
        listed,
        ["renditions/k1/preview.jpg", "renditions/k1/tiles/0/0_0.jpg"],
        "a prefix is whole segments: k1 is not k10"
    );
    assert_eq!(s.list("renditions").expect("list").len(), 4);
    let written = s.list_written("renditions/k2").expect("list");
    assert_eq!(written.len(), 1);
    assert_eq!(written[0].0, "renditions/k2/preview.jpg");
    assert!(written[0].1 > before, "written just now");
}

fn deletes_by_prefix(s: Storage, _: &Path) {
    for key in [
        "renditions/k1/preview.jpg",
        "renditions/k1/tiles/0/0_0.jpg",
        "renditions/k1/tiles/1/0_0.jpg",
        "renditions/k2/preview.jpg",
    ] {
        s.put(key, b"x".to_vec()).expect("put");
    }
    assert_eq!(s.delete_prefix("renditions/k1").expect("delete"), 3);
    assert_eq!(
        s.list("renditions").expect("list"),
        ["renditions/k2/preview.jpg"]
    );
    assert_eq!(s.delete_prefix("renditions/k1").expect("again"), 0);
}

/// More keys than S3 answers in one listing page or deletes in one request (1,000).
fn pages(s: Storage, _: &Path) {
    const KEYS: usize = 1_234;
    let shared = &s;
    std::thread::scope(|scope| {
        for worker in 0..4 {
            scope.spawn(move || {
                for n in (worker..KEYS).step_by(4) {
                    shared
                        .put(&format!("renditions/many/tiles/{}/{n}.jpg", n % 7), vec![1])
                        .expect("put");
                }
            });
        }
    });
    s.put("renditions/other/preview.jpg", vec![2]).expect("put");
    assert_eq!(s.list("renditions/many").expect("list").len(), KEYS);
    assert_eq!(s.delete_prefix("renditions/many").expect("delete"), KEYS);
    assert_eq!(s.list("renditions").expect("list").len(), 1);
}

/// A file of `len` bytes that differ along the file (a misplaced part shows).
fn pattern_file(path: &Path, len: usize) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    let mut file = std::io::BufWriter::new(std::fs::File::create(path).expect("create"));
    let block: Vec<u8> = (0..4096u32).map(|n| (n % 251) as u8).collect();
    let mut written = 0;
    let mut index = 0u32;
    while written < len {
        let mut chunk = block.clone();
        chunk[..4].copy_from_slice(&index.to_le_bytes());
        let take = chunk.len().min(len - written);
        file.write_all(&chunk[..take]).expect("write");
        written += take;
        index += 1;
    }
    file.flush().expect("flush");
}

fn put_files(s: Storage, scratch: &Path) {
    // One byte past three parts: four parts, the last of one byte.
    for (name, len) in [("small.tif", 100_000), ("large.tif", 3 * PART_BYTES + 1)] {
        let source = scratch.join("upload").join(name);
        pattern_file(&source, len);
        let key = format!("originals/ab/{name}");
        s.put_file(&key, &source).expect("put file");
        let stored = s.get(&key).expect("get").expect("stored");
        assert_eq!(stored.len(), len, "{name}");
        assert!(
            stored == std::fs::read(&source).expect("read"),
            "{name} comes back byte for byte"
        );
        assert!(source.exists(), "put_file leaves the source");
    }
    let mut listed = s.list("originals").expect("list");
    listed.sort();
    assert_eq!(listed, ["originals/ab/large.tif", "originals/ab/small.tif"]);
}

fn put_files_moved(s: Storage, scratch: &Path) {
    let source = scratch.join("bundle.zip");
    pattern_file(&source, 200_000);
    let expected = std::fs::read(&source).expect("read");
    s.put_file_moved("bundles/u1/all.zip", &source)
        .expect("move in");
    assert!(!source.exists(), "the file is gone afterwards");
    assert_eq!(
        s.get("bundles/u1/all.zip").expect("get"),
        Some(expected),
        "and its bytes are in the store"
    );
}

fn fetches(s: Storage, scratch: &Path) {
    let source = scratch.join("upload").join("design.tif");
    pattern_file(&source, PART_BYTES + 12_345);
    s.put_file("originals/cd/design.tif", &source).expect("put");
    let work = scratch.join("work");
    let first = s
        .fetch("originals/cd/design.tif", &work)
        .expect("fetch")
        .expect("found");
    let second = s
        .fetch("originals/cd/design.tif", &work)
        .expect("fetch")
        .expect("found");
    assert!(
        std::fs::read(&*first).expect("read") == std::fs::read(&source).expect("read"),
        "the fetched file holds the object"
    );
    assert_eq!(
        first.extension().and_then(|e| e.to_str()),
        Some("tif"),
        "decoders may go by the extension"
    );
    let in_place = s
        .local_path("originals/cd/design.tif")
        .expect("path")
        .is_some();
    if in_place {
        assert_eq!(*first, *second, "the local store's own file");
    } else {
        assert_ne!(*first, *second, "two readers never share one copy");
        assert!(first.starts_with(&work), "a copy in the scratch folder");
    }
    // A file opened before the copy goes stays readable (a download being sent).
    let mut opened = std::fs::File::open(&*first).expect("open");
    let path = first.to_path_buf();
    drop(first);
    drop(second);
    assert_eq!(path.exists(), in_place, "a copy goes when dropped");
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut opened, &mut bytes).expect("read");
    assert_eq!(bytes.len(), PART_BYTES + 12_345);
}

fn refuses_bad_keys(s: Storage, scratch: &Path) {
    let file = scratch.join("f");
    pattern_file(&file, 10);
    for key in [
        "../etc/passwd",
        "/abs",
        "a//b",
        "a/./b",
        "",
        "a\\..\\b",
        "a/",
    ] {
        let refused = |r: Result<(), StorageError>| matches!(r, Err(StorageError::BadKey(_)));
        assert!(refused(s.put(key, vec![])), "put {key:?}");
        assert!(refused(s.put_file(key, &file)), "put_file {key:?}");
        assert!(refused(s.get(key).map(drop)), "get {key:?}");
        assert!(refused(s.exists(key).map(drop)), "exists {key:?}");
        assert!(refused(s.delete(key)), "delete {key:?}");
        assert!(
            refused(s.delete_prefix(key).map(drop)),
            "delete_prefix {key:?}"
        );
        assert!(refused(s.list(key).map(drop)), "list {key:?}");
        assert!(refused(s.fetch(key, scratch).map(drop)), "fetch {key:?}");
    }
}

/// The routes call the store on actix workers (a runtime of their own, sometimes straight from
/// an async handler), the import workers from plain threads.
fn callers(s: Storage, _: &Path) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        for n in 0..300 {
            s.put(&format!("renditions/async/{n}.jpg"), vec![n as u8])
                .expect("put inside a runtime");
        }
        assert_eq!(s.get("renditions/async/7.jpg").expect("get"), Some(vec![7]));
    });
    let shared = &s;
    std::thread::scope(|scope| {
        for t in 0..8 {
            scope.spawn(move || {
                for n in 0..20 {
                    let key = format!("renditions/threads/{t}/{n}.jpg");
                    shared.put(&key, vec![t, n]).expect("put");
                    assert_eq!(shared.get(&key).expect("get"), Some(vec![t, n]));
                }
            });
        }
    });
    assert_eq!(s.list("renditions/threads").expect("list").len(), 160);
    // The last handle on a store dropped on an async worker must not take the process down.
    runtime.block_on(async move { drop(s) });
}
