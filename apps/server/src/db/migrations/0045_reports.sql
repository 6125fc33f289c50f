CREATE TABLE "report_nodes" (
	"report_id" uuid NOT NULL,
	"eps_id" uuid NOT NULL,
	CONSTRAINT "report_nodes_report_id_eps_id_pk" PRIMARY KEY("report_id","eps_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"template" "bytea" NOT NULL,
	"fields" jsonb NOT NULL,
	"reporting_year" integer,
	"wbs_display" text DEFAULT 'all' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_nodes" ADD CONSTRAINT "report_nodes_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_nodes" ADD CONSTRAINT "report_nodes_eps_id_eps_nodes_id_fk" FOREIGN KEY ("eps_id") REFERENCES "public"."eps_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_nodes_eps" ON "report_nodes" USING btree ("eps_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_space_name" ON "reports" USING btree ("space_id",lower("name"));