//! Making one colorway's file in a CAD format. Everything streams: a design file is read a band
//! of rows at a time and written as it is read, to a temporary file that is unlinked once open,
//! so a 12,000 x 12,000 design never sits in memory and nothing is left behind on a failure.

use crate::error::CadError;
use crate::settings::CadFormat;
use catalog::model::{Colorway, Design, DesignType};
use imaging::{Band, BandReader, ChannelInfo, ChannelKind, ColorMode, Limits, RowMut, WriteSpec};
use std::fs::File;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};

/// Bytes read at a time when copying a file into a zip.
const COPY_BUFFER: usize = 1 << 20;
use std::path::{Path, PathBuf};
use storage::Storage;
use zip::write::SimpleFileOptions;

/// Where files come from and where they are made.
#[derive(Clone)]
pub struct Workshop {
    pub storage: Storage,
    /// Temporary files: download-all zips in the making, converted files.
    pub scratch: PathBuf,
    pub limits: Limits,
}

/// A colorway of a design, as a CAD file is made of it.
#[derive(Debug, Clone)]
pub struct Piece {
    pub design: Design,
    pub colorway: Colorway,
}

impl Piece {
    pub fn rotary(&self) -> bool {
        DesignType::parse(&self.design.design_type) == Some(DesignType::Rotary)
    }

    /// `01-0001_VR-1`: the design's number and the colorway's name, fit for a file name.
    pub fn stem(&self) -> String {
        file_safe(&format!("{}_{}", self.design.number, self.colorway.name))
    }
}

/// A file ready to hand out, positioned at its start.
pub struct Made {
    pub file: File,
    pub bytes: u64,
    pub name: String,
}

impl Workshop {
    /// The colorway's file in `format`.
    pub fn make(&self, piece: &Piece, format: CadFormat) -> Result<Made, CadError> {
        if !format.fits(piece.rotary()) {
            return Err(CadError::FormatNotForDesign);
        }
        let key = piece
            .colorway
            .source_key
            .as_deref()
            .ok_or(CadError::FileMissing)?;
        let source = self
            .storage
            .fetch(key, &self.scratch)?
            .ok_or(CadError::FileMissing)?;
        let extension = key.rsplit_once('.').map_or("tif", |(_, e)| e);
        match format {
            CadFormat::Original => as_is(&source, format!("{}.{extension}", piece.stem())),
            CadFormat::Production if !piece.rotary() => {
                as_is(&source, format!("{}.{extension}", piece.stem()))
            }
            CadFormat::Production => self.screens(&source, piece),
            CadFormat::Separations => self.separations(&source, piece),
        }
    }

    fn temporary(&self) -> Result<File, CadError> {
        std::fs::create_dir_all(&self.scratch)?;
        Ok(tempfile::tempfile_in(&self.scratch)?)
    }

    /// A rotary design's screens as one multichannel PSD (PSB when a side passes 30,000 px):
    /// the file's spot channels with their names, coloured as in the colorway.
    fn screens(&self, source: &Path, piece: &Piece) -> Result<Made, CadError> {
        let reader = imaging::open(source, &self.limits)?;
        let info = reader.info().clone();
        let spots: Vec<usize> = info.spot_channels().map(|(i, _)| i).collect();
        if spots.is_empty() {
            return Err(CadError::FormatNotForDesign);
        }
        let inks = colorway_inks(piece, &info);
        let channels = spots
            .iter()
            .zip(&inks)
            .map(|(&i, ink)| ChannelInfo {
                name: info.channels[i].name.clone(),
                kind: ChannelKind::Spot,
                color: Some(*ink),
            })
            .collect();
        let spec = WriteSpec {
            width: info.width,
            height: info.height,
            bit_depth: 8,
            color_mode: ColorMode::Multichannel,
            dpi: info.dpi.map_or(72.0, |(x, _)| x),
            channels,
            layer_names: Vec::new(),
            icc_profile: None,
        };
        let big = info.width > 30_000 || info.height > 30_000;
        let mut file = self.temporary()?;
        let mut rows = Rows::new(reader);
        let n = spots.len();
        imaging::write_psd_streaming(BufWriter::new(&mut file), &spec, big, true, |y, row| {
            let src = rows.row(y)?;
            let RowMut::U8(dst) = row else {
                return Err(imaging::ImagingError::Encode("8-bit rows expected".into()));
            };
            let stride = src.len() / info.width as usize;
            for (x, pixel) in dst.chunks_exact_mut(n).enumerate() {
                for (k, &c) in spots.iter().enumerate() {
                    pixel[k] = src[x * stride + c];
                }
            }
            Ok(())
        })?;
        let extension = if big { "psb" } else { "psd" };
        finished(file, format!("{}.{extension}", piece.stem()))
    }

