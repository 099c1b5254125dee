//! Procedural textile patterns, each a stack of coverage masks over one seamless repeat tile.
//!
//! Every generator takes the number of channels (screens) wanted and uses the first that many
//! of its channels, in the order a studio would add them: with two screens a rose is just petals
//! and leaves; with eight it has light and dark petals, outlines, buds, a ground and more.

use std::f32::consts::{PI, TAU};

use crate::canvas::{
    ChannelDef, Layers, Mode, Role, add_span, bar, boteh, circle, divisor_near, flower, gcd, leaf,
    outline, ring,
};
use crate::rng::Rng;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Rose,
    Ditsy,
    Paisley,
    Polka,
    Stripes,
    Checks,
    Houndstooth,
    Diamonds,
    Leaves,
    Ikat,
}

impl Kind {
    #[cfg(test)]
    pub const ALL: [Kind; 10] = [
        Kind::Rose,
        Kind::Ditsy,
        Kind::Paisley,
        Kind::Polka,
        Kind::Stripes,
        Kind::Checks,
        Kind::Houndstooth,
        Kind::Diamonds,
        Kind::Leaves,
        Kind::Ikat,
    ];

    /// The generator's channels, most important first.
    fn channels(self) -> &'static [(&'static str, Role)] {
        match self {
            Kind::Rose => &[
                ("Gül koyu", Role::Main),
                ("Yaprak", Role::Leaf),
                ("Kontur", Role::Outline),
                ("Gül açık", Role::Second),
                ("Zemin", Role::Ground),
                ("Tomurcuk", Role::Accent),
                ("Yaprak koyu", Role::LeafDark),
                ("Göbek", Role::Center),
            ],
            Kind::Ditsy => &[
                ("Çiçek", Role::Main),
                ("Yaprak", Role::Leaf),
                ("Göbek", Role::Center),
                ("Zemin", Role::Ground),
                ("Çiçek 2", Role::Second),
                ("Nokta", Role::Accent),
            ],
            Kind::Paisley => &[
                ("Gövde", Role::Main),
                ("Kontur", Role::Outline),
                ("İç", Role::Second),
                ("Zemin", Role::Ground),
                ("Nokta", Role::Accent),
                ("Çiçek", Role::Center),
                ("Yaprak", Role::Leaf),
                ("Süs", Role::LeafDark),
            ],
            Kind::Polka => &[
                ("Nokta", Role::Main),
                ("Zemin", Role::Ground),
                ("Küçük nokta", Role::Second),
                ("Halka", Role::Outline),
            ],
            Kind::Stripes => &[
                ("Çizgi 1", Role::Main),
                ("Zemin", Role::Ground),
                ("Çizgi 2", Role::Second),
                ("İnce çizgi", Role::Outline),
                ("Çizgi 3", Role::Center),
            ],
            Kind::Checks => &[
                ("Çözgü", Role::Main),
                ("Atkı", Role::Second),
                ("Kesişim", Role::Outline),
                ("Zemin", Role::Ground),
                ("Ekose çizgi", Role::Accent),
            ],
            Kind::Houndstooth => &[
                ("Kaz ayağı", Role::Main),
                ("Zemin", Role::Ground),
                ("Ekose", Role::Accent),
            ],
            Kind::Diamonds => &[
                ("Baklava 1", Role::Main),
                ("Baklava 2", Role::Second),
                ("Çapraz çizgi", Role::Outline),
                ("Zemin", Role::Ground),
            ],
            Kind::Leaves => &[
                ("Yaprak açık", Role::Leaf),
                ("Yaprak koyu", Role::LeafDark),
                ("Damar", Role::Outline),
                ("Zemin", Role::Ground),
                ("Çiçek", Role::Main),
                ("Meyve", Role::Accent),
            ],
            Kind::Ikat => &[
                ("İkat 1", Role::Main),
                ("İkat 2", Role::Second),
                ("Zemin", Role::Ground),
                ("İkat 3", Role::Center),
                ("Kontur", Role::Outline),
            ],
        }
    }

    /// How many channels the generator can make.
    pub fn channel_range(self) -> (usize, usize) {
        (2, self.channels().len())
    }

    /// Makes the masks of a `w` x `h` repeat tile with `n` channels (clamped to the range).
    pub fn generate(self, w: usize, h: usize, n: usize, seed: u64) -> Layers {
        let (lo, hi) = self.channel_range();
        let n = n.clamp(lo, hi);
        let defs = self.channels()[..n]
            .iter()
            .map(|&(name, role)| ChannelDef { name, role })
            .collect();
        let mut l = Layers::new(w, h, defs);
        let mut rng = Rng::new(seed);
        match self {
            Kind::Rose => rose(&mut l, &mut rng),
            Kind::Ditsy => ditsy(&mut l, &mut rng),
            Kind::Paisley => paisley(&mut l, &mut rng),
            Kind::Polka => polka(&mut l, &mut rng),
            Kind::Stripes => stripes(&mut l, &mut rng),
            Kind::Checks => checks(&mut l, &mut rng),
            Kind::Houndstooth => houndstooth(&mut l, &mut rng),
            Kind::Diamonds => diamonds(&mut l, &mut rng),
            Kind::Leaves => leaves(&mut l, &mut rng),
            Kind::Ikat => ikat(&mut l, &mut rng),
        }
        l
    }
}

