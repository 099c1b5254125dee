-- The catalog's revision: a counter every change to what a search can match moves forward, in
-- the same transaction as the change. Cached search answers (counts, page positions, colour
-- rankings) are keyed by it, so a cache can never answer from data older than the transaction
-- that reads the revision.
CREATE TABLE catalog_revision (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    revision BIGINT NOT NULL
);
INSERT INTO catalog_revision (id, revision) VALUES (1, 0);

-- SQLite has row triggers only: one small update per changed row.
CREATE TRIGGER designs_insert_revision AFTER INSERT ON designs BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER designs_update_revision AFTER UPDATE ON designs BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER designs_delete_revision AFTER DELETE ON designs BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_labels_insert_revision AFTER INSERT ON design_labels BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_labels_update_revision AFTER UPDATE ON design_labels BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_labels_delete_revision AFTER DELETE ON design_labels BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_parameters_insert_revision AFTER INSERT ON design_parameters BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_parameters_update_revision AFTER UPDATE ON design_parameters BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_parameters_delete_revision AFTER DELETE ON design_parameters BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_orders_insert_revision AFTER INSERT ON design_orders BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_orders_update_revision AFTER UPDATE ON design_orders BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_orders_delete_revision AFTER DELETE ON design_orders BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_pins_insert_revision AFTER INSERT ON design_pins BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_pins_update_revision AFTER UPDATE ON design_pins BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER design_pins_delete_revision AFTER DELETE ON design_pins BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER colorway_colors_insert_revision AFTER INSERT ON colorway_colors BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER colorway_colors_update_revision AFTER UPDATE ON colorway_colors BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER colorway_colors_delete_revision AFTER DELETE ON colorway_colors BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER pool_members_insert_revision AFTER INSERT ON pool_members BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER pool_members_update_revision AFTER UPDATE ON pool_members BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER pool_members_delete_revision AFTER DELETE ON pool_members BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER pool_designs_insert_revision AFTER INSERT ON pool_designs BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER pool_designs_update_revision AFTER UPDATE ON pool_designs BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER pool_designs_delete_revision AFTER DELETE ON pool_designs BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END;
