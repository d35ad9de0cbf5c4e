CREATE TABLE "arena_nights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"competition_id" uuid,
	"name" text NOT NULL,
	"ruleset" text NOT NULL,
	"ruleset_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"time_control" jsonb,
	"group_size" integer DEFAULT 2 NOT NULL,
	"scoring" jsonb NOT NULL,
	"mode" text DEFAULT 'over-the-board' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arena_nights_group_size_check" CHECK ("arena_nights"."group_size" between 2 and 4),
	CONSTRAINT "arena_nights_mode_check" CHECK ("arena_nights"."mode" in ('over-the-board', 'online')),
	CONSTRAINT "arena_nights_status_check" CHECK ("arena_nights"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "arena_nights" ADD CONSTRAINT "arena_nights_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arena_nights" ADD CONSTRAINT "arena_nights_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arena_nights" ADD CONSTRAINT "arena_nights_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arena_nights_club_idx" ON "arena_nights" USING btree ("club_id","starts_at");--> statement-breakpoint
CREATE INDEX "arena_nights_competition_idx" ON "arena_nights" USING btree ("competition_id");--> statement-breakpoint
CREATE TABLE "arena_players" (
	"night_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"free_since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arena_players_pkey" PRIMARY KEY("night_id","user_id"),
	CONSTRAINT "arena_players_status_check" CHECK ("arena_players"."status" in ('waiting', 'playing', 'left'))
);
--> statement-breakpoint
ALTER TABLE "arena_players" ADD CONSTRAINT "arena_players_night_id_arena_nights_id_fk" FOREIGN KEY ("night_id") REFERENCES "public"."arena_nights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arena_players" ADD CONSTRAINT "arena_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arena_players_user_idx" ON "arena_players" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "arena_games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"night_id" uuid NOT NULL,
	"table_no" integer NOT NULL,
	"players" jsonb NOT NULL,
	"scores" jsonb,
	"status" text DEFAULT 'playing' NOT NULL,
	"match_id" uuid,
	"reported_by" uuid,
	"confirmed_by" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disputed_by" uuid,
	"note" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "arena_games_status_check" CHECK ("arena_games"."status" in ('playing', 'reported', 'confirmed', 'disputed', 'decided', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "arena_games" ADD CONSTRAINT "arena_games_night_id_arena_nights_id_fk" FOREIGN KEY ("night_id") REFERENCES "public"."arena_nights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arena_games" ADD CONSTRAINT "arena_games_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arena_games" ADD CONSTRAINT "arena_games_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arena_games" ADD CONSTRAINT "arena_games_disputed_by_users_id_fk" FOREIGN KEY ("disputed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arena_games" ADD CONSTRAINT "arena_games_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arena_games_night_idx" ON "arena_games" USING btree ("night_id","created_at");--> statement-breakpoint
CREATE INDEX "arena_games_match_idx" ON "arena_games" USING btree ("match_id");
