use crate::{Decision, RateLimiter, SessionStore, StoreError};
use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The single-instance store: everything in one mutex-guarded map, expired entries dropped lazily.
#[derive(Default)]
pub struct MemoryStore {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    sessions: HashMap<String, Session>,
    owners: HashMap<String, HashSet<String>>,
    counters: HashMap<String, (u32, Instant)>,
    writes: u64,
}

struct Session {
    owner: String,
    value: String,
    expires: Instant,
}

impl MemoryStore {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave the maps half-written, so keep going.
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Inner {
    /// Every 1024 writes, drop what has expired so memory stays bounded.
    fn sweep(&mut self, now: Instant) {
        self.writes += 1;
        if !self.writes.is_multiple_of(1024) {
            return;
        }
        let expired: Vec<String> = self
            .sessions
            .iter()
            .filter(|(_, s)| s.expires <= now)
            .map(|(k, _)| k.clone())
            .collect();
        for key in expired {
            self.remove(&key);
        }
        self.counters.retain(|_, (_, end)| *end > now);
    }

    fn remove(&mut self, key: &str) {
        if let Some(session) = self.sessions.remove(key)
            && let Some(keys) = self.owners.get_mut(&session.owner)
        {
            keys.remove(key);
            if keys.is_empty() {
                self.owners.remove(&session.owner);
            }
        }
    }
}

impl SessionStore for MemoryStore {
    fn put(&self, key: &str, owner: &str, value: &str, ttl: Duration) -> Result<(), StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        inner.sweep(now);
        let session = Session {
            owner: owner.to_owned(),
            value: value.to_owned(),
            expires: now + ttl,
        };
        inner.sessions.insert(key.to_owned(), session);
        inner
            .owners
            .entry(owner.to_owned())
            .or_default()
            .insert(key.to_owned());
        Ok(())
    }

    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        let mut inner = self.lock();
        match inner.sessions.get(key) {
            Some(s) if s.expires > Instant::now() => Ok(Some(s.value.clone())),
            Some(_) => {
                inner.remove(key);
                Ok(None)
            }
            None => Ok(None),
        }
    }

    fn update(&self, key: &str, value: &str) -> Result<bool, StoreError> {
        let mut inner = self.lock();
        let now = Instant::now();
        match inner.sessions.get_mut(key) {
            Some(s) if s.expires > now => {
                s.value = value.to_owned();
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    fn remove(&self, key: &str) -> Result<(), StoreError> {
        self.lock().remove(key);
        Ok(())
    }

    fn remove_owner(&self, owner: &str) -> Result<usize, StoreError> {
        let mut inner = self.lock();
        let keys = inner.owners.remove(owner).unwrap_or_default();
        for key in &keys {
            inner.sessions.remove(key);
        }
        Ok(keys.len())
    }
}

impl RateLimiter for MemoryStore {
    fn hit(&self, key: &str, limit: u32, window: Duration) -> Result<Decision, StoreError> {
        let now = Instant::now();
        let mut inner = self.lock();
        inner.sweep(now);
        let entry = inner
            .counters
            .entry(key.to_owned())
            .or_insert((0, now + window));
        if entry.1 <= now {
            *entry = (0, now + window);
        }
        entry.0 = entry.0.saturating_add(1);
        if entry.0 > limit {
            let left = entry.1.saturating_duration_since(now);
            Ok(Decision::Limited {
                retry_after: left.as_secs().max(1),
            })
        } else {
            Ok(Decision::Allowed)
        }
    }
}
