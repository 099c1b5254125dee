//! Where a query sits in a candidate colorway: descriptor matches, then the one placement
//! (scale, a small turn, a shift, refined to an affine map) that most of them agree on.

use crate::features::{DESCRIPTOR_LEN, Features};

/// Sketches further apart than this (of 64 bits) are not compared.
const MAX_SKETCH_BITS: u32 = 22;
/// Descriptors further apart than this (squared, of vectors of length 512) never match.
const MAX_DISTANCE: u32 = 110_000;
/// A query feature keeps every candidate within this factor of its best distance (repeats
/// give one motif many equal matches; the placement picks the right one).
const KEEP_WITHIN: f32 = 1.2;
const MAX_MATCHES_PER_POINT: usize = 6;
const ITERATIONS: usize = 500;
/// Largest turn of the query against the design.
const MAX_TURN_DEGREES: f32 = 20.0;
/// Inlier tolerance, as a share of the query's diagonal (in the candidate's pixels).
const TOLERANCE: f32 = 0.03;
/// An inlier's keypoint scales must agree with the placement's scale within this factor.
const SCALE_SLACK: f32 = 1.7;
/// Fewer agreeing features than this, beyond those expected by chance, is chance.
pub const MIN_INLIERS: usize = 8;

/// The query's place in a candidate: `corners` are the query image's corners (top left, top
/// right, bottom right, bottom left) in the candidate's pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    pub inliers: usize,
    /// How many inliers chance alone would give this placement (matches that fall inside the
    /// tolerance by luck): a busy candidate with many matches per feature earns less.
    pub chance: f32,
    pub corners: [(f32, f32); 4],
}

impl Placement {
    /// The agreeing features beyond chance: what hits are ranked by.
    pub fn strength(&self) -> f32 {
        self.inliers as f32 - self.chance
    }
}

#[derive(Debug, Clone, Copy)]
struct Match {
    query: usize,
    q: (f32, f32),
    c: (f32, f32),
    /// Candidate scale over query scale, as the two keypoints' levels say.
    ratio: f32,
}

/// An affine map x' = a x + b y + c, y' = d x + e y + f.
#[derive(Debug, Clone, Copy)]
struct Affine([f32; 6]);

impl Affine {
    /// Close enough to a turned and scaled copy: a little shear or perspective, no more (an
    /// affine fit may otherwise fold a false match onto a line of features).
    fn plausible(&self, max_turn: f32) -> bool {
        let [a, b, _, d, e, _] = self.0;
        let det = a * e - b * d;
        if det <= 0.0 {
            return false;
        }
        // Singular values of [[a, b], [d, e]].
        let q = (a * a + b * b + d * d + e * e) / 2.0;
        let r = (q * q - det * det).max(0.0).sqrt();
        let (high, low) = ((q + r).sqrt(), (q - r).max(0.0).sqrt());
        let turn = (d - b).atan2(a + e);
        low > 0.0 && high / low <= 1.35 && turn.abs() <= max_turn
    }

    fn apply(&self, (x, y): (f32, f32)) -> (f32, f32) {
        let [a, b, c, d, e, f] = self.0;
        (a * x + b * y + c, d * x + e * y + f)
    }
}

/// Bits set in `x`, without the `popcnt` instruction (not in the baseline x86-64 target) and
/// without a 64-bit multiply, so that a loop of them vectorises.
#[inline(always)]
fn ones(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let x = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    let x = x + (x >> 8);
    let x = x + (x >> 16);
    (x + (x >> 32)) & 0x7F
}

/// Squared distance of two descriptors when it is at most `bound`; `None` as soon as a part
/// of it exceeds the bound (a quarter of the descriptor at a time, each summed in lanes).
#[inline]
fn distance_within(a: &[u8; DESCRIPTOR_LEN], b: &[u8; DESCRIPTOR_LEN], bound: u32) -> Option<u32> {
    const PART: usize = DESCRIPTOR_LEN / 4;
    let mut total = 0u32;
    for (pa, pb) in a.chunks_exact(PART).zip(b.chunks_exact(PART)) {
        let mut lanes = [0i32; 16];
        for (ca, cb) in pa.chunks_exact(16).zip(pb.chunks_exact(16)) {
            for k in 0..16 {
                let d = i16::from(ca[k]) - i16::from(cb[k]);
                lanes[k] += i32::from(d) * i32::from(d);
            }
        }
        total += lanes.iter().sum::<i32>() as u32;
        if total > bound {
            return None;
        }
    }
    Some(total)
}

