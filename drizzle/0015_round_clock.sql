ALTER TABLE "tournament_rounds" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD CONSTRAINT "tournament_rounds_duration_check" CHECK ("tournament_rounds"."duration_ms" is null or "tournament_rounds"."duration_ms" between 60000 and 86400000);
