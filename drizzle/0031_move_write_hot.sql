-- PostgreSQL's work per move (issue 30, docs/performance.md "Migration 0031: the users lock and HOT updates").
-- (1) match_events.actor_id loses its foreign key to users: the check took FOR KEY SHARE on the mover's
-- users row on every event insert (a WAL record, a dirtied users page, a multixact when two of the
-- player's games move at once). Users rows are never deleted (an account is anonymised in place,
-- server/services/accounts/data.ts), so its ON DELETE SET NULL never fired; the actor of a move is
-- checked as a seated player (match_players.user_id keeps its foreign key).
ALTER TABLE "match_events" DROP CONSTRAINT "match_events_actor_id_users_id_fk";--> statement-breakpoint
-- (2) No index of matches holds updated_at, which every move changes, so a move's UPDATE can be HOT
-- (no new entry in the table's indexes); the two lists ordered by it sort their few rows instead.
DROP INDEX "matches_status_idx";--> statement-breakpoint
CREATE INDEX "matches_status_idx" ON "matches" USING btree ("status");--> statement-breakpoint
DROP INDEX "matches_scorekeeper_idx";--> statement-breakpoint
CREATE INDEX "matches_scorekeeper_idx" ON "matches" USING btree ("scorekeeper_id");--> statement-breakpoint
-- room on each page for the row's next version (HOT needs it on the same page)
ALTER TABLE "matches" SET (fillfactor = 90);
