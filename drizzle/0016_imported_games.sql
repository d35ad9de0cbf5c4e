ALTER TABLE "matches" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_imported_unrated_check" CHECK ("matches"."imported_at" is null or not "matches"."rated");
