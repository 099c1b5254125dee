//! Records written off the request path. A request appends its records to this instance's spool
//! file (so they survive a crash or a restart) and hands them to the writer thread, which writes
//! them in batches through [`write`] (once per record id, so a replay never counts twice) and
//! empties the spool once everything in it is written. At start, the spools of instances that
//! stopped are written first; a live instance's spool is locked, and skipped.

use crate::records::{Record, write};
use db::DbPool;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Records written in one transaction at most.
const BATCH: usize = 500;
/// The longest wait between two tries while the database does not answer.
const MAX_RETRY_DELAY: Duration = Duration::from_secs(30);

/// A handle on this instance's writer; clones share it.
#[derive(Clone)]
pub struct Recorder {
    spool: Arc<Mutex<Spool>>,
    sender: mpsc::Sender<Message>,
}

struct Spool {
    file: File,
    path: PathBuf,
    /// Records appended and not yet written.
    pending: usize,
}

enum Message {
    Records(Vec<Record>),
    /// Answered once everything sent before it is written.
    Flush(mpsc::SyncSender<()>),
}

impl Recorder {
    /// Writes what stopped instances left under `dir`, then starts this instance's spool there
    /// and its writer thread.
    pub fn start(pool: DbPool, dir: &Path) -> io::Result<Recorder> {
        fs::create_dir_all(dir)?;
        replay(&pool, dir)?;
        let stamp = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos();
        let path = dir.join(format!("{}-{stamp}.spool", std::process::id()));
        let file = OpenOptions::new()
            .create_new(true)
            .append(true)
            .open(&path)?;
        // Held while this instance lives: another instance starting skips this spool.
        file.try_lock().map_err(io::Error::other)?;
        let spool = Arc::new(Mutex::new(Spool {
            file,
            path,
            pending: 0,
        }));
        let (sender, receiver) = mpsc::channel();
        let shared = Arc::clone(&spool);
        std::thread::Builder::new()
            .name("usage-writer".into())
            .spawn(move || writer(&pool, &receiver, &shared))?;
        Ok(Recorder { spool, sender })
    }

    /// Keeps `records` for the writer and returns at once: a line each in the spool, then the
    /// queue. A spool that cannot be written is logged; the records are still queued.
    pub fn record(&self, records: Vec<Record>) {
        if records.is_empty() {
            return;
        }
        let mut lines = String::new();
        for record in &records {
            if let Ok(line) = serde_json::to_string(record) {
                lines.push_str(&line);
                lines.push('\n');
            }
        }
        {
            let mut spool = self.spool.lock().unwrap_or_else(|e| e.into_inner());
            if let Err(error) = spool.file.write_all(lines.as_bytes()) {
                tracing::error!(%error, spool = %spool.path.display(), "usage spool not written");
            }
            spool.pending += records.len();
        }
        if self.sender.send(Message::Records(records)).is_err() {
            tracing::error!("usage writer stopped: records left in the spool");
        }
    }

    /// Waits until everything recorded before is written (at shutdown, and in tests before
    /// reading the statistics).
    pub fn flush(&self) {
        let (done, wait) = mpsc::sync_channel(1);
        if self.sender.send(Message::Flush(done)).is_ok() {
            let _ = wait.recv();
        }
    }
}

/// The writer thread: batches what is queued, writes it until it is written, and empties the
/// spool when nothing appended to it is left unwritten.
fn writer(pool: &DbPool, receiver: &mpsc::Receiver<Message>, spool: &Mutex<Spool>) {
    while let Ok(first) = receiver.recv() {
        let mut batch = Vec::new();
        let mut waiting = Vec::new();
        let mut next = Some(first);
        while let Some(message) = next {
            match message {
                Message::Records(records) => batch.extend(records),
                Message::Flush(done) => waiting.push(done),
            }
            next = if batch.len() < BATCH {
                receiver.try_recv().ok()
            } else {
                None
            };
        }
        if !batch.is_empty() {
            write_until_written(pool, &batch);
            let mut spool = spool.lock().unwrap_or_else(|e| e.into_inner());
            spool.pending = spool.pending.saturating_sub(batch.len());
            if spool.pending == 0
                && let Err(error) = spool.file.set_len(0)
            {
                tracing::warn!(%error, "usage spool not emptied");
            }
        }
        for done in waiting {
            let _ = done.send(());
        }
    }
}

/// Writes `batch`, waiting for the database while it does not answer. A batch the database
/// refuses is written a record at a time, and a record refused alone (say, by a user deleted
/// since) is logged and left out: one bad record never holds back the others.
fn write_until_written(pool: &DbPool, batch: &[Record]) {
    let mut delay = Duration::from_millis(100);
    loop {
        let mut conn = match pool.get() {
            Ok(conn) => conn,
            Err(error) => {
                tracing::warn!(%error, "usage records wait for the database");
                std::thread::sleep(delay);
                delay = (delay * 2).min(MAX_RETRY_DELAY);
                continue;
            }
        };
        match write(&mut conn, batch) {
            Ok(()) => return,
            Err(diesel::result::Error::DatabaseError(..)) if batch.len() > 1 => {
                for record in batch {
                    write_until_written(pool, std::slice::from_ref(record));
                }
                return;
            }
            Err(diesel::result::Error::DatabaseError(kind, info)) => {
                tracing::error!(
                    ?kind,
                    message = info.message(),
                    ?batch,
                    "usage record refused"
                );
                return;
            }
            Err(error) => {
                tracing::warn!(%error, "usage records wait for the database");
                std::thread::sleep(delay);
                delay = (delay * 2).min(MAX_RETRY_DELAY);
            }
        }
    }
}

/// Writes the spools under `dir` that no live instance holds, then removes them. A line that is
/// not a record (cut short by a crash) is skipped.
fn replay(pool: &DbPool, dir: &Path) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_none_or(|e| e != "spool") {
            continue;
        }
        let file = File::open(&path)?;
        if file.try_lock().is_err() {
            continue;
        }
        let mut records = Vec::new();
        for line in BufReader::new(&file).lines() {
            match serde_json::from_str::<Record>(&line?) {
                Ok(record) => records.push(record),
                Err(error) => tracing::warn!(%error, spool = %path.display(), "spool line skipped"),
            }
        }
        for batch in records.chunks(BATCH) {
            write_until_written(pool, batch);
        }
        tracing::info!(records = records.len(), spool = %path.display(), "usage spool replayed");
        fs::remove_file(&path)?;
    }
    Ok(())
}
