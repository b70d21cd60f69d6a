-- Tier point ranges (inclusive at both ends) may never overlap, even under concurrent writes.
ALTER TABLE "tiers" ADD CONSTRAINT "tiers_range_excl"
  EXCLUDE USING gist (int4range("min_points", "max_points", '[]') WITH &&);