/// Cell centres of an `nx` x `ny` grid over the tile, every other column dropped by half a
/// cell when `half_drop`, jittered by `jitter` of a cell.
fn grid(
    l: &Layers,
    nx: usize,
    ny: usize,
    half_drop: bool,
    jitter: f32,
    rng: &mut Rng,
) -> Vec<(f32, f32, usize)> {
    let cw = l.w as f32 / nx as f32;
    let ch = l.h as f32 / ny as f32;
    let mut out = Vec::with_capacity(nx * ny);
    for j in 0..ny {
        for i in 0..nx {
            let drop = if half_drop && i % 2 == 1 { 0.5 } else { 0.0 };
            let x = (i as f32 + 0.5 + rng.range(-jitter, jitter)) * cw;
            let y = (j as f32 + 0.5 + drop + rng.range(-jitter, jitter)) * ch;
            out.push((x, y, i + j));
        }
    }
    out
}

/// Cells that fit the tile: a count dividing nothing in particular, near `size` pixels a cell.
fn cells(len: usize, size: f32) -> usize {
    ((len as f32 / size).round() as usize).max(1)
}

/// A stroke width that reads at any scale.
fn stroke(scale: f32) -> f32 {
    (scale / 70.0).clamp(0.8, 3.0)
}

/// A leaf with its shading and midrib.
#[expect(clippy::too_many_arguments, reason = "a motif")]
fn leaf_motif(
    l: &mut Layers,
    light: Option<usize>,
    dark: Option<usize>,
    vein: Option<usize>,
    x: f32,
    y: f32,
    len: f32,
    angle: f32,
) {
    let width = len * 0.42;
    l.stamp(
        light.or(dark),
        Mode::Knockout,
        x,
        y,
        len * 0.55,
        angle,
        leaf(len, width),
    );
    if light.is_some() && dark.is_some() {
        let shape = leaf(len, width);
        l.stamp(
            dark,
            Mode::Knockout,
            x,
            y,
            len * 0.55,
            angle,
            move |u, v| shape(u, v).max(-v),
        );
    }
    let hw = stroke(len) * 0.6;
    l.stamp(
        vein,
        Mode::Overprint,
        x,
        y,
        len * 0.5,
        angle,
        bar(len * 0.85, hw),
    );
}

