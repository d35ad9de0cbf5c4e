CREATE TABLE "seeks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"club_id" uuid,
	"ruleset" text NOT NULL,
	"ruleset_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"challenge_rule" text NOT NULL,
	"preset" text NOT NULL,
	"time_control" jsonb NOT NULL,
	"rated" boolean DEFAULT false NOT NULL,
	"players" integer DEFAULT 2 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"match_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seeks_status_check" CHECK ("seeks"."status" in ('open', 'taken', 'cancelled', 'expired')),
	CONSTRAINT "seeks_preset_check" CHECK ("seeks"."preset" in ('blitz', 'rapid', 'classic')),
	CONSTRAINT "seeks_ruleset_check" CHECK ("seeks"."ruleset" in ('equate', 'smath', 'number-scrabble')),
	CONSTRAINT "seeks_challenge_rule_check" CHECK ("seeks"."challenge_rule" in ('void', 'retry', 'single', 'double', '5-point', '10-point')),
	CONSTRAINT "seeks_players_check" CHECK ("seeks"."players" between 2 and 4)
);
--> statement-breakpoint
CREATE TABLE "seek_players" (
	"seek_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seek_players_seek_id_user_id_pk" PRIMARY KEY("seek_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "seeks" ADD CONSTRAINT "seeks_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeks" ADD CONSTRAINT "seeks_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeks" ADD CONSTRAINT "seeks_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seek_players" ADD CONSTRAINT "seek_players_seek_id_seeks_id_fk" FOREIGN KEY ("seek_id") REFERENCES "public"."seeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seek_players" ADD CONSTRAINT "seek_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seeks_one_open_key" ON "seeks" USING btree ("creator_id") WHERE "seeks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "seeks_open_idx" ON "seeks" USING btree ("status","club_id","expires_at");--> statement-breakpoint
CREATE INDEX "seeks_match_idx" ON "seeks" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "seek_players_user_idx" ON "seek_players" USING btree ("user_id");
