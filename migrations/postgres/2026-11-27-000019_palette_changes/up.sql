-- Which designs' palettes changed, at which catalog revision. Each instance keeps the archive's
-- palette colours in memory for colour search (search::palette) and brings them up to date from
-- here: the designs stamped at or after the revision it last read. One row per design, stamped
-- with its latest change (a deleted design's row says its palette is gone).
CREATE TABLE palette_changes (
    design_guid TEXT PRIMARY KEY,
    revision BIGINT NOT NULL
);
CREATE INDEX palette_changes_revision ON palette_changes (revision);

-- The stamp is taken after moving the revision: from then until its commit this transaction holds
-- the revision's row lock, so no other transaction commits a revision at or past the stamp first.
-- An instance that reads a revision at or past a stamp therefore reads the change too.
-- `changed_rows` is the statement's old rows (delete, update) or new rows (insert, update).
CREATE FUNCTION desen_note_palette_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    stamp BIGINT;
BEGIN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1 RETURNING revision INTO stamp;
    INSERT INTO palette_changes (design_guid, revision)
    SELECT DISTINCT design_guid, stamp FROM changed_rows
    ON CONFLICT (design_guid) DO UPDATE SET revision = excluded.revision;
    RETURN NULL;
END
$$;
CREATE TRIGGER colorway_colors_insert_palette AFTER INSERT ON colorway_colors
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION desen_note_palette_change();
CREATE TRIGGER colorway_colors_update_old_palette AFTER UPDATE ON colorway_colors
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION desen_note_palette_change();
CREATE TRIGGER colorway_colors_update_new_palette AFTER UPDATE ON colorway_colors
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION desen_note_palette_change();
CREATE TRIGGER colorway_colors_delete_palette AFTER DELETE ON colorway_colors
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION desen_note_palette_change();
