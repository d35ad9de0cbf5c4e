CREATE TABLE "match_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"actor_id" uuid,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_events" (
	"match_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"client_id" text,
	CONSTRAINT "match_events_pkey" PRIMARY KEY("match_id","seq")
);
--> statement-breakpoint
CREATE TABLE "match_players" (
	"match_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seat" integer NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_players_pkey" PRIMARY KEY("match_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"ruleset" text NOT NULL,
	"ruleset_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"challenge_rule" text NOT NULL,
	"time_control" jsonb,
	"rated" boolean DEFAULT false NOT NULL,
	"seats" integer DEFAULT 2 NOT NULL,
	"first_mover" text DEFAULT 'random' NOT NULL,
	"seed" text NOT NULL,
	"join_code" text,
	"pairing_id" uuid,
	"tournament_id" uuid,
	"created_by" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"turn" integer,
	"scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_status_check" CHECK ("matches"."status" in ('open', 'active', 'finished', 'cancelled')),
	CONSTRAINT "matches_challenge_rule_check" CHECK ("matches"."challenge_rule" in ('void', 'retry', 'single', 'double', '5-point', '10-point')),
	CONSTRAINT "matches_seats_check" CHECK ("matches"."seats" between 2 and 4)
);
--> statement-breakpoint
ALTER TABLE "match_adjustments" ADD CONSTRAINT "match_adjustments_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_adjustments" ADD CONSTRAINT "match_adjustments_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_pairing_id_tournament_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."tournament_pairings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_adjustments_match_idx" ON "match_adjustments" USING btree ("match_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "match_events_client_key" ON "match_events" USING btree ("match_id","client_id");--> statement-breakpoint
CREATE INDEX "match_players_user_idx" ON "match_players" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_pairing_key" ON "matches" USING btree ("pairing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_join_code_key" ON "matches" USING btree ("join_code");--> statement-breakpoint
CREATE INDEX "matches_status_idx" ON "matches" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "matches_tournament_idx" ON "matches" USING btree ("tournament_id");