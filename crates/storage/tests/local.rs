//! The local folder store against the shared behaviour checks (tests/common).

mod common;

use storage::Storage;

#[test]
fn the_local_store_keeps_the_store_behaviour() {
    let dir = tempfile::tempdir().expect("temp dir");
    let objects = dir.path().join("objects");
    common::run_all(
        |name| Storage::local(&objects.join(name)).expect("store"),
        &dir.path().join("scratch"),
    );
}
