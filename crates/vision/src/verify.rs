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

/// A descriptor widened to 16 bits: the compiler then subtracts and squares 8 values per
/// instruction, where bytes cost it extra unpacking (about three times slower).
type Wide = [i16; DESCRIPTOR_LEN];

fn widen(descriptors: &[[u8; DESCRIPTOR_LEN]]) -> Vec<Wide> {
    descriptors.iter().map(|d| d.map(i16::from)).collect()
}

/// Squared distance of two descriptors when it is at most `bound`; `None` as soon as a part
/// of it exceeds the bound (a quarter of the descriptor at a time).
#[inline]
fn distance_within(a: &Wide, b: &Wide, bound: u32) -> Option<u32> {
    const PART: usize = DESCRIPTOR_LEN / 4;
    let mut total = 0u32;
    for (pa, pb) in a.chunks_exact(PART).zip(b.chunks_exact(PART)) {
        let mut sum = 0i32;
        for k in 0..PART {
            // Both are bytes widened: the difference fits, and its square too.
            let d = pa[k].wrapping_sub(pb[k]);
            sum += i32::from(d) * i32::from(d);
        }
        total += sum as u32;
        if total > bound {
            return None;
        }
    }
    Some(total)
}

/// A candidate's sketches as bit planes, 64 features to a block: bit j of `block[b]` is bit b
/// of the sketch of feature 64 k + j (k the block). A query sketch is then compared with 64
/// features at once, its bits flipped into the planes and the differing ones counted per
/// feature by carry-save adders: about a third of the time of a bit count per pair.
fn sketch_planes(sketches: &[u64]) -> Vec<[u64; 64]> {
    let mut blocks = vec![[0u64; 64]; sketches.len().div_ceil(64)];
    for (i, &sketch) in sketches.iter().enumerate() {
        let block = &mut blocks[i / 64];
        for (b, plane) in block.iter_mut().enumerate() {
            *plane |= ((sketch >> b) & 1) << (i % 64);
        }
    }
    blocks
}

/// The features (of `n`, in `blocks`) whose sketch differs from `sketch` in at most
/// `MAX_SKETCH_BITS` bits, in order, into `out`.
fn close_sketches(sketch: u64, blocks: &[[u64; 64]], n: usize, out: &mut Vec<u32>) {
    let flip: [u64; 64] = std::array::from_fn(|b| 0u64.wrapping_sub((sketch >> b) & 1));
    for (k, block) in blocks.iter().enumerate() {
        let differing: [u64; 64] = std::array::from_fn(|b| block[b] ^ flip[b]);
        let mut close = at_most(&differing, MAX_SKETCH_BITS);
        let first = k * 64;
        if n - first < 64 {
            close &= (1u64 << (n - first)) - 1;
        }
        while close != 0 {
            out.push((first as u32) + close.trailing_zeros());
            close &= close - 1;
        }
    }
}

/// A full adder on 64 lanes at once: (sum, carry) of three bits each.
#[inline(always)]
fn add3(a: u64, b: u64, c: u64) -> (u64, u64) {
    let half = a ^ b;
    (half ^ c, (a & b) | (half & c))
}

/// The lanes (bit j of the result) in which at most `limit` of the 64 words have bit j set.
#[inline(always)]
fn at_most(words: &[u64; 64], limit: u32) -> u64 {
    // Counts per lane in binary, as bit planes of weight 1, 2, 4, 8 (Harley-Seal: a block of
    // 16 words costs 15 adders and leaves one word of weight 16).
    let (mut ones, mut twos, mut fours, mut eights) = (0u64, 0u64, 0u64, 0u64);
    let mut sixteens = [0u64; 4];
    for (block, sixteen) in words.chunks_exact(16).zip(&mut sixteens) {
        let mut eights_in = [0u64; 2];
        for (half, eight) in block.chunks_exact(8).zip(&mut eights_in) {
            let mut fours_in = [0u64; 2];
            for (quarter, four) in half.chunks_exact(4).zip(&mut fours_in) {
                let (o, twos_a) = add3(ones, quarter[0], quarter[1]);
                let (o, twos_b) = add3(o, quarter[2], quarter[3]);
                let (t, f) = add3(twos, twos_a, twos_b);
                (ones, twos, *four) = (o, t, f);
            }
            let (f, e) = add3(fours, fours_in[0], fours_in[1]);
            (fours, *eight) = (f, e);
        }
        let (e, s) = add3(eights, eights_in[0], eights_in[1]);
        (eights, *sixteen) = (e, s);
    }
    let (s16, c32) = add3(sixteens[0], sixteens[1], sixteens[2]);
    let (b16, c32b) = (s16 ^ sixteens[3], s16 & sixteens[3]);
    let (b32, b64) = (c32 ^ c32b, c32 & c32b);
    // The count against `limit`, from the highest bit down.
    let bits = [ones, twos, fours, eights, b16, b32, b64];
    let (mut below, mut equal) = (0u64, !0u64);
    for (i, &bit) in bits.iter().enumerate().rev() {
        if (limit >> i) & 1 == 1 {
            below |= equal & !bit;
            equal &= bit;
        } else {
            equal &= !bit;
        }
    }
    // A limit of 128 or more (beyond the seven bits) lets every lane through.
    if limit >> bits.len() != 0 {
        return !0;
    }
    below | equal
}

