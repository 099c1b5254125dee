//! The favorites rules through the service, on SQLite (and on PostgreSQL with
//! `DESEN_TEST_BACKEND=postgres`): names, one colorway per list, own lists only, pools hiding and
//! showing entries again, deleted designs and colorways, sharing, and concurrent writes.
#![expect(clippy::unwrap_used, reason = "tests")]

use db::DbConnection;
use db::schema::{colorways, designs};
use desen_core::{DesignGuid, FavoriteListGuid, UserGuid};
use diesel::prelude::*;
use favorites::FavoriteError;
use favorites::dto::{EntryKey, ListName};
use favorites::service::{self, Owner, ShareMail, Sharer};
use pools::Scope;
use std::sync::{Arc, Barrier};
use test_support::{TestDesign, TestWorld};

fn user(world: &TestWorld, email: &str) -> UserGuid {
    world.user(email, "Passw0rd!", false).guid.parse().unwrap()
}

fn name(text: &str) -> ListName {
    ListName::parse(text).unwrap()
}

fn key(design: &TestDesign, k: usize) -> EntryKey {
    EntryKey {
        design: design.guid,
        colorway: design.colorways[k],
    }
}

fn list_id(answer: &favorites::dto::ListAnswer) -> FavoriteListGuid {
    answer.id.parse().unwrap()
}

const OPEN: Scope = Scope::OpenArchive { customer: None };

