/**
 * The words pages show for the platform's vocabulary: one home, so a status or a rule reads the
 * same on every page. Keys are the closed lists of `@/engine` and `@/server/domain`
 * (docs/conventions.md, principle 2), so a value added there fails the type check here until it
 * has its words. The games' own names are the engine's (`RULESET_NAMES`), never retyped.
 * Server messages keep their own sentences (they are not labels).
 */
import { CHALLENGE_SEMANTICS, GAME_CHALLENGE_RULES, type BonusKind, type GameChallengeRule } from "@/engine";
import type { ClubRole, ClubVisibility, LossReason, MatchResultReason, PreviewMode, RoundStatus, TournamentFormat, TournamentStatus } from "@/server/domain";

export const FORMAT_LABELS: Readonly<Record<TournamentFormat, string>> = {
  "round-robin": "Round robin",
  "double-round-robin": "Double round robin",
  swiss: "Swiss",
  "king-of-the-hill": "King of the Hill",
  "single-elimination": "Single elimination",
  "double-elimination": "Double elimination",
};

export const TOURNAMENT_STATUS_LABELS: Readonly<Record<TournamentStatus, string>> = { registration: "Registration open", running: "Running", finished: "Finished" };
export const ROUND_STATUS_LABELS: Readonly<Record<RoundStatus, string>> = { draft: "Draft (only directors see it)", published: "Published", closed: "Closed" };

export const VISIBILITY_LABELS: Readonly<Record<ClubVisibility, string>> = { public: "Public (anyone may ask to join)", "invite-only": "Invite-only" };
export const ROLE_LABELS: Readonly<Record<ClubRole, string>> = { owner: "Owner", director: "Director", member: "Member" };

/** Each challenge rule with the engine's own account of it (engine/challenge.ts): the tournament forms. */
export const CHALLENGE_LABELS: Readonly<Record<GameChallengeRule, string>> = Object.fromEntries(
  GAME_CHALLENGE_RULES.map((r) => [r, `${r}: ${CHALLENGE_SEMANTICS[r].description}`]),
) as Record<GameChallengeRule, string>;

/** The same rules in a player's words, in the order the lobby's "New match" form offers them. */
export const CHALLENGE_CHOICES = {
  single: "Single (invalid play comes off, turn lost)",
  double: "Double (failed challenge costs a turn)",
  retry: "Retry (invalid play comes off, try again)",
  "5-point": "5-point (failed challenge: +5 to the player challenged)",
  "10-point": "10-point (failed challenge: +10 to the player challenged)",
  void: "Void (invalid plays are refused, no challenges)",
} as const satisfies Record<GameChallengeRule, string>;

/** What the live board's preview tells a player (docs/matches.md "The preview"). */
export const PREVIEW_LABELS: Readonly<Record<PreviewMode, string>> = {
  full: "Full: valid or not, with reasons, and the score",
  score: "Score only: the points if the play stands",
  off: "Off: only the tiles' face points",
};

/** How a game ended, in a sentence ("— ended by resignation."): the end-of-game summary. */
export const END_REASON_LABELS: Readonly<Record<MatchResultReason, string>> = {
  out: "a player went out",
  passes: "every player passed in turn",
  scoreless: "too many scoreless turns",
  resign: "resignation",
  timeout: "time",
  director: "the tournament director's result",
  "no-show": "a no-show: a player did not come to the game in time",
};

/** The same, in a word or two beside a finished game's scores: the lobby's list. */
export const END_REASON_SHORT: Readonly<Record<MatchResultReason, string>> = { out: "out", passes: "passes", scoreless: "scoreless turns", resign: "resignation", timeout: "time", director: "director's result", "no-show": "no-show" };

/** Why a board's loser lost, after their name ("Ann resigned"): pairings, brackets, the dashboard. */
export const LOSS_REASON_LABELS: Readonly<Record<LossReason, string>> = { timeout: "lost on time", resign: "resigned", "no-show": "did not show", forfeit: "forfeited" };
/** The same as a crosstable cell's mark ("L (time)"). */
export const LOSS_REASON_MARKS: Readonly<Record<LossReason, string>> = { timeout: "time", resign: "res", "no-show": "no-show", forfeit: "ff" };

/** A ruling's bonus, as the judge's desk lists it under the score. */
export const BONUS_LABELS: Readonly<Record<BonusKind, string>> = { "all-tiles": "All-tiles bonus", value: "Value bonus" };
