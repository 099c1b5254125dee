//! Smart groups: a design page's group that is a saved search keeps up with the archive as designs
//! are added and edited, and the collection's designs (the archive's collection filter) follow.
#![expect(clippy::unwrap_used, reason = "tests")]

use catalog::dto::DesignEdit;
use collections::dto::GroupData;
use collections::model::NewCollection;
use collections::{repo, service};
use db::DbConnection;
use desen_core::Viewer;
use pools::PoolCriteria;
use test_support::TestWorld;

fn staff(world: &TestWorld) -> Viewer {
    let admin = world.user("curator@desen.test", "Passw0rd!", true);
    Viewer {
        user_guid: admin.guid,
        customer_guid: None,
        is_admin: true,
        is_in_house: true,
        second_factor_validated: true,
    }
}

/// A collection with one design-page sub-collection; answers the sub-collection's id.
fn design_page(conn: &mut DbConnection) -> (i32, i32) {
    let now = desen_core::time::now();
    let mut insert = |parent: Option<i32>, kind: Option<&str>| {
        repo::insert(
            conn,
            &NewCollection {
                parent_id: parent,
                name: "Summer",
                description: "Prints of the season",
                is_active: true,
                is_banner: false,
                kind,
                position: 0,
                cover_key: None,
                created_at: now,
                updated_at: now,
            },
        )
        .unwrap()
    };
    let parent = insert(None, None);
    (parent, insert(Some(parent), Some("design")))
}

fn page_designs(conn: &mut DbConnection, viewer: &Viewer, page: i32) -> Vec<Vec<String>> {
    service::design_page(conn, viewer, page)
        .unwrap()
        .groups
        .into_iter()
        .map(|(_, _, designs)| designs)
        .collect()
}

fn collection_designs(conn: &mut DbConnection, collection: i32) -> Vec<String> {
    use db::schema::collection_designs as cd;
    use diesel::prelude::*;
    let mut designs: Vec<String> = cd::table
        .filter(cd::collection_id.eq(collection))
        .select(cd::design_guid)
        .load(conn)
        .unwrap();
    designs.sort();
    designs
}

#[test]
fn a_smart_group_follows_the_archive() {
    let world = TestWorld::new();
    let viewer = staff(&world);
    let conn: &mut DbConnection = &mut world.conn();
    let first = world.design("SM-001", 1).guid.to_string();
    let second = world.design("SM-002", 2).guid.to_string();
    let other = world.design("XX-001", 1).guid.to_string();
    let (parent, page) = design_page(conn);

    let smart = PoolCriteria {
        design_number: "SM-".into(),
        allowed_screen_status: vec!["not_engraved".into()],
        ..PoolCriteria::default()
    };
    let groups = service::set_groups(
        conn,
        &viewer.user_guid.parse().unwrap(),
        page,
        vec![
            GroupData {
                name: "Chosen".into(),
                design_guids: vec![other.clone()],
                criteria: None,
            },
            GroupData {
                name: "New in".into(),
                design_guids: Vec::new(),
                criteria: Some(smart.clone()),
            },
        ],
    )
    .unwrap();
    assert_eq!(groups[1].criteria.as_ref().unwrap().design_number, "SM-");
    // Newest first: the second design was added last.
    assert_eq!(
        page_designs(conn, &viewer, page),
        vec![vec![other.clone()], vec![second.clone(), first.clone()]]
    );

    // A design that arrives and meets the search joins the group, and the collection.
    let third = world.design("SM-003", 1).guid.to_string();
    assert_eq!(
        page_designs(conn, &viewer, page)[1],
        vec![third.clone(), second.clone(), first.clone()]
    );
    let mut expected = vec![first.clone(), second.clone(), third.clone(), other.clone()];
    expected.sort();
    assert_eq!(collection_designs(conn, page), expected);
    assert_eq!(collection_designs(conn, parent), expected);

    // One edited so that the search no longer admits it leaves the group.
    catalog::service::edit_design(
        conn,
        &viewer,
        &second,
        DesignEdit {
            screen_status: Some("faded".into()),
            ..DesignEdit::default()
        },
    )
    .unwrap();
    assert_eq!(
        page_designs(conn, &viewer, page)[1],
        vec![third.clone(), first.clone()]
    );
    assert!(!collection_designs(conn, parent).contains(&second));

    // A smart group with designs chosen too is refused.
    let refused = service::set_groups(
        conn,
        &viewer.user_guid.parse().unwrap(),
        page,
        vec![GroupData {
            name: "Both".into(),
            design_guids: vec![other],
            criteria: Some(smart),
        }],
    )
    .unwrap_err();
    assert_eq!(desen_core::DomainError::code(&refused), "invalid_form");
}
