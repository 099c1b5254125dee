-- The id of the secret key each recovery code was hashed under (`SecretKey::id`), so that the
-- start can tell which replaced keys still check someone's codes and which may be dropped. Codes
-- made before this column have none: their key is unknown.
ALTER TABLE recovery_codes ADD COLUMN key_id TEXT;
