-- Trigram indexes back substring search on customers (number, name, mobile, e-mail).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
