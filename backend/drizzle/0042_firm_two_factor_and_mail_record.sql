ALTER TABLE "mail_outbox" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "firm_settings" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;