    /// One grayscale TIFF per screen (black where the screen prints), zipped. One pass over the
    /// design file per screen: only a band of rows is ever held.
    fn separations(&self, source: &Path, piece: &Piece) -> Result<Made, CadError> {
        let info = imaging::read_info(source, &self.limits)?;
        let spots: Vec<(usize, String)> = info
            .spot_channels()
            .map(|(i, c)| (i, c.name.clone()))
            .collect();
        if spots.is_empty() {
            return Err(CadError::FormatNotForDesign);
        }
        let mut zip = zip::ZipWriter::new(self.temporary()?);
        for (n, (channel, name)) in spots.iter().enumerate() {
            let mut tiff = self.temporary()?;
            let spec = WriteSpec {
                width: info.width,
                height: info.height,
                bit_depth: 8,
                color_mode: ColorMode::Gray,
                dpi: info.dpi.map_or(72.0, |(x, _)| x),
                channels: vec![ChannelInfo {
                    name: "Gray".into(),
                    kind: ChannelKind::Process,
                    color: None,
                }],
                layer_names: Vec::new(),
                icc_profile: None,
            };
            let mut rows = Rows::new(imaging::open(source, &self.limits)?);
            imaging::write_tiff_streaming(
                BufWriter::new(&mut tiff),
                &spec,
                &imaging::TiffOptions::default(),
                |y, row| {
                    let src = rows.row(y)?;
                    let RowMut::U8(dst) = row else {
                        return Err(imaging::ImagingError::Encode("8-bit rows expected".into()));
                    };
                    let stride = src.len() / info.width as usize;
                    for (x, gray) in dst.iter_mut().enumerate() {
                        // Coverage to film: full ink is black.
                        *gray = 255 - src[x * stride + channel];
                    }
                    Ok(())
                },
            )?;
            let entry = format!("{:02}_{}.tif", n + 1, file_safe(name));
            add_to_zip(&mut zip, &entry, &mut tiff)?;
        }
        let file = zip.finish()?;
        finished(file, format!("{}_separations.zip", piece.stem()))
    }
}

/// The colorway's inks, one per spot channel: its own where it has them, else the file's.
fn colorway_inks(piece: &Piece, info: &imaging::ImageInfo) -> Vec<[u8; 3]> {
    let own: Vec<String> = serde_json::from_str(&piece.colorway.inks).unwrap_or_default();
    imaging::color::file_inks(info)
        .into_iter()
        .enumerate()
        .map(|(i, file)| {
            own.get(i)
                .and_then(|hex| desen_core::color::parse_hex(hex))
                .unwrap_or(file)
        })
        .collect()
}

/// A name fit for a file: letters, digits and `-`; anything else becomes `_`.
pub fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn as_is(path: &Path, name: String) -> Result<Made, CadError> {
    let file = File::open(path)?;
    let bytes = file.metadata()?.len();
    Ok(Made { file, bytes, name })
}

fn finished(mut file: File, name: String) -> Result<Made, CadError> {
    file.flush()?;
    let bytes = file.seek(SeekFrom::End(0))?;
    file.seek(SeekFrom::Start(0))?;
    Ok(Made { file, bytes, name })
}

/// Copies a whole file into the zip as one stored entry (design files are compressed already;
/// storing keeps a download-all at the speed of the disk).
pub fn add_to_zip<W: Write + Seek>(
    zip: &mut zip::ZipWriter<W>,
    name: &str,
    file: &mut File,
) -> Result<u64, CadError> {
    let bytes = file.seek(SeekFrom::End(0))?;
    file.seek(SeekFrom::Start(0))?;
    let options = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .large_file(bytes >= u64::from(u32::MAX));
    zip.start_file(name, options)?;
    // Large reads: a design file is hundreds of megabytes.
    let mut buffer = vec![0u8; COPY_BUFFER];
    loop {
        let read = file.read(&mut buffer)?;
        if read == 0 {
            break;
        }
        zip.write_all(&buffer[..read])?;
    }
    Ok(bytes)
}

/// The rows of a design file, top to bottom, one band held at a time.
struct Rows {
    reader: Box<dyn BandReader>,
    band: Option<Band>,
}

impl Rows {
    fn new(reader: Box<dyn BandReader>) -> Self {
        Rows { reader, band: None }
    }

    fn row(&mut self, y: u32) -> Result<&[u8], imaging::ImagingError> {
        while !self
            .band
            .as_ref()
            .is_some_and(|b| y >= b.top && y < b.top + b.rows)
        {
            let next = self.reader.next_band()?;
            self.band = Some(next.ok_or_else(|| {
                imaging::ImagingError::Corrupt(format!("the file ends before row {y}"))
            })?);
        }
        let band = self
            .band
            .as_ref()
            .ok_or_else(|| imaging::ImagingError::Corrupt(format!("no band for row {y}")))?;
        Ok(band.row(y - band.top))
    }
}
