/**
 * The scorekeeper station offline (app/_offline/station.ts): moves queued on the device are folded
 * by the server's own fold on the station's event log (seed blanked), give the server's scores and
 * scoresheet, predict the server's versions, and stop at a write whose base the server moved.
 */
import { describe, expect, it } from "vitest";
import { squares, type StartEvent } from "@/engine";
import { foldAll, type Folded } from "@/server/domain";
import { deviceGame, foldLog, foldWrite, stationWrite, STATION_KIND, type StationWriteInput } from "@/app/_offline/station";
import type { QueuedWrite } from "@/app/_offline/queue";

const M = "00000000-0000-4000-8000-000000000001";
const start = (seed: string): StartEvent => ({
  type: "start",
  at: 1_000,
  ruleset: "equate",
  options: {},
  challengeRule: "single",
  challengeMode: true,
  virtualRacks: true,
  players: [
    { id: "guest-1", name: "Ann" },
    { id: "guest-2", name: "Ben" },
  ],
  seed,
  timeControl: null,
} as StartEvent);

function placements(square: string, tiles: string[]) {
  const s = squares.parse(square, 19) ?? squares.parse(square, 15)!;
  return tiles.map((tile, i) => (s.direction === "across" ? { row: s.row, col: s.col + i, tile } : { row: s.row + i, col: s.col, tile }));
}

const moves: StationWriteInput[] = [
  { op: "move", matchId: M, seat: 0, action: { type: "play", placements: placements("10J", ["1", "+", "2", "=", "3"]) }, at: 2_000 },
  { op: "move", matchId: M, seat: 1, action: { type: "exchange", count: 2 }, at: 3_000 },
  { op: "move", matchId: M, seat: 0, action: { type: "pass" }, at: 4_000 },
];

function queued(base: Folded, inputs: StationWriteInput[]): QueuedWrite[] {
  let f = base;
  return inputs.map((input, i) => {
    const r = stationWrite(f, input, ["Ann", "Ben"], `client-${i}-xxxxxxxx`);
    if (!r.ok) throw new Error(r.message);
    const next = foldWrite(f, input);
    if (!next.ok) throw new Error(next.message);
    f = next.folded;
    return { ...r.write, seq: i + 1, createdAt: 0, state: "pending" };
  });
}

describe("the station's game on the device", () => {
  const server = foldAll([{ seq: 1, event: start("server-secret"), actorId: null }])!;
  const device = foldLog([{ seq: 1, event: { ...start("hidden") } as unknown as Record<string, unknown> }])!;

  it("scores and records queued moves as the server does, whatever the seed", () => {
    const writes = queued(device, moves);
    const dev = deviceGame(device, writes);
    expect(dev.applied).toHaveLength(3);
    expect(dev.held).toEqual([]);
    let s: Folded = server;
    for (const m of moves) {
      const r = foldWrite(s, m);
      expect(r.ok).toBe(true);
      if (r.ok) s = r.folded;
    }
    expect(dev.folded!.version).toBe(s.version);
    expect(dev.folded!.state.scores).toEqual(s.state.scores);
    expect(dev.folded!.sheet.map((l) => [l.text, l.points, l.totals])).toEqual(s.sheet.map((l) => [l.text, l.points, l.totals]));
    expect(dev.folded!.state.scores[0]).toBeGreaterThan(0);
    // each write carries the version the device predicts for the server, and a label in words
    expect(writes.map((w) => w.baseVersion)).toEqual([1, 2, 3]);
    expect(writes[0]!.label).toMatch(/^Move 1: Ann: /);
    expect(writes[1]!.label).toMatch(/^Move 2: Ben: /);
    // a challenge judges Move 1; it takes no number of its own and names the challenger once
    const played = foldWrite(device, moves[0]!);
    if (!played.ok) throw new Error(played.message);
    const ch = stationWrite(played.folded, { op: "move", matchId: M, seat: 1, action: { type: "challenge" }, at: 2_500 }, ["Ann", "Ben"], "client-c-xxxxxxxx");
    if (!ch.ok) throw new Error(ch.message);
    expect(ch.write.label).not.toMatch(/^Move /);
    expect(ch.write.label.match(/Ben/g) ?? []).toHaveLength(1);
    expect(writes.every((w) => w.kind === STATION_KIND && w.target === `match:${M}`)).toBe(true);
  });

  it("holds a write whose base is not where the device's game stands, and every later one", () => {
    const writes = queued(device, moves);
    const moved = [writes[0]!, { ...writes[1]!, baseVersion: 7 }, writes[2]!];
    const dev = deviceGame(device, moved);
    expect(dev.applied).toEqual([writes[0]!.clientId]);
    expect(dev.held).toEqual([writes[1]!.clientId, writes[2]!.clientId]);
    // a conflict holds what follows it too
    const conflicted = deviceGame(device, [{ ...writes[0]!, state: "conflict" }, writes[1]!]);
    expect(conflicted.applied).toEqual([]);
    expect(conflicted.folded!.version).toBe(1);
  });

  it("refuses on the device what the engine refuses, with its sentence", () => {
    const r = stationWrite(device, { op: "move", matchId: M, seat: 1, action: { type: "pass" }, at: 2_000 }, ["Ann", "Ben"], "client-x-xxxxxxxx");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.length).toBeGreaterThan(5);
    const tooMany = foldWrite(device, { op: "move", matchId: M, seat: 0, action: { type: "exchange", count: 20 }, at: 2_000 }); // Equate racks hold 9
    expect(tooMany).toEqual({ ok: false, message: "The player holds only 9 tiles." });
  });
});
