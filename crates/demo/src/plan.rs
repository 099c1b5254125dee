//! Which designs the demo archive has: a deterministic list of rotary and digital designs with
//! their pattern, file format, size, resolution, depth, screens and colorways.

use imaging::{TiffCompression, TiffOptions};

use crate::canvas::Role;
use crate::files::{Container, FileSpec, Model};
use crate::palette::{self, Mood};
use crate::patterns::Kind;
use crate::rng::Rng;

/// How big a demo archive to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DemoSize {
    /// About 60 designs at production-like sizes (800..2400 px).
    Full,
    /// Six small designs covering every kind of file: for tests.
    Small,
}

/// One design of the demo archive.
#[derive(Debug, Clone)]
pub struct DesignPlan {
    /// The file name without colorway marker and extension: `Gül_Bahçesi_4821`.
    pub stem: String,
    pub kind: Kind,
    pub rotary: bool,
    pub file: FileSpec,
    /// The repeat tile; the file is `file.repeats` tiles.
    pub tile: (usize, usize),
    pub channels: usize,
    pub colorways: usize,
    pub mood: Mood,
    pub hue: f32,
    pub seed: u64,
    /// 0: the main archive, 1: the digital archive.
    pub archive: usize,
    /// Shading of digital designs (0 for flat colour).
    pub shading: f32,
}

impl DesignPlan {
    #[cfg(test)]
    pub fn size(&self) -> (usize, usize) {
        (
            self.tile.0 * self.file.repeats.0,
            self.tile.1 * self.file.repeats.1,
        )
    }

    /// The name of colorway `n`'s file: `stem_VR1.psd`, or `stem.psd` for a design with one.
    pub fn file_name(&self, n: usize) -> String {
        let ext = self.file.container.extension();
        if self.colorways == 1 {
            format!("{}.{ext}", self.stem)
        } else {
            format!("{}_VR{}.{ext}", self.stem, n + 1)
        }
    }

    /// The inks of colorway `n`, one per channel in the order of `roles`.
    pub fn inks(&self, roles: &[Role], n: usize) -> Vec<[u8; 3]> {
        roles
            .iter()
            .map(|r| palette::ink(*r, self.mood, self.hue, n))
            .collect()
    }
}

fn titles(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Rose => &[
            "Gül Bahçesi",
            "Vintage Rose",
            "Yaban Gülü",
            "Rose Garden",
            "Пионы",
            "Saray Gülü",
        ],
        Kind::Ditsy => &[
            "Kır Çiçekleri",
            "Ditsy Meadow",
            "Papatya",
            "Mini Floral",
            "Lavanta",
            "Полевые цветы",
        ],
        Kind::Paisley => &["Şal Deseni", "Kashmir", "Boteh", "Пейсли", "Osmanlı Şal"],
        Kind::Polka => &["Puantiye", "Polka Party", "Горошек", "Retro Dots"],
        Kind::Stripes => &[
            "Marine Stripe",
            "Çizgili Keten",
            "Breton",
            "Полоска",
            "Candy Stripe",
        ],
        Kind::Checks => &["Ekose", "Gingham", "Highland Tartan", "Клетка", "Madras"],
        Kind::Houndstooth => &["Kaz Ayağı", "Houndstooth", "Pied de Poule"],
        Kind::Diamonds => &["Baklava", "Argyle", "Rhombus", "Ромбы"],
        Kind::Leaves => &[
            "Tropik Yaprak",
            "Monstera",
            "Autumn Leaves",
            "Листья",
            "Eğrelti",
        ],
        Kind::Ikat => &["İkat", "Ikat Diamond", "Özbek İkat", "Икат"],
    }
}

/// The studio's file name: title words joined by underscores, then a four-digit code.
fn stem(title: &str, code: usize) -> String {
    format!("{}_{code:04}", title.replace(' ', "_"))
}

