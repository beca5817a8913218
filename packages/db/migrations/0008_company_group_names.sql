-- Groups saved twice before names were unique keep both: the later ones get a " (n)" suffix.
UPDATE "company_groups" g SET "name" = g."name" || ' (' || d.n || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "company_id", "module", lower(btrim("name")) ORDER BY "id") - 1 AS n
  FROM "company_groups"
) d
WHERE d."id" = g."id" AND d.n > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "company_groups_name_key" ON "company_groups" USING btree ("company_id","module",lower(btrim("name")));
