CREATE TABLE "duplicate_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"creator_id" uuid NOT NULL,
	"club_id" uuid,
	"standing" text DEFAULT 'total' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_events_standing_check" CHECK ("duplicate_events"."standing" in ('total', 'percent'))
);
--> statement-breakpoint
ALTER TABLE "duplicate_events" ADD CONSTRAINT "duplicate_events_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_events" ADD CONSTRAINT "duplicate_events_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_events_club_idx" ON "duplicate_events" USING btree ("club_id","created_at");--> statement-breakpoint
CREATE INDEX "duplicate_events_creator_idx" ON "duplicate_events" USING btree ("creator_id");--> statement-breakpoint
ALTER TABLE "duplicate_games" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "duplicate_games" ADD CONSTRAINT "duplicate_games_event_id_duplicate_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."duplicate_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_games_event_idx" ON "duplicate_games" USING btree ("event_id");
--> statement-breakpoint
ALTER TABLE "duplicate_games" ADD COLUMN "playable_redraws" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "duplicate_games" ADD CONSTRAINT "duplicate_games_playable_redraws_check" CHECK ("duplicate_games"."playable_redraws" between 0 and 10);