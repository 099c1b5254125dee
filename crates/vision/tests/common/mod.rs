//! Printed designs made here for tests and the retrieval bench: motifs laid in a seamless repeat,
//! several colorways (one with light and dark swapped), and queries cut from them the way
//! customers make them: crops turned, scaled and JPEG-compressed, or photographed.
#![allow(dead_code)]

/// A small deterministic generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    pub fn range(&mut self, a: f32, b: f32) -> f32 {
        a + (b - a) * self.unit()
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A design: a label per pixel (0 ground, 1.. channels) over `repeats` periods of `period`.
pub struct Design {
    pub width: usize,
    pub height: usize,
    pub period: (usize, usize),
    pub labels: Vec<u8>,
    pub channels: usize,
}

/// One colouring of a design.
pub struct Colorway {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
}

enum Shape {
    Ellipse {
        rx: f32,
        ry: f32,
        turn: f32,
    },
    Rect {
        hw: f32,
        hh: f32,
        turn: f32,
    },
    Star {
        r: f32,
        inner: f32,
        points: usize,
        turn: f32,
    },
    Ring {
        r: f32,
        thickness: f32,
    },
    Stripe {
        thickness: f32,
        turn: f32,
    },
}

impl Shape {
    fn contains(&self, dx: f32, dy: f32) -> bool {
        let rotate = |turn: f32| {
            let (s, c) = turn.sin_cos();
            (dx * c + dy * s, -dx * s + dy * c)
        };
        match *self {
            Shape::Ellipse { rx, ry, turn } => {
                let (x, y) = rotate(turn);
                (x / rx).powi(2) + (y / ry).powi(2) <= 1.0
            }
            Shape::Rect { hw, hh, turn } => {
                let (x, y) = rotate(turn);
                x.abs() <= hw && y.abs() <= hh
            }
            Shape::Star {
                r,
                inner,
                points,
                turn,
            } => {
                let (x, y) = rotate(turn);
                let angle = y.atan2(x);
                let sector = std::f32::consts::TAU / points as f32;
                let t = (angle.rem_euclid(sector) / sector - 0.5).abs() * 2.0;
                x.hypot(y) <= inner * r + (1.0 - inner) * r * t
            }
            Shape::Ring { r, thickness } => (dx.hypot(dy) - r).abs() <= thickness,
            Shape::Stripe { thickness, turn } => {
                let (_, y) = rotate(turn);
                y.abs() <= thickness
            }
        }
    }

    fn reach(&self) -> f32 {
        match *self {
            Shape::Ellipse { rx, ry, .. } => rx.max(ry),
            Shape::Rect { hw, hh, .. } => hw.hypot(hh),
            Shape::Star { r, .. } => r,
            Shape::Ring { r, thickness } => r + thickness,
            Shape::Stripe { thickness, .. } => thickness * 12.0,
        }
    }
}

/// A design of `channels` colours made from `seed`: its period is repeated `repeats` times
/// across and down.
pub fn design(seed: u64, repeats: (usize, usize)) -> Design {
    let mut rng = Rng::new(seed);
    let width = 640 + rng.below(640);
    let height = 640 + rng.below(640);
    let period = (width / repeats.0, height / repeats.1);
    let (pw, ph) = period;
    let channels = 3 + rng.below(3);
    let mut tile = vec![0u8; pw * ph];
    let motifs = 10 + rng.below(30);
    let base = (pw.min(ph) as f32) / 6.0;
    for _ in 0..motifs {
        let size = base * rng.range(0.25, 1.1);
        let turn = rng.range(0.0, std::f32::consts::PI);
        let shape = match rng.below(5) {
            0 => Shape::Ellipse {
                rx: size,
                ry: size * rng.range(0.3, 1.0),
                turn,
            },
            1 => Shape::Rect {
                hw: size,
                hh: size * rng.range(0.2, 0.8),
                turn,
            },
            2 => Shape::Star {
                r: size,
                inner: rng.range(0.3, 0.7),
                points: 4 + rng.below(5),
                turn,
            },
            3 => Shape::Ring {
                r: size * 0.8,
                thickness: size * rng.range(0.1, 0.3),
            },
            _ => Shape::Stripe {
                thickness: size * 0.15,
                turn,
            },
        };
        let label = 1 + rng.below(channels) as u8;
        let (cx, cy) = (rng.range(0.0, pw as f32), rng.range(0.0, ph as f32));
        let reach = shape.reach().ceil() as isize;
        // Drawn with wrap-around, so the period repeats without a seam.
        for dy in -reach..=reach {
            for dx in -reach..=reach {
                if shape.contains(dx as f32, dy as f32) {
                    let x = (cx as isize + dx).rem_euclid(pw as isize) as usize;
                    let y = (cy as isize + dy).rem_euclid(ph as isize) as usize;
                    tile[y * pw + x] = label;
                }
            }
        }
    }
    let (width, height) = (pw * repeats.0, ph * repeats.1);
    let labels = (0..width * height)
        .map(|i| tile[(i / width % ph) * pw + i % width % pw])
        .collect();
    Design {
        width,
        height,
        period,
        labels,
        channels,
    }
}