#[test]
fn lists_keep_their_names_unique_and_their_colorways_once() {
    let w = TestWorld::new();
    let conn = &mut *w.conn();
    let ayse = user(&w, "ayse@example.com");
    let owner = Owner {
        user: &ayse,
        scope: &OPEN,
    };
    let rose = w.design("01-0001", 2);

    let spring = service::create_list(conn, &owner, &name("Spring 2027")).unwrap();
    assert_eq!(
        (spring.name.as_str(), spring.entry_count),
        ("Spring 2027", 0)
    );
    assert!(matches!(
        service::create_list(conn, &owner, &name("SPRING 2027")),
        Err(FavoriteError::NameTaken)
    ));
    // Another user may use the same name.
    let can = user(&w, "can@example.com");
    let theirs = Owner {
        user: &can,
        scope: &OPEN,
    };
    let their_list = service::create_list(conn, &theirs, &name("Spring 2027")).unwrap();

    let spring_id = list_id(&spring);
    let added = service::add_entry(conn, &owner, &spring_id, &key(&rose, 0)).unwrap();
    assert_eq!(added.entry_count, 1);
    assert!(matches!(
        service::add_entry(conn, &owner, &spring_id, &key(&rose, 0)),
        Err(FavoriteError::ColorwayPresent)
    ));
    service::add_entry(conn, &owner, &spring_id, &key(&rose, 1)).unwrap();
    // A colorway of another design, a missing design.
    let other = w.design("01-0002", 2);
    assert!(matches!(
        service::add_entry(
            conn,
            &owner,
            &spring_id,
            &EntryKey {
                design: rose.guid,
                colorway: other.colorways[0]
            }
        ),
        Err(FavoriteError::ColorwayNotFound)
    ));
    assert!(matches!(
        service::add_entry(
            conn,
            &owner,
            &spring_id,
            &EntryKey {
                design: DesignGuid::new(),
                colorway: other.colorways[0]
            }
        ),
        Err(FavoriteError::DesignNotFound)
    ));

    // Another user's list answers like a missing one, for every operation.
    let theirs_id = list_id(&their_list);
    assert!(matches!(
        service::list_entries(conn, &owner, &theirs_id),
        Err(FavoriteError::ListNotFound)
    ));
    assert!(matches!(
        service::add_entry(conn, &owner, &theirs_id, &key(&rose, 0)),
        Err(FavoriteError::ListNotFound)
    ));
    assert!(matches!(
        service::delete_list(conn, &owner, &theirs_id),
        Err(FavoriteError::ListNotFound)
    ));
    assert!(matches!(
        service::rename_list(conn, &owner, &theirs_id, &name("Mine")),
        Err(FavoriteError::ListNotFound)
    ));

    // Rename: another list's name is taken, the list's own in another case is not.
    let autumn = service::create_list(conn, &owner, &name("Autumn")).unwrap();
    assert!(matches!(
        service::rename_list(conn, &owner, &list_id(&autumn), &name("spring 2027")),
        Err(FavoriteError::NameTaken)
    ));
    let renamed = service::rename_list(conn, &owner, &list_id(&autumn), &name("AUTUMN")).unwrap();
    assert_eq!(renamed.name, "AUTUMN");

    // Lists newest first, with their counts; entries newest first.
    let lists = service::lists(conn, &owner, 0).unwrap();
    assert_eq!(
        lists
            .iter()
            .map(|l| (l.name.as_str(), l.entry_count))
            .collect::<Vec<_>>(),
        [("AUTUMN", 0), ("Spring 2027", 2)]
    );
    let entries = service::list_entries(conn, &owner, &spring_id).unwrap();
    assert_eq!(
        entries
            .entries
            .iter()
            .map(|e| (e.design_name.as_str(), e.colorway_name.as_str()))
            .collect::<Vec<_>>(),
        [("01-0001", "VR-2"), ("01-0001", "VR-1")]
    );
    assert!(entries.entries.iter().all(|e| e.list_id == spring.id));

    // The mosaic: the newest thumbnails, only when asked for; no thumbnails for an empty list.
    let mosaics = service::lists(conn, &owner, 9).unwrap();
    assert_eq!(
        mosaics
            .iter()
            .map(|l| l.thumbnails.len())
            .collect::<Vec<_>>(),
        [0, 2]
    );
    assert_eq!(mosaics[1].thumbnails[0], entries.entries[0].thumbnail);
    assert!(lists.iter().all(|l| l.thumbnails.is_empty()));

    // The hearts: which lists hold each colorway asked about, never another user's lists.
    let asked = [rose.colorways[1].to_string(), "not-a-colorway".to_owned()];
    let holding = service::holding_lists(conn, &owner, &asked).unwrap();
    assert_eq!(holding[0].list_ids, std::slice::from_ref(&spring.id));
    assert!(holding[1].list_ids.is_empty());

    // Remove one, then a missing one; empty; delete.
    let removed = service::remove_entry(conn, &owner, &spring_id, &key(&rose, 1)).unwrap();
    assert_eq!(removed.entry_count, 1);
    assert!(matches!(
        service::remove_entry(conn, &owner, &spring_id, &key(&rose, 1)),
        Err(FavoriteError::EntryNotFound)
    ));
    assert_eq!(
        service::empty_list(conn, &owner, &spring_id)
            .unwrap()
            .entry_count,
        0
    );
    service::delete_list(conn, &owner, &spring_id).unwrap();
    assert!(matches!(
        service::list_entries(conn, &owner, &spring_id),
        Err(FavoriteError::ListNotFound)
    ));
    assert_eq!(service::lists(conn, &owner, 0).unwrap().len(), 1);
}

