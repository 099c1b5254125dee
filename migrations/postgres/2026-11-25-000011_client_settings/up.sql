-- A user's client settings (spec section 3: label search mode, the remembered favorite list,
-- infinite scroll, the wear model chosen last), kept on the server so that they follow the user
-- to another browser. JSON text: the fields the user set.
CREATE TABLE user_client_settings (
    user_guid TEXT PRIMARY KEY NOT NULL REFERENCES users (guid) ON DELETE CASCADE,
    settings TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
