//! What a studio's archive knows about its designs besides the files: labels, customers,
//! studios, notes, screen status, confinement, repeats, dynamic parameters, dates and orders.

use std::collections::BTreeMap;

use catalog::service::{self as catalog_service, DesignEdit};
use chrono::{Duration, NaiveDateTime, NaiveTime};
use db::DbConnection;
use db::schema::{colorways, designs};
use desen_core::{CustomerGuid, DesignGuid, Language, Viewer, time};
use diesel::prelude::*;

use crate::palette::Mood;
use crate::patterns::Kind;
use crate::plan::DesignPlan;
use crate::rng::Rng;

/// A design the import added, with the plan it came from.
pub struct Added<'a> {
    pub plan: &'a DesignPlan,
    pub guid: String,
    pub number: String,
    pub archive_id: i32,
}

type Names = [&'static str; 3];

/// Label groups: the header, then its labels (tr, en, ru).
const LABEL_GROUPS: [(Names, &[Names]); 4] = [
    (
        ["Desen türü", "Motif", "Мотив"],
        &[
            ["Çiçek", "Floral", "Цветочный"],
            ["Geometrik", "Geometric", "Геометрический"],
            ["Çizgili", "Striped", "Полосатый"],
            ["Puantiye", "Polka dot", "Горошек"],
            ["Şal deseni", "Paisley", "Пейсли"],
            ["Yaprak", "Leaf", "Листья"],
            ["Kareli", "Checked", "Клетка"],
            ["Kaz ayağı", "Houndstooth", "Гусиная лапка"],
            ["Etnik", "Ethnic", "Этнический"],
            ["Tropikal", "Tropical", "Тропический"],
        ],
    ),
    (
        ["Sezon", "Season", "Сезон"],
        &[
            ["Bahar", "Spring", "Весна"],
            ["Yaz", "Summer", "Лето"],
            ["Sonbahar", "Autumn", "Осень"],
            ["Kış", "Winter", "Зима"],
        ],
    ),
    (
        ["Stil", "Style", "Стиль"],
        &[
            ["Pastel", "Pastel", "Пастельный"],
            ["Canlı", "Vivid", "Яркий"],
            ["Koyu", "Dark", "Тёмный"],
            ["Klasik", "Classic", "Классический"],
            ["Modern", "Modern", "Современный"],
        ],
    ),
    (
        ["Kullanım", "Use", "Назначение"],
        &[
            ["Çocuk", "Kids", "Детский"],
            ["Erkek", "Men", "Мужской"],
            ["Kadın", "Women", "Женский"],
            ["Ev tekstili", "Home textile", "Домашний текстиль"],
        ],
    ),
];

pub const CUSTOMERS: [&str; 5] = [
    "Yıldız Tekstil A.Ş.",
    "Anadolu Örme San. ve Tic. Ltd. Şti.",
    "ООО «Текстиль-Профи»",
    "Ивановская мануфактура",
    "Northbridge Home Ltd.",
];

const STUDIOS: [&str; 3] = ["Desen Stüdyo", "Atölye 2", "Freelance: A. Yılmaz"];

const NOTES: [&str; 10] = [
    "Müşteri VR-2'yi daha koyu istedi; kontur şablonu yeniden kazınacak.",
    "Rapor kontrol edildi, ek yeri görünmüyor.",
    "Zemin şablonu aşındı, yeni baskıdan önce kontrol edin.",
    "Screens stored on rack B-14. Ground screen re-engraved 2024.",
    "Customer approved strike-off on viscose; cotton version pending.",
    "Colours matched to Pantone TCX swatches sent by the buyer.",
    "Повтор согласован с клиентом, шаблоны на складе.",
    "Клиент просил уменьшить масштаб на 10 %.",
    "Dijital baskı için renk profili ayrıca hazırlandı.",
    "Eski arşivden taranıp temizlendi (1998 kolleksiyonu).",
];

/// The demo's labels by English name: those the archive already has (same English name) are
/// kept, the others created.
pub fn create_labels(conn: &mut DbConnection) -> anyhow::Result<BTreeMap<&'static str, i32>> {
    let existing: BTreeMap<String, i32> = catalog_service::labels(conn, Language::En)?
        .into_iter()
        .map(|l| (l.label, l.id))
        .collect();
    let ensure =
        |conn: &mut DbConnection, names: Names, group: Option<i32>| match existing.get(names[1]) {
            Some(id) => Ok::<_, anyhow::Error>(*id),
            None => Ok(catalog_service::create_label(
                conn,
                names,
                group,
                group.is_none(),
            )?),
        };
    let mut ids = BTreeMap::new();
    for (header, labels) in LABEL_GROUPS {
        let group = ensure(conn, header, None)?;
        ids.insert(header[1], group);
        for names in labels {
            ids.insert(names[1], ensure(conn, *names, Some(group))?);
        }
    }
    Ok(ids)
}

