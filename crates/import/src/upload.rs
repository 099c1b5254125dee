//! Receiving files: a multipart body streamed to a scratch file while it is hashed and counted,
//! so a 2 GB design never sits in memory and an oversized one is refused as soon as it passes
//! the limit.

use crate::error::ImportError;
use actix_multipart::Field;
use futures::TryStreamExt;
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Path, PathBuf};

/// A file received whole.
pub struct Staged {
    pub path: PathBuf,
    pub hash: String,
    pub size: u64,
}

/// Removes the scratch file when dropped, whatever happened.
pub struct ScratchFile(pub PathBuf);

impl Drop for ScratchFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Streams one multipart file to `dir`. Over `max_bytes`, the rest of the field is read and
/// dropped (so the next files of the request still arrive) and the file is refused.
pub async fn receive(
    field: &mut Field,
    dir: &Path,
    max_bytes: u64,
) -> Result<(ScratchFile, Staged), ImportError> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(format!("upload-{}", uuid::Uuid::new_v4().simple()));
    let scratch = ScratchFile(path.clone());
    let mut out = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&path)?);
    let mut hasher = Sha256::new();
    let mut size: u64 = 0;
    let mut too_large = false;
    loop {
        let chunk = match field.try_next().await {
            Ok(Some(chunk)) => chunk,
            Ok(None) => break,
            // The client went away or sent a broken body: the partial file goes with `scratch`.
            Err(_) => return Err(ImportError::UploadInterrupted),
        };
        size += chunk.len() as u64;
        if size > max_bytes {
            too_large = true;
            continue;
        }
        hasher.update(&chunk);
        out.write_all(&chunk)?;
    }
    if too_large {
        return Err(ImportError::FileTooLarge(max_bytes));
    }
    out.flush()?;
    Ok((
        scratch,
        Staged {
            path,
            hash: hex::encode(hasher.finalize()),
            size,
        },
    ))
}

/// Reads a small text field (ids, flags).
pub async fn text(field: &mut Field) -> Result<String, ImportError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field
        .try_next()
        .await
        .map_err(|_| ImportError::UploadInterrupted)?
    {
        if bytes.len() + chunk.len() > 1024 {
            return Err(ImportError::InvalidForm("form"));
        }
        bytes.extend_from_slice(&chunk);
    }
    String::from_utf8(bytes).map_err(|_| ImportError::InvalidForm("form"))
}

/// Hashes a local file (for imports from the shell).
pub fn hash_file(path: &Path) -> Result<Staged, ImportError> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let size = std::io::copy(&mut file, &mut hasher)?;
    Ok(Staged {
        path: path.to_owned(),
        hash: hex::encode(hasher.finalize()),
        size,
    })
}
