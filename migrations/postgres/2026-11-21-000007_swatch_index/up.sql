-- The swatch index: for each swatch of the colour picker, every design holding a palette colour
-- within the default colour distance, with the score and distance colour search ranks it by.
-- Computed in Rust (catalog::swatch_index) when a design's palette is stored, and rebuilt whole
-- when the swatches differ from `swatch_colors` (at start-up, after migrations).
CREATE TABLE swatch_colors (
    swatch INTEGER PRIMARY KEY,
    hex TEXT NOT NULL
);

CREATE TABLE swatch_designs (
    swatch INTEGER NOT NULL,
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    score DOUBLE PRECISION NOT NULL,
    distance DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (swatch, design_guid)
);
-- A page of a swatch search reads hits in score order.
CREATE INDEX swatch_designs_rank ON swatch_designs (swatch, score);
-- Deleting a design cascades here.
CREATE INDEX swatch_designs_design ON swatch_designs (design_guid);

CREATE TRIGGER swatch_designs_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON swatch_designs FOR EACH STATEMENT EXECUTE FUNCTION desen_bump_catalog_revision();
