/**
 * One app instance for `npm run bench -- bus` (bench/bus.bench.ts): opens the shared database
 * (DATABASE_URL) with the live bus LIVE_BUS_URL names (NOTIFY when unset), subscribes to the
 * matches another instance plays and to that instance's probe topic, says "ready", waits for "go"
 * on stdin, then for BUS_SECONDS plays exchanges on its own games (BUS_MOVERS closed loops) and
 * publishes a probe notice every BUS_PROBE_MS. Prints one JSON line: moves played, probe send and
 * receive times (epoch ms, one clock: every instance runs on this machine).
 */
import { setMaxListeners } from "node:events";
import { createInterface } from "node:readline";
import { inArray } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { openDatabase, type Db } from "@/db/client";
import { matches } from "@/db/schema/matches";
import { liveBus, subscribe } from "@/server/live/bus";
import { submitMove } from "@/server/services/matches/moves";
import { cacheGet, loadFolded } from "@/server/services/matches/state";
import { topicOf } from "@/server/services/matches/writer";

interface Game {
  id: string;
  players: string[];
  version: number;
}

const env = process.env;
const me = Number(env.BUS_INSTANCE);
const from = Number(env.BUS_WATCH_INSTANCE);
const seconds = Number(env.BUS_SECONDS ?? 8);
const movers = Number(env.BUS_MOVERS ?? 4);
const probeMs = Number(env.BUS_PROBE_MS ?? 20);
const games = JSON.parse(env.BUS_GAMES!) as Game[];
const watched = JSON.parse(env.BUS_WATCH!) as string[];
const now = () => performance.timeOrigin + performance.now();

/** [match, version, epoch ms] of each move this instance committed (when submitMove answered), and of each move notice it heard. */
const committed: [string, number, number][] = [];
const heard: [string, number, number][] = [];

async function move(db: Db, g: Game) {
  const f = cacheGet(g.id, g.version) ?? (await loadFolded(db, g.id, g.version))!;
  const seat = f.state.turn;
  const out = await submitMove(db, { matchId: g.id, userId: g.players[seat]!, expectedSeq: g.version, clientId: randomUUID(), action: { type: "exchange" as const, tiles: [f.state.racks[seat]![0]!] } });
  g.version = out.version;
  committed.push([g.id, out.version, now()]);
}

async function main() {
  const handle = await openDatabase({ url: env.DATABASE_URL! });
  const db = handle.db;
  const rows = await db.select({ id: matches.id, version: matches.version }).from(matches).where(inArray(matches.id, games.map((g) => g.id)));
  for (const r of rows) games.find((g) => g.id === r.id)!.version = r.version;

  const ac = new AbortController();
  setMaxListeners(0, ac.signal); // one signal ends all 33 subscriptions
  const recv: [number, number][] = [];
  let matchNotices = 0;
  const probes = await subscribe(db, `probe:${from}`, ac.signal);
  void (async () => {
    for await (const n of probes) recv.push([n.version, now()]);
  })();
  for (const id of watched) {
    const sub = await subscribe(db, topicOf(id), ac.signal);
    void (async () => {
      for await (const n of sub) {
        matchNotices++;
        if (n.version > 0) heard.push([id, n.version, now()]);
      }
    })();
  }
  console.log("ready");
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once("line", () => resolve()));

  const cpu0 = process.cpuUsage();
  const end = now() + seconds * 1000;
  let moves = 0;
  const loops = Array.from({ length: movers }, async (_, k) => {
    const mine = games.filter((_, i) => i % movers === k);
    for (let i = 0; now() < end; i++) {
      await move(db, mine[i % mine.length]!);
      moves++;
    }
  });
  const sent: [number, number][] = [];
  const probing = (async () => {
    for (let seq = 1; now() < end; seq++) {
      sent.push([seq, now()]);
      await liveBus().publish(db, `probe:${me}`, seq);
      await new Promise((r) => setTimeout(r, probeMs));
    }
  })();
  await Promise.all([...loops, probing]);
  const cpu = process.cpuUsage(cpu0);
  await new Promise((r) => setTimeout(r, 1000)); // the last probes arrive
  console.log(JSON.stringify({ instance: me, moves, seconds, cpuMs: (cpu.user + cpu.system) / 1000, sent, recv, matchNotices, committed, heard }));
  ac.abort();
  await liveBus().close();
  await handle.close();
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
