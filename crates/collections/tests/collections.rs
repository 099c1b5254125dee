//! The collection rules through the service, on SQLite (and on PostgreSQL with
//! `DESEN_TEST_BACKEND=postgres`): what customers and staff are shown, the kind set once and the
//! forms checked, `collection_designs` kept in step with every change, tags and groups in order,
//! photos checked before anything is stored, special lists and stock pages.
#![expect(clippy::unwrap_used, reason = "tests")]

use collections::dto::{CollectionNode, GroupData, Names, SpecialListSave};
use collections::photos::Size;
use collections::service::{self, CollectionForm, TagForm, TagTarget};
use collections::special_lists::{self, SpecialListRule};
use collections::{BoardsCache, CollectionError, stock};
use db::DbConnection;
use desen_core::{DomainError, Language, PageRequest, UserGuid, Viewer};
use diesel::prelude::*;
use std::collections::BTreeSet;
use storage::Storage;
use test_support::{TestDesign, TestWorld};

// ---- the world ----------------------------------------------------------------------------------

struct Studio {
    world: TestWorld,
    storage: Storage,
    admin: UserGuid,
    /// One for the whole test: every change must reach the boards read after it.
    boards: BoardsCache,
}

impl Studio {
    fn new() -> Studio {
        let world = TestWorld::new();
        let storage = Storage::local(&world.files.join("objects")).unwrap();
        let admin = world
            .user("curator@desen.test", "Passw0rd!", true)
            .guid
            .parse()
            .unwrap();
        Studio {
            world,
            storage,
            admin,
            boards: BoardsCache::new(),
        }
    }

    fn conn(&self) -> r2d2::PooledConnection<db::PoolManager> {
        self.world.conn()
    }

    /// Every file of the photos' folder (covers and mood photos).
    fn files(&self) -> usize {
        self.storage.list("collections").unwrap().len()
    }

    /// A collection (with a cover) or a sub-collection of `parent`.
    fn collection(&self, name: &str, parent: Option<i32>) -> i32 {
        let form = CollectionForm {
            parent,
            name: Some(name.into()),
            description: Some(format!("About {name}")),
            thumbnail: parent.is_none().then(|| png(24, 16)),
            ..CollectionForm::default()
        };
        service::create(&mut self.conn(), &self.storage, &self.admin, form)
            .unwrap()
            .id
    }

    fn edit(
        &self,
        id: i32,
        change: impl FnOnce(&mut CollectionForm),
    ) -> Result<CollectionNode, CollectionError> {
        let mut form = CollectionForm {
            id: Some(id),
            ..CollectionForm::default()
        };
        change(&mut form);
        service::edit(&mut self.conn(), &self.storage, &self.admin, form)
    }

    /// A sub-collection of `parent` set as `kind`.
    fn sub(&self, parent: i32, name: &str, kind: &str) -> i32 {
        let id = self.collection(name, Some(parent));
        self.edit(id, |f| f.kind = Some(kind.into())).unwrap();
        id
    }

    fn active(&self, id: i32, active: bool) {
        self.edit(id, |f| f.is_active = Some(active)).unwrap();
    }

    fn photo(&self, sub: i32) -> i32 {
        service::add_image(
            &mut self.conn(),
            &self.storage,
            &self.admin,
            sub,
            &png(30, 20),
        )
        .unwrap()
        .id
    }

    fn tag(
        &self,
        image: i32,
        design: &TestDesign,
        k: usize,
    ) -> Result<collections::dto::MoodImageAnswer, CollectionError> {
        service::add_tag(
            &mut self.conn(),
            &self.admin,
            TagForm {
                image,
                target: TagTarget::Ids {
                    design: design.guid.to_string(),
                    colorway: design.colorways[k].to_string(),
                },
                point: None,
            },
        )
    }

    fn untag(&self, image: i32, design: &TestDesign, k: usize) {
        service::delete_tag(
            &mut self.conn(),
            &self.admin,
            image,
            &design.colorways[k].to_string(),
        )
        .unwrap();
    }

    fn groups(
        &self,
        page: i32,
        groups: &[(&str, Vec<&TestDesign>)],
    ) -> Result<Vec<collections::dto::GroupAnswer>, CollectionError> {
        let data = groups
            .iter()
            .map(|(name, designs)| GroupData {
                name: (*name).into(),
                design_guids: designs.iter().map(|d| d.guid.to_string()).collect(),
                criteria: None,
            })
            .collect();
        service::set_groups(&mut self.conn(), &self.admin, page, data)
    }

    /// The designs the archive's collection filter finds for `id`.
    fn designs_of(&self, id: i32) -> BTreeSet<String> {
        use db::schema::collection_designs as cd;
        cd::table
            .filter(cd::collection_id.eq(id))
            .select(cd::design_guid)
            .load::<String>(&mut *self.conn())
            .unwrap()
            .into_iter()
            .collect()
    }

    /// A customer company and a viewer of one of its users.
    fn customer(&self, company: &str, email: &str) -> (String, Viewer) {
        let conn: &mut DbConnection = &mut self.conn();
        let customer = accounts::service::ensure_customer(conn, company).unwrap();
        let user = self.world.user(email, "Passw0rd!", false);
        self.world.save(&accounts::model::User {
            customer_guid: Some(customer.guid.clone()),
            ..self.world.reload(&user)
        });
        let viewer = Viewer {
            user_guid: user.guid,
            customer_guid: Some(customer.guid.clone()),
            is_admin: false,
            is_in_house: false,
            second_factor_validated: false,
        };
        (customer.guid, viewer)
    }

    fn confine(&self, design: &TestDesign, customer: &str) {
        use db::schema::designs;
        diesel::update(designs::table.find(design.guid.to_string()))
            .set((
                designs::is_confined.eq(true),
                designs::customer_guid.eq(customer),
            ))
            .execute(&mut *self.conn())
            .unwrap();
    }

    /// The audit entries of `subject`, newest first, as `action: details`.
    fn audit(&self, subject: &str) -> Vec<String> {
        audit::events(
            &mut self.conn(),
            &audit::AuditFilter {
                subject_guid: Some(subject.into()),
                ..audit::AuditFilter::default()
            },
            PageRequest::new(0, 100),
        )
        .unwrap()
        .items
        .into_iter()
        .map(|e| format!("{}: {}", e.action, e.details))
        .collect()
    }
}