fn matches(query: &Features, candidate: &Features) -> Vec<Match> {
    let mut out = Vec::new();
    let mut near: Vec<(u32, usize)> = Vec::new();
    let mut close: Vec<u32> = Vec::with_capacity(candidate.sketches.len());
    for (i, (&qs, qd)) in query.sketches.iter().zip(&query.descriptors).enumerate() {
        near.clear();
        // Sketches first (in batches the compiler vectorises), descriptors only for those close.
        close.clear();
        let mut batches = candidate.sketches.chunks_exact(8);
        let mut at = 0u32;
        for batch in &mut batches {
            let mut bits = [0u64; 8];
            for k in 0..8 {
                bits[k] = ones(qs ^ batch[k]);
            }
            for (k, &b) in bits.iter().enumerate() {
                if b <= u64::from(MAX_SKETCH_BITS) {
                    close.push(at + k as u32);
                }
            }
            at += 8;
        }
        for (k, &cs) in batches.remainder().iter().enumerate() {
            if ones(qs ^ cs) <= u64::from(MAX_SKETCH_BITS) {
                close.push(at + k as u32);
            }
        }
        // A match further than `keep` times the best one so far can never be kept: the bound
        // only tightens, so stopping early drops nothing that the final cut would keep.
        let mut bound = MAX_DISTANCE;
        for &j in &close {
            let j = j as usize;
            if let Some(d) = distance_within(qd, &candidate.descriptors[j], bound) {
                near.push((d, j));
                bound = bound.min((d as f32 * KEEP_WITHIN * KEEP_WITHIN) as u32);
            }
        }
        let Some(best) = near.iter().map(|n| n.0).min() else {
            continue;
        };
        near.sort_unstable();
        let limit = (best as f32 * KEEP_WITHIN * KEEP_WITHIN) as u32;
        let q = query.points[i];
        for &(_, j) in near
            .iter()
            .take_while(|n| n.0 <= limit)
            .take(MAX_MATCHES_PER_POINT)
        {
            let c = candidate.points[j];
            out.push(Match {
                query: i,
                q: (q.x, q.y),
                c: (c.x, c.y),
                ratio: c.scale / q.scale,
            });
        }
    }
    out
}

/// The placement of `query` in `candidate`, if enough features agree on one.
pub fn place(query: &Features, candidate: &Features) -> Option<Placement> {
    let all = matches(query, candidate);
    if all.len() < MIN_INLIERS {
        return None;
    }
    let diagonal = (query.width as f32).hypot(query.height as f32);
    let max_turn = MAX_TURN_DEGREES.to_radians();
    let mut rng = 0x2545_F491_4F6C_DD1Du64 ^ all.len() as u64;
    let mut next = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let mut best: Option<(usize, Affine, f32)> = None;
    for _ in 0..ITERATIONS {
        let (m1, m2) = (all[next(all.len())], all[next(all.len())]);
        let (dqx, dqy) = (m2.q.0 - m1.q.0, m2.q.1 - m1.q.1);
        let (dcx, dcy) = (m2.c.0 - m1.c.0, m2.c.1 - m1.c.1);
        let span = dqx.hypot(dqy);
        if m1.query == m2.query || span < 0.05 * diagonal {
            continue;
        }
        // a = dc / dq as complex numbers: scale and turn.
        let denominator = dqx * dqx + dqy * dqy;
        let (re, im) = (
            (dcx * dqx + dcy * dqy) / denominator,
            (dcy * dqx - dcx * dqy) / denominator,
        );
        let scale = re.hypot(im);
        let plausible = |ratio: f32| scale > ratio / 1.7 && scale < ratio * 1.7;
        if im.atan2(re).abs() > max_turn || !plausible(m1.ratio) || !plausible(m2.ratio) {
            continue;
        }
        let model = Affine([
            re,
            -im,
            m1.c.0 - (re * m1.q.0 - im * m1.q.1),
            im,
            re,
            m1.c.1 - (im * m1.q.0 + re * m1.q.1),
        ]);
        let tolerance = TOLERANCE * scale * diagonal;
        let count = count_inliers(&all, &model, tolerance);
        if best.is_none_or(|(n, _, _)| count > n) {
            best = Some((count, model, tolerance));
        }
    }
    let (mut count, mut model, tolerance) = best?;
    // Refine: an affine fit to the inliers absorbs a little perspective and scale error.
    for _ in 0..3 {
        let inliers: Vec<Match> = all
            .iter()
            .copied()
            .filter(|m| within(m, &model, tolerance))
            .collect();
        let Some(fitted) = fit_affine(&inliers).filter(|f| f.plausible(max_turn)) else {
            break;
        };
        let fitted_count = count_inliers(&all, &fitted, tolerance);
        if fitted_count < count {
            break;
        }
        (count, model) = (fitted_count, fitted);
    }
    // Chance: each query feature with n matches spread over the candidate lands one inside
    // the tolerance disc with probability about n * disc / area.
    let area = (candidate.width as f32 * candidate.height as f32).max(1.0);
    let disc = std::f32::consts::PI * tolerance * tolerance;
    let mut chance = 0.0;
    let mut i = 0;
    while i < all.len() {
        let n = all[i..]
            .iter()
            .take_while(|m| m.query == all[i].query)
            .count();
        chance += (n as f32 * disc / area).min(1.0);
        i += n;
    }
    if (count as f32 - chance) < MIN_INLIERS as f32 {
        return None;
    }
    let (w, h) = (query.width as f32, query.height as f32);
    Some(Placement {
        inliers: count,
        chance,
        corners: [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)].map(|p| model.apply(p)),
    })
}

