DROP TABLE cad_bundles;
DROP TABLE cad_downloads;
DROP INDEX favorite_entries_list_added;
