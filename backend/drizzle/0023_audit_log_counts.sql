CREATE TABLE "audit_log_counts" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_type_at_idx" ON "audit_log" USING btree ("record_type","at","id");