/** The trusted fold (issue 30): a committed event folded again with the verdict its adjudication
 * gave (`foldCommitted`) leaves the game exactly as `applyEvent` did — for every ruleset,
 * challenge rule (phonies included), clock and number of players — and never asks the adjudicator. */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import * as adjudicator from "../adjudicate";
import type { GameChallengeRule } from "../challenge";
import { applyEvent, applyEventRuled, foldCommitted, type GameEvent, type GameState, type PlayVerdict, type StartEvent } from "../game";
import { randomGame } from "../game/random-game";

/** the pending play's ruling is the one thing the trusted fold does not rebuild (nothing shows it) */
const comparable = (s: GameState) => (s.pending ? { ...s, pending: { ...s.pending, ruling: null } } : s);

function ruled(events: readonly GameEvent[]): { states: GameState[]; verdicts: (PlayVerdict | null)[] } {
  const states: GameState[] = [];
  const verdicts: (PlayVerdict | null)[] = [];
  let s: GameState | null = null;
  for (const e of events) {
    const r = applyEventRuled(s, e);
    if (!r.ok) throw new Error(`${e.type}: ${r.error.message}`);
    states.push((s = r.value.state));
    verdicts.push(r.value.verdict);
  }
  return { states, verdicts };
}

describe("foldCommitted", () => {
  it("folds random games to the same states as applyEvent, with the verdicts applyEventRuled kept", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("equate", "smath", "number-scrabble"),
        fc.constantFrom<GameChallengeRule>("void", "retry", "single", "double", "5-point"),
        fc.boolean(),
        fc.integer({ min: 2, max: 4 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        (ruleset, rule, timed, n, seed) => {
          const st: StartEvent = { type: "start", at: 1_000, ruleset, players: Array.from({ length: n }, (_, i) => ({ id: `p${i}` })), seed: `s${seed}`, challengeRule: rule, challengeMode: true, ...(timed ? { timeControl: { initialMs: 600_000, leastTimeBonusPoints: 5 } } : {}) };
          const g = randomGame(st, seed, { maxEvents: 60, tries: 10 });
          const { states, verdicts } = ruled(g.events);
          expect(verdicts.filter((v, i) => (v !== null) !== (g.events[i]!.type === "play"))).toEqual([]);
          let s: GameState | null = null;
          for (let i = 0; i < g.events.length; i++) {
            const r = foldCommitted(s, g.events[i]!, verdicts[i]);
            if (!r.ok) throw new Error(r.error.message);
            expect(comparable(r.value)).toEqual(comparable(states[i]!));
            s = r.value;
          }
        },
      ),
      { numRuns: 8 },
    );
  });

  it("does not ask the adjudicator for a play with a verdict, and does without one", () => {
    const st: StartEvent = { type: "start", at: 1_000, ruleset: "equate", players: [{ id: "a" }, { id: "b" }], seed: "trusted-1" };
    const g = randomGame(st, "trusted-1", { maxEvents: 30, tries: 15 });
    const { states, verdicts } = ruled(g.events);
    const i = g.events.findIndex((e) => e.type === "play");
    expect(i).toBeGreaterThan(0);
    const spy = vi.spyOn(adjudicator, "adjudicatePlay");
    try {
      expect(foldCommitted(states[i - 1]!, g.events[i]!, verdicts[i]).ok).toBe(true);
      expect(spy).not.toHaveBeenCalled();
      expect(foldCommitted(states[i - 1]!, g.events[i]!, null).ok).toBe(true);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("still checks everything else: a play out of turn is refused whatever its verdict", () => {
    const st: StartEvent = { type: "start", at: 1_000, ruleset: "equate", players: [{ id: "a" }, { id: "b" }], seed: "trusted-2" };
    const g = randomGame(st, "trusted-2", { maxEvents: 30, tries: 15 });
    const { states, verdicts } = ruled(g.events);
    const i = g.events.findIndex((e) => e.type === "play");
    const e = g.events[i]! as Extract<GameEvent, { type: "play" }>;
    const other = states[i - 1]!.players.find((p) => p.id !== e.player)!.id;
    const r = foldCommitted(states[i - 1]!, { ...e, player: other }, verdicts[i]);
    expect(r.ok).toBe(false);
    expect(applyEvent(states[i - 1]!, { ...e, player: other }).ok).toBe(false);
  });
});
