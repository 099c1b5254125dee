DROP TABLE tagging_skips;
DROP TABLE tagging_reservations;