fn tiff(compression: TiffCompression, predictor: bool) -> Container {
    Container::Tiff(TiffOptions {
        compression,
        predictor,
        ..TiffOptions::default()
    })
}

/// A side of the file (a multiple of 120) and how often the tile repeats along it. Most
/// designs are 840..1440 px a side so the whole archive imports in about a minute on two
/// cores (debug build, image crates optimised); a few large ones are 1920..2400.
fn side(rng: &mut Rng, large: bool) -> (usize, usize) {
    if large {
        return (rng.pick(&[1920, 2160, 2400]) / 2, 2);
    }
    let len: usize = rng.pick(&[840, 840, 960, 960, 1080, 1200, 1440]);
    if len.is_multiple_of(240) && rng.chance(0.45) {
        (len / 2, 2)
    } else {
        (len, 1)
    }
}

pub fn plan(size: DemoSize) -> Vec<DesignPlan> {
    match size {
        DemoSize::Full => full(),
        DemoSize::Small => small(),
    }
}

const DESIGNS: usize = 60;
/// The order in which rotary and digital designs take the file formats of the matches below,
/// so that every format appears early.
const ROTARY_FORMATS: [usize; 10] = [0, 6, 8, 1, 2, 7, 3, 9, 4, 5];
const DIGITAL_FORMATS: [usize; 20] = [
    0, 12, 15, 7, 9, 18, 8, 17, 10, 11, 1, 13, 16, 2, 3, 14, 4, 5, 6, 19,
];
/// Designs made 1920..2400 px a side.
const LARGE: [usize; 3] = [8, 24, 45];

