DROP TABLE swatch_designs;
DROP TABLE swatch_colors;
