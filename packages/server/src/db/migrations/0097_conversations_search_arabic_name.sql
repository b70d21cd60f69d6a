-- The queue's search finds a conversation by its customer's Arabic name too (decisions/bilingual.md):
-- new conversations put it in search_text; those before get it appended.
UPDATE "conversations" c SET "search_text" = c."search_text" || ' ' || lower(cu."full_name_ar")
  FROM "customers" cu
  WHERE cu."id" = c."customer_id" AND coalesce(cu."full_name_ar", '') <> '';
