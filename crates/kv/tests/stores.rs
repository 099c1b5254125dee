//! One suite, run against the in-process store and against real Redis
//! (`DESEN_TEST_REDIS_URL`, default redis://127.0.0.1:6379).

use kv::{Decision, MemoryStore, RateLimiter, RedisStore, SessionStore};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

fn redis() -> RedisStore {
    let url =
        std::env::var("DESEN_TEST_REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
    // A fresh prefix per test keeps tests apart on the one server.
    let prefix = format!("desen-test:{}:", uuid::Uuid::new_v4().simple());
    RedisStore::connect(&url, &prefix).expect("Redis reachable for the store tests")
}

fn sessions_live_update_and_end(store: &dyn SessionStore) {
    store
        .put("a", "user-1", "one", Duration::from_secs(60))
        .expect("put");
    store
        .put("b", "user-1", "two", Duration::from_secs(60))
        .expect("put");
    store
        .put("c", "user-2", "three", Duration::from_secs(60))
        .expect("put");
    assert_eq!(store.get("a").expect("get").as_deref(), Some("one"));
    assert!(store.update("a", "one-validated").expect("update"));
    assert_eq!(
        store.get("a").expect("get").as_deref(),
        Some("one-validated")
    );
    assert!(
        !store
            .update("missing", "x")
            .expect("update of a missing session")
    );
    assert_eq!(store.get("missing").expect("get"), None);

    store.remove("b").expect("remove");
    assert_eq!(store.get("b").expect("get"), None);

    store
        .put("d", "user-1", "four", Duration::from_secs(60))
        .expect("put");
    assert!(store.remove_owner("user-1").expect("remove owner") >= 1);
    assert_eq!(store.get("a").expect("get"), None);
    assert_eq!(store.get("d").expect("get"), None);
    assert_eq!(
        store.get("c").expect("get").as_deref(),
        Some("three"),
        "other users keep their sessions"
    );
}

fn sessions_expire(store: &dyn SessionStore) {
    store
        .put("short", "user-3", "v", Duration::from_secs(1))
        .expect("put");
    assert!(store.get("short").expect("get").is_some());
    thread::sleep(Duration::from_millis(2100));
    assert_eq!(store.get("short").expect("get"), None);
    assert!(!store.update("short", "w").expect("update after expiry"));
}

fn limiter_counts_and_cools_down(limiter: &dyn RateLimiter) {
    let window = Duration::from_secs(1);
    for _ in 0..3 {
        assert_eq!(
            limiter.hit("login:x", 3, window).expect("hit"),
            Decision::Allowed
        );
    }
    assert!(matches!(
        limiter.hit("login:x", 3, window).expect("hit"),
        Decision::Limited { retry_after: 1.. }
    ));
    assert_eq!(
        limiter.hit("login:y", 3, window).expect("hit"),
        Decision::Allowed,
        "keys are independent"
    );
    thread::sleep(Duration::from_millis(2100));
    assert_eq!(
        limiter
            .hit("login:x", 3, window)
            .expect("hit after cooldown"),
        Decision::Allowed
    );
}

fn limiter_is_exact_under_concurrency(limiter: Arc<dyn RateLimiter>) {
    let handles: Vec<_> = (0..50)
        .map(|_| {
            let limiter = limiter.clone();
            thread::spawn(move || {
                limiter
                    .hit("burst", 20, Duration::from_secs(60))
                    .expect("hit")
            })
        })
        .collect();
    let allowed = handles
        .into_iter()
        .map(|h| h.join().expect("thread"))
        .filter(|d| *d == Decision::Allowed)
        .count();
    assert_eq!(allowed, 20);
}

#[test]
fn memory_sessions() {
    sessions_live_update_and_end(&MemoryStore::default());
}

#[test]
fn redis_sessions() {
    sessions_live_update_and_end(&redis());
}

#[test]
fn memory_session_expiry() {
    sessions_expire(&MemoryStore::default());
}

#[test]
fn redis_session_expiry() {
    sessions_expire(&redis());
}

#[test]
fn memory_rate_limit() {
    limiter_counts_and_cools_down(&MemoryStore::default());
}

#[test]
fn redis_rate_limit() {
    limiter_counts_and_cools_down(&redis());
}

#[test]
fn memory_rate_limit_concurrency() {
    limiter_is_exact_under_concurrency(Arc::new(MemoryStore::default()));
}

#[test]
fn redis_rate_limit_concurrency() {
    limiter_is_exact_under_concurrency(Arc::new(redis()));
}
