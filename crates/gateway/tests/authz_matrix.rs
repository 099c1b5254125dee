//! The authorisation matrix, generated from the route table. [`table`] classifies every operation
//! of the OpenAPI document (which `openapi.rs` holds equal to what actix serves) into a case kind;
//! a documented operation without an entry, or an entry for no operation, fails
//! `the_table_classifies_every_documented_operation`, so a new route needs a case before it
//! passes. Each kind has its visibility cases (a design in the user's pool, outside it, confined
//! to another customer; a list of one's own, of another user, shared; a collection active or a
//! draft; a wear model enabled, disabled, outside the pool; ...) and an expectation
//! `(Role, Case) -> Expected`. The matrix test calls every operation that answers data through
//! the real app as every role against every case of its kind, checks the status, for a listing
//! that the case's item is listed exactly when it is visible, and for every answer that no byte
//! names something hidden from that role (a hidden design's id or number, another user's list, a
//! draft collection, a model the user may not use). Data-changing operations are sent as roles
//! that may not make them (they must be refused and nothing changes: the fixture is compared
//! before and after) and, harmlessly, as a role that may.
#![expect(clippy::unwrap_used, reason = "tests")]

mod common;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::test;
use common::*;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use test_support::TestWorld;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Role {
    Anonymous,
    /// A user of customer A, whose pool admits one design and two wear models; A's company code
    /// is admitted to CAD files.
    PooledUser,
    /// A user of customer B: no pool (the open archive), no CAD right.
    OtherCustomer,
    InHouse,
    AdminWithoutSecondFactor,
    Admin,
}

const ROLES: [Role; 6] = [
    Role::Anonymous,
    Role::PooledUser,
    Role::OtherCustomer,
    Role::InHouse,
    Role::AdminWithoutSecondFactor,
    Role::Admin,
];

impl Role {
    fn is_staff(self) -> bool {
        matches!(self, Role::InHouse | Role::Admin)
    }

    /// CAD files: staff, and users of a company whose code is admitted.
    fn has_cad_right(self) -> bool {
        matches!(self, Role::PooledUser | Role::InHouse | Role::Admin)
    }
}

/// What an operation is about: decides its cases and what each role gets in each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Kind {
    /// No sign-in, nothing per user (sign-in, health, the document).
    Public,
    /// The caller's own account or session: nothing of anyone else's to leak.
    OwnAccount,
    /// Reference data every signed-in user reads alike (archives, labels, swatches).
    Reference,
    /// The admin area and the staff's operations: an admin past the second factor only.
    AdminOnly,
    /// A statistic: an admin past the second factor only.
    Statistic,
    /// One design, colorway, image or file of it, by id.
    Design,
    /// A list of designs: a hidden design is never in it.
    DesignSearch,
    /// A CAD file of a design: the company's right, then the pool rule.
    CadFile,
    /// A download-all zip: to its owner only.
    CadBundle,
    /// A CAD file of a favorite list: the company's right, then the list's owner.
    CadList,
    /// One favorite list, by id: its owner's only.
    FavoriteList,
    /// The caller's favorite lists.
    FavoriteLists,
    /// One list shared with the studio (admins).
    SharedList,
    /// The lists shared with the studio (admins).
    SharedLists,
    /// One collection, sub-collection or its image: active ones, and for staff drafts too.
    Collection,
    /// The boards: every collection the caller may open.
    Collections,
    /// One wear model's picture: enabled ones (a pooled user: of the pool); staff every one.
    WearModel,
    /// The models the design page offers.
    WearModels,
    /// A colorway worn by a model: both the design and the model must be visible.
    WearRender,
    /// A published stock page (no sign-in): the collection's designs the company may see.
    StockPage,
    /// A colorway's preview on a stock page.
    StockPreview,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Case {
    Any,
    InPool,
    OutsidePool,
    ConfinedToOther,
    OwnList,
    OthersList,
    OthersSharedList,
    ActiveCollection,
    DraftCollection,
    EnabledModel,
    DisabledModel,
    ModelOutsidePool,
    RenderInPool,
    RenderOutsidePool,
    RenderConfined,
    RenderDisabledModel,
    RenderModelOutsidePool,
    PooledUsersZip,
    AdminsZip,
    StockOpenDesign,
    StockConfinedDesign,
    StockOfDraft,
    /// A slug published again since: the old one is dead.
    StockStaleSlug,
}

const DESIGNS: [Case; 3] = [Case::InPool, Case::OutsidePool, Case::ConfinedToOther];
const LISTS: [Case; 3] = [Case::OwnList, Case::OthersList, Case::OthersSharedList];
const COLLECTIONS: [Case; 2] = [Case::ActiveCollection, Case::DraftCollection];
const MODELS: [Case; 3] = [
    Case::EnabledModel,
    Case::DisabledModel,
    Case::ModelOutsidePool,
];

#[derive(Debug, Clone, Copy, PartialEq)]
enum Expected {
    Status(StatusCode),
    /// Any 2xx.
    Ok,
    /// Past the authorisation: anything but 401, 403 or 404 (a 409 "already there" is fine).
    Passes,
    /// Anything but 401 or 403 (a harmless request with ids that name nothing).
    NotDenied,
    /// 200, and the case's item listed (or not).
    Listed(bool),
}

const UNAUTHORIZED: Expected = Expected::Status(StatusCode::UNAUTHORIZED);
const FORBIDDEN: Expected = Expected::Status(StatusCode::FORBIDDEN);
const NOT_FOUND: Expected = Expected::Status(StatusCode::NOT_FOUND);

fn listed(expected: Expected) -> Expected {
    match expected {
        Expected::Ok => Expected::Listed(true),
        NOT_FOUND => Expected::Listed(false),
        other => other,
    }
}

fn signed_in(role: Role) -> Expected {
    match role {
        Role::Anonymous => UNAUTHORIZED,
        _ => Expected::Ok,
    }
}

fn admin_only(role: Role) -> Expected {
    match role {
        Role::Anonymous => UNAUTHORIZED,
        Role::Admin => Expected::Ok,
        _ => FORBIDDEN,
    }
}

/// Who sees a design (spec section 6, `docs/API.md` "What customers see", `pools::scope_of`):
/// staff everything; a pooled user their pool; other signed-in users every design not confined
/// to another customer; an admin before the second factor is such a user.
fn design(role: Role, case: Case) -> Expected {
    match (role, case) {
        (Role::Anonymous, _) => UNAUTHORIZED,
        (r, _) if r.is_staff() => Expected::Ok,
        (Role::PooledUser, Case::InPool) => Expected::Ok,
        (Role::PooledUser, _) => NOT_FOUND,
        (_, Case::ConfinedToOther) => NOT_FOUND,
        _ => Expected::Ok,
    }
}

/// Who may use a wear model (`docs/API.md` "Wear models"): enabled ones, a pooled user only
/// those the pool attaches; staff every one.
fn wear_model(role: Role, case: Case) -> Expected {
    match (role, case) {
        (Role::Anonymous, _) => UNAUTHORIZED,
        (r, _) if r.is_staff() => Expected::Ok,
        (_, Case::DisabledModel) => NOT_FOUND,
        (Role::PooledUser, Case::ModelOutsidePool) => NOT_FOUND,
        _ => Expected::Ok,
    }
}

fn both(first: Expected, second: Expected) -> Expected {
    match (first, second) {
        (Expected::Ok, other) | (other, Expected::Ok) => other,
        (first, _) => first,
    }
}

