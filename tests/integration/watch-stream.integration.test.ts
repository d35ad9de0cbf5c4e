/**
 * The public event page's stream over real HTTP (server/watch-http.ts): the broadcaster writes
 * its one encoded frame straight to each viewer's socket, in a close-delimited body (no chunked
 * framing). Read back by a real HTTP client (fetch) and by a raw socket, and parsed as the
 * server-sent events spec says (lines, fields, a blank line dispatches): well-formed frames; a
 * viewer whose socket backs up is skipped and gets the latest snapshot once it drains; a viewer
 * that disconnects mid-stream is removed without an error.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { randomUUID } from "node:crypto";
import { afterEach, expect, it, vi } from "vitest";
import type { Db } from "@/db/client";
import { createFromPairing } from "@/server/services/matches/lifecycle";
import { checkIn } from "@/server/services/matches/presence";
import { submitMove } from "@/server/services/matches/moves";
import { getMatchView } from "@/server/services/matches/views";
import { SLOW_BYTES, watchBroadcast } from "@/server/live/watch-broadcast";
import { serveWatch } from "@/server/watch-http";
import { describeDb } from "../helpers/db";
import { seedClub, seedRound, seedTournament, seedUser } from "../helpers/seed";

interface SseEvent {
  event: string;
  data: string;
}

/** An event-stream parser after the HTML spec (§9.2.6): any line ending, `field: value`, comments, dispatch on a blank line. */
class SseParser {
  events: SseEvent[] = [];
  retry: number | null = null;
  comments = 0;
  private tail = "";
  private event = "";
  private data: string[] = [];
  push(text: string) {
    const lines = (this.tail + text).split(/\r\n|\r|\n/);
    this.tail = lines.pop()!;
    for (const line of lines) {
      if (line === "") {
        if (this.data.length) this.events.push({ event: this.event || "message", data: this.data.join("\n") });
        this.event = "";
        this.data = [];
        continue;
      }
      if (line.startsWith(":")) {
        this.comments++;
        continue;
      }
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") this.event = value;
      else if (field === "data") this.data.push(value);
      else if (field === "retry" && /^\d+$/.test(value)) this.retry = Number(value);
    }
  }
  frames(): { event: string; data: { seq: number } & Record<string, unknown> }[] {
    return this.events.map((e) => ({ event: e.event, data: JSON.parse(e.data) as { seq: number } }));
  }
}

/** A raw viewer: the HTTP response head as sent, then the body through the parser. */
class RawViewer {
  head = "";
  readonly sse = new SseParser();
  closed = false;
  private buf = "";
  constructor(readonly socket: Socket) {
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      if (this.head) return this.sse.push(chunk);
      this.buf += chunk;
      const end = this.buf.indexOf("\r\n\r\n");
      if (end < 0) return;
      this.head = this.buf.slice(0, end);
      this.sse.push(this.buf.slice(end + 4));
    });
    socket.on("close", () => (this.closed = true));
  }
  static open(port: number, tournamentId: string): RawViewer {
    const s = connect(port, "127.0.0.1");
    s.on("connect", () => s.write(`GET /api/watch/${tournamentId} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`));
    return new RawViewer(s);
  }
}

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(null));
  server = null;
});

/** The stream's server as server/main.ts mounts it; `responses` holds each viewer's response (server side). */
async function serve(db: Db) {
  const responses: ServerResponse[] = [];
  const errors: unknown[] = [];
  server = createServer((req, res) => {
    responses.push(res);
    serveWatch(db, req, res).catch((err: unknown) => errors.push(err));
  });
  server.on("clientError", (err) => errors.push(err));
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return { port: (server.address() as AddressInfo).port, responses, errors };
}

async function seedGame(db: Db) {
  const [owner, director, a, b] = await Promise.all([seedUser(db), seedUser(db), seedUser(db), seedUser(db)]);
  const { club } = await seedClub(db, { owner, directors: [director], members: [a, b] });
  const { t, director: d } = await seedTournament(db, { clubId: club.id, director, players: [a, b], settings: { name: "Streamed Open", format: "swiss", rounds: 1 } });
  const { boards } = await seedRound(db, { tournamentId: t.id, director: d });
  const { matchId } = await createFromPairing(db, { pairingId: boards[0]!.id, userId: a.id });
  await checkIn(db, { matchId, userId: b.id });
  /** the player on move exchanges a tile (successive passes would end the game); returns the game's new version */
  const pass = async () => {
    const pub = await getMatchView(db, matchId, null);
    const mover = pub.players.find((p) => p.seat === pub.game!.turn)!.userId;
    const own = await getMatchView(db, matchId, mover);
    const action = { type: "exchange" as const, tiles: [own.game!.rack![0]!] };
    const out = await submitMove(db, { matchId, userId: mover, expectedSeq: own.version, clientId: randomUUID(), action });
    expect(out.applied).toBe(true);
    return out.version;
  };
  return { tournamentId: t.id, matchId, pass };
}

const boardVersions = (p: SseParser) => p.frames().flatMap((f) => (f.event === "board" ? [(f.data.board as { version: number }).version] : []));

