CREATE TABLE "sign_in_failures" (
	"email_key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"user_id" uuid,
	"user_name" text,
	"record_type" text NOT NULL,
	"record_id" uuid,
	"record_label" text,
	"related_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "audit_record_types" (
	"record_type" text PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"restorable" boolean NOT NULL
);
--> statement-breakpoint
DROP INDEX "links_people_organization_idx";--> statement-breakpoint
ALTER TABLE "people_organization_links" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("record_type","record_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_related_idx" ON "audit_log" USING gin ("related_ids");--> statement-breakpoint
CREATE INDEX "user_sessions_expires_at_idx" ON "user_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "links_people_organization_live_idx" ON "people_organization_links" USING btree ("people_id","organization_id") WHERE "people_organization_links"."deleted_at" IS NULL;