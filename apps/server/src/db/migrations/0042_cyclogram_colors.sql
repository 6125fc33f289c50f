CREATE TABLE "cyclogram_colors" (
	"space_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"work_type" text NOT NULL,
	"color" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cyclogram_colors_schedule_id_work_type_pk" PRIMARY KEY("schedule_id","work_type")
);
--> statement-breakpoint
ALTER TABLE "cyclogram_colors" ADD CONSTRAINT "cyclogram_colors_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cyclogram_colors" ADD CONSTRAINT "cyclogram_colors_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;