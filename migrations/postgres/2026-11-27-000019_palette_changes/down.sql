DROP TRIGGER colorway_colors_delete_palette ON colorway_colors;
DROP TRIGGER colorway_colors_update_new_palette ON colorway_colors;
DROP TRIGGER colorway_colors_update_old_palette ON colorway_colors;
DROP TRIGGER colorway_colors_insert_palette ON colorway_colors;
DROP FUNCTION desen_note_palette_change();
DROP TABLE palette_changes;
