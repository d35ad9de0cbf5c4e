/**
 * The built-in pairing methods as registry entries (./round `PAIRING_REGISTRY`): each adapts the
 * round's plain input (`RoundInput`) to its engine — Swiss (./swiss), King of the Hill
 * (./kingOfTheHill), their pod variants (./pods), round robin (./roundRobin, pods: ./pods) and
 * elimination brackets (./elimination) — and keeps the engine's `reason` on every board.
 *
 * Withdrawals (the engines differ in how they take them):
 * - Swiss: everyone who ever played is in the field (so scores and repeats stay right) and the
 *   withdrawn are named in `pairSwiss`'s `withdrawn` option: not paired. Pods do the same.
 * - King of the Hill: a game against a withdrawn player is passed to the engine as that player's
 *   bye-like result (wins and spread kept). Caveat: it then counts as a bye when the engine picks
 *   the next bye.
 * - Round robin: the schedule is built from the field fixed at round 1; a game against a withdrawn
 *   player becomes a bye for the opponent, and a pod that lost a withdrawn player plays without
 *   them (a bye when one player is left).
 * - Elimination: each round pairs every bracket match whose two players are known.
 * Round robins and brackets cannot move a forbidden pair apart: the round's notes tell the director.
 */
import { gameOutcomes, validateField } from "../results";
import { fail, ok, type ByeRecord, type Competitor, type DomainFailure, type History, type Result } from "../types";
import { readyMatches } from "./elimination";
import { pairKingOfTheHill } from "./kingOfTheHill";
import { pairKingOfTheHillPods, pairSwissPods, roundRobinPods, type PodSize } from "./pods";
import { roundRobin } from "./roundRobin";
import { pairSwiss } from "./swiss";
import type { ByeAssignment, PairedRound, Pairing, PairingInput, PairingMethodEntry, RoundInput, RoundPairing } from "./types";

type Pair = readonly (readonly [string, string])[];

/** An engine's refusal, said as the engine's (the director reads it on the pairing page). */
function engine<T>(r: Result<T>): Result<T> {
  return r.ok ? r : { ok: false, error: { code: r.error.code, message: `The pairing engine refused: ${r.error.message}` } satisfies DomainFailure };
}

/** The pairs among `ids`, as the engines take them (they refuse a pair naming someone outside the field). */
const pairsAmong = (forbidden: Pair, ids: ReadonlySet<string>) => forbidden.filter(([a, b]) => ids.has(a) && ids.has(b));
const idsOf = (cs: readonly Competitor[]) => new Set(cs.map((c) => c.id));

/**
 * The round robin schedule of a seeded field: Berger tables head to head, `roundRobinPods` for
 * pods; a double round robin replays the single one with the seat order reversed. Its length
 * depends only on the field size and seeding (so placeholders with the same seeds count rounds).
 */
export function roundRobinSchedule(players: readonly Competitor[], opts: { podSize: PodSize | null; double: boolean }): Result<PairedRound[]> {
  if (!opts.podSize) return roundRobin(players, { kind: opts.double ? "double" : "single" });
  const single = roundRobinPods(players, { podSize: opts.podSize });
  if (!single.ok || !opts.double) return single;
  const n = single.value.length;
  const why = (round: number) => `double round robin, second cycle: replays round ${round} with the seat order reversed`;
  return ok([...single.value, ...single.value.map((r) => ({ ...r, round: r.round + n, pairings: r.pairings.map((p) => ({ ...p, players: [...p.players].reverse(), reason: why(r.round) })) }))]);
}

/** Notes for boards of a fixed schedule that seat a forbidden pair (the director is told instead). */
function fixedScheduleNotes(input: RoundInput, pairings: readonly Pairing[], why: string): string[] {
  const keys = new Set(input.forbiddenPairs.map(([a, b]) => `${a}|${b}`));
  const names = new Map([...input.field, ...input.active, ...input.starting].map((c) => [c.id, c.name ?? c.id]));
  const name = (id: string) => names.get(id) ?? id;
  const notes: string[] = [];
  for (const p of pairings)
    for (const a of p.players) for (const b of p.players) if (keys.has(`${a}|${b}`)) notes.push(`${name(a)} and ${name(b)} are a forbidden pair, but ${why}: they meet at table ${p.table}.`);
  return notes;
}