/// The labels a studio would give a design: its motif, style, and season or use (2 to 4).
fn labels_for(plan: &DesignPlan, rng: &mut Rng) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = match plan.kind {
        Kind::Rose | Kind::Ditsy => vec!["Floral"],
        Kind::Paisley => vec!["Paisley"],
        Kind::Polka => vec!["Polka dot"],
        Kind::Stripes => vec!["Striped"],
        Kind::Checks => vec!["Checked"],
        Kind::Houndstooth => vec!["Houndstooth"],
        Kind::Diamonds => vec!["Geometric"],
        Kind::Leaves => vec!["Leaf"],
        Kind::Ikat => vec!["Ethnic", "Geometric"],
    };
    if plan.kind == Kind::Leaves && rng.chance(0.5) {
        out.push("Tropical");
    }
    out.push(match plan.mood {
        Mood::Pastel => "Pastel",
        Mood::Vivid => "Vivid",
        Mood::Dark => "Dark",
        Mood::Classic if matches!(plan.kind, Kind::Diamonds | Kind::Polka | Kind::Stripes) => {
            "Modern"
        }
        Mood::Classic => "Classic",
    });
    let season = match (plan.kind, plan.mood) {
        (Kind::Checks | Kind::Houndstooth | Kind::Paisley, _) | (_, Mood::Dark) => {
            if rng.chance(0.5) { "Winter" } else { "Autumn" }
        }
        (Kind::Rose | Kind::Ditsy, Mood::Pastel) => "Spring",
        _ => "Summer",
    };
    let usage = match plan.kind {
        Kind::Rose => "Women",
        Kind::Ditsy | Kind::Polka => {
            if plan.mood == Mood::Pastel {
                "Kids"
            } else {
                "Women"
            }
        }
        Kind::Checks | Kind::Houndstooth | Kind::Stripes => "Men",
        _ => "Home textile",
    };
    if out.len() < 4 && rng.chance(0.7) {
        out.push(season);
    }
    if out.len() < 4 && rng.chance(0.6) {
        out.push(usage);
    }
    out
}

/// The season a design was made for, from when it was made: `SS25`, `AW24`.
fn season_code(at: NaiveDateTime) -> String {
    use chrono::Datelike;
    let year = at.year() % 100;
    if at.month() <= 6 {
        format!("AW{year:02}")
    } else {
        format!("SS{:02}", (year + 1) % 100)
    }
}

/// Ten dynamic parameters: season, fabric, weight, width, technique, designer, market,
/// collection, mill reference, composition.
fn parameters(plan: &DesignPlan, uploaded: NaiveDateTime, rng: &mut Rng) -> [String; 10] {
    let (fabric, composition, weight) = rng.pick(&[
        ("viscose", "100% VI", "120 g/m²"),
        ("cotton", "100% CO", "140 g/m²"),
        ("linen", "55% LI 45% CO", "160 g/m²"),
        ("cotton", "100% CO poplin", "115 g/m²"),
        ("polyester", "100% PES", "95 g/m²"),
        ("modal", "100% CMD", "130 g/m²"),
        ("silk", "100% SE", "70 g/m²"),
    ]);
    let home =
        matches!(plan.kind, Kind::Leaves | Kind::Paisley | Kind::Diamonds) && rng.chance(0.5);
    let width = if home {
        "280 cm"
    } else {
        rng.pick(&["140 cm", "145 cm", "150 cm"])
    };
    let technique = if plan.rotary {
        if fabric == "polyester" {
            "Dispers"
        } else {
            rng.pick(&["Reaktif", "Pigment", "Reaktif", "Aşındırma"])
        }
    } else if fabric == "polyester" {
        "Sublimasyon"
    } else {
        rng.pick(&["Dijital reaktif", "Dijital pigment"])
    };
    let collection = match plan.kind {
        Kind::Rose | Kind::Ditsy => "Botanica",
        Kind::Paisley | Kind::Ikat => "Anatolia",
        Kind::Leaves => "Riviera",
        Kind::Checks | Kind::Houndstooth => "Heritage",
        _ => "Urban",
    };
    let designer = rng.pick(&[
        "A. Yılmaz",
        "E. Demir",
        "M. Kaya",
        "О. Смирнова",
        "J. Parker",
    ]);
    let market = rng.pick(&["TR", "EU", "RU", "UK", "ME"]);
    let mill = format!("K-{:04}", rng.between(1000, 9999));
    let mut optional = |value: String| {
        if rng.chance(0.75) {
            value
        } else {
            String::new()
        }
    };
    [
        season_code(uploaded),
        fabric.to_owned(),
        weight.to_owned(),
        width.to_owned(),
        technique.to_owned(),
        optional(designer.to_owned()),
        optional(market.to_owned()),
        collection.to_owned(),
        optional(mill),
        composition.to_owned(),
    ]
}

