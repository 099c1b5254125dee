#![doc = include_str!("../README.md")]

use futures::TryStreamExt;
use futures::executor::block_on;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("object store: {0}")]
    Store(#[from] object_store::Error),
    #[error("object key {0:?} is not a plain relative path")]
    BadKey(String),
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
}

impl StorageError {
    /// Whether the store ran out of space (a full disk or quota): the write failed, not the file.
    pub fn is_full(&self) -> bool {
        let mut source: Option<&(dyn std::error::Error + 'static)> = Some(self);
        while let Some(error) = source {
            if let Some(io) = error.downcast_ref::<std::io::Error>()
                && (io.kind() == std::io::ErrorKind::StorageFull
                    || io.kind() == std::io::ErrorKind::QuotaExceeded)
            {
                return true;
            }
            source = error.source();
        }
        false
    }
}

/// The archive's file store.
#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    /// Set for the local folder store: files can be read in place.
    local_root: Option<PathBuf>,
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Storage({})", self.store)
    }
}

impl Storage {
    /// A store in a local folder, created if missing.
    pub fn local(root: &Path) -> Result<Self, StorageError> {
        std::fs::create_dir_all(root)?;
        let root = root.canonicalize()?;
        let store = LocalFileSystem::new_with_prefix(&root)?.with_automatic_cleanup(true);
        Ok(Self {
            store: Arc::new(store),
            local_root: Some(root),
        })
    }