/** Swiss and King of the Hill: the standings field checked, and who is withdrawn this round. */
function standingsField(input: RoundInput): Result<{ activeIds: Set<string>; withdrawn: string[]; engineInput: PairingInput }> {
  const checked = validateField(input.field, input.history);
  if (!checked.ok) return checked;
  if (input.active.length < 2) return fail("TOO_FEW_PLAYERS", "At least 2 active players are needed to pair a round.");
  const activeIds = idsOf(input.active);
  const withdrawn = input.field.filter((c) => !activeIds.has(c.id)).map((c) => c.id);
  const engineInput = { players: input.field, history: input.history, round: input.round, scoring: input.scoring, forbiddenPairs: pairsAmong(input.forbiddenPairs, idsOf(input.field)) };
  return ok({ activeIds, withdrawn, engineInput });
}

const podSize = (input: RoundInput): Result<PodSize> => (input.podSize ? ok(input.podSize) : fail("UNKNOWN_METHOD", `The method "${input.method}-pods" pairs pod events only.`));

function swiss(input: RoundInput): Result<RoundPairing> {
  const f = standingsField(input);
  if (!f.ok) return f;
  return engine(pairSwiss(f.value.engineInput, { gibson: input.gibson, withdrawn: f.value.withdrawn }));
}

/** Pods: the engines take the withdrawn as an option, like pairSwiss (no Gibsons in pods). */
function pods(pairPods: typeof pairSwissPods) {
  return (input: RoundInput): Result<RoundPairing> => {
    const f = standingsField(input);
    const size = podSize(input);
    if (!f.ok) return f;
    if (!size.ok) return size;
    return engine(pairPods(f.value.engineInput, { podSize: size.value, withdrawn: f.value.withdrawn }));
  };
}

function kingOfTheHill(input: RoundInput): Result<RoundPairing> {
  const f = standingsField(input);
  if (!f.ok) return f;
  const { activeIds, withdrawn, engineInput } = f.value;
  const base = { round: input.round, scoring: input.scoring, forbiddenPairs: pairsAmong(input.forbiddenPairs, activeIds) };
  if (withdrawn.length === 0) return engine(pairKingOfTheHill({ ...base, players: engineInput.players, history: input.history }));
  const projected: History = { games: [], byes: input.history.byes.filter((b) => activeIds.has(b.playerId)) };
  for (const g of input.history.games) {
    if (g.players.every((id) => activeIds.has(id))) projected.games.push(g);
    else
      for (const o of gameOutcomes(g, input.scoring))
        if (activeIds.has(o.playerId)) projected.byes.push({ round: g.round, playerId: o.playerId, wins: o.wins, spread: o.spread } satisfies ByeRecord);
  }
  return engine(pairKingOfTheHill({ ...base, players: input.active, history: projected }));
}

function roundRobinRound(double: boolean) {
  return (input: RoundInput): Result<RoundPairing> => {
    const schedule = engine(roundRobinSchedule(input.starting, { podSize: input.podSize, double }));
    if (!schedule.ok) return schedule;
    const src = schedule.value[input.round - 1];
    if (!src) return fail("NOTHING_TO_PAIR", `The round robin has ${schedule.value.length} rounds; all are paired.`);
    const activeIds = idsOf(input.active);
    const name = new Map(input.starting.map((c) => [c.id, c.name]));
    const gone = (ids: string[]) => ids.map((id) => name.get(id)).join(", ");
    const pairings: Pairing[] = [];
    const byes: ByeAssignment[] = src.byes.filter((b) => activeIds.has(b.playerId));
    for (const p of src.pairings) {
      const away = p.players.filter((id) => !activeIds.has(id));
      const left = p.players.filter((id) => activeIds.has(id));
      if (away.length === 0) pairings.push(p);
      else if (left.length >= 2) pairings.push({ ...p, players: left, reason: `${p.reason}; ${gone(away)} withdrew, so the pod plays without them` });
      else if (left.length === 1) byes.push({ playerId: left[0]!, reason: `round robin: scheduled opponent ${gone(away)} has withdrawn, so this is a bye` });
    }
    pairings.forEach((p, i) => (p.table = i + 1));
    return ok({ round: input.round, pairings, byes, notes: [...src.notes, ...fixedScheduleNotes(input, pairings, "in a round robin everyone meets everyone")] });
  };
}

