DROP TABLE "people_search" CASCADE;--> statement-breakpoint
DROP TABLE "organizations_search" CASCADE;--> statement-breakpoint
DROP TABLE "task_assignments" CASCADE;--> statement-breakpoint
DROP TABLE "maintained_table_rebuilds" CASCADE;