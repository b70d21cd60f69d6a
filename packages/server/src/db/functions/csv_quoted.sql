-- CSV cells written by the database, for the exports a million rows long (issue 16): the same
-- text as csvCell in platform/csv.ts (csv.test.ts and exports.test.ts hold them equal). One
-- function per kind of value, chosen by PostgreSQL from the argument's type (integers and
-- numeric go to the double precision one). Each is a single expression, so the planner inlines it
-- when its argument is a plain column (lists.ts hands it the cells of an inner query).
-- strpos and left rather than regular expressions: a regular expression converts the whole text
-- to wide characters on every call, which made the cells cost twice as much.
CREATE OR REPLACE FUNCTION csv_quoted(v text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN strpos(v, '"') > 0 THEN '"' || replace(v, '"', '""') || '"'
    WHEN strpos(v, ',') > 0 OR strpos(v, E'\n') > 0 OR strpos(v, E'\r') > 0 THEN '"' || v || '"'
    ELSE v
  END
$$;
