DROP TABLE usage_people;
DROP TABLE usage_totals;
DROP TABLE usage_days;
DROP INDEX cad_downloads_customer;
DROP INDEX sign_ins_customer;
DROP INDEX colorway_views_user;
DROP INDEX colorway_views_customer;
DROP TABLE label_views;
