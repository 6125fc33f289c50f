CREATE TABLE "user_activity_days" (
	"space_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"calls" integer NOT NULL,
	"slots" bit(288) NOT NULL,
	CONSTRAINT "user_activity_days_space_id_day_user_id_pk" PRIMARY KEY("space_id","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_checked_nodes" (
	"space_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	CONSTRAINT "analytics_checked_nodes_user_id_node_id_pk" PRIMARY KEY("user_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_curved_settings" (
	"space_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"curves" jsonb NOT NULL,
	"period" text NOT NULL,
	"cumulative" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_curved_settings_space_id_user_id_pk" PRIMARY KEY("space_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD CONSTRAINT "user_activity_days_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD CONSTRAINT "user_activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_checked_nodes" ADD CONSTRAINT "analytics_checked_nodes_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_checked_nodes" ADD CONSTRAINT "analytics_checked_nodes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_checked_nodes" ADD CONSTRAINT "analytics_checked_nodes_node_id_eps_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_curved_settings" ADD CONSTRAINT "analytics_curved_settings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_curved_settings" ADD CONSTRAINT "analytics_curved_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;