/// A random palette: ground and each channel.
pub fn palette(rng: &mut Rng, channels: usize) -> Vec<[u8; 3]> {
    (0..=channels)
        .map(|_| {
            [
                rng.below(256) as u8,
                rng.below(256) as u8,
                rng.below(256) as u8,
            ]
        })
        .collect()
}

/// The palette with light and dark swapped.
pub fn swapped(palette: &[[u8; 3]]) -> Vec<[u8; 3]> {
    palette.iter().map(|c| c.map(|v| 255 - v)).collect()
}

pub fn colorway(design: &Design, palette: &[[u8; 3]]) -> Colorway {
    Colorway {
        width: design.width as u32,
        height: design.height as u32,
        rgb: design
            .labels
            .iter()
            .flat_map(|&l| palette[l as usize])
            .collect(),
    }
}

/// A design's three colorways: two palettes and the first with light and dark swapped.
pub fn colorways(design: &Design, seed: u64) -> Vec<Colorway> {
    let mut rng = Rng::new(seed ^ 0xC010_4A7E);
    let first = palette(&mut rng, design.channels);
    let second = palette(&mut rng, design.channels);
    vec![
        colorway(design, &first),
        colorway(design, &second),
        colorway(design, &swapped(&first)),
    ]
}

/// A query image and the true outline of its content in the colorway (query corners top left,
/// top right, bottom right, bottom left, in colorway pixels).
pub struct Query {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
    pub corners: [(f32, f32); 4],
}

/// How a query is made.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// A crop of 30-60 % of the side, turned up to 10 degrees, scaled 0.7-1.4, JPEG quality 60.
    Crop,
    /// The same plus slight perspective, blur, uneven light and sensor noise.
    Photo,
}

pub fn query(colorway: &Colorway, kind: Kind, rng: &mut Rng) -> Query {
    let (w, h) = (colorway.width as f32, colorway.height as f32);
    let share = rng.range(0.3, 0.6);
    let (cw, ch) = (w * share, h * share * rng.range(0.8, 1.2)).min_h(h * 0.6);
    let turn = rng.range(-10.0f32, 10.0).to_radians();
    let scale = rng.range(0.7, 1.4);
    let (qw, qh) = ((cw * scale).round() as u32, (ch * scale).round() as u32);
    let (s, c) = turn.sin_cos();
    // The crop's centre, so that the turned crop stays inside the colorway.
    let half_x = (cw * c.abs() + ch * s.abs()) / 2.0;
    let half_y = (cw * s.abs() + ch * c.abs()) / 2.0;
    let centre = (
        rng.range(half_x + 1.0, w - half_x - 1.0),
        rng.range(half_y + 1.0, h - half_y - 1.0),
    );
    // Perspective: each corner moved by up to 4 % of the crop's side.
    let jitter = match kind {
        Kind::Crop => 0.0,
        Kind::Photo => 0.04,
    };
    let mut offsets = [(0.0f32, 0.0f32); 4];
    for o in offsets.iter_mut() {
        *o = (
            rng.range(-jitter, jitter) * cw,
            rng.range(-jitter, jitter) * ch,
        );
    }
    // Query pixel (u, v) in 0..1 -> colorway point: bilinear between the four moved corners.
    let corner = |i: usize, (u, v): (f32, f32)| {
        let (x, y) = ((u - 0.5) * cw + offsets[i].0, (v - 0.5) * ch + offsets[i].1);
        (centre.0 + x * c - y * s, centre.1 + x * s + y * c)
    };
    let corners = [
        corner(0, (0.0, 0.0)),
        corner(1, (1.0, 0.0)),
        corner(2, (1.0, 1.0)),
        corner(3, (0.0, 1.0)),
    ];
    let at = |u: f32, v: f32| {
        let top = lerp(corners[0], corners[1], u);
        let bottom = lerp(corners[3], corners[2], u);
        lerp(top, bottom, v)
    };
    let mut rgb = Vec::with_capacity(qw as usize * qh as usize * 3);
    let light = match kind {
        Kind::Crop => (1.0, 0.0, 0.0),
        Kind::Photo => (
            rng.range(0.75, 1.05),
            rng.range(-0.25, 0.25),
            rng.range(-0.25, 0.25),
        ),
    };
    for y in 0..qh {
        for x in 0..qw {
            let (u, v) = ((x as f32 + 0.5) / qw as f32, (y as f32 + 0.5) / qh as f32);
            let (px, py) = at(u, v);
            let sample = bilinear(colorway, px, py);
            let gain = light.0 + light.1 * (u - 0.5) + light.2 * (v - 0.5);
            for v in sample {
                rgb.push((v * gain).clamp(0.0, 255.0) as u8);
            }
        }
    }
    let mut image = Query {
        width: qw,
        height: qh,
        rgb,
        corners,
    };
    if let Kind::Photo = kind {
        blur_and_noise(&mut image, rng);
    }
    image.rgb = jpeg_round_trip(&image.rgb, qw, qh, 60);
    image
}

