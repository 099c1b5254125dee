use serde::Deserialize;

/// `[import]` in the configuration.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct ImportSettings {
    /// Worker threads decoding and rendering; 0 = one per core.
    pub workers: usize,
    /// Largest accepted file, in bytes.
    pub max_file_bytes: u64,
    /// Largest accepted side, in pixels.
    pub max_side: u32,
    /// Largest accepted image, in pixels.
    pub max_pixels: u64,
    /// How long a worker's claim on a file lasts without progress.
    pub lease_seconds: i64,
    /// Tries before a file that keeps crashing its worker is marked failed.
    pub max_attempts: i32,
    /// Make deep-zoom tile pyramids.
    pub tiles: bool,
}

impl Default for ImportSettings {
    fn default() -> Self {
        Self {
            workers: 0,
            max_file_bytes: 4 * 1024 * 1024 * 1024,
            max_side: 30_000,
            max_pixels: 600_000_000,
            lease_seconds: 120,
            max_attempts: 3,
            tiles: true,
        }
    }
}

impl ImportSettings {
    pub fn worker_count(&self) -> usize {
        if self.workers > 0 {
            return self.workers;
        }
        std::thread::available_parallelism().map_or(2, usize::from)
    }

    pub fn image_limits(&self) -> imaging::Limits {
        imaging::Limits {
            max_side: self.max_side,
            max_pixels: self.max_pixels,
            ..Default::default()
        }
    }
}
