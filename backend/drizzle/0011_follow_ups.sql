CREATE TABLE "follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"step_index" integer DEFAULT 0 NOT NULL,
	"max_step_index" integer NOT NULL,
	"completed" boolean GENERATED ALWAYS AS (step_index = max_step_index) STORED NOT NULL,
	"start_date" date,
	"ard" date,
	"deadline" date,
	"comments" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"user_name" text,
	"archived_at" timestamp with time zone,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deadline_reminded_for" date,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_active_type_idx" ON "follow_ups" USING btree ("organization_id","name") WHERE "follow_ups"."archived_at" IS NULL AND "follow_ups"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "follow_ups_organization_idx" ON "follow_ups" USING btree ("organization_id","created_at") WHERE "follow_ups"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "follow_ups_active_created_idx" ON "follow_ups" USING btree ("created_at","id") WHERE "follow_ups"."archived_at" IS NULL AND "follow_ups"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "follow_ups_active_deadline_idx" ON "follow_ups" USING btree ("deadline","id") WHERE "follow_ups"."archived_at" IS NULL AND "follow_ups"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "follow_ups_active_start_idx" ON "follow_ups" USING btree ("start_date","id") WHERE "follow_ups"."archived_at" IS NULL AND "follow_ups"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "follow_ups_active_ard_idx" ON "follow_ups" USING btree ("ard","id") WHERE "follow_ups"."archived_at" IS NULL AND "follow_ups"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "follow_ups_active_name_idx" ON "follow_ups" USING btree ("name","deadline") WHERE "follow_ups"."archived_at" IS NULL AND "follow_ups"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "follow_ups_active_user_idx" ON "follow_ups" USING btree ("user_id","deadline") WHERE "follow_ups"."archived_at" IS NULL AND "follow_ups"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "follow_ups_active_step_idx" ON "follow_ups" USING btree ("step_index","id") WHERE "follow_ups"."archived_at" IS NULL AND "follow_ups"."deleted_at" IS NULL;