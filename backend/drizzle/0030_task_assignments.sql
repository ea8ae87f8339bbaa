CREATE TABLE "task_assignments" (
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"task_id" uuid NOT NULL,
	CONSTRAINT "task_assignments_user_id_status_task_id_pk" PRIMARY KEY("user_id","status","task_id")
);
--> statement-breakpoint
CREATE INDEX "task_assignments_task_idx" ON "task_assignments" USING btree ("task_id");