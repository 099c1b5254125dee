DROP TABLE colorway_features;
