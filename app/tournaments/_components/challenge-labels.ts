/** Every challenge rule a game can be played with (engine/challenge.ts), with what it means: the
 * choices of the new-tournament form and the dashboard's settings. */
import { CHALLENGE_SEMANTICS, GAME_CHALLENGE_RULES } from "@/engine";

export const CHALLENGE_LABELS: Record<string, string> = Object.fromEntries(GAME_CHALLENGE_RULES.map((r) => [r, `${r}: ${CHALLENGE_SEMANTICS[r].description}`]));
