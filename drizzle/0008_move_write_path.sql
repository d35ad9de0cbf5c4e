-- The move write path (docs/matches.md "The write path"): the bot's seat is a column of the match
-- row, read by the same statement that reads the row, so no query after a move asks "is a bot
-- seated?"; and the latest snapshot of the folded state, so a cache miss does not replay the log.
ALTER TABLE "matches" ADD COLUMN "bot_id" uuid;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_bot_id_users_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "matches" SET "bot_id" = "match_players"."user_id" FROM "match_players", "users" WHERE "match_players"."match_id" = "matches"."id" AND "users"."id" = "match_players"."user_id" AND "users"."email" = 'bot@equalis.local';--> statement-breakpoint
-- Every way a player gets a seat (challenge, link, pairing, demo) sets the column: one home, here.
-- The e-mail is the bot account's (server/services/bot/account.ts BOT_EMAIL; a test checks they agree).
CREATE FUNCTION "equalis_match_bot_seat"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "matches" SET "bot_id" = NEW."user_id" WHERE "id" = NEW."match_id" AND EXISTS (SELECT 1 FROM "users" WHERE "id" = NEW."user_id" AND "email" = 'bot@equalis.local');
  ELSE
    UPDATE "matches" SET "bot_id" = NULL WHERE "id" = OLD."match_id" AND "bot_id" = OLD."user_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "match_players_bot_seat" AFTER INSERT OR DELETE ON "match_players" FOR EACH ROW EXECUTE FUNCTION "equalis_match_bot_seat"();--> statement-breakpoint
CREATE TABLE "match_snapshots" (
	"match_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"state" jsonb NOT NULL
);--> statement-breakpoint
ALTER TABLE "match_snapshots" ADD CONSTRAINT "match_snapshots_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;
