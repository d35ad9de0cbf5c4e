/**
 * The `start` event (docs/spec/rulesets.md, "Shared by all three"): the ruleset and game options
 * it resolves to, the players, the seeded bag and the first racks.
 */
import { draw, newBag } from "../bag";
import { isGameChallengeRule } from "../challenge";
import * as C from "../clock";
import type { TimeControl } from "../clock";
import { getRuleset, isRulesetId, parseRulesetOptions, RULESET_DATA, type Result, type Ruleset } from "../ruleset";
import type { Face } from "../tiles";
import type { StartEvent } from "./events";
import { fail, isInt, isObj, ok, type GameOptions, type R } from "./state";

const PLAYER_ID = /^[^\s:;#@>]{1,64}$/;

// ---------------------------------------------------------------------------------------------
// Start

/** The resolved options of a start event (ruleset options + game options), or an error. */
export function resolveStart(e: StartEvent): Result<{ ruleset: Ruleset; options: GameOptions; timeControl: TimeControl | null }, string> {
  if (!isRulesetId(e.ruleset)) return { ok: false, error: `unknown ruleset "${String(e.ruleset)}"` };
  const data = RULESET_DATA[e.ruleset];
  const ro = parseRulesetOptions(data, e.options);
  if (!ro.ok) return ro;
  const ruleset = getRuleset(e.ruleset, e.options === undefined ? undefined : ro.value);
  const rule = e.challengeRule ?? ro.value.challenge;
  if (!isGameChallengeRule(rule)) return { ok: false, error: `challengeRule must be one of void, retry, single, double, 5-point, 10-point` };
  if (e.challengeMode !== undefined && typeof e.challengeMode !== "boolean") return { ok: false, error: "challengeMode must be true or false" };
  const m = e.maxScorelessTurns;
  if (m !== undefined && m !== null && (!isInt(m) || m < 1)) return { ok: false, error: "maxScorelessTurns must be a positive integer or null" };
  if (e.virtualRacks !== undefined && typeof e.virtualRacks !== "boolean") return { ok: false, error: "virtualRacks must be true or false" };
  const options: GameOptions = { challengeRule: rule, challengeMode: e.challengeMode === true, maxScorelessTurns: m ?? null };
  if (e.virtualRacks === true) options.virtualRacks = true;
  let timeControl: TimeControl | null = null;
  if (e.timeControl !== undefined && e.timeControl !== null) {
    const tc = C.parseTimeControl(e.timeControl);
    if (!tc.ok) return tc;
    timeControl = tc.value;
  }
  return {
    ok: true,
    value: { ruleset, options, timeControl },
  };
}

export function start(e: StartEvent): R {
  const r = resolveStart(e);
  if (!r.ok) return fail("BAD_START", r.error);
  const { ruleset, options, timeControl } = r.value;
  if (!Array.isArray(e.players)) return fail("BAD_START", "players must be an array");
  const n = e.players.length;
  if (n < ruleset.minPlayers || n > ruleset.maxPlayers) return fail("BAD_START", `${ruleset.name} is for ${ruleset.minPlayers}–${ruleset.maxPlayers} players, not ${n}`);
  const ids = new Set<string>();
  for (const p of e.players) {
    if (!isObj(p) || typeof p.id !== "string" || !PLAYER_ID.test(p.id)) return fail("BAD_START", "each player needs an id of 1–64 characters without spaces or : ; # @ >");
    if (p.name !== undefined && (typeof p.name !== "string" || p.name.length > 100 || /[\r\n]/.test(p.name))) return fail("BAD_START", "a player name is one line of at most 100 characters");
    if (ids.has(p.id)) return fail("BAD_START", `player "${p.id}" appears twice`);
    ids.add(p.id);
  }
  if (typeof e.seed !== "string" || e.seed.length === 0 || e.seed.length > 200 || /[\r\n]/.test(e.seed)) return fail("BAD_START", "seed must be a one-line string of 1–200 characters");
  let bag = newBag(ruleset, e.seed);
  const racks: Face[][] = [];
  for (let i = 0; i < n; i++) {
    const d = draw(bag, ruleset.rackSize);
    bag = d.bag;
    racks.push(d.drawn);
  }
  return ok({
    ruleset,
    options,
    players: e.players.map((p) => (p.name === undefined ? { id: p.id } : { id: p.id, name: p.name })),
    seed: e.seed,
    timeControl,
    clock: timeControl ? C.startClock(timeControl, n, 0, e.at) : null,
    startedAt: e.at,
    lastAt: e.at,
    eventCount: 1,
    phase: "playing",
    paused: false,
    board: [],
    bag,
    racks,
    scores: racks.map(() => 0),
    turn: 0,
    moveNumber: 0,
    scorelessTurns: 0,
    consecutivePasses: 0,
    lostTurns: racks.map(() => 0),
    pending: null,
    end: null,
  });
}
