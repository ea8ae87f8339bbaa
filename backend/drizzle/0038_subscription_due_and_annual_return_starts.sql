CREATE TABLE "annual_return_starts" (
	"organization_id" uuid NOT NULL,
	"ard" date NOT NULL,
	"follow_up_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annual_return_starts_organization_id_ard_pk" PRIMARY KEY("organization_id","ard")
);
--> statement-breakpoint
CREATE TABLE "firm_settings" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"annual_return_lead_days" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_settings_single" CHECK ("firm_settings"."single")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "annual_return_auto_start" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_due_date" date;--> statement-breakpoint
ALTER TABLE "annual_return_starts" ADD CONSTRAINT "annual_return_starts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_return_starts" ADD CONSTRAINT "annual_return_starts_follow_up_id_follow_ups_id_fk" FOREIGN KEY ("follow_up_id") REFERENCES "public"."follow_ups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_next_due_date_idx" ON "subscriptions" USING btree ("next_due_date") WHERE "subscriptions"."deleted_at" IS NULL AND "subscriptions"."status" <> 'CANCELLED';--> statement-breakpoint
-- The subscriptions already there: the starting date plus one period per linked live order.
UPDATE "subscriptions" SET "next_due_date" = ("starting_date" + make_interval(months => "plan" * (
  SELECT count(*)::int FROM "orders"
  WHERE "orders"."subscription_id" = "subscriptions"."id" AND "orders"."deleted_at" IS NULL
)))::date;
