ALTER TABLE recovery_codes DROP COLUMN key_id;
