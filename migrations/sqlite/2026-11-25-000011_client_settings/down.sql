DROP TABLE user_client_settings;
