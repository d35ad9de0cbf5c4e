/**
 * The public event page's broadcaster (server/live/watch-broadcast.ts): one read and one encode
 * per version however many viewers, the very same bytes written to each; a viewer whose socket
 * is full is skipped, then caught up with the latest snapshot once it drains; the last viewer
 * leaving closes every subscription. And the stream's data carries no game secret.
 */
import { EventEmitter } from "node:events";
import { randomUUID } from "node:crypto";
import { expect, it, vi } from "vitest";
import { createFromPairing } from "@/server/services/matches/lifecycle";
import { checkIn } from "@/server/services/matches/presence";
import { submitMove } from "@/server/services/matches/moves";
import { getMatchView } from "@/server/services/matches/views";
import { SLOW_BYTES, watchBroadcast } from "@/server/live/watch-broadcast";
import { describeDb } from "../helpers/db";
import { seedClub, seedRound, seedTournament, seedUser } from "../helpers/seed";

const VIEWERS = 200;

/** A viewer's socket as the broadcaster sees it: records every chunk, `writableLength` settable. */
class Sink extends EventEmitter {
  chunks: Buffer[] = [];
  writableLength = 0;
  write(chunk: Buffer): boolean {
    this.chunks.push(chunk);
    return true;
  }
  frames(): { event: string; data: { seq: number } & Record<string, unknown> }[] {
    return this.chunks.flatMap((c) => {
      const m = /^event: (\w+)\ndata: (.*)\n\n$/s.exec(c.toString());
      return m ? [{ event: m[1]!, data: JSON.parse(m[2]!) }] : [];
    });
  }
}

