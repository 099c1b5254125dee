//! Retrieval benchmark: designs generated here (motifs in repeats of several sizes, three
//! colorways each, one with light and dark swapped), crop and photo-like queries cut from them,
//! and the figures issue 14 sets targets for, next to a simple global-descriptor baseline.
//!
//! `cargo bench -p vision --bench retrieval` (DESEN_BENCH_DESIGNS=80 designs by default).

#[path = "../tests/common/mod.rs"]
mod common;

use common::{Kind, Rng, colorways, design, query, repeat_iou};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use vision::{Features, INDEX_BUDGET, Index, QUERY_BUDGET, Rgb, decode, encode, extract, rank};

/// The shortlist and its ranking, as the archive runs them.
fn search(
    index: &Index<u32>,
    query: &Features,
    limit: usize,
    admit: impl Fn(&u32) -> bool,
    load: impl Fn(&u32) -> Option<Features> + Sync,
) -> Vec<vision::Hit<u32>> {
    rank(
        query,
        index.shortlist(&query.sketches, limit.max(vision::SHORTLIST), admit),
        load,
    )
}

const REPEATS: [(usize, usize); 5] = [(1, 1), (2, 2), (3, 2), (4, 4), (1, 2)];

struct Sample {
    design: usize,
    colorway: u32,
    kind: Kind,
    features: Features,
    corners: [(f32, f32); 4],
    extract_ms: f64,
}

