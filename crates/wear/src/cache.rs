//! Decoded pictures held in memory between requests: the tiles of the pyramids views read (a
//! repeated plane reads the same few tiles for every one of its own) and wear models at the
//! sizes rendered, so switching colorways or models does not decode them again. Bounded by
//! bytes; the least recently used go first.

use imaging::RgbImage;
use imaging::wear::WearImages;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

struct Entry<V> {
    value: Arc<V>,
    bytes: usize,
    used: u64,
}

/// A byte-bounded least-recently-used map.
pub struct Lru<V> {
    budget: usize,
    inner: Mutex<LruInner<V>>,
}

struct LruInner<V> {
    entries: HashMap<String, Entry<V>>,
    bytes: usize,
    clock: u64,
}

impl<V> Lru<V> {
    pub fn new(budget: usize) -> Self {
        Lru {
            budget,
            inner: Mutex::new(LruInner {
                entries: HashMap::new(),
                bytes: 0,
                clock: 0,
            }),
        }
    }

    pub fn get(&self, key: &str) -> Option<Arc<V>> {
        let mut inner = self.inner.lock().ok()?;
        inner.clock += 1;
        let now = inner.clock;
        let entry = inner.entries.get_mut(key)?;
        entry.used = now;
        Some(entry.value.clone())
    }

    pub fn put(&self, key: String, value: Arc<V>, bytes: usize) {
        let Ok(mut inner) = self.inner.lock() else {
            return;
        };
        if bytes > self.budget {
            return;
        }
        inner.clock += 1;
        let used = inner.clock;
        if let Some(old) = inner.entries.insert(key, Entry { value, bytes, used }) {
            inner.bytes -= old.bytes;
        }
        inner.bytes += bytes;
        while inner.bytes > self.budget {
            let Some(oldest) = inner
                .entries
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some(gone) = inner.entries.remove(&oldest) {
                inner.bytes -= gone.bytes;
            }
        }
    }

    pub fn len(&self) -> usize {
        self.inner.lock().map(|i| i.entries.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What the views keep decoded, per process.
pub struct ViewCache {
    pub tiles: Lru<RgbImage>,
    pub models: Lru<WearImages>,
}

impl Default for ViewCache {
    fn default() -> Self {
        ViewCache {
            tiles: Lru::new(96 << 20),
            models: Lru::new(160 << 20),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_go_first() {
        let lru: Lru<u32> = Lru::new(30);
        lru.put("a".into(), Arc::new(1), 10);
        lru.put("b".into(), Arc::new(2), 10);
        lru.put("c".into(), Arc::new(3), 10);
        assert!(lru.get("a").is_some());
        lru.put("d".into(), Arc::new(4), 10);
        assert!(lru.get("b").is_none(), "b was used least recently");
        assert_eq!(lru.len(), 3);
        lru.put("huge".into(), Arc::new(5), 31);
        assert!(lru.get("huge").is_none(), "over the budget alone: not kept");
    }
}
