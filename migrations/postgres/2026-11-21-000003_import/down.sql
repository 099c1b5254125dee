DROP TABLE import_files;
DROP TABLE import_jobs;
