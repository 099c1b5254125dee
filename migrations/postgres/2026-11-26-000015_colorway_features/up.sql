-- The similar-design search's features of each colorway (crate vision): the sketches the
-- in-process index is built from, and the full features the geometric check reads for the
-- shortlisted colorways. `version` is vision's FEATURES_VERSION: rows of another version are
-- ignored until `desen reindex` rebuilds them. `indexed_at` lets every instance see changes.
CREATE TABLE colorway_features (
    colorway_guid TEXT PRIMARY KEY NOT NULL REFERENCES colorways (guid) ON DELETE CASCADE,
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    feature_count INTEGER NOT NULL,
    sketches BYTEA NOT NULL,
    features BYTEA NOT NULL,
    indexed_at TIMESTAMP NOT NULL
);
CREATE INDEX colorway_features_design ON colorway_features (design_guid);
