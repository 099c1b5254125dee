DROP TABLE recovery_codes;
