CREATE TABLE "tournament_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_pairings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"round_id" uuid NOT NULL,
	"round_number" integer NOT NULL,
	"table_number" integer NOT NULL,
	"players" jsonb NOT NULL,
	"is_bye" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"bracket_match_id" text,
	"scores" jsonb,
	"forfeit_user_id" uuid,
	"result_source" text,
	"result_by" uuid,
	"result_at" timestamp with time zone,
	"match_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_pairings_result_source_check" CHECK ("tournament_pairings"."result_source" is null or "tournament_pairings"."result_source" in ('director', 'match'))
);
--> statement-breakpoint
CREATE TABLE "tournament_players" (
	"tournament_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"seed" integer,
	"rating" integer,
	"joined_round" integer DEFAULT 1 NOT NULL,
	"withdrawn_after_round" integer,
	"registered_by" uuid,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_in_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "tournament_players_pkey" PRIMARY KEY("tournament_id","user_id"),
	CONSTRAINT "tournament_players_status_check" CHECK ("tournament_players"."status" in ('registered', 'checked-in', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "tournament_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "tournament_rounds_status_check" CHECK ("tournament_rounds"."status" in ('draft', 'published', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "tournament_staff" (
	"tournament_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_staff_pkey" PRIMARY KEY("tournament_id","user_id"),
	CONSTRAINT "tournament_staff_role_check" CHECK ("tournament_staff"."role" in ('director', 'judge'))
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"ruleset" text NOT NULL,
	"ruleset_options" jsonb NOT NULL,
	"time_control" jsonb NOT NULL,
	"challenge_rule" text NOT NULL,
	"rated" boolean DEFAULT true NOT NULL,
	"players_per_game" integer DEFAULT 2 NOT NULL,
	"format" text NOT NULL,
	"rounds" integer NOT NULL,
	"bye_wins" double precision DEFAULT 1 NOT NULL,
	"bye_spread" integer DEFAULT 50 NOT NULL,
	"forfeit_spread" integer DEFAULT 50 NOT NULL,
	"late_entry_wins" double precision DEFAULT 0 NOT NULL,
	"tiebreaks" jsonb NOT NULL,
	"gibson" boolean DEFAULT false NOT NULL,
	"gibson_spread" integer DEFAULT 500 NOT NULL,
	"bronze_match" boolean DEFAULT false NOT NULL,
	"grand_final" text DEFAULT 'simple' NOT NULL,
	"status" text DEFAULT 'registration' NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_format_check" CHECK ("tournaments"."format" in ('round-robin', 'double-round-robin', 'swiss', 'king-of-the-hill', 'single-elimination', 'double-elimination')),
	CONSTRAINT "tournaments_status_check" CHECK ("tournaments"."status" in ('registration', 'running', 'finished')),
	CONSTRAINT "tournaments_ruleset_check" CHECK ("tournaments"."ruleset" in ('equate', 'smath', 'number-scrabble')),
	CONSTRAINT "tournaments_grand_final_check" CHECK ("tournaments"."grand_final" in ('none', 'simple', 'double')),
	CONSTRAINT "tournaments_players_per_game_check" CHECK ("tournaments"."players_per_game" between 2 and 4),
	CONSTRAINT "tournaments_rounds_check" CHECK ("tournaments"."rounds" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "tournament_audit" ADD CONSTRAINT "tournament_audit_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_audit" ADD CONSTRAINT "tournament_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_round_id_tournament_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."tournament_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_result_by_users_id_fk" FOREIGN KEY ("result_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD CONSTRAINT "tournament_rounds_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_staff" ADD CONSTRAINT "tournament_staff_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_staff" ADD CONSTRAINT "tournament_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_staff" ADD CONSTRAINT "tournament_staff_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_audit_tournament_idx" ON "tournament_audit" USING btree ("tournament_id","created_at");--> statement-breakpoint
CREATE INDEX "tournament_pairings_round_idx" ON "tournament_pairings" USING btree ("round_id","table_number");--> statement-breakpoint
CREATE INDEX "tournament_pairings_tournament_idx" ON "tournament_pairings" USING btree ("tournament_id","round_number");--> statement-breakpoint
CREATE INDEX "tournament_players_user_idx" ON "tournament_players" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tournament_players_status_idx" ON "tournament_players" USING btree ("tournament_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_rounds_number_key" ON "tournament_rounds" USING btree ("tournament_id","number");--> statement-breakpoint
CREATE INDEX "tournament_staff_user_idx" ON "tournament_staff" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tournaments_club_idx" ON "tournaments" USING btree ("club_id","starts_at");--> statement-breakpoint
CREATE INDEX "tournaments_status_starts_idx" ON "tournaments" USING btree ("status","starts_at");