fn rose(l: &mut Layers, rng: &mut Rng) {
    let main = l.find(Role::Main);
    let second = l.find(Role::Second);
    let leaf_ch = l.find(Role::Leaf);
    let leaf_dark = l.find(Role::LeafDark);
    let out = l.find(Role::Outline);
    let center = l.find(Role::Center);
    let accent = l.find(Role::Accent);
    let nx = rng.between(2, 3);
    let ny = cells(l.h, l.w as f32 / nx as f32).max(1);
    let cell = (l.w as f32 / nx as f32).min(l.h as f32 / ny as f32);
    let centres = grid(l, nx, ny, true, 0.08, rng);
    for &(cx, cy, _) in &centres {
        let r = cell * rng.range(0.24, 0.3);
        let rot = rng.range(0.0, TAU);
        let count = rng.between(3, 5);
        for j in 0..count {
            let a = rot + j as f32 * TAU / count as f32 + rng.range(-0.3, 0.3);
            let len = r * rng.range(0.95, 1.25);
            let d = r * 0.8 + len * 0.42;
            leaf_motif(
                l,
                leaf_ch,
                leaf_dark,
                out.or(leaf_dark),
                cx + a.cos() * d,
                cy + a.sin() * d,
                len,
                a,
            );
        }
        let rings = [(1.0, 7.0), (0.78, 6.0), (0.57, 5.0), (0.37, 5.0)];
        for (i, &(scale, petals)) in rings.iter().enumerate() {
            let rr = r * scale;
            let ch = if i % 2 == 1 { second.or(main) } else { main };
            let phase = rng.range(0.0, TAU);
            l.stamp(
                ch,
                Mode::Knockout,
                cx,
                cy,
                rr + 2.0,
                rot + phase,
                flower(rr, petals, 0.22),
            );
            let sw = stroke(r);
            if out.is_some() {
                l.stamp(
                    out,
                    Mode::Overprint,
                    cx,
                    cy,
                    rr + 4.0,
                    rot + phase,
                    outline(flower(rr, petals, 0.22), sw * 0.5),
                );
            } else if second.is_none() {
                l.stamp(
                    Some(0),
                    Mode::Erase,
                    cx,
                    cy,
                    rr + 4.0,
                    rot + phase,
                    outline(flower(rr, petals, 0.22), sw * 0.6),
                );
            }
        }
        l.stamp(
            center.or(second).or(main),
            Mode::Knockout,
            cx,
            cy,
            r * 0.2,
            0.0,
            flower(r * 0.16, 4.0, 0.3),
        );
        if out.is_some() {
            l.stamp(
                out,
                Mode::Overprint,
                cx,
                cy,
                r * 0.12,
                rot,
                ring(r * 0.08, stroke(r) * 0.5),
            );
        }
    }
    // Buds between the roses.
    if let Some(bud) = accent {
        let cw = l.w as f32 / nx as f32;
        let ch = l.h as f32 / ny as f32;
        for j in 0..ny {
            for i in 0..nx {
                let x = i as f32 * cw + rng.range(-0.08, 0.08) * cw;
                let y = (j as f32 + if i % 2 == 1 { 0.5 } else { 0.0 }) * ch
                    + rng.range(-0.08, 0.08) * ch;
                let r = cell * rng.range(0.06, 0.08);
                let a = rng.range(0.0, TAU);
                leaf_motif(
                    l,
                    leaf_ch,
                    leaf_dark,
                    out,
                    x + a.cos() * r * 1.6,
                    y + a.sin() * r * 1.6,
                    r * 1.8,
                    a,
                );
                l.stamp(
                    Some(bud),
                    Mode::Knockout,
                    x,
                    y,
                    r + 2.0,
                    a,
                    flower(r, 5.0, 0.45),
                );
                l.stamp(
                    center.or(main),
                    Mode::Knockout,
                    x,
                    y,
                    r * 0.35,
                    0.0,
                    circle(r * 0.25),
                );
            }
        }
    }
    l.ground(l.find(Role::Ground));
}

fn ditsy(l: &mut Layers, rng: &mut Rng) {
    let main = l.find(Role::Main);
    let second = l.find(Role::Second);
    let center = l.find(Role::Center);
    let leaf_ch = l.find(Role::Leaf);
    let accent = l.find(Role::Accent);
    let size = l.w.min(l.h) as f32 / rng.range(4.5, 7.0);
    let (nx, ny) = (cells(l.w, size), cells(l.h, size));
    let cell = (l.w as f32 / nx as f32).min(l.h as f32 / ny as f32);
    let petals = rng.pick(&[5.0, 5.0, 6.0, 8.0]);
    for (x, y, _) in grid(l, nx, ny, false, 0.3, rng) {
        let r = cell * rng.range(0.16, 0.24);
        let a = rng.range(0.0, TAU);
        for side in [-1.0f32, 1.0] {
            let la = a + side * rng.range(0.9, 1.4);
            let len = r * 1.3;
            let d = r * 0.9 + len * 0.4;
            l.stamp(
                leaf_ch,
                Mode::Knockout,
                x + la.cos() * d,
                y + la.sin() * d,
                len * 0.55,
                la,
                leaf(len, len * 0.45),
            );
        }
        let ch = if second.is_some() && rng.chance(0.4) {
            second
        } else {
            main
        };
        l.stamp(ch, Mode::Knockout, x, y, r + 2.0, a, flower(r, petals, 0.6));
        match center {
            Some(_) => l.stamp(center, Mode::Knockout, x, y, r * 0.4, 0.0, circle(r * 0.28)),
            None => l.stamp(Some(0), Mode::Erase, x, y, r * 0.3, 0.0, circle(r * 0.18)),
        }
        for _ in 0..3 {
            let (dx, dy) = (rng.range(-0.5, 0.5) * cell, rng.range(-0.5, 0.5) * cell);
            l.stamp(
                accent,
                Mode::Knockout,
                x + dx,
                y + dy,
                cell * 0.05,
                0.0,
                circle(cell * 0.025),
            );
        }
    }
    l.ground(l.find(Role::Ground));
}

