DROP INDEX customers_name_sef;
DROP INDEX users_status;
DROP INDEX users_last_login;
DROP INDEX users_created;
DROP INDEX users_name;
DROP TABLE audit_events;
