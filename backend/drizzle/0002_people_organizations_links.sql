CREATE TABLE "people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"mail" text,
	"birth" date,
	"nationality" text,
	"country" text,
	"ipn" text,
	"pps" text,
	"address_street1" text,
	"address_zip1" text,
	"address_city1" text,
	"address_state1" text,
	"address_country1" text,
	"comments" text,
	"vif" boolean DEFAULT false NOT NULL,
	"id_pal" boolean DEFAULT false NOT NULL,
	"pep" boolean DEFAULT false NOT NULL,
	"company_form" text,
	"date_aml" date,
	"attached_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"duplicate_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"mail" text,
	"cro" text,
	"language" text,
	"creation_status" text,
	"creation_package" text,
	"incorporation_date" date,
	"business_activity" text,
	"address" text,
	"country" text,
	"rbo" boolean DEFAULT false NOT NULL,
	"comments" text,
	"notes" text,
	"attached_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"aml" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"first_ar" date,
	"status" boolean DEFAULT false NOT NULL,
	"next_ar_reminder" date,
	"b1b73" date,
	"bilan" boolean DEFAULT false NOT NULL,
	"financial_year_end" date,
	"corporation_tax_paid" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"corporation_tax_paid_reminder" date,
	"coroporation_tax_number" text,
	"accounting_comments" text,
	"finotor" text DEFAULT 'not_sent' NOT NULL,
	"finotor_email_sent_at" timestamp with time zone,
	"finotor_registered_at" timestamp with time zone,
	"has_domiciliation" boolean DEFAULT false NOT NULL,
	"domiciliation_subscription" date,
	"domiciliation_subscription_plan" integer DEFAULT 12 NOT NULL,
	"domiciliation_paid_reminder" date,
	"domiciliation_payment_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_secretary_company" boolean DEFAULT false NOT NULL,
	"secretary_company_subscription" date,
	"secretary_company_subscription_plan" integer DEFAULT 12 NOT NULL,
	"secretary_company_paid_reminder" date,
	"secretary_company_payment_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_anonymous_shareholder" boolean DEFAULT false NOT NULL,
	"anonymous_shareholder_subscription" date,
	"anonymous_shareholder_subscription_plan" integer DEFAULT 12 NOT NULL,
	"anonymous_shareholder_paid_reminder" date,
	"anonymous_shareholder_payment_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"duplicate_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "people_organization_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"people_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"beneficiary_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "people_organization_links" ADD CONSTRAINT "people_organization_links_people_id_people_id_fk" FOREIGN KEY ("people_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_organization_links" ADD CONSTRAINT "people_organization_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "people_search_text_trgm_idx" ON "people" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "people_created_at_idx" ON "people" USING btree ("created_at") WHERE "people"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "people_first_name_idx" ON "people" USING btree ("first_name") WHERE "people"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "people_last_name_idx" ON "people" USING btree ("last_name") WHERE "people"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "people_mail_idx" ON "people" USING btree ("mail") WHERE "people"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "people_country_idx" ON "people" USING btree ("country") WHERE "people"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "people_duplicate_key_idx" ON "people" USING btree ("duplicate_key") WHERE "people"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_search_text_trgm_idx" ON "organizations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_users_idx" ON "organizations" USING gin ("users" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "organizations_created_at_idx" ON "organizations" USING btree ("created_at") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_name_idx" ON "organizations" USING btree ("name") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_incorporation_date_idx" ON "organizations" USING btree ("incorporation_date") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_first_ar_idx" ON "organizations" USING btree ("first_ar") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_next_ar_reminder_idx" ON "organizations" USING btree ("next_ar_reminder") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_creation_status_idx" ON "organizations" USING btree ("creation_status") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_finotor_idx" ON "organizations" USING btree ("finotor") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_status_bilan_idx" ON "organizations" USING btree ("status","bilan") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_tax_reminder_idx" ON "organizations" USING btree ("corporation_tax_paid_reminder") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_domiciliation_reminder_idx" ON "organizations" USING btree ("domiciliation_paid_reminder") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_secretary_reminder_idx" ON "organizations" USING btree ("secretary_company_paid_reminder") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_shareholder_reminder_idx" ON "organizations" USING btree ("anonymous_shareholder_paid_reminder") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "organizations_duplicate_key_idx" ON "organizations" USING btree ("duplicate_key") WHERE "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "links_people_organization_idx" ON "people_organization_links" USING btree ("people_id","organization_id");--> statement-breakpoint
CREATE INDEX "links_organization_idx" ON "people_organization_links" USING btree ("organization_id");