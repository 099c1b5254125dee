-- A user's favorite lists of colorways. A list name is unique per user ignoring case: `name_key`
-- holds the name folded to lower case, so concurrent creates cannot both win.
CREATE TABLE favorite_lists (
    guid TEXT PRIMARY KEY NOT NULL,
    user_guid TEXT NOT NULL REFERENCES users (guid) ON DELETE CASCADE,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (user_guid, name_key)
);

-- A colorway once per list (the key). Deleting a design or a colorway removes its entries, so a
-- list never points at nothing; a design the user may no longer see stays, hidden, until the
-- access comes back.
CREATE TABLE favorite_entries (
    list_guid TEXT NOT NULL REFERENCES favorite_lists (guid) ON DELETE CASCADE,
    colorway_guid TEXT NOT NULL REFERENCES colorways (guid) ON DELETE CASCADE,
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    added_at TIMESTAMP NOT NULL,
    PRIMARY KEY (list_guid, colorway_guid)
);
CREATE INDEX favorite_entries_design ON favorite_entries (design_guid);
CREATE INDEX favorite_entries_colorway ON favorite_entries (colorway_guid);

-- A list shared with the studio: one row per list, renewed when shared again.
CREATE TABLE favorite_shares (
    list_guid TEXT PRIMARY KEY NOT NULL REFERENCES favorite_lists (guid) ON DELETE CASCADE,
    shared_at TIMESTAMP NOT NULL,
    times INTEGER NOT NULL
);
