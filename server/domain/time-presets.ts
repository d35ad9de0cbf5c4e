/**
 * The "Play now" lobby's time-control presets: blitz, rapid and classic for each game, as data in
 * one place (docs/matches.md "Play now: open seeks"). A seek names a preset; the server turns it
 * into the engine's TimeControl here, so a seek cannot carry a clock of its own making.
 *
 * Classic is the game's usual club and tournament clock (25 minutes each, overtime penalised 10
 * points per started minute, at most 10 minutes of it: the engine's DEFAULT_TIME_CONTROL). Rapid
 * and blitz shorten it the way online crossword-game sites do (Woogles' "rapid" and "blitz"
 * buckets: about 10–15 and 3–5 minutes), with a small Fischer increment and a short overtime so a
 * fast game is decided on the board. 'SMATH games are short and quick (fewer tiles on a rack), so
 * its presets are a little shorter.
 */
import { DEFAULT_TIME_CONTROL, type RulesetId, type TimeControl } from "@/engine";

export const TIME_PRESETS = ["blitz", "rapid", "classic"] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];

export const TIME_PRESET_LABELS: Record<TimePreset, string> = { blitz: "Blitz", rapid: "Rapid", classic: "Classic" };

const min = (m: number) => m * 60_000;
const sec = (s: number) => s * 1_000;

const tc = (initialMs: number, incrementMs: number, maxOvertimeMs: number): TimeControl => ({
  ...DEFAULT_TIME_CONTROL,
  initialMs,
  incrementMs,
  maxOvertimeMs,
});

/** Each game's presets (the same three names for every game). */
export const TIME_PRESET_TABLE: Record<RulesetId, Record<TimePreset, TimeControl>> = {
  equate: { blitz: tc(min(5), sec(3), min(1)), rapid: tc(min(12), sec(5), min(3)), classic: { ...DEFAULT_TIME_CONTROL } },
  smath: { blitz: tc(min(4), sec(3), min(1)), rapid: tc(min(10), sec(5), min(3)), classic: tc(min(20), 0, min(10)) },
  "number-scrabble": { blitz: tc(min(5), sec(3), min(1)), rapid: tc(min(12), sec(5), min(3)), classic: { ...DEFAULT_TIME_CONTROL } },
};

/** The clock of a game's preset. */
export function presetTimeControl(ruleset: RulesetId, preset: TimePreset): TimeControl {
  return TIME_PRESET_TABLE[ruleset][preset];
}

/** "5 min + 3 s" — what a preset button and a seek in the list show. */
export function describeTimeControl(t: Pick<TimeControl, "initialMs" | "incrementMs">): string {
  const m = t.initialMs / 60_000;
  const base = Number.isInteger(m) ? `${m} min` : `${Math.round(t.initialMs / 1000)} s`;
  return t.incrementMs > 0 ? `${base} + ${Math.round(t.incrementMs / 1000)} s` : base;
}
