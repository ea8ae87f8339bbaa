CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"requested_by" uuid,
	"requested_by_name" text,
	"error" text,
	"downloaded_at" timestamp with time zone,
	"downloaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "relationship_ended_on" date;--> statement-breakpoint
CREATE INDEX "data_exports_person_idx" ON "data_exports" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "organizations_relationship_ended_on_idx" ON "organizations" USING btree ("relationship_ended_on");--> statement-breakpoint
CREATE INDEX "links_people_idx" ON "people_organization_links" USING btree ("people_id");--> statement-breakpoint
CREATE INDEX "forms_updated_at_idx" ON "forms" USING btree ("updated_at");