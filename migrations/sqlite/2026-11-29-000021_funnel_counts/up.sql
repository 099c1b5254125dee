-- The funnel's favorites step: each time a colorway was added to a favorite list, with the
-- company of its user then. A favorite taken out later still counts on the day it was added, as a
-- view counts once looked; like the other records, it outlives its user and design.
CREATE TABLE favorite_adds (
    id TEXT PRIMARY KEY NOT NULL,
    user_guid TEXT NOT NULL,
    customer_guid TEXT,
    design_guid TEXT NOT NULL,
    colorway_guid TEXT NOT NULL,
    added_at TIMESTAMP NOT NULL
);
CREATE INDEX favorite_adds_customer ON favorite_adds (customer_guid, added_at);
CREATE INDEX favorite_adds_user ON favorite_adds (user_guid, added_at);

-- The funnel's counts without a company or user filter, per design and per company (subject
-- 'design' or 'company', key its guid), so that a period is answered from about one row per key
-- instead of millions of records:
-- funnel_days: each day's steps; funnel_totals: every day's; funnel_weeks: every day's before a
-- week's Monday, for each key counted by then, for the weeks funnel_weeks_made lists.
CREATE TABLE funnel_days (
    subject TEXT NOT NULL,
    day TEXT NOT NULL,
    key TEXT NOT NULL,
    views BIGINT NOT NULL,
    favorites BIGINT NOT NULL,
    cad_downloads BIGINT NOT NULL,
    orders BIGINT NOT NULL,
    PRIMARY KEY (subject, day, key)
) WITHOUT ROWID;
CREATE TABLE funnel_totals (
    subject TEXT NOT NULL,
    key TEXT NOT NULL,
    views BIGINT NOT NULL,
    favorites BIGINT NOT NULL,
    cad_downloads BIGINT NOT NULL,
    orders BIGINT NOT NULL,
    PRIMARY KEY (subject, key)
) WITHOUT ROWID;
CREATE TABLE funnel_weeks (
    subject TEXT NOT NULL,
    week TEXT NOT NULL,
    key TEXT NOT NULL,
    views BIGINT NOT NULL,
    favorites BIGINT NOT NULL,
    cad_downloads BIGINT NOT NULL,
    orders BIGINT NOT NULL,
    PRIMARY KEY (subject, week, key)
) WITHOUT ROWID;
CREATE TABLE funnel_weeks_made (
    subject TEXT NOT NULL,
    week TEXT NOT NULL,
    PRIMARY KEY (subject, week)
);

-- The favorites kept so far, then the days and totals of the records kept so far. The weeks are
-- made as records arrive (and by usage::rebuild); until then a period is counted from the days.
INSERT INTO favorite_adds (id, user_guid, customer_guid, design_guid, colorway_guid, added_at)
SELECT e.list_guid || '/' || e.colorway_guid, l.user_guid, u.customer_guid, e.design_guid,
       e.colorway_guid, e.added_at
FROM favorite_entries e JOIN favorite_lists l ON l.guid = e.list_guid
JOIN users u ON u.guid = l.user_guid;
INSERT INTO funnel_days (subject, day, key, views, favorites, cad_downloads, orders)
SELECT subject, day, key, SUM(v), SUM(f), SUM(c), SUM(o) FROM (
    SELECT 'design' AS subject, date(viewed_at) AS day, design_guid AS key, 1 AS v, 0 AS f, 0 AS c, 0 AS o FROM colorway_views
    UNION ALL SELECT 'company', date(viewed_at), customer_guid, 1, 0, 0, 0 FROM colorway_views WHERE customer_guid IS NOT NULL
    UNION ALL SELECT 'design', date(added_at), design_guid, 0, 1, 0, 0 FROM favorite_adds
    UNION ALL SELECT 'company', date(added_at), customer_guid, 0, 1, 0, 0 FROM favorite_adds WHERE customer_guid IS NOT NULL
    UNION ALL SELECT 'design', date(created_at), design_guid, 0, 0, 1, 0 FROM cad_downloads
    UNION ALL SELECT 'company', date(created_at), customer_guid, 0, 0, 1, 0 FROM cad_downloads WHERE customer_guid IS NOT NULL
    UNION ALL SELECT 'design', date(ordered_at), design_guid, 0, 0, 0, 1 FROM design_orders
    UNION ALL SELECT 'company', date(ordered_at), customer_guid, 0, 0, 0, 1 FROM design_orders WHERE customer_guid IS NOT NULL
) steps GROUP BY subject, day, key;
INSERT INTO funnel_totals (subject, key, views, favorites, cad_downloads, orders)
SELECT subject, key, SUM(views), SUM(favorites), SUM(cad_downloads), SUM(orders)
FROM funnel_days GROUP BY subject, key;
