ALTER TABLE "imports" ADD COLUMN "waiting_for_queue" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "resumes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "lost_jobs" integer DEFAULT 0 NOT NULL;