fn staff(world: &TestWorld) -> Viewer {
    let user = world.user("inhouse@desen.test", "Passw0rd!", false);
    Viewer {
        user_guid: user.guid,
        customer_guid: None,
        is_admin: false,
        is_in_house: true,
        second_factor_validated: false,
    }
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        let pixels: Vec<u8> = (0..width * height * 3).map(|i| (i % 251) as u8).collect();
        writer.write_image_data(&pixels).unwrap();
        writer.finish().unwrap();
    }
    out
}

/// The code and field of a refusal.
fn refused<T: std::fmt::Debug>(
    result: Result<T, CollectionError>,
) -> (&'static str, Option<&'static str>) {
    let error = result.unwrap_err();
    (error.code(), error.field())
}

fn guids(designs: &[&TestDesign]) -> BTreeSet<String> {
    designs.iter().map(|d| d.guid.to_string()).collect()
}

/// Each node's id with its sub-collections' ids.
fn shape(nodes: &[CollectionNode]) -> Vec<(i32, Vec<i32>)> {
    nodes
        .iter()
        .map(|n| {
            (
                n.id,
                n.sub_collections
                    .as_ref()
                    .unwrap()
                    .iter()
                    .map(|s| s.id)
                    .collect(),
            )
        })
        .collect()
}

// ---- the tests ----------------------------------------------------------------------------------

#[test]
fn customers_see_active_collections_and_set_sub_collections_staff_see_all() {
    let s = Studio::new();
    let staff = staff(&s.world);
    let (_, customer) = s.customer("Acme", "ayse@acme.test");
    let unvalidated_admin = Viewer {
        is_admin: true,
        is_in_house: true,
        ..customer.clone()
    };
    let summer = s.collection("Summer", None);
    let mood = s.sub(summer, "Beach", "mood");
    let page = s.sub(summer, "Prints", "design");
    let unset = s.collection("Later", Some(summer));
    s.active(page, false);
    let winter = s.collection("Winter", None);
    let wool = s.sub(winter, "Wool", "mood");
    s.active(winter, false);
    let conn = &mut *s.conn();

    assert_eq!(
        shape(&service::boards(conn, &s.boards, &staff).unwrap()),
        [(summer, vec![mood, page, unset]), (winter, vec![wool])]
    );
    for viewer in [&customer, &unvalidated_admin] {
        assert_eq!(
            shape(&service::boards(conn, &s.boards, viewer).unwrap()),
            [(summer, vec![mood])],
            "{viewer:?}"
        );
        for result in [
            service::board(conn, &s.boards, viewer, winter).map(drop),
            service::board(conn, &s.boards, viewer, mood).map(drop),
            service::mood_board(conn, viewer, wool).map(drop),
            service::mood_board(conn, viewer, unset).map(drop),
            service::design_page(conn, viewer, page).map(drop),
            service::searchable(conn, viewer, winter),
            service::searchable(conn, viewer, wool),
            service::searchable(conn, viewer, page),
            service::searchable(conn, viewer, unset),
            service::cover_key(conn, viewer, winter).map(drop),
        ] {
            assert_eq!(refused(result), ("collection_not_found", None));
        }
        service::searchable(conn, viewer, summer).unwrap();
        service::searchable(conn, viewer, mood).unwrap();
        assert_eq!(service::mood_board(conn, viewer, mood).unwrap().id, mood);
        assert!(service::cover_key(conn, viewer, summer).is_ok());
    }
    // Staff open everything, but a page is no mood board and a sub-collection no board.
    assert_eq!(
        service::board(conn, &s.boards, &staff, winter).unwrap().id,
        winter
    );
    assert_eq!(service::design_page(conn, &staff, page).unwrap().id, page);
    assert_eq!(service::mood_board(conn, &staff, wool).unwrap().id, wool);
    service::searchable(conn, &staff, unset).unwrap();
    for result in [
        service::mood_board(conn, &staff, page).map(drop),
        service::design_page(conn, &staff, mood).map(drop),
        service::design_page(conn, &staff, unset).map(drop),
        service::board(conn, &s.boards, &staff, mood).map(drop),
        service::searchable(conn, &staff, 999),
        service::cover_key(conn, &staff, mood).map(drop),
    ] {
        assert_eq!(refused(result), ("collection_not_found", None));
    }
    let board = service::board(conn, &s.boards, &staff, summer).unwrap();
    assert_eq!(
        board
            .sub_collections
            .unwrap()
            .iter()
            .map(|s| s.kind.clone())
            .collect::<Vec<_>>(),
        [Some("mood".to_owned()), Some("design".to_owned()), None]
    );

    // Activated again: customers see the collection and its sub-collection at once.
    s.active(winter, true);
    s.active(page, true);
    assert_eq!(
        shape(&service::boards(conn, &s.boards, &customer).unwrap()),
        [(summer, vec![mood, page]), (winter, vec![wool])]
    );
}

