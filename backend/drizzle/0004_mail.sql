CREATE TABLE "mail_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_id" uuid NOT NULL,
	"event" text NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"language" text NOT NULL,
	"tag" text,
	"requested_by_id" uuid,
	"requested_by_name" text,
	"requested_by_email" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"message_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_events" ADD CONSTRAINT "mail_events_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_events_at_idx" ON "mail_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "mail_events_mail_idx" ON "mail_events" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree (lower("to"));--> statement-breakpoint
CREATE INDEX "mail_outbox_requested_by_email_idx" ON "mail_outbox" USING btree (lower("requested_by_email"));--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key_idx" ON "mail_outbox" USING btree ("dedupe_key") WHERE "mail_outbox"."dedupe_key" IS NOT NULL;