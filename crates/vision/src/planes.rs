//! An image as three float planes (0..1), area-resized: the input of feature extraction.

/// An 8-bit RGB image the caller owns (rows top to bottom, `width * 3` bytes each).
#[derive(Debug, Clone, Copy)]
pub struct Rgb<'a> {
    pub width: u32,
    pub height: u32,
    pub data: &'a [u8],
}

#[derive(Debug, Clone)]
pub(crate) struct Planes {
    pub w: usize,
    pub h: usize,
    pub c: [Vec<f32>; 3],
}

impl Planes {
    /// `image` resized to `w x h` by area averaging, read row by row: a large picture is never
    /// held as floats (a 50-megapixel photo would take 600 MB).
    pub(crate) fn from_rgb(image: Rgb<'_>, w: usize, h: usize) -> Planes {
        let (sw, sh) = (image.width as usize, image.height as usize);
        let cols = area_weights(sw, w);
        // For each source row, the target rows it adds to and with what weight.
        let mut into: Vec<Vec<(usize, f32)>> = vec![Vec::new(); sh];
        for (ty, (start, weights)) in area_weights(sh, h).into_iter().enumerate() {
            for (i, weight) in weights.into_iter().enumerate() {
                into[start + i].push((ty, weight));
            }
        }
        let mut c = [vec![0.0; w * h], vec![0.0; w * h], vec![0.0; w * h]];
        let mut line = vec![[0.0f32; 3]; w];
        for (y, targets) in into.iter().enumerate() {
            if targets.is_empty() {
                continue;
            }
            let row = &image.data[y * sw * 3..(y + 1) * sw * 3];
            for (out, (start, weights)) in line.iter_mut().zip(&cols) {
                let mut sum = [0.0f32; 3];
                for (i, weight) in weights.iter().enumerate() {
                    let px = &row[(start + i) * 3..(start + i) * 3 + 3];
                    for k in 0..3 {
                        sum[k] += weight * f32::from(px[k]);
                    }
                }
                *out = sum.map(|v| v / 255.0);
            }
            for &(ty, weight) in targets {
                for k in 0..3 {
                    let target = &mut c[k][ty * w..(ty + 1) * w];
                    for (t, px) in target.iter_mut().zip(&line) {
                        *t += weight * px[k];
                    }
                }
            }
        }
        Planes { w, h, c }
    }

    /// Resized to `w x h` by area averaging (each target pixel is the mean of the source area it
    /// covers), so a reduction never aliases fine print.
    pub(crate) fn resized(&self, w: usize, h: usize) -> Planes {
        if (w, h) == (self.w, self.h) {
            return self.clone();
        }
        let cols = area_weights(self.w, w);
        let rows = area_weights(self.h, h);
        let c = std::array::from_fn(|k| {
            let src = &self.c[k];
            // horizontal pass: h_src x w
            let mut tmp = vec![0.0; self.h * w];
            for y in 0..self.h {
                let line = &src[y * self.w..(y + 1) * self.w];
                for (x, (start, weights)) in cols.iter().enumerate() {
                    tmp[y * w + x] = weights
                        .iter()
                        .zip(&line[*start..])
                        .map(|(a, b)| a * b)
                        .sum();
                }
            }
            let mut out = vec![0.0; h * w];
            for (y, (start, weights)) in rows.iter().enumerate() {
                let row = &mut out[y * w..(y + 1) * w];
                for (i, weight) in weights.iter().enumerate() {
                    let from = &tmp[(start + i) * w..(start + i + 1) * w];
                    for (o, v) in row.iter_mut().zip(from) {
                        *o += weight * v;
                    }
                }
            }
            out
        });
        Planes { w, h, c }
    }
}

/// For each of `dst` target cells, the first source index and the weights of the source cells
/// it covers (summing to 1).
fn area_weights(src: usize, dst: usize) -> Vec<(usize, Vec<f32>)> {
    let ratio = src as f64 / dst as f64;
    (0..dst)
        .map(|i| {
            // Upscaling: a target cell narrower than a source cell reads around its centre.
            let (a, b) = if ratio >= 1.0 {
                (i as f64 * ratio, (i + 1) as f64 * ratio)
            } else {
                let centre = (i as f64 + 0.5) * ratio;
                ((centre - 0.5).max(0.0), (centre + 0.5).min(src as f64))
            };
            let first = (a.floor() as usize).min(src - 1);
            let last = ((b.ceil() as usize).max(first + 1)).min(src);
            let mut weights: Vec<f32> = (first..last)
                .map(|j| ((b.min(j as f64 + 1.0) - a.max(j as f64)).max(0.0)) as f32)
                .collect();
            let total: f32 = weights.iter().sum();
            if total > 0.0 {
                weights.iter_mut().for_each(|v| *v /= total);
            } else {
                weights = vec![1.0];
            }
            (first, weights)
        })
        .collect()
}

