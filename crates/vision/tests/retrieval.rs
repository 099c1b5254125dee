//! Search by picture on designs made here: a turned, scaled, JPEG-compressed crop and a
//! photographed one find their design first through another colorway (the light/dark-swapped
//! one included) and are placed where they were cut; a hidden colorway never takes a place; a
//! plain picture finds nothing placed.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use common::{Kind, Rng, colorways, design, query, repeat_iou};
use std::collections::HashMap;
use vision::{Features, INDEX_BUDGET, Index, QUERY_BUDGET, Rgb, decode, encode, extract, rank};

fn rgb(width: u32, height: u32, data: &[u8]) -> Rgb<'_> {
    Rgb {
        width,
        height,
        data,
    }
}

#[test]
fn crops_and_photos_find_their_design_in_another_colorway_and_where_they_sit() {
    let repeats = [(1, 1), (2, 2), (3, 2), (1, 2), (4, 4), (2, 1)];
    let mut index = Index::new();
    let mut stored: HashMap<u32, Vec<u8>> = HashMap::new();
    let mut made = Vec::new();
    for (d, &repeat) in repeats.iter().enumerate() {
        let seed = 50 + d as u64;
        let design = design(seed, repeat);
        let ways = colorways(&design, seed);
        for (c, way) in ways.iter().enumerate() {
            let features = extract(rgb(way.width, way.height, &way.rgb), INDEX_BUDGET);
            assert!(
                features.len() > 200,
                "design {d} colorway {c}: {}",
                features.len()
            );
            let key = (d * 3 + c) as u32;
            index.insert(key, &features.sketches);
            stored.insert(key, encode(&features));
        }
        made.push((design, ways));
    }
    assert_eq!(index.len(), repeats.len() * 3);
    let load = |key: &u32| stored.get(key).and_then(|b| decode(b));
    let mut rng = Rng::new(9);
    for (d, (design, ways)) in made.iter().enumerate() {
        for kind in [Kind::Crop, Kind::Photo] {
            // Cut from the first colorway; that colorway is hidden, so only the other two
            // (one of them light/dark-swapped) can answer.
            let q = query(&ways[0], kind, &mut rng);
            let features = extract(rgb(q.width, q.height, &q.rgb), QUERY_BUDGET);
            let own = (d * 3) as u32;
            let shortlist = index.shortlist(&features.sketches, 60, |k| *k != own);
            assert!(shortlist.iter().all(|(k, _)| *k != own));
            let hits = rank(&features, shortlist, load);
            let first = &hits[0];
            assert_eq!(
                first.key as usize / 3,
                d,
                "{kind:?} of design {d}: {:?}",
                &hits[..3.min(hits.len())]
            );
            let placement = first.placement.as_ref().unwrap();
            let iou = repeat_iou(
                &placement.corners,
                &q.corners,
                design.period,
                (design.width, design.height),
            );
            assert!(iou > 0.6, "{kind:?} of design {d}: IoU {iou}");
        }
    }

    // A plain picture has no corner: nothing is placed.
    let plain = vec![200u8; 300 * 200 * 3];
    let features: Features = extract(rgb(300, 200, &plain), QUERY_BUDGET);
    assert!(features.is_empty());
    let hits = rank(
        &features,
        index.shortlist(&features.sketches, 60, |_| true),
        load,
    );
    assert!(hits.iter().all(|h| h.placement.is_none()));
}
