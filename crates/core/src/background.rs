//! Background worker threads: each runs a unit of work again and again, and sleeps when there is
//! none until woken (or a few seconds pass, to see work queued by other processes). Import and
//! download-all zips run on these.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Wakes idle workers when work is queued.
#[derive(Clone, Default)]
pub struct Waker(Arc<(Mutex<bool>, Condvar)>);

impl Waker {
    pub fn wake(&self) {
        let (flag, signal) = &*self.0;
        if let Ok(mut woken) = flag.lock() {
            *woken = true;
            signal.notify_all();
        }
    }

    fn wait(&self, timeout: Duration) {
        let (flag, signal) = &*self.0;
        if let Ok(guard) = flag.lock() {
            let Ok((mut woken, _)) = signal.wait_timeout_while(guard, timeout, |woken| !*woken)
            else {
                return;
            };
            *woken = false;
        }
    }
}

/// How long an idle worker sleeps before looking again on its own.
const IDLE: Duration = Duration::from_secs(3);

pub struct Workers {
    stop: Arc<AtomicBool>,
    waker: Waker,
    handles: Vec<JoinHandle<()>>,
}

impl Workers {
    /// Starts `count` threads named `{name}-{n}`, each calling `work(n)` while it answers that
    /// there was work; an error is logged and the worker rests before trying again.
    pub fn start<E, F>(name: &str, count: usize, waker: Waker, work: F) -> Self
    where
        E: std::fmt::Display,
        F: Fn(usize) -> Result<bool, E> + Clone + Send + 'static,
    {
        let stop = Arc::new(AtomicBool::new(false));
        let handles = (0..count)
            .filter_map(|n| {
                let (work, waker, stop) = (work.clone(), waker.clone(), stop.clone());
                let label = format!("{name}-{n}");
                std::thread::Builder::new()
                    .name(label.clone())
                    .spawn(move || {
                        while !stop.load(Ordering::Relaxed) {
                            match work(n) {
                                Ok(true) => continue,
                                Ok(false) => waker.wait(IDLE),
                                Err(error) => {
                                    tracing::error!(%error, worker = %label, "background work");
                                    waker.wait(IDLE);
                                }
                            }
                        }
                    })
                    .map_err(|e| tracing::error!(error = %e, "could not start a worker"))
                    .ok()
            })
            .collect();
        Self {
            stop,
            waker,
            handles,
        }
    }

    /// Stops after the work in hand is done.
    pub fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        self.waker.wake();
        for handle in self.handles {
            let _ = handle.join();
        }
    }
}
