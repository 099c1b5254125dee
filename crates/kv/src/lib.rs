#![doc = include_str!("../README.md")]

mod memory;
mod redis_store;

pub use memory::MemoryStore;
pub use redis_store::RedisStore;

use std::sync::Arc;
use std::time::Duration;

#[derive(Debug, thiserror::Error)]
#[error("session/rate-limit store unavailable: {0}")]
pub struct StoreError(pub String);

/// Sessions keyed by the hash of their token, indexed by owner so that all of a user's sessions can
/// be ended at once.
pub trait SessionStore: Send + Sync {
    fn put(&self, key: &str, owner: &str, value: &str, ttl: Duration) -> Result<(), StoreError>;
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    /// Replaces the value of a live session, keeping its expiry. False if it no longer exists.
    fn update(&self, key: &str, value: &str) -> Result<bool, StoreError>;
    fn remove(&self, key: &str) -> Result<(), StoreError>;
    /// Ends every session of `owner`; returns how many there were.
    fn remove_owner(&self, owner: &str) -> Result<usize, StoreError>;
}

/// The answer of a rate limiter to one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Allowed,
    /// Over the limit: wait this many seconds (the rest of the window: the cooldown).
    Limited {
        retry_after: u64,
    },
}

/// Fixed-window counters: at most `limit` hits per `window` for a key.
pub trait RateLimiter: Send + Sync {
    fn hit(&self, key: &str, limit: u32, window: Duration) -> Result<Decision, StoreError>;
}

/// Both stores behind one handle.
#[derive(Clone)]
pub struct Stores {
    pub sessions: Arc<dyn SessionStore>,
    pub limiter: Arc<dyn RateLimiter>,
}

impl Stores {
    /// Redis when a URL is given, otherwise the in-process store. `prefix` namespaces every key.
    pub fn open(redis_url: Option<&str>, prefix: &str) -> Result<Stores, StoreError> {
        match redis_url {
            Some(url) => {
                let store = Arc::new(RedisStore::connect(url, prefix)?);
                Ok(Stores {
                    sessions: store.clone(),
                    limiter: store,
                })
            }
            None => {
                let store = Arc::new(MemoryStore::default());
                Ok(Stores {
                    sessions: store.clone(),
                    limiter: store,
                })
            }
        }
    }
}
