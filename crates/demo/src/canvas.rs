//! Coverage masks of one repeat tile, painted with anti-aliased shapes.
//!
//! A design is a stack of masks (one per screen of a rotary design, one per colour layer of a
//! digital one), interleaved per pixel so a rotary file's samples are the masks themselves.
//! Everything wraps around the tile's edges, so whatever is painted repeats seamlessly.
//!
//! This crate is built without optimisation in debug builds: loops are plain index loops.

use std::f32::consts::PI;

/// What a channel is for: it picks the channel's colour in each colorway.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    Ground,
    Leaf,
    LeafDark,
    Main,
    Second,
    Center,
    Accent,
    Outline,
}

/// How a shape's coverage goes into the masks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Over the others: the other channels are knocked out under it (clean separations).
    Knockout,
    /// Printed over the others (outlines, pin stripes).
    Overprint,
    /// Removes every channel (white fabric lines between petals).
    Erase,
}

#[derive(Debug, Clone)]
pub struct ChannelDef {
    pub name: &'static str,
    pub role: Role,
}

/// The masks of one repeat tile, `w * h * channels` coverage samples (0 none, 255 full ink).
#[derive(Debug, Clone)]
pub struct Layers {
    pub w: usize,
    pub h: usize,
    pub channels: Vec<ChannelDef>,
    pub data: Vec<u8>,
}

impl Layers {
    /// Channels in paint order (ground first, outlines last).
    pub fn new(w: usize, h: usize, mut channels: Vec<ChannelDef>) -> Self {
        channels.sort_by_key(|c| c.role);
        let n = channels.len().max(1);
        Layers {
            w,
            h,
            channels,
            data: vec![0; w * h * n],
        }
    }

    pub fn n(&self) -> usize {
        self.channels.len()
    }

    pub fn find(&self, role: Role) -> Option<usize> {
        self.channels.iter().position(|c| c.role == role)
    }

    /// One channel's mask, copied out.
    #[cfg(test)]
    pub fn mask(&self, k: usize) -> Vec<u8> {
        let n = self.n();
        let mut out = vec![0u8; self.w * self.h];
        for (i, v) in out.iter_mut().enumerate() {
            *v = self.data[i * n + k];
        }
        out
    }

    /// Puts coverage `c` (0..=255) of channel `k` on pixel `i`.
    #[inline]
    fn paint(&mut self, k: usize, i: usize, c: u32, mode: Mode) {
        let n = self.n();
        let base = i * n;
        let inv = 255 - c;
        match mode {
            Mode::Knockout => {
                for j in 0..n {
                    let m = u32::from(self.data[base + j]);
                    self.data[base + j] = if j == k {
                        (m + ((255 - m) * c + 127) / 255) as u8
                    } else {
                        ((m * inv + 127) / 255) as u8
                    };
                }
            }
            Mode::Overprint => {
                let m = u32::from(self.data[base + k]);
                self.data[base + k] = (m + ((255 - m) * c + 127) / 255) as u8;
            }
            Mode::Erase => {
                for j in 0..n {
                    let m = u32::from(self.data[base + j]);
                    self.data[base + j] = ((m * inv + 127) / 255) as u8;
                }
            }
        }
    }

    /// Paints the shape whose signed distance (pixels, negative inside) in local coordinates is
    /// `sdf(u, v)`, centred at (cx, cy), turned by `angle`, reaching at most `reach` pixels from
    /// the centre. Edges are anti-aliased over one pixel. Does nothing for a missing channel.
    #[expect(clippy::too_many_arguments, reason = "a drawing primitive")]
    pub fn stamp<F: Fn(f32, f32) -> f32>(
        &mut self,
        k: Option<usize>,
        mode: Mode,
        cx: f32,
        cy: f32,
        reach: f32,
        angle: f32,
        sdf: F,
    ) {
        let Some(k) = k else { return };
        let (w, h) = (self.w as i64, self.h as i64);
        let reach = reach.min(self.w.min(self.h) as f32 / 2.0 - 1.0).max(1.0);
        let (s, c) = angle.sin_cos();
        let x0 = (cx - reach).floor() as i64;
        let x1 = (cx + reach).ceil() as i64;
        let y0 = (cy - reach).floor() as i64;
        let y1 = (cy + reach).ceil() as i64;
        for y in y0..y1 {
            let row = y.rem_euclid(h) as usize * self.w;
            let dy = y as f32 + 0.5 - cy;
            for x in x0..x1 {
                let dx = x as f32 + 0.5 - cx;
                let u = dx * c + dy * s;
                let v = -dx * s + dy * c;
                let d = sdf(u, v);
                if d >= 0.5 {
                    continue;
                }
                let cov = if d <= -0.5 {
                    255
                } else {
                    ((0.5 - d) * 255.0 + 0.5) as u32
                };
                self.paint(k, row + x.rem_euclid(w) as usize, cov, mode);
            }
        }
    }

