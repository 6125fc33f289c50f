-- Calculation settings live in calculate_settings only (the calculation never read schedules.settings).
-- A schedule that has calculation fields in schedules.settings but no calculate_settings row gets one made of the
-- valid values (anything else takes the default; the old progress options by_progress/by_volume/by_labour/by_cost
-- have no counterpart among P6's and take retained_logic; criticalFloat is read as working minutes). A schedule that
-- already has a row keeps it: that row is what its calculations used. Then the fields leave schedules.settings.
INSERT INTO "calculate_settings" ("schedule_id", "space_id", "scenario", "progress_option", "float_type", "lag_calendar", "critical_float", "calculation_mode")
SELECT s."id", s."space_id",
  CASE WHEN jsonb_typeof(s."settings"->'scenario') = 'number'
        AND (s."settings"->>'scenario')::numeric BETWEEN 1 AND 13
        AND (s."settings"->>'scenario')::numeric % 1 = 0
       THEN (s."settings"->>'scenario')::integer ELSE 1 END,
  CASE WHEN s."settings"->>'progressOption' IN ('retained_logic', 'progress_override', 'actual_dates')
       THEN s."settings"->>'progressOption' ELSE 'retained_logic' END,
  CASE WHEN s."settings"->>'floatType' IN ('start', 'finish', 'smallest')
       THEN s."settings"->>'floatType' ELSE 'finish' END,
  CASE WHEN s."settings"->>'lagCalendar' IN ('predecessor', 'successor', '24h', 'project')
       THEN s."settings"->>'lagCalendar' ELSE 'predecessor' END,
  CASE WHEN jsonb_typeof(s."settings"->'criticalFloat') = 'number'
        AND abs((s."settings"->>'criticalFloat')::numeric) <= 100000000
       THEN round((s."settings"->>'criticalFloat')::numeric)::integer ELSE 0 END,
  CASE WHEN s."settings"->>'calculationMode' IN ('auto', 'manual')
       THEN s."settings"->>'calculationMode' ELSE 'manual' END
FROM "schedules" s
WHERE s."settings" ?| array['scenario', 'progressOption', 'floatType', 'lagCalendar', 'criticalFloat', 'calculationMode']
ON CONFLICT ("schedule_id") DO NOTHING;
--> statement-breakpoint
UPDATE "schedules"
SET "settings" = "settings" - array['scenario', 'progressOption', 'floatType', 'lagCalendar', 'criticalFloat', 'calculationMode']
WHERE "settings" ?| array['scenario', 'progressOption', 'floatType', 'lagCalendar', 'criticalFloat', 'calculationMode'];
