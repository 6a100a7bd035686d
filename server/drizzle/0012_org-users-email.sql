-- Issue 22 point 5: addresses that differ only in case may exist from before this index. The start never fails on
-- them: the oldest user of each address keeps it in the unique index, the later ones are left out of it (listed by
-- the data migration `report_email_case_duplicates` for an operator to merge by hand) and every new user is checked
-- against the kept ones. Without such rows the index is the plain one.
DO $$
DECLARE
  later_ids text;
BEGIN
  SELECT string_agg(id::text, ',' ORDER BY id) INTO later_ids
  FROM (SELECT id, row_number() OVER (PARTITION BY lower(email) ORDER BY id) AS position FROM users) AS ranked
  WHERE position > 1;
  IF later_ids IS NULL THEN
    CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));
  ELSE
    EXECUTE format('CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email")) WHERE id NOT IN (%s)', later_ids);
  END IF;
END $$;