#[test]
fn forms_are_checked_and_a_kind_is_set_once() {
    let s = Studio::new();
    let conn = &mut *s.conn();
    let form = |name: Option<&str>, description: Option<&str>, cover: bool| CollectionForm {
        name: name.map(Into::into),
        description: description.map(Into::into),
        thumbnail: cover.then(|| png(8, 8)),
        ..CollectionForm::default()
    };
    let long_name = "x".repeat(101);
    let long_description = "x".repeat(1_001);
    for (form, want) in [
        (
            form(None, Some("About"), true),
            ("collection_form_incomplete", Some("name")),
        ),
        (
            form(Some(" "), Some("About"), true),
            ("collection_form_incomplete", Some("name")),
        ),
        (
            form(Some("Summer"), None, true),
            ("collection_form_incomplete", Some("description")),
        ),
        (
            form(Some("Summer"), Some("About"), false),
            ("collection_form_incomplete", Some("thumbnailImage")),
        ),
        (
            form(Some(long_name.as_str()), Some("About"), true),
            ("invalid_form", Some("name")),
        ),
        (
            form(Some("Sum\u{7}mer"), Some("About"), true),
            ("invalid_form", Some("name")),
        ),
        (
            form(Some("Summer"), Some(long_description.as_str()), true),
            ("invalid_form", Some("description")),
        ),
        (
            CollectionForm {
                kind: Some("mood".into()),
                ..form(Some("Summer"), Some("About"), true)
            },
            ("invalid_form", Some("kind")),
        ),
        (
            CollectionForm {
                parent: Some(999),
                ..form(Some("Summer"), Some("About"), true)
            },
            ("collection_not_found", None),
        ),
    ] {
        assert_eq!(
            refused(service::create(conn, &s.storage, &s.admin, form)),
            want
        );
    }
    assert!(service::tree(conn).unwrap().is_empty());
    assert_eq!(s.files(), 0, "a refused form leaves no cover behind");

    // Exactly 100 characters and a newline in a description are fine; positions count up.
    let summer = service::create(
        conn,
        &s.storage,
        &s.admin,
        form(
            Some("x".repeat(100).as_str()),
            Some("Line one\nline two"),
            true,
        ),
    )
    .unwrap();
    assert_eq!(
        (summer.position, summer.is_active, summer.kind.as_deref()),
        (0, true, None)
    );
    let winter = service::create(
        conn,
        &s.storage,
        &s.admin,
        CollectionForm {
            is_active: Some(false),
            ..form(Some("Winter"), Some("Wool"), true)
        },
    )
    .unwrap();
    assert_eq!((winter.position, winter.is_active), (1, false));
    let sub = |name: &str, parent: i32| CollectionForm {
        parent: Some(parent),
        ..form(Some(name), Some("About"), false)
    };
    let beach = service::create(conn, &s.storage, &s.admin, sub("Beach", summer.id)).unwrap();
    let prints = service::create(conn, &s.storage, &s.admin, sub("Prints", summer.id)).unwrap();
    assert_eq!(
        (beach.position, prints.position, beach.parent_id),
        (0, 1, Some(summer.id))
    );
    assert_eq!(
        refused(service::create(
            conn,
            &s.storage,
            &s.admin,
            sub("Deeper", beach.id)
        )),
        ("invalid_form", Some("subCollectionId"))
    );
    assert_eq!(s.files(), 4);

    // The kind, once; a refused edit changes nothing, a new cover sent with it is not kept.
    assert_eq!(
        s.edit(beach.id, |f| f.kind = Some("mood".into()))
            .unwrap()
            .kind
            .as_deref(),
        Some("mood")
    );
    for kind in ["mood", "design"] {
        let result = s.edit(beach.id, |f| {
            f.kind = Some(kind.into());
            f.name = Some("Renamed".into());
            f.thumbnail = Some(png(8, 8));
        });
        assert_eq!(refused(result), ("collection_kind_fixed", None), "{kind}");
    }
    assert_eq!(service::detail(conn, beach.id).unwrap().node.name, "Beach");
    assert_eq!(s.files(), 4, "the refused edit's cover is gone");
    for (id, kind, want) in [
        (summer.id, "mood", ("invalid_form", Some("kind"))),
        (prints.id, "moodboard", ("invalid_form", Some("kind"))),
        (999, "mood", ("collection_not_found", None)),
    ] {
        assert_eq!(refused(s.edit(id, |f| f.kind = Some(kind.into()))), want);
    }
    assert_eq!(
        refused(s.edit(prints.id, |f| f.name = Some(" ".into()))),
        ("collection_form_incomplete", Some("name"))
    );
    assert_eq!(
        refused(service::edit(
            conn,
            &s.storage,
            &s.admin,
            CollectionForm::default()
        )),
        ("collection_form_incomplete", Some("id"))
    );
    assert_eq!(
        s.edit(prints.id, |f| f.kind = Some("design".into()))
            .unwrap()
            .kind
            .as_deref(),
        Some("design")
    );

    // A new cover replaces the old one's files.
    let old = summer.cover_uri.unwrap();
    let edited = s
        .edit(summer.id, |f| f.thumbnail = Some(png(12, 12)))
        .unwrap();
    assert_ne!(edited.cover_uri.unwrap(), old);
    assert_eq!(s.files(), 4);

    assert_eq!(
        s.audit(&beach.id.to_string()),
        ["collection_saved: kind mood", "collection_saved: created"]
    );
    assert_eq!(
        s.audit(&prints.id.to_string()),
        ["collection_saved: kind design", "collection_saved: created"]
    );
}

#[test]
fn collection_designs_follow_every_change() {
    let s = Studio::new();
    let [a, b, c, d] = ["01-0001", "01-0002", "01-0003", "01-0004"].map(|n| s.world.design(n, 2));
    let summer = s.collection("Summer", None);
    let beach = s.sub(summer, "Beach", "mood");
    let prints = s.sub(summer, "Prints", "design");
    let city = s.sub(summer, "City", "mood");
    assert!(s.designs_of(summer).is_empty());

    let photo = s.photo(beach);
    assert!(
        s.designs_of(beach).is_empty(),
        "an untagged photo shows no design"
    );
    s.tag(photo, &a, 0).unwrap();
    s.tag(photo, &a, 1).unwrap();
    assert_eq!(s.designs_of(beach), guids(&[&a]));
    assert_eq!(s.designs_of(summer), guids(&[&a]));
    s.groups(prints, &[("First", vec![&b, &c])]).unwrap();
    assert_eq!(s.designs_of(prints), guids(&[&b, &c]));
    assert_eq!(s.designs_of(summer), guids(&[&a, &b, &c]));
    let street = s.photo(city);
    s.tag(street, &c, 0).unwrap();
    s.tag(street, &d, 0).unwrap();
    assert_eq!(s.designs_of(summer), guids(&[&a, &b, &c, &d]));

    // Untagging one colorway of two keeps the design; untagging the last removes it.
    s.untag(photo, &a, 0);
    assert_eq!(s.designs_of(beach), guids(&[&a]));
    s.untag(street, &d, 0);
    assert_eq!(s.designs_of(city), guids(&[&c]));
    assert_eq!(s.designs_of(summer), guids(&[&a, &b, &c]));

    // An inactive sub-collection keeps its own designs, and the collection loses them.
    s.active(prints, false);
    assert_eq!(s.designs_of(prints), guids(&[&b, &c]));
    assert_eq!(s.designs_of(summer), guids(&[&a, &c]));
    s.groups(prints, &[("Only", vec![&d])]).unwrap();
    assert_eq!(s.designs_of(prints), guids(&[&d]));
    assert_eq!(s.designs_of(summer), guids(&[&a, &c]), "inactive still");
    s.active(prints, true);
    assert_eq!(s.designs_of(summer), guids(&[&a, &c, &d]));
    // Deactivating the collection itself changes no row: customers may not search it at all.
    s.active(summer, false);
    assert_eq!(s.designs_of(summer), guids(&[&a, &c, &d]));
    s.active(summer, true);

    // Photos and sub-collections deleted.
    service::delete_image(&mut s.conn(), &s.storage, &s.admin, street).unwrap();
    assert!(s.designs_of(city).is_empty());
    assert_eq!(s.designs_of(summer), guids(&[&a, &d]));
    service::delete(&mut s.conn(), &s.storage, &s.admin, beach).unwrap();
    assert_eq!(s.designs_of(summer), guids(&[&d]));
    assert!(s.designs_of(beach).is_empty());
    service::delete(&mut s.conn(), &s.storage, &s.admin, prints).unwrap();
    assert!(s.designs_of(summer).is_empty());

    // A deleted design leaves every collection.
    let winter = s.collection("Winter", None);
    let wool = s.sub(winter, "Wool", "design");
    s.groups(wool, &[("All", vec![&a, &b])]).unwrap();
    let staff = Viewer {
        is_admin: true,
        second_factor_validated: true,
        ..staff(&s.world)
    };
    catalog::service::delete_design(&mut s.conn(), &s.storage, &staff, &b.guid.to_string())
        .unwrap();
    assert_eq!(s.designs_of(wool), guids(&[&a]));
    assert_eq!(s.designs_of(winter), guids(&[&a]));
    // A whole collection deleted: no row of it or its sub-collections is left.
    service::delete(&mut s.conn(), &s.storage, &s.admin, winter).unwrap();
    use db::schema::collection_designs as cd;
    let left: i64 = cd::table.count().get_result(&mut *s.conn()).unwrap();
    assert_eq!(left, 0);
}

