ALTER TABLE "matches" ADD COLUMN "mode" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "scorekeeper_id" uuid;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_scorekeeper_id_users_id_fk" FOREIGN KEY ("scorekeeper_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matches_scorekeeper_idx" ON "matches" USING btree ("scorekeeper_id","updated_at");--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_mode_check" CHECK ("matches"."mode" in ('online', 'otb'));