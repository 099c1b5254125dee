//! The compressions beyond LZW, Deflate, PackBits and JPEG (issue 16): ZSTD, LZMA (xz), WebP,
//! FillOrder 2, YCbCr without JPEG, old-style JPEG with an interchange stream. Each is read
//! pixel for pixel against the uncompressed original (lossy WebP and JPEG against the decoder of
//! their stream), or refused with its own reason; hostile variants (truncated data, bombs,
//! lying headers) end as errors quickly without allocating what they claim.

mod common;

use std::io::Cursor;

use common::{build_tiff, decode_with, refused};
use imaging::{
    ChannelInfo, ChannelKind, ColorMode, ImagingError, Limits, Samples, TiffCompression,
    TiffOptions, WriteImage, WriteSpec,
};

const COMPRESSION: u16 = 259;
const PHOTOMETRIC: u16 = 262;
const FILL_ORDER: u16 = 266;

/// The 48 x 20 RGB gradient of [`gradient`] as liblzma compresses it for libtiff (Python's
/// `lzma.compress(raw, FORMAT_XZ, CHECK_NONE, preset 6)`): real LZMA2 chunks, no check.
const LIBLZMA_GRADIENT: &[&str] = &[
    "fd377a585a000000ff12d9410200210116000000742fe5a3e00b3f02005d00001294cf8c8496766448ca3afd820d8a78",
    "1fce1a1e26e81d1f87d2c816b2a7c73b99630b4658e0edf4f9276339968713b0bab9e1c6bb0bc679357234b68017c794",
    "01814c1abc1e918861a4b5e08f15f8e543ee7ae5d6eb48af56a51e54ef1eb9c01ec9b6d254134bc2333f2bbf47a3e704",
    "3601c4ec8f5489bf805c4d1020d7604f5bd12ceb3ccaa72f5334c86d7f2b830a5dcc33270f83bf8f3b4b704cea30eb34",
    "26a7c158d52fce70304b393f5c22ed373d63f96ecca6b7166e8750dd080f393778222d5d36365629214efdc68be86783",
    "f2fd58cf8d25e31a0b4df7f0da25cf336eec74a5f26ce82597ae1a8923ff82abfc16dff51fcaf5f605195801ffd6da0e",
    "6ced317d88ec3b1c940ba807d7757aba5a6f92ae55a6093bcb082b09ed2a3ba6113f591d645f6a17ad3f32f1d3797ea1",
    "dd31b56799654d8bf5d87fff5580208ba39b262d6aa047a005da7769f34c27e352d9c4d953b5b7c67f10df8844fc5da1",
    "8e523fc58461674eb7e3dea28a2573240db54afe4daf1a2ec0998424f1d5a440acc6561f7320fbe3ebf0208af45611d2",
    "ddfc5add7a86e2f451352e738ed810d031165af46e2102da5f6bedf8df467552f022189d779c3844ce60f96a9bf2042f",
    "40304bba7a30e1f1ff9f8e3d3f58d18528c013d7b68e20946ba62f30069cd7513d3b340c23cb182b84d8e370d80f39f8",
    "725a5aadf9c8fcf07ddc50399f65000000019404c01600008c17c4dea8000afc020000000000595a",
];

/// Two million zero bytes through liblzma the same way: 408 bytes.
const LIBLZMA_BOMB: &[&str] = &[
    "fd377a585a000000ff12d9410200210116000000742fe5a3fe847f01605d00006ffdffffa3b7ff473e481572396151b8",
    "9228e6a38607f9eee41e82d32fc53a3c014bb17ec98a8a4d2fa30dd97fa6e38c231153e05918c5758ae277f8b6947f0c",
    "6ac0de744964e2e95c53b204d8f7440cab5f0d6d46e9e5c37688b79657acb64de1691d6ffb4b88106c42cb883f5c008f",
    "d04eaf262894711f3d8f24e1709ea7235fec28cb85d195988a7e2a91f22775f719c006984d98fdd8afd5900fc42553f8",
    "f591363105a5b0ee6fc1704d470cd19111aaad601dbaceb127185c5986e9665258bee976ac59e4e55b0508f9c7daadfc",
    "fb522b74cd1e5b2042f9dd533df82964093b80cb2a6cdfb53bf0c4bd2e5faa0f3e4b664290130eff1093f8717859f80b",
    "cdff9528460fa9fc7cdefb9a302e56c08f85f38381c065c42553f8f591363105a5b0ee6fc1704d470cd19111aaad601d",
    "baceb127185c5986e9665258bee976ac59e4e55b0508f9c7daadfcfb522b74cd1e5b2042f9dd533df80441025e000000",
    "0001f40280897a00fadbfbe1a8000afc020000000000595a",
];

/// [`hdr_linear`] as CIE XYZ floats written by libtiff 4.5 (Debian 12) as SGILog LogLuv
/// (Compression 34676, Photometric 32845), 24 x 8 in strips of 3 rows.
const LIBTIFF_LOGLUV: &[&str] = &[
    "49492a0046020000863e043f3f403e833f03403e3e823f86e1107dcf136a06739e70c50a4ef3659262ba8643103c4043",
    "66605c613b404367605d623a3f86a810d1cdcb96a2a9d8d2cecb94a1a8d9d2ce863e03403e3e823f03403e3e833f013e",
    "86e1100a4ef3659262ba012fe0578654aef70d87430f67605d623a3f4368615d63393f426a86a810cb94a1a8d9d2cecb",
    "91a0a7dad3cfcc8d873e833f803e833f033d3e3f86e110e0578654aef70dcb487845a3eee7b539864310615d63393f42",
    "6a625d63383e426c625e86a810a0a7dad3cfcc8d9ea6dbd4cfcc8a9ca6863e823f023d3e833f053d3e3f3f3f86e11078",
    "45a3eee7b5396b3597e4bd9e295d2586431063383e426c625e64373d416e635e653686a810dbd4cfcc8a9ca6dcd5d0cc",
    "859ba5ddd6863e043f3f3d3e833f023d3e833f86e11097e4bd9e295d258ada8e85184eaa7dcf8643103d416e635e6536",
    "3d4171645f66613c4086a810d0cc859ba5ddd6d0cd8099a3dfd7d1cd863e023d3e833f02403e833f02403e86e1108e85",
    "184eaa7dcf136a06739e70c50a4e86431071645f66613c404366605c613b40436786a8108099a3dfd7d1cdcb96a2a9d8",
    "d2cecb94863e833f03403e3e823f04403e3e3f86e11006739e70c50a4ef3659262ba012fe057864310605c613b404367",
    "605d623a3f4368615d86a810a2a9d8d2cecb94a1a8d9d2cecb91a0a7863e063f3f3f403e3e833f053e3e3f3f3f86e110",
    "9262ba012fe0578654aef70dcb487845864310623a3f4368615d63393f426a625d633886a810d9d2cecb91a0a7dad3cf",
    "cc8d9ea6dbd40b000001030001000000180000000101030001000000080000000201030003000000d002000003010300",
    "010000007487000006010300010000004d8000001101040003000000e202000015010300010000000300000016010300",
    "01000000030000001701040003000000d60200001c01030001000000010000005301030003000000ee02000000000000",
    "100010001000d5000000d70000009200000008000000dd000000b4010000020002000200",
];

/// Its luminance Y as SGILog LogL (Photometric 32844), one strip.
const LIBTIFF_LOGL: &[&str] = &[
    "49492a0018010000863e043f3f403e833f03403e3e823f86e1107dcf136a06739e70c50a4ef3659262ba863e03403e3e",
    "823f03403e3e833f013e86e1100a4ef3659262ba012fe0578654aef70d873e833f803e833f033d3e3f86e110e0578654",
    "aef70dcb487845a3eee7b539863e823f023d3e833f053d3e3f3f3f86e1107845a3eee7b5396b3597e4bd9e295d25863e",
    "043f3f3d3e833f023d3e833f86e11097e4bd9e295d258ada8e85184eaa7dcf863e023d3e833f02403e833f02403e86e1",
    "108e85184eaa7dcf136a06739e70c50a4e863e833f03403e3e823f04403e3e3f86e11006739e70c50a4ef3659262ba01",
    "2fe057863e063f3f3f403e3e833f053e3e3f3f3f86e1109262ba012fe0578654aef70dcb487845000b00000103000100",
    "000018000000010103000100000008000000020103000100000010000000030103000100000074870000060103000100",
    "00004c800000110104000100000008000000150103000100000001000000160103000100000008000000170104000100",
    "00000f0100001c010300010000000100000053010300010000000200000000000000",
];