describeDb("watch broadcaster", (db) => {
  it("encodes each version once for every viewer, drops a slow one to latest-only and unsubscribes when the last leaves", async () => {
    const [owner, director, a, b] = await Promise.all([seedUser(db()), seedUser(db()), seedUser(db()), seedUser(db())]);
    const { club } = await seedClub(db(), { owner, directors: [director], members: [a, b] });
    const { t, director: d } = await seedTournament(db(), { clubId: club.id, director, players: [a, b], settings: { name: "Watched Open", format: "swiss", rounds: 1 } });
    const { boards } = await seedRound(db(), { tournamentId: t.id, director: d });
    const { matchId } = await createFromPairing(db(), { pairingId: boards[0]!.id, userId: a.id });
    await checkIn(db(), { matchId, userId: b.id });

    const bc = watchBroadcast(db(), t.id);
    await bc.ready;
    expect(bc.topics.sort()).toEqual([`match:${matchId}`, `tournament:${t.id}`].sort());
    const sinks = Array.from({ length: VIEWERS }, () => new Sink());
    const leaves = sinks.map((s) => bc.join(s));
    // every viewer got the snapshot at once: one buffer, encoded once
    expect(bc.encodes).toBe(1);
    expect(new Set(sinks.map((s) => s.chunks[0])).size).toBe(1);
    const snap = sinks[0]!.frames()[0]!;
    expect(snap.event).toBe("snapshot");
    expect((snap.data.boards as { matchId: string }[]).map((x) => x.matchId)).toEqual([matchId]);

    // The stream carries no secret: racks, the bag, the seed, user ids.
    const mover = (await getMatchView(db(), matchId, a.id)).game!.turn;
    const moverId = mover === (await getMatchView(db(), matchId, a.id)).viewerSeat ? a.id : b.id;
    const view = await getMatchView(db(), matchId, moverId);
    const json = sinks[0]!.chunks[0]!.toString();
    for (const key of ["rack", "bag", "unseen", "seed", "userId", "email"]) expect(json).not.toContain(`"${key}"`);
    expect(json).not.toContain(a.id);
    expect(json).not.toContain(JSON.stringify(view.game!.rack).slice(1, -1));

    // One slow viewer: more than SLOW_BYTES wait in its buffer.
    const slow = sinks[VIEWERS - 1]!;
    slow.writableLength = SLOW_BYTES + 1;
    await submitMove(db(), { matchId, userId: moverId, expectedSeq: view.version, clientId: randomUUID(), action: { type: "exchange", tiles: [view.game!.rack![0]!] } });
    await vi.waitFor(() => expect(sinks[0]!.chunks.length).toBe(2), { timeout: 5_000 });
    expect(bc.encodes).toBe(2);
    const update = sinks[0]!.chunks[1]!;
    for (const s of sinks.slice(0, -1)) expect(s.chunks[1]).toBe(update); // the same bytes, not a copy
    expect(sinks[0]!.frames()[1]).toMatchObject({ event: "board", data: { seq: snap.data.seq + 1, board: { matchId } } });
    // the slow one was skipped, not queued to
    expect(slow.chunks.length).toBe(1);

    // A second move while it is still full: still skipped; then it drains and gets the latest only.
    const v2 = await getMatchView(db(), matchId, moverId === a.id ? b.id : a.id);
    await submitMove(db(), { matchId, userId: moverId === a.id ? b.id : a.id, expectedSeq: v2.version, clientId: randomUUID(), action: { type: "pass" } });
    await vi.waitFor(() => expect(sinks[0]!.chunks.length).toBe(3), { timeout: 5_000 });
    expect(slow.chunks.length).toBe(1);
    slow.writableLength = 0;
    slow.emit("drain");
    expect(slow.chunks.length).toBe(2);
    const caughtUp = slow.frames()[1]!;
    expect(caughtUp.event).toBe("snapshot");
    expect(caughtUp.data.seq).toBe(snap.data.seq + 2);
    expect((caughtUp.data.boards as { version: number }[])[0]!.version).toBe((await getMatchView(db(), matchId, null)).version);
    // the catch-up snapshot was encoded once, and is shared with any later joiner
    expect(bc.encodes).toBe(4);
    const late = new Sink();
    const leaveLate = bc.join(late);
    expect(late.chunks[0]).toBe(slow.chunks[1]);
    expect(bc.encodes).toBe(4);

    // The last viewer leaving closes every subscription; the next viewer starts a new broadcaster.
    leaveLate();
    for (const leave of leaves.slice(1)) leave();
    expect(bc.isClosed).toBe(false);
    leaves[0]!();
    expect(bc.isClosed).toBe(true);
    expect(bc.topics).toEqual([]);
    const next = watchBroadcast(db(), t.id);
    expect(next).not.toBe(bc);
    await next.ready;
    next.close();
  });

  it("a result changes the event frame: standings and pairings for every viewer", async () => {
    const [owner, director, a, b] = await Promise.all([seedUser(db()), seedUser(db()), seedUser(db()), seedUser(db())]);
    const { club } = await seedClub(db(), { owner, directors: [director], members: [a, b] });
    const { t, director: d } = await seedTournament(db(), { clubId: club.id, director, players: [a, b], settings: { name: "Result Open", format: "swiss", rounds: 1 } });
    const { boards } = await seedRound(db(), { tournamentId: t.id, director: d });
    const bc = watchBroadcast(db(), t.id);
    await bc.ready;
    const sink = new Sink();
    const leave = bc.join(sink);
    await d.tournaments.enterResult({ tournamentId: t.id, pairingId: boards[0]!.id, scores: { [a.id]: 420, [b.id]: 380 } });
    await vi.waitFor(() => expect(sink.frames().some((f) => f.event === "event")).toBe(true), { timeout: 5_000 });
    const ev = sink.frames().find((f) => f.event === "event")!.data.event as { standings: { name: string; wins: number }[]; pairings: { hasResult: boolean }[] };
    expect(ev.standings[0]).toMatchObject({ name: a.name, wins: 1 });
    expect(ev.pairings[0]!.hasResult).toBe(true);
    leave();
    expect(bc.isClosed).toBe(true);
  });
});