    pub fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), StorageError> {
        let path = object_path(key)?;
        block_on(self.store.put(&path, PutPayload::from(bytes)))?;
        Ok(())
    }

    /// Stores a file from local disk under `key`.
    pub fn put_file(&self, key: &str, file: &Path) -> Result<(), StorageError> {
        if let Some(target) = self.local_path(key)? {
            // Same disk: copy via a temporary name so a reader never sees half a file.
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            let partial = target.with_extension("partial");
            std::fs::copy(file, &partial)?;
            std::fs::rename(&partial, &target)?;
            return Ok(());
        }
        self.put(key, std::fs::read(file)?)
    }

    /// Stores a finished local file under `key`, moving it when the store is on the same disk
    /// (a download-all zip of gigabytes is not copied); the file is gone afterwards either way.
    pub fn put_file_moved(&self, key: &str, file: &Path) -> Result<(), StorageError> {
        if let Some(target) = self.local_path(key)? {
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            if std::fs::rename(file, &target).is_ok() {
                return Ok(());
            }
        }
        self.put_file(key, file)?;
        std::fs::remove_file(file)?;
        Ok(())
    }

    pub fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StorageError> {
        let path = object_path(key)?;
        match block_on(async { self.store.get(&path).await?.bytes().await }) {
            Ok(bytes) => Ok(Some(bytes.to_vec())),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    pub fn exists(&self, key: &str) -> Result<bool, StorageError> {
        let path = object_path(key)?;
        match block_on(self.store.head(&path)) {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// Where the object lives on disk, for the local store (decoders read files in place and
    /// image routes serve them with sendfile). None for remote stores.
    pub fn local_path(&self, key: &str) -> Result<Option<PathBuf>, StorageError> {
        let path = object_path(key)?;
        Ok(self
            .local_root
            .as_ref()
            .map(|root| root.join(path.as_ref())))
    }

    /// A local file holding the object: in place for the local store, else a copy in `scratch`.
    pub fn fetch(&self, key: &str, scratch: &Path) -> Result<Option<PathBuf>, StorageError> {
        if let Some(path) = self.local_path(key)? {
            return Ok(path.is_file().then_some(path));
        }
        let Some(bytes) = self.get(key)? else {
            return Ok(None);
        };
        std::fs::create_dir_all(scratch)?;
        let copy = scratch.join(key.replace('/', "_"));
        std::fs::write(&copy, bytes)?;
        Ok(Some(copy))
    }

    pub fn delete(&self, key: &str) -> Result<(), StorageError> {
        let path = object_path(key)?;
        match block_on(self.store.delete(&path)) {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// Deletes every object under `prefix`; answers how many went.
    pub fn delete_prefix(&self, prefix: &str) -> Result<usize, StorageError> {
        let keys = self.list(prefix)?;
        for key in &keys {
            self.delete(key)?;
        }
        // A process killed while writing leaves a half-written staging file (`name#N`) that the
        // local store never lists: the folder goes as a whole.
        if let Some(folder) = self.local_path(prefix)?.filter(|path| path.is_dir()) {
            match std::fs::remove_dir_all(&folder) {
                Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                    return Err(error.into());
                }
                _ => {}
            }
        }
        Ok(keys.len())
    }

    /// Every key under `prefix`.
    pub fn list(&self, prefix: &str) -> Result<Vec<String>, StorageError> {
        Ok(self
            .list_written(prefix)?
            .into_iter()
            .map(|(key, _)| key)
            .collect())
    }

    /// Every key under `prefix`, with when it was last written.
    pub fn list_written(&self, prefix: &str) -> Result<Vec<(String, SystemTime)>, StorageError> {
        let path = object_path(prefix)?;
        let metas: Vec<_> = block_on(self.store.list(Some(&path)).try_collect())?;
        Ok(metas
            .into_iter()
            .map(|m| (m.location.to_string(), m.last_modified.into()))
            .collect())
    }
}

/// Keys are relative paths of plain segments: no `..`, no absolute paths, no empty segments.
fn object_path(key: &str) -> Result<ObjectPath, StorageError> {
    let bad = key.is_empty()
        || key.starts_with('/')
        || key
            .split('/')
            .any(|s| s.is_empty() || s == "." || s == ".." || s.contains('\\'));
    if bad {
        return Err(StorageError::BadKey(key.to_owned()));
    }
    ObjectPath::parse(key).map_err(|_| StorageError::BadKey(key.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_lists_and_deletes_by_prefix() {
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = Storage::local(dir.path()).expect("store");
        storage
            .put("renditions/k1/preview.jpg", b"a".to_vec())
            .expect("put");
        storage
            .put("renditions/k1/tiles/0/0_0.jpg", b"b".to_vec())
            .expect("put");
        storage
            .put("renditions/k2/preview.jpg", b"c".to_vec())
            .expect("put");
        assert_eq!(
            storage.get("renditions/k1/preview.jpg").expect("get"),
            Some(b"a".to_vec())
        );
        assert!(storage.exists("renditions/k2/preview.jpg").expect("head"));
        assert_eq!(storage.get("renditions/none").expect("get"), None);
        assert_eq!(storage.delete_prefix("renditions/k1").expect("delete"), 2);
        assert_eq!(
            storage.list("renditions").expect("list"),
            vec!["renditions/k2/preview.jpg"]
        );
        let on_disk = storage
            .local_path("renditions/k2/preview.jpg")
            .expect("path")
            .expect("local");
        assert_eq!(std::fs::read(on_disk).expect("read"), b"c");
    }

    #[test]
    fn deleting_a_prefix_removes_what_a_killed_writer_left() {
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = Storage::local(dir.path()).expect("store");
        storage
            .put("renditions/k1/preview.jpg", b"a".to_vec())
            .expect("put");
        // What the local store stages while writing, left by a process killed mid-write.
        let staged = dir.path().join("renditions/k1/tiles/12/2_0.jpg#1");
        std::fs::create_dir_all(staged.parent().expect("parent")).expect("mkdir");
        std::fs::write(&staged, b"half").expect("write");
        assert_eq!(storage.list("renditions/k1").expect("list").len(), 1);
        assert_eq!(storage.delete_prefix("renditions/k1").expect("delete"), 1);
        assert!(!dir.path().join("renditions/k1").exists());
        assert_eq!(storage.delete_prefix("renditions/k1").expect("again"), 0);
    }

    #[test]
    fn refuses_keys_that_leave_the_store() {
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = Storage::local(dir.path()).expect("store");
        for key in ["../etc/passwd", "/abs", "a//b", "a/./b", "", "a\\..\\b"] {
            assert!(
                matches!(storage.put(key, vec![]), Err(StorageError::BadKey(_))),
                "{key}"
            );
        }
    }

    #[test]
    fn put_file_copies_whole_files() {
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = Storage::local(&dir.path().join("objects")).expect("store");
        let source = dir.path().join("upload.tif");
        std::fs::write(&source, vec![7u8; 100_000]).expect("write");
        storage
            .put_file("originals/ab/abc.tif", &source)
            .expect("put");
        assert_eq!(
            storage
                .get("originals/ab/abc.tif")
                .expect("get")
                .map(|b| b.len()),
            Some(100_000)
        );
    }
}
