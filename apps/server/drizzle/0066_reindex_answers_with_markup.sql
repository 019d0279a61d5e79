-- Answers were indexed with anything that looked like markup taken out ("Uma <Six>" as "Uma"); they
-- are now indexed as written, so the ones holding a "<" are indexed again by the next search.
UPDATE "form_answers" SET "search_indexed" = false WHERE "search_indexed" AND "answers"::text LIKE '%<%';
