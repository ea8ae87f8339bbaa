CREATE TABLE "people_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_assignments" (
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"task_id" uuid NOT NULL,
	CONSTRAINT "task_assignments_user_id_status_task_id_pk" PRIMARY KEY("user_id","status","task_id")
);
--> statement-breakpoint
CREATE TABLE "maintained_table_rebuilds" (
	"function_name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "people_search_trgm_idx" ON "people_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_search_trgm_idx" ON "organizations_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "task_assignments_task_idx" ON "task_assignments" USING btree ("task_id");