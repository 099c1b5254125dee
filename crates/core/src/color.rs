//! Colour difference shared by the image pipeline and the database's colour search.

/// The colour distance (CIEDE2000) a colour search uses when none is given: clearly the same
/// colour family, not merely nearby.
pub const DEFAULT_COLOR_DISTANCE: f64 = 10.0;

/// How much a colour covering the whole design is worth against one covering none, in ΔE00
/// units: a match at ΔE 3 covering 40% of the design ranks above one at ΔE 2 covering 1%.
pub const SHARE_WEIGHT: f64 = 10.0;

/// The rank of a palette colour for a searched colour: its distance, plus [`SHARE_WEIGHT`] for
/// the part of the design it does not cover. Lower is better.
pub fn match_score(distance: f64, share: f64) -> f64 {
    distance + SHARE_WEIGHT * (1.0 - share)
}

/// `#RRGGBB` (or without `#`) as sRGB bytes.
pub fn parse_hex(value: &str) -> Option<[u8; 3]> {
    let hex = value.trim().trim_start_matches('#');
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// The CIEDE2000 colour difference (kL = kC = kH = 1), after Sharma, Wu and Dalal (2005).
/// Symmetric. Colours are CIELAB `[L, a, b]`. The database's `desen_ciede2000` SQL function
/// (registered on SQLite connections, a PL/pgSQL function on PostgreSQL) computes the same.
pub fn ciede2000(x: [f64; 3], y: [f64; 3]) -> f64 {
    // Hue angles are converted with pi truncated to 3.14159265358979 (as Argyll CMS does): pair
    // 10 of Sharma's data sits exactly on the |h1 - h2| = 180° discontinuity and the published
    // value is the one on the "> 180°" side. The difference is below 1e-14 degrees elsewhere.
    #[allow(clippy::approx_constant)]
    const PI: f64 = 3.141_592_653_589_79;
    let [l1, a1, b1] = x;
    let [l2, a2, b2] = y;
    let deg = |r: f64| r * 180.0 / PI;
    let rad = |d: f64| d * PI / 180.0;
    const P25_7: f64 = 6_103_515_625.0; // 25^7

    let c1ab = (a1 * a1 + b1 * b1).sqrt();
    let c2ab = (a2 * a2 + b2 * b2).sqrt();
    let cab = 0.5 * (c1ab + c2ab);
    let cab7 = cab.powi(7);
    let g = 0.5 * (1.0 - (cab7 / (cab7 + P25_7)).sqrt());
    let a1p = (1.0 + g) * a1;
    let a2p = (1.0 + g) * a2;
    let c1p = (a1p * a1p + b1 * b1).sqrt();
    let c2p = (a2p * a2p + b2 * b2).sqrt();
    let hue = |b: f64, a: f64| {
        if b == 0.0 && a == 0.0 {
            0.0
        } else {
            let h = deg(b.atan2(a));
            if h < 0.0 { h + 360.0 } else { h }
        }
    };
    let h1p = hue(b1, a1p);
    let h2p = hue(b2, a2p);

    let dl = l2 - l1;
    let dc = c2p - c1p;
    let chroma_zero = c1p * c2p == 0.0;
    let dh = if chroma_zero {
        0.0
    } else {
        let d = h2p - h1p;
        if d > 180.0 {
            d - 360.0
        } else if d < -180.0 {
            d + 360.0
        } else {
            d
        }
    };
    let d_hp = 2.0 * (c1p * c2p).sqrt() * rad(dh / 2.0).sin();

    let lbar = 0.5 * (l1 + l2);
    let cbar = 0.5 * (c1p + c2p);
    let hbar = if chroma_zero {
        h1p + h2p
    } else if (h1p - h2p).abs() <= 180.0 {
        0.5 * (h1p + h2p)
    } else if h1p + h2p < 360.0 {
        0.5 * (h1p + h2p + 360.0)
    } else {
        0.5 * (h1p + h2p - 360.0)
    };
    let t = 1.0 - 0.17 * rad(hbar - 30.0).cos()
        + 0.24 * rad(2.0 * hbar).cos()
        + 0.32 * rad(3.0 * hbar + 6.0).cos()
        - 0.20 * rad(4.0 * hbar - 63.0).cos();
    let d_theta = 30.0 * (-((hbar - 275.0) / 25.0).powi(2)).exp();
    let cbar7 = cbar.powi(7);
    let rc = 2.0 * (cbar7 / (cbar7 + P25_7)).sqrt();
    let l50 = (lbar - 50.0).powi(2);
    let sl = 1.0 + 0.015 * l50 / (20.0 + l50).sqrt();
    let sc = 1.0 + 0.045 * cbar;
    let sh = 1.0 + 0.015 * cbar * t;
    let rt = -rad(2.0 * d_theta).sin() * rc;

    let tl = dl / sl;
    let tc = dc / sc;
    let th = d_hp / sh;
    (tl * tl + tc * tc + th * th + rt * tc * th).max(0.0).sqrt()
}

/// A lower bound of [`ciede2000`] that needs no angle (no atan2, sine or cosine), so a search can
/// pass over colours plainly out of reach at a fraction of the cost. Exact in real arithmetic:
/// - ΔH′² = |Δ(a′, b)|² − ΔC′² (the law of cosines), so the hue difference needs no hue angle;
/// - T ≤ 1 + 0.17 + 0.24 + 0.32 + 0.20, so S_H is at most `1 + 0.015 C̄′ · 1.93`;
/// - Δθ ≤ 30°, so |R_T| ≤ sin 60° · R_C < 2, and the chroma and hue terms
///   `t_C² + t_H² + R_T t_C t_H` are at least `(1 − R_T²/4) · max(t_C², t_H²)`.
///
/// Floating point may put it a few ulps above the distance it bounds: compare with a margin.
pub fn ciede2000_floor(x: [f64; 3], y: [f64; 3]) -> f64 {
    const P25_7: f64 = 6_103_515_625.0; // 25^7
    const T_MAX: f64 = 1.93;
    const SIN_60: f64 = 0.866_025_403_8;
    let [l1, a1, b1] = x;
    let [l2, a2, b2] = y;
    let cab = 0.5 * ((a1 * a1 + b1 * b1).sqrt() + (a2 * a2 + b2 * b2).sqrt());
    let cab7 = cab.powi(7);
    let g = 0.5 * (1.0 - (cab7 / (cab7 + P25_7)).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let c1p = (a1p * a1p + b1 * b1).sqrt();
    let c2p = (a2p * a2p + b2 * b2).sqrt();
    let dc = c2p - c1p;
    let dh2 = ((a2p - a1p).powi(2) + (b2 - b1).powi(2) - dc * dc).max(0.0);
    let l50 = (0.5 * (l1 + l2) - 50.0).powi(2);
    let sl = 1.0 + 0.015 * l50 / (20.0 + l50).sqrt();
    let cbar = 0.5 * (c1p + c2p);
    let cbar7 = cbar.powi(7);
    let rt_max = SIN_60 * 2.0 * (cbar7 / (cbar7 + P25_7)).sqrt();
    let tl = (l2 - l1) / sl;
    let tc2 = (dc / (1.0 + 0.045 * cbar)).powi(2);
    let th2 = dh2 / (1.0 + 0.015 * cbar * T_MAX).powi(2);
    (tl * tl + (1.0 - rt_max * rt_max / 4.0) * tc2.max(th2)).sqrt()
}

/// The coarse CIELAB cell a palette colour is filed under for colour search: L in steps of 10,
/// a and b in steps of 16 (from −128), so 10 × 16 × 16 cells. Migration 000004 computes the same
/// in SQL for rows stored before it.
pub fn lab_bin([l, a, b]: [f64; 3]) -> i32 {
    let cell = |v: f64, step: f64, max: i32| ((v / step).floor() as i32).clamp(0, max);
    cell(l, 10.0, 9) * 256 + cell(a + 128.0, 16.0, 15) * 16 + cell(b + 128.0, 16.0, 15)
}

/// The bins a colour within CIEDE2000 `distance` of `lab` may lie in.
///
/// ΔE00 is not a metric and bends space strongly (near neutrals a′ is stretched 1.5×; near blue
/// its rotation term lets colours far apart in a and b match), so there is no tight closed-form
/// box. Each bin is sampled at 27 points (corners, edge and face middles, centre) and kept when
/// the nearest sample is within `distance` + [`BIN_MARGIN`]; bins whose centre is further than
/// `distance` + [`CENTRE_REACH`] are skipped unsampled. Both margins are measured: the worst gap
/// between a colour's distance and its bin's nearest sample (or centre) over millions of random
/// pairs is about 10 (20 for the centre); the tests below check the result on fresh pairs.
pub fn bins_within(lab: [f64; 3], distance: f64) -> Vec<i32> {
    let mut bins = Vec::new();
    for li in 0..10 {
        let l0 = li as f64 * 10.0;
        for ai in 0..16 {
            let a0 = ai as f64 * 16.0 - 128.0;
            for bi in 0..16 {
                let b0 = bi as f64 * 16.0 - 128.0;
                if ciede2000(lab, [l0 + 5.0, a0 + 8.0, b0 + 8.0]) > distance + CENTRE_REACH {
                    continue;
                }
                let near = (0..27).any(|i| {
                    let p = [
                        l0 + (i % 3) as f64 * 5.0,
                        a0 + (i / 3 % 3) as f64 * 8.0,
                        b0 + (i / 9) as f64 * 8.0,
                    ];
                    ciede2000(lab, p) <= distance + BIN_MARGIN
                });
                if near {
                    bins.push(li * 256 + ai * 16 + bi);
                }
            }
        }
    }
    bins
}

/// How far apart in L two colours within CIEDE2000 `distance` can be. ΔE00² is (ΔL/S_L)² plus
/// a chroma and hue part that is never negative (its rotation term R_T stays within ±√3, so the
/// quadratic form is positive semi-definite), and S_L = 1 + 0.015(L̄−50)²/√(20+(L̄−50)²) is at
/// most its value at L̄ = 0 or 100. Unlike the bins, this bound is exact: a cheap filter that
/// spares most of the CIEDE2000 computations outside it.
pub fn lightness_reach(distance: f64) -> f64 {
    let max_sl = 1.0 + 0.015 * 2500.0 / 2520.0_f64.sqrt();
    distance * max_sl
}

/// See [`bins_within`].
pub const BIN_MARGIN: f64 = 12.0;
/// See [`bins_within`].
pub const CENTRE_REACH: f64 = 26.0;

#[cfg(test)]
mod tests {
    use super::*;

    /// Reproducible numbers in [0, 1) from a seed.
    fn uniform(mut seed: u64) -> impl FnMut() -> f64 {
        move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as f64 / (1u64 << 31) as f64
        }
    }

    /// Pairs from Sharma, Wu and Dalal's CIEDE2000 test data.
    #[test]
    fn matches_published_values() {
        let pairs = [
            ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
            ([50.0, -1.0, 2.0], [50.0, 0.0, 0.0], 2.3669),
            ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
            (
                [60.2574, -34.0099, 36.2677],
                [60.4626, -34.1751, 39.4387],
                1.2644,
            ),
            (
                [22.7233, 20.0904, -46.694],
                [23.0331, 14.973, -42.5619],
                2.0373,
            ),
        ];
        for (x, y, expected) in pairs {
            assert!((ciede2000(x, y) - expected).abs() < 1e-4, "{x:?} {y:?}");
        }
    }

    #[test]
    fn colours_within_the_distance_are_within_the_lightness_reach() {
        let mut next = uniform(11);
        for _ in 0..400_000 {
            let x = [
                next() * 100.0,
                next() * 256.0 - 128.0,
                next() * 256.0 - 128.0,
            ];
            // Mostly near pairs, where the hue rotation and S_L matter most.
            let spread = if next() < 0.8 { 30.0 } else { 200.0 };
            let y = [
                (x[0] + (next() - 0.5) * spread).clamp(0.0, 100.0),
                x[1] + (next() - 0.5) * spread,
                x[2] + (next() - 0.5) * spread,
            ];
            let distance = ciede2000(x, y);
            let dl = (x[0] - y[0]).abs();
            assert!(dl <= lightness_reach(distance) + 1e-9, "{x:?} {y:?}");
        }
        // Greys near black come within 2% of the bound: it is not loose either.
        let distance = ciede2000([1.0, 0.0, 0.0], [3.0, 0.0, 0.0]);
        assert!(2.0 / lightness_reach(distance) > 0.98);
    }

    #[test]
    fn the_floor_never_passes_the_distance() {
        let mut next = uniform(23);
        let (mut pairs, mut near, mut passed_over) = (0, 0, 0);
        for _ in 0..1_000_000 {
            let x = [
                next() * 100.0,
                next() * 256.0 - 128.0,
                next() * 256.0 - 128.0,
            ];
            // Mostly near pairs; some greys and blues, where S_H and the hue rotation bend most.
            let spread = [4.0, 30.0, 200.0][(next() * 3.0) as usize];
            let mut y = [
                (x[0] + (next() - 0.5) * spread).clamp(0.0, 100.0),
                x[1] + (next() - 0.5) * spread,
                x[2] + (next() - 0.5) * spread,
            ];
            if next() < 0.1 {
                y[1] = 0.0;
                y[2] = 0.0;
            }
            let (distance, floor) = (ciede2000(x, y), ciede2000_floor(x, y));
            assert!(
                floor <= distance + 1e-9,
                "{x:?} {y:?}: {floor} > {distance}"
            );
            pairs += 1;
            if distance > 10.0 && distance < 40.0 {
                near += 1;
                if floor > 10.0 {
                    passed_over += 1;
                }
            }
        }
        assert_eq!(pairs, 1_000_000);
        // Not loose either: most pairs out of a search's reach are told without angles.
        assert!(passed_over * 10 > near * 6, "{passed_over} of {near}");
        for (x, y) in [
            ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485]),
            ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0]),
            ([22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619]),
            ([50.0, 0.0, 0.0], [50.0, 0.0, 0.0]),
        ] {
            assert!(ciede2000_floor(x, y) <= ciede2000(x, y) + 1e-9);
        }
    }

    #[test]
    fn every_colour_within_the_distance_lies_in_a_listed_bin() {
        let mut next = uniform(7);
        for _ in 0..400 {
            let target = [
                next() * 100.0,
                next() * 200.0 - 100.0,
                next() * 200.0 - 100.0,
            ];
            for distance in [3.0, 8.0, 15.0] {
                let bins = bins_within(target, distance);
                for _ in 0..400 {
                    let other = [
                        (target[0] + (next() - 0.5) * 80.0).clamp(0.0, 100.0),
                        target[1] + (next() - 0.5) * 160.0,
                        target[2] + (next() - 0.5) * 160.0,
                    ];
                    if ciede2000(target, other) <= distance {
                        assert!(
                            bins.contains(&lab_bin(other)),
                            "{target:?} {other:?} {distance}"
                        );
                    }
                }
            }
        }
    }
}