/// Counts of what was recorded.
#[derive(Debug, Default, Clone, Copy)]
pub struct MetaReport {
    pub labels: usize,
    pub customers: usize,
    pub orders: usize,
}

fn staff() -> Viewer {
    Viewer {
        user_guid: "demo-seed".into(),
        customer_guid: None,
        is_admin: true,
        is_in_house: true,
        second_factor_validated: true,
    }
}

/// Gives the designs their metadata. Call inside a transaction.
pub fn apply(
    conn: &mut DbConnection,
    added: &[Added<'_>],
    seed: u64,
) -> anyhow::Result<MetaReport> {
    let mut rng = Rng::new(seed);
    let labels = create_labels(conn)?;
    let mut customers: Vec<CustomerGuid> = Vec::new();
    for name in CUSTOMERS {
        customers.push(
            accounts::service::ensure_customer(conn, name)?
                .guid
                .parse()?,
        );
    }
    let now = time::now();
    let years = Duration::days(3 * 365);

    // Upload dates: spread over three years, in number order within each archive.
    let mut by_archive: BTreeMap<i32, Vec<usize>> = BTreeMap::new();
    for (i, a) in added.iter().enumerate() {
        by_archive.entry(a.archive_id).or_default().push(i);
    }
    let mut uploaded = vec![now; added.len()];
    for members in by_archive.values_mut() {
        members.sort_by(|a, b| added[*a].number.cmp(&added[*b].number));
        let mut offsets: Vec<i64> = members
            .iter()
            .map(|_| rng.between(3, years.num_days() as usize) as i64)
            .collect();
        offsets.sort_unstable_by(|a, b| b.cmp(a));
        for (slot, days) in members.iter().zip(offsets) {
            let hour = rng.between(8, 18) as u32;
            let minute = rng.below(60) as u32;
            let day = (now - Duration::days(days)).date();
            let at = day.and_time(
                NaiveTime::from_hms_opt(hour, minute, rng.below(60) as u32).unwrap_or_default(),
            );
            uploaded[*slot] = at;
        }
    }

    let staff = staff();
    let mut orders = 0;
    for (i, a) in added.iter().enumerate() {
        let plan = a.plan;
        let up = uploaded[i];
        let mut edit = DesignEdit {
            studio: Some(rng.pick(&STUDIOS).to_owned()),
            label_ids: Some(
                labels_for(plan, &mut rng)
                    .iter()
                    .filter_map(|name| labels.get(name).copied())
                    .collect(),
            ),
            screen_status: Some(
                if plan.rotary {
                    rng.pick(&["engraved", "engraved", "engraved", "not_engraved", "faded"])
                } else {
                    "none"
                }
                .to_owned(),
            ),
            parameters: Some(parameters(plan, up, &mut rng)),
            ..Default::default()
        };
        if rng.chance(0.35) {
            edit.notes = Some(rng.pick(&NOTES).to_owned());
        }
        // A few designs are confined to a customer.
        let confined_to = (i % 10 == 4).then(|| customers[(i / 10) % customers.len()]);
        if let Some(customer) = &confined_to {
            edit.is_confined = Some(true);
            edit.customer = Some(Some(*customer));
            if rng.chance(0.5) {
                edit.closed_countries = Some(vec!["TR".into(), "AZ".into()]);
            }
        } else if rng.chance(0.08) {
            edit.closed_countries = Some(vec!["RU".into(), "BY".into(), "KZ".into()]);
        }
        match plan.kind {
            Kind::Rose | Kind::Paisley | Kind::Polka | Kind::Leaves if rng.chance(0.7) => {
                edit.repeat_direction = Some("vertical".into());
                edit.repeat_offset = Some("1/2".into());
            }
            Kind::Ditsy | Kind::Ikat if rng.chance(0.4) => {
                edit.repeat_direction = Some("horizontal".into());
                edit.repeat_offset = Some(rng.pick(&["1/2", "1/3", "1/4"]).into());
            }
            Kind::Diamonds if rng.chance(0.5) => {
                edit.repeat_direction = Some("horizontal".into());
                edit.repeat_offset = Some("custom".into());
                edit.repeat_offset_custom = Some(Some(f64::from(rng.between(5, 40) as u32) * 0.5));
            }
            _ => {}
        }
        if rng.chance(0.1) {
            edit.owned_extra = Some(true);
        }
        catalog_service::edit_design(conn, &staff, &a.guid, edit)?;

        let edited =
            (up + Duration::days(rng.below(240) as i64) + Duration::minutes(rng.below(600) as i64))
                .min(now);
        diesel::update(designs::table.filter(designs::guid.eq(&a.guid)))
            .set((designs::uploaded_at.eq(up), designs::edited_at.eq(edited)))
            .execute(conn)?;
        diesel::update(colorways::table.filter(colorways::design_guid.eq(&a.guid)))
            .set(colorways::created_at.eq(up))
            .execute(conn)?;

        // Orders: a sample, then production runs and reorders, for most designs.
        if confined_to.is_some() || rng.chance(0.65) {
            let mut at = up + Duration::days(rng.between(7, 60) as i64);
            let count = rng.between(1, 5);
            for k in 0..count {
                if at >= now {
                    break;
                }
                let customer = match &confined_to {
                    Some(c) => Some(*c),
                    None if rng.chance(0.1) => None,
                    None => Some(customers[rng.below(customers.len())]),
                };
                let (kind, amount) = match k {
                    0 => ("sample", f64::from(rng.between(1, 12) as u32) * 5.0),
                    1 => ("production", f64::from(rng.between(10, 160) as u32) * 50.0),
                    _ => ("reorder", f64::from(rng.between(6, 80) as u32) * 50.0),
                };
                catalog_service::add_order(
                    conn,
                    &a.guid.parse()?,
                    customer.as_ref(),
                    amount,
                    kind,
                    at,
                )?;
                orders += 1;
                at += Duration::days(rng.between(14, 200) as i64)
                    + Duration::hours(rng.below(9) as i64);
            }
        }
    }
    // Two open designs lead the default listing, as the studio's picks.
    let picks: Vec<DesignGuid> = added
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 10 != 4)
        .map(|(_, a)| a.guid.parse())
        .skip(5)
        .step_by(7)
        .take(2)
        .collect::<Result<_, _>>()?;
    catalog_service::set_pins(conn, &picks)?;
    Ok(MetaReport {
        labels: labels.len(),
        customers: customers.len(),
        orders,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    #[test]
    fn seasons_follow_the_calendar() {
        let at = |y, m| {
            NaiveDate::from_ymd_opt(y, m, 10)
                .and_then(|d| d.and_hms_opt(9, 0, 0))
                .unwrap_or_default()
        };
        assert_eq!(season_code(at(2024, 3)), "AW24");
        assert_eq!(season_code(at(2024, 9)), "SS25");
    }

    #[test]
    fn every_plan_gets_two_to_four_known_labels() {
        let known: Vec<&str> = LABEL_GROUPS
            .iter()
            .flat_map(|(_, l)| l.iter().map(|n| n[1]))
            .collect();
        let mut rng = Rng::new(1);
        for plan in crate::plan::plan(crate::plan::DemoSize::Full) {
            let labels = labels_for(&plan, &mut rng);
            assert!((2..=4).contains(&labels.len()), "{labels:?}");
            assert!(labels.iter().all(|l| known.contains(l)), "{labels:?}");
        }
    }
}
