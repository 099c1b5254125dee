//! Line sheets for buyers: a design's or a list's colorways as CSV or PDF (thumbnail, number,
//! colorway, size in cm, labels), in the user's language.
//!
//! The PDF is written here, object by object: A4 pages of rows, each with the colorway's card
//! thumbnail (its JPEG as stored, `DCTDecode`) and the text set in DejaVu Sans (embedded whole as
//! a `CIDFontType2` with `Identity-H` and a `ToUnicode` map, so Turkish and Cyrillic text shows
//! and can be copied).

use desen_core::Language;
use flate2::Compression;
use flate2::write::ZlibEncoder;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;

/// One colorway on the sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetRow {
    pub number: String,
    pub colorway: String,
    pub width_cm: f64,
    pub height_cm: f64,
    pub labels: Vec<String>,
    /// The card thumbnail's JPEG, when it could be read.
    pub thumbnail: Option<Vec<u8>>,
}

/// The sheet's file types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetFormat {
    Csv,
    Pdf,
}

impl SheetFormat {
    pub fn parse(text: &str) -> Option<SheetFormat> {
        match text.trim().to_ascii_lowercase().as_str() {
            "csv" => Some(SheetFormat::Csv),
            "pdf" => Some(SheetFormat::Pdf),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            SheetFormat::Csv => "csv",
            SheetFormat::Pdf => "pdf",
        }
    }
}

/// The column titles: number, colorway, width, height, labels.
fn titles(language: Language) -> [&'static str; 5] {
    match language {
        Language::Tr => ["Desen no", "Varyant", "En (cm)", "Boy (cm)", "Etiketler"],
        Language::En => [
            "Design no",
            "Colorway",
            "Width (cm)",
            "Height (cm)",
            "Labels",
        ],
        Language::Ru => [
            "Номер дизайна",
            "Колорит",
            "Ширина (см)",
            "Высота (см)",
            "Метки",
        ],
    }
}

/// The title of a search page's sheet: "Archive, page 3".
pub fn search_title(language: Language, page: u32) -> String {
    match language {
        Language::Tr => format!("Arşiv, sayfa {page}"),
        Language::En => format!("Archive, page {page}"),
        Language::Ru => format!("Архив, страница {page}"),
    }
}

fn size(cm: f64) -> String {
    format!("{cm:.1}")
}

/// CSV (RFC 4180, UTF-8 with a byte order mark; formula-like cells defused).
pub fn csv(rows: &[SheetRow], language: Language) -> Vec<u8> {
    let titles = titles(language).map(str::to_owned);
    let lines = rows.iter().map(|row| {
        [
            row.number.clone(),
            row.colorway.clone(),
            size(row.width_cm),
            size(row.height_cm),
            row.labels.join("; "),
        ]
    });
    desen_core::text::csv(std::iter::once(titles).chain(lines))
}

// ---- PDF ----------------------------------------------------------------------------------

const PAGE_W: f64 = 595.28;
const PAGE_H: f64 = 841.89;
const MARGIN: f64 = 40.0;
const ROW_H: f64 = 120.0;
const THUMB_W: f64 = 120.0;
const THUMB_H: f64 = 90.0;
const TEXT_X: f64 = MARGIN + THUMB_W + 18.0;
const FONT_SIZE: f64 = 10.0;

/// The font: glyph ids and advance widths (per 1000 em) of the characters used.
struct Font {
    face: ttf_parser::Face<'static>,
    bytes: &'static [u8],
    used: BTreeMap<u16, (char, u16)>,
}

impl Font {
    fn new() -> Font {
        let bytes = dejavu::sans::regular();
        let face = ttf_parser::Face::parse(bytes, 0)
            .unwrap_or_else(|_| unreachable!("DejaVu Sans, compiled in, is a valid font"));
        Font {
            face,
            bytes,
            used: BTreeMap::new(),
        }
    }

    /// The text as a hex string of glyph ids, remembering each glyph for the widths and the
    /// ToUnicode map; characters the font lacks show as its missing glyph.
    fn encode(&mut self, text: &str) -> String {
        let per_em = f64::from(self.face.units_per_em());
        let mut hex = String::from("<");
        for c in text.chars() {
            let glyph = self.face.glyph_index(c).map_or(0, |g| g.0);
            let advance = self
                .face
                .glyph_hor_advance(ttf_parser::GlyphId(glyph))
                .unwrap_or(0);
            let width = (f64::from(advance) * 1000.0 / per_em).round() as u16;
            self.used.entry(glyph).or_insert((c, width));
            let _ = write!(hex, "{glyph:04X}");
        }
        hex.push('>');
        hex
    }

