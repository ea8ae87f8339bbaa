CREATE TABLE "task_users" (
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "task_users_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
DROP INDEX "tasks_users_idx";--> statement-breakpoint
ALTER TABLE "task_users" ADD CONSTRAINT "task_users_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_users_user_idx" ON "task_users" USING btree ("user_id","task_id");--> statement-breakpoint
-- Every task's assignees, from its users JSON, in its order (deleted tasks too: a restore brings
-- them back with their assignees). An id that is not a uuid was never an account's.
INSERT INTO "task_users" ("task_id", "user_id", "user_name", "position")
SELECT DISTINCT ON (tasks.id, (assigned.value ->> 'userId')::uuid)
  tasks.id, (assigned.value ->> 'userId')::uuid, coalesce(assigned.value ->> 'userName', ''),
  assigned.ordinality::int
FROM "tasks" AS tasks
CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN jsonb_typeof(tasks.users) = 'array' THEN tasks.users ELSE '[]'::jsonb END
) WITH ORDINALITY AS assigned(value, ordinality)
WHERE assigned.value ->> 'userId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
ORDER BY tasks.id, (assigned.value ->> 'userId')::uuid, assigned.ordinality;--> statement-breakpoint
-- CASCADE: the former assignments' trigger on tasks named this column.
ALTER TABLE "tasks" DROP COLUMN "users" CASCADE;