/// The XYZ floats as SGILog24 (Compression 34677), which is refused.
const LIBTIFF_LOGLUV24: &[&str] = &[
    "49492a0048020000ae2495ae252cae2494ae2495ae2495ae2495ae2494ae2495b7f6a1bcf5f2c13494a69de9b062e9b7",
    "653eb9fa7cb6f752bc35f2c0b3e5a4dcd6af21c5b6653eb97a7db637fbbbb5f1ae252cae2495ae2495ae2495ae2494ae",
    "2495ae2495ae2495c0b494a4dcd6af6257b664a6b93a7db637fbbbb541c033e5a2dbcaae21c7b5a4a7b87a7db577faba",
    "f5f2bf7493a0da3cae2495ae2495ae2494ae2494ae2495ae2495ae2495ae252bae2135b56411b87a7db5389fbaf5f2bf",
    "7493a0dabface0a6b4a410b7bb87b4789eba76a3bef4939e993bab6018b3a411ae2494ae2495ae252cae2494ae2495ae",
    "2495ae2494ae252cb7bb06b4789dba35f1bef4939e593cab6018b3a37cb6fb87b3789cb9b6a2be34939bd7bda9df8bb2",
    "637bb5fc03b279cfae2494ae2495ae252cae2495ae252cae2495ae2495ae2495b976a2be75429bd7bea9defcb2a2e8b5",
    "fc03b27939b8b6a1bdb54298d5d2a85efdb162e8b4fce4bab9edb7f6a1bd3541ae2495ae2494ae2495ae252bae2495ae",
    "2494ae2494ae252c98d5d3a85e72b162e9b4fc76bab9edb7f6a1bd3542c133e6a69d5fb06257b7253db9fa7cb73752bc",
    "7542c0b494a4dcd6ae252cae2495ae2495ae2495ae2494ae2494ae2494ae2495b06257b7653eb9f9edb6f752bc7541c0",
    "b3e5a4dcd6af21c6b664a7b93a7db63751bbb541c03494a2dbcaade134b5a4a6ae2495ae2495ae252cae2495ae2495ae",
    "2495ae2495ae2495b93a7db637fbbbb5f2c03494a2dbcaade134b5a4a7b87a7db577fbbaf5f1bf7493a0da3caca135b4",
    "a411b77b06b4789d0b000001030001000000180000000101030001000000080000000201030003000000d20200000301",
    "0300010000007587000006010300010000004d8000001101040001000000080000001501030001000000030000001601",
    "030001000000080000001701040001000000400200001c01030001000000010000005301030003000000d80200000000",
    "0000100010001000020002000200",
];

/// What libtiff decodes [`LIBTIFF_LOGLUV`] to (`TIFFReadScanline` with SGILOGDATAFMT_FLOAT, XYZ),
/// through the same XYZ to sRGB matrix and curve.
const LIBTIFF_LOGLUV_SRGB: &[&str] = &[
    "75bbf475bbf475bbf475bbf475bbf475bbf475bbf475bbf473f3a39cffc4bdffdcda72f3f19effffbfffffda7169f09d",
    "9affbdbbffdad66befec99ffffbaffffd6685eed9b91ffbb75bbf475bbf475bbf475bbf475bbf475bbf475bbf475bbf4",
    "bbffdad66befec99ffffbaffffd6685eed9b91ffbbb9ffd7d162edea94ffffb6ffffd25e54ea9590feb4b1ffd1ce57eb",
    "75bbf475bbf475bbf475bbf475bbf475bbf475bbf475bbf4ea94ffffb6ffffd25e54ea9590feb4b1ffd1ce57ebe78dff",
    "fab2ffffcf5548e78f87fcb3afffcfca4be6e288fdf9adff75bbf475bbf475bbf475bbf475bbf475bbf475bbf475bbf4",
    "ffcf5548e78f87fcb3afffcfca4be6e288fdf9adffffcb4a3be3887ef9aca6ffcdc63de4df82f8f5aaffffc73e2be082",
    "75bbf475bbf475bbf475bbf475bbf475bbf475bbf475bbf47ef9aca6ffcdc63de4df82f8f5aaffffc73e2be0827cf5aa",
    "a5ffc6c327e0db7bf5f3a3ffffc31fffdc7973f3a39cffc475bbf475bbf475bbf475bbf475bbf475bbf475bbf475bbf4",
    "c327e0db7bf5f3a3ffffc31fffdc7973f3a39cffc4bdffdcda72f3f19effffbfffffda7169f09d9affbdbbffdad66bef",
    "75bbf475bbf475bbf475bbf475bbf475bbf475bbf475bbf4f19effffbfffffda7169f09d9affbdbbffdad66befec99ff",
    "ffbaffffd6685eed9b91ffbbb9ffd7d162edea94ffffb6ff75bbf475bbf475bbf475bbf475bbf475bbf475bbf475bbf4",
    "ffd6685eed9b91ffbbb9ffd7d162edea94ffffb6ffffd25e54ea9590feb4b1ffd1ce57ebe78dfffab2ffffcf5548e78f",
];

/// The 48 x 20 [`gradient`] written by libtiff 4.5 (Debian 12): LZMA in strips of 8 rows (an xz delta filter before LZMA2, as libtiff always writes).
const LIBTIFF_LZMA: &[&str] = &[
    "49492a00f4000000fd377a585a000000ff12d94102010301002101167920c4eee0047f00175d000012b43a4e9798b508",
    "3dbe6cd52d2422bfbd67b0995c00000000012b800900000030ded062a8000afc020000000000595afd377a585a000000",
    "ff12d94102010301002101167920c4eee0047f00175d002c11acf36f4126032361863a738d1e5547bd14ceac1e000000",
    "00012b800900000030ded062a8000afc020000000000595afd377a585a000000ff12d94102010301002101167920c4ee",
    "e0023f00135d005811acf36f4126032361863a738d1e46bf80000000000127c004000000df9e8bbfa8000afc02000000",
    "0000595a0a00000103000100000030000000010103000100000014000000020103000300000072010000030103000100",
    "00006d88000006010300010000000200000011010400030000007e010000150103000100000003000000160103000100",
    "0000080000001701030003000000780100001c010300010000000100000000000000080008000800500050004c000800",
    "000058000000a8000000",
];

/// The 48 x 20 [`gradient`] written by libtiff 4.5 (Debian 12): LZMA with the horizontal predictor in 16 x 16 tiles.
const LIBTIFF_LZMA_TILES: &[&str] = &[
    "49492a00ac020000fd377a585a000000ff12d94102010301002101167920c4eee002ff004c5d000012b438e0942981b8",
    "6cf437e816f4218256d8432022d2134d907b8c93e224e7ece39df57d1d25343aface59b3fd4a3b6b8f379d0d0163654f",
    "955abc4b73e9f7438abb09c7117428b86dd3b4000001608006000000c9342c5fa8000afc020000000000595afd377a58",
    "5a000000ff12d94102010301002101167920c4eee002ff004c5d002811ac5200dc64ad9066b831ddba1e8613accaef30",
    "636d08fb7dfcde34bdf5d93a477a1a00e4ad3406e2cb6c5c56ad288e961857069b501919e6269c99fcf954b940570909",
    "e40bbbc5caaa9f000001608006000000c9342c5fa8000afc020000000000595afd377a585a000000ff12d94102010301",
    "002101167920c4eee002ff004d5d005011adb200dc654df531de8bad021ec379c8f1bba923400672b57fcbf82305bb24",
    "a8aa53e8a42323d8fb65de323bc1ca1c31ffe0b32b048f1c98eaaf02aacd6b90a3004096b06a1d84d7d69e0000000000",
    "00016180060000006ce77094a8000afc020000000000595afd377a585a000000ff12d94102010301002101167920c4ee",
    "e002ff00225d005811ad9200dc656eecf11af596a23eb855ce6e623f647b3a8001fbc06b7b93cd920000000000013680",
    "0600000023dffb85a8000afc020000000000595afd377a585a000000ff12d94102010301002101167920c4eee002ff00",
    "225d000012b438e0942981b86cf437e816f4218256d8432022d25f59a4268b314db3db7e000000000001368006000000",
    "23dffb85a8000afc020000000000595afd377a585a000000ff12d94102010301002101167920c4eee002ff00225d0028",
    "11ac5200dc64ad9066b831ddba1e8613accaef30636d2f8b774cc6de2bd0dae400000000000136800600000023dffb85",
    "a8000afc020000000000595a0c0000010300010000003000000001010300010000001400000002010300030000004203",
    "000003010300010000006d8800000601030001000000020000001501030001000000030000001c010300010000000100",
    "00003d010300010000000200000042010300010000001000000043010300010000001000000044010400060000005403",
    "0000450103000600000048030000000000000800080008008400840088005c005c005c00080000008c00000010010000",
    "98010000f401000050020000",
];

