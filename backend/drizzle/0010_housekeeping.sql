CREATE TABLE "housekeeping_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_sessions" integer DEFAULT 0 NOT NULL,
	"delivered_mails" integer DEFAULT 0 NOT NULL
);
