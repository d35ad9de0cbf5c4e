CREATE TABLE "rated_games" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rated_games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ruleset" text NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	"players" jsonb NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rated_games_ruleset_check" CHECK ("rated_games"."ruleset" in ('equate', 'smath', 'number-scrabble')),
	CONSTRAINT "rated_games_source_check" CHECK ("rated_games"."source" in ('match', 'pairing'))
);
--> statement-breakpoint
CREATE TABLE "rating_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rating_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rated_game_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"ruleset" text NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	"rating_before" double precision NOT NULL,
	"rd_before" double precision NOT NULL,
	"rating_after" double precision NOT NULL,
	"rd_after" double precision NOT NULL,
	"score" integer NOT NULL,
	"result" double precision NOT NULL,
	"opponents" jsonb NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"user_id" uuid NOT NULL,
	"ruleset" text NOT NULL,
	"rating" double precision NOT NULL,
	"rd" double precision NOT NULL,
	"volatility" double precision NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_pkey" PRIMARY KEY("user_id","ruleset"),
	CONSTRAINT "ratings_ruleset_check" CHECK ("ratings"."ruleset" in ('equate', 'smath', 'number-scrabble'))
);
--> statement-breakpoint
ALTER TABLE "rating_events" ADD CONSTRAINT "rating_events_rated_game_id_rated_games_id_fk" FOREIGN KEY ("rated_game_id") REFERENCES "public"."rated_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_events" ADD CONSTRAINT "rating_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rated_games_source_key" ON "rated_games" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "rated_games_replay_idx" ON "rated_games" USING btree ("played_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rating_events_game_user_key" ON "rating_events" USING btree ("rated_game_id","user_id");--> statement-breakpoint
CREATE INDEX "rating_events_user_idx" ON "rating_events" USING btree ("user_id","ruleset","played_at");--> statement-breakpoint
CREATE INDEX "ratings_leaderboard_idx" ON "ratings" USING btree ("ruleset","rating" DESC NULLS LAST);