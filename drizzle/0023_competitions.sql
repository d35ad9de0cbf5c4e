CREATE TABLE "competitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"rules" jsonb NOT NULL,
	"division_size" integer,
	"rated" boolean DEFAULT true NOT NULL,
	"previous_id" uuid,
	"status" text DEFAULT 'planned' NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitions_kind_check" CHECK ("competitions"."kind" in ('season', 'series', 'ladder')),
	CONSTRAINT "competitions_status_check" CHECK ("competitions"."status" in ('planned', 'running', 'finished')),
	CONSTRAINT "competitions_division_size_check" CHECK ("competitions"."division_size" is null or "competitions"."division_size" between 2 and 64)
);
--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitions_club_idx" ON "competitions" USING btree ("club_id","starts_at");--> statement-breakpoint
CREATE TABLE "game_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pairing_id" uuid NOT NULL,
	"proposed_by" uuid NOT NULL,
	"times" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"accepted_time" timestamp with time zone,
	"responded_by" uuid,
	"responded_at" timestamp with time zone,
	"counter_to" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_proposals_status_check" CHECK ("game_proposals"."status" in ('open', 'accepted', 'declined', 'countered', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "game_proposals" ADD CONSTRAINT "game_proposals_pairing_id_tournament_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."tournament_pairings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_proposals" ADD CONSTRAINT "game_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_proposals" ADD CONSTRAINT "game_proposals_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_proposals_pairing_idx" ON "game_proposals" USING btree ("pairing_id","created_at");--> statement-breakpoint
CREATE TABLE "result_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pairing_id" uuid NOT NULL,
	"reported_by" uuid NOT NULL,
	"scores" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_reports_status_check" CHECK ("result_reports"."status" in ('pending', 'confirmed', 'disputed', 'superseded'))
);
--> statement-breakpoint
ALTER TABLE "result_reports" ADD CONSTRAINT "result_reports_pairing_id_tournament_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."tournament_pairings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_reports" ADD CONSTRAINT "result_reports_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_reports" ADD CONSTRAINT "result_reports_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_reports_pairing_idx" ON "result_reports" USING btree ("pairing_id","created_at");--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "competition_id" uuid;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "division" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournaments_competition_idx" ON "tournaments" USING btree ("competition_id","division");--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD COLUMN "play_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD COLUMN "play_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD COLUMN "play_by" timestamp with time zone;