fn paisley(l: &mut Layers, rng: &mut Rng) {
    let main = l.find(Role::Main);
    let out = l.find(Role::Outline);
    let second = l.find(Role::Second);
    let accent = l.find(Role::Accent);
    let center = l.find(Role::Center);
    let leaf_ch = l.find(Role::Leaf);
    let deco = l.find(Role::LeafDark);
    let nx = 2 * rng.between(1, 2);
    let ny = cells(l.h, l.w as f32 / nx as f32);
    let cell = (l.w as f32 / nx as f32).min(l.h as f32 / ny as f32);
    let tail = rng.range(2.4, 2.9);
    let curl = rng.range(1.9, 2.4);
    let base = rng.range(-0.4, 0.4) - PI / 2.0;
    let sw = stroke(cell * 0.2);
    for (x, y, parity) in grid(l, nx, ny, true, 0.03, rng) {
        let r = cell * 0.2;
        let a = curl * r;
        let angle = if parity % 2 == 0 { base } else { base + PI };
        // Centre the motif's bounding box on the cell: the body sits off to one side.
        let end = tail / curl;
        let (bu, bv) = ((a * end.sin() - r) / 2.0, (r - a * (1.0 - end.cos())) / 2.0);
        let (ca, sa) = (angle.cos(), angle.sin());
        let (x, y) = (x - (bu * ca - bv * sa), y - (bu * sa + bv * ca));
        let reach = r + 1.5 * a + 4.0;
        let erase = if second.is_some() {
            Mode::Knockout
        } else {
            Mode::Erase
        };
        let shape = |k: f32| boteh(r * k, tail, curl);
        l.stamp(main, Mode::Knockout, x, y, reach, angle, shape(1.0));
        l.stamp(second.or(Some(0)), erase, x, y, reach, angle, shape(0.72));
        l.stamp(main, Mode::Knockout, x, y, reach, angle, shape(0.46));
        let flower_ch = center.or(second);
        let f = flower(r * 0.3, 6.0, 0.5);
        l.stamp(flower_ch, Mode::Knockout, x, y, r * 0.35, angle, f);
        if out.is_some() {
            for k in [1.0, 0.72, 0.46] {
                let edge = outline(shape(k), sw * 0.5);
                l.stamp(out, Mode::Overprint, x, y, reach + 2.0, angle, edge);
            }
        }
        // A ring of dots around the motif, walked out along rays to the edge of a larger one.
        if accent.is_some() {
            let halo = shape(1.0);
            let count = 40;
            for i in 0..count {
                let th = (i as f32 + 0.5) * TAU / count as f32;
                let (s, c) = th.sin_cos();
                let (mut lo, mut hi) = (0.0f32, reach);
                for _ in 0..18 {
                    let mid = (lo + hi) / 2.0;
                    if halo(mid * c, mid * s) < 0.0 {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                let d = lo + r * 0.22;
                let (u, v) = (d * c, d * s);
                let (px, py) = (x + u * ca - v * sa, y + u * sa + v * ca);
                let dot = circle(r * 0.07);
                l.stamp(accent, Mode::Knockout, px, py, r * 0.1, 0.0, dot);
            }
        }
    }
    // Small flowers with two leaves where the cells meet.
    let cw = l.w as f32 / nx as f32;
    let ch = l.h as f32 / ny as f32;
    for j in 0..ny {
        for i in 0..nx {
            let (x, y) = (i as f32 * cw, (j as f32 + 0.25) * ch);
            let a = rng.range(0.0, TAU);
            let len = cell * 0.14;
            let d = len * 0.7;
            let (dx, dy) = (a.cos() * d, a.sin() * d);
            leaf_motif(l, leaf_ch, deco, out, x + dx, y + dy, len, a);
            leaf_motif(l, leaf_ch, deco, out, x - dx, y - dy, len, a + PI);
            let f = flower(cell * 0.05, 5.0, 0.5);
            l.stamp(
                deco.or(accent).or(second),
                Mode::Knockout,
                x,
                y,
                cell * 0.06,
                a,
                f,
            );
        }
    }
    l.ground(l.find(Role::Ground));
}

fn polka(l: &mut Layers, rng: &mut Rng) {
    let main = l.find(Role::Main);
    let small = l.find(Role::Second);
    let halo = l.find(Role::Outline);
    let size = l.w.min(l.h) as f32 / rng.range(5.0, 10.0);
    let (nx, ny) = (cells(l.w, size) * 2, cells(l.h, size));
    let cw = l.w as f32 / nx as f32;
    let ch = l.h as f32 / ny as f32;
    let r = cw.min(ch) * rng.range(0.18, 0.3);
    for j in 0..ny {
        for i in 0..nx {
            let x = (i as f32 + 0.5) * cw;
            let y = (j as f32 + 0.5 + if i % 2 == 1 { 0.5 } else { 0.0 }) * ch;
            l.stamp(main, Mode::Knockout, x, y, r + 1.0, 0.0, circle(r));
            l.stamp(
                halo,
                Mode::Overprint,
                x,
                y,
                r * 1.5,
                0.0,
                ring(r * 1.3, stroke(r * 3.0) * 0.6),
            );
            if small.is_some() {
                let (sx, sy) = (x + cw * 0.5, y);
                l.stamp(small, Mode::Knockout, sx, sy, r * 0.4, 0.0, circle(r * 0.3));
            }
        }
    }
    l.ground(l.find(Role::Ground));
}

/// Stripes of random widths in `channels` (cycled) over one period of `len` pixels; pin
/// stripes in `pin`.
fn stripe_profiles(
    len: usize,
    channels: &[usize],
    pin: Option<usize>,
    n: usize,
    rng: &mut Rng,
) -> Vec<Vec<f32>> {
    let mut profiles = vec![vec![0.0f32; len]; n];
    let period = len as f32 / rng.between(1, 3) as f32;
    let mut plan: Vec<(f32, f32, usize)> = Vec::new();
    let mut at = 0.0f32;
    let mut k = 0;
    while at < period * 0.92 {
        let width = period * rng.pick(&[0.02f32, 0.04, 0.06, 0.1, 0.14]);
        let gap = period * rng.pick(&[0.015f32, 0.03, 0.05, 0.08]);
        let ch = channels[k % channels.len()];
        k += 1;
        let end = (at + width).min(period - 1.0);
        plan.push((at, end, ch));
        if let Some(pin) = pin
            && rng.chance(0.5)
        {
            let p = end + gap * 0.45;
            plan.push((p, p + (period / 250.0).max(1.5), pin));
        }
        at = end + gap;
    }
    let mut start = 0.0;
    while start < len as f32 - 0.5 {
        for &(a, b, ch) in &plan {
            add_span(&mut profiles[ch], start + a, start + b);
        }
        start += period;
    }
    profiles
}

fn stripes(l: &mut Layers, rng: &mut Rng) {
    let inks: Vec<usize> = [Role::Main, Role::Second, Role::Center]
        .iter()
        .filter_map(|r| l.find(*r))
        .collect();
    let pin = l.find(Role::Outline);
    let n = l.n();
    let diagonal = rng.chance(0.25) && gcd(l.w, l.h) >= 120;
    if diagonal {
        let period = gcd(l.w, l.h);
        let profiles = stripe_profiles(period, &inks, pin, n, rng);
        for (k, p) in profiles.iter().enumerate() {
            if p.iter().any(|v| *v > 0.0) {
                let mode = if Some(k) == pin {
                    Mode::Overprint
                } else {
                    Mode::Knockout
                };
                l.fill(Some(k), mode, |x, y| p[((x + y) as usize) % period]);
            }
        }
    } else {
        let vertical = rng.chance(0.5);
        let len = if vertical { l.w } else { l.h };
        let profiles = stripe_profiles(len, &inks, pin, n, rng);
        for (k, p) in profiles.iter().enumerate() {
            if p.iter().any(|v| *v > 0.0) {
                let mode = if Some(k) == pin {
                    Mode::Overprint
                } else {
                    Mode::Knockout
                };
                l.fill_profile(Some(k), mode, p, vertical);
            }
        }
    }
    l.ground(l.find(Role::Ground));
}

/// Bands for checks: gingham (equal bands) or tartan (a sett of several widths), over `len`.
fn sett(len: usize, repeats: usize, tartan: bool, rng: &mut Rng) -> (Vec<f32>, Vec<f32>) {
    let mut main = vec![0.0f32; len];
    let mut thin = vec![0.0f32; len];
    let period = len as f32 / repeats as f32;
    let bands: Vec<(f32, f32)> = if tartan {
        let mut v = Vec::new();
        let mut at = 0.0;
        while at < 0.9 {
            let w = rng.pick(&[0.06f32, 0.1, 0.16, 0.22]);
            v.push((at, (at + w).min(0.97)));
            at += w + rng.pick(&[0.06f32, 0.1, 0.14]);
        }
        v
    } else {
        vec![(0.0, 0.5)]
    };
    for r in 0..repeats {
        let s = r as f32 * period;
        for &(a, b) in &bands {
            add_span(&mut main, s + a * period, s + b * period);
        }
        let p = s + period * 0.75;
        add_span(&mut thin, p, p + (period / 120.0).max(1.5));
    }
    (main, thin)
}

fn checks(l: &mut Layers, rng: &mut Rng) {
    let warp = l.find(Role::Main);
    let weft = l.find(Role::Second).or(warp);
    let cross = l.find(Role::Outline).or(warp);
    let over = l.find(Role::Accent);
    let tartan = rng.chance(0.5);
    let size = rng.range(90.0, 220.0) * if tartan { 2.0 } else { 1.0 };
    let (px, tx) = sett(l.w, cells(l.w, size), tartan, rng);
    let (py, ty) = sett(l.h, cells(l.h, size), tartan, rng);
    l.fill(warp, Mode::Knockout, |x, y| {
        px[x as usize] * (1.0 - py[y as usize])
    });
    l.fill(weft, Mode::Knockout, |x, y| {
        py[y as usize] * (1.0 - px[x as usize])
    });
    l.fill(cross, Mode::Knockout, |x, y| {
        px[x as usize] * py[y as usize]
    });
    l.fill(over, Mode::Overprint, |x, y| {
        tx[x as usize].max(ty[y as usize])
    });
    l.ground(l.find(Role::Ground));
}

fn houndstooth(l: &mut Layers, rng: &mut Rng) {
    let main = l.find(Role::Main);
    let over = l.find(Role::Accent);
    // One check is two units: the period must divide the tile both ways.
    let g = gcd(l.w, l.h);
    let period = divisor_near(g, rng.between(24, 64)).max(4) as f32;
    let s = period / 2.0;
    let diag = s / std::f32::consts::SQRT_2;
    l.fill(main, Mode::Knockout, |x, y| {
        let (u, v) = (x / s, y / s);
        let qx = u.rem_euclid(2.0) < 1.0;
        let qy = v.rem_euclid(2.0) < 1.0;
        match (qx, qy) {
            (true, true) => 1.0,
            (false, false) => 0.0,
            _ => {
                // Diagonal stripes in the mixed quadrants: the teeth.
                let t = (u - v).rem_euclid(1.0);
                let d = if t < 0.5 {
                    -(t.min(0.5 - t))
                } else {
                    (t - 0.5).min(1.0 - t)
                };
                (0.5 - d * diag).clamp(0.0, 1.0)
            }
        }
    });
    if over.is_some() {
        // A multiple of the period that divides the tile: the overcheck repeats seamlessly.
        let every = period * divisor_near(g / period as usize, 4) as f32;
        let hw = (s / 10.0).max(1.0);
        l.fill(over, Mode::Overprint, |x, y| {
            let dx = ((x + every / 2.0).rem_euclid(every) - every / 2.0).abs();
            let dy = ((y + every / 2.0).rem_euclid(every) - every / 2.0).abs();
            (hw + 0.5 - dx.min(dy)).clamp(0.0, 1.0)
        });
    }
    l.ground(l.find(Role::Ground));
}

fn diamonds(l: &mut Layers, rng: &mut Rng) {
    let a = l.find(Role::Main);
    let b = l.find(Role::Second).or(a);
    let lines = l.find(Role::Outline);
    let nx = 2 * cells(l.w, rng.range(180.0, 360.0)).div_ceil(2);
    let ny = 2 * cells(l.h, rng.range(240.0, 480.0)).div_ceil(2);
    let cw = l.w as f32 / nx as f32;
    let ch = l.h as f32 / ny as f32;
    let fill = rng.range(0.8, 0.95);
    let half = cw.min(ch) / 2.0;
    let diamond = move |x: f32, y: f32, parity: usize| -> f32 {
        let (i, j) = ((x / cw).floor() as usize, (y / ch).floor() as usize);
        if (i + j) % 2 != parity {
            return 0.0;
        }
        let fx = (x / cw).fract() - 0.5;
        let fy = (y / ch).fract() - 0.5;
        let dn = 2.0 * fx.abs() + 2.0 * fy.abs();
        (0.5 - (dn - fill) * half * 0.7).clamp(0.0, 1.0)
    };
    l.fill(a, Mode::Knockout, |x, y| diamond(x, y, 0));
    l.fill(b, Mode::Knockout, |x, y| diamond(x, y, 1));
    if lines.is_some() {
        let hw = stroke(half * 2.0) * 0.6;
        let scale = cw * ch / (cw * cw + ch * ch).sqrt();
        l.fill(lines, Mode::Overprint, |x, y| {
            let mut best: f32 = 0.0;
            let (t1, t2) = (x / cw + y / ch, x / cw - y / ch);
            for (t, along) in [(t1, t2), (t2, t1)] {
                let d = (t - t.round()).abs() * scale;
                // Dashed: stitches along each diagonal.
                if (along * 3.0).rem_euclid(1.0) < 0.62 {
                    best = best.max((hw + 0.5 - d).clamp(0.0, 1.0));
                }
            }
            best
        });
    }
    l.ground(l.find(Role::Ground));
}

fn leaves(l: &mut Layers, rng: &mut Rng) {
    let light = l.find(Role::Leaf);
    let dark = l.find(Role::LeafDark);
    let vein = l.find(Role::Outline);
    let bloom = l.find(Role::Main);
    let fruit = l.find(Role::Accent);
    let stem = dark.or(light);
    let len = l.w.min(l.h) as f32 * rng.range(0.18, 0.26);
    let count = ((l.w * l.h) as f32 / (len * len) * 1.3) as usize;
    let (nx, ny) = (
        cells(l.w, (l.w as f32 * l.h as f32 / count as f32).sqrt()),
        1,
    );
    let ny = ny.max(count.div_ceil(nx));
    for (x, y, _) in grid(l, nx, ny, true, 0.45, rng) {
        let a = rng.range(0.0, TAU);
        let len = len * rng.range(0.8, 1.2);
        let width = len * rng.range(0.36, 0.5);
        let (ca, sa) = (a.cos(), a.sin());
        // The stem first, from the leaf's base.
        let base = (x - ca * len * 0.5, y - sa * len * 0.5);
        l.stamp(
            stem,
            Mode::Knockout,
            base.0 - ca * len * 0.12,
            base.1 - sa * len * 0.12,
            len * 0.16,
            a,
            bar(len * 0.25, stroke(len) * 0.9),
        );
        let ch = if rng.chance(0.5) {
            light.or(dark)
        } else {
            dark.or(light)
        };
        l.stamp(ch, Mode::Knockout, x, y, len * 0.55, a, leaf(len, width));
        if vein.is_some() {
            let hw = stroke(len) * 0.5;
            l.stamp(
                vein,
                Mode::Overprint,
                x,
                y,
                len * 0.5,
                a,
                bar(len * 0.9, hw),
            );
            for k in 1..=4 {
                let t = -0.35 + k as f32 * 0.15;
                for side in [-1.0f32, 1.0] {
                    let va = a + side * 0.8;
                    let (px, py) = (x + ca * len * t, y + sa * len * t);
                    let vl = width * 0.45;
                    l.stamp(
                        vein,
                        Mode::Overprint,
                        px + va.cos() * vl * 0.5,
                        py + va.sin() * vl * 0.5,
                        vl * 0.6,
                        va,
                        bar(vl, hw * 0.8),
                    );
                }
            }
        }
        if bloom.is_some() && rng.chance(0.4) {
            let r = len * 0.14;
            let (fx, fy) = (base.0 - ca * r, base.1 - sa * r);
            l.stamp(
                bloom,
                Mode::Knockout,
                fx,
                fy,
                r + 2.0,
                a,
                flower(r, 5.0, 0.55),
            );
            let eye = circle(r * 0.25);
            l.stamp(
                fruit.or(Some(0)),
                if fruit.is_some() {
                    Mode::Knockout
                } else {
                    Mode::Erase
                },
                fx,
                fy,
                r * 0.35,
                0.0,
                eye,
            );
        } else if fruit.is_some() && rng.chance(0.35) {
            let (fx, fy) = (base.0 - ca * len * 0.2, base.1 - sa * len * 0.2);
            for k in 0..3 {
                let b = a + k as f32 * TAU / 3.0;
                let r = len * 0.06;
                l.stamp(
                    fruit,
                    Mode::Knockout,
                    fx + b.cos() * r * 1.2,
                    fy + b.sin() * r * 1.2,
                    r + 1.0,
                    0.0,
                    circle(r),
                );
            }
        }
    }
    l.ground(l.find(Role::Ground));
}

fn ikat(l: &mut Layers, rng: &mut Rng) {
    let a = l.find(Role::Main);
    let b = l.find(Role::Second).or(a);
    let c = l.find(Role::Center);
    let out = l.find(Role::Outline);
    let nx = cells(l.w, rng.range(200.0, 360.0));
    let ny = cells(l.h, rng.range(260.0, 480.0));
    let cw = l.w as f32 / nx as f32;
    let ch = l.h as f32 / ny as f32;
    // Each row of yarn is shifted a little: the blurred, stepped edges of ikat.
    let amp = cw * rng.range(0.02, 0.05);
    let mut jitter = vec![0.0f32; l.h];
    let mut shift = 0.0f32;
    let step = rng.between(3, 8);
    for (y, j) in jitter.iter_mut().enumerate() {
        if y % step == 0 {
            shift = rng.range(-amp, amp);
        }
        *j = shift;
    }
    let shape = move |x: f32, y: f32| -> f32 {
        let x = x + jitter[(y as usize).min(jitter.len() - 1)];
        let fx = (x / cw).rem_euclid(1.0) - 0.5;
        let fy = (y / ch).rem_euclid(1.0) - 0.5;
        // A tall diamond with hooks: the arrow ikat motif.
        2.0 * fx.abs() + 2.0 * fy.abs() * 0.8 + 0.15 * (fy * 6.0 * PI).sin().abs()
    };
    let band = |lo: f32, hi: f32, d: f32| -> f32 {
        let scale = cw.min(ch) * 0.35;
        ((d - lo) * scale + 0.5).clamp(0.0, 1.0) * ((hi - d) * scale + 0.5).clamp(0.0, 1.0)
    };
    let s1 = shape.clone();
    l.fill(a, Mode::Knockout, move |x, y| band(0.55, 0.95, s1(x, y)));
    let s2 = shape.clone();
    l.fill(b, Mode::Knockout, move |x, y| band(0.25, 0.55, s2(x, y)));
    let s3 = shape.clone();
    l.fill(c.or(a), Mode::Knockout, move |x, y| {
        band(-1.0, 0.25, s3(x, y))
    });
    if out.is_some() {
        l.fill(out, Mode::Overprint, move |x, y| {
            band(0.95, 1.03, shape(x, y))
        });
    }
    l.blur_rows(rng.between(2, 5), 2);
    l.ground(l.find(Role::Ground));
}

#[cfg(test)]
mod tests {
    use super::Kind;

    #[test]
    fn every_kind_paints_every_channel_and_is_deterministic() {
        for kind in Kind::ALL {
            let (lo, hi) = kind.channel_range();
            for n in [lo, hi] {
                let l = kind.generate(240, 240, n, 11);
                assert_eq!(l.n(), n);
                for k in 0..n {
                    let covered = l.mask(k).iter().filter(|v| **v > 128).count();
                    assert!(
                        covered > 0,
                        "{kind:?} with {n} channels: channel {k} ({}) is empty",
                        l.channels[k].name
                    );
                }
                assert_eq!(l.data, kind.generate(240, 240, n, 11).data);
            }
        }
    }
}