impl Kind {
    fn cases(self) -> &'static [Case] {
        match self {
            Kind::Design | Kind::DesignSearch | Kind::CadFile => &DESIGNS,
            Kind::FavoriteList
            | Kind::FavoriteLists
            | Kind::SharedList
            | Kind::SharedLists
            | Kind::CadList => &LISTS,
            Kind::Collection | Kind::Collections => &COLLECTIONS,
            Kind::WearModel | Kind::WearModels => &MODELS,
            Kind::WearRender => &[
                Case::RenderInPool,
                Case::RenderOutsidePool,
                Case::RenderConfined,
                Case::RenderDisabledModel,
                Case::RenderModelOutsidePool,
            ],
            Kind::CadBundle => &[Case::PooledUsersZip, Case::AdminsZip],
            Kind::StockPage | Kind::StockPreview => &[
                Case::StockOpenDesign,
                Case::StockConfinedDesign,
                Case::StockOfDraft,
                Case::StockStaleSlug,
            ],
            Kind::Public
            | Kind::OwnAccount
            | Kind::Reference
            | Kind::AdminOnly
            | Kind::Statistic => &[Case::Any],
        }
    }

    fn expect(self, role: Role, case: Case) -> Expected {
        match self {
            Kind::Public => Expected::Ok,
            Kind::OwnAccount | Kind::Reference => signed_in(role),
            Kind::AdminOnly | Kind::Statistic => admin_only(role),
            Kind::Design => design(role, case),
            Kind::DesignSearch => listed(design(role, case)),
            Kind::CadFile => match role {
                Role::Anonymous => UNAUTHORIZED,
                r if !r.has_cad_right() => FORBIDDEN,
                r => design(r, case),
            },
            Kind::CadBundle => match (role, case) {
                (Role::Anonymous, _) => UNAUTHORIZED,
                (Role::PooledUser, Case::PooledUsersZip) | (Role::Admin, Case::AdminsZip) => {
                    Expected::Passes
                }
                _ => NOT_FOUND,
            },
            Kind::FavoriteList => match (role, case) {
                (Role::Anonymous, _) => UNAUTHORIZED,
                (_, Case::OwnList) => Expected::Ok,
                _ => NOT_FOUND,
            },
            Kind::FavoriteLists => listed(Kind::FavoriteList.expect(role, case)),
            Kind::CadList => match role {
                r if r != Role::Anonymous && !r.has_cad_right() => FORBIDDEN,
                r => Kind::FavoriteList.expect(r, case),
            },
            Kind::SharedList => match (admin_only(role), case) {
                (Expected::Ok, Case::OthersSharedList) => Expected::Ok,
                (Expected::Ok, _) => NOT_FOUND,
                (refused, _) => refused,
            },
            Kind::SharedLists => listed(Kind::SharedList.expect(role, case)),
            Kind::Collection => match (role, case) {
                (Role::Anonymous, _) => UNAUTHORIZED,
                (r, Case::DraftCollection) if !r.is_staff() => NOT_FOUND,
                _ => Expected::Ok,
            },
            Kind::Collections => listed(Kind::Collection.expect(role, case)),
            Kind::WearModel => wear_model(role, case),
            // The design page offers enabled models only, to staff as well.
            Kind::WearModels => match (role, case) {
                (Role::Anonymous, _) => UNAUTHORIZED,
                (_, Case::DisabledModel) => Expected::Listed(false),
                _ => listed(wear_model(role, case)),
            },
            Kind::WearRender => {
                let (design_case, model_case) = match case {
                    Case::RenderOutsidePool => (Case::OutsidePool, Case::EnabledModel),
                    Case::RenderConfined => (Case::ConfinedToOther, Case::EnabledModel),
                    Case::RenderDisabledModel => (Case::InPool, Case::DisabledModel),
                    Case::RenderModelOutsidePool => (Case::InPool, Case::ModelOutsidePool),
                    _ => (Case::InPool, Case::EnabledModel),
                };
                both(design(role, design_case), wear_model(role, model_case))
            }
            // The page is customer B's: what B may see of an active collection.
            Kind::StockPage => match case {
                Case::StockOpenDesign => Expected::Listed(true),
                Case::StockConfinedDesign => Expected::Listed(false),
                _ => NOT_FOUND,
            },
            Kind::StockPreview => match case {
                Case::StockOpenDesign => Expected::Ok,
                _ => NOT_FOUND,
            },
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Effect {
    /// Not sent here (signs in or out, changes the caller's own account): `route_roles.rs`
    /// checks who may call it.
    Skip,
    /// Reads; a role that may gets the expected answer.
    Read,
    /// Reads ids that name nothing (import jobs, banners): a role that may is not refused.
    Probe,
    /// Changes data: refused roles send the real target, a role that may sends a harmless
    /// request.
    Change,
}

#[derive(Debug, Clone, Copy)]
enum Body {
    None,
    Form(&'static [(&'static str, &'static str)]),
    Json(&'static str),
    Multipart(&'static [(&'static str, &'static str)]),
}

struct Op {
    method: &'static str,
    /// The OpenAPI path template.
    path: &'static str,
    kind: Kind,
    effect: Effect,
    /// The request: `{name}` is a value of the fixture (see [`Fixture::vars`]).
    uri: &'static str,
    body: Body,
    /// In a listing, the fixture value that shows the case's item is in it (default: the case's
    /// own ids).
    marker: Option<&'static str>,
    /// A second row of an operation classified already, for another dimension of it (a CAD
    /// export of a list as well as of a design).
    variant: bool,
}

const fn op(
    method: &'static str,
    path: &'static str,
    kind: Kind,
    effect: Effect,
    uri: &'static str,
    body: Body,
) -> Op {
    Op {
        method,
        path,
        kind,
        effect,
        uri,
        body,
        marker: None,
        variant: false,
    }
}

const fn variant(op: Op) -> Op {
    Op {
        variant: true,
        ..op
    }
}

/// Not sent: only classified.
const fn skip(method: &'static str, path: &'static str, kind: Kind) -> Op {
    op(method, path, kind, Effect::Skip, "", Body::None)
}

/// A read sent as documented.
const fn read(method: &'static str, path: &'static str, kind: Kind) -> Op {
    op(method, path, kind, Effect::Read, path, Body::None)
}

const fn change(
    method: &'static str,
    path: &'static str,
    kind: Kind,
    uri: &'static str,
    body: Body,
) -> Op {
    op(method, path, kind, Effect::Change, uri, body)
}

const NIL: &str = "00000000-0000-4000-8000-000000000000";

use Body::{Form, Json, Multipart};
use Effect::{Probe, Read};
use Kind::*;

/// Every operation of the OpenAPI document, with its case kind and the request that exercises
/// it. Data-changing operations are sent in table order after every read, so a favorite list is
/// deleted last.
fn table() -> Vec<Op> {
    const JOB: Body = Form(&[("jobId", NIL)]);
    const USER: Body = Form(&[("userGuid", "{pooled_user}")]);
    const USERS: Body = Form(&[
        ("userGuids", "{pooled_user}"),
        ("accountState", "suspended"),
    ]);
    const TAG: Body = Form(&[
        ("imageId", "{photo}"),
        ("designGuid", "{design}"),
        ("colorwayGuid", "{colorway}"),
    ]);
    const IMAGE: Body = Form(&[("imageId", "{photo}"), ("position", "0")]);
    const GROUPS: Body = Form(&[("collectionId", "{page}"), ("groupData", "[]")]);
    const ENTRY: Body = Form(&[
        ("listid", "{list}"),
        ("designGuid", "{design}"),
        ("colorwayGuid", "{colorway}"),
    ]);
    const NAMES: Body = Json(r#"{"names":{"tr":"X","en":"X","ru":"X"}}"#);
    vec![
        // ---- account: sign-in and the caller's own session ----
        skip("POST", "/service/account/auto-login", Public),
        read("GET", "/service/account/client-settings", OwnAccount),
        skip("PUT", "/service/account/client-settings", OwnAccount),
        skip("POST", "/service/account/create-password", Public),
        skip("POST", "/service/account/login_collection", Public),
        skip("POST", "/service/account/logout", OwnAccount),
        skip("POST", "/service/account/reset-password", Public),
        skip("POST", "/service/account/second-factor/enroll", OwnAccount),
        skip("POST", "/service/account/second-factor/recover", OwnAccount),
        read(
            "GET",
            "/service/account/second-factor/recovery-codes",
            AdminOnly,
        ),
        change(
            "POST",
            "/service/account/second-factor/recovery-codes",
            AdminOnly,
            "/service/account/second-factor/recovery-codes",
            Body::None,
        ),
        skip("POST", "/service/account/second-factor/verify", OwnAccount),
        skip("POST", "/service/account/validate-token", Public),
        // ---- reference data and the caller's own settings ----
        read("POST", "/service/get/archives", Reference),
        read("GET", "/service/get/color-swatches", Reference),
        read("GET", "/service/get/configuration", Public),
        read("POST", "/service/get/customers/basic", OwnAccount),
        read("GET", "/service/get/design-fields", OwnAccount),
        read("POST", "/service/get/labels", Reference),
        read("GET", "/service/get/special-lists", Reference),
        read("GET", "/service/health", Public),
        skip("GET", "/service/openapi.json", Public),
        read("GET", "/service/search/similar/status", Reference),
        read("GET", "/service/cad/rights", OwnAccount),
        op(
            "GET",
            "/service/banner/{id}/{size}",
            Reference,
            Probe,
            "/service/banner/999999/thumb",
            Body::None,
        ),
        // ---- one design, its colorways, images and files ----
        op(
            "POST",
            "/service/design/header",
            Design,
            Read,
            "/service/design/header",
            Form(&[("designGuid", "{design}")]),
        ),
        op(
            "GET",
            "/service/design/thumbnail/c/d/{direction}/{design}/{colorway}",
            Design,
            Read,
            "{thumb_cdv}",
            Body::None,
        ),
        op(
            "GET",
            "/service/design/thumbnail/{device}/{direction}/{design}/{colorway}",
            Design,
            Read,
            "{thumb_dv}",
            Body::None,
        ),
        op(
            "GET",
            "/service/design/preview/{design}/{colorway}",
            Design,
            Read,
            "{preview}",
            Body::None,
        ),
        op(
            "GET",
            "/service/design/tiles/{design}/{colorway}/{version}/image.dzi",
            Design,
            Read,
            "{tiles}",
            Body::None,
        ),
        op(
            "GET",
            "/service/design/tiles/{design}/{colorway}/{version}/image_files/{level}/{tile}",
            Design,
            Read,
            "{tile}",
            Body::None,
        ),
        op(
            "GET",
            "/service/design/repeat/{design}/{colorway}",
            Design,
            Read,
            "/service/design/repeat/{design}/{colorway}",
            Body::None,
        ),
        op(
            "GET",
            "/service/design/repeat/{design}/{colorway}/{version}/image.dzi",
            Design,
            Read,
            "{repeat_dzi}",
            Body::None,
        ),
        op(
            "GET",
            "/service/design/repeat/{design}/{colorway}/{version}/image_files/{level}/{tile}",
            Design,
            Read,
            "{repeat_tile}",
            Body::None,
        ),
        op(
            "GET",
            "/service/design/fabric/{design}/{colorway}",
            Design,
            Read,
            "/service/design/fabric/{design}/{colorway}?widthCm=75&lengthCm=100&pxPerCm=1",
            Body::None,
        ),
        op(
            "POST",
            "/service/metrics/record",
            Design,
            Read,
            "/service/metrics/record",
            Form(&[("designGuid", "{design}"), ("colorwayGuid", "{colorway}")]),
        ),
        op(
            "POST",
            "/service/search/similar/{page}/{pageSize}",
            Design,
            Read,
            "/service/search/similar/0/25",
            Multipart(&[("similarId", "{colorway}")]),
        ),
        op(
            "POST",
            "/service/cad/export",
            Design,
            Read,
            "/service/cad/export",
            Form(&[("format", "csv"), ("designGuid", "{design}")]),
        ),
        // A list's line sheet: its owner's only, and only the designs they may see (every list
        // holds every design).
        variant(op(
            "POST",
            "/service/cad/export",
            FavoriteList,
            Read,
            "/service/cad/export",
            Form(&[("format", "csv"), ("listId", "{list}")]),
        )),
        variant(op(
            "POST",
            "/service/cad/download-all",
            CadList,
            Read,
            "/service/cad/download-all",
            Form(&[
                ("cadId", ""),
                ("designGuid", ""),
                ("listId", "{list}"),
                ("wearGuid", ""),
            ]),
        )),
        op(
            "GET",
            "/service/wear/render/{wear}/{design}/{colorway}",
            WearRender,
            Read,
            "/service/wear/render/{wear}/{design}/{colorway}?size=512",
            Body::None,
        ),
        // ---- lists of designs ----
        op(
            "POST",
            "/service/search/design/basic/{page}/{pageSize}",
            DesignSearch,
            Read,
            "/service/search/design/basic/0/25",
            Body::None,
        ),
        op(
            "POST",
            "/service/search/collection/{id}/{page}/{pageSize}",
            DesignSearch,
            Read,
            "/service/search/collection/{collection}/0/25",
            Body::None,
        ),
        op(
            "POST",
            "/service/basic-colleciton/get/{id}/{group}/{page}/{pageSize}",
            DesignSearch,
            Read,
            "/service/basic-colleciton/get/{page}/{group}/0/25",
            Body::None,
        ),
        op(
            "POST",
            "/service/cad/export/search/{format}/{page}/{pageSize}",
            DesignSearch,
            Read,
            "/service/cad/export/search/csv/0/25",
            Body::None,
        ),
        // Which of the caller's lists hold the colorway: every list holds every design, added
        // while all were open; only a visible one may be answered as held (a hidden one is held
        // by none, like a missing one; this test found it answered as held once).
        Op {
            marker: Some("list"),
            ..op(
                "GET",
                "/service/favorites/colorways",
                DesignSearch,
                Read,
                "/service/favorites/colorways?ids={colorway}",
                Body::None,
            )
        },
        // ---- CAD files ----
        op(
            "POST",
            "/service/cad/download",
            CadFile,
            Read,
            "/service/cad/download",
            Form(&[
                ("cadId", ""),
                ("designGuid", "{design}"),
                ("colorwayGuid", "{colorway}"),
                ("wearGuid", ""),
            ]),
        ),
        op(
            "POST",
            "/service/cad/download-all",
            CadFile,
            Read,
            "/service/cad/download-all",
            Form(&[
                ("cadId", ""),
                ("designGuid", "{design}"),
                ("listId", ""),
                ("wearGuid", ""),
            ]),
        ),
        op(
            "GET",
            "/service/cad/downloads/{id}",
            CadBundle,
            Read,
            "/service/cad/downloads/{bundle}",
            Body::None,
        ),
        op(
            "GET",
            "/service/cad/downloads/{id}/file",
            CadBundle,
            Read,
            "/service/cad/downloads/{bundle}/file",
            Body::None,
        ),
        // ---- favorite lists ----
        read("GET", "/service/favorites/lists-entries", FavoriteLists),
        op(
            "GET",
            "/service/favorites/lists",
            FavoriteLists,
            Read,
            "/service/favorites/lists?thumbnails=4",
            Body::None,
        ),
        op(
            "GET",
            "/service/favorites/entries/{id}",
            FavoriteList,
            Read,
            "/service/favorites/entries/{list}",
            Body::None,
        ),
        op(
            "GET",
            "/service/search/favorites/{id}/{page}/{pageSize}",
            FavoriteList,
            Read,
            "/service/search/favorites/{list}/0/25",
            Body::None,
        ),
        skip("PUT", "/service/favorites/create", OwnAccount),
        read("GET", "/service/admin/favorites/shared", SharedLists),
        op(
            "GET",
            "/service/admin/favorites/shared/{id}",
            SharedList,
            Read,
            "/service/admin/favorites/shared/{list}",
            Body::None,
        ),
        // ---- collections and boards ----
        read("POST", "/service/collections/all", Collections),
        op(
            "POST",
            "/service/collections/get",
            Collection,
            Read,
            "/service/collections/get",
            Form(&[("id", "{collection}")]),
        ),
        op(
            "GET",
            "/service/collections/cover/{id}",
            Collection,
            Read,
            "/service/collections/cover/{collection}",
            Body::None,
        ),
        op(
            "GET",
            "/service/collections/get-mood-boards/{id}",
            Collection,
            Read,
            "/service/collections/get-mood-boards/{mood}",
            Body::None,
        ),
        op(
            "GET",
            "/service/collections/image/{id}/{size}",
            Collection,
            Read,
            "/service/collections/image/{photo}/thumb",
            Body::None,
        ),
        op(
            "POST",
            "/service/basic-colleciton/get/{id}",
            Collection,
            Read,
            "/service/basic-colleciton/get/{page}",
            Body::None,
        ),
        op(
            "POST",
            "/service/search/collection/{id}",
            Collection,
            Read,
            "/service/search/collection/{collection}",
            Body::None,
        ),
        read("GET", "/service/public/stock/{slug}", StockPage),
        read(
            "GET",
            "/service/public/stock/{slug}/preview/{design}/{colorway}",
            StockPreview,
        ),
        // ---- wear models ----
        read("POST", "/service/wear/get-models", WearModels),
        op(
            "GET",
            "/service/wear/thumbnail/{guid}",
            WearModel,
            Read,
            "/service/wear/thumbnail/{wear}",
            Body::None,
        ),
        // ---- statistics ----
        read("POST", "/service/admin/statistics/cad-entries", Statistic),
        op(
            "POST",
            "/service/admin/statistics/chart",
            Statistic,
            Read,
            "/service/admin/statistics/chart",
            Form(&[("kind", "cad")]),
        ),
        read(
            "POST",
            "/service/admin/statistics/colorway-entries",
            Statistic,
        ),
        op(
            "POST",
            "/service/admin/statistics/funnel",
            Statistic,
            Read,
            "/service/admin/statistics/funnel",
            Form(&[("by", "design")]),
        ),
        read("POST", "/service/admin/statistics/label-entries", Statistic),
        read("POST", "/service/admin/statistics/login-entries", Statistic),
        read("POST", "/service/admin/statistics/unviewed", Statistic),
        // ---- the admin area: reads ----
        read("POST", "/service/admin/audit/get-all", AdminOnly),
        read("POST", "/service/admin/customers/get-all", AdminOnly),
        read("POST", "/service/admin/users/get-all", AdminOnly),
        op(
            "POST",
            "/service/admin/design/header/{id}",
            AdminOnly,
            Read,
            "/service/admin/design/header/{design}",
            Body::None,
        ),
        op(
            "GET",
            "/service/admin/design/search",
            AdminOnly,
            Read,
            "/service/admin/design/search?query=&page=0&pageSize=25",
            Body::None,
        ),
        read("GET", "/service/admin/get/all-archives", AdminOnly),
        read("GET", "/service/admin/get/all-labels", AdminOnly),
        read("GET", "/service/admin/labels", AdminOnly),
        read("POST", "/service/admin/imagecollection/all", AdminOnly),
        read("GET", "/service/admin/new-collection/all", AdminOnly),
        op(
            "GET",
            "/service/admin/new-collection/colorways",
            AdminOnly,
            Read,
            "/service/admin/new-collection/colorways?query={number}",
            Body::None,
        ),
        op(
            "GET",
            "/service/admin/new-collection/{id}",
            AdminOnly,
            Read,
            "/service/admin/new-collection/{draft_collection}",
            Body::None,
        ),
        read("GET", "/service/admin/pins", AdminOnly),
        read("POST", "/service/admin/pool/all", AdminOnly),
        op(
            "POST",
            "/service/admin/pool/count",
            AdminOnly,
            Read,
            "/service/admin/pool/count",
            Json("{}"),
        ),
        op(
            "POST",
            "/service/admin/pool/explain",
            AdminOnly,
            Read,
            "/service/admin/pool/explain",
            Form(&[("userGuid", "{pooled_user}"), ("designNumber", "{number}")]),
        ),
        op(
            "POST",
            "/service/admin/pool/search",
            AdminOnly,
            Read,
            "/service/admin/pool/search",
            Json(r#"{"page":0,"resultsPerPage":25}"#),
        ),
        read("GET", "/service/admin/settings/design-fields", AdminOnly),
        read("GET", "/service/admin/settings/general", AdminOnly),
        read("GET", "/service/admin/special-lists", AdminOnly),
        op(
            "GET",
            "/service/admin/tags/unlabeled",
            AdminOnly,
            Probe,
            "/service/admin/tags/unlabeled",
            Body::None,
        ),
        op(
            "GET",
            "/service/admin/tags/unlabeled/{design}",
            AdminOnly,
            Probe,
            "/service/admin/tags/unlabeled/{design}",
            Body::None,
        ),
        read("POST", "/service/admin/wears/get-all", AdminOnly),
        read("GET", "/service/design/import", AdminOnly),
        op(
            "GET",
            "/service/design/import/{job}",
            AdminOnly,
            Probe,
            "/service/design/import/00000000-0000-4000-8000-000000000000",
            Body::None,
        ),
        op(
            "GET",
            "/service/design/import/{job}/{file}/thumbnail",
            AdminOnly,
            Probe,
            "/service/design/import/00000000-0000-4000-8000-000000000000/1/thumbnail",
            Body::None,
        ),
        // ---- changes: first what a user may do with a design or a list of theirs ----
        change(
            "PUT",
            "/service/favorites/add",
            Design,
            "/service/favorites/add",
            ENTRY,
        ),
        change(
            "POST",
            "/service/favorites/rename",
            FavoriteList,
            "/service/favorites/rename",
            Form(&[("listid", "{list}"), ("name", "Renamed")]),
        ),
        change(
            "POST",
            "/service/favorites/share",
            FavoriteList,
            "/service/favorites/share",
            Form(&[("listid", "{list}")]),
        ),
        change(
            "POST",
            "/service/favorites/remove",
            FavoriteList,
            "/service/favorites/remove",
            ENTRY,
        ),
        change(
            "PATCH",
            "/service/favorites/empty/{id}",
            FavoriteList,
            "/service/favorites/empty/{list}",
            Body::None,
        ),
        change(
            "DELETE",
            "/service/favorites/delete/{id}",
            FavoriteList,
            "/service/favorites/delete/{list}",
            Body::None,
        ),
        // ---- changes in the admin area and the staff's operations ----
        change(
            "POST",
            "/service/admin/customers/add-customer",
            AdminOnly,
            "/service/admin/customers/add-customer",
            Form(&[("customerName", "Intruder")]),
        ),
        change(
            "POST",
            "/service/admin/customers/delete",
            AdminOnly,
            "/service/admin/customers/delete",
            Form(&[("customerGuid", "{customer_c}")]),
        ),
        change(
            "POST",
            "/service/admin/customers/set-visibility",
            AdminOnly,
            "/service/admin/customers/set-visibility",
            Form(&[("customerGuid", "{customer_c}"), ("visible", "false")]),
        ),
        change(
            "PUT",
            "/service/design/header/{recognizer}",
            AdminOnly,
            "/service/design/header/{confined}",
            Form(&[("isConfined", "false")]),
        ),
        change(
            "DELETE",
            "/service/design/delete/{id}",
            AdminOnly,
            "/service/design/delete/{design}",
            Body::None,
        ),
        change(
            "PUT",
            "/service/design/import",
            AdminOnly,
            "/service/design/import",
            Multipart(&[("archiveId", "1"), ("isNewImport", "true")]),
        ),
        change(
            "POST",
            "/service/design/import/retry",
            AdminOnly,
            "/service/design/import/retry",
            JOB,
        ),
        change(
            "DELETE",
            "/service/design/import/{job}/{file}",
            AdminOnly,
            "/service/design/import/00000000-0000-4000-8000-000000000000/1",
            Body::None,
        ),
        change(
            "POST",
            "/service/design/process",
            AdminOnly,
            "/service/design/process",
            JOB,
        ),
        change(
            "POST",
            "/service/design/merge-internal",
            AdminOnly,
            "/service/design/merge-internal",
            JOB,
        ),
        change(
            "POST",
            "/service/design/rename-numerator-main",
            AdminOnly,
            "/service/design/rename-numerator-main",
            JOB,
        ),
        change(
            "POST",
            "/service/design/rename-numerator-internal",
            AdminOnly,
            "/service/design/rename-numerator-internal",
            JOB,
        ),
        change(
            "POST",
            "/service/design/add-to-archive",
            AdminOnly,
            "/service/design/add-to-archive",
            JOB,
        ),
        change(
            "POST",
            "/service/design/complete-transfer",
            AdminOnly,
            "/service/design/complete-transfer",
            JOB,
        ),
        change(
            "POST",
            "/service/design/cancel",
            AdminOnly,
            "/service/design/cancel",
            JOB,
        ),
        change(
            "POST",
            "/service/design/dispose",
            AdminOnly,
            "/service/design/dispose",
            JOB,
        ),
        change(
            "POST",
            "/service/admin/imagecollection/add-colorway",
            AdminOnly,
            "/service/admin/imagecollection/add-colorway",
            TAG,
        ),
        change(
            "POST",
            "/service/admin/imagecollection/create-collection",
            AdminOnly,
            "/service/admin/imagecollection/create-collection",
            Multipart(&[("id", "{draft_collection}"), ("isActive", "true")]),
        ),
        change(
            "POST",
            "/service/admin/imagecollection/create-content",
            AdminOnly,
            "/service/admin/imagecollection/create-content",
            Multipart(&[("subCollectionId", "{mood}")]),
        ),
        change(
            "POST",
            "/service/admin/imagecollection/delete-collection",
            AdminOnly,
            "/service/admin/imagecollection/delete-collection",
            Form(&[("id", "{collection}")]),
        ),
        change(
            "POST",
            "/service/admin/imagecollection/delete-colorway",
            AdminOnly,
            "/service/admin/imagecollection/delete-colorway",
            TAG,
        ),
        change(
            "POST",
            "/service/admin/imagecollection/delete-content",
            AdminOnly,
            "/service/admin/imagecollection/delete-content",
            IMAGE,
        ),
        change(
            "POST",
            "/service/admin/imagecollection/modify-group",
            AdminOnly,
            "/service/admin/imagecollection/modify-group",
            GROUPS,
        ),
        change(
            "POST",
            "/service/admin/imagecollection/move-content",
            AdminOnly,
            "/service/admin/imagecollection/move-content",
            IMAGE,
        ),
        change(
            "PUT",
            "/service/admin/new-collection",
            AdminOnly,
            "/service/admin/new-collection",
            Multipart(&[("name", "Intruder"), ("description", "Intruder")]),
        ),
        change(
            "PATCH",
            "/service/admin/new-collection",
            AdminOnly,
            "/service/admin/new-collection",
            Multipart(&[("id", "{draft_collection}"), ("isActive", "true")]),
        ),
        change(
            "POST",
            "/service/admin/new-collection",
            AdminOnly,
            "/service/admin/new-collection",
            Form(&[("id", "{collection}")]),
        ),
        change(
            "POST",
            "/service/admin/new-collection/add-colorway",
            AdminOnly,
            "/service/admin/new-collection/add-colorway",
            TAG,
        ),
        change(
            "POST",
            "/service/admin/new-collection/create-content",
            AdminOnly,
            "/service/admin/new-collection/create-content",
            Multipart(&[("subCollectionId", "{mood}")]),
        ),
        change(
            "POST",
            "/service/admin/new-collection/delete-colorway",
            AdminOnly,
            "/service/admin/new-collection/delete-colorway",
            TAG,
        ),
        change(
            "POST",
            "/service/admin/new-collection/delete-content",
            AdminOnly,
            "/service/admin/new-collection/delete-content",
            IMAGE,
        ),
        change(
            "POST",
            "/service/admin/new-collection/modify-group",
            AdminOnly,
            "/service/admin/new-collection/modify-group",
            GROUPS,
        ),
        change(
            "POST",
            "/service/admin/new-collection/move-content",
            AdminOnly,
            "/service/admin/new-collection/move-content",
            IMAGE,
        ),
        change(
            "POST",
            "/service/admin/new-collection/publish",
            AdminOnly,
            "/service/admin/new-collection/publish",
            Form(&[
                ("collectionId", "{draft_collection}"),
                ("customerGuid", "{customer_b}"),
            ]),
        ),
        change(
            "POST",
            "/service/admin/new-collection/revoke",
            AdminOnly,
            "/service/admin/new-collection/revoke",
            Form(&[("slug", "{slug}")]),
        ),
        change(
            "POST",
            "/service/admin/labels",
            AdminOnly,
            "/service/admin/labels",
            NAMES,
        ),
        change(
            "PUT",
            "/service/admin/labels/{id}",
            AdminOnly,
            "/service/admin/labels/999999",
            NAMES,
        ),
        change(
            "DELETE",
            "/service/admin/labels/{id}",
            AdminOnly,
            "/service/admin/labels/999999",
            Body::None,
        ),
        change(
            "POST",
            "/service/admin/labels/{id}/merge",
            AdminOnly,
            "/service/admin/labels/999999/merge",
            Form(&[("into", "999998")]),
        ),
        change(
            "PUT",
            "/service/admin/pins",
            AdminOnly,
            "/service/admin/pins",
            Json(r#"{"designGuids":["{design}"]}"#),
        ),
        change(
            "POST",
            "/service/admin/pool/assign",
            AdminOnly,
            "/service/admin/pool/assign",
            Form(&[("bagId", ""), ("userGuid", "{pooled_user}")]),
        ),
        change(
            "POST",
            "/service/admin/pool/delete",
            AdminOnly,
            "/service/admin/pool/delete",
            Form(&[("bagId", "{pool}")]),
        ),
        change(
            "POST",
            "/service/admin/pool/insert",
            AdminOnly,
            "/service/admin/pool/insert",
            Json(r#"{"uniqueid":"{pool}","name":"Everything","dtos":[{}],"extraGuids":[]}"#),
        ),
        change(
            "POST",
            "/service/admin/settings/banners",
            AdminOnly,
            "/service/admin/settings/banners",
            Multipart(&[]),
        ),
        change(
            "POST",
            "/service/admin/settings/design-fields",
            AdminOnly,
            "/service/admin/settings/design-fields",
            Json(r#"{"notes":true,"originalName":true}"#),
        ),
        change(
            "PUT",
            "/service/admin/settings/general",
            AdminOnly,
            "/service/admin/settings/general",
            Json("{}"),
        ),
        change(
            "PUT",
            "/service/admin/special-lists",
            AdminOnly,
            "/service/admin/special-lists",
            NAMES,
        ),
        change(
            "PATCH",
            "/service/admin/special-lists",
            AdminOnly,
            "/service/admin/special-lists",
            Json(r#"{"id":1,"names":{"tr":"X","en":"X","ru":"X"}}"#),
        ),
        change(
            "DELETE",
            "/service/admin/special-lists/{id}",
            AdminOnly,
            "/service/admin/special-lists/999999",
            Body::None,
        ),
        change(
            "PUT",
            "/service/admin/special-lists/{id}/designs",
            AdminOnly,
            "/service/admin/special-lists/999999/designs",
            Json(r#"{"designGuids":["{design}"]}"#),
        ),
        change(
            "PATCH",
            "/service/admin/tags/unlabeled",
            AdminOnly,
            "/service/admin/tags/unlabeled",
            Form(&[("designGuid", "{design}"), ("labelIds", "1")]),
        ),
        change(
            "POST",
            "/service/admin/users/assign-password",
            AdminOnly,
            "/service/admin/users/assign-password",
            Form(&[("userGuid", "{pooled_user}"), ("password", "Intrud3r!")]),
        ),
        change(
            "POST",
            "/service/admin/users/auto-login-link",
            AdminOnly,
            "/service/admin/users/auto-login-link",
            USER,
        ),
        change(
            "POST",
            "/service/admin/users/bulk-change-account-state",
            AdminOnly,
            "/service/admin/users/bulk-change-account-state",
            USERS,
        ),
        change(
            "POST",
            "/service/admin/users/bulk-reset-password",
            AdminOnly,
            "/service/admin/users/bulk-reset-password",
            USERS,
        ),
        change(
            "POST",
            "/service/admin/users/bulk-set-login-condition",
            AdminOnly,
            "/service/admin/users/bulk-set-login-condition",
            USERS,
        ),
        change(
            "POST",
            "/service/admin/users/change-account-state",
            AdminOnly,
            "/service/admin/users/change-account-state",
            Form(&[("userGuid", "{pooled_user}"), ("accountState", "suspended")]),
        ),
        change(
            "POST",
            "/service/admin/users/create",
            AdminOnly,
            "/service/admin/users/create",
            Form(&[("email", "intruder@example.com"), ("isAdmin", "true")]),
        ),
        change(
            "POST",
            "/service/admin/users/reset-authenticator",
            AdminOnly,
            "/service/admin/users/reset-authenticator",
            Form(&[("userGuid", "{admin_user}")]),
        ),
        change(
            "POST",
            "/service/admin/users/reset-password",
            AdminOnly,
            "/service/admin/users/reset-password",
            USER,
        ),
        change(
            "POST",
            "/service/admin/users/set-login-condition",
            AdminOnly,
            "/service/admin/users/set-login-condition",
            USER,
        ),
        change(
            "POST",
            "/service/admin/users/update",
            AdminOnly,
            "/service/admin/users/update",
            Form(&[("userGuid", "{pooled_user}"), ("isAdmin", "true")]),
        ),
        change(
            "PUT",
            "/service/admin/wears",
            AdminOnly,
            "/service/admin/wears",
            Multipart(&[("nameTr", "X"), ("nameEn", "X"), ("nameRu", "X")]),
        ),
        change(
            "PATCH",
            "/service/admin/wears/{guid}",
            AdminOnly,
            "/service/admin/wears/{disabled_wear}",
            Multipart(&[("isEnabled", "true")]),
        ),
        change(
            "DELETE",
            "/service/admin/wears/{guid}",
            AdminOnly,
            "/service/admin/wears/{wear}",
            Body::None,
        ),
        change(
            "POST",
            "/service/admin/wears/set-state",
            AdminOnly,
            "/service/admin/wears/set-state",
            Form(&[("wearGuid", "{disabled_wear}"), ("isEnabled", "true")]),
        ),
    ]
}

/// Every operation the OpenAPI document holds, as `METHOD path`.
fn documented() -> BTreeSet<String> {
    let doc = gateway::openapi();
    let mut operations = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            let method = method.to_uppercase();
            if ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(&method.as_str()) {
                operations.insert(format!("{method} {path}"));
            }
        }
    }
    operations
}

#[actix_web::test]
async fn the_table_classifies_every_documented_operation() {
    let documented = documented();
    let mut classified = BTreeSet::new();
    let mut twice = Vec::new();
    let mut variants = Vec::new();
    let mut kinds: BTreeMap<Kind, usize> = BTreeMap::new();
    for op in table() {
        let key = format!("{} {}", op.method, op.path);
        if op.variant {
            variants.push(key);
            continue;
        }
        *kinds.entry(op.kind).or_default() += 1;
        if !classified.insert(key.clone()) {
            twice.push(key);
        }
    }
    let orphans: Vec<&String> = variants
        .iter()
        .filter(|v| !classified.contains(*v))
        .collect();
    eprintln!("operations by kind: {kinds:?}; variants: {variants:?}");
    let missing: Vec<&String> = documented.difference(&classified).collect();
    let unknown: Vec<&String> = classified.difference(&documented).collect();
    assert!(
        missing.is_empty() && unknown.is_empty() && twice.is_empty() && orphans.is_empty(),
        "documented but without a case (add it to `table` with its kind): {missing:#?}\n\
         in the table but not documented: {unknown:#?}\nclassified twice: {twice:#?}\n\
         a variant of an operation without its own row: {orphans:#?}"
    );
    assert!(documented.len() > 150, "{} operations", documented.len());
}

/// One imported design as staff see it: its ids and the URLs of its images.
struct DesignFix {
    guid: String,
    colorway: String,
    number: String,
    urls: BTreeMap<&'static str, String>,
}

struct CollectionFix {
    id: String,
    mood: String,
    page: String,
    group: String,
    photo: String,
    name: String,
}

struct Fixture {
    tokens: HashMap<Role, Option<String>>,
    designs: Vec<DesignFix>,
    own_lists: HashMap<Role, String>,
    others_list: String,
    others_shared_list: String,
    collections: Vec<CollectionFix>,
    /// Enabled (in the pool), disabled (in the pool), enabled outside the pool.
    wears: Vec<String>,
    /// The pooled user's zip, the admin's.
    bundles: Vec<String>,
    /// The stock page of the active collection, of the draft.
    slugs: Vec<String>,
    /// The token of the user whose lists the others must not reach.
    owner: String,
    common: BTreeMap<&'static str, String>,
}

type Vars = BTreeMap<&'static str, String>;

const USERS: [&str; 6] = [
    "admin@example.com",
    "admin2@example.com",
    "inhouse@example.com",
    "pooled@example.com",
    "other@example.com",
    "owner@example.com",
];

impl Fixture {
    /// The values a request of `role` in `case` is made of.
    fn vars(&self, role: Role, case: Case) -> Vars {
        let mut vars = self.common.clone();
        let design_index = match case {
            Case::OutsidePool | Case::RenderOutsidePool => 1,
            Case::ConfinedToOther | Case::RenderConfined | Case::StockConfinedDesign => 2,
            _ => 0,
        };
        let d = &self.designs[design_index];
        vars.insert("design", d.guid.clone());
        vars.insert("colorway", d.colorway.clone());
        vars.insert("number", d.number.clone());
        vars.extend(d.urls.clone());
        let own = role_or_pooled(role);
        vars.insert(
            "list",
            match case {
                Case::OthersList => self.others_list.clone(),
                Case::OthersSharedList => self.others_shared_list.clone(),
                _ => self.own_lists[&own].clone(),
            },
        );
        let c = &self.collections[usize::from(case == Case::DraftCollection)];
        vars.insert("collection", c.id.clone());
        vars.insert("mood", c.mood.clone());
        vars.insert("page", c.page.clone());
        vars.insert("group", c.group.clone());
        vars.insert("photo", c.photo.clone());
        vars.insert("collection_name", c.name.clone());
        vars.insert(
            "wear",
            self.wears[match case {
                Case::DisabledModel | Case::RenderDisabledModel => 1,
                Case::ModelOutsidePool | Case::RenderModelOutsidePool => 2,
                _ => 0,
            }]
            .clone(),
        );
        vars.insert(
            "bundle",
            self.bundles[usize::from(case == Case::AdminsZip)].clone(),
        );
        vars.insert(
            "slug",
            self.slugs[match case {
                Case::StockOfDraft => 1,
                Case::StockStaleSlug => 2,
                _ => 0,
            }]
            .clone(),
        );
        vars
    }

    /// What identifies the case's item in a listing.
    fn markers(kind: Kind, vars: &Vars) -> Vec<String> {
        match kind {
            Kind::FavoriteLists | Kind::SharedLists => vec![vars["list"].clone()],
            Kind::Collections => vec![vars["collection_name"].clone()],
            Kind::WearModels => vec![vars["wear"].clone()],
            _ => vec![vars["design"].clone(), vars["number"].clone()],
        }
    }

    /// Every string that must never reach `role`: the ids and numbers of designs it may not see,
    /// other users' lists and zips, drafts, models it may not use.
    fn hidden_from(&self, role: Role) -> Vec<String> {
        let mut hidden = Vec::new();
        for (case, d) in DESIGNS.iter().zip(&self.designs) {
            if matches!(design(role, *case), Expected::Status(_)) {
                hidden.extend([d.guid.clone(), d.colorway.clone(), d.number.clone()]);
            }
        }
        for (owner, list) in &self.own_lists {
            if *owner != role {
                hidden.push(list.clone());
            }
        }
        hidden.push(self.others_list.clone());
        if role != Role::Admin {
            hidden.push(self.others_shared_list.clone());
        }
        if !role.is_staff() {
            hidden.push(self.collections[1].name.clone());
        }
        for (case, wear) in MODELS.iter().zip(&self.wears) {
            if wear_model(role, *case) != Expected::Ok {
                hidden.push(wear.clone());
            }
        }
        for (owner, bundle) in [Role::PooledUser, Role::Admin].iter().zip(&self.bundles) {
            if *owner != role {
                hidden.push(bundle.clone());
            }
        }
        // A customer's user (and an admin before the second factor) sees only their own
        // company and no one else's address.
        if !role.is_staff() {
            let own = match role {
                Role::PooledUser => ("A Tekstil", "pooled@example.com"),
                Role::OtherCustomer => ("B Tekstil", "other@example.com"),
                Role::AdminWithoutSecondFactor => ("", "admin2@example.com"),
                _ => ("", ""),
            };
            for company in ["A Tekstil", "B Tekstil", "C Tekstil", "D Tekstil"] {
                if company != own.0 {
                    hidden.push(company.to_owned());
                }
            }
            for email in USERS {
                if email != own.1 {
                    hidden.push(email.to_owned());
                }
            }
        }
        hidden
    }
}

/// One request of the matrix and what its answer must be.
struct Plan {
    expected: Expected,
    uri: String,
    content_type: String,
    payload: Vec<u8>,
    /// What shows the case's item is in a listing.
    markers: Vec<String>,
    /// Whether the answer is checked for what the role may not see.
    secrets_checked: bool,
}

impl Fixture {
    /// The request of `op` as `role` in `case`, and what it must answer. A role that may change
    /// something in the admin area sends a harmless request: ids that name nothing, no fields.
    fn plan(&self, op: &Op, role: Role, case: Case) -> Plan {
        let mut expected = op.kind.expect(role, case);
        let mut vars = self.vars(role, case);
        let mut body = op.body;
        if expected == Expected::Ok {
            match op.effect {
                Effect::Probe => expected = Expected::NotDenied,
                Effect::Change if matches!(op.kind, Kind::AdminOnly | Kind::Statistic) => {
                    expected = Expected::NotDenied;
                    vars = harmless(&vars);
                    body = Body::None;
                }
                Effect::Change => expected = Expected::Passes,
                Effect::Read | Effect::Skip => {}
            }
        }
        let uri = fill(op.uri, &vars);
        assert!(
            !uri.contains('{'),
            "{} {uri}: a value is missing",
            op.method
        );
        let (content_type, payload) = payload(body, &vars);
        let markers = match op.marker {
            Some(name) => vec![vars[name].clone()],
            None => Fixture::markers(op.kind, &vars),
        };
        Plan {
            expected,
            uri,
            content_type,
            payload,
            markers,
            // A stock page is public: its expectation says which designs it shows.
            secrets_checked: !matches!(op.kind, Kind::StockPage | Kind::StockPreview),
        }
    }
}

impl Plan {
    /// What is wrong with the answer: its status or listing, and every hidden string it names
    /// (unless the request named it: asking for a hidden id is no leak of it).
    fn check(&self, status: StatusCode, answer: &[u8], hidden: &[String]) -> Vec<String> {
        let text = String::from_utf8_lossy(answer);
        let mut failures = Vec::new();
        if !fine(self.expected, status, &text, &self.markers) {
            failures.push(format!(
                "expected {:?}, got {status} {}",
                self.expected,
                excerpt(answer)
            ));
        }
        if self.secrets_checked {
            let request = format!("{} {}", self.uri, String::from_utf8_lossy(&self.payload));
            for secret in hidden {
                if !request.contains(secret.as_str()) && text.contains(secret.as_str()) {
                    failures.push(format!("LEAK of {secret} in {status} {}", excerpt(answer)));
                }
            }
        }
        failures
    }
}

fn role_or_pooled(role: Role) -> Role {
    if role == Role::Anonymous {
        Role::PooledUser
    } else {
        role
    }
}

fn fill(template: &str, vars: &Vars) -> String {
    let mut text = template.to_owned();
    for (name, value) in vars {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// A request's content type and payload.
fn payload(body: Body, vars: &Vars) -> (String, Vec<u8>) {
    let form = "application/x-www-form-urlencoded".to_owned();
    match body {
        Body::None => (form, Vec::new()),
        Body::Form(fields) => {
            let fields: Vec<(&str, String)> =
                fields.iter().map(|(k, v)| (*k, fill(v, vars))).collect();
            (
                form,
                serde_urlencoded::to_string(&fields).unwrap().into_bytes(),
            )
        }
        Body::Json(text) => ("application/json".to_owned(), fill(text, vars).into_bytes()),
        Body::Multipart(fields) => {
            let fields: Vec<(&str, String)> =
                fields.iter().map(|(k, v)| (*k, fill(v, vars))).collect();
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            multipart_named(&fields, &[])
        }
    }
}

/// Ids that name nothing, for a harmless request of a role that may change things.
fn harmless(vars: &Vars) -> Vars {
    vars.iter()
        .map(|(name, value)| {
            let dummy = if value.parse::<i64>().is_ok() {
                "999999".to_owned()
            } else {
                NIL.to_owned()
            };
            (*name, dummy)
        })
        .collect()
}

fn fine(expected: Expected, status: StatusCode, body: &str, markers: &[String]) -> bool {
    let denied = [
        StatusCode::UNAUTHORIZED,
        StatusCode::FORBIDDEN,
        StatusCode::NOT_FOUND,
    ];
    match expected {
        Expected::Status(want) => status == want,
        Expected::Ok => status.is_success(),
        Expected::Passes => !denied.contains(&status),
        Expected::NotDenied => !denied[..2].contains(&status),
        Expected::Listed(present) => {
            status == StatusCode::OK && markers.iter().any(|m| body.contains(m.as_str())) == present
        }
    }
}

fn excerpt(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    if text.chars().any(|c| c == '\u{fffd}') {
        return format!("<{} bytes>", bytes.len());
    }
    text.chars().take(200).collect()
}

#[actix_web::test]
async fn every_operation_answers_every_role_in_every_visibility_case() {
    let started = std::time::Instant::now();
    let world = TestWorld::new();
    let api = api_with(&world, |state| {
        state.cad.settings.company_codes = vec!["a-cad".into()];
        state.cad.settings.download_all = true;
        state.cad.settings.export = true;
    })
    .await;
    let fixture = fixture(&world, &api).await;
    let set_up = started.elapsed();
    let before = snapshot(&api, &fixture).await;

    let table = table();
    let mut failures = Vec::new();
    let mut requests = 0;
    let mut answers: HashMap<String, (StatusCode, Vec<u8>)> = HashMap::new();
    let hidden: HashMap<Role, Vec<String>> = ROLES
        .iter()
        .map(|role| (*role, fixture.hidden_from(*role)))
        .collect();
    for changes in [false, true] {
        for op in table
            .iter()
            .filter(|op| op.effect != Effect::Skip && (op.effect == Effect::Change) == changes)
        {
            for role in ROLES {
                for case in op.kind.cases() {
                    let plan = fixture.plan(op, role, *case);
                    let key = format!("{role:?} {} {} {:?}", op.method, plan.uri, plan.payload);
                    let (status, answer) = match answers.get(&key) {
                        Some(answer) if op.effect != Effect::Change => answer.clone(),
                        _ => {
                            let mut request = test::TestRequest::default()
                                .method(op.method.parse::<Method>().unwrap())
                                .uri(&plan.uri)
                                .insert_header(("content-type", plan.content_type.clone()))
                                .set_payload(plan.payload.clone());
                            if let Some(token) = &fixture.tokens[&role] {
                                request = request.insert_header(("Access-Token", token.as_str()));
                            }
                            let (status, _, body) = api.call(request).await;
                            requests += 1;
                            answers.insert(key, (status, body.clone()));
                            (status, body)
                        }
                    };
                    let context = format!("{} {} as {role:?} / {case:?}", op.method, op.path);
                    failures.extend(
                        plan.check(status, &answer, &hidden[&role])
                            .into_iter()
                            .map(|failure| format!("{context}: {failure}")),
                    );
                }
            }
        }
    }

    let after = snapshot(&api, &fixture).await;
    for ((what, was), (_, is)) in before.iter().zip(&after) {
        if was != is {
            failures.push(format!("{what} changed:\n  before {was}\n  after  {is}"));
        }
    }
    eprintln!(
        "authz matrix: {requests} requests, set-up {set_up:?}, total {:?}",
        started.elapsed()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// What the refused changes must leave as it was: the designs, another user's lists, the
/// collections, wear models, pools, users, customers and settings.
async fn snapshot<S, B>(api: &Api<S>, fixture: &Fixture) -> Vec<(String, Value)>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let admin = fixture.tokens[&Role::Admin].clone();
    let mut snapshot = Vec::new();
    for d in &fixture.designs {
        let (_, header) = api
            .form(
                "/service/design/header",
                admin.as_deref(),
                &[("designGuid", &d.guid)],
            )
            .await;
        snapshot.push((format!("design {}", d.number), header));
    }
    let (_, lists) = api
        .get("/service/favorites/lists-entries", Some(&fixture.owner))
        .await;
    snapshot.push(("another user's lists".to_owned(), lists));
    for path in [
        "/service/admin/new-collection/all",
        "/service/admin/settings/general",
        "/service/admin/settings/design-fields",
        "/service/admin/pins",
        "/service/admin/special-lists",
        "/service/admin/labels",
        "/service/admin/favorites/shared",
    ] {
        let (_, body) = api.get(path, admin.as_deref()).await;
        snapshot.push((path.to_owned(), body));
    }
    for path in [
        "/service/admin/wears/get-all",
        "/service/admin/pool/all",
        "/service/admin/users/get-all",
        "/service/admin/customers/get-all",
    ] {
        let (_, body) = api.form(path, admin.as_deref(), &[]).await;
        snapshot.push((path.to_owned(), body));
    }
    snapshot
}

/// The answer of a change the fixture needs, which must succeed.
fn made((status, body): (StatusCode, Value)) -> Value {
    assert!(status.is_success(), "{status} {body}");
    body
}

/// The world every case reads: three designs (one in customer A's pool, one outside it, one
/// confined to customer C), favorite lists, an active and a draft collection, three wear models,
/// two download-all zips and two stock pages.
async fn fixture<S, B>(world: &TestWorld, api: &Api<S>) -> Fixture
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    use db::schema::customers;
    use diesel::prelude::*;
    let admin_user = world.user("admin@example.com", PASSWORD, true);
    world.user("admin2@example.com", PASSWORD, true);
    let in_house = world.user("inhouse@example.com", PASSWORD, false);
    world.save(&accounts::model::User {
        is_in_house: true,
        ..world.reload(&in_house)
    });
    let (customer_a, pooled_user) = customer_with_user(world, "A Tekstil", "pooled@example.com");
    let (customer_b, _) = customer_with_user(world, "B Tekstil", "other@example.com");
    customer_with_user(world, "D Tekstil", "owner@example.com");
    let customer_c = accounts::service::ensure_customer(&mut world.conn(), "C Tekstil")
        .unwrap()
        .guid;
    diesel::update(customers::table.find(&customer_a))
        .set(customers::code.eq("A-CAD"))
        .execute(&mut *world.conn())
        .unwrap();
    let archive = world.archive();
    let admin = api.admin_token("admin@example.com").await;
    let mut tokens = HashMap::from([(Role::Anonymous, None), (Role::Admin, Some(admin.clone()))]);
    for (role, email) in [
        (Role::PooledUser, "pooled@example.com"),
        (Role::OtherCustomer, "other@example.com"),
        (Role::InHouse, "inhouse@example.com"),
        (Role::AdminWithoutSecondFactor, "admin2@example.com"),
    ] {
        tokens.insert(role, Some(api.token(email, PASSWORD).await));
    }
    let owner = api.token("owner@example.com", PASSWORD).await;

    let added = api
        .import_designs(
            &admin,
            archive,
            &[
                ("rose.tif", sample(world, "rose_VR1.tif")),
                ("lily.tif", sample(world, "rose_VR2.tif")),
                ("paisley.psb", sample(world, "paisley.psb")),
            ],
        )
        .await;
    assert_eq!(added.len(), 3);
    while import::similar::index_pending(&mut world.conn(), &api.state.storage, 16).unwrap() > 0 {}
    let mut designs = Vec::new();
    for design in &added {
        let guid = design["designGuid"].as_str().unwrap().to_owned();
        let (status, header) = api
            .form(
                "/service/design/header",
                Some(&admin),
                &[("designGuid", &guid)],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{header}");
        let colorway = header["colorways"][0]["colorwayGuid"]
            .as_str()
            .unwrap()
            .to_owned();
        let images = &header["colorways"][0]["images"];
        let tiles = images["tiles"].as_str().unwrap().to_owned();
        let (status, repeat) = api
            .get(
                &format!("/service/design/repeat/{guid}/{colorway}"),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{repeat}");
        let repeat = repeat["tiles"].as_str().unwrap().to_owned();
        let text = |v: &Value| v.as_str().unwrap().to_owned();
        designs.push(DesignFix {
            number: text(&header["designName"]),
            urls: BTreeMap::from([
                ("thumb_dv", text(&images["thumbnails"]["d/v"])),
                ("thumb_cdv", text(&images["thumbnails"]["c/d/v"])),
                ("preview", text(&images["preview"])),
                ("tile", tiles.replace("image.dzi", "image_files/0/0_0.jpg")),
                ("tiles", tiles),
                (
                    "repeat_tile",
                    repeat.replace("image.dzi", "image_files/0/0_0.jpg"),
                ),
                ("repeat_dzi", repeat),
            ]),
            guid,
            colorway,
        });
    }

    // Every user's list holds every design, added while all were open.
    let mut own_lists = HashMap::new();
    let mut lists_of = Vec::new();
    for role in [
        Role::PooledUser,
        Role::OtherCustomer,
        Role::InHouse,
        Role::AdminWithoutSecondFactor,
        Role::Admin,
    ] {
        lists_of.push((Some(role), tokens[&role].clone().unwrap(), "Mine"));
    }
    lists_of.push((None, owner.clone(), "Private"));
    lists_of.push((None, owner.clone(), "Shared"));
    let mut owners_lists = Vec::new();
    for (role, token, name) in lists_of {
        let (status, list) = api
            .send(
                Method::PUT,
                "/service/favorites/create",
                Some(&token),
                &[("name", name)],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{list}");
        let id = list["id"].as_str().unwrap().to_owned();
        for d in &designs {
            let (status, body) = api
                .send(
                    Method::PUT,
                    "/service/favorites/add",
                    Some(&token),
                    &[
                        ("listid", &id),
                        ("designGuid", &d.guid),
                        ("colorwayGuid", &d.colorway),
                    ],
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        match role {
            Some(role) => {
                own_lists.insert(role, id);
            }
            None => owners_lists.push(id),
        }
    }
    let (status, body) = api
        .form(
            "/service/favorites/share",
            Some(&owner),
            &[("listid", &owners_lists[1])],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Paisley is confined to customer C.
    let (status, body) = api
        .send(
            Method::PUT,
            &format!("/service/design/header/{}", designs[2].guid),
            Some(&admin),
            &[("isConfined", "true"), ("customerId", &customer_c)],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Wear models: enabled, disabled (both attached to the pool), enabled outside the pool.
    let wears: Vec<String> = ["Dress", "Skirt", "Shirt"]
        .iter()
        .map(|name| add_wear_model(world, &api.state.storage, name))
        .collect();
    let (status, body) = api
        .form(
            "/service/admin/wears/set-state",
            Some(&admin),
            &[("wearGuid", &wears[1]), ("isEnabled", "false")],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // The pool admits rose and by its search nothing else; it attaches two models.
    let (status, pool) = api
        .send_json(
            Method::POST,
            "/service/admin/pool/insert",
            &admin,
            &json!({
                "name": "Customer A",
                "dtos": [{ "designNumber": "99-" }],
                "extraGuids": [designs[0].guid],
                "wearGuids": [wears[0], wears[1]],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{pool}");
    let pool = pool["uniqueid"].as_str().unwrap().to_owned();
    let (status, body) = api
        .form(
            "/service/admin/pool/assign",
            Some(&admin),
            &[("bagId", &pool), ("userGuid", &pooled_user)],
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");

    // An active collection and a draft, each with a mood board (a photo tagged with every
    // design) and a design page (one group of every design).
    let (_, _, cover) = api.bytes(&designs[0].urls["thumb_dv"], Some(&admin)).await;
    let mut collections = Vec::new();
    for (name, active) in [("Matrix Summer", "true"), ("Matrix Draft", "false")] {
        let collection = made(
            api.collection_form(
                Method::PUT,
                &admin,
                &[("name", name), ("description", name), ("isActive", active)],
                Some(("thumbnailImage", cover.clone())),
            )
            .await,
        );
        let id = collection["id"].as_i64().unwrap().to_string();
        let mut subs = Vec::new();
        for kind in ["mood", "design"] {
            let sub = made(
                api.collection_form(
                    Method::PUT,
                    &admin,
                    &[
                        ("name", kind),
                        ("description", kind),
                        ("subCollectionId", &id),
                    ],
                    None,
                )
                .await,
            );
            let sub = sub["id"].as_i64().unwrap().to_string();
            made(
                api.collection_form(Method::PATCH, &admin, &[("id", &sub), ("kind", kind)], None)
                    .await,
            );
            subs.push(sub);
        }
        let (content_type, body) = multipart_named(
            &[("subCollectionId", &subs[0])],
            &[("image", "photo.jpg", cover.clone())],
        );
        let (status, _, photo) = api
            .call(
                test::TestRequest::post()
                    .uri("/service/admin/new-collection/create-content")
                    .insert_header(("Access-Token", admin.as_str()))
                    .insert_header(("content-type", content_type))
                    .set_payload(body),
            )
            .await;
        let photo = json(&photo)["id"].to_string();
        assert_eq!(status, StatusCode::CREATED, "{photo}");
        for d in &designs {
            let (status, body) = api
                .form(
                    "/service/admin/new-collection/add-colorway",
                    Some(&admin),
                    &[
                        ("imageId", &photo),
                        ("designGuid", &d.guid),
                        ("colorwayGuid", &d.colorway),
                    ],
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let group = json!([{ "name": "All", "designGuids": designs.iter().map(|d| &d.guid).collect::<Vec<_>>() }]);
        let (status, groups) = api
            .form(
                "/service/admin/new-collection/modify-group",
                Some(&admin),
                &[
                    ("collectionId", &subs[1]),
                    ("groupData", &group.to_string()),
                ],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{groups}");
        collections.push(CollectionFix {
            id,
            mood: subs[0].clone(),
            page: subs[1].clone(),
            group: groups[0]["id"].to_string(),
            photo,
            name: name.to_owned(),
        });
    }

    // Stock pages for customer B: of the active collection, of the draft, and the active one's
    // first slug (published again: dead).
    let mut slugs = Vec::new();
    for c in [&collections[0], &collections[1], &collections[0]] {
        let (status, page) = api
            .form(
                "/service/admin/new-collection/publish",
                Some(&admin),
                &[("collectionId", &c.id), ("customerGuid", &customer_b)],
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{page}");
        slugs.push(page["slug"].as_str().unwrap().to_owned());
    }
    // In the order of `Fixture::vars`: live, draft, dead.
    slugs.swap(0, 2);

    // Download-all zips of rose: the pooled user's and the admin's.
    let mut bundles = Vec::new();
    for token in [tokens[&Role::PooledUser].clone().unwrap(), admin.clone()] {
        let (status, bundle) = api
            .form(
                "/service/cad/download-all",
                Some(&token),
                &[
                    ("cadId", ""),
                    ("designGuid", &designs[0].guid),
                    ("listId", ""),
                    ("wearGuid", ""),
                ],
            )
            .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{bundle}");
        bundles.push(bundle["id"].as_str().unwrap().to_owned());
    }

    let common = BTreeMap::from([
        ("pooled_user", pooled_user),
        ("admin_user", admin_user.guid.clone()),
        ("customer_b", customer_b),
        ("customer_c", customer_c),
        ("pool", pool),
        ("confined", designs[2].guid.clone()),
        ("draft_collection", collections[1].id.clone()),
        ("disabled_wear", wears[1].clone()),
    ]);
    Fixture {
        tokens,
        designs,
        own_lists,
        others_list: owners_lists[0].clone(),
        others_shared_list: owners_lists[1].clone(),
        collections,
        wears,
        bundles,
        slugs,
        owner,
        common,
    }
}
