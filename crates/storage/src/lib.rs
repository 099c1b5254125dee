#![doc = include_str!("../README.md")]

mod s3;

pub use s3::S3Settings;

use futures::executor::block_on;
use futures::{StreamExt, TryStreamExt};
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::prefix::PrefixStore;
use object_store::{ObjectMeta, ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart};
use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("object store: {0}")]
    Store(#[from] object_store::Error),
    #[error("object key {0:?} is not a plain relative path")]
    BadKey(String),
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    #[error("storage configuration: {0}")]
    Config(String),
    #[error("storage task: {0}")]
    Task(String),
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

/// Files up to this size go to a remote store in one request; larger ones in parts of this size
/// (S3's multipart upload), so a design file of gigabytes is never whole in memory.
pub const PART_BYTES: usize = 8 << 20;
/// Parts of one file on their way at once (memory: about this many parts, plus one).
const PARTS_IN_FLIGHT: usize = 2;

/// The archive's file store.
#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    /// Set for the local folder store: files can be read in place.
    local_root: Option<PathBuf>,
    /// Set for remote stores: their requests run on this runtime of their own.
    runtime: Option<Arc<s3::Runtime>>,
    /// What the store is, for logs (never a secret).
    label: Arc<str>,
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the store's own `Debug`: it would show the credentials.
        write!(f, "Storage({})", self.label)
    }
}

impl std::fmt::Display for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

/// A local file holding an object, from [`Storage::fetch`]: the object's own file in the local
/// store, else a copy in the scratch folder that goes when this is dropped (a file opened
/// before then stays readable).
#[derive(Debug)]
pub struct Fetched(FetchedFile);

#[derive(Debug)]
enum FetchedFile {
    InPlace(PathBuf),
    Copy(tempfile::TempPath),
}

impl std::ops::Deref for Fetched {
    type Target = Path;

    fn deref(&self) -> &Path {
        match &self.0 {
            FetchedFile::InPlace(path) => path,
            FetchedFile::Copy(path) => path,
        }
    }
}