trait MinH {
    fn min_h(self, max: f32) -> Self;
}

impl MinH for (f32, f32) {
    fn min_h(self, max: f32) -> Self {
        (self.0, self.1.min(max))
    }
}

fn lerp(a: (f32, f32), b: (f32, f32), t: f32) -> (f32, f32) {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

fn bilinear(image: &Colorway, x: f32, y: f32) -> [f32; 3] {
    let (w, h) = (image.width as usize, image.height as usize);
    let (x, y) = (
        (x - 0.5).clamp(0.0, w as f32 - 1.0),
        (y - 0.5).clamp(0.0, h as f32 - 1.0),
    );
    let (x0, y0) = (x.floor() as usize, y.floor() as usize);
    let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let px = |x: usize, y: usize, k: usize| f32::from(image.rgb[(y * w + x) * 3 + k]);
    std::array::from_fn(|k| {
        let top = px(x0, y0, k) * (1.0 - fx) + px(x1, y0, k) * fx;
        let bottom = px(x0, y1, k) * (1.0 - fx) + px(x1, y1, k) * fx;
        top * (1.0 - fy) + bottom * fy
    })
}

fn blur_and_noise(image: &mut Query, rng: &mut Rng) {
    let (w, h) = (image.width as usize, image.height as usize);
    let radius = 1 + rng.below(2);
    let src = image.rgb.clone();
    for y in 0..h {
        for x in 0..w {
            for k in 0..3 {
                let mut sum = 0u32;
                let mut n = 0u32;
                for yy in y.saturating_sub(radius)..(y + radius + 1).min(h) {
                    for xx in x.saturating_sub(radius)..(x + radius + 1).min(w) {
                        sum += u32::from(src[(yy * w + xx) * 3 + k]);
                        n += 1;
                    }
                }
                let noise = rng.range(-6.0, 6.0);
                image.rgb[(y * w + x) * 3 + k] =
                    (sum as f32 / n as f32 + noise).clamp(0.0, 255.0) as u8;
            }
        }
    }
}

pub fn jpeg_round_trip(rgb: &[u8], w: u32, h: u32, quality: u8) -> Vec<u8> {
    let mut bytes = Vec::new();
    jpeg_encoder::Encoder::new(&mut bytes, quality)
        .encode(rgb, w as u16, h as u16, jpeg_encoder::ColorType::Rgb)
        .expect("encode");
    let mut decoder = jpeg_decoder::Decoder::new(std::io::Cursor::new(bytes));
    decoder.decode().expect("decode")
}

/// Intersection over union of two convex quadrilaterals, counted on a 160 x 160 sample grid over
/// their bounding box.
pub fn iou(a: &[(f32, f32); 4], b: &[(f32, f32); 4]) -> f32 {
    let xs = a.iter().chain(b).map(|p| p.0);
    let ys = a.iter().chain(b).map(|p| p.1);
    let (x0, x1) = (
        xs.clone().fold(f32::MAX, f32::min),
        xs.fold(f32::MIN, f32::max),
    );
    let (y0, y1) = (
        ys.clone().fold(f32::MAX, f32::min),
        ys.fold(f32::MIN, f32::max),
    );
    let (mut both, mut either) = (0u32, 0u32);
    const N: usize = 160;
    for i in 0..N {
        for j in 0..N {
            let p = (
                x0 + (x1 - x0) * (j as f32 + 0.5) / N as f32,
                y0 + (y1 - y0) * (i as f32 + 0.5) / N as f32,
            );
            let (ia, ib) = (inside(a, p), inside(b, p));
            both += u32::from(ia && ib);
            either += u32::from(ia || ib);
        }
    }
    if either == 0 {
        0.0
    } else {
        both as f32 / either as f32
    }
}

fn inside(poly: &[(f32, f32); 4], p: (f32, f32)) -> bool {
    let mut sign = 0.0f32;
    for i in 0..4 {
        let (a, b) = (poly[i], poly[(i + 1) % 4]);
        let cross = (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
        if cross != 0.0 {
            if sign != 0.0 && cross.signum() != sign {
                return false;
            }
            sign = cross.signum();
        }
    }
    true
}

/// The best IoU of `found` with the true outline or the same outline one or more periods away
/// (in a repeat, every period holds the same print: each is a right answer).
pub fn repeat_iou(
    found: &[(f32, f32); 4],
    truth: &[(f32, f32); 4],
    period: (usize, usize),
    size: (usize, usize),
) -> f32 {
    let (nx, ny) = ((size.0 / period.0) as i32, (size.1 / period.1) as i32);
    let mut best = 0.0f32;
    for ky in -ny..=ny {
        for kx in -nx..=nx {
            let shifted = truth.map(|(x, y)| {
                (
                    x + (kx * period.0 as i32) as f32,
                    y + (ky * period.1 as i32) as f32,
                )
            });
            best = best.max(iou(found, &shifted));
        }
    }
    best
}
