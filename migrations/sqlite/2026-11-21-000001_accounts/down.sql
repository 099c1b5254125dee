DROP TABLE sign_ins;
DROP TABLE account_links;
DROP TABLE users;
DROP TABLE customers;
