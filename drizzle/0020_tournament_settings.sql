ALTER TABLE "tournaments" ADD COLUMN "spread_cap" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_spread_cap_check" CHECK ("tournaments"."spread_cap" is null or "tournaments"."spread_cap" between 1 and 10000);--> statement-breakpoint
CREATE TABLE "tournament_forbidden_pairs" (
	"tournament_id" uuid NOT NULL,
	"player_a" uuid NOT NULL,
	"player_b" uuid NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_forbidden_pairs_pkey" PRIMARY KEY("tournament_id","player_a","player_b"),
	CONSTRAINT "tournament_forbidden_pairs_order_check" CHECK ("tournament_forbidden_pairs"."player_a" < "tournament_forbidden_pairs"."player_b")
);--> statement-breakpoint
ALTER TABLE "tournament_forbidden_pairs" ADD CONSTRAINT "tournament_forbidden_pairs_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_forbidden_pairs" ADD CONSTRAINT "tournament_forbidden_pairs_player_a_users_id_fk" FOREIGN KEY ("player_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_forbidden_pairs" ADD CONSTRAINT "tournament_forbidden_pairs_player_b_users_id_fk" FOREIGN KEY ("player_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_forbidden_pairs" ADD CONSTRAINT "tournament_forbidden_pairs_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
