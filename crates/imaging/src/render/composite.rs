//! Compositing one colorway: from a band row (all channels) and its process image in sRGB to the
//! colorway's sRGB row.
//!
//! - **Digital** (no spot channels): the process image itself; with an alpha channel it is laid
//!   over the fabric colour (`out = a·rgb + (1−a)·fabric`, on the sRGB values as browsers do).
//!   Without alpha the fabric plays no part.
//! - **Rotary** (spot channels): in linear light, start from the fabric; if the file has process
//!   channels, multiply by the process image (laid over white by its alpha, if any) — it is
//!   printed on the fabric too. Then each spot channel in file order applies its ink
//!   multiplicatively, `out = out · (1 − cov + cov · ink)` per component, `cov` = coverage / 255.
//!   Full ink over white gives the ink; 50 % coverage gives the linear-light midpoint; two inks
//!   overlapping multiply. Each (channel, coverage) factor comes from a 256-entry table and the
//!   result goes back to sRGB through a 64 Ki-entry table.

use crate::color::LinearLuts;

/// Four f32 lanes aligned for one SIMD load.
#[derive(Debug, Clone, Copy, Default)]
#[repr(align(16))]
pub(crate) struct F4([f32; 4]);

impl F4 {
    /// Lane-wise product, written as one array expression so it compiles to a single `mulps`.
    #[inline(always)]
    fn mul(&mut self, f: &F4) {
        let (a, b) = (self.0, f.0);
        self.0 = [a[0] * b[0], a[1] * b[1], a[2] * b[2], a[3] * b[3]];
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Compositor {
    /// Channel index of each spot channel, in order.
    spots: Vec<usize>,
    /// Per spot channel: the linear-light factor per coverage value and component (4 lanes, the
    /// last unused, so a factor is one SIMD multiply).
    luts: Vec<[F4; 256]>,
    fabric: [u8; 3],
    fabric_lin: [f32; 3],
    alpha: Option<usize>,
    has_process: bool,
    channels: usize,
    luts_srgb: LinearLuts,
}

impl Compositor {
    pub(crate) fn new(
        spots: &[usize],
        inks: &[[u8; 3]],
        fabric: [u8; 3],
        alpha: Option<usize>,
        has_process: bool,
        channels: usize,
    ) -> Self {
        let l = LinearLuts::get();
        let luts = inks
            .iter()
            .map(|ink| {
                let lin = ink.map(|c| l.decode(c));
                let mut t = [F4::default(); 256];
                for (cov, f) in t.iter_mut().enumerate() {
                    let c = cov as f32 / 255.0;
                    let [r, g, b] = [0, 1, 2].map(|k| 1.0 - c + c * lin[k]);
                    *f = F4([r, g, b, 1.0]);
                }
                t
            })
            .collect();
        Self {
            spots: spots.to_vec(),
            luts,
            fabric,
            fabric_lin: fabric.map(|c| l.decode(c)),
            alpha,
            has_process,
            channels,
            luts_srgb: l,
        }
    }

    /// The colorway is the process image unchanged (digital, no alpha): no work per pixel.
    pub(crate) fn is_passthrough(&self) -> bool {
        self.spots.is_empty() && self.alpha.is_none() && self.has_process
    }

    /// Composites one row. `src`: the band row (all channels); `process`: its process image as
    /// sRGB (`width * 3`, ignored without process channels); `out`: `width * 3`; `scratch`: a
    /// reusable buffer (one linear-light value per pixel).
    pub(crate) fn row(&self, src: &[u8], process: &[u8], out: &mut [u8], scratch: &mut Vec<F4>) {
        let ch = self.channels.max(1);
        if self.spots.is_empty() {
            self.digital_row(src, process, out, ch);
        } else {
            self.rotary_row(src, process, out, ch, scratch);
        }
    }

    fn digital_row(&self, src: &[u8], process: &[u8], out: &mut [u8], ch: usize) {
        if !self.has_process {
            for o in out.chunks_exact_mut(3) {
                o.copy_from_slice(&self.fabric);
            }
            return;
        }
        match self.alpha {
            None => out.copy_from_slice(&process[..out.len()]),
            Some(ai) => {
                let f = self.fabric.map(u32::from);
                for ((o, p), s) in out
                    .chunks_exact_mut(3)
                    .zip(process.chunks_exact(3))
                    .zip(src.chunks_exact(ch))
                {
                    let a = s[ai] as u32;
                    for ((o, &p), f) in o.iter_mut().zip(p).zip(f) {
                        *o = ((p as u32 * a + f * (255 - a) + 127) / 255) as u8;
                    }
                }
            }
        }
    }

    /// Spot-major: the row's linear values are multiplied by one channel's factors at a time,
    /// so successive pixels are independent multiplies (no per-pixel dependency chain through
    /// all the inks) and the loop runs at load/multiply throughput.
    fn rotary_row(&self, src: &[u8], process: &[u8], out: &mut [u8], ch: usize, acc: &mut Vec<F4>) {
        let l = &self.luts_srgb;
        let fl = self.fabric_lin;
        let n = out.len() / 3;
        let start = F4([fl[0], fl[1], fl[2], 1.0]);
        acc.clear();
        acc.resize(n, start);
        if self.has_process {
            let process = &process[..n * 3];
            match self.alpha {
                None => {
                    for (v, p) in acc.iter_mut().zip(process.chunks_exact(3)) {
                        for (v, &p) in v.0.iter_mut().zip(p) {
                            *v *= l.decode(p);
                        }
                    }
                }
                Some(ai) => {
                    for ((v, p), s) in acc
                        .iter_mut()
                        .zip(process.chunks_exact(3))
                        .zip(src.chunks_exact(ch))
                    {
                        let a = s[ai] as f32 / 255.0;
                        for (v, &p) in v.0.iter_mut().zip(p) {
                            *v *= a * l.decode(p) + (1.0 - a);
                        }
                    }
                }
            }
        }
        for (lut, &si) in self.luts.iter().zip(&self.spots) {
            let cov = src.get(si..).unwrap_or(&[]);
            for (v, c) in acc.iter_mut().zip(cov.iter().step_by(ch)) {
                v.mul(&lut[*c as usize]);
            }
        }
        for (o, v) in out.chunks_exact_mut(3).zip(acc.iter()) {
            o[0] = l.encode(v.0[0]);
            o[1] = l.encode(v.0[1]);
            o[2] = l.encode(v.0[2]);
        }
    }
}
