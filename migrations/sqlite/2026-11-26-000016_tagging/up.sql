-- The fast tagging screen: which unlabelled design each admin is labelling now, so that two admins
-- tagging at the same time never get the same design. One reservation per design (the key); a
-- reservation lapses (the service deletes it) 15 minutes after it was taken or renewed.
CREATE TABLE tagging_reservations (
    design_guid TEXT PRIMARY KEY NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    admin_guid TEXT NOT NULL REFERENCES users (guid) ON DELETE CASCADE,
    reserved_at TIMESTAMP NOT NULL
);
CREATE INDEX tagging_reservations_admin ON tagging_reservations (admin_guid);

-- Designs an admin passed over ("skip"): not offered to that admin again for a working day;
-- other admins may still get them.
CREATE TABLE tagging_skips (
    admin_guid TEXT NOT NULL REFERENCES users (guid) ON DELETE CASCADE,
    design_guid TEXT NOT NULL REFERENCES designs (guid) ON DELETE CASCADE,
    skipped_at TIMESTAMP NOT NULL,
    PRIMARY KEY (admin_guid, design_guid)
);