fn full() -> Vec<DesignPlan> {
    let mut rng = Rng::new(2025);
    let mut used = std::collections::BTreeMap::<Kind, usize>::new();
    let mut out = Vec::with_capacity(DESIGNS);
    let rotary_kinds = [
        Kind::Rose,
        Kind::Paisley,
        Kind::Ditsy,
        Kind::Stripes,
        Kind::Polka,
        Kind::Checks,
        Kind::Leaves,
        Kind::Diamonds,
        Kind::Houndstooth,
        Kind::Ikat,
        Kind::Rose,
        Kind::Paisley,
    ];
    let digital_kinds = [
        Kind::Rose,
        Kind::Leaves,
        Kind::Ikat,
        Kind::Ditsy,
        Kind::Paisley,
        Kind::Diamonds,
        Kind::Stripes,
        Kind::Checks,
        Kind::Polka,
        Kind::Houndstooth,
    ];
    let (mut r, mut d) = (0, 0);
    for i in 0..DESIGNS {
        let mut g = rng.fork(i as u64);
        let rotary = matches!(i % 5, 0 | 1 | 3);
        let kind = if rotary {
            r += 1;
            rotary_kinds[(r - 1) % rotary_kinds.len()]
        } else {
            d += 1;
            digital_kinds[(d - 1) % digital_kinds.len()]
        };
        let nth = used.entry(kind).or_default();
        let title = titles(kind)[*nth % titles(kind).len()];
        *nth += 1;
        let code = 1000 + (i * 7919 + 4211) % 9000;
        let large = LARGE.contains(&i);
        let (tw, rx) = side(&mut g, large);
        let (th, ry) = side(&mut g, large);
        let (lo, hi) = kind.channel_range();
        let dpi = g.pick(&[72.0, 150.0, 150.0, 300.0, 300.0]);
        let mood = g.pick(&[Mood::Pastel, Mood::Vivid, Mood::Dark, Mood::Classic]);
        let (file, channels, colorways, archive, shading) = if rotary {
            let (container, model, layer_names) = match ROTARY_FORMATS[(r - 1) % 10] {
                0..=5 => (Container::Psd, Model::Multichannel, Vec::new()),
                6 | 7 => (Container::Psb, Model::Multichannel, Vec::new()),
                _ => (
                    Container::Psd,
                    Model::RgbSpots,
                    vec![
                        "Arka plan".to_owned(),
                        "Motif".to_owned(),
                        "Rapor kontrol".to_owned(),
                    ],
                ),
            };
            // Every screen count from 2 to 8 appears.
            let wanted = 2 + (r - 1) % 7;
            let channels = wanted.clamp(lo, hi);
            let depth = if g.chance(0.12) { 16 } else { 8 };
            let file = FileSpec {
                container,
                model,
                depth,
                dpi,
                layer_names,
                repeats: (rx, ry),
            };
            let colorways = if large {
                2
            } else {
                g.pick(&[2, 2, 2, 3, 3, 3, 4, 4, 5])
            };
            (file, channels, colorways, 0, 0.0)
        } else {
            let (container, model, layer_names) = match DIGITAL_FORMATS[(d - 1) % 20] {
                0..=6 => (tiff(TiffCompression::Lzw, true), Model::Rgb, Vec::new()),
                7 => (tiff(TiffCompression::Deflate, true), Model::Rgb, Vec::new()),
                8 => (
                    tiff(TiffCompression::PackBits, false),
                    Model::Rgb,
                    Vec::new(),
                ),
                9 => (
                    Container::Tiff(TiffOptions {
                        tiled: Some(256),
                        ..TiffOptions::default()
                    }),
                    Model::Rgb,
                    Vec::new(),
                ),
                10 => (
                    Container::Tiff(TiffOptions {
                        planar_separate: true,
                        ..TiffOptions::default()
                    }),
                    Model::Rgb,
                    Vec::new(),
                ),
                11 => (
                    Container::Tiff(TiffOptions {
                        bigtiff: true,
                        ..TiffOptions::default()
                    }),
                    Model::Rgb,
                    Vec::new(),
                ),
                12..=14 => (
                    Container::Psd,
                    Model::Rgb,
                    vec![
                        "Zemin".to_owned(),
                        "Motif".to_owned(),
                        "Gölge".to_owned(),
                        "Doku".to_owned(),
                    ],
                ),
                15 | 16 => (tiff(TiffCompression::Lzw, false), Model::Cmyk, Vec::new()),
                17 => (Container::Psd, Model::Cmyk, vec!["Katman 1".to_owned()]),
                _ => (
                    Container::Psb,
                    Model::Rgb,
                    vec!["Background".to_owned(), "Pattern".to_owned()],
                ),
            };
            let depth = if g.chance(0.2) { 16 } else { 8 };
            let file = FileSpec {
                container,
                model,
                depth,
                dpi,
                layer_names,
                repeats: (rx, ry),
            };
            let colorways = if large {
                2
            } else {
                g.pick(&[1, 2, 2, 2, 3, 3, 4])
            };
            let archive = if d % 3 == 0 { 0 } else { 1 };
            (
                file,
                g.between(lo.max(3), hi),
                colorways,
                archive,
                g.pick(&[0.04, 0.08, 0.12]),
            )
        };
        out.push(DesignPlan {
            stem: stem(title, code),
            kind,
            rotary,
            file,
            tile: (tw, th),
            channels,
            colorways,
            mood,
            hue: g.range(0.0, 360.0),
            seed: g.next_u64(),
            archive,
            shading,
        });
    }
    out
}

