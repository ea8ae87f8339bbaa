CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_name1" text NOT NULL,
	"organization_name2" text DEFAULT '' NOT NULL,
	"organization_name3" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"idpal" boolean DEFAULT false NOT NULL,
	"secretary_company" boolean DEFAULT false NOT NULL,
	"anonyme_shareholder" boolean DEFAULT false NOT NULL,
	"peoples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"directors" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"organization_id" uuid,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forms_created_idx" ON "forms" USING btree ("created_at","id") WHERE "forms"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "forms_name1_idx" ON "forms" USING btree ("organization_name1","id") WHERE "forms"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "forms_name2_idx" ON "forms" USING btree ("organization_name2","id") WHERE "forms"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "forms_name3_idx" ON "forms" USING btree ("organization_name3","id") WHERE "forms"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "forms_search_text_trgm_idx" ON "forms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forms_organization_idx" ON "forms" USING btree ("organization_id");