fn main() {
    let designs: usize = std::env::var("DESEN_BENCH_DESIGNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(80);
    println!("retrieval bench: {designs} designs x 3 colorways, 3 queries per colorway");

    let started = Instant::now();
    let mut index = Index::new();
    let mut stored: HashMap<u32, Vec<u8>> = HashMap::new();
    let mut baseline: HashMap<u32, Vec<f32>> = HashMap::new();
    let mut samples = Vec::new();
    let mut geometry = Vec::new();
    let mut extract_seconds = 0.0;
    for d in 0..designs {
        let seed = 1000 + d as u64;
        let design = design(seed, REPEATS[d % REPEATS.len()]);
        geometry.push((design.period, (design.width, design.height)));
        let mut rng = Rng::new(seed ^ 0x51DE);
        for (c, colorway) in colorways(&design, seed).iter().enumerate() {
            let key = (d * 3 + c) as u32;
            let image = Rgb {
                width: colorway.width,
                height: colorway.height,
                data: &colorway.rgb,
            };
            let t = Instant::now();
            let features = extract(image, INDEX_BUDGET);
            extract_seconds += t.elapsed().as_secs_f64();
            index.insert(key, &features.sketches);
            stored.insert(key, encode(&features));
            baseline.insert(key, global_descriptor(image));
            for kind in [Kind::Crop, Kind::Crop, Kind::Photo] {
                let q = query(colorway, kind, &mut rng);
                let image = Rgb {
                    width: q.width,
                    height: q.height,
                    data: &q.rgb,
                };
                let t = Instant::now();
                let features = extract(image, QUERY_BUDGET);
                let extract_ms = t.elapsed().as_secs_f64() * 1000.0;
                baseline.insert(u32::MAX - samples.len() as u32, global_descriptor(image));
                samples.push(Sample {
                    design: d,
                    colorway: key,
                    kind,
                    features,
                    corners: q.corners,
                    extract_ms,
                });
            }
        }
    }
    let colorways = index.len();
    println!(
        "indexing: {:.3} s per colorway (features of a 640-1280 px colorway), {} colorways, {:.1} s set-up",
        extract_seconds / colorways as f64,
        colorways,
        started.elapsed().as_secs_f64()
    );

    let load = |key: &u32| stored.get(key).and_then(|b| decode(b));
    let mut report = Report::default();
    let mut words_only = Report::default();
    for (n, sample) in samples.iter().enumerate() {
        let t = Instant::now();
        let hits = search(&index, &sample.features, 50, |_| true, load);
        let ms = t.elapsed().as_secs_f64() * 1000.0 + sample.extract_ms;
        let own_removed = search(
            &index,
            &sample.features,
            50,
            |k| *k != sample.colorway,
            load,
        );
        let designs_of =
            |hits: &[vision::Hit<u32>]| distinct(hits.iter().map(|h| h.key as usize / 3));
        let iou = hits
            .iter()
            .find(|h| h.key as usize / 3 == sample.design)
            .and_then(|h| h.placement.as_ref())
            .map(|p| {
                let (period, size) = geometry[sample.design];
                repeat_iou(&p.corners, &sample.corners, period, size)
            })
            .unwrap_or(0.0);
        report.add(
            &designs_of(&hits),
            &designs_of(&own_removed),
            sample.design,
            Some(iou),
            ms,
            sample.kind,
        );
        let shortlist = index.shortlist(&sample.features.sketches, 50, |_| true);
        let own_shortlist =
            index.shortlist(&sample.features.sketches, 50, |k| *k != sample.colorway);
        words_only.add(
            &distinct(shortlist.iter().map(|h| h.0 as usize / 3)),
            &distinct(own_shortlist.iter().map(|h| h.0 as usize / 3)),
            sample.design,
            None,
            0.0,
            sample.kind,
        );
        if std::env::var("DESEN_BENCH_DEBUG").is_ok()
            && hits
                .first()
                .is_none_or(|h| h.key as usize / 3 != sample.design)
        {
            let in_shortlist = shortlist
                .iter()
                .position(|h| h.0 as usize / 3 == sample.design);
            let own = load(&sample.colorway).expect("own");
            let placed = vision::place(&sample.features, &own);
            println!(
                "miss {n}: design {} repeats {:?} {:?} query features {} shortlist rank {:?} own placement {:?}",
                sample.design,
                REPEATS[sample.design % REPEATS.len()],
                sample.kind,
                sample.features.len(),
                in_shortlist,
                placed.map(|p| p.inliers)
            );
        }
    }

    // Baseline: one global descriptor per image (an 8 x 8 grid of edge-direction histograms),
    // ranked by cosine similarity.
    let mut global = Report::default();
    for (n, sample) in samples.iter().enumerate() {
        let t = Instant::now();
        let q = &baseline[&(u32::MAX - n as u32)];
        let mut scored: Vec<(u32, f32)> = (0..colorways as u32)
            .map(|k| (k, dot(q, &baseline[&k])))
            .collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let all = distinct(scored.iter().map(|s| s.0 as usize / 3));
        let own = distinct(
            scored
                .iter()
                .filter(|s| s.0 != sample.colorway)
                .map(|s| s.0 as usize / 3),
        );
        global.add(&all, &own, sample.design, None, ms, sample.kind);
    }

    println!();
    println!(
        "{:<34} {:>6} {:>6} {:>6} | {:>6} {:>6} {:>6} | {:>8} | {:>7} {:>7}",
        "method (queries)",
        "top1",
        "top5",
        "top10",
        "-own1",
        "-own5",
        "-own10",
        "IoU med",
        "p50 ms",
        "p95 ms"
    );
    report.print("local features + placement (all)", None);
    report.print("  crops", Some(false));
    report.print("  photos", Some(true));
    words_only.print("words only, no placement", None);
    global.print("baseline: global descriptor", None);
    println!();
    println!(
        "targets: top-1 without the query's own colorway >= 0.95, top-10 >= 0.99, median IoU >= 0.7, p95 <= 300 ms"
    );
    let pass = report.own(1, None) >= 0.95
        && report.top(10, None) >= 0.99
        && report.median_iou() >= 0.7
        && report.p95() <= 300.0;
    println!("result: {}", if pass { "PASS" } else { "FAIL" });

    scale(&index, &stored, &samples);
}

/// Query latency with 100,000 colorways indexed: the real ones plus synthetic colorways whose
/// features are drawn from the real ones' (so the words are distributed as in real prints).
fn scale(real: &Index<u32>, stored: &HashMap<u32, Vec<u8>>, samples: &[Sample]) {
    let target: usize = std::env::var("DESEN_BENCH_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    // The synthetic colorways' features come from other designs than the queries' (made here
    // from other seeds), so that no synthetic colorway holds pieces of a queried design.
    let mut pool: Vec<Features> = Vec::new();
    for d in 0..24 {
        let seed = 900_000 + d as u64;
        let design = design(seed, REPEATS[d % REPEATS.len()]);
        for colorway in colorways(&design, seed) {
            pool.push(extract(
                Rgb {
                    width: colorway.width,
                    height: colorway.height,
                    data: &colorway.rgb,
                },
                INDEX_BUDGET,
            ));
        }
    }
    let mut rng = Rng::new(7);
    let mut index = Index::new();
    for (key, bytes) in stored {
        if let Some(f) = decode(bytes) {
            index.insert(*key, &f.sketches);
        }
    }
    let t = Instant::now();
    let mut synthetic: Vec<Features> = Vec::new();
    for _ in 0..64 {
        let mut f = pool[rng.below(pool.len())].clone();
        for i in 0..f.len() {
            let donor = &pool[rng.below(pool.len())];
            if donor.is_empty() {
                continue;
            }
            let j = rng.below(donor.len());
            f.descriptors[i] = donor.descriptors[j];
            f.sketches[i] = donor.sketches[j];
        }
        synthetic.push(f);
    }
    // Each synthetic colorway: 800 sketches drawn from the pool's (so words are as common
    // or rare as in real prints), no two colorways alike.
    let all_sketches: Vec<u64> = pool
        .iter()
        .flat_map(|f| f.sketches.iter().copied())
        .collect();
    for k in real.len()..target {
        let sketches: Vec<u64> = (0..800)
            .map(|_| all_sketches[rng.below(all_sketches.len())])
            .collect();
        index.insert(1_000_000 + k as u32, &sketches);
    }
    index.shrink_to_fit();
    println!();
    println!(
        "scale: {} colorways indexed in {:.1} s, index {:.0} MB",
        index.len(),
        t.elapsed().as_secs_f64(),
        index.memory_bytes() as f64 / 1e6
    );
    // A synthetic colorway's features for the geometric check: one of 64 mixtures of real ones.
    let load = |key: &u32| match stored.get(key) {
        Some(b) => decode(b),
        None => Some(synthetic[*key as usize % synthetic.len()].clone()),
    };
    // Where a query's time goes: loading is timed inside the checks' threads, so its share of
    // the wall time is its thread time over the threads; the placement check is the rest.
    let loading_ns = AtomicU64::new(0);
    let timed_load = |key: &u32| {
        let t = Instant::now();
        let features = load(key);
        loading_ns.fetch_add(t.elapsed().as_nanos() as u64, Ordering::Relaxed);
        features
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(4);
    let mut parts: [Vec<f64>; 4] = Default::default();
    let mut times = Vec::new();
    let mut found = 0;
    for sample in samples.iter().step_by(4) {
        let t = Instant::now();
        let shortlist = index.shortlist(
            &sample.features.sketches,
            25usize.max(vision::SHORTLIST),
            |_| true,
        );
        let shortlist_ms = t.elapsed().as_secs_f64() * 1000.0;
        loading_ns.store(0, Ordering::Relaxed);
        let hits = rank(&sample.features, shortlist, timed_load);
        let total_ms = t.elapsed().as_secs_f64() * 1000.0;
        let load_ms = loading_ns.load(Ordering::Relaxed) as f64 / 1e6 / threads as f64;
        let check_ms = total_ms - shortlist_ms - load_ms;
        for (part, ms) in parts
            .iter_mut()
            .zip([sample.extract_ms, shortlist_ms, load_ms, check_ms])
        {
            part.push(ms);
        }
        times.push(total_ms + sample.extract_ms);
        if hits
            .first()
            .is_some_and(|h| h.key < 1_000_000 && h.key as usize / 3 == sample.design)
        {
            found += 1;
        }
    }
    times.sort_by(f64::total_cmp);
    let p = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "scale: {} queries, top-1 {:.3}, p50 {:.1} ms, p95 {:.1} ms (target p95 <= 300 ms): {}",
        times.len(),
        found as f64 / times.len() as f64,
        p(0.5),
        p(0.95),
        if p(0.95) <= 300.0 { "PASS" } else { "FAIL" }
    );
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    println!(
        "scale: mean ms per query: query features {:.1}, shortlist {:.1}, loading {:.1}, placement check {:.1}",
        mean(&parts[0]),
        mean(&parts[1]),
        mean(&parts[2]),
        mean(&parts[3])
    );
}

fn distinct(designs: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for d in designs {
        if !out.contains(&d) {
            out.push(d);
        }
    }
    out
}

#[derive(Default)]
struct Report {
    rows: Vec<(bool, usize, usize, Option<f32>, f64)>,
}

impl Report {
    fn add(
        &mut self,
        all: &[usize],
        own: &[usize],
        design: usize,
        iou: Option<f32>,
        ms: f64,
        kind: Kind,
    ) {
        let rank = |list: &[usize]| list.iter().position(|&d| d == design).unwrap_or(usize::MAX);
        self.rows
            .push((matches!(kind, Kind::Photo), rank(all), rank(own), iou, ms));
    }

    fn select(
        &self,
        photo: Option<bool>,
    ) -> impl Iterator<Item = &(bool, usize, usize, Option<f32>, f64)> {
        self.rows
            .iter()
            .filter(move |r| photo.is_none_or(|p| r.0 == p))
    }

    fn share(
        &self,
        photo: Option<bool>,
        f: impl Fn(&(bool, usize, usize, Option<f32>, f64)) -> bool,
    ) -> f64 {
        let n = self.select(photo).count().max(1);
        self.select(photo).filter(|r| f(r)).count() as f64 / n as f64
    }

    fn top(&self, k: usize, photo: Option<bool>) -> f64 {
        self.share(photo, |r| r.1 < k)
    }

    fn own(&self, k: usize, photo: Option<bool>) -> f64 {
        self.share(photo, |r| r.2 < k)
    }

    fn median_iou(&self) -> f32 {
        let mut v: Vec<f32> = self.rows.iter().filter_map(|r| r.3).collect();
        v.sort_by(f32::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    }

    fn percentile(&self, q: f64) -> f64 {
        let mut v: Vec<f64> = self.rows.iter().map(|r| r.4).collect();
        v.sort_by(f64::total_cmp);
        v.get(((v.len().max(1) - 1) as f64 * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    }

    fn p95(&self) -> f64 {
        self.percentile(0.95)
    }

    fn print(&self, name: &str, photo: Option<bool>) {
        let n = self.select(photo).count();
        let iou = if self.rows.iter().any(|r| r.3.is_some()) && photo.is_none() {
            format!("{:.3}", self.median_iou())
        } else {
            "-".into()
        };
        let (p50, p95) = if photo.is_none() && self.p95() > 0.0 {
            (
                format!("{:.1}", self.percentile(0.5)),
                format!("{:.1}", self.p95()),
            )
        } else {
            ("-".into(), "-".into())
        };
        println!(
            "{:<34} {:>6.3} {:>6.3} {:>6.3} | {:>6.3} {:>6.3} {:>6.3} | {:>8} | {:>7} {:>7}",
            format!("{name} ({n})"),
            self.top(1, photo),
            self.top(5, photo),
            self.top(10, photo),
            self.own(1, photo),
            self.own(5, photo),
            self.own(10, photo),
            iou,
            p50,
            p95
        );
    }
}

/// The baseline's global descriptor: the image at 64 x 64 grey, then per cell of an 8 x 8 grid
/// a histogram of 8 gradient directions (modulo 180 degrees), L2-normalised.
fn global_descriptor(image: Rgb<'_>) -> Vec<f32> {
    const S: usize = 64;
    let (w, h) = (image.width as usize, image.height as usize);
    let mut grey = vec![0.0f32; S * S];
    for y in 0..S {
        for x in 0..S {
            let (sx, sy) = (x * w / S, y * h / S);
            let px = &image.data[(sy * w + sx) * 3..(sy * w + sx) * 3 + 3];
            grey[y * S + x] = (f32::from(px[0]) + f32::from(px[1]) + f32::from(px[2])) / 765.0;
        }
    }
    let mut out = vec![0.0f32; 8 * 8 * 8];
    for y in 1..S - 1 {
        for x in 1..S - 1 {
            let gx = grey[y * S + x + 1] - grey[y * S + x - 1];
            let gy = grey[(y + 1) * S + x] - grey[(y - 1) * S + x];
            let angle = gy.atan2(gx).rem_euclid(std::f32::consts::PI);
            let bin = ((angle / std::f32::consts::PI * 8.0) as usize).min(7);
            out[((y * 8 / S) * 8 + x * 8 / S) * 8 + bin] += gx.hypot(gy);
        }
    }
    let norm = out.iter().map(|v| v * v).sum::<f32>().sqrt().max(1e-9);
    out.iter_mut().for_each(|v| *v /= norm);
    out
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}
