//! Renditions of a procedural 12,000 x 12,000 8-bit RGB design (rows made on the fly, the image
//! never exists whole): wall time and peak resident memory (VmHWM, reset between runs through
//! /proc/self/clear_refs) without tiles and with tiles, plus a rotary design (6 spot channels,
//! 3 colorways, masks).
//!
//! `cargo bench -p imaging --bench renditions` (size: `RENDITIONS_SIZE=6000`; one case:
//! `RENDITIONS_ONLY="no tiles"`, a substring of its label).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use imaging::info::{ChannelKind, ColorMode};
use imaging::memory_source::{ProceduralSource, channel, process_channels, synthetic_info};
use imaging::render::{ColorwayPlan, RenditionPlan, render};
use imaging::{ImagingError, RenditionSink};

#[derive(Default)]
struct CountingSink {
    files: AtomicUsize,
    bytes: AtomicUsize,
}

impl RenditionSink for CountingSink {
    fn put(&self, _: Option<usize>, _: &str, bytes: Vec<u8>) -> Result<(), ImagingError> {
        self.files.fetch_add(1, Ordering::Relaxed);
        self.bytes.fetch_add(bytes.len(), Ordering::Relaxed);
        Ok(())
    }
}

fn status_kb(key: &str) -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    s.lines()
        .find(|l| l.starts_with(key))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// CPU time (user + system) of the whole process so far, in seconds, from /proc/self/stat.
fn cpu_seconds() -> f64 {
    let Ok(s) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    let rest = s.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f
        .get(11..13)
        .map(|v| v.iter().filter_map(|x| x.parse::<f64>().ok()).sum())
        .unwrap_or(0.0);
    ticks / 100.0 // USER_HZ is 100 on Linux
}

fn reset_peak() {
    // "5" resets the peak RSS (VmHWM) of the process (Linux ≥ 4.0).
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn rgb_row(y: u32, row: &mut [u8]) {
    for (x, px) in row.chunks_exact_mut(3).enumerate() {
        let x = x as u32;
        let check = ((x / 150) + (y / 150)) % 2;
        px[0] = ((x / 47) % 256) as u8;
        px[1] = if check == 0 {
            220
        } else {
            ((y / 47) % 256) as u8
        };
        px[2] = ((x.wrapping_mul(7) ^ y.wrapping_mul(13)) % 256) as u8;
    }
}

fn run(label: &str, size: u32, tiles: bool, rotary: bool) {
    if let Ok(only) = std::env::var("RENDITIONS_ONLY")
        && !label.contains(&only)
    {
        return;
    }
    let (info, plan) = if rotary {
        let spots = (0..6)
            .map(|i| channel(&format!("Screen {i}"), ChannelKind::Spot, None))
            .collect();
        let inks = |seed: u8| {
            Some(
                (0..6u8)
                    .map(|i| [seed.wrapping_mul(i + 1), 255 - i * 30, i * 40])
                    .collect(),
            )
        };
        (
            synthetic_info(size, size, ColorMode::Multichannel, spots),
            RenditionPlan {
                colorways: vec![
                    ColorwayPlan { inks: None },
                    ColorwayPlan { inks: inks(37) },
                    ColorwayPlan { inks: inks(91) },
                ],
                fabric: [250, 248, 240],
                tiles,
                channel_masks: true,
            },
        )
    } else {
        (
            synthetic_info(size, size, ColorMode::Rgb, process_channels(ColorMode::Rgb)),
            RenditionPlan {
                colorways: vec![ColorwayPlan { inks: None }],
                tiles,
                channel_masks: false,
                ..RenditionPlan::default()
            },
        )
    };
    let channels = info.channels.len();
    let mut src = ProceduralSource::new(info, 256, move |y, row: &mut [u8]| {
        if channels == 3 {
            rgb_row(y, row);
        } else {
            for (x, px) in row.chunks_exact_mut(channels).enumerate() {
                let x = x as u32;
                for (c, v) in px.iter_mut().enumerate() {
                    let c = c as u32;
                    let r = 80 + 40 * c;
                    let (dx, dy) = (
                        (x % (2 * r)) as i32 - r as i32,
                        (y % (2 * r)) as i32 - r as i32,
                    );
                    *v = if dx * dx + dy * dy < (r * r / 2) as i32 {
                        255
                    } else {
                        0
                    };
                }
            }
        }
    });
    let sink = CountingSink::default();
    reset_peak();
    let before = status_kb("VmRSS:").unwrap_or(0);
    let cpu0 = cpu_seconds();
    let t = Instant::now();
    let report = match render(&mut src, &plan, &sink) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{label}: failed: {e}");
            return;
        }
    };
    let secs = t.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu0;
    let peak = status_kb("VmHWM:").unwrap_or(0);
    println!(
        "{label:<44} {secs:>6.2} s wall {cpu:>6.2} s cpu   peak RSS {:>5} MB (+{:>4} MB over {:>3} MB before)   {} files, {:.1} MB, {} tile levels",
        peak / 1024,
        peak.saturating_sub(before) / 1024,
        before / 1024,
        sink.files.load(Ordering::Relaxed),
        sink.bytes.load(Ordering::Relaxed) as f64 / 1e6,
        report.colorways.first().map(|c| c.tile_levels).unwrap_or(0),
    );
}

fn main() {
    let size: u32 = std::env::var("RENDITIONS_SIZE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12_000);
    println!(
        "renditions of procedural {size}x{size} designs on {} threads",
        rayon::current_num_threads()
    );
    run(
        &format!("RGB {size}² 1 colorway, no tiles"),
        size,
        false,
        false,
    );
    run(&format!("RGB {size}² 1 colorway, tiles"), size, true, false);
    run(
        &format!("6 spots {size}² 3 colorways + masks, no tiles"),
        size,
        false,
        true,
    );
}
