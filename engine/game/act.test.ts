import { describe, expect, it } from "vitest";
import { act, resultOf, type StartEvent } from "./index";
import { must, startEvent } from "./testing";

const start = (o: Partial<StartEvent> = {}): StartEvent => startEvent({ players: [{ id: "alice", name: "Alice" }, { id: "bob", name: "Bob" }], ...o });


describe("act", () => {
  it("a pass on move is the pass event alone; its state is the engine's", () => {
    const s = must(null, start());
    const out = act(s, { type: "pass", seat: 0 }, 10);
    expect(out).toMatchObject({ ok: true, actionIndex: 0, events: [{ type: "pass", at: 10, player: "alice" }] });
    expect(out.state).toEqual(must(s, { type: "pass", at: 10, player: "alice" }));
    expect(out.states).toEqual([out.state]);
  });

  it("refusals name seats by their players' names, never their ids", () => {
    const s = must(null, start());
    expect(act(s, { type: "pass", seat: 1 }, 10)).toMatchObject({ ok: false, events: [], refusal: { code: "NOT_YOUR_TURN", message: "It is not your turn: Alice is to move." } });
    expect(act(s, { type: "challenge", seat: 1 }, 10)).toMatchObject({ ok: false, refusal: { code: "NO_PLAY_TO_CHALLENGE" } });
    expect(act(s, { type: "pause" }, 10)).toMatchObject({ ok: false, refusal: { code: "NO_CLOCK", message: "This game has no clock to stop." } });
    expect(act(s, { type: "pass", seat: 5 }, 10)).toMatchObject({ ok: false, refusal: { code: "NOT_A_PLAYER" } });
    const engine = act(s, { type: "exchange", seat: 0, tiles: ["nope"] }, 10);
    expect(engine.ok).toBe(false);
    if (!engine.ok) expect(engine.refusal.message).toMatch(/^[A-Z].*\.$/);
  });

  it("the events the clock owes come first, and are still owed when the action is refused", () => {
    const s = must(null, start({ timeControl: { initialMs: 1_000, maxOvertimeMs: 0 } }));
    // Alice's flag fell at 1,000: a move at 5,000 finds the game over on time.
    const out = act(s, { type: "pass", seat: 0 }, 5_000);
    expect(out.ok).toBe(false);
    expect(out.events.map((e) => e.type)).toEqual(["timeout", "end"]);
    if (!out.ok) expect(out.refusal).toEqual({ code: "GAME_OVER", message: "The game is over: a player ran out of time." });
    expect(resultOf(out.state)).toMatchObject({ reason: "timeout", winners: ["bob"] });
  });

  it("a resignation is followed by the closing events; a director's end of a game already over adds nothing", () => {
    const s = must(null, start());
    const out = act(s, { type: "resign", seat: 1 }, 10);
    expect(out.ok && out.events.map((e) => e.type)).toEqual(["resign", "end"]);
    expect(act(out.state, { type: "director-end" }, 20)).toMatchObject({ ok: true, events: [], actionIndex: null });
    expect(act(s, { type: "director-end" }, 20)).toMatchObject({ ok: true, actionIndex: 0 });
  });

  it("never goes back in time: `now` before the last event is the last event", () => {
    const s = must(must(null, start()), { type: "pass", at: 50, player: "alice" });
    const out = act(s, { type: "pass", seat: 1 }, 10);
    expect(out.now).toBe(50);
    expect(out.events[0]!.at).toBe(50);
  });
});
