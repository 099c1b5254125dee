-- Collections: a collection (parent_id NULL) holds sub-collections (parent_id set, one level).
-- A sub-collection's kind ('mood' or 'design') is set once; NULL until then.
CREATE TABLE collections (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    parent_id INTEGER REFERENCES collections (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    is_active BOOLEAN NOT NULL,
    -- A collection shown as a banner atop the archive (the spec's banners list).
    is_banner BOOLEAN NOT NULL DEFAULT FALSE,
    kind TEXT,
    position INTEGER NOT NULL,
    cover_key TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX collections_parent ON collections (parent_id, position);

-- A mood board's photos, re-encoded; the keys name their two renditions in the object store.
CREATE TABLE mood_images (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    collection_id INTEGER NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    image_key TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX mood_images_collection ON mood_images (collection_id, position);

-- The colorways a photo shows, with an optional point (0..1 from the left and the top).
CREATE TABLE mood_image_colorways (
    image_id INTEGER NOT NULL REFERENCES mood_images (id) ON DELETE CASCADE,
    colorway_guid TEXT NOT NULL REFERENCES colorways (guid) ON DELETE CASCADE,
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    x DOUBLE PRECISION,
    y DOUBLE PRECISION,
    position INTEGER NOT NULL,
    PRIMARY KEY (image_id, colorway_guid)
);
CREATE INDEX mood_image_colorways_design ON mood_image_colorways (design_guid);

-- A design page's named groups and their designs, each in order. A smart group keeps a saved
-- search (`criteria`, JSON in the pools' vocabulary): its designs are what the search finds, newest
-- first, kept up to date as designs are added and edited.
CREATE TABLE design_groups (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    collection_id INTEGER NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    position INTEGER NOT NULL,
    criteria TEXT
);
CREATE INDEX design_groups_collection ON design_groups (collection_id, position);

CREATE TABLE design_group_designs (
    group_id INTEGER NOT NULL REFERENCES design_groups (id) ON DELETE CASCADE,
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (group_id, design_guid)
);
CREATE INDEX design_group_designs_design ON design_group_designs (design_guid);
-- A group's designs in order: a design page, and the first visible design as a cover.
CREATE INDEX design_group_designs_order ON design_group_designs (group_id, position);

-- Every design of a collection (its groups and its tagged photos, its sub-collections' too),
-- kept by the collections service in the same transaction as any change: what the archive's
-- collection filter and /search/collection read with one indexed probe.
CREATE TABLE collection_designs (
    collection_id INTEGER NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    PRIMARY KEY (collection_id, design_guid)
);
CREATE INDEX collection_designs_design ON collection_designs (design_guid);

-- Special lists of the archive search. A 'designs' list holds chosen designs; the seeded lists
-- 1-3 follow a rule.
CREATE TABLE special_lists (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    name_tr TEXT NOT NULL,
    name_en TEXT NOT NULL,
    name_ru TEXT NOT NULL,
    rule TEXT NOT NULL,
    position INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL
);
INSERT INTO special_lists (id, name_tr, name_en, name_ru, rule, position, created_at) VALUES
    (1, 'Sabitlenmiş desenler', 'Pinned designs', 'Закреплённые дизайны', 'pinned', 1, CURRENT_TIMESTAMP),
    (2, 'Sipariş verilmiş desenler', 'Ordered designs', 'Заказанные дизайны', 'ordered', 2, CURRENT_TIMESTAMP),
    (3, 'Hiç sipariş verilmemiş desenler', 'Never ordered designs', 'Ни разу не заказанные дизайны', 'never_ordered', 3, CURRENT_TIMESTAMP);

CREATE TABLE special_list_designs (
    list_id INTEGER NOT NULL REFERENCES special_lists (id) ON DELETE CASCADE,
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (list_id, design_guid)
);
CREATE INDEX special_list_designs_design ON special_list_designs (design_guid);

-- A collection published for one customer company under an unguessable slug (a public page).
CREATE TABLE stock_pages (
    slug TEXT PRIMARY KEY NOT NULL,
    collection_id INTEGER NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    customer_guid TEXT NOT NULL REFERENCES customers (guid) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (collection_id, customer_guid)
);

-- The search and the boards read these: a change moves the catalog revision (see 000005).
CREATE TRIGGER collection_designs_insert_revision AFTER INSERT ON collection_designs BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER collection_designs_delete_revision AFTER DELETE ON collection_designs BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
-- The boards are remembered per catalog revision (collections::BoardsCache): every table they read moves it.
CREATE TRIGGER collections_insert_revision AFTER INSERT ON collections BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER collections_update_revision AFTER UPDATE ON collections BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER collections_delete_revision AFTER DELETE ON collections BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER mood_images_insert_revision AFTER INSERT ON mood_images BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER mood_images_update_revision AFTER UPDATE ON mood_images BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER mood_images_delete_revision AFTER DELETE ON mood_images BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER mood_image_colorways_insert_revision AFTER INSERT ON mood_image_colorways BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER mood_image_colorways_update_revision AFTER UPDATE ON mood_image_colorways BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER mood_image_colorways_delete_revision AFTER DELETE ON mood_image_colorways BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_groups_insert_revision AFTER INSERT ON design_groups BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_groups_update_revision AFTER UPDATE ON design_groups BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_groups_delete_revision AFTER DELETE ON design_groups BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_group_designs_insert_revision AFTER INSERT ON design_group_designs BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_group_designs_update_revision AFTER UPDATE ON design_group_designs BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_group_designs_delete_revision AFTER DELETE ON design_group_designs BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER special_lists_revision AFTER UPDATE OF rule ON special_lists BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER special_list_designs_insert_revision AFTER INSERT ON special_list_designs BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER special_list_designs_delete_revision AFTER DELETE ON special_list_designs BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