#[test]
fn entries_hidden_by_the_pool_rule_are_kept_and_come_back() {
    let w = TestWorld::new();
    let conn = &mut *w.conn();
    let ayse = user(&w, "ayse@example.com");
    let owner = Owner {
        user: &ayse,
        scope: &OPEN,
    };
    let rose = w.design("01-0001", 2);
    let tulip = w.design("01-0002", 2);
    let list = list_id(&service::create_list(conn, &owner, &name("Mix")).unwrap());
    service::add_entry(conn, &owner, &list, &key(&rose, 0)).unwrap();
    service::add_entry(conn, &owner, &list, &key(&tulip, 0)).unwrap();

    // The rose is confined to a customer: not shown, not counted, not emptied, not removable.
    let confine = |conn: &mut DbConnection, confined: bool| {
        diesel::update(designs::table.find(rose.guid.to_string()))
            .set(designs::is_confined.eq(confined))
            .execute(conn)
            .unwrap();
    };
    confine(conn, true);
    let lists = service::lists(conn, &owner, 0).unwrap();
    assert_eq!(lists[0].entry_count, 1);
    // Confined to the user's own company, it counts; to another, it does not.
    let acme = accounts::service::ensure_customer(conn, "Acme")
        .unwrap()
        .guid;
    diesel::update(designs::table.find(rose.guid.to_string()))
        .set(designs::customer_guid.eq(Some(&acme)))
        .execute(conn)
        .unwrap();
    for (company, count) in [(Some(acme.clone()), 2), (Some("other".to_owned()), 1)] {
        let scope = Scope::OpenArchive { customer: company };
        let of_company = Owner {
            user: &ayse,
            scope: &scope,
        };
        assert_eq!(
            service::lists(conn, &of_company, 0).unwrap()[0].entry_count,
            count
        );
    }
    diesel::update(designs::table.find(rose.guid.to_string()))
        .set(designs::customer_guid.eq(None::<String>))
        .execute(conn)
        .unwrap();
    let with_entries = service::lists_with_entries(conn, &owner).unwrap();
    assert_eq!(
        (
            with_entries[0].list.entry_count,
            with_entries[0].entries.len()
        ),
        (1, 1)
    );
    let shown = service::list_entries(conn, &owner, &list).unwrap();
    assert_eq!(shown.entries.len(), 1);
    assert_eq!(shown.entries[0].design_name, "01-0002");
    // The hearts of the cards: a hidden colorway is in no list, as a missing one would be.
    let asked = [
        rose.colorways[0].to_string(),
        tulip.colorways[0].to_string(),
    ];
    let holding = service::holding_lists(conn, &owner, &asked).unwrap();
    assert!(holding[0].list_ids.is_empty(), "{holding:?}");
    assert_eq!(holding[1].list_ids, [list.to_string()]);
    assert!(matches!(
        service::remove_entry(conn, &owner, &list, &key(&rose, 0)),
        Err(FavoriteError::EntryNotFound)
    ));
    assert!(matches!(
        service::add_entry(conn, &owner, &list, &key(&rose, 1)),
        Err(FavoriteError::DesignNotFound)
    ));
    service::empty_list(conn, &owner, &list).unwrap();
    assert_eq!(service::lists(conn, &owner, 0).unwrap()[0].entry_count, 0);
    let everything = Owner {
        user: &ayse,
        scope: &Scope::Everything,
    };
    assert_eq!(
        service::lists(conn, &everything, 0).unwrap()[0].entry_count,
        1
    );

    // Access returns: the entry shows again.
    confine(conn, false);
    let back = service::list_entries(conn, &owner, &list).unwrap();
    assert_eq!(
        back.entries
            .iter()
            .map(|e| e.design_name.as_str())
            .collect::<Vec<_>>(),
        ["01-0001"]
    );

    // A deleted colorway, then a deleted design, leave nothing behind.
    service::add_entry(conn, &owner, &list, &key(&rose, 1)).unwrap();
    diesel::delete(colorways::table.find(rose.colorways[0].to_string()))
        .execute(conn)
        .unwrap();
    assert_eq!(
        service::lists(conn, &everything, 0).unwrap()[0].entry_count,
        1
    );
    diesel::delete(designs::table.find(rose.guid.to_string()))
        .execute(conn)
        .unwrap();
    assert_eq!(
        service::lists(conn, &everything, 0).unwrap()[0].entry_count,
        0
    );
    let left: i64 = db::schema::favorite_entries::table
        .count()
        .get_result(conn)
        .unwrap();
    assert_eq!(left, 0);
}

