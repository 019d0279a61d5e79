-- What a question's samples add up to, kept with them when they are written: the form's emotions
-- chart counts the rows by these in the database instead of reading every timeline. The dominant
-- emotion is the one with the highest mean score (rounded to three places, the earlier in the list
-- on a tie) over the samples with a face and emotions; null without one.
ALTER TABLE "answer_recognitions" ADD COLUMN "with_face" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_recognitions" ADD COLUMN "dominant" text;--> statement-breakpoint
UPDATE "answer_recognitions" r SET
  "with_face" = (select count(*) from jsonb_array_elements(r.samples) s
                  where (s->>'faces')::numeric > 0),
  "dominant" = (select m.emotion from (
                  select e.emotion, e.place,
                         round(avg(coalesce((s->'emotions'->>e.emotion)::numeric, 0)), 3) as mean
                    from jsonb_array_elements(r.samples) s
                   cross join unnest(array['happy', 'surprised', 'neutral', 'sad', 'fearful', 'disgusted', 'angry'])
                         with ordinality as e(emotion, place)
                   where (s->>'faces')::numeric > 0 and jsonb_typeof(s->'emotions') = 'object'
                   group by e.emotion, e.place) m
                 order by m.mean desc, m.place limit 1);
