DROP TABLE wear_model_labels;
DROP TABLE wear_models;