function bracketRound(input: RoundInput): Result<RoundPairing> {
  const bracket = input.bracket;
  if (!bracket) return fail("TOO_FEW_PLAYERS", "An elimination bracket needs at least 2 checked-in players.");
  const paired = new Set(input.pairedMatches ?? []);
  const ready = readyMatches(bracket).filter((m) => !paired.has(m.id));
  if (ready.length === 0) {
    const open = bracket.matches.some((m) => m.status === "waiting" || m.status === "ready");
    return fail("NOTHING_TO_PAIR", open ? "No bracket match is ready: enter the results of the current round first." : "The bracket is complete: there is nothing left to pair.");
  }
  const seedOf = new Map(bracket.seeds.map((id, i) => [id, i + 1]));
  const pairings = ready.map((m, i) => {
    const [a, b] = m.players as [string, string];
    return { players: [a, b], table: i + 1, bracketMatchId: m.id, reason: `${m.label}: seed ${seedOf.get(a)} v seed ${seedOf.get(b)}; the winner advances` };
  });
  return ok({ round: input.round, pairings, byes: [], notes: fixedScheduleNotes(input, pairings, "a bracket is fixed by its seeds") });
}

export const SWISS: PairingMethodEntry = { code: "swiss", description: "Swiss: score groups, top half v bottom half, no repeats while avoidable", pair: swiss };
export const SWISS_PODS: PairingMethodEntry = { code: "swiss-pods", description: "Swiss into pods of 3–4: each pod the highest-ranked players who have not met", pair: pods(pairSwissPods) };
export const KING_OF_THE_HILL: PairingMethodEntry = { code: "king-of-the-hill", description: "King of the Hill: 1 v 2, 3 v 4 … by standings; repeats allowed", pair: kingOfTheHill };
export const KING_OF_THE_HILL_PODS: PairingMethodEntry = { code: "king-of-the-hill-pods", description: "King of the Hill into pods: 1–2–3, 4–5–6 … by standings", pair: pods(pairKingOfTheHillPods) };
export const ROUND_ROBIN: PairingMethodEntry = { code: "round-robin", description: "round robin: everyone meets everyone once (Berger tables)", pair: roundRobinRound(false) };
export const ROUND_ROBIN_PODS: PairingMethodEntry = { code: "round-robin-pods", description: "round robin in pods: rounds of pods until every pair has met", pair: roundRobinRound(false) };
export const DOUBLE_ROUND_ROBIN: PairingMethodEntry = { code: "double-round-robin", description: "double round robin: everyone meets everyone twice, seats reversed", pair: roundRobinRound(true) };
export const DOUBLE_ROUND_ROBIN_PODS: PairingMethodEntry = { code: "double-round-robin-pods", description: "double round robin in pods: the pod schedule twice, seats reversed", pair: roundRobinRound(true) };
export const SINGLE_ELIMINATION: PairingMethodEntry = { code: "single-elimination", description: "single elimination: every ready bracket match; one loss eliminates", pair: bracketRound };
export const DOUBLE_ELIMINATION: PairingMethodEntry = { code: "double-elimination", description: "double elimination: every ready bracket match; losers drop to the losers' bracket", pair: bracketRound };
