ALTER TABLE "wdp_series" ADD COLUMN "days" "bytea";--> statement-breakpoint
-- Series written by 0012 as float8[] become their 8-byte big-endian doubles (float8send), day after day.
UPDATE "wdp_series" s SET "days" = (
  SELECT coalesce(string_agg(float8send(u.v), ''::bytea ORDER BY u.k), ''::bytea)
  FROM unnest(s."values") WITH ORDINALITY AS u(v, k)
);
