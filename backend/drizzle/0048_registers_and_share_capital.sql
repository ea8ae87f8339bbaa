CREATE TABLE "share_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"nominal_value" numeric(16, 6) NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "share_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"share_class_id" uuid NOT NULL,
	"shares" integer NOT NULL,
	"to_people_id" uuid NOT NULL,
	"from_people_id" uuid,
	"b5_due" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "people_organization_links" ADD COLUMN "appointed_on" date;--> statement-breakpoint
ALTER TABLE "people_organization_links" ADD COLUMN "ceased_on" date;--> statement-breakpoint
ALTER TABLE "people_organization_links" ADD COLUMN "beneficial_interest" text;--> statement-breakpoint
ALTER TABLE "share_classes" ADD CONSTRAINT "share_classes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_entries" ADD CONSTRAINT "share_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_entries" ADD CONSTRAINT "share_entries_share_class_id_share_classes_id_fk" FOREIGN KEY ("share_class_id") REFERENCES "public"."share_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_entries" ADD CONSTRAINT "share_entries_to_people_id_people_id_fk" FOREIGN KEY ("to_people_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_entries" ADD CONSTRAINT "share_entries_from_people_id_people_id_fk" FOREIGN KEY ("from_people_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_classes_organization_name_live_idx" ON "share_classes" USING btree ("organization_id",lower("name")) WHERE "share_classes"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "share_entries_organization_date_idx" ON "share_entries" USING btree ("organization_id","date") WHERE "share_entries"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "share_entries_class_idx" ON "share_entries" USING btree ("share_class_id") WHERE "share_entries"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "share_entries_b5_due_idx" ON "share_entries" USING btree ("b5_due") WHERE "share_entries"."deleted_at" IS NULL AND "share_entries"."b5_due" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "organizations_derived_ard_idx" ON "organizations" USING btree ("incorporation_date") WHERE "organizations"."deleted_at" IS NULL AND "organizations"."next_ar_reminder" IS NULL AND "organizations"."status" AND "organizations"."incorporation_date" IS NOT NULL;