-- Archives: a design number is the archive's code and its sequence, e.g. 01-0559.
CREATE TABLE archives (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    code TEXT NOT NULL UNIQUE,
    name_tr TEXT NOT NULL,
    name_en TEXT NOT NULL,
    name_ru TEXT NOT NULL,
    next_number INTEGER NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL
);

-- Labels (tags) in three languages, optionally grouped under a group header.
CREATE TABLE labels (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    group_id INTEGER REFERENCES labels (id) ON DELETE SET NULL,
    is_group_header BOOLEAN NOT NULL DEFAULT FALSE,
    name_tr TEXT NOT NULL,
    name_en TEXT NOT NULL,
    name_ru TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE designs (
    guid TEXT PRIMARY KEY NOT NULL,
    number TEXT NOT NULL UNIQUE,
    archive_id INTEGER NOT NULL REFERENCES archives (id),
    design_type TEXT NOT NULL,
    screen_status TEXT NOT NULL,
    channel_count INTEGER NOT NULL,
    layer_count INTEGER NOT NULL,
    is_confined BOOLEAN NOT NULL DEFAULT FALSE,
    -- the customer a design was made for; a confined design is seen only by them (and staff)
    customer_guid TEXT REFERENCES customers (guid),
    studio TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT '',
    original_name TEXT NOT NULL DEFAULT '',
    owned_extra BOOLEAN NOT NULL DEFAULT FALSE,
    width_px INTEGER NOT NULL,
    height_px INTEGER NOT NULL,
    dpi DOUBLE PRECISION NOT NULL,
    color_mode TEXT NOT NULL,
    bit_depth INTEGER NOT NULL,
    repeat_direction TEXT NOT NULL DEFAULT 'none',
    repeat_offset TEXT NOT NULL DEFAULT 'none',
    repeat_offset_custom DOUBLE PRECISION,
    -- comma-separated ISO country codes the design may not be shown in
    closed_countries TEXT NOT NULL DEFAULT '',
    uploaded_at TIMESTAMP NOT NULL,
    edited_at TIMESTAMP NOT NULL
);
CREATE INDEX designs_archive ON designs (archive_id);
CREATE INDEX designs_customer ON designs (customer_guid);
CREATE INDEX designs_uploaded ON designs (uploaded_at);

-- The dynamic parameters dp0..dp9 of a design (free values the studio defines, matched by pools).
CREATE TABLE design_parameters (
    design_guid TEXT PRIMARY KEY NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    dp0 TEXT NOT NULL DEFAULT '',
    dp1 TEXT NOT NULL DEFAULT '',
    dp2 TEXT NOT NULL DEFAULT '',
    dp3 TEXT NOT NULL DEFAULT '',
    dp4 TEXT NOT NULL DEFAULT '',
    dp5 TEXT NOT NULL DEFAULT '',
    dp6 TEXT NOT NULL DEFAULT '',
    dp7 TEXT NOT NULL DEFAULT '',
    dp8 TEXT NOT NULL DEFAULT '',
    dp9 TEXT NOT NULL DEFAULT ''
);

CREATE TABLE design_labels (
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    label_id INTEGER NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
    PRIMARY KEY (design_guid, label_id)
);
CREATE INDEX design_labels_label ON design_labels (label_id);

-- The screens of a rotary design: one spot channel each. Masks are kept per design.
CREATE TABLE design_channels (
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    color TEXT NOT NULL,
    mask_key TEXT,
    PRIMARY KEY (design_guid, position)
);

CREATE TABLE colorways (
    guid TEXT PRIMARY KEY NOT NULL,
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    name TEXT NOT NULL,
    position INTEGER NOT NULL,
    -- JSON array of '#rrggbb', one per channel (the spec's colorizables); '[]' for digital
    inks TEXT NOT NULL,
    -- the production file this colorway came from (object key, name, sha-256)
    source_key TEXT,
    source_name TEXT NOT NULL DEFAULT '',
    source_hash TEXT,
    -- prefix of the renditions (content-addressed, immutable)
    renditions_key TEXT NOT NULL,
    preview_width INTEGER NOT NULL,
    preview_height INTEGER NOT NULL,
    tile_levels INTEGER NOT NULL,
    -- JSON of the thumbnail variants' pixel sizes
    thumbnails TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (design_guid, name)
);
CREATE INDEX colorways_design ON colorways (design_guid);
CREATE INDEX colorways_source_hash ON colorways (source_hash);

-- The dominant colours of a colorway in CIELAB with their area share, for colour search.
CREATE TABLE colorway_colors (
    colorway_guid TEXT NOT NULL REFERENCES colorways (guid) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    l DOUBLE PRECISION NOT NULL,
    a DOUBLE PRECISION NOT NULL,
    b DOUBLE PRECISION NOT NULL,
    rgb TEXT NOT NULL,
    share DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (colorway_guid, position)
);

-- Order history per design.
CREATE TABLE design_orders (
    id TEXT PRIMARY KEY NOT NULL,
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    customer_guid TEXT REFERENCES customers (guid) ON DELETE SET NULL,
    amount DOUBLE PRECISION NOT NULL,
    order_type TEXT NOT NULL,
    ordered_at TIMESTAMP NOT NULL
);
CREATE INDEX design_orders_design ON design_orders (design_guid);