impl AsRef<Path> for Fetched {
    fn as_ref(&self) -> &Path {
        self
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
            label: format!("folder {}", root.display()).into(),
            local_root: Some(root),
            runtime: None,
        })
    }

    /// A store in an S3-compatible bucket (AWS, MinIO, moto…), which must exist.
    pub fn s3(settings: &S3Settings) -> Result<Self, StorageError> {
        let runtime = s3::Runtime::new()?;
        let builder = settings.builder();
        let store = runtime.run(async move { Ok(builder.build()?) })?;
        let store: Arc<dyn ObjectStore> = if settings.prefix.is_empty() {
            Arc::new(store)
        } else {
            Arc::new(PrefixStore::new(store, settings.prefix.as_str()))
        };
        // A wrong bucket or endpoint is told at start, not as images "not found" later.
        let probe = store.clone();
        runtime
            .run(async move { Ok(probe.list_with_delimiter(None).await?) })
            .map_err(|e| {
                StorageError::Config(format!("{} is not reachable: {e}", settings.describe()))
            })?;
        Ok(Self {
            store,
            local_root: None,
            runtime: Some(Arc::new(runtime)),
            label: settings.describe().into(),
        })
    }

    /// Runs one operation of the store: on the remote store's runtime, or here for the local one.
    fn run<T, F>(&self, work: F) -> Result<T, StorageError>
    where
        F: Future<Output = Result<T, StorageError>> + Send + 'static,
        T: Send + 'static,
    {
        match &self.runtime {
            Some(runtime) => runtime.run(work),
            // `unconstrained`: on an async worker, tokio's cooperative budget of the worker's
            // task would otherwise leave the local store's blocking-pool handles waiting for
            // ever once spent (the worker is blocked here, so the budget is never renewed).
            None => block_on(tokio::task::unconstrained(work)),
        }
    }

    pub fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), StorageError> {
        let path = object_path(key)?;
        let store = self.store.clone();
        self.run(async move {
            store.put(&path, PutPayload::from(bytes)).await?;
            Ok(())
        })
    }

    /// Stores a file from local disk under `key`; large files go to a remote store in parts.
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
        let path = object_path(key)?;
        let store = self.store.clone();
        let file = file.to_owned();
        self.run(upload(store, path, file))
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
        let store = self.store.clone();
        self.run(async move {
            match store.get(&path).await {
                Ok(found) => Ok(Some(found.bytes().await?.to_vec())),
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(e) => Err(e.into()),
            }
        })
    }

    pub fn exists(&self, key: &str) -> Result<bool, StorageError> {
        let path = object_path(key)?;
        let store = self.store.clone();
        self.run(async move {
            match store.head(&path).await {
                Ok(_) => Ok(true),
                Err(object_store::Error::NotFound { .. }) => Ok(false),
                Err(e) => Err(e.into()),
            }
        })
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

    /// A local file holding the object: in place for the local store, else a copy in `scratch`
    /// (streamed there, never whole in memory) that goes when the answer is dropped.
    pub fn fetch(&self, key: &str, scratch: &Path) -> Result<Option<Fetched>, StorageError> {
        if let Some(path) = self.local_path(key)? {
            return Ok(path
                .is_file()
                .then_some(Fetched(FetchedFile::InPlace(path))));
        }
        let path = object_path(key)?;
        std::fs::create_dir_all(scratch)?;
        // A name of its own: two readers of one object never share a half-written copy.
        let (file, copy) = tempfile::Builder::new()
            .prefix("fetch-")
            .suffix(&format!("-{}", key.replace('/', "_")))
            .tempfile_in(scratch)?
            .into_parts();
        let store = self.store.clone();
        let found = self.run(async move {
            let found = match store.get(&path).await {
                Ok(found) => found,
                Err(object_store::Error::NotFound { .. }) => return Ok(false),
                Err(e) => return Err(e.into()),
            };
            let mut out = tokio::fs::File::from_std(file);
            let mut chunks = found.into_stream();
            while let Some(chunk) = chunks.try_next().await? {
                out.write_all(&chunk).await?;
            }
            out.flush().await?;
            Ok(true)
        })?;
        Ok(found.then_some(Fetched(FetchedFile::Copy(copy))))
    }

    pub fn delete(&self, key: &str) -> Result<(), StorageError> {
        let path = object_path(key)?;
        let store = self.store.clone();
        self.run(async move {
            match store.delete(&path).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
                Err(e) => Err(e.into()),
            }
        })
    }

    /// Deletes every object under `prefix`; answers how many went.
    pub fn delete_prefix(&self, prefix: &str) -> Result<usize, StorageError> {
        let listed = self.metas(prefix)?;
        let count = listed.len();
        let store = self.store.clone();
        self.run(async move {
            // In batches where the store has them (S3: 1,000 keys a request).
            let locations = futures::stream::iter(listed.into_iter().map(|m| Ok(m.location)));
            let mut deleted = store.delete_stream(locations.boxed());
            while let Some(outcome) = deleted.next().await {
                match outcome {
                    Ok(_) | Err(object_store::Error::NotFound { .. }) => {}
                    Err(e) => return Err(e.into()),
                }
            }
            Ok(())
        })?;
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
        Ok(count)
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
        Ok(self
            .metas(prefix)?
            .into_iter()
            .map(|m| (m.location.to_string(), m.last_modified.into()))
            .collect())
    }

    /// Every object under `prefix` (the store follows the listing's pages).
    fn metas(&self, prefix: &str) -> Result<Vec<ObjectMeta>, StorageError> {
        let path = object_path(prefix)?;
        let store = self.store.clone();
        self.run(async move { Ok(store.list(Some(&path)).try_collect().await?) })
    }
}

/// Sends a local file to a remote store: in one request when small, else in parts.
async fn upload(
    store: Arc<dyn ObjectStore>,
    path: ObjectPath,
    file: PathBuf,
) -> Result<(), StorageError> {
    let mut source = tokio::fs::File::open(&file).await?;
    let size = source.metadata().await?.len();
    if size <= PART_BYTES as u64 {
        let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
        source.read_to_end(&mut bytes).await?;
        store.put(&path, PutPayload::from(bytes)).await?;
        return Ok(());
    }
    let mut parts =
        WriteMultipart::new_with_chunk_size(store.put_multipart(&path).await?, PART_BYTES);
    match send_parts(&mut source, &mut parts).await {
        Ok(()) => {
            // On failure `finish` aborts the upload itself.
            parts.finish().await?;
            Ok(())
        }
        Err(error) => {
            // The parts already sent go; the original error is the one worth telling.
            let _ = parts.abort().await;
            Err(error)
        }
    }
}

async fn send_parts(
    source: &mut tokio::fs::File,
    parts: &mut WriteMultipart,
) -> Result<(), StorageError> {
    let mut buffer = vec![0; 1 << 20];
    loop {
        let read = source.read(&mut buffer).await?;
        if read == 0 {
            return Ok(());
        }
        parts.wait_for_capacity(PARTS_IN_FLIGHT).await?;
        parts.write(&buffer[..read]);
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
    // What every store does is checked in tests/ (the same checks on the local folder and S3);
    // here what only the local folder does.
    use super::*;

    #[test]
    fn the_local_store_reads_files_in_place() {
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = Storage::local(dir.path()).expect("store");
        storage
            .put("renditions/k2/preview.jpg", b"c".to_vec())
            .expect("put");
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
}
