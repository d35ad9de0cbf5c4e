CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"tournament_id" uuid,
	"name" text NOT NULL,
	"captain_id" uuid,
	"board_order" text DEFAULT 'rating' NOT NULL,
	"withdrawn_after_round" integer,
	"created_by" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_board_order_check" CHECK ("teams"."board_order" in ('rating', 'captain'))
);
--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_captain_id_users_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teams_club_idx" ON "teams" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "teams_tournament_idx" ON "teams" USING btree ("tournament_id");--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tournament_id" uuid,
	"position" integer NOT NULL,
	"reserve" boolean DEFAULT false NOT NULL,
	CONSTRAINT "team_members_pkey" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_event_player_key" ON "team_members" USING btree ("tournament_id","user_id") WHERE "team_members"."tournament_id" is not null;--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "team_events" (
	"tournament_id" uuid PRIMARY KEY NOT NULL,
	"boards" integer,
	"primary_score" text DEFAULT 'match-points' NOT NULL,
	"best_k" integer,
	"no_teammates" boolean DEFAULT false NOT NULL,
	"lineup_minutes" integer,
	CONSTRAINT "team_events_boards_check" CHECK ("team_events"."boards" is null or "team_events"."boards" between 1 and 16),
	CONSTRAINT "team_events_best_k_check" CHECK ("team_events"."best_k" is null or "team_events"."best_k" between 1 and 50),
	CONSTRAINT "team_events_primary_check" CHECK ("team_events"."primary_score" in ('match-points', 'game-points'))
);
--> statement-breakpoint
ALTER TABLE "team_events" ADD CONSTRAINT "team_events_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "team_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"round_id" uuid NOT NULL,
	"round_number" integer NOT NULL,
	"table_number" integer NOT NULL,
	"home_team_id" uuid NOT NULL,
	"away_team_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"lineup_deadline" timestamp with time zone,
	"boards_set_at" timestamp with time zone,
	"double_forfeits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_matches" ADD CONSTRAINT "team_matches_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_matches" ADD CONSTRAINT "team_matches_round_id_tournament_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."tournament_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_matches" ADD CONSTRAINT "team_matches_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_matches" ADD CONSTRAINT "team_matches_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_matches_round_idx" ON "team_matches" USING btree ("tournament_id","round_number","table_number");--> statement-breakpoint
CREATE TABLE "team_lineups" (
	"team_match_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"players" jsonb NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_lineups_pkey" PRIMARY KEY("team_match_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "team_lineups" ADD CONSTRAINT "team_lineups_team_match_id_team_matches_id_fk" FOREIGN KEY ("team_match_id") REFERENCES "public"."team_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_lineups" ADD CONSTRAINT "team_lineups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_lineups" ADD CONSTRAINT "team_lineups_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "team_match_boards" (
	"team_match_id" uuid NOT NULL,
	"board" integer NOT NULL,
	"pairing_id" uuid,
	"home_player" uuid,
	"away_player" uuid,
	CONSTRAINT "team_match_boards_pkey" PRIMARY KEY("team_match_id","board")
);
--> statement-breakpoint
ALTER TABLE "team_match_boards" ADD CONSTRAINT "team_match_boards_team_match_id_team_matches_id_fk" FOREIGN KEY ("team_match_id") REFERENCES "public"."team_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_match_boards" ADD CONSTRAINT "team_match_boards_pairing_id_tournament_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."tournament_pairings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_match_boards_pairing_key" ON "team_match_boards" USING btree ("pairing_id");