#[test]
fn tags_keep_their_order_points_and_limit() {
    let s = Studio::new();
    let rose = s.world.design("01-0559", 51);
    let lily = s.world.design("01-0560", 1);
    let summer = s.collection("Summer", None);
    let beach = s.sub(summer, "Beach", "mood");
    let photo = s.photo(beach);
    let conn = &mut *s.conn();
    let by_number = |val: &str, point: Option<(f64, f64)>| TagForm {
        image: photo,
        target: TagTarget::Number(val.into()),
        point,
    };
    let tagged = service::add_tag(
        conn,
        &s.admin,
        by_number(" 01-0559 / VR-2 ", Some((0.0, 1.0))),
    )
    .unwrap();
    assert_eq!(
        tagged.colorways[0].colorway_guid,
        rose.colorways[1].to_string()
    );
    assert_eq!(
        (tagged.colorways[0].x, tagged.colorways[0].y),
        (Some(0.0), Some(1.0))
    );
    let tagged = service::add_tag(conn, &s.admin, by_number("01-0560/VR-1", None)).unwrap();
    assert_eq!((tagged.colorways[1].x, tagged.colorways[1].y), (None, None));
    for (form, want) in [
        (
            by_number("01-0559/VR-2", None),
            ("colorway_already_tagged", None),
        ),
        (
            by_number("01-0559/vr-3", None),
            ("colorway_not_found", None),
        ),
        (
            by_number("01-0559/VR-52", None),
            ("colorway_not_found", None),
        ),
        (by_number("01-0559", None), ("colorway_not_found", None)),
        (
            by_number("01-0559/VR-3", Some((1.01, 0.5))),
            ("invalid_form", Some("x")),
        ),
        (
            by_number("01-0559/VR-3", Some((0.5, -0.5))),
            ("invalid_form", Some("y")),
        ),
        (
            TagForm {
                image: 999,
                ..by_number("01-0559/VR-3", None)
            },
            ("mood_image_not_found", None),
        ),
        (
            TagForm {
                target: TagTarget::Ids {
                    design: lily.guid.to_string(),
                    colorway: rose.colorways[2].to_string(),
                },
                ..by_number("", None)
            },
            ("colorway_not_found", None),
        ),
    ] {
        assert_eq!(refused(service::add_tag(conn, &s.admin, form)), want);
    }

    // In order: a new tag goes last, also after deletions.
    let order = |conn: &mut DbConnection| -> Vec<String> {
        service::detail(conn, beach).unwrap().images[0]
            .colorways
            .iter()
            .map(|t| format!("{}/{}", t.design_name, t.colorway_name))
            .collect()
    };
    assert_eq!(order(conn), ["01-0559/VR-2", "01-0560/VR-1"]);
    service::delete_tag(conn, &s.admin, photo, &rose.colorways[1].to_string()).unwrap();
    s.tag(photo, &rose, 1).unwrap();
    assert_eq!(order(conn), ["01-0560/VR-1", "01-0559/VR-2"]);
    assert_eq!(
        refused(service::delete_tag(
            conn,
            &s.admin,
            photo,
            &rose.colorways[0].to_string()
        )),
        ("colorway_not_found", None)
    );

    // At most 50 tags on a photo, counted, not positioned: after deletions there is room again.
    for k in 2..50 {
        s.tag(photo, &rose, k).unwrap();
    }
    assert_eq!(
        service::detail(conn, beach).unwrap().images[0]
            .colorways
            .len(),
        50
    );
    assert_eq!(
        refused(s.tag(photo, &rose, 50)),
        ("invalid_form", Some("colorwayGuid"))
    );
    for k in 2..49 {
        service::delete_tag(conn, &s.admin, photo, &rose.colorways[k].to_string()).unwrap();
    }
    assert_eq!(
        service::detail(conn, beach).unwrap().images[0]
            .colorways
            .len(),
        3
    );
    let tagged = s.tag(photo, &rose, 50).unwrap();
    assert_eq!(tagged.colorways.last().unwrap().colorway_name, "VR-51");
    assert_eq!(
        tagged
            .colorways
            .iter()
            .map(|t| t.colorway_name.as_str())
            .collect::<Vec<_>>(),
        ["VR-1", "VR-2", "VR-50", "VR-51"]
    );
}