fn matches(query: &Features, candidate: &Features) -> Vec<Match> {
    let mut out = Vec::new();
    let mut near: Vec<(u32, usize)> = Vec::new();
    let mut close: Vec<u32> = Vec::with_capacity(candidate.sketches.len());
    let blocks = sketch_planes(&candidate.sketches);
    let candidate_descriptors = widen(&candidate.descriptors);
    let query_descriptors = widen(&query.descriptors);
    for (i, (&qs, qd)) in query.sketches.iter().zip(&query_descriptors).enumerate() {
        near.clear();
        // Sketches first, descriptors only for those close.
        close.clear();
        close_sketches(qs, &blocks, candidate.sketches.len(), &mut close);
        // A match further than `keep` times the best one so far can never be kept: the bound
        // only tightens, so stopping early drops nothing that the final cut would keep.
        let mut bound = MAX_DISTANCE;
        for &j in &close {
            let j = j as usize;
            if let Some(d) = distance_within(qd, &candidate_descriptors[j], bound) {
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
    use crate::xorshift;

    #[test]
    fn bounded_distance_agrees_with_the_plain_one() {
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..200 {
            let a: [u8; DESCRIPTOR_LEN] = std::array::from_fn(|_| next() as u8);
            let b: [u8; DESCRIPTOR_LEN] = std::array::from_fn(|k| {
                let r = next();
                if r.is_multiple_of(3) {
                    a[k]
                } else {
                    (r >> 8) as u8
                }
            });
            let plain: u32 = a
                .iter()
                .zip(&b)
                .map(|(&x, &y)| (i32::from(x) - i32::from(y)).pow(2) as u32)
                .sum();
            let wide = widen(&[a, b]);
            let (a, b) = (&wide[0], &wide[1]);
            assert_eq!(distance_within(a, b, u32::MAX), Some(plain));
            assert_eq!(distance_within(a, b, plain), Some(plain));
            assert_eq!(distance_within(a, b, plain - 1), None);
        }
        let (zero, full) = ([0i16; DESCRIPTOR_LEN], [255i16; DESCRIPTOR_LEN]);
        assert_eq!(
            distance_within(&zero, &full, u32::MAX),
            Some(255 * 255 * DESCRIPTOR_LEN as u32)
        );
    }

    #[test]
    fn close_sketches_are_those_within_the_bit_limit_by_plain_counting() {
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        // Counts from 0 to 64 differing bits, and lists that end inside a block.
        for n in [0usize, 1, 63, 64, 65, 200] {
            let query = next();
            let sketches: Vec<u64> = (0..n)
                .map(|i| {
                    let mut s = query;
                    for _ in 0..(i % 65) {
                        s ^= 1 << (next() % 64);
                    }
                    if i.is_multiple_of(7) { next() } else { s }
                })
                .collect();
            let blocks = sketch_planes(&sketches);
            for limit in [0, 5, MAX_SKETCH_BITS, 40, 63, 64] {
                let plain: Vec<u32> = (0..n as u32)
                    .filter(|&j| (query ^ sketches[j as usize]).count_ones() <= limit)
                    .collect();
                let mut words = [[0u64; 64]; 1];
                let counted: Vec<u32> = blocks
                    .iter()
                    .enumerate()
                    .flat_map(|(k, block)| {
                        words[0] =
                            std::array::from_fn(|b| block[b] ^ 0u64.wrapping_sub((query >> b) & 1));
                        let lanes = at_most(&words[0], limit);
                        (0..64u32)
                            .filter(move |j| lanes >> j & 1 == 1)
                            .map(move |j| k as u32 * 64 + j)
                            .filter(|&j| j < n as u32)
                            .collect::<Vec<_>>()
                    })
                    .collect();
                assert_eq!(counted, plain, "{n} sketches, limit {limit}");
                if limit == MAX_SKETCH_BITS {
                    let mut close = Vec::new();
                    close_sketches(query, &blocks, n, &mut close);
                    assert_eq!(close, plain);
                }
            }
        }
    }
}
