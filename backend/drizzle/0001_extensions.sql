-- Trigram indexes back the name searches (LIKE '%term%' on search_text columns).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