#[test]
fn groups_keep_their_order_and_each_design_once() {
    let s = Studio::new();
    let [a, b, c] = ["01-0001", "01-0002", "01-0003"].map(|n| s.world.design(n, 2));
    let summer = s.collection("Summer", None);
    let prints = s.sub(summer, "Prints", "design");
    let beach = s.sub(summer, "Beach", "mood");
    let unset = s.collection("Later", Some(summer));

    let groups = s
        .groups(
            prints,
            &[
                ("Florals", vec![&c, &a, &c, &b]),
                ("Stripes", vec![&b]),
                ("Empty", vec![]),
            ],
        )
        .unwrap();
    let shape = |groups: &[collections::dto::GroupAnswer]| -> Vec<(String, Vec<String>)> {
        groups
            .iter()
            .map(|g| {
                (
                    g.name.clone(),
                    g.designs.iter().map(|d| d.design_name.clone()).collect(),
                )
            })
            .collect()
    };
    let want = vec![
        (
            "Florals".to_owned(),
            vec!["01-0003".to_owned(), "01-0001".into(), "01-0002".into()],
        ),
        ("Stripes".to_owned(), vec!["01-0002".to_owned()]),
        ("Empty".to_owned(), vec![]),
    ];
    assert_eq!(shape(&groups), want);
    assert_eq!(
        groups[0].designs[1].colorway_guid,
        a.colorways[0].to_string(),
        "the first colorway"
    );
    let conn = &mut *s.conn();
    assert_eq!(shape(&service::detail(conn, prints).unwrap().groups), want);

    // Every refusal leaves the groups as they were.
    let unknown = TestDesign {
        guid: desen_core::DesignGuid::new(),
        number: "none".into(),
        colorways: vec![],
    };
    let names: Vec<String> = (0..101).map(|i| format!("G{i}")).collect();
    let too_many: Vec<(&str, Vec<&TestDesign>)> =
        names.iter().map(|n| (n.as_str(), vec![])).collect();
    let long = "x".repeat(101);
    for (page, groups, want) in [
        (prints, vec![], ("collection_group_required", None)),
        (
            prints,
            vec![("Florals", vec![&a]), (" ", vec![&b])],
            ("collection_form_incomplete", Some("name")),
        ),
        (
            prints,
            vec![(long.as_str(), vec![&a])],
            ("invalid_form", Some("name")),
        ),
        (prints, too_many, ("invalid_form", Some("groupData"))),
        (
            prints,
            vec![("Florals", vec![&a, &unknown])],
            ("design_not_found", None),
        ),
        (
            beach,
            vec![("Florals", vec![&a])],
            ("collection_kind_mismatch", None),
        ),
        (
            unset,
            vec![("Florals", vec![&a])],
            ("collection_kind_mismatch", None),
        ),
        (
            summer,
            vec![("Florals", vec![&a])],
            ("collection_kind_mismatch", None),
        ),
        (
            999,
            vec![("Florals", vec![&a])],
            ("collection_not_found", None),
        ),
    ] {
        assert_eq!(refused(s.groups(page, &groups)), want);
    }
    assert_eq!(shape(&service::detail(conn, prints).unwrap().groups), want);
    assert_eq!(s.designs_of(prints), guids(&[&a, &b, &c]));

    // A customer's page: a confined design of another company is left out, order kept.
    let (_, customer) = s.customer("Acme", "ayse@acme.test");
    let (rival, _) = s.customer("Rival", "can@rival.test");
    s.confine(&a, &rival);
    let page = service::design_page(conn, &customer, prints).unwrap();
    assert_eq!(
        page.groups
            .iter()
            .map(|(_, name, designs)| (name.clone(), designs.clone()))
            .collect::<Vec<_>>(),
        [
            (
                "Florals".to_owned(),
                vec![c.guid.to_string(), b.guid.to_string()]
            ),
            ("Stripes".to_owned(), vec![b.guid.to_string()]),
            ("Empty".to_owned(), vec![]),
        ]
    );
    assert_eq!(
        (page.collection.id, page.collection.name.as_str()),
        (summer, "Summer")
    );
    let node = |nodes: &[CollectionNode]| nodes[0].sub_collections.clone().unwrap()[0].clone();
    assert_eq!(
        node(&service::boards(conn, &s.boards, &customer).unwrap()).item_count,
        2
    );
    assert_eq!(node(&service::tree(conn).unwrap()).item_count, 3);

    // Replaced wholly.
    let groups = s.groups(prints, &[("Only", vec![&b])]).unwrap();
    assert_eq!(
        shape(&groups),
        [("Only".to_owned(), vec!["01-0002".to_owned()])]
    );
    assert_eq!(s.designs_of(prints), guids(&[&b]));
    assert_eq!(
        s.audit(&prints.to_string())[..2],
        [
            "collection_content_changed: 1 groups",
            "collection_content_changed: 3 groups"
        ]
    );
}

#[test]
fn photos_are_checked_before_anything_is_stored_and_hidden_with_their_designs() {
    let s = Studio::new();
    let rose = s.world.design("01-0001", 1);
    let lily = s.world.design("01-0002", 1);
    let summer = s.collection("Summer", None);
    let beach = s.sub(summer, "Beach", "mood");
    let prints = s.sub(summer, "Prints", "design");
    let conn = &mut *s.conn();
    assert_eq!(s.files(), 2);
    for (bytes, want) in [
        (
            b"<svg onload=alert(1)><script>alert(1)</script></svg>".to_vec(),
            "photo_unsupported",
        ),
        (b"GIF89a not one of ours".to_vec(), "photo_unsupported"),
        (png(40, 40)[..60].to_vec(), "photo_unsupported"),
        (Vec::new(), "photo_unsupported"),
    ] {
        assert_eq!(
            refused(service::add_image(
                conn, &s.storage, &s.admin, beach, &bytes
            ))
            .0,
            want
        );
    }
    assert_eq!(
        refused(service::add_image(
            conn,
            &s.storage,
            &s.admin,
            prints,
            &png(8, 8)
        )),
        ("collection_kind_mismatch", None)
    );
    assert_eq!(s.files(), 2, "nothing of the refused uploads");
    assert!(service::detail(conn, beach).unwrap().images.is_empty());

    let added = service::add_image(conn, &s.storage, &s.admin, beach, &png(2400, 600)).unwrap();
    assert_eq!((added.width, added.height), (2000, 500), "fit in 2,000 px");
    let key = {
        let staff = staff(&s.world);
        service::photo_key(conn, &staff, added.id).unwrap()
    };
    for size in [Size::Thumb, Size::Large] {
        let bytes = service::read_photo(&s.storage, &key, size).unwrap();
        assert!(bytes.starts_with(&[0xFF, 0xD8, 0xFF]), "{size:?} is a JPEG");
    }
    assert_eq!(s.files(), 4);

    // Tags hide a photo whose every fabric the viewer may not see; an untagged one stays.
    let untagged = service::add_image(conn, &s.storage, &s.admin, beach, &png(20, 20))
        .unwrap()
        .id;
    s.tag(added.id, &rose, 0).unwrap();
    let (_, customer) = s.customer("Acme", "ayse@acme.test");
    let (rival, _) = s.customer("Rival", "can@rival.test");
    s.confine(&rose, &rival);
    let shown = |conn: &mut DbConnection| -> Vec<i32> {
        service::mood_board(conn, &customer, beach)
            .unwrap()
            .images
            .iter()
            .map(|i| i.id)
            .collect()
    };
    assert_eq!(shown(conn), [untagged]);
    assert_eq!(
        refused(service::photo_key(conn, &customer, added.id)),
        ("mood_image_not_found", None)
    );
    assert!(service::photo_key(conn, &customer, untagged).is_ok());
    let counted = |conn: &mut DbConnection| {
        service::boards(conn, &s.boards, &customer).unwrap()[0]
            .sub_collections
            .clone()
            .unwrap()[0]
            .item_count
    };
    assert_eq!(counted(conn), 1);
    // One visible tag is enough, and only it is shown.
    s.tag(added.id, &lily, 0).unwrap();
    assert_eq!(shown(conn), [added.id, untagged]);
    let board = service::mood_board(conn, &customer, beach).unwrap();
    assert_eq!(
        board.images[0]
            .colorways
            .iter()
            .map(|t| t.design_name.as_str())
            .collect::<Vec<_>>(),
        ["01-0002"]
    );
    assert_eq!(counted(conn), 2);
    assert!(service::photo_key(conn, &customer, added.id).is_ok());
    // Not shown at all while its mood board is inactive.
    s.active(beach, false);
    assert_eq!(
        refused(service::photo_key(conn, &customer, untagged)),
        ("mood_image_not_found", None)
    );
    s.active(beach, true);

    // Deleted: files go with the rows.
    service::delete_image(conn, &s.storage, &s.admin, added.id).unwrap();
    assert_eq!(s.files(), 4);
    assert_eq!(
        refused(service::delete_image(conn, &s.storage, &s.admin, added.id)),
        ("mood_image_not_found", None)
    );
    service::delete(conn, &s.storage, &s.admin, summer).unwrap();
    assert_eq!(s.files(), 0, "the cover and the last photo too");
    assert_eq!(
        refused(service::delete(conn, &s.storage, &s.admin, summer)),
        ("collection_not_found", None)
    );
    assert_eq!(s.audit(&summer.to_string())[0], "collection_deleted: ");
}