/// The 48 x 20 [`gradient`] written by libtiff 4.5 (Debian 12): ZSTD with the horizontal predictor in 16 x 16 tiles.
const LIBTIFF_ZSTD_TILES: &[&str] = &[
    "49492a008201000028b52ffd0060750200f40300468c050b519705165ca2052167ad052c72b805377dc3054288ce054d",
    "93d905589ee40563a9ef056eb4fa0579bf0584ca10058fd51b059ae02605a5eb31051094101c1f0024556a55558b0428",
    "b52ffd006065020004045096dc055ba1e70566acf20571b7fd057cc2080587cd130592d81e059de32905a8ee3405b3f9",
    "3f05be044a05c90f5505d41a6005df256b05ea307605f53b81051054040024555555550128b52ffd00606502000404a0",
    "e62c05abf13705b6fc4205c1074d05cc125805d71d6305e2286e05ed337905f83e840503498f050e549a05195fa50524",
    "6ab0052f75bb053a80c605458bd1051054040024555555550128b52ffd0060fd000088b0f63c05bb014705c60c5205d1",
    "175d05000510003c2a9149324926c9240228b52ffd0060fd00008800468c050b519705165ca2052167ad05000510003c",
    "2a9149324926c9240228b52ffd0060fd0000885096dc055ba1e70566acf20571b7fd05000510003c2a9149324926c924",
    "02000c000001030001000000300000000101030001000000140000000201030003000000180200000301030001000000",
    "50c300000601030001000000020000001501030001000000030000001c01030001000000010000003d01030001000000",
    "0200000042010300010000001000000043010300010000001000000044010400060000002a0200004501030006000000",
    "1e02000000000000080008000800570055005500280028002800080000005f000000b400000009010000310100005901",
    "0000",
];

/// The 48 x 20 [`gradient`] written by libtiff 4.5 (Debian 12): lossless WebP in strips of 8 rows, FillOrder 2 (the bits of every byte reversed).
const LIBTIFF_WEBP_FILL2: &[&str] = &[
    "49492a00a00000004a92626254000000eaa2420a6a0a1c3278000000f4f4038000b32622ffc0225b6c16167d67faeb8b",
    "8717718a3202c35d3b904a92626254000000eaa2420a6a0a1c3278000000f4f4038000b32622ffc024db122e2edfd7b0",
    "3f2f1c5dc628c80b0d74ee404a92626234000000eaa2420a6a0a1c32f8000000f4f4030000b32622ffc0525b62010b85",
    "cff6af223d1e2ee3146402c0ee4ee0000b00000103000100000030000000010103000100000014000000020103000300",
    "00002a010000030103000100000051c300000601030001000000020000000a0103000100000002000000110104000300",
    "0000360100001501030001000000030000001601030001000000080000001701030003000000300100001c0103000100",
    "00000100000000000000080008000800320032003400080000003a0000006c000000",
];

fn unhex(lines: &[&str]) -> Vec<u8> {
    let s: String = lines.concat();
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

/// RGB test pattern: every sample differs from its neighbours.
fn gradient(w: u32, h: u32) -> Vec<u8> {
    (0..h)
        .flat_map(|y| {
            (0..w).flat_map(move |x| (0..3).map(move |c| ((x * 5 + y * 11 + c * 70) % 256) as u8))
        })
        .collect()
}

fn channels(names: &[&str], alpha: bool) -> Vec<ChannelInfo> {
    let mut c: Vec<ChannelInfo> = names
        .iter()
        .map(|n| ChannelInfo {
            name: (*n).into(),
            kind: ChannelKind::Process,
            color: None,
        })
        .collect();
    if alpha {
        c.push(ChannelInfo {
            name: "Alpha".into(),
            kind: ChannelKind::Alpha,
            color: None,
        });
    }
    c
}

fn rgb_image(w: u32, h: u32, alpha: bool, depth: u8) -> WriteImage {
    let spp = if alpha { 4 } else { 3 };
    let n = (w * h) as usize * spp;
    let samples = if depth == 16 {
        Samples::U16(
            (0..n)
                .map(|i| (i * 2_654_435_761 % 65_536) as u16)
                .collect(),
        )
    } else {
        Samples::U8((0..n).map(|i| ((i * 7 + i / 13) % 256) as u8).collect())
    };
    WriteImage {
        spec: WriteSpec {
            width: w,
            height: h,
            bit_depth: depth,
            color_mode: ColorMode::Rgb,
            dpi: 300.0,
            channels: channels(&["Red", "Green", "Blue"], alpha),
            layer_names: vec![],
            icc_profile: None,
        },
        samples,
    }
}

fn write(img: &WriteImage, opts: TiffOptions) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    imaging::write_tiff(&mut out, img, &opts).expect("write");
    out.into_inner()
}

fn decode(case: &str, bytes: Vec<u8>) -> Vec<u8> {
    match decode_with(bytes, &Limits::default()) {
        Ok((_, samples)) => samples,
        Err(e) => panic!("{case}: {e}"),
    }
}

fn layouts(c: TiffCompression) -> Vec<(&'static str, TiffOptions)> {
    let base = TiffOptions {
        compression: c,
        predictor: false,
        ..TiffOptions::default()
    };
    let mut v = vec![
        ("strips", base),
        (
            "small strips",
            TiffOptions {
                rows_per_strip: Some(3),
                ..base
            },
        ),
        (
            "one strip",
            TiffOptions {
                rows_per_strip: Some(u32::MAX),
                ..base
            },
        ),
        (
            "tiles",
            TiffOptions {
                tiled: Some(16),
                ..base
            },
        ),
        (
            "bigtiff",
            TiffOptions {
                bigtiff: true,
                ..base
            },
        ),
    ];
    if c != TiffCompression::WebP {
        v.push((
            "predictor",
            TiffOptions {
                predictor: true,
                ..base
            },
        ));
        v.push((
            "planar",
            TiffOptions {
                planar_separate: true,
                ..base
            },
        ));
    }
    v
}

#[test]
fn zstd_lzma_and_webp_read_pixel_for_pixel() {
    for c in [
        TiffCompression::Zstd,
        TiffCompression::Lzma,
        TiffCompression::WebP,
    ] {
        let depths: &[u8] = if c == TiffCompression::WebP {
            &[8]
        } else {
            &[8, 16]
        };
        for &depth in depths {
            for alpha in [false, true] {
                let img = rgb_image(37, 29, alpha, depth);
                let plain = TiffOptions {
                    compression: TiffCompression::None,
                    predictor: false,
                    ..TiffOptions::default()
                };
                let want = decode("uncompressed", write(&img, plain));
                for (name, opts) in layouts(c) {
                    let case = format!("{c:?} {name} {depth}-bit alpha {alpha}");
                    let (info, got) =
                        decode_with(write(&img, opts), &Limits::default()).expect(&case);
                    assert_eq!((info.width, info.height), (37, 29), "{case}");
                    assert!(got == want, "{case}: pixels differ");
                }
            }
        }
    }
}

#[test]
fn zstd_agrees_with_the_tiff_crate() {
    let img = rgb_image(45, 31, false, 8);
    for (name, opts) in layouts(TiffCompression::Zstd) {
        if opts.planar_separate {
            continue; // the tiff crate reads only the first plane
        }
        let bytes = write(&img, opts);
        let ours = decode(name, bytes.clone());
        let mut d = tiff::decoder::Decoder::new(Cursor::new(bytes)).expect(name);
        let theirs = match d.read_image().expect(name) {
            tiff::decoder::DecodingResult::U8(v) => v,
            _ => panic!("{name}: not 8-bit"),
        };
        assert!(ours == theirs, "{name}: differs from the tiff crate");
    }
}

#[test]
fn tall_zstd_strips_stream_band_by_band() {
    // One strip of 1300 rows is decompressed a band at a time, not whole.
    let img = rgb_image(64, 1300, false, 8);
    let opts = TiffOptions {
        compression: TiffCompression::Zstd,
        predictor: true,
        rows_per_strip: Some(u32::MAX),
        ..TiffOptions::default()
    };
    let mut r =
        imaging::open_reader(Cursor::new(write(&img, opts)), &Limits::default()).expect("open");
    let mut got = Vec::new();
    let mut bands = 0;
    while let Some(band) = r.next_band().expect("band") {
        got.extend_from_slice(&band.samples);
        bands += 1;
    }
    assert!(bands > 1);
    let Samples::U8(want) = &img.samples else {
        unreachable!()
    };
    assert!(&got == want);
}

fn rgb_tags(w: u32, h: u32, compression: u32, rows_per_strip: u32) -> Vec<(u16, Vec<u32>)> {
    vec![
        (256, vec![w]),
        (257, vec![h]),
        (258, vec![8, 8, 8]),
        (COMPRESSION, vec![compression]),
        (PHOTOMETRIC, vec![2]),
        (277, vec![3]),
        (278, vec![rows_per_strip]),
    ]
}

fn with(mut tags: Vec<(u16, Vec<u32>)>, tag: u16, values: Vec<u32>) -> Vec<(u16, Vec<u32>)> {
    tags.retain(|(t, _)| *t != tag);
    tags.push((tag, values));
    tags
}

#[test]
fn lzma_as_liblzma_writes_it_reads() {
    let stream = unhex(LIBLZMA_GRADIENT);
    let file = build_tiff(&rgb_tags(48, 20, 34925, 20), &[stream], &[]);
    assert!(decode("liblzma", file) == gradient(48, 20));
}

