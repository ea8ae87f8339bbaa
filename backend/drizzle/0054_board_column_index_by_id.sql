-- A board column's ids in id order: a user's column is counted by merging them with the user's
-- task ids (task_users_user_idx), stopping at the bound, instead of hashing every task the user
-- has (ADR 0149).
CREATE INDEX "tasks_status_id_idx" ON "tasks" USING btree ("status","id") WHERE "tasks"."deleted_at" IS NULL;
