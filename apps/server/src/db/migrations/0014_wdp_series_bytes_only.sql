ALTER TABLE "wdp_series" ALTER COLUMN "days" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wdp_series" DROP COLUMN "values";