#[test]
fn lossy_webp_reads_as_its_decoder_reads_it() {
    // A 40 x 30 lossy WebP (VP8, no alpha) as the one strip of an RGB and an RGBA file.
    let webp = include_bytes!("../../../fuzz/seeds/photo/lossy.webp").to_vec();
    let mut d = image_webp::WebPDecoder::new(Cursor::new(&webp)).expect("webp");
    assert_eq!(d.dimensions(), (40, 30));
    let mut want = vec![0u8; d.output_buffer_size().expect("size")];
    d.read_image(&mut want).expect("decode");
    let got = decode(
        "lossy rgb",
        build_tiff(
            &rgb_tags(40, 30, 50001, 30),
            std::slice::from_ref(&webp),
            &[],
        ),
    );
    assert!(got == want);
    let rgba = with(
        with(rgb_tags(40, 30, 50001, 30), 258, vec![8; 4]),
        277,
        vec![4],
    );
    let rgba = with(rgba, 338, vec![2]);
    let got = decode("lossy rgba", build_tiff(&rgba, &[webp], &[]));
    let opaque: Vec<u8> = want
        .chunks(3)
        .flat_map(|p| [p[0], p[1], p[2], 255])
        .collect();
    assert!(got == opaque);
}

#[test]
fn fill_order_2_reverses_the_bits_of_the_compressed_data() {
    let (w, h) = (33, 17);
    let raw = gradient(w, h);
    let lzw = weezl::encode::Encoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8)
        .encode(&raw)
        .expect("lzw");
    let zstd = zstd::bulk::compress(&raw, 3).expect("zstd");
    for (name, tag, data) in [
        ("none", 1, raw.clone()),
        ("lzw", 5, lzw),
        ("zstd", 50000, zstd),
    ] {
        let reversed: Vec<u8> = data.iter().map(|b| b.reverse_bits()).collect();
        let tags = with(rgb_tags(w, h, tag, h), FILL_ORDER, vec![2]);
        assert!(
            decode(name, build_tiff(&tags, &[reversed], &[])) == raw,
            "{name}"
        );
        // The same bytes with FillOrder 1 are other data.
        let plain = with(rgb_tags(w, h, tag, h), FILL_ORDER, vec![1]);
        assert!(
            decode(name, build_tiff(&plain, &[data], &[])) == raw,
            "{name}"
        );
    }
}

/// YCbCr data units of an RGB image with subsampling `sh` x `sv` (default coefficients and
/// reference), and the RGB the stored values stand for (libtiff's conversion).
fn ycbcr_units(rgb: &[u8], w: usize, rows: usize, sh: usize, sv: usize) -> (Vec<u8>, Vec<u8>) {
    let (lr, lg, lb) = (0.299f32, 0.587f32, 0.114f32);
    let px = |x: usize, y: usize| {
        let (x, y) = (x.min(w - 1), y.min(rows - 1));
        let p = &rgb[(y * w + x) * 3..][..3];
        (f32::from(p[0]), f32::from(p[1]), f32::from(p[2]))
    };
    let clamp = |v: f32| v.round().clamp(0.0, 255.0) as u8;
    let mut units = Vec::new();
    let mut expect = vec![0u8; w * rows * 3];
    for by in 0..rows.div_ceil(sv) {
        for bx in 0..w.div_ceil(sh) {
            let (mut cb, mut cr) = (0.0, 0.0);
            let mut ys = Vec::new();
            for dy in 0..sv {
                for dx in 0..sh {
                    let (r, g, b) = px(bx * sh + dx, by * sv + dy);
                    let y = lr * r + lg * g + lb * b;
                    ys.push(clamp(y));
                    cb += (b - y) / (2.0 - 2.0 * lb);
                    cr += (r - y) / (2.0 - 2.0 * lr);
                }
            }
            let n = (sh * sv) as f32;
            let (cb, cr) = (clamp(cb / n + 128.0), clamp(cr / n + 128.0));
            units.extend_from_slice(&ys);
            units.extend_from_slice(&[cb, cr]);
            for dy in 0..sv {
                for dx in 0..sh {
                    let (x, y) = (bx * sh + dx, by * sv + dy);
                    if x >= w || y >= rows {
                        continue;
                    }
                    let yv = f32::from(ys[dy * sh + dx]);
                    let (cbv, crv) = (f32::from(cb) - 128.0, f32::from(cr) - 128.0);
                    let red = yv + crv * (2.0 - 2.0 * lr);
                    let blue = yv + cbv * (2.0 - 2.0 * lb);
                    let green =
                        yv - (lb * (2.0 - 2.0 * lb) * cbv + lr * (2.0 - 2.0 * lr) * crv) / lg;
                    expect[(y * w + x) * 3..][..3].copy_from_slice(&[
                        clamp(red),
                        clamp(green),
                        clamp(blue),
                    ]);
                }
            }
        }
    }
    (units, expect)
}

fn ycbcr_tags(w: u32, h: u32, compression: u32, rps: u32, sub: [u32; 2]) -> Vec<(u16, Vec<u32>)> {
    let tags = with(rgb_tags(w, h, compression, rps), PHOTOMETRIC, vec![6]);
    with(tags, 530, sub.to_vec())
}

/// A YCbCr file in strips of `rps` rows, and the RGB it must read as.
fn ycbcr_file(w: usize, h: usize, rps: usize, sub: [usize; 2], zstd: bool) -> (Vec<u8>, Vec<u8>) {
    let rgb = gradient(w as u32, h as u32);
    let mut strips = Vec::new();
    let mut expect = Vec::new();
    for top in (0..h).step_by(rps) {
        let rows = rps.min(h - top);
        let (units, e) = ycbcr_units(
            &rgb[top * w * 3..(top + rows) * w * 3],
            w,
            rows,
            sub[0],
            sub[1],
        );
        strips.push(if zstd {
            zstd::bulk::compress(&units, 3).expect("zstd")
        } else {
            units
        });
        expect.extend_from_slice(&e);
    }
    let tags = ycbcr_tags(
        w as u32,
        h as u32,
        if zstd { 50000 } else { 1 },
        rps as u32,
        [sub[0] as u32, sub[1] as u32],
    );
    (build_tiff(&tags, &strips, &[]), expect)
}

#[test]
fn ycbcr_without_jpeg_reads_as_rgb() {
    for sub in [[1, 1], [2, 1], [2, 2], [4, 2], [4, 4], [1, 2]] {
        for (w, h, rps) in [(37, 13, 4), (16, 8, 8), (5, 3, 3)] {
            for zstd in [false, true] {
                let case = format!("{sub:?} {w}x{h} rows {rps} zstd {zstd}");
                let (file, expect) = ycbcr_file(w, h, rps, sub, zstd);
                let (info, got) = decode_with(file, &Limits::default()).expect(&case);
                assert_eq!(info.color_mode, ColorMode::Rgb, "{case}");
                assert_eq!(info.channels.len(), 3, "{case}");
                let worst = got.iter().zip(&expect).map(|(a, b)| a.abs_diff(*b)).max();
                assert!(worst <= Some(1), "{case}: off by {worst:?}");
            }
        }
    }
    // Without subsampling the stored values convert back to the original within rounding.
    let (file, _) = ycbcr_file(20, 10, 10, [1, 1], false);
    let got = decode("1x1", file);
    let worst = got
        .iter()
        .zip(gradient(20, 10))
        .map(|(a, b)| a.abs_diff(b))
        .max();
    assert!(worst <= Some(2), "{worst:?}");
}

fn jpeg(w: u16, h: u16) -> Vec<u8> {
    let mut out = Vec::new();
    let enc = jpeg_encoder::Encoder::new(&mut out, 90);
    enc.encode(
        &gradient(u32::from(w), u32::from(h)),
        w,
        h,
        jpeg_encoder::ColorType::Rgb,
    )
    .expect("jpeg");
    out
}

fn old_jpeg_tags(w: u32, h: u32, at: u32, len: u32) -> Vec<(u16, Vec<u32>)> {
    let tags = with(rgb_tags(w, h, 6, h), PHOTOMETRIC, vec![6]);
    with(with(tags, 513, vec![at]), 514, vec![len])
}

#[test]
fn old_style_jpeg_reads_its_interchange_stream() {
    let stream = jpeg(40, 24);
    let mut d = zune_jpeg::JpegDecoder::new(zune_core::bytestream::ZCursor::new(&stream));
    let want = d.decode().expect("zune");
    // The stream sits after a (meaningless) strip, where JPEGInterchangeFormat points.
    let strip = vec![0u8; 10];
    let tags = old_jpeg_tags(40, 24, 8 + 10, stream.len() as u32);
    let got = decode("ojpeg", build_tiff(&tags, &[strip], &stream));
    assert!(got == want);
    let worst = got
        .iter()
        .zip(gradient(40, 24))
        .map(|(a, b)| a.abs_diff(b))
        .max();
    assert!(worst <= Some(40), "{worst:?}");
}