#[test]
fn a_shared_list_is_recorded_once_and_mailed_to_the_studio() {
    let w = TestWorld::new();
    let conn = &mut *w.conn();
    let ayse = user(&w, "ayse@example.com");
    let owner = Owner {
        user: &ayse,
        scope: &OPEN,
    };
    let rose = w.design("01-0001", 2);
    let list = service::create_list(conn, &owner, &name("For samples")).unwrap();
    let id = list_id(&list);
    service::add_entry(conn, &owner, &id, &key(&rose, 1)).unwrap();
    let sharer = Sharer {
        name: "Ayşe".into(),
        email: "ayse@example.com".into(),
        company: Some("Acme".into()),
    };
    let mail = ShareMail {
        mailer: w.accounts.mailer.as_ref(),
        studio: Some("studio@desen.test"),
        public_url: "https://archive.example.com/",
    };
    let shared = service::share_list(conn, &owner, &id, &sharer, &mail).unwrap();
    assert!(shared.shared.is_some());
    service::share_list(conn, &owner, &id, &sharer, &mail).unwrap();

    let lists = service::shared_lists(conn).unwrap();
    assert_eq!(lists.len(), 1, "sharing twice renews the same share");
    assert_eq!(
        (
            lists[0].times,
            lists[0].user_email.as_str(),
            lists[0].list.entry_count
        ),
        (2, "ayse@example.com", 1)
    );
    let read = service::shared_list_entries(conn, &id).unwrap();
    assert_eq!(read.entries[0].colorway_name, "VR-2");

    let mails = w.mails();
    assert_eq!(mails.len(), 2);
    let sent = &mails[0];
    assert!(sent.contains("To: studio@desen.test"), "{sent}");
    assert!(
        sent.contains("Subject: Favorite list shared: For samples"),
        "{sent}"
    );
    assert!(sent.contains("Ayşe (Acme, ayse@example.com)"), "{sent}");
    assert!(sent.contains("- 01-0001 / VR-2"), "{sent}");
    assert!(
        sent.contains(&format!(
            "https://archive.example.com/admin/shared-lists/{id}"
        )),
        "{sent}"
    );

    // No studio address: recorded, nothing mailed. A list not shared is not the admins' to read.
    let quiet = ShareMail {
        studio: None,
        ..mail
    };
    let other = list_id(&service::create_list(conn, &owner, &name("Private")).unwrap());
    assert!(matches!(
        service::shared_list_entries(conn, &other),
        Err(FavoriteError::ListNotFound)
    ));
    service::share_list(conn, &owner, &other, &sharer, &quiet).unwrap();
    assert_eq!(service::shared_lists(conn).unwrap().len(), 2);
    assert_eq!(w.mails().len(), 2);
}

#[test]
fn concurrent_writes_keep_names_unique_and_colorways_once() {
    let w = TestWorld::new();
    let rose = w.design("01-0001", 2);
    let ayse = user(&w, "ayse@example.com");
    let list = {
        let owner = Owner {
            user: &ayse,
            scope: &OPEN,
        };
        list_id(&service::create_list(&mut w.conn(), &owner, &name("Shared")).unwrap())
    };
    let threads = 4;
    let run = |work: &(dyn Fn(&mut DbConnection, &Owner) -> Result<(), FavoriteError> + Sync)| {
        let barrier = Arc::new(Barrier::new(threads));
        let results: Vec<Result<(), FavoriteError>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    let barrier = barrier.clone();
                    let pool = w.pool.clone();
                    let ayse = &ayse;
                    s.spawn(move || {
                        let mut conn = pool.get().unwrap();
                        barrier.wait();
                        work(
                            &mut conn,
                            &Owner {
                                user: ayse,
                                scope: &OPEN,
                            },
                        )
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        results
    };
    let adds =
        run(&|conn, owner| service::add_entry(conn, owner, &list, &key(&rose, 0)).map(|_| ()));
    assert_eq!(adds.iter().filter(|r| r.is_ok()).count(), 1, "{adds:?}");
    assert!(
        adds.iter()
            .all(|r| r.is_ok() || matches!(r, Err(FavoriteError::ColorwayPresent))),
        "{adds:?}"
    );
    let creates = run(&|conn, owner| service::create_list(conn, owner, &name("Twins")).map(|_| ()));
    assert_eq!(
        creates.iter().filter(|r| r.is_ok()).count(),
        1,
        "{creates:?}"
    );
    assert!(
        creates
            .iter()
            .all(|r| r.is_ok() || matches!(r, Err(FavoriteError::NameTaken))),
        "{creates:?}"
    );
}
