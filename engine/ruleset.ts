/**
 * Ruleset descriptors and options: everything a game (engine/game/game.ts) or the adjudicator needs to
 * know about Equate, 'SMATH and Number Scrabble, as data plus a few narrow strategy flags.
 * Source: docs/spec/rulesets.md (the rules, our decisions); boards and tiles are data in
 * rulesets/*.ts, so the engine reads no file at runtime. Every option of docs/spec/rulesets.md is a
 * field of `RulesetOptions`, with the per-ruleset default in `defaultOptions`; a game stores the
 * resolved options so it can always be re-adjudicated.
 *
 * Options (docs/spec/rulesets.md "Options" has the full table):
 * - challenge          "retry" | "single" | "double" — what an invalid play costs when challenged
 * - exchangeMinimum    "rack-size" | "tiles-exchanged" — bag size needed to exchange
 * - endSettlement      "transfer" | "deduct" | "digit-faces" — rack points at the end
 * - allTilesBonus      points for playing a full rack in one equation
 * - mixedFractionBelowOne (Equate) the fraction of a mixed numeral must be < 1
 * - evaluation         (Number Scrabble) "left-to-right" | "standard"
 * - valueBonus         (Number Scrabble) "sqrt" | "log2" | "none"
 */
import type { Layout } from "./board";
import type { Face, TileSpec } from "./tiles";
import type { Result } from "./result";
import { LruMap } from "./lru";

export const RULESET_IDS = ["equate", "smath", "number-scrabble"] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

export type { Result } from "./result";

export const CHALLENGE_RULES = ["retry", "single", "double"] as const;
/** retry: tiles back, same player tries again; single: tiles back, turn lost;
 * double: as single, and a failed challenge costs the challenger a turn. */
export type ChallengeRule = (typeof CHALLENGE_RULES)[number];

export const EXCHANGE_MINIMUMS = ["rack-size", "tiles-exchanged"] as const;
/** rack-size: the bag must hold at least a full rack; tiles-exchanged: at least as many tiles
 * as are being exchanged. */
export type ExchangeMinimum = (typeof EXCHANGE_MINIMUMS)[number];

export const END_SETTLEMENTS = ["transfer", "deduct", "digit-faces"] as const;
/** transfer: the player who goes out gains the others' rack points, each other loses their own;
 * deduct: everyone loses their own rack points, nobody gains; digit-faces: as transfer, but the
 * player who goes out gains the face values of the others' unplayed digit tiles. When the game
 * ends by successive passes every rule deducts only. */
export type EndSettlement = (typeof END_SETTLEMENTS)[number];

export const EVALUATION_ORDERS = ["left-to-right", "standard"] as const;
export type EvaluationOrder = (typeof EVALUATION_ORDERS)[number];

export const VALUE_BONUSES = ["sqrt", "log2", "none"] as const;
export type ValueBonus = (typeof VALUE_BONUSES)[number];

export interface RulesetOptions {
  readonly challenge: ChallengeRule;
  readonly exchangeMinimum: ExchangeMinimum;
  readonly endSettlement: EndSettlement;
  readonly allTilesBonus: number;
  readonly mixedFractionBelowOne: boolean;
  readonly evaluation: EvaluationOrder;
  readonly valueBonus: ValueBonus;
}

export type OptionKey = keyof RulesetOptions;

/** How runs are read: the per-ruleset grammar switches used by expr/lex and expr/parse. */
export interface Grammar {
  /** multi-digit: adjacent digit tiles form one number; single-tile: each tile is one number. */
  readonly numbers: "multi-digit" | "single-tile";
  readonly fractions: boolean;
  readonly brackets: boolean;
  readonly unaryMinus: boolean;
  readonly powers: boolean;
  readonly maxEqualsPerLine: number;
  readonly forbidNegative: boolean;
}

export interface RulesetData {
  readonly id: RulesetId;
  readonly name: string;
  readonly layout: Layout;
  readonly rackSize: number;
  /** Unlimited faces a request's `rack` may list beyond `rackSize`, each once: the rules show them
   * on the rack ("a tenth tile") though they never come off it (docs/spec/rulesets.md, decision 16). */
  readonly rackExtraFaces: readonly string[];
  readonly tiles: readonly TileSpec[];
  /** true when the board is our stand-in (the UI says so). */
  readonly boardIsStandIn: boolean;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly grammar: Grammar;
  /** at most this many new `=` tiles per turn */
  readonly maxNewEquals: number;
  /** cover: the first play covers the start square; end: its first or last tile is on it. */
  readonly startRule: "cover" | "end";
  /** all-tiles: an equation scores every tile in it; new-tiles: only this turn's tiles. */
  readonly scoring: "all-tiles" | "new-tiles";
  /** none: expression-only plays are allowed (score 0); any: some line must be an equation;
   * main: the main line must be a true equation. */
  readonly requireEquation: "none" | "any" | "main";
  /** strict: every run must be a number, expression or equation; fragments: cross runs are
   * checked only when they are complete equations. */
  readonly crossRuns: "strict" | "fragments";
  readonly defaultOptions: RulesetOptions;
  /** option keys that mean something for this ruleset (others are rejected by the parser) */
  readonly optionKeys: readonly OptionKey[];
}