#[test]
fn what_is_not_read_is_refused_with_its_own_reason() {
    let webp = include_bytes!("../../../fuzz/seeds/photo/lossy.webp").to_vec();
    let one = |tags: Vec<(u16, Vec<u32>)>| build_tiff(&tags, &[vec![0u8; 64]], &[]);
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "old-style JPEG without interchange",
            one(with(rgb_tags(8, 8, 6, 8), PHOTOMETRIC, vec![6])),
            "old-style JPEG without an interchange stream (no JPEGInterchangeFormat and \
             JPEGInterchangeFormatLength)",
        ),
        (
            "mixed depths",
            one(with(
                with(rgb_tags(8, 8, 1, 8), 258, vec![8, 8, 8, 16]),
                277,
                vec![4],
            )),
            "different bit depths per sample (8, 8, 8, 16): every sample must have the same depth",
        ),
        (
            "SGILog24",
            one(with(rgb_tags(8, 8, 34677, 8), PHOTOMETRIC, vec![32845])),
            "SGILog24 compression (34677, 24-bit LogLuv high dynamic range)",
        ),
        (
            "16-bit WebP",
            one(with(rgb_tags(8, 8, 50001, 8), 258, vec![16, 16, 16])),
            "WebP compression of 16-bit samples (8-bit RGB and RGBA are read)",
        ),
        (
            "grey WebP",
            build_tiff(
                &with(
                    with(
                        with(rgb_tags(40, 30, 50001, 30), 258, vec![8]),
                        277,
                        vec![1],
                    ),
                    PHOTOMETRIC,
                    vec![1],
                ),
                std::slice::from_ref(&webp),
                &[],
            ),
            "WebP compression of 1 samples in photometric interpretation 1 (8-bit RGB and RGBA \
             are read)",
        ),
        (
            "planar WebP",
            one(with(rgb_tags(8, 8, 50001, 8), 284, vec![2])),
            "WebP compression of planar-separate samples",
        ),
        (
            "16-bit YCbCr",
            one(with(ycbcr_tags(8, 8, 1, 8, [2, 2]), 258, vec![16, 16, 16])),
            "16-bit YCbCr samples without JPEG (8-bit unsigned samples are read)",
        ),
        (
            "YCbCr with alpha",
            one(with(
                with(ycbcr_tags(8, 8, 1, 8, [2, 2]), 258, vec![8; 4]),
                277,
                vec![4],
            )),
            "YCbCr with 4 samples per pixel (3 are read)",
        ),
        (
            "planar YCbCr",
            one(with(ycbcr_tags(8, 8, 1, 8, [2, 2]), 284, vec![2])),
            "planar-separate YCbCr samples without JPEG",
        ),
        (
            "predictor on subsampled YCbCr",
            one(with(ycbcr_tags(8, 8, 8, 8, [2, 2]), 317, vec![2])),
            "horizontal predictor on subsampled YCbCr samples",
        ),
        (
            "16-bit old-style JPEG",
            one(with(old_jpeg_tags(8, 8, 8, 64), 258, vec![16, 16, 16])),
            "old-style JPEG compression of 16-bit samples",
        ),
    ];
    for (case, bytes, reason) in cases {
        assert_unsupported(case, bytes, reason);
    }
}

/// The file is refused as unsupported with `reason` (after "TIFF with "), under a code the
/// screens translate.
fn assert_unsupported(case: &str, bytes: Vec<u8>, reason: &str) {
    match refused(case, bytes) {
        ImagingError::Unsupported(m) => {
            assert_eq!(m.text, format!("TIFF with {reason}"), "{case}");
            assert_ne!(
                m.code,
                imaging::reason::UNCODED,
                "{case}: a code to translate"
            );
        }
        e => panic!("{case}: {e}"),
    }
}

fn damaged(case: &str, bytes: Vec<u8>) -> String {
    match refused(case, bytes) {
        ImagingError::Corrupt(m) | ImagingError::TooLarge(m) => m,
        e => panic!("{case}: {e}"),
    }
}

#[test]
fn truncated_and_garbled_data_is_damage() {
    let img = rgb_image(40, 30, true, 8);
    for c in [
        TiffCompression::Zstd,
        TiffCompression::Lzma,
        TiffCompression::WebP,
    ] {
        let opts = TiffOptions {
            compression: c,
            predictor: false,
            rows_per_strip: Some(u32::MAX),
            ..TiffOptions::default()
        };
        let good = write(&img, opts);
        // The one strip starts at 8; its byte count is the StripByteCounts value.
        let count = common::tag(&good, 279).expect("count") as usize;
        let mut short = good.clone();
        common::set_tag(&mut short, 279, (count / 2) as u32);
        damaged(&format!("{c:?} truncated"), short);
        let mut garbled = good.clone();
        for b in &mut garbled[8 + count / 3..8 + count / 3 + 8] {
            *b ^= 0x5A;
        }
        // Garbled data may still decode (to other pixels); it must never panic or hang.
        let _ = decode_with(garbled, &Limits::default());
        let mut junk = good;
        for (i, b) in junk[8..8 + count].iter_mut().enumerate() {
            *b = (i as u32).wrapping_mul(2_654_435_761).to_le_bytes()[2];
        }
        damaged(&format!("{c:?} junk"), junk);
    }
    // YCbCr whose data is cut short.
    let (mut file, _) = ycbcr_file(16, 8, 8, [2, 2], true);
    let count = common::tag(&file, 279).expect("count");
    common::set_tag(&mut file, 279, count - 5);
    damaged("YCbCr truncated", file);
    // Liblzma's stream cut short.
    let stream = unhex(LIBLZMA_GRADIENT);
    let cut = stream[..stream.len() - 40].to_vec();
    damaged(
        "LZMA truncated",
        build_tiff(&rgb_tags(48, 20, 34925, 20), &[cut], &[]),
    );
}

#[test]
fn bombs_are_refused_without_allocating_what_they_claim() {
    let tags = |c| rgb_tags(16, 16, c, 16);
    // ZSTD: a frame that says it holds 200 MB, and one that says nothing but makes them.
    let zeros = vec![0u8; 200_000_000];
    let claiming = zstd::bulk::compress(&zeros, 19).expect("zstd");
    assert!(claiming.len() < 20_000);
    let m = damaged("ZSTD claim", build_tiff(&tags(50000), &[claiming], &[]));
    assert!(m.contains("claims 200000000 bytes"), "{m}");
    let mut silent = Vec::new();
    {
        let mut enc = zstd::stream::write::Encoder::new(&mut silent, 19).expect("zstd");
        enc.include_contentsize(false).expect("flag");
        std::io::Write::write_all(&mut enc, &zeros[..20_000_000]).expect("write");
        enc.finish().expect("finish");
    }
    assert!(matches!(
        zstd::zstd_safe::get_frame_content_size(&silent),
        Ok(None)
    ));
    let m = damaged("ZSTD producing", build_tiff(&tags(50000), &[silent], &[]));
    assert!(m.contains("more than its 768 bytes"), "{m}");
    // LZMA: two million zeros from liblzma, and chunk headers that claim 2 MiB each.
    let m = damaged(
        "LZMA bomb",
        build_tiff(&tags(34925), &[unhex(LIBLZMA_BOMB)], &[]),
    );
    assert!(m.contains("unpacks to more than its 768 bytes"), "{m}");
    let mut lying = unhex(LIBLZMA_BOMB)[..24].to_vec(); // stream and block headers
    for _ in 0..1000 {
        lying.extend_from_slice(&[0xE0 | 0x1F, 0xFF, 0xFF, 0x00, 0x00, 0x5D, 0x00]);
    }
    lying.push(0);
    let m = damaged("LZMA claim", build_tiff(&tags(34925), &[lying], &[]));
    assert!(m.contains("unpacks to more than"), "{m}");
    // WebP: a lossless picture whose header says 16383 x 16383 (the largest it can say).
    let mut webp = Vec::new();
    image_webp::WebPEncoder::new(&mut webp)
        .encode(&gradient(16, 16), 16, 16, image_webp::ColorType::Rgb8)
        .expect("webp");
    assert_eq!(&webp[12..16], b"VP8L");
    let mut huge = webp.clone();
    // 14 bits of width - 1 and 14 of height - 1 after the signature byte.
    let bits = u32::from_le_bytes(huge[21..25].try_into().expect("4")) & !0x0FFF_FFFF
        | 0x3FFE
        | 0x3FFE << 14;
    huge[21..25].copy_from_slice(&bits.to_le_bytes());
    let m = damaged("WebP claim", build_tiff(&tags(50001), &[huge], &[]));
    assert!(m.contains("16383 x 16383"), "{m}");
    // The honest picture in a strip of another size.
    let m = damaged(
        "WebP size",
        build_tiff(&rgb_tags(16, 8, 50001, 8), std::slice::from_ref(&webp), &[]),
    );
    assert!(m.contains("16 x 16 pixels, expected 16 x 8"), "{m}");
    assert_eq!(
        decode("WebP honest", build_tiff(&tags(50001), &[webp], &[])),
        gradient(16, 16)
    );
}

