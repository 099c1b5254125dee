-- Pools: what a user may see. A pool admits the designs any of its saved searches matches, plus
-- its explicit designs; wear models ride along for the wear-model issue.
CREATE TABLE pools (
    guid TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT '',
    -- a search of this pool admits the viewer's own customer's designs (evaluated per viewer)
    admits_own BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

-- The saved searches of a pool: the spec's pool search criteria as JSON.
CREATE TABLE pool_searches (
    pool_guid TEXT NOT NULL REFERENCES pools (guid) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    criteria TEXT NOT NULL,
    PRIMARY KEY (pool_guid, position)
);

CREATE TABLE pool_designs (
    pool_guid TEXT NOT NULL REFERENCES pools (guid) ON DELETE CASCADE,
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    PRIMARY KEY (pool_guid, design_guid)
);

CREATE TABLE pool_wear_models (
    pool_guid TEXT NOT NULL REFERENCES pools (guid) ON DELETE CASCADE,
    wear_guid TEXT NOT NULL,
    PRIMARY KEY (pool_guid, wear_guid)
);

-- Which designs each pool admits, kept current by the pools service whenever a pool or a design
-- changes, so a pooled user's search is an indexed join instead of the pool's whole predicate.
CREATE TABLE pool_members (
    pool_guid TEXT NOT NULL REFERENCES pools (guid) ON DELETE CASCADE,
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    PRIMARY KEY (pool_guid, design_guid)
);
CREATE INDEX pool_members_design ON pool_members (design_guid);

-- No REFERENCES here: SQLite cannot drop a column used by a foreign key (down migration); the
-- pools service clears assignments when it deletes a pool.
ALTER TABLE users ADD COLUMN pool_guid TEXT;
CREATE INDEX users_pool ON users (pool_guid);

-- Designs pinned to the top of the default listing, in the admins' order.
CREATE TABLE design_pins (
    design_guid TEXT PRIMARY KEY NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    position INTEGER NOT NULL
);

-- Colorway views for the statistics (kept when a design is deleted).
CREATE TABLE colorway_views (
    id TEXT PRIMARY KEY NOT NULL,
    user_guid TEXT NOT NULL,
    customer_guid TEXT,
    design_guid TEXT NOT NULL,
    colorway_guid TEXT NOT NULL,
    viewed_at TIMESTAMP NOT NULL
);
CREATE INDEX colorway_views_at ON colorway_views (viewed_at);
CREATE INDEX colorway_views_design ON colorway_views (design_guid, viewed_at);

-- Search: the sorts, the visibility rule, a customer's designs by date, label lookups and colour
-- search get their indexes. The sort indexes end with the guid that breaks ties, so a page (and an
-- OFFSET) is read straight off the index, without visiting or sorting rows.
CREATE INDEX designs_uploaded_guid ON designs (uploaded_at, guid);
DROP INDEX designs_uploaded;
CREATE INDEX designs_edited ON designs (edited_at, guid);
CREATE INDEX designs_confined ON designs (is_confined, uploaded_at, guid);
CREATE INDEX designs_customer_uploaded ON designs (customer_guid, uploaded_at, guid);
DROP INDEX designs_customer;
CREATE INDEX design_labels_label_design ON design_labels (label_id, design_guid);
DROP INDEX design_labels_label;

-- Colour search reads palette entries by a coarse CIELAB cell (bin) and needs the design without
-- a join: both are stored with each entry.
ALTER TABLE colorway_colors ADD COLUMN design_guid TEXT NOT NULL DEFAULT '';
ALTER TABLE colorway_colors ADD COLUMN bin INTEGER NOT NULL DEFAULT 0;
UPDATE colorway_colors SET design_guid = (SELECT design_guid FROM colorways WHERE colorways.guid = colorway_colors.colorway_guid);
-- The bin of L (10 units) x a (16) x b (16); core::color::lab_bin computes the same.
UPDATE colorway_colors SET bin =
    MIN(9, MAX(0, CAST(l / 10 AS INTEGER))) * 256
    + MIN(15, MAX(0, CAST((a + 128) / 16 AS INTEGER))) * 16
    + MIN(15, MAX(0, CAST((b + 128) / 16 AS INTEGER)));
CREATE INDEX colorway_colors_bin ON colorway_colors (bin, design_guid, l, a, b, share);
