-- What of a design customers may see (and search): one row per field the studio can show or
-- hide. Staff and in-house users see every field. Notes and original file names are internal
-- by default; the rest is shown until an admin hides it.
CREATE TABLE customer_design_fields (
    field TEXT PRIMARY KEY NOT NULL,
    visible BOOLEAN NOT NULL
);

INSERT INTO customer_design_fields (field, visible) VALUES
    ('notes', 0), ('original_name', 0), ('studio', 1), ('closed_countries', 1),
    ('dp0', 1), ('dp1', 1), ('dp2', 1), ('dp3', 1), ('dp4', 1),
    ('dp5', 1), ('dp6', 1), ('dp7', 1), ('dp8', 1), ('dp9', 1);
