CREATE TABLE "duplicate_games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"creator_id" uuid NOT NULL,
	"club_id" uuid,
	"ruleset" text NOT NULL,
	"ruleset_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seed" text NOT NULL,
	"turn_seconds" integer NOT NULL,
	"max_turns" integer NOT NULL,
	"preview" text DEFAULT 'score' NOT NULL,
	"status" text DEFAULT 'lobby' NOT NULL,
	"turn" integer DEFAULT 0 NOT NULL,
	"board" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bag" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "duplicate_games_status_check" CHECK ("duplicate_games"."status" in ('lobby', 'playing', 'finished')),
	CONSTRAINT "duplicate_games_preview_check" CHECK ("duplicate_games"."preview" in ('full', 'score', 'off')),
	CONSTRAINT "duplicate_games_ruleset_check" CHECK ("duplicate_games"."ruleset" in ('equate', 'smath', 'number-scrabble')),
	CONSTRAINT "duplicate_games_turn_seconds_check" CHECK ("duplicate_games"."turn_seconds" between 10 and 1800),
	CONSTRAINT "duplicate_games_max_turns_check" CHECK ("duplicate_games"."max_turns" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "duplicate_players" (
	"game_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_turn" integer DEFAULT 1 NOT NULL,
	"table_number" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_players_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "duplicate_turns" (
	"game_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"rack" jsonb NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"search" jsonb,
	"master" jsonb,
	CONSTRAINT "duplicate_turns_game_id_number_pk" PRIMARY KEY("game_id","number")
);
--> statement-breakpoint
CREATE TABLE "duplicate_submissions" (
	"game_id" uuid NOT NULL,
	"turn" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"placements" jsonb NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"entered_by" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid" boolean,
	"score" integer,
	"text" text,
	"reason" text,
	CONSTRAINT "duplicate_submissions_game_id_turn_user_id_pk" PRIMARY KEY("game_id","turn","user_id"),
	CONSTRAINT "duplicate_submissions_count_check" CHECK ("duplicate_submissions"."count" >= 1)
);
--> statement-breakpoint
ALTER TABLE "duplicate_games" ADD CONSTRAINT "duplicate_games_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_games" ADD CONSTRAINT "duplicate_games_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_players" ADD CONSTRAINT "duplicate_players_game_id_duplicate_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."duplicate_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_players" ADD CONSTRAINT "duplicate_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_turns" ADD CONSTRAINT "duplicate_turns_game_id_duplicate_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."duplicate_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_submissions" ADD CONSTRAINT "duplicate_submissions_game_id_duplicate_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."duplicate_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_submissions" ADD CONSTRAINT "duplicate_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_submissions" ADD CONSTRAINT "duplicate_submissions_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_games_club_idx" ON "duplicate_games" USING btree ("club_id","created_at");--> statement-breakpoint
CREATE INDEX "duplicate_games_creator_idx" ON "duplicate_games" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "duplicate_players_user_idx" ON "duplicate_players" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "duplicate_turns_due_idx" ON "duplicate_turns" USING btree ("due_at") WHERE "duplicate_turns"."closed_at" is null;
