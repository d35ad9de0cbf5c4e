/**
 * Pair one round of an event: `pairRound` looks the round's method up in a registry of pairing
 * methods and hands it the event as plain data (`RoundInput`: the field, who may play this round,
 * the history, the scoring, pods, forbidden pairs, Gibson settings, the bracket). The services load
 * the event and store the draft; everything in between is here, with no I/O.
 *
 * Rule: a method is one registry entry `{ code, description, pair }`; adding one is one new file
 * exporting the entry and one line in `PAIRING_REGISTRY` (docs/conventions.md "Adding a pairing
 * method"). Pod events (3–4 players a game) use the entry `<method>-pods`; a method without one
 * refuses pods. The round records `method` without the suffix (the plan's vocabulary, ./plan).
 * Caveat: a registry passed in replaces the built-in one (tests add a toy method this way).
 */
import { fail, ok, type Result } from "../types";
import { DOUBLE_ELIMINATION, DOUBLE_ROUND_ROBIN, DOUBLE_ROUND_ROBIN_PODS, KING_OF_THE_HILL, KING_OF_THE_HILL_PODS, ROUND_ROBIN, ROUND_ROBIN_PODS, SINGLE_ELIMINATION, SWISS, SWISS_PODS } from "./methods";
import type { DraftRound, PairingMethodEntry, RoundInput } from "./types";

/** Every pairing method the app knows, one line each. */
export const PAIRING_REGISTRY: readonly PairingMethodEntry[] = [
  SWISS,
  SWISS_PODS,
  KING_OF_THE_HILL,
  KING_OF_THE_HILL_PODS,
  ROUND_ROBIN,
  ROUND_ROBIN_PODS,
  DOUBLE_ROUND_ROBIN,
  DOUBLE_ROUND_ROBIN_PODS,
  SINGLE_ELIMINATION,
  DOUBLE_ELIMINATION,
];

/** The entry that pairs `method` in an event of `podSize` (null: head to head). */
export function pairingEntry(method: string, podSize: number | null, registry: readonly PairingMethodEntry[] = PAIRING_REGISTRY): Result<PairingMethodEntry> {
  const code = podSize ? `${method}-pods` : method;
  const entry = registry.find((e) => e.code === code);
  if (entry) return ok(entry);
  if (podSize && registry.some((e) => e.code === method)) return fail("UNKNOWN_METHOD", `The pairing method "${method}" cannot pair games of ${podSize} players.`);
  return fail("UNKNOWN_METHOD", `Unknown pairing method "${method}". Known: ${registry.map((e) => e.code).join(", ")}.`);
}

/** Pair round `input.round` with `input.method`; a ruling when the method or its engine refuses. */
export function pairRound(input: RoundInput, registry: readonly PairingMethodEntry[] = PAIRING_REGISTRY): Result<DraftRound> {
  const entry = pairingEntry(input.method, input.podSize, registry);
  if (!entry.ok) return entry;
  const paired = entry.value.pair(input);
  return paired.ok ? ok({ ...paired.value, method: input.method }) : paired;
}
