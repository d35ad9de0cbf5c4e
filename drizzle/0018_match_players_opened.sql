ALTER TABLE "match_players" ADD COLUMN "opened_at" timestamp with time zone;
