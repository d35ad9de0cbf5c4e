/** Snapshots: a state restored from its snapshot at any point of a game continues exactly like
 * the replayed one (same states after every later event), for every ruleset, timed and untimed. */
import { describe, expect, it } from "vitest";
import { applyEvent, type GameEvent, type GameState } from "../game";
import { selfPlay } from "../movegen/selfplay";
import { RULESET_IDS } from "../ruleset";
import { restoreState, snapshotState, SNAPSHOT_FORMAT } from "../snapshot";

function fold(from: GameState | null, events: readonly GameEvent[]): GameState[] {
  const out: GameState[] = [];
  let s = from;
  for (const e of events) {
    const r = applyEvent(s, e);
    if (!r.ok) throw new Error(`${e.type}: ${r.error.message}`);
    out.push((s = r.value));
  }
  return out;
}

/** A self-played game, made timed (the clock is part of the state a snapshot must keep). */
function timedGame(ruleset: (typeof RULESET_IDS)[number]): GameEvent[] {
  const { events } = selfPlay(ruleset, `snap-${ruleset}`, { maxTurns: 14, maxNodes: 2_000 });
  const [start, ...rest] = events;
  const tc = { initialMs: 600_000, incrementMs: 2_000, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 60_000, leastTimeBonusPoints: 0 };
  return [{ ...(start as Extract<GameEvent, { type: "start" }>), timeControl: tc }, ...rest];
}

describe("state snapshots", () => {
  for (const ruleset of RULESET_IDS) {
    it(`${ruleset}: restoring at every point continues exactly like the replay`, () => {
      const events = timedGame(ruleset);
      const replayed = fold(null, events);
      for (let i = 0; i < replayed.length; i++) {
        const snap = JSON.parse(JSON.stringify(snapshotState(replayed[i]!))) as unknown; // as stored
        const r = restoreState(snap);
        if (!r.ok) throw new Error(r.error);
        expect(r.value).toEqual(replayed[i]);
        expect(fold(r.value, events.slice(i + 1))).toEqual(replayed.slice(i + 1));
      }
    });
  }

  it("a snapshot shares nothing with the live state", () => {
    const [s] = fold(null, timedGame("equate").slice(0, 1));
    const snap = snapshotState(s!);
    (s!.racks[0] as string[]).push("9");
    expect((snap.state.racks as string[][])[0]).not.toContain("9");
  });

  it("a format-1 snapshot (the board as objects) still restores to the same state", () => {
    const replayed = fold(null, timedGame("equate"));
    const last = replayed[replayed.length - 1]!;
    expect(last.board.length).toBeGreaterThan(0);
    const { ruleset, ...rest } = last;
    const v1 = JSON.parse(JSON.stringify({ format: 1, ruleset: { id: ruleset.id, options: ruleset.options }, state: rest })) as unknown;
    const r = restoreState(v1);
    if (!r.ok) throw new Error(r.error);
    expect(r.value).toEqual(last);
    // the packed form is smaller than the objects it replaces
    expect(JSON.stringify(snapshotState(last)).length).toBeLessThan(JSON.stringify(v1).length);
  });

  it("a board tile keeps keys beyond the row's (a blank) through the packed form", () => {
    const replayed = fold(null, timedGame("equate"));
    const s = replayed[replayed.length - 1]!;
    const board = s.board.map((t, i) => (i === 0 ? { ...t, blank: true } : t));
    const r = restoreState(JSON.parse(JSON.stringify(snapshotState({ ...s, board }))));
    if (!r.ok) throw new Error(r.error);
    expect(r.value.board).toEqual(board);
    expect(r.value.board[0]!.blank).toBe(true);
  });

  it("refuses what is not a snapshot of this format, without throwing", () => {
    const [s] = fold(null, timedGame("smath").slice(0, 1));
    const good = snapshotState(s!);
    for (const bad of [null, 42, "x", {}, { ...good, format: SNAPSHOT_FORMAT + 1 }, { ...good, ruleset: { id: "chess", options: {} } }, { ...good, ruleset: { id: "smath", options: { nope: 1 } } }, { ...good, state: { seed: "x" } }, { ...good, state: { ...good.state, board: "x" } }, { ...good, state: { ...good.state, board: [[1, 2]] } }, { ...good, state: { ...good.state, board: [[1, 2, "3", 0, 1, 5]] } }]) {
      expect(restoreState(bad).ok).toBe(false);
    }
  });
});