fn within(m: &Match, model: &Affine, tolerance: f32) -> bool {
    let (x, y) = model.apply(m.q);
    let [a, b, _, d, e, _] = model.0;
    let scale = (a * e - b * d).abs().sqrt();
    (x - m.c.0).hypot(y - m.c.1) <= tolerance
        && m.ratio < scale * SCALE_SLACK
        && m.ratio * SCALE_SLACK > scale
}

/// Inliers counted once per query feature.
fn count_inliers(all: &[Match], model: &Affine, tolerance: f32) -> usize {
    let mut last = usize::MAX;
    let mut count = 0;
    for m in all {
        if m.query != last && within(m, model, tolerance) {
            count += 1;
            last = m.query;
        }
    }
    count
}

/// Least-squares affine map from query to candidate points.
fn fit_affine(matches: &[Match]) -> Option<Affine> {
    if matches.len() < 3 {
        return None;
    }
    // Normal equations: [sum xx, xy, x; xy, yy, y; x, y, n] p = [sum x u, y u, u] (and for v).
    let mut m = [[0.0f64; 3]; 3];
    let mut bu = [0.0f64; 3];
    let mut bv = [0.0f64; 3];
    for k in matches {
        let row = [f64::from(k.q.0), f64::from(k.q.1), 1.0];
        for i in 0..3 {
            for j in 0..3 {
                m[i][j] += row[i] * row[j];
            }
            bu[i] += row[i] * f64::from(k.c.0);
            bv[i] += row[i] * f64::from(k.c.1);
        }
    }
    let u = solve3(m, bu)?;
    let v = solve3(m, bv)?;
    Some(Affine(
        [u[0], u[1], u[2], v[0], v[1], v[2]].map(|x| x as f32),
    ))
}

fn solve3(m: [[f64; 3]; 3], b: [f64; 3]) -> Option<[f64; 3]> {
    let det = |m: &[[f64; 3]; 3]| {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    };
    let d = det(&m);
    if d.abs() < 1e-9 {
        return None;
    }
    let mut out = [0.0; 3];
    for (col, o) in out.iter_mut().enumerate() {
        let mut mc = m;
        for row in 0..3 {
            mc[row][col] = b[row];
        }
        *o = det(&mc) / d;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_distance_and_bit_count_agree_with_the_plain_ones() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for _ in 0..200 {
            let x = next();
            assert_eq!(ones(x), u64::from(x.count_ones()));
            let a: [u8; DESCRIPTOR_LEN] = std::array::from_fn(|_| next() as u8);
            let b: [u8; DESCRIPTOR_LEN] = std::array::from_fn(|k| {
                let r = next();
                if r % 3 == 0 { a[k] } else { (r >> 8) as u8 }
            });
            let plain: u32 = a
                .iter()
                .zip(&b)
                .map(|(&x, &y)| (i32::from(x) - i32::from(y)).pow(2) as u32)
                .sum();
            assert_eq!(distance_within(&a, &b, u32::MAX), Some(plain));
            assert_eq!(distance_within(&a, &b, plain), Some(plain));
            assert_eq!(distance_within(&a, &b, plain - 1), None);
        }
    }
}
