-- Text a spreadsheet would run as a formula gets a leading quote.
CREATE OR REPLACE FUNCTION csv_cell(v text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN v IS NULL THEN ''
    WHEN left(v, 1) IN ('=', '+', '-', '@', E'\t', E'\r', '＝', '＋', '－', '＠') THEN csv_quoted('''' || v)
    ELSE csv_quoted(v)
  END
$$;

CREATE OR REPLACE FUNCTION csv_cell(v double precision) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(v::text, '')
$$;

CREATE OR REPLACE FUNCTION csv_cell(v boolean) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN v THEN '1' ELSE '' END
$$;
