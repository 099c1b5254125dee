-- The catalog's revision: a counter every change to what a search can match moves forward, in
-- the same transaction as the change. Cached search answers (counts, page positions, colour
-- rankings) are keyed by it, so a cache can never answer from data older than the transaction
-- that reads the revision.
CREATE TABLE catalog_revision (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    revision BIGINT NOT NULL
);
INSERT INTO catalog_revision (id, revision) VALUES (1, 0);

-- One bump per statement, so a COPY or a bulk update moves it once.
CREATE FUNCTION desen_bump_catalog_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
    RETURN NULL;
END
$$;
CREATE TRIGGER designs_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON designs FOR EACH STATEMENT EXECUTE FUNCTION desen_bump_catalog_revision();
CREATE TRIGGER design_labels_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON design_labels FOR EACH STATEMENT EXECUTE FUNCTION desen_bump_catalog_revision();
CREATE TRIGGER design_parameters_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON design_parameters FOR EACH STATEMENT EXECUTE FUNCTION desen_bump_catalog_revision();
CREATE TRIGGER design_orders_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON design_orders FOR EACH STATEMENT EXECUTE FUNCTION desen_bump_catalog_revision();
CREATE TRIGGER design_pins_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON design_pins FOR EACH STATEMENT EXECUTE FUNCTION desen_bump_catalog_revision();
CREATE TRIGGER colorway_colors_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON colorway_colors FOR EACH STATEMENT EXECUTE FUNCTION desen_bump_catalog_revision();
CREATE TRIGGER pool_members_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pool_members FOR EACH STATEMENT EXECUTE FUNCTION desen_bump_catalog_revision();
CREATE TRIGGER pool_designs_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pool_designs FOR EACH STATEMENT EXECUTE FUNCTION desen_bump_catalog_revision();
