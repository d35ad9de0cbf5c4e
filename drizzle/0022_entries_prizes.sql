ALTER TABLE "tournaments" ADD COLUMN "entry_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "entry_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "entry_cap" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "entry_open_to" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "entry_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "entry_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "check_in_minutes" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "prize_split" text DEFAULT 'equal' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "one_prize_per_player" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "results_final_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_entry_cap_check" CHECK ("tournaments"."entry_cap" is null or "tournaments"."entry_cap" between 2 and 10000);--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_entry_open_to_check" CHECK ("tournaments"."entry_open_to" in ('members', 'anyone'));--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_entry_fee_check" CHECK ("tournaments"."entry_fee" between 0 and 100000000);--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_currency_check" CHECK ("tournaments"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_check_in_minutes_check" CHECK ("tournaments"."check_in_minutes" is null or "tournaments"."check_in_minutes" between 5 and 1440);--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_prize_split_check" CHECK ("tournaments"."prize_split" in ('none', 'equal', 'hort'));--> statement-breakpoint
ALTER TABLE "tournament_players" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD COLUMN "fee_status" text DEFAULT 'owed' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD COLUMN "fee_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD COLUMN "fee_method" text;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD COLUMN "fee_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD COLUMN "fee_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD COLUMN "check_in_nonce" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_players" DROP CONSTRAINT "tournament_players_status_check";--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_status_check" CHECK ("tournament_players"."status" in ('registered', 'checked-in', 'withdrawn', 'waitlisted'));--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_fee_status_check" CHECK ("tournament_players"."fee_status" in ('owed', 'paid', 'waived'));--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_fee_method_check" CHECK ("tournament_players"."fee_method" is null or "tournament_players"."fee_method" in ('cash', 'transfer', 'card'));--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_fee_amount_check" CHECK ("tournament_players"."fee_amount" between 0 and 100000000);--> statement-breakpoint
CREATE TABLE "tournament_prizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"place" integer NOT NULL,
	"class_value" text,
	"rating_min" integer,
	"rating_max" integer,
	"category" text,
	"amount" integer,
	"item" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_prizes_kind_check" CHECK ("tournament_prizes"."kind" in ('place', 'class', 'category')),
	CONSTRAINT "tournament_prizes_category_check" CHECK ("tournament_prizes"."category" is null or "tournament_prizes"."category" in ('junior', 'senior', 'unrated', 'club', 'least-time')),
	CONSTRAINT "tournament_prizes_place_check" CHECK ("tournament_prizes"."place" between 1 and 1000),
	CONSTRAINT "tournament_prizes_amount_check" CHECK ("tournament_prizes"."amount" is null or "tournament_prizes"."amount" between 0 and 100000000),
	CONSTRAINT "tournament_prizes_something_check" CHECK ("tournament_prizes"."amount" is not null or "tournament_prizes"."item" <> '')
);
--> statement-breakpoint
ALTER TABLE "tournament_prizes" ADD CONSTRAINT "tournament_prizes_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_prizes_tournament_idx" ON "tournament_prizes" USING btree ("tournament_id","position");
