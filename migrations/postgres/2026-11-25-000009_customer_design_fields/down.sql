DROP TABLE customer_design_fields;
