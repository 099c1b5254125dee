-- PostgreSQL only: SQLite connections register the Rust CIEDE2000 (db::connection).
SELECT 1;
