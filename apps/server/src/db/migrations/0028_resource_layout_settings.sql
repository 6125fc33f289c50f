CREATE TABLE "resource_layout_settings" (
	"space_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"scale" text NOT NULL,
	"by" text NOT NULL,
	"versions" jsonb NOT NULL,
	"filter_indicator" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_layout_settings_space_id_user_id_pk" PRIMARY KEY("space_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "resource_layout_settings" ADD CONSTRAINT "resource_layout_settings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_layout_settings" ADD CONSTRAINT "resource_layout_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;