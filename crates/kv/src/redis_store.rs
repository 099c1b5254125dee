use crate::{Decision, RateLimiter, SessionStore, StoreError};
use redis::Commands;
use std::time::Duration;

/// The shared store for several instances. Keys: `{prefix}s:{key}` (session value, with TTL),
/// `{prefix}o:{owner}` (set of the owner's session keys), `{prefix}r:{key}` (rate-limit counter).
pub struct RedisStore {
    pool: r2d2::Pool<redis::Client>,
    prefix: String,
}

fn failed(e: impl std::fmt::Display) -> StoreError {
    StoreError(e.to_string())
}

impl RedisStore {
    pub fn connect(url: &str, prefix: &str) -> Result<RedisStore, StoreError> {
        let client = redis::Client::open(url).map_err(failed)?;
        let pool = r2d2::Pool::builder()
            .max_size(16)
            .connection_timeout(Duration::from_secs(5))
            .build(client)
            .map_err(failed)?;
        Ok(RedisStore {
            pool,
            prefix: prefix.to_owned(),
        })
    }

    fn conn(&self) -> Result<r2d2::PooledConnection<redis::Client>, StoreError> {
        self.pool.get().map_err(failed)
    }

    fn session_key(&self, key: &str) -> String {
        format!("{}s:{key}", self.prefix)
    }

    fn owner_key(&self, owner: &str) -> String {
        format!("{}o:{owner}", self.prefix)
    }
}

impl SessionStore for RedisStore {
    fn put(&self, key: &str, owner: &str, value: &str, ttl: Duration) -> Result<(), StoreError> {
        let secs = ttl.as_secs().max(1);
        let owner_key = self.owner_key(owner);
        let mut conn = self.conn()?;
        redis::pipe()
            .atomic()
            .set_ex(self.session_key(key), value, secs)
            .sadd(&owner_key, key)
            // The index lives as long as the longest session; stale members are skipped on use.
            .cmd("EXPIRE")
            .arg(&owner_key)
            .arg(secs)
            .arg("GT")
            .cmd("EXPIRE")
            .arg(&owner_key)
            .arg(secs)
            .arg("NX")
            .query::<()>(&mut *conn)
            .map_err(failed)
    }

    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.conn()?.get(self.session_key(key)).map_err(failed)
    }

    fn update(&self, key: &str, value: &str) -> Result<bool, StoreError> {
        let done: Option<String> = redis::cmd("SET")
            .arg(self.session_key(key))
            .arg(value)
            .arg("XX")
            .arg("KEEPTTL")
            .query(&mut *self.conn()?)
            .map_err(failed)?;
        Ok(done.is_some())
    }

    fn remove(&self, key: &str) -> Result<(), StoreError> {
        self.conn()?
            .del::<_, ()>(self.session_key(key))
            .map_err(failed)
    }

    fn remove_owner(&self, owner: &str) -> Result<usize, StoreError> {
        let mut conn = self.conn()?;
        let owner_key = self.owner_key(owner);
        let keys: Vec<String> = conn.smembers(&owner_key).map_err(failed)?;
        let mut pipe = redis::pipe();
        pipe.atomic().del(&owner_key);
        for key in &keys {
            pipe.del(self.session_key(key));
        }
        pipe.query::<()>(&mut *conn).map_err(failed)?;
        Ok(keys.len())
    }
}

impl RateLimiter for RedisStore {
    fn hit(&self, key: &str, limit: u32, window: Duration) -> Result<Decision, StoreError> {
        let key = format!("{}r:{key}", self.prefix);
        // INCR and EXPIRE NX in one transaction: exact under concurrency, the window starts at the
        // first hit and the key disappears when it ends.
        let (count, ttl): (u64, i64) = redis::pipe()
            .atomic()
            .incr(&key, 1)
            .cmd("EXPIRE")
            .arg(&key)
            .arg(window.as_secs().max(1))
            .arg("NX")
            .ignore()
            .ttl(&key)
            .query(&mut *self.conn()?)
            .map_err(failed)?;
        if count > u64::from(limit) {
            Ok(Decision::Limited {
                retry_after: ttl.max(1) as u64,
            })
        } else {
            Ok(Decision::Allowed)
        }
    }
}
