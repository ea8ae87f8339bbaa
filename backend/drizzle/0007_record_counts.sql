CREATE TABLE "duplicate_key_counts" (
	"record_type" text NOT NULL,
	"key" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "duplicate_key_counts_record_type_key_pk" PRIMARY KEY("record_type","key")
);
--> statement-breakpoint
CREATE TABLE "live_record_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "people_duplicate_key_idx";--> statement-breakpoint
CREATE INDEX "duplicate_key_counts_shared_idx" ON "duplicate_key_counts" USING btree ("record_type","total" DESC NULLS LAST,"key") WHERE "duplicate_key_counts"."total" > 1;