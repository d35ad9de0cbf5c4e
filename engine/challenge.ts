/**
 * Challenge rules (macondo's `game/challenge.go` and Woogles' challenge rules; docs/spec/rulesets.md
 * per game; docs/game-state.md "Challenges"). engine/ruleset.ts's `ChallengeRule` holds the three
 * ruleset options ("retry", "single", "double"); a game may use the superset below, chosen in
 * its start event (`challengeRule`), so the ruleset type need not change.
 *
 * | rule      | challenged play invalid                              | challenge fails (play valid)      |
 * |-----------|------------------------------------------------------|-----------------------------------|
 * | void      | invalid plays are refused when submitted; no challenges                                   |
 * | retry     | tiles back, same player moves again on their clock   | no penalty                        |
 * | single    | tiles back, score removed, turn lost (scoreless)     | no penalty                        |
 * | double    | as single                                            | challenger loses their turn       |
 * | 5-point   | as single                                            | the player challenged gains 5     |
 * | 10-point  | as single                                            | the player challenged gains 10    |
 *
 * Only "arithmetic" faults may stand until challenged (a phony equation). Placement faults —
 * tiles off the board, on taken squares, not in one line, not from the rack, etc. — are always
 * refused, as a physical board would not allow them (`alwaysRefused`).
 * A phony scores as if its equations were true (`phonyScore`): tile points with premiums by the
 * ruleset's scoring rule, plus the all-tiles bonus; no value bonus (Number Scrabble), since a
 * false equation has no single value.
 */
import { lineFactor, premiumAt, tileFactor } from "./board";
import type { Placement } from "./play";
import type { ChallengeRule, Ruleset } from "./ruleset";
import type { Ruling, ViolationCode } from "./ruling";
import { allTilesBonus, isRackTile } from "./score";
import { normaliseFace, splitBrackets, type Face } from "./tiles";

export const GAME_CHALLENGE_RULES = ["void", "retry", "single", "double", "5-point", "10-point"] as const;
export type GameChallengeRule = (typeof GAME_CHALLENGE_RULES)[number];

/** Compile-time check: every ruleset challenge option is a game challenge rule. */
const _superset: readonly GameChallengeRule[] = [] as readonly ChallengeRule[];
void _superset;

export interface ChallengeSemantics {
  readonly rule: GameChallengeRule;
  /** challenges may be made at all (false only for void) */
  readonly challengeable: boolean;
  /** an invalid play taken back: "retry" the same player moves again; "turn-lost" */
  readonly onInvalid: "retry" | "turn-lost";
  /** a failed challenge costs the challenger their turn */
  readonly failedLosesTurn: boolean;
  /** a failed challenge gives the challenged player these points */
  readonly failedBonus: number;
  readonly description: string;
}

export const CHALLENGE_SEMANTICS: Readonly<Record<GameChallengeRule, ChallengeSemantics>> = {
  void: { rule: "void", challengeable: false, onInvalid: "turn-lost", failedLosesTurn: false, failedBonus: 0, description: "invalid plays are refused; no challenges" },
  retry: { rule: "retry", challengeable: true, onInvalid: "retry", failedLosesTurn: false, failedBonus: 0, description: "an invalid play comes back and the same player tries again" },
  single: { rule: "single", challengeable: true, onInvalid: "turn-lost", failedLosesTurn: false, failedBonus: 0, description: "an invalid play comes back and its player loses the turn" },
  double: { rule: "double", challengeable: true, onInvalid: "turn-lost", failedLosesTurn: true, failedBonus: 0, description: "as single; a failed challenge costs the challenger a turn" },
  "5-point": { rule: "5-point", challengeable: true, onInvalid: "turn-lost", failedLosesTurn: false, failedBonus: 5, description: "as single; a failed challenge gives the player challenged 5 points" },
  "10-point": { rule: "10-point", challengeable: true, onInvalid: "turn-lost", failedLosesTurn: false, failedBonus: 10, description: "as single; a failed challenge gives the player challenged 10 points" },
};

export function isGameChallengeRule(x: unknown): x is GameChallengeRule {
  return typeof x === "string" && (GAME_CHALLENGE_RULES as readonly string[]).includes(x);
}

/** Violations that make a play impossible to submit, even where phonies may stand. */
const ALWAYS_REFUSED: ReadonlySet<ViolationCode> = new Set<ViolationCode>([
  "EMPTY_PLAY",
  "OFF_BOARD",
  "OCCUPIED",
  "NOT_IN_LINE",
  "GAP",
  "NOT_CONNECTED",
  "START_NOT_COVERED",
  "UNKNOWN_TILE",
  "NOT_IN_RACK",
  "NEW_EQUALS_LIMIT",
  "BLANK_FACE",
  "TOO_MANY_TILES",
  "SINGLE_TILE",
  "BAD_REQUEST",
  "INTERNAL",
]);

/** True when an invalid ruling may not stand even until challenged. */
export function alwaysRefused(ruling: Ruling): boolean {
  return ruling.lines.length === 0 || ruling.violations.some((v) => ALWAYS_REFUSED.has(v.code));
}

/** The tile face under any 'SMATH bracket overlay ("(3" → "3"). */
export function coreFace(rs: Ruleset, face: Face): Face {
  const f = normaliseFace(face);
  return rs.grammar.brackets ? (splitBrackets(f)?.core ?? f) : f;
}

function corePoints(rs: Ruleset, face: Face, blank: boolean): number {
  if (blank) return 0;
  return rs.tileByFace.get(coreFace(rs, face))?.points ?? 0;
}

/** What an invalid (phony) play scores while it stands: every line reading as an equation
 * scores as if true. */
export function phonyScore(rs: Ruleset, board: readonly Placement[], play: readonly Placement[], ruling: Ruling): number {
  const key = (r: number, c: number): number => r * rs.layout.size + c;
  const old = new Map<number, Placement>();
  for (const t of board) old.set(key(t.row, t.col), t);
  const fresh = new Map<number, Placement>();
  for (const t of play) if (!old.has(key(t.row, t.col))) fresh.set(key(t.row, t.col), t);
  let score = 0;
  let mainIsEquation = false;
  for (const line of ruling.lines) {
    if (!line.text.includes("=") || line.kind === "fragment") continue;
    if (line.main) mainIsEquation = true;
    let sum = 0;
    let mult = 1;
    for (const [r, c] of line.cells) {
      const n = fresh.get(key(r, c));
      if (n) {
        const p = premiumAt(rs.layout, r, c);
        sum += corePoints(rs, n.tile, n.blank === true) * tileFactor(p);
        mult *= lineFactor(p);
      } else if (rs.scoring === "all-tiles") {
        const o = old.get(key(r, c));
        if (o) sum += corePoints(rs, o.tile, o.blank === true);
      }
    }
    score += sum * mult;
  }
  const fromRack = [...fresh.values()].filter((t) => isRackTile(rs, coreFace(rs, t.tile), t.blank === true)).length;
  return score + allTilesBonus(rs, fromRack, mainIsEquation);
}