fn small() -> Vec<DesignPlan> {
    let mk = |title: &'static str,
              kind: Kind,
              rotary: bool,
              file: FileSpec,
              tile: (usize, usize),
              channels: usize,
              colorways: usize,
              i: usize| DesignPlan {
        stem: stem(title, 5000 + i),
        kind,
        rotary,
        file,
        tile,
        channels,
        colorways,
        mood: [Mood::Vivid, Mood::Classic, Mood::Pastel, Mood::Dark][i % 4],
        hue: 40.0 * i as f32,
        seed: 77 + i as u64,
        archive: usize::from(!rotary),
        shading: if rotary { 0.0 } else { 0.06 },
    };
    let spec = |container, model, depth, dpi, layers: &[&str]| FileSpec {
        container,
        model,
        depth,
        dpi,
        layer_names: layers.iter().map(|s| (*s).to_owned()).collect(),
        repeats: (1, 1),
    };
    vec![
        mk(
            "Gül Bahçesi",
            Kind::Rose,
            true,
            spec(Container::Psd, Model::Multichannel, 8, 300.0, &[]),
            (360, 240),
            5,
            3,
            0,
        ),
        mk(
            "Şal Deseni",
            Kind::Paisley,
            true,
            spec(Container::Psb, Model::Multichannel, 16, 150.0, &[]),
            (360, 360),
            6,
            2,
            1,
        ),
        mk(
            "Marine Stripe",
            Kind::Stripes,
            true,
            spec(
                Container::Psd,
                Model::RgbSpots,
                8,
                72.0,
                &["Arka plan", "Motif"],
            ),
            (240, 240),
            3,
            4,
            2,
        ),
        mk(
            "Kır Çiçekleri",
            Kind::Ditsy,
            false,
            spec(tiff(TiffCompression::Lzw, true), Model::Rgb, 8, 150.0, &[]),
            (360, 240),
            4,
            3,
            3,
        ),
        mk(
            "Ekose",
            Kind::Checks,
            false,
            spec(
                tiff(TiffCompression::Lzw, false),
                Model::Cmyk,
                8,
                300.0,
                &[],
            ),
            (240, 240),
            4,
            2,
            4,
        ),
        mk(
            "İkat",
            Kind::Ikat,
            false,
            spec(Container::Psd, Model::Rgb, 16, 72.0, &["Zemin", "Motif"]),
            (360, 240),
            4,
            1,
            5,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_full_plan_is_varied_and_fits_the_brief() {
        let plans = plan(DemoSize::Full);
        assert_eq!(plans.len(), DESIGNS);
        let stems: std::collections::BTreeSet<_> =
            plans.iter().map(|p| p.stem.to_lowercase()).collect();
        assert_eq!(stems.len(), plans.len(), "stems are unique");
        for p in &plans {
            let (w, h) = p.size();
            assert!(
                (800..=2400).contains(&w) && (800..=2400).contains(&h),
                "{} {w}x{h}",
                p.stem
            );
            if p.rotary {
                assert!((2..=8).contains(&p.channels) && (2..=5).contains(&p.colorways));
                assert!(matches!(
                    p.file.model,
                    Model::Multichannel | Model::RgbSpots
                ));
            }
        }
        let screens: std::collections::BTreeSet<_> = plans
            .iter()
            .filter(|p| p.rotary)
            .map(|p| p.channels)
            .collect();
        assert_eq!(
            screens.into_iter().collect::<Vec<_>>(),
            (2..=8).collect::<Vec<_>>()
        );
        let rotary_colorways: std::collections::BTreeSet<_> = plans
            .iter()
            .filter(|p| p.rotary)
            .map(|p| p.colorways)
            .collect();
        assert_eq!(
            rotary_colorways.into_iter().collect::<Vec<_>>(),
            [2, 3, 4, 5]
        );
        // The import's work: megapixels over all colorway files (keeps the seed near a minute).
        let files: usize = plans.iter().map(|p| p.colorways).sum();
        let mpx: f64 = plans
            .iter()
            .map(|p| (p.size().0 * p.size().1 * p.colorways) as f64 / 1e6)
            .sum();
        eprintln!("{files} files, {mpx:.0} Mpx");
        assert!(files < 190 && mpx < 220.0, "{files} files, {mpx:.0} Mpx");
        assert!(plans.iter().any(|p| p.file.depth == 16));
        assert!(plans.iter().any(|p| p.file.model == Model::Cmyk));
        assert!(plans.iter().any(|p| !p.file.layer_names.is_empty()));
        for dpi in [72.0, 150.0, 300.0] {
            assert!(plans.iter().any(|p| p.file.dpi == dpi));
        }
    }
}
