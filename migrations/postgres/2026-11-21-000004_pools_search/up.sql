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

ALTER TABLE users ADD COLUMN pool_guid TEXT REFERENCES pools (guid) ON DELETE SET NULL;
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
    LEAST(9, GREATEST(0, FLOOR(l / 10)::INTEGER)) * 256
    + LEAST(15, GREATEST(0, FLOOR((a + 128) / 16)::INTEGER)) * 16
    + LEAST(15, GREATEST(0, FLOOR((b + 128) / 16)::INTEGER));
CREATE INDEX colorway_colors_bin ON colorway_colors (bin, design_guid, l, a, b, share);

-- CIEDE2000 (kL = kC = kH = 1) as core::color::ciede2000 computes it; SQLite connections register
-- the Rust function under the same name.
CREATE FUNCTION desen_ciede2000(l1 DOUBLE PRECISION, a1 DOUBLE PRECISION, b1 DOUBLE PRECISION,
                                l2 DOUBLE PRECISION, a2 DOUBLE PRECISION, b2 DOUBLE PRECISION)
RETURNS DOUBLE PRECISION LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    pi_ CONSTANT DOUBLE PRECISION := 3.14159265358979;
    p25_7 CONSTANT DOUBLE PRECISION := 6103515625.0;
    c1ab DOUBLE PRECISION; c2ab DOUBLE PRECISION; cab7 DOUBLE PRECISION; g DOUBLE PRECISION;
    a1p DOUBLE PRECISION; a2p DOUBLE PRECISION; c1p DOUBLE PRECISION; c2p DOUBLE PRECISION;
    h1p DOUBLE PRECISION := 0; h2p DOUBLE PRECISION := 0;
    dl DOUBLE PRECISION; dc DOUBLE PRECISION; dh DOUBLE PRECISION := 0; d_hp DOUBLE PRECISION;
    lbar DOUBLE PRECISION; cbar DOUBLE PRECISION; hbar DOUBLE PRECISION; t DOUBLE PRECISION;
    d_theta DOUBLE PRECISION; cbar7 DOUBLE PRECISION; rc DOUBLE PRECISION; l50 DOUBLE PRECISION;
    sl DOUBLE PRECISION; sc DOUBLE PRECISION; sh DOUBLE PRECISION; rt DOUBLE PRECISION;
    tl DOUBLE PRECISION; tc DOUBLE PRECISION; th DOUBLE PRECISION;
    chroma_zero BOOLEAN;
BEGIN
    c1ab := sqrt(a1 * a1 + b1 * b1);
    c2ab := sqrt(a2 * a2 + b2 * b2);
    cab7 := power(0.5 * (c1ab + c2ab), 7);
    g := 0.5 * (1 - sqrt(cab7 / (cab7 + p25_7)));
    a1p := (1 + g) * a1;
    a2p := (1 + g) * a2;
    c1p := sqrt(a1p * a1p + b1 * b1);
    c2p := sqrt(a2p * a2p + b2 * b2);
    IF NOT (b1 = 0 AND a1p = 0) THEN
        h1p := atan2(b1, a1p) * 180 / pi_;
        IF h1p < 0 THEN h1p := h1p + 360; END IF;
    END IF;
    IF NOT (b2 = 0 AND a2p = 0) THEN
        h2p := atan2(b2, a2p) * 180 / pi_;
        IF h2p < 0 THEN h2p := h2p + 360; END IF;
    END IF;
    dl := l2 - l1;
    dc := c2p - c1p;
    chroma_zero := c1p * c2p = 0;
    IF NOT chroma_zero THEN
        dh := h2p - h1p;
        IF dh > 180 THEN dh := dh - 360; ELSIF dh < -180 THEN dh := dh + 360; END IF;
    END IF;
    d_hp := 2 * sqrt(c1p * c2p) * sin((dh / 2) * pi_ / 180);
    lbar := 0.5 * (l1 + l2);
    cbar := 0.5 * (c1p + c2p);
    IF chroma_zero THEN
        hbar := h1p + h2p;
    ELSIF abs(h1p - h2p) <= 180 THEN
        hbar := 0.5 * (h1p + h2p);
    ELSIF h1p + h2p < 360 THEN
        hbar := 0.5 * (h1p + h2p + 360);
    ELSE
        hbar := 0.5 * (h1p + h2p - 360);
    END IF;
    t := 1 - 0.17 * cos((hbar - 30) * pi_ / 180) + 0.24 * cos((2 * hbar) * pi_ / 180)
           + 0.32 * cos((3 * hbar + 6) * pi_ / 180) - 0.20 * cos((4 * hbar - 63) * pi_ / 180);
    d_theta := 30 * exp(-power((hbar - 275) / 25, 2));
    cbar7 := power(cbar, 7);
    rc := 2 * sqrt(cbar7 / (cbar7 + p25_7));
    l50 := power(lbar - 50, 2);
    sl := 1 + 0.015 * l50 / sqrt(20 + l50);
    sc := 1 + 0.045 * cbar;
    sh := 1 + 0.015 * cbar * t;
    rt := -sin((2 * d_theta) * pi_ / 180) * rc;
    tl := dl / sl;
    tc := dc / sc;
    th := d_hp / sh;
    RETURN sqrt(greatest(0, tl * tl + tc * tc + th * th + rt * tc * th));
END;
$$;
