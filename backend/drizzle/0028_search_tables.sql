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
CREATE INDEX "people_search_trgm_idx" ON "people_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_search_trgm_idx" ON "organizations_search" USING gin ("search_text" gin_trgm_ops);