CREATE TABLE "rulings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid,
	"tournament_id" uuid,
	"move_number" integer,
	"requested_by" text DEFAULT '' NOT NULL,
	"requested_by_user_id" uuid,
	"ruled_by" uuid,
	"ruleset" text NOT NULL,
	"ruleset_version" integer NOT NULL,
	"ruleset_options" jsonb NOT NULL,
	"request" jsonb NOT NULL,
	"ruling" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rulings_ruleset_check" CHECK ("rulings"."ruleset" in ('equate', 'smath', 'number-scrabble')),
	CONSTRAINT "rulings_attached_check" CHECK ("rulings"."match_id" is not null or "rulings"."tournament_id" is not null),
	CONSTRAINT "rulings_move_number_check" CHECK ("rulings"."move_number" is null or "rulings"."move_number" >= 0)
);
--> statement-breakpoint
ALTER TABLE "rulings" ADD CONSTRAINT "rulings_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rulings" ADD CONSTRAINT "rulings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rulings" ADD CONSTRAINT "rulings_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rulings" ADD CONSTRAINT "rulings_ruled_by_users_id_fk" FOREIGN KEY ("ruled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rulings_match_idx" ON "rulings" USING btree ("match_id","created_at");--> statement-breakpoint
CREATE INDEX "rulings_tournament_idx" ON "rulings" USING btree ("tournament_id","created_at");