ALTER TABLE "rating_events" ADD COLUMN "volatility_after" double precision;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "recomputing_since" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "ratings_recomputing_idx" ON "ratings" USING btree ("recomputing_since") WHERE "ratings"."recomputing_since" is not null;--> statement-breakpoint
CREATE TABLE "rating_rerates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rating_rerates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ruleset" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
