//! A handful of sample production files for journeys and manual tries.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use anyhow::Context;
use imaging::TiffOptions;

use crate::canvas::Role;
use crate::files::{self, Container, FileSpec, Model};
use crate::palette::{self, Mood};
use crate::patterns::Kind;

pub fn write(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut out = Vec::new();

    // Two colourings of one floral, 1200 x 900 px: a 600 x 450 repeat, twice each way.
    let rose = Kind::Rose.generate(600, 450, 5, 1201);
    let roles: Vec<Role> = rose.channels.iter().map(|c| c.role).collect();
    let spec = FileSpec {
        container: Container::Tiff(TiffOptions::default()),
        model: Model::Rgb,
        depth: 8,
        dpi: 150.0,
        layer_names: Vec::new(),
        repeats: (2, 2),
    };
    for n in 0..2 {
        let hue = 350.0;
        let inks: Vec<[u8; 3]> = roles
            .iter()
            .map(|r| palette::ink(*r, Mood::Vivid, hue, n))
            .collect();
        let ground = palette::ink(Role::Ground, Mood::Vivid, hue, n);
        let rgb = palette::composite(&rose, &inks, ground, None);
        let path = dir.join(format!("rose_VR{}.tif", n + 1));
        files::write_digital(&path, &rgb, rose.w, rose.h, &spec)?;
        out.push(path);
    }

    // A rotary paisley: six named spot channels with their inks, 1600 x 1200 px PSB.
    let paisley = Kind::Paisley.generate(800, 600, 6, 1602);
    let roles: Vec<Role> = paisley.channels.iter().map(|c| c.role).collect();
    let inks: Vec<[u8; 3]> = roles
        .iter()
        .map(|r| palette::ink(*r, Mood::Classic, 25.0, 0))
        .collect();
    let spec = FileSpec {
        container: Container::Psb,
        model: Model::Multichannel,
        depth: 8,
        dpi: 300.0,
        layer_names: Vec::new(),
        repeats: (2, 2),
    };
    let path = dir.join("paisley.psb");
    files::write_rotary(&path, &paisley, &inks, &spec)?;
    out.push(path);

    // A PNG dressed as a TIFF: the upload must refuse it by content.
    let path = dir.join("not-really.tif");
    write_png(&path, 64, 48)?;
    out.push(path);
    Ok(out)
}

/// A small RGB gradient as PNG.
fn write_png(path: &Path, w: u32, h: u32) -> anyhow::Result<()> {
    let file = File::create(path).with_context(|| format!("creating {}", path.display()))?;
    let mut encoder = png::Encoder::new(BufWriter::new(file), w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    let mut data = Vec::with_capacity((w * h * 3) as usize);
    for y in 0..h {
        for x in 0..w {
            data.extend_from_slice(&[(x * 255 / w) as u8, (y * 255 / h) as u8, 160]);
        }
    }
    writer.write_image_data(&data)?;
    writer.finish()?;
    Ok(())
}