    /// Paints coverage `f(x, y)` (0..=1, pixel centres) over the whole tile.
    pub fn fill<F: Fn(f32, f32) -> f32>(&mut self, k: Option<usize>, mode: Mode, f: F) {
        let Some(k) = k else { return };
        for y in 0..self.h {
            let fy = y as f32 + 0.5;
            for x in 0..self.w {
                let c = f(x as f32 + 0.5, fy);
                if c > 0.002 {
                    let c = (c.min(1.0) * 255.0 + 0.5) as u32;
                    self.paint(k, y * self.w + x, c, mode);
                }
            }
        }
    }

    /// Paints a per-column (`vertical`) or per-row coverage profile.
    pub fn fill_profile(&mut self, k: Option<usize>, mode: Mode, profile: &[f32], vertical: bool) {
        let Some(k) = k else { return };
        for y in 0..self.h {
            for x in 0..self.w {
                let p = if vertical {
                    profile[x % profile.len()]
                } else {
                    profile[y % profile.len()]
                };
                if p > 0.002 {
                    self.paint(k, y * self.w + x, (p.min(1.0) * 255.0 + 0.5) as u32, mode);
                }
            }
        }
    }

    /// Fills channel `k` wherever the others leave the fabric bare (outlines do not count):
    /// the ground screen of a rotary design.
    pub fn ground(&mut self, k: Option<usize>) {
        let Some(k) = k else { return };
        let n = self.n();
        let skip: Vec<bool> = self
            .channels
            .iter()
            .map(|c| c.role == Role::Outline)
            .collect();
        for i in 0..self.w * self.h {
            let base = i * n;
            let mut sum = 0u32;
            for (j, &outline) in skip.iter().enumerate() {
                if j != k && !outline {
                    sum += u32::from(self.data[base + j]);
                }
            }
            self.data[base + k] = 255 - sum.min(255) as u8;
        }
    }

    /// Horizontal box blur of every channel, `passes` times, wrapping around (the bleeding
    /// edges of ikat yarns).
    pub fn blur_rows(&mut self, radius: usize, passes: usize) {
        let (w, n) = (self.w, self.n());
        let r = radius.min(w / 2);
        let span = (2 * r + 1) as u32;
        let mut line = vec![0u8; w];
        for _ in 0..passes {
            for y in 0..self.h {
                for k in 0..n {
                    for (x, v) in line.iter_mut().enumerate() {
                        *v = self.data[(y * w + x) * n + k];
                    }
                    let mut sum = 0u32;
                    for d in 0..span as usize {
                        sum += u32::from(line[(d + w - r) % w]);
                    }
                    for x in 0..w {
                        self.data[(y * w + x) * n + k] = ((sum + span / 2) / span) as u8;
                        sum += u32::from(line[(x + r + 1) % w]);
                        sum -= u32::from(line[(x + w - r) % w]);
                    }
                }
            }
        }
    }
}

// ---- shapes: signed distances in pixels, negative inside -------------------------------------

pub fn circle(r: f32) -> impl Fn(f32, f32) -> f32 {
    move |u, v| (u * u + v * v).sqrt() - r
}

/// A ring (stroke of a circle) of half-width `hw`.
pub fn ring(r: f32, hw: f32) -> impl Fn(f32, f32) -> f32 {
    move |u, v| ((u * u + v * v).sqrt() - r).abs() - hw
}

/// A leaf (two arcs meeting in points) along u, `len` long and `width` wide.
pub fn leaf(len: f32, width: f32) -> impl Fn(f32, f32) -> f32 {
    let h = len / 2.0;
    let w = width / 2.0;
    let d = (h * h - w * w) / (2.0 * w);
    let r = d + w;
    move |u, v| {
        let a = (u * u + (v - d) * (v - d)).sqrt() - r;
        let b = (u * u + (v + d) * (v + d)).sqrt() - r;
        a.max(b)
    }
}

/// A straight stroke from (-len/2, 0) to (len/2, 0) of half-width `hw`.
pub fn bar(len: f32, hw: f32) -> impl Fn(f32, f32) -> f32 {
    let h = len / 2.0;
    move |u, v| {
        let du = (u.abs() - h).max(0.0);
        (du * du + v * v).sqrt() - hw
    }
}

/// A flower of `petals` lobes: radius `r` at the lobes, `depth` of the cut between them
/// (0 a circle, 1 petals that meet at the centre).
pub fn flower(r: f32, petals: f32, depth: f32) -> impl Fn(f32, f32) -> f32 {
    move |u, v| {
        let rho = (u * u + v * v).sqrt();
        let g = (petals * v.atan2(u) / 2.0).cos().abs().sqrt();
        rho - r * (1.0 - depth * (1.0 - g))
    }
}