#[test]
fn lying_subsampling_and_stray_offsets_are_damage() {
    for sub in [[3, 3], [8, 1], [0, 2], [2, 0]] {
        let tags = ycbcr_tags(16, 8, 1, 8, sub);
        let m = damaged("subsampling", build_tiff(&tags, &[vec![0u8; 300]], &[]));
        assert!(m.contains("YCbCrSubSampling"), "{m}");
    }
    // Data written for 2 x 2 units, claimed as 1 x 1: too short for the strip.
    let (file, _) = ycbcr_file(16, 8, 8, [2, 2], false);
    let mut lying = file.clone();
    let e = common::entry(&mut lying, 530).expect("subsampling");
    e[4..8].copy_from_slice(&2u32.to_le_bytes());
    let at = u32::from_le_bytes(e[8..12].try_into().expect("4")) as usize;
    lying[at..at + 8].copy_from_slice(&[1, 0, 0, 0, 1, 0, 0, 0]);
    damaged("subsampling 1x1 on 2x2 data", lying);
    // Old-style JPEG pointing past the end of the file, or running past it.
    let stream = jpeg(16, 16);
    let len = stream.len() as u32;
    for (case, at, n) in [
        ("offset", 1 << 30, len),
        ("length", 8, len + 1000),
        ("huge", 8, u32::MAX),
    ] {
        let file = build_tiff(
            &old_jpeg_tags(16, 16, at, n),
            std::slice::from_ref(&stream),
            &[],
        );
        damaged(case, file);
    }
    // A stream that is not JPEG.
    let file = build_tiff(&old_jpeg_tags(16, 16, 8, 64), &[vec![0x42; 64]], &[]);
    damaged("not JPEG", file);
}

#[test]
fn zstd_frames_without_a_content_size_read() {
    // libtiff streams each strip through ZSTD_compressStream: no content size in the frame.
    let (w, h) = (30, 22);
    let raw = gradient(w, h);
    let mut strips = Vec::new();
    for rows in raw.chunks(w as usize * 3 * 8) {
        let mut frame = Vec::new();
        let mut enc = zstd::stream::write::Encoder::new(&mut frame, 9).expect("zstd");
        enc.include_contentsize(false).expect("flag");
        std::io::Write::write_all(&mut enc, rows).expect("write");
        enc.finish().expect("finish");
        strips.push(frame);
    }
    let file = build_tiff(&rgb_tags(w, h, 50000, 8), &strips, &[]);
    assert!(decode("streamed zstd", file) == raw);
}

/// Linear light of the SGILog fixtures: a flat colour on the left (runs), variety on the right.
fn hdr_linear(x: u32, y: u32, c: u32) -> f32 {
    if x < 8 {
        [0.18, 0.5, 0.9][c as usize]
    } else {
        0.02 + ((x * 7 + y * 13 + c * 29) % 50) as f32 / 40.0
    }
}

/// Linear light through the sRGB curve, clamped, as the float tone mapping does.
fn srgb8(v: f32) -> u8 {
    let v = v.clamp(0.0, 1.0);
    let e = if v <= 0.003_130_8 {
        12.92 * v
    } else {
        1.055 * v.powf(1.0 / 2.4) - 0.055
    };
    (e * 255.0).round() as u8
}

#[test]
fn sgilog_written_by_libtiff_reads_as_linear_light() {
    let (w, h) = (24, 8);
    let (info, got) = decode_with(unhex(LIBTIFF_LOGLUV), &Limits::default()).expect("LogLuv");
    assert_eq!(info.color_mode, ColorMode::Rgb);
    assert_eq!((info.width, info.height, info.channels.len()), (w, h, 3));
    let want: Vec<u8> = (0..h)
        .flat_map(|y| (0..w).flat_map(move |x| (0..3).map(move |c| srgb8(hdr_linear(x, y, c)))))
        .collect();
    // LogLuv keeps chromaticity to 1/410 of u'v': dark saturated colours move by up to 8 levels
    // (libtiff's own decoding too). Against libtiff's decoding, rounding only.
    let worst = got.iter().zip(&want).map(|(a, b)| a.abs_diff(*b)).max();
    assert!(worst <= Some(8), "LogLuv off by {worst:?}");
    let libtiff = unhex(LIBTIFF_LOGLUV_SRGB);
    let worst = got.iter().zip(&libtiff).map(|(a, b)| a.abs_diff(*b)).max();
    assert!(worst <= Some(1), "LogLuv differs from libtiff by {worst:?}");

    let (info, got) = decode_with(unhex(LIBTIFF_LOGL), &Limits::default()).expect("LogL");
    assert_eq!(info.color_mode, ColorMode::Gray);
    assert_eq!(info.channels.len(), 1);
    let want: Vec<u8> = (0..h)
        .flat_map(|y| {
            (0..w).map(move |x| {
                let l = |c| hdr_linear(x, y, c);
                srgb8(0.212_672_9 * l(0) + 0.715_152_2 * l(1) + 0.072_175 * l(2))
            })
        })
        .collect();
    let worst = got.iter().zip(&want).map(|(a, b)| a.abs_diff(*b)).max();
    assert!(worst <= Some(1), "LogL off by {worst:?}");
}

#[test]
fn sgilog_refusals_and_damage() {
    match refused("SGILog24", unhex(LIBTIFF_LOGLUV24)) {
        ImagingError::Unsupported(m) => assert_eq!(
            m.text,
            "TIFF with SGILog24 compression (34677, 24-bit LogLuv high dynamic range)"
        ),
        e => panic!("SGILog24: {e}"),
    }
    let one = |tags: Vec<(u16, Vec<u32>)>| build_tiff(&tags, &[vec![0u8; 64]], &[]);
    let luv = |spp: u32| {
        let tags = with(rgb_tags(8, 8, 34676, 8), PHOTOMETRIC, vec![32845]);
        with(tags, 277, vec![spp])
    };
    for (case, bytes, reason) in [
        (
            "LogLuv with 4 samples",
            one(luv(4)),
            "SGILog with 4 samples per pixel (1 for LogL, 3 for LogLuv are read)",
        ),
        (
            "SGILog RGB",
            one(rgb_tags(8, 8, 34676, 8)),
            "SGILog compression of photometric interpretation 2 (LogL and LogLuv are read)",
        ),
        (
            "planar SGILog",
            one(with(luv(3), 284, vec![2])),
            "planar-separate SGILog samples",
        ),
        (
            "LogLuv uncompressed",
            one(with(rgb_tags(8, 8, 1, 8), PHOTOMETRIC, vec![32845])),
            "LogL or LogLuv samples without SGILog compression",
        ),
    ] {
        assert_unsupported(case, bytes, reason);
    }
    // Truncated: the strips' byte counts halved.
    let mut short = unhex(LIBTIFF_LOGLUV);
    let e = common::entry(&mut short, 279).expect("counts");
    let (n, at) = (
        u32::from_le_bytes(e[4..8].try_into().expect("4")) as usize,
        u32::from_le_bytes(e[8..12].try_into().expect("4")) as usize,
    );
    assert!(n > 1);
    let typ = u16::from_le_bytes([e[2], e[3]]);
    for k in 0..n {
        if typ == 3 {
            let v = u16::from_le_bytes([short[at + 2 * k], short[at + 2 * k + 1]]);
            short[at + 2 * k..at + 2 * k + 2].copy_from_slice(&(v / 2).to_le_bytes());
        } else {
            let v = u32::from_le_bytes(short[at + 4 * k..at + 4 * k + 4].try_into().expect("4"));
            short[at + 4 * k..at + 4 * k + 4].copy_from_slice(&(v / 2).to_le_bytes());
        }
    }
    let m = damaged("SGILog truncated", short);
    assert!(m.contains("SGILog data ends inside a row"), "{m}");
    // Junk data decodes to something or fails, quickly and without a panic.
    let junk: Vec<u8> = (0..2000u32)
        .map(|i| i.wrapping_mul(2_654_435_761).to_le_bytes()[2])
        .collect();
    let tags = with(rgb_tags(300, 200, 34676, 200), PHOTOMETRIC, vec![32845]);
    let _ = refused_or_read("SGILog junk", build_tiff(&tags, &[junk], &[]));
}

/// Decodes or fails within a second, never panicking.
fn refused_or_read(case: &str, bytes: Vec<u8>) -> Option<ImagingError> {
    let start = std::time::Instant::now();
    let r = decode_with(bytes, &Limits::default());
    assert!(
        start.elapsed() < std::time::Duration::from_secs(1),
        "{case}"
    );
    r.err()
}