export interface Ruleset extends RulesetData {
  readonly options: RulesetOptions;
  /** face → spec, for the faces of this ruleset (bracket overlays excluded) */
  readonly tileByFace: ReadonlyMap<Face, TileSpec>;
}

export function isRulesetId(x: unknown): x is RulesetId {
  return typeof x === "string" && (RULESET_IDS as readonly string[]).includes(x);
}

const ENUMS: Partial<Record<OptionKey, readonly string[]>> = {
  challenge: CHALLENGE_RULES,
  exchangeMinimum: EXCHANGE_MINIMUMS,
  endSettlement: END_SETTLEMENTS,
  evaluation: EVALUATION_ORDERS,
  valueBonus: VALUE_BONUSES,
};

/**
 * Validate raw options (from JSON, a form, the database) against a ruleset: unknown or
 * inapplicable keys and wrong types are errors; missing keys take the ruleset's defaults.
 */
export function parseRulesetOptions(data: RulesetData, raw: unknown): Result<RulesetOptions> {
  if (raw === undefined || raw === null) return { ok: true, value: data.defaultOptions };
  if (typeof raw !== "object" || Array.isArray(raw)) return { ok: false, error: "options must be an object" };
  const out: Record<string, unknown> = { ...data.defaultOptions };
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!(data.optionKeys as readonly string[]).includes(key)) {
      return { ok: false, error: `option "${key}" does not apply to ${data.id}` };
    }
    const k = key as OptionKey;
    const allowed = ENUMS[k];
    if (allowed) {
      if (typeof value !== "string" || !allowed.includes(value)) {
        return { ok: false, error: `option "${key}" must be one of ${allowed.join(", ")}` };
      }
    } else if (k === "allTilesBonus") {
      if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 1000) {
        return { ok: false, error: `option "allTilesBonus" must be an integer from 0 to 1000` };
      }
    } else if (typeof value !== "boolean") {
      return { ok: false, error: `option "${key}" must be true or false` };
    }
    out[k] = value;
  }
  return { ok: true, value: out as unknown as RulesetOptions };
}

export function withOptions(data: RulesetData, options: Partial<RulesetOptions> = {}): Ruleset {
  const tileByFace = new Map<Face, TileSpec>();
  for (const t of data.tiles) tileByFace.set(t.face, t);
  return { ...data, options: { ...data.defaultOptions, ...options }, tileByFace };
}

// The data modules import only types and the layout parser from here and ../board, so this
// runtime import creates no cycle.
import { EQUATE } from "./rulesets/equate";
import { SMATH } from "./rulesets/smath";
import { NUMBER_SCRABBLE } from "./rulesets/number-scrabble";

export const RULESET_DATA: Readonly<Record<RulesetId, RulesetData>> = {
  equate: EQUATE,
  smath: SMATH,
  "number-scrabble": NUMBER_SCRABBLE,
};

/** Each game's name as players know it ("Equate", "'SMATH", "Number Scrabble"), for labels and
 * select options (in `RULESET_IDS` order); one home, so no page or message retypes it. */
export const RULESET_NAMES: Readonly<Record<RulesetId, string>> = Object.fromEntries(RULESET_IDS.map((id) => [id, RULESET_DATA[id].name])) as Record<RulesetId, string>;

const DEFAULTS = new Map<RulesetId, Ruleset>();

/** The ruleset with its defaults, or with typed option overrides (validate raw ones first with
 * `parseRulesetOptions`). Instances with default options are cached. */
export function getRuleset(id: RulesetId, options?: Partial<RulesetOptions>): Ruleset {
  if (!options || Object.keys(options).length === 0) {
    let r = DEFAULTS.get(id);
    if (!r) {
      r = withOptions(RULESET_DATA[id]);
      DEFAULTS.set(id, r);
    }
    return r;
  }
  return withOptions(RULESET_DATA[id], options);
}

const STORED = new LruMap<string, Ruleset>(64);

/**
 * The ruleset of a stored game or tournament: its id and the options saved with it (raw JSON,
 * validated when they were saved). Options this engine no longer accepts fall back to the
 * defaults rather than failing a page. The same id and options give the same instance (a small
 * cache keyed by their JSON), so a page may call it on every render and hand the result to
 * memoised hooks.
 */
export function rulesetFor(id: RulesetId, storedOptions: unknown): Ruleset {
  const key = `${id} ${JSON.stringify(storedOptions ?? null)}`;
  let r = STORED.get(key);
  if (!r) {
    const o = parseRulesetOptions(RULESET_DATA[id], storedOptions);
    r = getRuleset(id, o.ok ? o.value : undefined);
    STORED.set(key, r);
  }
  return r;
}
