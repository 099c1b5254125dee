-- Which designs' palettes changed, at which catalog revision. Each instance keeps the archive's
-- palette colours in memory for colour search (search::palette) and brings them up to date from
-- here: the designs stamped at or after the revision it last read. One row per design, stamped
-- with its latest change (a deleted design's row says its palette is gone).
CREATE TABLE palette_changes (
    design_guid TEXT PRIMARY KEY NOT NULL,
    revision BIGINT NOT NULL
);
CREATE INDEX palette_changes_revision ON palette_changes (revision);

-- SQLite runs one writer at a time, so a stamp is never below a revision another connection has
-- read without this change.
CREATE TRIGGER colorway_colors_insert_palette AFTER INSERT ON colorway_colors BEGIN
    INSERT INTO palette_changes (design_guid, revision)
    VALUES (NEW.design_guid, (SELECT revision FROM catalog_revision WHERE id = 1))
    ON CONFLICT (design_guid) DO UPDATE SET revision = excluded.revision;
END;
CREATE TRIGGER colorway_colors_update_palette AFTER UPDATE ON colorway_colors BEGIN
    INSERT INTO palette_changes (design_guid, revision)
    VALUES (OLD.design_guid, (SELECT revision FROM catalog_revision WHERE id = 1))
    ON CONFLICT (design_guid) DO UPDATE SET revision = excluded.revision;
    INSERT INTO palette_changes (design_guid, revision)
    VALUES (NEW.design_guid, (SELECT revision FROM catalog_revision WHERE id = 1))
    ON CONFLICT (design_guid) DO UPDATE SET revision = excluded.revision;
END;
CREATE TRIGGER colorway_colors_delete_palette AFTER DELETE ON colorway_colors BEGIN
    INSERT INTO palette_changes (design_guid, revision)
    VALUES (OLD.design_guid, (SELECT revision FROM catalog_revision WHERE id = 1))
    ON CONFLICT (design_guid) DO UPDATE SET revision = excluded.revision;
END;
