CREATE TABLE "licence_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"requested_by" uuid,
	"organisation" text NOT NULL,
	"email" text NOT NULL,
	"paid_users" integer NOT NULL,
	"estimate_users" integer NOT NULL,
	"bim_users" integer NOT NULL,
	"months" integer NOT NULL,
	"app_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"space_id" uuid NOT NULL,
	"holder" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_users" integer NOT NULL,
	"min_version" text NOT NULL,
	"max_version" text,
	"estimate_users" integer NOT NULL,
	"bim_users" integer NOT NULL,
	"token" text NOT NULL,
	"loaded_by" uuid,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licences_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "space_members" ADD COLUMN "estimate_seat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "space_members" ADD COLUMN "bim_seat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "licence" jsonb;--> statement-breakpoint
ALTER TABLE "licence_requests" ADD CONSTRAINT "licence_requests_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_requests" ADD CONSTRAINT "licence_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_loaded_by_users_id_fk" FOREIGN KEY ("loaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_requests_space_idx" ON "licence_requests" USING btree ("space_id");--> statement-breakpoint
CREATE INDEX "licences_space_idx" ON "licences" USING btree ("space_id");