describeDb("watch stream over HTTP", (db) => {
  it("sends well-formed frames on a close-delimited body, straight to the socket", async () => {
    const { port, responses, errors } = await serve(db());
    const { tournamentId, matchId, pass } = await seedGame(db());
    const ac = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/watch/${tournamentId}`, { signal: ac.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(res.headers.get("transfer-encoding")).toBeNull();
    expect(res.headers.get("content-length")).toBeNull();
    expect(responses[0]!.chunkedEncoding).toBe(false);
    const sse = new SseParser();
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        sse.push(value!);
      }
    })();
    await vi.waitFor(() => expect(sse.events.length).toBe(1), { timeout: 5_000 });
    expect(sse.retry).toBe(2000);
    const snap = sse.frames()[0]!;
    expect(snap.event).toBe("snapshot");
    expect((snap.data.boards as { matchId: string }[]).map((b) => b.matchId)).toEqual([matchId]);

    const v1 = await pass();
    const v2 = await pass();
    await vi.waitFor(() => expect(boardVersions(sse)).toContain(v2), { timeout: 5_000 });
    expect(boardVersions(sse)).toEqual([v1, v2]);
    // every frame parses, and the versions run on without a gap (event frames may ride along)
    const seqs = sse.frames().map((f) => f.data.seq);
    expect(seqs).toEqual(seqs.map((_, i) => snap.data.seq + i));
    expect(seqs.length).toBeGreaterThanOrEqual(3);
    ac.abort();
    await reading;
    await vi.waitFor(() => expect(watchBroadcast(db(), tournamentId).viewerCount).toBe(0), { timeout: 5_000 });
    expect(errors).toEqual([]);
  });

  it("skips a viewer whose socket is backed up, sends it the latest snapshot on drain, and drops one that disconnects", async () => {
    const { port, responses, errors } = await serve(db());
    const { tournamentId, pass } = await seedGame(db());
    const fast = RawViewer.open(port, tournamentId);
    const slow = RawViewer.open(port, tournamentId);
    const gone = RawViewer.open(port, tournamentId);
    await vi.waitFor(() => expect([fast, slow, gone].map((v) => v.sse.events.length)).toEqual([1, 1, 1]), { timeout: 5_000 });
    expect(fast.head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(fast.head.toLowerCase()).not.toContain("transfer-encoding");
    expect(fast.head.toLowerCase()).toContain("connection: close");
    const bc = watchBroadcast(db(), tournamentId);
    expect(bc.viewerCount).toBe(3);

    // One viewer leaves mid-stream: removed, and the others carry on without an error.
    gone.socket.destroy();
    await vi.waitFor(() => expect(bc.viewerCount).toBe(2), { timeout: 5_000 });

    // The slow viewer stops reading; on the server its socket fills (comments: valid SSE, ignored)
    // until more than SLOW_BYTES wait unsent in it.
    slow.socket.pause();
    const slowRes = responses.find((r) => r.socket && r.socket.localPort === port && r.socket.remotePort === slow.socket.localPort)!;
    const pad = Buffer.from(`: ${"x".repeat(1 << 20)}\n\n`);
    for (let i = 0; i < 64 && slowRes.socket!.writableLength <= SLOW_BYTES; i++) {
      slowRes.socket!.write(pad);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(slowRes.socket!.writableLength).toBeGreaterThan(SLOW_BYTES);

    const v1 = await pass();
    await vi.waitFor(() => expect(boardVersions(fast.sse)).toEqual([v1]), { timeout: 5_000 });
    const v2 = await pass();
    await vi.waitFor(() => expect(boardVersions(fast.sse)).toEqual([v1, v2]), { timeout: 5_000 });
    expect(bc.viewerCount).toBe(2);
    const lastSeq = fast.sse.frames().at(-1)!.data.seq;

    // It reads again: the padding, then one snapshot at the latest version — no board frame.
    slow.socket.resume();
    await vi.waitFor(() => expect(slow.sse.events.length).toBe(2), { timeout: 10_000 });
    const [first, caughtUp] = slow.sse.frames();
    expect(first!.event).toBe("snapshot");
    expect(caughtUp!.event).toBe("snapshot");
    expect(caughtUp!.data.seq).toBeGreaterThanOrEqual(lastSeq);
    expect((caughtUp!.data.boards as { version: number }[])[0]!.version).toBe(v2);
    expect(slow.sse.comments).toBeGreaterThan(0);

    // and it is live again: the next version reaches it as a board frame
    const v3 = await pass();
    await vi.waitFor(() => expect(boardVersions(slow.sse)).toEqual([v3]), { timeout: 5_000 });
    expect(boardVersions(fast.sse)).toEqual([v1, v2, v3]);
    expect(fast.closed || slow.closed).toBe(false);
    fast.socket.destroy();
    slow.socket.destroy();
    await vi.waitFor(() => expect(bc.isClosed).toBe(true), { timeout: 5_000 });
    expect(errors).toEqual([]);
  });
});