#[test]
fn files_written_by_libtiff_read_exactly() {
    for (name, file) in [
        ("LZMA", LIBTIFF_LZMA),
        ("LZMA tiles", LIBTIFF_LZMA_TILES),
        ("ZSTD tiles", LIBTIFF_ZSTD_TILES),
        ("WebP FillOrder 2", LIBTIFF_WEBP_FILL2),
    ] {
        let bytes = unhex(file);
        assert!(decode(name, bytes) == gradient(48, 20), "{name}");
    }
}

#[test]
fn whole_chunk_codecs_stay_within_the_band_memory() {
    // One 4000 x 3000 strip of LZMA, WebP, SGILog or YCbCr is decoded whole: over the band
    // guard it is refused from the header, before its data is read.
    let limits = Limits {
        max_band_bytes: 16 * 1024 * 1024,
        ..Limits::default()
    };
    for (name, compression, photometric) in [
        ("LZMA", 34925, 2),
        ("WebP", 50001, 2),
        ("SGILog", 34676, 32845),
        ("YCbCr", 1, 6),
        ("old-style JPEG", 6, 6),
    ] {
        let mut tags = with(
            rgb_tags(4000, 3000, compression, 3000),
            PHOTOMETRIC,
            vec![photometric],
        );
        let mut strip = vec![0u8; 16];
        if compression == 6 {
            tags = with(with(tags, 513, vec![8]), 514, vec![16]);
            // Markers of a JPEG stream up to its scan.
            strip[..6].copy_from_slice(&[0xFF, 0xD8, 0xFF, 0xDA, 0, 8]);
        }
        let file = build_tiff(&tags, &[strip], &[]);
        match decode_with(file, &limits) {
            Err(ImagingError::TooLarge(m)) => assert!(m.contains("limit 16777216"), "{name}: {m}"),
            other => panic!("{name}: {:?}", other.map(|_| ())),
        }
    }
}

#[test]
fn old_style_jpeg_in_one_strip_reads_and_split_streams_are_refused() {
    let stream = jpeg(40, 24);
    let mut d = zune_jpeg::JpegDecoder::new(zune_core::bytestream::ZCursor::new(&stream));
    let want = d.decode().expect("zune");
    let ycbcr = |compression| with(rgb_tags(40, 24, compression, 24), PHOTOMETRIC, vec![6]);
    // JPEGInterchangeFormat without its length, at the one strip that is the stream (as in
    // Pillow's old-style-jpeg-compression.tif), and no interchange tags at all.
    let cases = [
        ("no length", with(ycbcr(6), 513, vec![8])),
        ("no interchange tags", ycbcr(6)),
        (
            "no SamplesPerPixel",
            ycbcr(6).into_iter().filter(|(t, _)| *t != 277).collect(),
        ),
    ];
    for (case, tags) in cases {
        let got = decode(case, build_tiff(&tags, std::slice::from_ref(&stream), &[]));
        assert!(got == want, "{case}");
    }
    // An interchange stream of tables only, the scans in the strips (libtiff's
    // ojpeg_chewey_subsamp21_multi_strip.tiff): libtiff rebuilds it, we refuse it.
    let sos = stream
        .windows(2)
        .position(|w| w == [0xFF, 0xDA])
        .expect("SOS");
    let mut tables = stream[..sos].to_vec();
    tables.extend_from_slice(&[0xFF, 0xD9]);
    let tags = old_jpeg_tags(40, 24, 8, tables.len() as u32);
    let tags = with(with(tags, 278, vec![8]), 273, vec![8, 8, 8]);
    let tags = with(tags, 279, vec![1, 1, 1]);
    match refused("tables only", build_tiff(&tags, &[tables], &[])) {
        ImagingError::Unsupported(m) => assert_eq!(
            m.text,
            "TIFF with old-style JPEG whose interchange stream holds only tables (the image data \
             is split over the strips)"
        ),
        e => panic!("tables only: {e}"),
    }
}

// ---------------------------------------------------------------------------------------------
// CCITT fax (Compression 2, 3 and 4)

/// A bilevel test pattern (true is black): rows starting black, runs of one pixel, runs longer
/// than 64 and than the make-up codes' 2560, and whole black and white rows.
fn bilevel(w: usize, h: usize) -> Vec<Vec<bool>> {
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| match y % 6 {
                    0 => (x / (1 + y % 5)) % 2 == 1,
                    1 => x < 3 || (x > w / 3 && x < w / 3 + 70),
                    2 => (x * 7 + y * 3) % 11 < 4,
                    3 => true,
                    4 => false,
                    _ => x % 2 == 0,
                })
                .collect()
        })
        .collect()
}

fn colours(row: &[bool]) -> impl Iterator<Item = fax::Color> + '_ {
    row.iter().map(|&b| {
        if b {
            fax::Color::Black
        } else {
            fax::Color::White
        }
    })
}

/// The runs of a row, starting white, each written as make-up codes and a terminating code.
fn write_runs(out: &mut fax::VecWriter, row: &[bool]) {
    use fax::BitWriter;
    let mut colour = false;
    let mut x = 0;
    while x < row.len() || (x == 0 && row.is_empty()) {
        let n = row[x..].iter().take_while(|&&b| b == colour).count();
        let code = |v: u16| {
            if colour {
                fax::maps::black::encode(v)
            } else {
                fax::maps::white::encode(v)
            }
            .expect("code")
        };
        let mut left = n as u16;
        while left >= 2560 {
            out.write(code(2560)).expect("write");
            left -= 2560;
        }
        if left >= 64 {
            out.write(code(left & !63)).expect("write");
            left &= 63;
        }
        out.write(code(left)).expect("write");
        x += n;
        colour = !colour;
    }
}

/// A `fax::BitWriter` shared between the Group 4 encoder and our EOL codes.
#[derive(Clone)]
struct Shared(std::rc::Rc<std::cell::RefCell<fax::VecWriter>>);

impl fax::BitWriter for Shared {
    type Error = std::convert::Infallible;
    fn write(&mut self, bits: fax::Bits) -> Result<(), Self::Error> {
        self.0.borrow_mut().write(bits)
    }
}

#[derive(Clone, Copy, Debug)]
enum Fax {
    /// Compression 2.
    Huffman,
    /// Compression 3, one-dimensional rows after EOLs (`fill`: each EOL ends a byte).
    T4 { fill: bool },
    /// Compression 3 with T4Options bit 0: every row coded against the one above.
    T4TwoD,
    /// Compression 4.
    T6,
}

/// Encodes rows as one strip of `coding`.
fn fax_encode(rows: &[Vec<bool>], coding: Fax) -> Vec<u8> {
    use fax::BitWriter;
    let w = rows.first().map_or(0, Vec::len) as u16;
    match coding {
        Fax::Huffman => {
            let mut out = fax::VecWriter::new();
            for row in rows {
                write_runs(&mut out, row);
                out.pad();
            }
            out.finish()
        }
        Fax::T4 { fill } => {
            let mut out = fax::VecWriter::new();
            for row in rows {
                if fill {
                    // Zeros before the EOL so that it ends on a byte boundary.
                    out.pad();
                    out.write(fax::Bits { data: 0, len: 4 }).expect("write");
                }
                out.write(fax::maps::EOL).expect("write");
                write_runs(&mut out, row);
            }
            out.finish()
        }
        Fax::T4TwoD | Fax::T6 => {
            let shared = Shared(std::rc::Rc::new(std::cell::RefCell::new(
                fax::VecWriter::new(),
            )));
            let mut enc = fax::encoder::Encoder::new(shared.clone());
            for row in rows {
                if let Fax::T4TwoD = coding {
                    // EOL, then the tag bit 0: this row is two-dimensional.
                    let mut s = shared.clone();
                    s.write(fax::maps::EOL).expect("write");
                    s.write(fax::Bits { data: 0, len: 1 }).expect("write");
                }
                enc.encode_line(colours(row), w).expect("encode");
            }
            let _ = enc.finish();
            std::mem::replace(&mut *shared.0.borrow_mut(), fax::VecWriter::new()).finish()
        }
    }
}

/// Packed 1-bit rows, black 1, as an uncompressed WhiteIsZero strip stores them.
fn pack(rows: &[Vec<bool>]) -> Vec<u8> {
    rows.iter()
        .flat_map(|row| {
            row.chunks(8).map(|c| {
                c.iter()
                    .enumerate()
                    .fold(0u8, |b, (i, &p)| b | (u8::from(p) << (7 - i)))
            })
        })
        .collect()
}

fn fax_tags(w: u32, h: u32, compression: u32, rps: u32, photometric: u32) -> Vec<(u16, Vec<u32>)> {
    vec![
        (256, vec![w]),
        (257, vec![h]),
        (258, vec![1]),
        (COMPRESSION, vec![compression]),
        (PHOTOMETRIC, vec![photometric]),
        (277, vec![1]),
        (278, vec![rps]),
    ]
}

