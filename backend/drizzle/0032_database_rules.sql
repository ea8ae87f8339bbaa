CREATE TABLE "database_rules" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"hash" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
