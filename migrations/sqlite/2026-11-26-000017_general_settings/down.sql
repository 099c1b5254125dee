DROP TABLE general_settings;