    /// The text's width at `size` points.
    fn width(&self, text: &str, size: f64) -> f64 {
        let per_em = f64::from(self.face.units_per_em());
        text.chars()
            .map(|c| {
                let glyph = self.face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
                f64::from(self.face.glyph_hor_advance(glyph).unwrap_or(0)) / per_em * size
            })
            .sum()
    }
}

/// Writes numbered objects and remembers where each starts.
struct Pdf {
    out: Vec<u8>,
    offsets: Vec<usize>,
}

impl Pdf {
    fn new() -> Pdf {
        Pdf {
            out: b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n".to_vec(),
            offsets: Vec::new(),
        }
    }

    /// Reserves an object number.
    fn reserve(&mut self) -> usize {
        self.offsets.push(0);
        self.offsets.len()
    }

    fn object(&mut self, id: usize, body: &str) {
        self.offsets[id - 1] = self.out.len();
        let _ = write!(self.out, "{id} 0 obj\n{body}\nendobj\n");
    }

    fn stream(&mut self, id: usize, dictionary: &str, data: &[u8]) {
        self.offsets[id - 1] = self.out.len();
        let _ = write!(
            self.out,
            "{id} 0 obj\n<< {dictionary} /Length {} >>\nstream\n",
            data.len()
        );
        self.out.extend_from_slice(data);
        self.out.extend_from_slice(b"\nendstream\nendobj\n");
    }

    fn finish(mut self, root: usize, info: usize) -> Vec<u8> {
        let xref = self.out.len();
        let _ = write!(
            self.out,
            "xref\n0 {}\n0000000000 65535 f \n",
            self.offsets.len() + 1
        );
        for offset in &self.offsets {
            let _ = writeln!(self.out, "{offset:010} 00000 n ");
        }
        let _ = write!(
            self.out,
            "trailer\n<< /Size {} /Root {root} 0 R /Info {info} 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            self.offsets.len() + 1
        );
        self.out
    }
}

fn deflate(data: &[u8]) -> Vec<u8> {
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::default());
    let _ = encoder.write_all(data);
    encoder.finish().unwrap_or_default()
}

/// A PDF text string (UTF-16BE with a byte order mark), for the document's title.
fn text_string(text: &str) -> String {
    let mut hex = String::from("<FEFF");
    for unit in text.encode_utf16() {
        let _ = write!(hex, "{unit:04X}");
    }
    hex.push('>');
    hex
}

/// The size of a baseline or progressive JPEG, from its frame header.
fn jpeg_size(jpeg: &[u8]) -> Option<(u16, u16)> {
    let mut at = 2;
    while at + 9 < jpeg.len() {
        if jpeg[at] != 0xFF {
            return None;
        }
        let marker = jpeg[at + 1];
        let length = usize::from(u16::from_be_bytes([jpeg[at + 2], jpeg[at + 3]]));
        if matches!(marker, 0xC0..=0xC2) {
            let height = u16::from_be_bytes([jpeg[at + 5], jpeg[at + 6]]);
            let width = u16::from_be_bytes([jpeg[at + 7], jpeg[at + 8]]);
            return Some((width, height));
        }
        at += 2 + length;
    }
    None
}

