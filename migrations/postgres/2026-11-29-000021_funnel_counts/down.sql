DROP TABLE funnel_weeks_made;
DROP TABLE funnel_weeks;
DROP TABLE funnel_totals;
DROP TABLE funnel_days;
DROP TABLE favorite_adds;
