-- Wear (garment) models: a garment image with its mask, shading and displacement maps, stored
-- under `image_key`, and the garment's real width so the print is drawn at true scale. Names in
-- the three languages; `wear_order` sorts the picker; `is_enabled` shows it in the online archive.
CREATE TABLE wear_models (
    guid TEXT PRIMARY KEY NOT NULL,
    name_tr TEXT NOT NULL,
    name_en TEXT NOT NULL,
    name_ru TEXT NOT NULL,
    wear_order INTEGER NOT NULL,
    is_enabled BOOLEAN NOT NULL,
    width_cm DOUBLE PRECISION NOT NULL,
    image_key TEXT NOT NULL,
    width_px INTEGER NOT NULL,
    height_px INTEGER NOT NULL,
    has_displacement BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL,
    edited_at TIMESTAMP NOT NULL
);
CREATE INDEX wear_models_order ON wear_models (wear_order, name_en);

-- The labels that group wear models (the picker's filter, the `selectedWearLabel` setting).
CREATE TABLE wear_model_labels (
    wear_guid TEXT NOT NULL REFERENCES wear_models (guid) ON DELETE CASCADE,
    label_id INTEGER NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
    PRIMARY KEY (wear_guid, label_id)
);