/// Cuts a text into lines no wider than `width` at `size` points, at spaces.
fn wrap(font: &Font, text: &str, width: f64, size: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if font.width(&candidate, size) > width && !line.is_empty() {
            lines.push(std::mem::replace(&mut line, word.to_owned()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Sets one line of text at (x, y).
fn text(ops: &mut String, font: &mut Font, x: f64, y: f64, size: f64, s: &str) {
    let _ = writeln!(
        ops,
        "BT /F1 {size} Tf {x:.2} {y:.2} Td {} Tj ET",
        font.encode(s)
    );
}

/// A4 pages of rows: the title on top, then each colorway with its thumbnail and facts.
pub fn pdf(rows: &[SheetRow], title: &str, language: Language) -> Vec<u8> {
    let mut font = Font::new();
    let mut pdf = Pdf::new();
    let catalog = pdf.reserve();
    let pages = pdf.reserve();
    let info = pdf.reserve();
    let type0 = pdf.reserve();
    let per_page = ((PAGE_H - 2.0 * MARGIN - 30.0) / ROW_H).floor().max(1.0) as usize;
    let [number_t, colorway_t, width_t, height_t, labels_t] = titles(language);
    let mut page_ids = Vec::new();
    let chunks: Vec<&[SheetRow]> = if rows.is_empty() {
        vec![&[]]
    } else {
        rows.chunks(per_page).collect()
    };
    for (p, chunk) in chunks.iter().enumerate() {
        let page = pdf.reserve();
        let content = pdf.reserve();
        let mut images = String::new();
        let mut ops = String::new();
        let top = PAGE_H - MARGIN;
        text(&mut ops, &mut font, MARGIN, top - 14.0, 14.0, title);
        let folio = format!("{} / {}", p + 1, chunks.len());
        let folio_x = PAGE_W - MARGIN - font.width(&folio, 9.0);
        text(&mut ops, &mut font, folio_x, MARGIN - 20.0, 9.0, &folio);
        for (i, row) in chunk.iter().enumerate() {
            let y = top - 30.0 - (i as f64 + 1.0) * ROW_H;
            if let Some(jpeg) = &row.thumbnail
                && let Some((w, h)) = jpeg_size(jpeg)
            {
                let image = pdf.reserve();
                pdf.stream(
                    image,
                    &format!(
                        "/Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceRGB \
                         /BitsPerComponent 8 /Filter /DCTDecode"
                    ),
                    jpeg,
                );
                // Fit the thumbnail in its box, keeping its shape.
                let scale = (THUMB_W / f64::from(w)).min(THUMB_H / f64::from(h));
                let (dw, dh) = (f64::from(w) * scale, f64::from(h) * scale);
                let _ = writeln!(
                    ops,
                    "q {dw:.2} 0 0 {dh:.2} {MARGIN:.2} {:.2} cm /Im{i} Do Q",
                    y + ROW_H - 10.0 - dh
                );
                let _ = write!(images, "/Im{i} {image} 0 R ");
            }
            let mut line_y = y + ROW_H - 22.0;
            let facts = [
                format!("{number_t}: {}", row.number),
                format!("{colorway_t}: {}", row.colorway),
                format!(
                    "{width_t}: {}   {height_t}: {}",
                    size(row.width_cm),
                    size(row.height_cm)
                ),
            ];
            for fact in &facts {
                text(&mut ops, &mut font, TEXT_X, line_y, FONT_SIZE, fact);
                line_y -= FONT_SIZE * 1.5;
            }
            let labels = format!("{labels_t}: {}", row.labels.join(", "));
            for line in wrap(&font, &labels, PAGE_W - MARGIN - TEXT_X, FONT_SIZE)
                .into_iter()
                .take(3)
            {
                text(&mut ops, &mut font, TEXT_X, line_y, FONT_SIZE, &line);
                line_y -= FONT_SIZE * 1.5;
            }
            let _ = writeln!(
                ops,
                "0.85 G 0.5 w {MARGIN:.2} {y:.2} m {:.2} {y:.2} l S",
                PAGE_W - MARGIN
            );
        }
        pdf.stream(content, "/Filter /FlateDecode", &deflate(ops.as_bytes()));
        pdf.object(
            page,
            &format!(
                "<< /Type /Page /Parent {pages} 0 R /MediaBox [0 0 {PAGE_W} {PAGE_H}] \
                 /Resources << /Font << /F1 {type0} 0 R >> /XObject << {images}>> >> \
                 /Contents {content} 0 R >>"
            ),
        );
        page_ids.push(page);
    }

    // The font, now that every glyph used is known.
    let cid_font = pdf.reserve();
    let descriptor = pdf.reserve();
    let file = pdf.reserve();
    let to_unicode = pdf.reserve();
    let mut widths = String::new();
    for (glyph, (_, width)) in &font.used {
        let _ = write!(widths, "{glyph} [{width}] ");
    }
    let mut cmap = String::from(
        "/CIDInit /ProcSet findresource begin 12 dict begin begincmap \
         /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def \
         /CMapName /Adobe-Identity-UCS def /CMapType 2 def \
         1 begincodespacerange <0000> <FFFF> endcodespacerange\n",
    );
    let used: Vec<_> = font.used.iter().collect();
    for part in used.chunks(100) {
        let _ = writeln!(cmap, "{} beginbfchar", part.len());
        for (glyph, (c, _)) in part {
            let mut utf16 = String::new();
            for unit in c.encode_utf16(&mut [0; 2]).iter() {
                let _ = write!(utf16, "{unit:04X}");
            }
            let _ = writeln!(cmap, "<{glyph:04X}> <{utf16}>");
        }
        cmap.push_str("endbfchar\n");
    }
    cmap.push_str("endcmap CMapName currentdict /CMap defineresource pop end end");
    let face = &font.face;
    let per_em = f64::from(face.units_per_em());
    let em = |v: i16| (f64::from(v) * 1000.0 / per_em).round();
    let bbox = face.global_bounding_box();
    pdf.object(
        type0,
        &format!(
            "<< /Type /Font /Subtype /Type0 /BaseFont /DejaVuSans /Encoding /Identity-H \
             /DescendantFonts [{cid_font} 0 R] /ToUnicode {to_unicode} 0 R >>"
        ),
    );
    pdf.object(
        cid_font,
        &format!(
            "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /DejaVuSans \
             /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> \
             /FontDescriptor {descriptor} 0 R /CIDToGIDMap /Identity /DW 600 /W [{widths}] >>"
        ),
    );
    pdf.object(
        descriptor,
        &format!(
            "<< /Type /FontDescriptor /FontName /DejaVuSans /Flags 32 \
             /FontBBox [{} {} {} {}] /ItalicAngle 0 /Ascent {} /Descent {} /CapHeight {} \
             /StemV 80 /FontFile2 {file} 0 R >>",
            em(bbox.x_min),
            em(bbox.y_min),
            em(bbox.x_max),
            em(bbox.y_max),
            em(face.ascender()),
            em(face.descender()),
            em(face.capital_height().unwrap_or(face.ascender())),
        ),
    );
    let compressed = deflate(font.bytes);
    pdf.stream(
        file,
        &format!("/Length1 {} /Filter /FlateDecode", font.bytes.len()),
        &compressed,
    );
    pdf.stream(
        to_unicode,
        "/Filter /FlateDecode",
        &deflate(cmap.as_bytes()),
    );
    let kids: String = page_ids.iter().map(|p| format!("{p} 0 R ")).collect();
    pdf.object(
        pages,
        &format!(
            "<< /Type /Pages /Kids [{kids}] /Count {} >>",
            page_ids.len()
        ),
    );
    pdf.object(catalog, &format!("<< /Type /Catalog /Pages {pages} 0 R >>"));
    pdf.object(
        info,
        &format!("<< /Title {} /Producer (Desen) >>", text_string(title)),
    );
    pdf.finish(catalog, info)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(number: &str, labels: &[&str]) -> SheetRow {
        SheetRow {
            number: number.into(),
            colorway: "VR-1".into(),
            width_cm: 20.32,
            height_cm: 15.0,
            labels: labels.iter().map(|l| (*l).to_owned()).collect(),
            thumbnail: None,
        }
    }

    #[test]
    fn csv_quotes_and_defuses_formulas() {
        let rows = [
            row("01-0001", &["Çiçek", "Geometric, bold"]),
            row("=cmd", &[]),
        ];
        let text = String::from_utf8(csv(&rows, Language::Tr)).unwrap_or_default();
        let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
        assert_eq!(lines[0], "Desen no,Varyant,En (cm),Boy (cm),Etiketler");
        assert_eq!(
            lines[1],
            "01-0001,VR-1,20.3,15.0,\"Çiçek; Geometric, bold\""
        );
        assert_eq!(lines[2], "'=cmd,VR-1,20.3,15.0,");
    }

    #[test]
    fn pdf_pages_hold_the_rows_and_the_letters_map_back() {
        let rows: Vec<SheetRow> = (0..13)
            .map(|i| row(&format!("01-{i:04}"), &["Цветочный"]))
            .collect();
        let bytes = pdf(&rows, "Bahar 2027 – Çiçekler", Language::Ru);
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.starts_with("%PDF-1.7"));
        assert!(text.trim_end().ends_with("%%EOF"));
        // 6 rows a page: 3 pages.
        assert!(text.contains("/Count 3"), "pages");
        // The xref points at every object.
        let xref = text.rfind("xref\n").unwrap_or(0);
        for line in text[xref..]
            .lines()
            .skip(3)
            .take_while(|l| l.ends_with(" n "))
        {
            let offset: usize = line[..10].parse().unwrap_or(0);
            assert!(
                text[offset..].starts_with(|c: char| c.is_ascii_digit()),
                "{line}"
            );
        }
    }

    #[test]
    fn jpeg_sizes_come_from_the_frame_header() {
        // SOI, an APP0 of 4 bytes, SOF0 with height 480 and width 360.
        let jpeg = [
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01,
            0xE0, 0x01, 0x68, 0x03,
        ];
        assert_eq!(jpeg_size(&jpeg), Some((360, 480)));
        assert_eq!(jpeg_size(b"not a jpeg at all"), None);
    }
}
