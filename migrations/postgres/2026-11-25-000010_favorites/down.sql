DROP TABLE favorite_shares;
DROP TABLE favorite_entries;
DROP TABLE favorite_lists;
