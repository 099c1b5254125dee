-- The function computes what migration 000004's did, so it stays; 000004's down drops it.
SELECT 1;
