-- The bot's level in a game against the Equalis Bot (engine/movegen/levels.ts, docs/bot.md
-- "Levels"); null: the bot plays at its default level ("best", the bot before levels existed),
-- and every game without the bot.
ALTER TABLE "matches" ADD COLUMN "bot_level" text;
--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_bot_level_check" CHECK ("bot_level" is null or "bot_level" in ('best', 'strong', 'club', 'beginner'));