/// A paisley (boteh): a round body of radius `r` at the origin and a tapering tail that leaves
/// it along u and bends towards -v on an arc of radius `curl`·r, `tail`·r long. Reaches at most
/// `r + 1.5 * curl * r` from the origin while the tail bends less than a quarter turn.
pub fn boteh(r: f32, tail: f32, curl: f32) -> impl Fn(f32, f32) -> f32 {
    let a = curl * r;
    let end = (tail * r / a).min(1.9 * PI);
    move |u, v| {
        let body = (u * u + v * v).sqrt() - r;
        // The arc: q(phi) = (0, -a) + a (sin phi, cos phi), phi from 0 to `end`.
        let (du, dv) = (u, v + a);
        let mut phi = du.atan2(dv);
        if phi < -0.5 * PI {
            phi += 2.0 * PI;
        }
        let phi = phi.clamp(0.0, end);
        let (s, c) = phi.sin_cos();
        let (qu, qv) = (a * s, -a + a * c);
        let thick = r * (1.0 - phi / end).powf(1.2);
        let tail = ((u - qu) * (u - qu) + (v - qv) * (v - qv)).sqrt() - thick;
        body.min(tail)
    }
}

/// The outline of a shape: a stroke of half-width `hw` along its edge.
pub fn outline<F: Fn(f32, f32) -> f32>(sdf: F, hw: f32) -> impl Fn(f32, f32) -> f32 {
    move |u, v| sdf(u, v).abs() - hw
}

/// Coverage of the pixel [p, p+1) by the span [a, b) on a line of length `len`, wrapping.
pub fn add_span(profile: &mut [f32], a: f32, b: f32) {
    let len = profile.len() as i64;
    if len == 0 || b <= a {
        return;
    }
    let first = a.floor() as i64;
    let last = b.ceil() as i64;
    for p in first..last {
        let lo = (p as f32).max(a);
        let hi = (p as f32 + 1.0).min(b);
        if hi > lo {
            let slot = &mut profile[p.rem_euclid(len) as usize];
            *slot = (*slot + hi - lo).min(1.0);
        }
    }
}

/// A positive divisor of `n` closest to `target`.
pub fn divisor_near(n: usize, target: usize) -> usize {
    let mut best: usize = 1;
    for d in 1..=n {
        if n.is_multiple_of(d) && d.abs_diff(target) < best.abs_diff(target) {
            best = d;
        }
    }
    best
}

pub fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_wrap_around_the_tile() {
        let mut l = Layers::new(
            40,
            30,
            vec![ChannelDef {
                name: "a",
                role: Role::Main,
            }],
        );
        l.stamp(Some(0), Mode::Knockout, 0.0, 0.0, 6.0, 0.0, circle(5.0));
        let m = l.mask(0);
        assert_eq!(m[0], 255);
        assert_eq!(
            m[29 * 40 + 39],
            255,
            "the opposite corner gets the rest of the disc"
        );
        assert_eq!(m[15 * 40 + 20], 0);
    }

    #[test]
    fn knockout_clears_other_channels_and_ground_fills_the_rest() {
        let defs = vec![
            ChannelDef {
                name: "g",
                role: Role::Ground,
            },
            ChannelDef {
                name: "a",
                role: Role::Main,
            },
            ChannelDef {
                name: "b",
                role: Role::Second,
            },
        ];
        let mut l = Layers::new(20, 20, defs);
        l.fill(
            Some(1),
            Mode::Knockout,
            |x, _| if x < 10.0 { 1.0 } else { 0.0 },
        );
        l.stamp(Some(2), Mode::Knockout, 5.0, 10.0, 4.0, 0.0, circle(3.0));
        l.ground(Some(0));
        let i = 10 * 20 + 5;
        assert_eq!(
            (l.data[i * 3], l.data[i * 3 + 1], l.data[i * 3 + 2]),
            (0, 0, 255)
        );
        let j = 10 * 20 + 15;
        assert_eq!(
            (l.data[j * 3], l.data[j * 3 + 1], l.data[j * 3 + 2]),
            (255, 0, 0)
        );
    }

    #[test]
    fn spans_are_anti_aliased() {
        let mut p = vec![0.0; 10];
        add_span(&mut p, 2.5, 4.25);
        assert_eq!(p[2], 0.5);
        assert_eq!(p[3], 1.0);
        assert_eq!(p[4], 0.25);
        add_span(&mut p, 9.0, 11.0);
        assert_eq!((p[9], p[0]), (1.0, 1.0));
    }
}