/// A separable [1 4 6 4 1] / 16 blur (sigma about 1), edges clamped.
pub(crate) fn blur(plane: &[f32], w: usize, h: usize) -> Vec<f32> {
    const K: [f32; 5] = [1.0 / 16.0, 4.0 / 16.0, 6.0 / 16.0, 4.0 / 16.0, 1.0 / 16.0];
    let clamp = |v: isize, n: usize| v.clamp(0, n as isize - 1) as usize;
    // The taps are added in the same order everywhere; away from the edges no index needs
    // clamping, and rows are then blurred whole (the compiler vectorises them).
    let taps = |v: [f32; 5]| K[0] * v[0] + K[1] * v[1] + K[2] * v[2] + K[3] * v[3] + K[4] * v[4];
    if w == 0 || h == 0 {
        return Vec::new();
    }
    let mut tmp = vec![0.0; w * h];
    for (line, out) in plane.chunks_exact(w).zip(tmp.chunks_exact_mut(w)) {
        for x in (0..w.min(2)).chain(w.saturating_sub(2).max(2)..w) {
            out[x] = taps(std::array::from_fn(|k| {
                line[clamp(x as isize + k as isize - 2, w)]
            }));
        }
        if w > 4 {
            for (o, v) in out[2..w - 2].iter_mut().zip(line.windows(5)) {
                *o = taps([v[0], v[1], v[2], v[3], v[4]]);
            }
        }
    }
    let mut out = vec![0.0; w * h];
    for (y, row) in out.chunks_exact_mut(w).enumerate() {
        let rows: [&[f32]; 5] = std::array::from_fn(|k| {
            let from = clamp(y as isize + k as isize - 2, h) * w;
            &tmp[from..from + w]
        });
        for (x, o) in row.iter_mut().enumerate() {
            *o = taps(rows.map(|r| r[x]));
        }
    }
    out
}

/// A box mean of radius `r`, edges clamped (summed-area table).
pub(crate) fn box_mean(plane: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
    let mut sat = vec![0.0f64; (w + 1) * (h + 1)];
    for y in 0..h {
        let mut row = 0.0f64;
        for x in 0..w {
            row += f64::from(plane[y * w + x]);
            sat[(y + 1) * (w + 1) + x + 1] = sat[y * (w + 1) + x + 1] + row;
        }
    }
    let mut out = vec![0.0; w * h];
    for y in 0..h {
        let (y0, y1) = (y.saturating_sub(r), (y + r + 1).min(h));
        for x in 0..w {
            let (x0, x1) = (x.saturating_sub(r), (x + r + 1).min(w));
            let sum = sat[y1 * (w + 1) + x1] - sat[y0 * (w + 1) + x1] - sat[y1 * (w + 1) + x0]
                + sat[y0 * (w + 1) + x0];
            out[y * w + x] = (sum / ((y1 - y0) * (x1 - x0)) as f64) as f32;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn area_resize_keeps_the_mean_and_halves_a_checkerboard_to_grey() {
        let (w, h) = (8, 6);
        let data: Vec<u8> = (0..w * h)
            .flat_map(|i| {
                let v = if (i % w + i / w) % 2 == 0 { 255 } else { 0 };
                [v, v, v]
            })
            .collect();
        let image = Rgb {
            width: w as u32,
            height: h as u32,
            data: &data,
        };
        let planes = Planes::from_rgb(image, w, h);
        let half = planes.resized(4, 3);
        assert_eq!(Planes::from_rgb(image, 4, 3).c, half.c);
        assert!(half.c[0].iter().all(|v| (v - 0.5).abs() < 1e-5));
        let odd = planes.resized(5, 5);
        let mean: f32 = odd.c[1].iter().sum::<f32>() / 25.0;
        assert!((mean - 0.5).abs() < 0.02, "{mean}");
        let up = planes.resized(16, 12);
        assert_eq!((up.w, up.h), (16, 12));
    }

    #[test]
    fn blur_is_the_plain_clamped_one_bit_for_bit() {
        const K: [f32; 5] = [1.0 / 16.0, 4.0 / 16.0, 6.0 / 16.0, 4.0 / 16.0, 1.0 / 16.0];
        let plain = |plane: &[f32], w: usize, h: usize| {
            let clamp = |v: isize, n: usize| v.clamp(0, n as isize - 1) as usize;
            let mut tmp = vec![0.0; w * h];
            for y in 0..h {
                for x in 0..w {
                    tmp[y * w + x] = (0..5)
                        .map(|k| K[k] * plane[y * w + clamp(x as isize + k as isize - 2, w)])
                        .sum();
                }
            }
            let mut out = vec![0.0f32; w * h];
            for y in 0..h {
                for x in 0..w {
                    out[y * w + x] = (0..5)
                        .map(|k| K[k] * tmp[clamp(y as isize + k as isize - 2, h) * w + x])
                        .sum();
                }
            }
            out
        };
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        assert!(blur(&[], 0, 5).is_empty());
        for (w, h) in [
            (1, 1),
            (1, 7),
            (2, 3),
            (3, 2),
            (4, 4),
            (5, 5),
            (6, 9),
            (40, 31),
        ] {
            let plane: Vec<f32> = (0..w * h)
                .map(|_| {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    (rng >> 40) as f32 / (1u64 << 24) as f32
                })
                .collect();
            let bits = |v: Vec<f32>| v.into_iter().map(f32::to_bits).collect::<Vec<_>>();
            assert_eq!(
                bits(blur(&plane, w, h)),
                bits(plain(&plane, w, h)),
                "{w} x {h}"
            );
        }
    }
}
