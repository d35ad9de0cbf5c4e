/**
 * King of the Hill pairing: 1 v 2, 3 v 4, … by current standings (TSH `koth`, Woogles KING_OF_THE_HILL).
 *
 * Rules: standings order is wins, spread, seeding (./state). Repeats are allowed, as in TSH — KOTH
 * is usually the final round, where the top boards must meet whatever happened before. Odd field:
 * the bye goes to the bottom — the lowest-ranked player among those with the fewest byes (so one
 * bye each while possible). Forbidden pairs: a forbidden neighbour pair swaps the lower player with
 * the next one down (the only deviation from strict 1v2); first moves follow ./state `chooseFirst`.
 */
import { validateField } from "../results";
import { ok, type Result } from "../types";
import { buildState, byeReason, chooseFirst, pairKey, pickBye, ranked, recordLabel } from "./state";
import type { ByeAssignment, PairedRound, Pairing, PairingInput } from "./types";

/** Pair one King of the Hill round. */
export function pairKingOfTheHill(input: PairingInput): Result<PairedRound> {
  const checked = validateField(input.players, input.history, input.forbiddenPairs ?? []);
  if (!checked.ok) return checked;
  const field = buildState(input.players, input.history, input.forbiddenPairs ?? [], input.scoring);
  const round = input.round ?? field.lastRound + 1;
  let order = ranked(field);
  const byes: ByeAssignment[] = [];
  const notes: string[] = [];
  if (order.length % 2 === 1) {
    const b = pickBye(order);
    const eligible = order.filter((p) => p.byes === b.byes).length;
    byes.push({ playerId: b.id, reason: `King of the Hill: ${byeReason(b, eligible)}` });
    order = order.filter((p) => p !== b);
  }
  const pairings: Pairing[] = [];
  const rest = [...order];
  let rank = 0;
  while (rest.length >= 2) {
    const a = rest.shift()!;
    let k = rest.findIndex((b) => !field.forbidden.has(pairKey(a.idx, b.idx, field.n)));
    if (k < 0) {
      k = 0;
      notes.push(`${a.name}: every remaining opponent is forbidden; forbidden pair allowed.`);
    }
    const b = rest.splice(k, 1)[0];
    const [f, s, why] = chooseFirst(a, b, round);
    const met = a.met.get(b.idx) ?? 0;
    const place = `#${rank + 1} ${a.name} (${recordLabel(a)}) v #${order.indexOf(b) + 1} ${b.name} (${recordLabel(b)})`;
    pairings.push({
      players: [f.id, s.id],
      table: pairings.length + 1,
      reason: `King of the Hill: ${place}${k > 0 ? " (next player down: a forbidden pair was skipped)" : ""}${met ? `; repeat allowed (meeting ${met + 1})` : ""}; ${why}`,
    });
    rank = order.indexOf(rest[0] ?? a);
  }
  return ok({ round, pairings, byes, notes });
}
