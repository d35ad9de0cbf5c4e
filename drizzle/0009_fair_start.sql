ALTER TABLE "tournaments" ADD COLUMN "no_show_minutes" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "preview" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
UPDATE "tournaments" SET "preview" = 'off' WHERE "rated";--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_preview_check" CHECK ("tournaments"."preview" in ('full', 'score', 'off'));--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_no_show_check" CHECK ("tournaments"."no_show_minutes" between 1 and 240);--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "preview" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "no_show_minutes" integer;--> statement-breakpoint
UPDATE "matches" SET "preview" = "tournaments"."preview" FROM "tournaments" WHERE "matches"."tournament_id" = "tournaments"."id";--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_preview_check" CHECK ("matches"."preview" in ('full', 'score', 'off'));--> statement-breakpoint
ALTER TABLE "match_players" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
UPDATE "match_players" SET "joined_at" = "accepted_at";
