ALTER TABLE "subscriptions" ADD COLUMN "next_due_date" date;--> statement-breakpoint
CREATE INDEX "subscriptions_next_due_date_idx" ON "subscriptions" USING btree ("next_due_date") WHERE "subscriptions"."deleted_at" IS NULL AND "subscriptions"."status" <> 'CANCELLED';--> statement-breakpoint
-- The subscriptions already there: the starting date plus one period per linked live order.
UPDATE "subscriptions" SET "next_due_date" = ("starting_date" + make_interval(months => "plan" * (
  SELECT count(*)::int FROM "orders"
  WHERE "orders"."subscription_id" = "subscriptions"."id" AND "orders"."deleted_at" IS NULL
)))::date;
