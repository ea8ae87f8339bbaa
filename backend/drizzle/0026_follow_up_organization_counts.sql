CREATE TABLE "follow_up_organization_counts" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"active" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_organization_total" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"total" integer NOT NULL
);
