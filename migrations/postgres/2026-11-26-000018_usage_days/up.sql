-- The labels statistic's records: a colorway view once for each label its design carried when it
-- was viewed. History stays as it was when a design is relabelled later; a label merge moves its
-- records, a deleted label takes them along.
CREATE TABLE label_views (
    view_id TEXT NOT NULL,
    label_id INTEGER NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
    user_guid TEXT NOT NULL,
    customer_guid TEXT,
    design_guid TEXT NOT NULL,
    colorway_guid TEXT NOT NULL,
    viewed_at TIMESTAMP NOT NULL,
    PRIMARY KEY (view_id, label_id)
);
CREATE INDEX label_views_at ON label_views (viewed_at);
CREATE INDEX label_views_label ON label_views (label_id);

-- A company's records newest first, read off an index for the filtered tables.
CREATE INDEX colorway_views_customer ON colorway_views (customer_guid, viewed_at);
CREATE INDEX label_views_customer ON label_views (customer_guid, viewed_at);
CREATE INDEX label_views_user ON label_views (user_guid, viewed_at);
CREATE INDEX colorway_views_user ON colorway_views (user_guid, viewed_at);
CREATE INDEX sign_ins_customer ON sign_ins (customer_guid, at);
CREATE INDEX cad_downloads_customer ON cad_downloads (customer_guid, created_at);

-- The statistics' daily counts, written with their records in one transaction: the statistics
-- screen sums a row per day (and user, company, label) instead of counting millions of records.
-- kind: cad, login, colorway or label; day: YYYY-MM-DD (UTC); '' for no user (a sign-in with an
-- unknown address) or no company; label_id 0 but for labels.
CREATE TABLE usage_days (
    kind TEXT NOT NULL,
    day TEXT NOT NULL,
    user_guid TEXT NOT NULL,
    customer_guid TEXT NOT NULL,
    label_id INTEGER NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (kind, user_guid, day, customer_guid, label_id)
);
CREATE INDEX usage_days_customer ON usage_days (kind, customer_guid, day);

-- The whole studio's count per day (and label): what an unfiltered chart or summary reads.
CREATE TABLE usage_totals (
    kind TEXT NOT NULL,
    day TEXT NOT NULL,
    label_id INTEGER NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (kind, day, label_id)
);

-- Everyone who appears in a statistic: distinct users and companies of a period are counted by
-- probing usage_days for each of these, not by reading every day.
CREATE TABLE usage_people (
    kind TEXT NOT NULL,
    user_guid TEXT NOT NULL,
    customer_guid TEXT NOT NULL,
    PRIMARY KEY (kind, user_guid, customer_guid)
);
CREATE INDEX usage_people_customer ON usage_people (kind, customer_guid);

-- The records kept so far.
INSERT INTO label_views (view_id, label_id, user_guid, customer_guid, design_guid, colorway_guid, viewed_at)
SELECT v.id, l.label_id, v.user_guid, v.customer_guid, v.design_guid, v.colorway_guid, v.viewed_at
FROM colorway_views v JOIN design_labels l ON l.design_guid = v.design_guid;
INSERT INTO usage_days (kind, day, user_guid, customer_guid, label_id, n)
SELECT 'colorway', to_char(viewed_at, 'YYYY-MM-DD'), user_guid, COALESCE(customer_guid, ''), 0, COUNT(*)
FROM colorway_views GROUP BY to_char(viewed_at, 'YYYY-MM-DD'), user_guid, COALESCE(customer_guid, '');
INSERT INTO usage_days (kind, day, user_guid, customer_guid, label_id, n)
SELECT 'label', to_char(viewed_at, 'YYYY-MM-DD'), user_guid, COALESCE(customer_guid, ''), label_id, COUNT(*)
FROM label_views GROUP BY to_char(viewed_at, 'YYYY-MM-DD'), user_guid, COALESCE(customer_guid, ''), label_id;
INSERT INTO usage_days (kind, day, user_guid, customer_guid, label_id, n)
SELECT 'login', to_char(at, 'YYYY-MM-DD'), COALESCE(user_guid, ''), COALESCE(customer_guid, ''), 0, COUNT(*)
FROM sign_ins GROUP BY to_char(at, 'YYYY-MM-DD'), COALESCE(user_guid, ''), COALESCE(customer_guid, '');
INSERT INTO usage_days (kind, day, user_guid, customer_guid, label_id, n)
SELECT 'cad', to_char(created_at, 'YYYY-MM-DD'), user_guid, COALESCE(customer_guid, ''), 0, COUNT(*)
FROM cad_downloads GROUP BY to_char(created_at, 'YYYY-MM-DD'), user_guid, COALESCE(customer_guid, '');
INSERT INTO usage_totals (kind, day, label_id, n)
SELECT kind, day, label_id, SUM(n) FROM usage_days GROUP BY kind, day, label_id;
INSERT INTO usage_people (kind, user_guid, customer_guid)
SELECT DISTINCT kind, user_guid, customer_guid FROM usage_days;
