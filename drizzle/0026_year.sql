ALTER TABLE "arena_nights" ADD COLUMN "rated" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
UPDATE "arena_nights" SET "rated" = false;
--> statement-breakpoint
ALTER TABLE "arena_nights" ADD COLUMN "small_groups" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "rated_games" DROP CONSTRAINT "rated_games_source_check";
--> statement-breakpoint
ALTER TABLE "rated_games" ADD CONSTRAINT "rated_games_source_check" CHECK ("rated_games"."source" in ('match', 'pairing', 'arena'));
--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD COLUMN "double_forfeit" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "tournament_pairings" p SET "double_forfeit" = true
WHERE p."scores" IS NULL AND p."forfeit_user_id" IS NULL AND (
  SELECT a."action" FROM "tournament_audit" a
  WHERE a."tournament_id" = p."tournament_id" AND a."action" IN ('unplayed.forfeit', 'unplayed.double-forfeit', 'unplayed.extended') AND a."details"->>'pairingId' = p."id"::text
  ORDER BY a."created_at" DESC, a."id" DESC LIMIT 1
) = 'unplayed.double-forfeit';
