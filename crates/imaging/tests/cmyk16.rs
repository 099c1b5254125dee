//! A 16-bit CMYK PSB (with a spot channel) renders like its composite: the preview we make from
//! the file matches the colours computed independently from the 16-bit samples (mean CIEDE2000
//! under 1), and the spot channel survives the round trip.

use imaging::memory_source::{channel, process_channels};
use imaging::render::MemorySink;
use imaging::{
    ChannelKind, ColorMode, RenditionPlan, Samples, WriteImage, WriteSpec, ciede2000,
    color::srgb_to_lab,
};

const W: u32 = 240;
const H: u32 = 160;

/// 16-bit ink coverage of C, M, Y, K at a pixel: smooth gradients and a band of black.
fn inks(x: u32, y: u32) -> [u16; 4] {
    let c = (x * 65535 / (W - 1)) as u16;
    let m = (y * 65535 / (H - 1)) as u16;
    let yl = (((x + y) % 97) * 65535 / 96) as u16;
    let k = if (40..60).contains(&y) { 30000 } else { 0 };
    [c, m, yl, k]
}

/// The documented conversion for CMYK without a profile: the default FOGRA39 profile, relative
/// colorimetric, applied here by moxcms to the 16-bit samples themselves.
fn expected(ink: [u16; 4]) -> [u8; 3] {
    static TRANSFORM: std::sync::OnceLock<std::sync::Arc<moxcms::Transform16BitExecutor>> =
        std::sync::OnceLock::new();
    let transform = TRANSFORM.get_or_init(|| {
        let profile = moxcms::ColorProfile::new_from_slice(imaging::color::DEFAULT_CMYK_PROFILE)
            .expect("default profile");
        let options = moxcms::TransformOptions {
            rendering_intent: imaging::color::DEFAULT_CMYK_INTENT,
            ..moxcms::TransformOptions::default()
        };
        profile
            .create_transform_16bit(
                moxcms::Layout::Rgba,
                &moxcms::ColorProfile::new_srgb(),
                moxcms::Layout::Rgb,
                options,
            )
            .expect("16-bit transform")
    });
    let mut rgb = [0u16; 3];
    transform.transform(&ink, &mut rgb).expect("transform");
    rgb.map(|v| ((u32::from(v) + 128) / 257) as u8)
}

#[test]
fn a_16_bit_cmyk_psb_renders_like_its_composite() {
    let mut samples = Vec::with_capacity((W * H * 5) as usize);
    for y in 0..H {
        for x in 0..W {
            samples.extend_from_slice(&inks(x, y));
            samples.push(0); // the spot channel prints nothing here
        }
    }
    let mut channels = process_channels(ColorMode::Cmyk);
    channels.push(channel(
        "PANTONE 186 C",
        ChannelKind::Spot,
        Some([200, 16, 46]),
    ));
    let image = WriteImage {
        spec: WriteSpec {
            width: W,
            height: H,
            bit_depth: 16,
            color_mode: ColorMode::Cmyk,
            dpi: 300.0,
            channels,
            layer_names: vec!["Desen".into()],
            icc_profile: None,
        },
        samples: Samples::U16(samples),
    };
    let mut file = std::io::Cursor::new(Vec::new());
    imaging::write_psd(&mut file, &image, true, true).expect("write psb");

    let mut reader = imaging::open_reader(
        std::io::Cursor::new(file.into_inner()),
        &imaging::Limits::default(),
    )
    .expect("open");
    let info = reader.info().clone();
    assert_eq!(
        (info.bit_depth, info.color_mode, info.format),
        (16, ColorMode::Cmyk, imaging::FileFormat::Psb)
    );
    let spot: Vec<_> = info.spot_channels().map(|(_, c)| c.name.clone()).collect();
    assert_eq!(spot, ["PANTONE 186 C"]);

    let sink = MemorySink::default();
    let plan = RenditionPlan {
        tiles: false,
        ..RenditionPlan::default()
    };
    imaging::render(&mut *reader, &plan, &sink).expect("render");
    let preview = sink.preview_image(0).expect("preview");
    assert_eq!(
        (preview.width, preview.height),
        (W, H),
        "small designs are never scaled"
    );
    let mut total = 0.0;
    for y in 0..H {
        for x in 0..W {
            let i = ((y * W + x) * 3) as usize;
            let got = [preview.data[i], preview.data[i + 1], preview.data[i + 2]];
            total += f64::from(ciede2000(
                srgb_to_lab(got),
                srgb_to_lab(expected(inks(x, y))),
            ));
        }
    }
    let mean = total / f64::from(W * H);
    assert!(mean < 1.0, "mean CIEDE2000 {mean:.3}");
}
