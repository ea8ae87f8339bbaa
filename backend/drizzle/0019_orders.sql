CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"subscription" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"organization_name" text DEFAULT '' NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'CURRENT' NOT NULL,
	"plan" integer DEFAULT 6 NOT NULL,
	"starting_date" date NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"organization_id" uuid,
	"organization_name" text,
	"last_name" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"origin" text,
	"product_id" uuid,
	"product" text DEFAULT '' NOT NULL,
	"total_amount_order_cents" bigint,
	"amount_deposit_cents" bigint,
	"date_order" date,
	"payment_type_deposit" text DEFAULT '' NOT NULL,
	"amount_balance_to_paid_cents" bigint,
	"date_of_balance" date,
	"payment_type_balance" text DEFAULT '' NOT NULL,
	"to_invoice" boolean DEFAULT false NOT NULL,
	"total_paid_cents" bigint DEFAULT 0 NOT NULL,
	"paid_totaly" boolean DEFAULT false NOT NULL,
	"balance_paid" boolean DEFAULT false NOT NULL,
	"no_vat" boolean DEFAULT false NOT NULL,
	"with_vat" boolean DEFAULT false NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"subscription_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_live_idx" ON "products" USING btree (lower("name")) WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_subscription_name_idx" ON "products" USING btree ("subscription","name") WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_organization_idx" ON "subscriptions" USING btree ("organization_id") WHERE "subscriptions"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("created_at","id") WHERE "subscriptions"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_status_idx" ON "subscriptions" USING btree ("status","created_at") WHERE "subscriptions"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_starting_date_idx" ON "subscriptions" USING btree ("starting_date","id") WHERE "subscriptions"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_organization_name_idx" ON "subscriptions" USING btree ("organization_name","id") WHERE "subscriptions"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_product_name_idx" ON "subscriptions" USING btree ("product_name","id") WHERE "subscriptions"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_search_text_trgm_idx" ON "subscriptions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_product_idx" ON "subscriptions" USING btree ("product_id") WHERE "subscriptions"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_date_order_idx" ON "orders" USING btree ("date_order","id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_organization_idx" ON "orders" USING btree ("organization_id","date_order") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_product_idx" ON "orders" USING btree ("product_id","date_order") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_origin_idx" ON "orders" USING btree ("origin","date_order") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_subscription_idx" ON "orders" USING btree ("subscription_id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_search_text_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);