/// The pattern in strips of `rps` rows, each strip coded on its own.
fn fax_file(w: usize, h: usize, rps: usize, coding: Fax, photometric: u32) -> Vec<u8> {
    let rows = bilevel(w, h);
    let strips: Vec<Vec<u8>> = rows.chunks(rps).map(|s| fax_encode(s, coding)).collect();
    let (compression, options) = match coding {
        Fax::Huffman => (2, None),
        Fax::T4 { fill } => (3, Some((292, u32::from(fill) * 4))),
        Fax::T4TwoD => (3, Some((292, 1))),
        Fax::T6 => (4, None),
    };
    let mut tags = fax_tags(w as u32, h as u32, compression, rps as u32, photometric);
    if let Some((tag, v)) = options {
        tags.push((tag, vec![v]));
    }
    build_tiff(&tags, &strips, &[])
}

fn uncompressed_bilevel(w: usize, h: usize, photometric: u32) -> Vec<u8> {
    let rows = bilevel(w, h);
    let tags = fax_tags(w as u32, h as u32, 1, h as u32, photometric);
    decode(
        "uncompressed bilevel",
        build_tiff(&tags, &[pack(&rows)], &[]),
    )
}

#[test]
fn ccitt_fax_reads_pixel_for_pixel() {
    for (w, h) in [(61, 25), (2700, 13), (8, 1)] {
        for photometric in [0, 1] {
            let want = uncompressed_bilevel(w, h, photometric);
            for coding in [
                Fax::Huffman,
                Fax::T4 { fill: false },
                Fax::T4 { fill: true },
                Fax::T4TwoD,
                Fax::T6,
            ] {
                for rps in [h, 4] {
                    let case = format!("{coding:?} {w}x{h} photometric {photometric} rps {rps}");
                    let got = decode(&case, fax_file(w, h, rps, coding, photometric));
                    assert!(got == want, "{case}");
                }
            }
        }
    }
    // The decoder of the `tiff` crate (Group 4 only) agrees; it turns WhiteIsZero into
    // BlackIsZero, so its bits are the complement.
    let file = fax_file(61, 25, 25, Fax::T6, 0);
    let mut d = tiff::decoder::Decoder::new(Cursor::new(file)).expect("tiff");
    let tiff::decoder::DecodingResult::U8(theirs) = d.read_image().expect("read") else {
        panic!("not bytes");
    };
    for (y, row) in bilevel(61, 25).iter().enumerate() {
        for (x, &black) in row.iter().enumerate() {
            let bit = theirs[y * 8 + x / 8] >> (7 - x % 8) & 1;
            assert_eq!(bit == 0, black, "tiff crate at {x}, {y}");
        }
    }
}

#[test]
fn ccitt_fax_with_fill_order_2() {
    let (w, h) = (61, 25);
    let want = uncompressed_bilevel(w, h, 0);
    for coding in [Fax::Huffman, Fax::T4 { fill: true }, Fax::T6] {
        let reversed: Vec<u8> = fax_encode(&bilevel(w, h), coding)
            .iter()
            .map(|b| b.reverse_bits())
            .collect();
        let compression = match coding {
            Fax::Huffman => 2,
            Fax::T6 => 4,
            _ => 3,
        };
        let tags = with(
            fax_tags(w as u32, h as u32, compression, h as u32, 0),
            FILL_ORDER,
            vec![2],
        );
        let got = decode(&format!("{coding:?}"), build_tiff(&tags, &[reversed], &[]));
        assert!(got == want, "{coding:?}");
    }
}

#[test]
fn ccitt_fax_damage_and_refusals() {
    let (w, h) = (61, 25);
    for coding in [Fax::Huffman, Fax::T4 { fill: false }, Fax::T4TwoD, Fax::T6] {
        let good = fax_file(w, h, h, coding, 0);
        let count = common::tag(&good, 279).expect("count");
        // Cut short: the last rows are missing.
        let mut short = good.clone();
        common::set_tag(&mut short, 279, count * 2 / 3);
        let m = damaged(&format!("{coding:?} truncated"), short);
        assert!(m.contains("CCITT fax"), "{coding:?}: {m}");
        // A strip of fewer rows than RowsPerStrip says.
        let rows = bilevel(w, h);
        let few = fax_encode(&rows[..h - 3], coding);
        let mut tags = fax_tags(w as u32, h as u32, 2, h as u32, 0);
        tags = with(
            tags,
            COMPRESSION,
            vec![match coding {
                Fax::Huffman => 2,
                Fax::T6 => 4,
                _ => 3,
            }],
        );
        if let Fax::T4TwoD = coding {
            tags.push((292, vec![1]));
        }
        damaged(
            &format!("{coding:?} few rows"),
            build_tiff(&tags, &[few], &[]),
        );
        // Junk must end as an error or as pixels, never a panic or a hang.
        let mut junk = good;
        for (i, b) in junk[8..8 + count as usize].iter_mut().enumerate() {
            *b = (i as u32).wrapping_mul(2_654_435_761).to_le_bytes()[2];
        }
        let _ = decode_with(junk, &Limits::default());
    }
    // What is not read has its own reason.
    let one = |tags: Vec<(u16, Vec<u32>)>| build_tiff(&tags, &[vec![0u8; 64]], &[]);
    for (case, file, code) in [
        (
            "8-bit fax",
            one(with(fax_tags(8, 8, 4, 8, 0), 258, vec![8])),
            "fax_layout",
        ),
        (
            "RGB fax",
            one(with(
                with(
                    with(fax_tags(8, 8, 3, 8, 2), 277, vec![3]),
                    258,
                    vec![1, 1, 1],
                ),
                PHOTOMETRIC,
                vec![2],
            )),
            "fax_layout",
        ),
        (
            "T.4 uncompressed mode",
            one(with(fax_tags(8, 8, 3, 8, 0), 292, vec![2])),
            "fax_uncompressed",
        ),
        (
            "T.6 uncompressed mode",
            one(with(fax_tags(8, 8, 4, 8, 0), 293, vec![2])),
            "fax_uncompressed",
        ),
    ] {
        match refused(case, file) {
            ImagingError::Unsupported(r) => assert_eq!(r.code, code, "{case}"),
            e => panic!("{case}: {e}"),
        }
    }
}

#[test]
fn lossless_jpeg_is_refused_not_damaged() {
    // SOI, a lossless (SOF3) frame header for 8 x 8 RGB, then a scan header.
    let mut jpeg = vec![0xFF, 0xD8, 0xFF, 0xC3, 0, 17, 8, 0, 8, 0, 8, 3];
    for c in 1..=3u8 {
        jpeg.extend_from_slice(&[c, 0x11, 0]);
    }
    jpeg.extend_from_slice(&[0xFF, 0xDA, 0, 12, 3, 1, 0, 2, 0, 3, 0, 1, 0, 0]);
    jpeg.extend_from_slice(&[0; 32]);
    jpeg.extend_from_slice(&[0xFF, 0xD9]);
    let file = build_tiff(&rgb_tags(8, 8, 7, 8), &[jpeg], &[]);
    match refused("lossless JPEG", file) {
        ImagingError::Unsupported(r) => assert_eq!(r.code, "jpeg_lossless"),
        e => panic!("lossless JPEG: {e}"),
    }
}

#[test]
fn old_style_lzw_reads() {
    // Old-style LZW (libtiff's LZW_COMPAT): LSB-first codes that widen one code later, as GIF;
    // weezl's GIF-style encoder writes it, starting with a clear code (bytes 0x00 0x01).
    let old = |raw: &[u8]| {
        weezl::encode::Encoder::new(weezl::BitOrder::Lsb, 8)
            .encode(raw)
            .expect("lzw")
    };
    // Strips of 7 rows, decoded whole.
    let (w, h) = (33, 17);
    let raw = gradient(w, h);
    let strips: Vec<Vec<u8>> = raw.chunks(w as usize * 3 * 7).map(old).collect();
    assert_eq!(strips[0][..2], [0, 1]);
    let got = decode("old LZW", build_tiff(&rgb_tags(w, h, 5, 7), &strips, &[]));
    assert!(got == raw);
    // One tall strip, streamed a band at a time.
    let (w, h) = (64, 1300);
    let raw = gradient(w, h);
    let file = build_tiff(&rgb_tags(w, h, 5, h), &[old(&raw)], &[]);
    let mut r = imaging::open_reader(Cursor::new(file), &Limits::default()).expect("open");
    let mut got = Vec::new();
    let mut bands = 0;
    while let Some(band) = r.next_band().expect("band") {
        got.extend_from_slice(&band.samples);
        bands += 1;
    }
    assert!(bands > 1);
    assert!(got == raw);
    // Cut short, it is damage.
    let cut = old(&gradient(33, 17));
    damaged(
        "old LZW truncated",
        build_tiff(
            &rgb_tags(33, 17, 5, 17),
            &[cut[..cut.len() / 2].to_vec()],
            &[],
        ),
    );
}
