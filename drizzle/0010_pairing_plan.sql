ALTER TABLE "tournaments" ADD COLUMN "gibson_places" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "prize_places" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "pairing_plan" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_gibson_places_check" CHECK ("tournaments"."gibson_places" between 1 and 10 and "tournaments"."prize_places" between 1 and 100);--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD COLUMN "pairing_method" text;
