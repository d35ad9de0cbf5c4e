/** Input schemas of the "Play now" lobby (docs/matches.md "Play now: open seeks"). */
import { z } from "zod";
import { RULESET_IDS } from "@/engine";
import { TIME_PRESETS } from "@/server/domain";

export const createSeekInput = z.object({
  ruleset: z.enum(RULESET_IDS, "Choose a game."),
  preset: z.enum(TIME_PRESETS, "Choose blitz, rapid or classic."),
  rated: z.boolean().default(false),
  /** players in all, the creator included: 2, or a pod of 3–4 */
  players: z.number().int().min(2, "A game needs at least two players.").max(4, "At most four players.").default(2),
  /** null or absent: site-wide; else one of my clubs */
  clubId: z.uuid("That is not a valid club id.").nullable().default(null),
});
export type CreateSeekInput = z.infer<typeof createSeekInput>;

export const seekIdInput = z.object({ seekId: z.uuid("That is not a valid seek id.") });

/** No club: the site-wide seeks and those of my clubs; a club: that club's (members only). */
export const listSeeksInput = z.object({ clubId: z.uuid("That is not a valid club id.").optional() }).default({});
