-- What of a design customers may see (and search): one row per field the studio can show or
-- hide. Staff and in-house users see every field. Notes and original file names are internal
-- by default; the rest is shown until an admin hides it.
CREATE TABLE customer_design_fields (
    field TEXT PRIMARY KEY NOT NULL,
    visible BOOLEAN NOT NULL
);

INSERT INTO customer_design_fields (field, visible) VALUES
    ('notes', FALSE), ('original_name', FALSE), ('studio', TRUE), ('closed_countries', TRUE),
    ('dp0', TRUE), ('dp1', TRUE), ('dp2', TRUE), ('dp3', TRUE), ('dp4', TRUE),
    ('dp5', TRUE), ('dp6', TRUE), ('dp7', TRUE), ('dp8', TRUE), ('dp9', TRUE);