#[test]
fn special_lists_hold_chosen_designs_and_the_seeded_rules() {
    let s = Studio::new();
    let [a, b] = ["01-0001", "01-0002"].map(|n| s.world.design(n, 1));
    let conn = &mut *s.conn();
    for (id, rule) in [
        (1, SpecialListRule::Pinned),
        (2, SpecialListRule::Ordered),
        (3, SpecialListRule::NeverOrdered),
    ] {
        assert_eq!(special_lists::rule_of(conn, id).unwrap(), rule);
    }
    assert_eq!(
        refused(special_lists::rule_of(conn, 4)),
        ("special_list_not_found", None)
    );

    let names = |tr: &str, en: &str, ru: &str| Names {
        tr: tr.into(),
        en: en.into(),
        ru: ru.into(),
    };
    let save = |id: Option<i32>, names: Names| SpecialListSave { id, names };
    let long = "x".repeat(101);
    for (form, want) in [
        (
            save(None, names("", "Spring", "Весна")),
            ("collection_form_incomplete", Some("names.tr")),
        ),
        (
            save(None, names("Bahar", " ", "Весна")),
            ("collection_form_incomplete", Some("names.en")),
        ),
        (
            save(None, names("Bahar", "Spring", "")),
            ("collection_form_incomplete", Some("names.ru")),
        ),
        (
            save(None, names("Bahar", &long, "Весна")),
            ("invalid_form", Some("names.en")),
        ),
        (
            save(None, names("Bahar", "Spr\ning", "Весна")),
            ("invalid_form", Some("names.en")),
        ),
        (
            save(Some(99), names("Bahar", "Spring", "Весна")),
            ("special_list_not_found", None),
        ),
    ] {
        assert_eq!(refused(special_lists::save(conn, &s.admin, form)), want);
    }
    assert_eq!(special_lists::all(conn).unwrap().len(), 3);

    let spring = special_lists::save(
        conn,
        &s.admin,
        save(None, names(" Bahar ", "Spring", "Весна")),
    )
    .unwrap();
    assert_eq!(
        (spring.id, spring.rule.as_str(), spring.names.tr.as_str()),
        (4, "designs", "Bahar")
    );
    assert_eq!(
        special_lists::rule_of(conn, 4).unwrap(),
        SpecialListRule::Chosen(4)
    );
    let chosen = special_lists::set_designs(
        conn,
        &s.admin,
        4,
        vec![b.guid.to_string(), a.guid.to_string(), b.guid.to_string()],
    )
    .unwrap();
    assert_eq!(chosen.design_count, 2);
    assert_eq!(
        chosen
            .designs
            .iter()
            .map(|d| d.design_name.as_str())
            .collect::<Vec<_>>(),
        ["01-0002", "01-0001"]
    );
    for (id, designs, want) in [
        (1, vec![a.guid.to_string()], ("special_list_rule", None)),
        (2, vec![], ("special_list_rule", None)),
        (
            4,
            vec![a.guid.to_string(), "no-such-design".into()],
            ("design_not_found", None),
        ),
        (99, vec![], ("special_list_not_found", None)),
    ] {
        assert_eq!(
            refused(special_lists::set_designs(conn, &s.admin, id, designs)),
            want
        );
    }
    let all = special_lists::all(conn).unwrap();
    assert_eq!(all[3].design_count, 2, "the refusal changed nothing");
    assert!(all[..3].iter().all(|l| l.designs.is_empty()));

    let renamed = special_lists::save(
        conn,
        &s.admin,
        save(Some(4), names("Yaz", "Summer", "Лето")),
    )
    .unwrap();
    assert_eq!(
        (renamed.names.en.as_str(), renamed.design_count),
        ("Summer", 2)
    );
    for (language, want) in [
        (Language::Tr, ["Sabitlenmiş desenler", "Yaz"]),
        (Language::En, ["Pinned designs", "Summer"]),
        (Language::Ru, ["Закреплённые дизайны", "Лето"]),
    ] {
        let options = special_lists::options(conn, language).unwrap();
        assert_eq!(
            options.iter().map(|o| o.id).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        assert_eq!([options[0].name.as_str(), options[3].name.as_str()], want);
    }

    special_lists::delete(conn, &s.admin, 4).unwrap();
    assert_eq!(
        refused(special_lists::delete(conn, &s.admin, 4)),
        ("special_list_not_found", None)
    );
    assert_eq!(
        refused(special_lists::rule_of(conn, 4)),
        ("special_list_not_found", None)
    );
    use db::schema::special_list_designs as sld;
    let left: i64 = sld::table.count().get_result(conn).unwrap();
    assert_eq!(left, 0, "its designs went with it");
    // A new list takes a new id, not the deleted one's.
    let autumn =
        special_lists::save(conn, &s.admin, save(None, names("Güz", "Autumn", "Осень"))).unwrap();
    assert_eq!(autumn.id, 5);
    assert_eq!(
        s.audit("4"),
        [
            "special_list_deleted: ",
            "special_list_saved: renamed",
            "special_list_saved: 2 designs",
            "special_list_saved: created",
        ]
    );
}

#[test]
fn stock_pages_show_what_the_company_may_see_of_one_collection() {
    let s = Studio::new();
    let open = s.world.design("01-0001", 2);
    let ours = s.world.design("01-0002", 1);
    let theirs = s.world.design("01-0003", 1);
    let elsewhere = s.world.design("01-0004", 1);
    let mood_only = s.world.design("01-0005", 1);
    let (acme, _) = s.customer("Acme", "ayse@acme.test");
    let (rival, _) = s.customer("Rival", "can@rival.test");
    s.confine(&ours, &acme);
    s.confine(&theirs, &rival);
    let summer = s.collection("Summer", None);
    let prints = s.sub(summer, "Prints", "design");
    s.groups(prints, &[("All", vec![&theirs, &ours, &open])])
        .unwrap();
    let beach = s.sub(summer, "Beach", "mood");
    let photo = s.photo(beach);
    s.tag(photo, &mood_only, 0).unwrap();
    s.active(beach, false);
    let winter = s.collection("Winter", None);
    let wool = s.sub(winter, "Wool", "design");
    s.groups(wool, &[("All", vec![&elsewhere])]).unwrap();
    let conn = &mut *s.conn();

    for (id, customer, want) in [
        (
            prints,
            acme.as_str(),
            ("invalid_form", Some("collectionId")),
        ),
        (999, acme.as_str(), ("collection_not_found", None)),
        (summer, "no-such-company", ("customer_not_found", None)),
    ] {
        assert_eq!(refused(stock::publish(conn, &s.admin, id, customer)), want);
    }

    let page = stock::publish(conn, &s.admin, summer, &acme).unwrap();
    assert_eq!(
        (page.customer_guid.as_str(), page.customer_name.as_str()),
        (acme.as_str(), "Acme")
    );
    assert_eq!(page.slug.len(), 32);
    assert!(page.slug.chars().all(|c| c.is_ascii_hexdigit()));
    let view = stock::view(conn, &page.slug).unwrap();
    assert_eq!(
        (view.customer_name.as_str(), view.name.as_str()),
        ("Acme", "Summer")
    );
    let shown: Vec<(&str, &str)> = view
        .designs
        .iter()
        .map(|d| (d.design_name.as_str(), d.colorway_name.as_str()))
        .collect();
    assert_eq!(
        shown,
        [("01-0001", "VR-1"), ("01-0002", "VR-1")],
        "by number, the first colorway"
    );
    assert_eq!(
        view.designs[0].preview_uri,
        format!(
            "/service/public/stock/{}/preview/{}/{}?v=0",
            page.slug, open.guid, open.colorways[0]
        )
    );
    assert_eq!(
        stock::preview_key(
            conn,
            &page.slug,
            &open.guid.to_string(),
            &open.colorways[0].to_string()
        )
        .unwrap(),
        "renditions/01-0001/0"
    );
    for (design, colorway) in [(&open, 1), (&theirs, 0), (&elsewhere, 0), (&mood_only, 0)] {
        assert_eq!(
            refused(stock::preview_key(
                conn,
                &page.slug,
                &design.guid.to_string(),
                &design.colorways[colorway].to_string()
            )),
            ("stock_page_not_found", None),
            "{}",
            design.number
        );
    }
    assert_eq!(
        refused(stock::preview_key(
            conn,
            &page.slug,
            &open.guid.to_string(),
            &ours.colorways[0].to_string()
        )),
        ("stock_page_not_found", None)
    );

    // Another company's page of the same collection; publishing again rotates the slug.
    let rivals = stock::publish(conn, &s.admin, summer, &rival).unwrap();
    let names: Vec<String> = stock::view(conn, &rivals.slug)
        .unwrap()
        .designs
        .into_iter()
        .map(|d| d.design_name)
        .collect();
    assert_eq!(names, ["01-0001", "01-0003"]);
    let again = stock::publish(conn, &s.admin, summer, &acme).unwrap();
    assert_ne!(again.slug, page.slug);
    assert_eq!(
        refused(stock::view(conn, &page.slug)),
        ("stock_page_not_found", None)
    );
    let listed = service::tree(conn).unwrap()[0].stock_pages.clone().unwrap();
    let mut slugs: Vec<&str> = listed.iter().map(|p| p.slug.as_str()).collect();
    slugs.sort();
    let mut want = vec![again.slug.as_str(), rivals.slug.as_str()];
    want.sort();
    assert_eq!(slugs, want);

    // The mood board's designs join the page when it is active.
    s.active(beach, true);
    assert_eq!(stock::view(conn, &again.slug).unwrap().designs.len(), 3);
    // An inactive collection's page is not found until it is active again.
    s.active(summer, false);
    assert_eq!(
        refused(stock::view(conn, &again.slug)),
        ("stock_page_not_found", None)
    );
    assert_eq!(
        refused(stock::preview_key(
            conn,
            &again.slug,
            &open.guid.to_string(),
            &open.colorways[0].to_string()
        )),
        ("stock_page_not_found", None)
    );
    s.active(summer, true);
    assert!(stock::view(conn, &again.slug).is_ok());

    stock::revoke(conn, &s.admin, &again.slug).unwrap();
    assert_eq!(
        refused(stock::view(conn, &again.slug)),
        ("stock_page_not_found", None)
    );
    assert_eq!(
        refused(stock::revoke(conn, &s.admin, &again.slug)),
        ("stock_page_not_found", None)
    );
    assert!(stock::view(conn, &rivals.slug).is_ok());
    // Deleting the collection ends its pages.
    service::delete(conn, &s.storage, &s.admin, summer).unwrap();
    assert_eq!(
        refused(stock::view(conn, &rivals.slug)),
        ("stock_page_not_found", None)
    );
    assert_eq!(
        s.audit(&summer.to_string())[..3],
        [
            "collection_deleted: ",
            "stock_page_revoked: Acme",
            "collection_saved: activated"
        ]
    );
}

#[test]
fn collections_photos_and_tags_move_where_the_curator_puts_them() {
    let s = Studio::new();
    let rose = s.world.design("01-0559", 2);
    let viewer = staff(&s.world);
    let [a, b, c] = ["Spring", "Summer", "Autumn"].map(|name| s.collection(name, None));
    let order = |conn: &mut DbConnection| -> Vec<i32> {
        service::tree(conn).unwrap().iter().map(|n| n.id).collect()
    };
    assert_eq!(order(&mut s.conn()), [a, b, c]);
    // A position is a place among the siblings: 0 first, beyond the last is last.
    let moved = s.edit(c, |f| f.position = Some(0)).unwrap();
    assert_eq!(moved.position, 0);
    assert_eq!(order(&mut s.conn()), [c, a, b]);
    s.edit(c, |f| f.position = Some(99)).unwrap();
    assert_eq!(order(&mut s.conn()), [a, b, c]);
    let [one, two] = ["One", "Two"].map(|name| s.sub(a, name, "mood"));
    s.edit(two, |f| f.position = Some(0)).unwrap();
    let subs: Vec<i32> = service::board(&mut s.conn(), &s.boards, &viewer, a)
        .unwrap()
        .sub_collections
        .unwrap()
        .iter()
        .map(|n| n.id)
        .collect();
    assert_eq!(subs, [two, one]);
    assert_eq!(
        order(&mut s.conn()),
        [a, b, c],
        "other levels keep their order"
    );

    // Photos move among their board's photos.
    let photos = [s.photo(one), s.photo(one), s.photo(one)];
    let conn = &mut *s.conn();
    let moved: Vec<i32> = service::move_image(conn, &s.admin, photos[2], 0)
        .unwrap()
        .iter()
        .map(|i| i.id)
        .collect();
    assert_eq!(moved, [photos[2], photos[0], photos[1]]);
    let board: Vec<i32> = service::mood_board(conn, &viewer, one)
        .unwrap()
        .images
        .iter()
        .map(|i| i.id)
        .collect();
    assert_eq!(board, moved);
    assert_eq!(
        refused(service::move_image(conn, &s.admin, 999, 0)),
        ("mood_image_not_found", None)
    );

    // A tagged colorway given a new point moves there and keeps its place; without a point it is
    // refused as tagged already.
    let photo = photos[0];
    for k in 0..2 {
        s.tag(photo, &rose, k).unwrap();
    }
    let moved = service::add_tag(
        conn,
        &s.admin,
        TagForm {
            image: photo,
            target: TagTarget::Number("01-0559/VR-1".into()),
            point: Some((0.25, 0.75)),
        },
    )
    .unwrap();
    let tags: Vec<_> = moved
        .colorways
        .iter()
        .map(|t| (t.colorway_name.as_str(), t.x, t.y))
        .collect();
    assert_eq!(
        tags,
        [("VR-1", Some(0.25), Some(0.75)), ("VR-2", None, None)]
    );
    assert!(
        s.audit(&c.to_string())
            .iter()
            .any(|e| e.ends_with("moved to 1"))
    );
    assert!(
        s.audit(&one.to_string())
            .iter()
            .any(|e| e.ends_with("moved 01-0559/VR-1"))
    );
}

/// Every change a board shows reaches the remembered boards at once: after each, the boards read
/// through the test's cache equal boards made anew.
#[test]
fn remembered_boards_follow_every_change() {
    let s = Studio::new();
    let rose = s.world.design("01-0559", 2);
    let lily = s.world.design("01-0560", 1);
    let (_, customer) = s.customer("Acme", "buyer@acme.test");
    let same = |what: &str| {
        let conn = &mut *s.conn();
        let remembered = service::boards(conn, &s.boards, &customer).unwrap();
        let fresh = service::boards(conn, &BoardsCache::new(), &customer).unwrap();
        assert_eq!(
            serde_json::to_value(&*remembered).unwrap(),
            serde_json::to_value(&*fresh).unwrap(),
            "after {what}"
        );
        assert!(
            std::sync::Arc::ptr_eq(
                &remembered,
                &service::boards(conn, &s.boards, &customer).unwrap()
            ),
            "remembered while nothing changes"
        );
    };
    same("nothing");
    let summer = s.collection("Summer", None);
    same("a new collection");
    let beach = s.sub(summer, "Beach", "mood");
    same("a sub-collection set as a mood board");
    let prints = s.sub(summer, "Prints", "design");
    same("a design page");
    s.edit(summer, |f| f.name = Some("Summer 27".into()))
        .unwrap();
    same("a rename");
    s.edit(beach, |f| f.thumbnail = Some(png(12, 12))).unwrap();
    same("a cover");
    let photo = s.photo(beach);
    same("a photo");
    let second = s.photo(beach);
    service::move_image(&mut s.conn(), &s.admin, second, 0).unwrap();
    same("a photo moved");
    s.tag(photo, &rose, 0).unwrap();
    same("a tag");
    s.untag(photo, &rose, 0);
    same("a tag removed");
    s.groups(prints, &[("Roses", vec![&rose]), ("Lilies", vec![&lily])])
        .unwrap();
    same("groups");
    s.edit(prints, |f| f.position = Some(0)).unwrap();
    same("a sub-collection moved");
    let (other, _) = s.customer("Other Mills", "buyer@other.test");
    s.confine(&lily, &other);
    same("a design confined to another company");
    s.active(beach, false);
    same("a sub-collection deactivated");
    service::delete_image(&mut s.conn(), &s.storage, &s.admin, photo).unwrap();
    same("a photo deleted");
    service::delete(&mut s.conn(), &s.storage, &s.admin, summer).unwrap();
    same("a collection deleted");
}

/// A collection may be shown as a banner atop the archive; a sub-collection may not.
#[test]
fn collections_are_shown_as_banners_on_request() {
    let s = Studio::new();
    let summer = s.collection("Summer", None);
    let node = s.edit(summer, |f| f.is_banner = Some(true)).unwrap();
    assert!(node.is_banner);
    let beach = s.sub(summer, "Beach", "mood");
    assert_eq!(
        refused(s.edit(beach, |f| f.is_banner = Some(true))),
        ("invalid_form", Some("isBanner"))
    );
    let form = CollectionForm {
        parent: Some(summer),
        name: Some("Dunes".into()),
        description: Some("Sand".into()),
        is_banner: Some(true),
        ..CollectionForm::default()
    };
    assert_eq!(
        refused(service::create(&mut s.conn(), &s.storage, &s.admin, form)),
        ("invalid_form", Some("isBanner"))
    );
    let (_, customer) = s.customer("Acme", "buyer@acme.test");
    let boards = service::boards(&mut s.conn(), &s.boards, &customer).unwrap();
    assert!(boards[0].is_banner);
    assert!(!boards[0].sub_collections.as_ref().unwrap()[0].is_banner);
    s.edit(summer, |f| f.is_banner = Some(false)).unwrap();
    assert!(!service::boards(&mut s.conn(), &s.boards, &customer).unwrap()[0].is_banner);
    assert_eq!(
        s.audit(&summer.to_string())[..2],
        [
            "collection_saved: banner removed",
            "collection_saved: shown as a banner"
        ]
    );
}
