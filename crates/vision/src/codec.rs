//! Features as bytes, for the database: a versioned little-endian layout.

use crate::features::{DESCRIPTOR_LEN, Features, Keypoint};

const MAGIC: &[u8; 4] = b"DSVF";
/// Changes whenever extraction changes: stored features of another version are rebuilt by
/// `desen reindex` and ignored until then.
pub const FEATURES_VERSION: u16 = 1;
const HEADER: usize = 4 + 2 + 4 + 4 + 4;
const RECORD: usize = 4 * 3 + 8 + DESCRIPTOR_LEN;

pub fn encode(features: &Features) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + features.len() * RECORD);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FEATURES_VERSION.to_le_bytes());
    out.extend_from_slice(&features.width.to_le_bytes());
    out.extend_from_slice(&features.height.to_le_bytes());
    out.extend_from_slice(&(features.len() as u32).to_le_bytes());
    for ((point, sketch), descriptor) in features
        .points
        .iter()
        .zip(&features.sketches)
        .zip(&features.descriptors)
    {
        for v in [point.x, point.y, point.scale] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&sketch.to_le_bytes());
        out.extend_from_slice(descriptor);
    }
    out
}

/// The features in `bytes`, or `None` when they are of another version or damaged.
pub fn decode(bytes: &[u8]) -> Option<Features> {
    let u32_at = |at: usize| Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?));
    if bytes.get(..4)? != MAGIC
        || u16::from_le_bytes(bytes.get(4..6)?.try_into().ok()?) != FEATURES_VERSION
    {
        return None;
    }
    let (width, height, n) = (u32_at(6)?, u32_at(10)?, u32_at(14)? as usize);
    if bytes.len() != HEADER + n.checked_mul(RECORD)? {
        return None;
    }
    let mut features = Features {
        width,
        height,
        points: Vec::with_capacity(n),
        descriptors: Vec::with_capacity(n),
        sketches: Vec::with_capacity(n),
    };
    for record in bytes[HEADER..].chunks_exact(RECORD) {
        let f = |at: usize| {
            f32::from_le_bytes([record[at], record[at + 1], record[at + 2], record[at + 3]])
        };
        features.points.push(Keypoint {
            x: f(0),
            y: f(4),
            scale: f(8),
        });
        features
            .sketches
            .push(u64::from_le_bytes(record[12..20].try_into().ok()?));
        features.descriptors.push(record[20..].try_into().ok()?);
    }
    Some(features)
}

/// The sketches alone (what the index is built from), 8 bytes each.
pub fn encode_sketches(sketches: &[u64]) -> Vec<u8> {
    sketches.iter().flat_map(|s| s.to_le_bytes()).collect()
}

pub fn decode_sketches(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_and_sketches_survive_the_round_trip_and_damage_is_refused() {
        let features = Features {
            width: 640,
            height: 480,
            points: vec![
                Keypoint {
                    x: 1.5,
                    y: 2.5,
                    scale: 1.0,
                },
                Keypoint {
                    x: 100.0,
                    y: 7.25,
                    scale: 2.0,
                },
            ],
            descriptors: vec![[7; DESCRIPTOR_LEN], [200; DESCRIPTOR_LEN]],
            sketches: vec![u64::MAX, 0x0123_4567_89AB_CDEF],
        };
        let bytes = encode(&features);
        assert_eq!(decode(&bytes), Some(features.clone()));
        assert_eq!(decode(&bytes[..bytes.len() - 1]), None);
        let mut other = bytes.clone();
        other[4] = 99;
        assert_eq!(decode(&other), None, "another version");
        assert_eq!(decode(b"DSV"), None);
        assert_eq!(
            decode_sketches(&encode_sketches(&features.sketches)),
            features.sketches
        );
    }
}
