ALTER TABLE "people" ADD COLUMN "merged_into" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "merged_into" uuid;