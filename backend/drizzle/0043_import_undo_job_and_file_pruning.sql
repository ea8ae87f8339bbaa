ALTER TABLE "housekeeping_runs" ADD COLUMN "import_files" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_records" ADD COLUMN "undo" text;--> statement-breakpoint
ALTER TABLE "import_records" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "undo_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "undo_user_id" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "undo_user_name" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "undo_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "undo_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "deleted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "restored" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "left_alone" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "file_removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "import_records_undo_idx" ON "import_records" USING btree ("import_id","record_type","id") WHERE "import_records"."undo" IS NULL;--> statement-breakpoint
CREATE INDEX "imports_undoing_idx" ON "imports" USING btree ("status") WHERE "imports"."status" = 'undoing';