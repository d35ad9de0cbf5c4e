/**
 * Simulated spectators for `npm run bench -- viewers`: raw TCP connections to the event page's
 * stream (no browser, no EventSource: the bytes as they arrive). Driven by its parent over IPC:
 * `{ open: n }` opens n streams and answers `{ opened, errors }` once each has its snapshot;
 * `{ cpu: true }` answers its CPU time so far (process.cpuUsage);
 * `{ report: true }` answers when each board frame (match@version) arrived at each viewer and
 * closes them. Times are wall-clock milliseconds with a fraction (performance.timeOrigin + now),
 * comparable across processes on one machine. Run with `node --import tsx`, argv: port, tournament id.
 */
import { connect, type Socket } from "node:net";

const [portArg, tournamentId] = process.argv.slice(2);
const port = Number(portArg);
const now = () => performance.timeOrigin + performance.now();
const send = (m: unknown) => process.send!(m);

/** key "matchId@version" → receive times, one per viewer that got it */
const received = new Map<string, number[]>();
const sockets: Socket[] = [];
let errors = 0;
let unexpectedCloses = 0;
let closing = false;

// A board frame starts `event: board\ndata: {"seq":N,"board":{"matchId":"<uuid>","table":N,"status":"…","version":N`
// (JSON.stringify's order, server/services/boards/watch.ts). The bytes are scanned, never decoded
// or parsed: at 10,000 viewers a client that decodes and regex-matches every frame for every
// viewer costs as much CPU as the server that writes them, and shares the machine with it.
const BOARD = Buffer.from("event: board\ndata: ");
const MATCH = Buffer.from('"matchId":"');
const VERSION = Buffer.from('"version":');
const FRAME_END = Buffer.from("\n\n");
/** one read buffer for every socket of this process (net's `onread`: no stream, no per-read allocation) */
const READ_BUF = Buffer.allocUnsafe(256 * 1024);

/** `matchId@version` of the board frame starting at `at` in `b`, or null when it is cut short. */
function boardKey(b: Buffer, at: number): string | null {
  const m = b.indexOf(MATCH, at);
  if (m < 0 || m + MATCH.length + 36 > b.length) return null;
  const id = b.toString("latin1", m + MATCH.length, m + MATCH.length + 36);
  const v = b.indexOf(VERSION, m);
  if (v < 0) return null;
  let n = 0;
  let i = v + VERSION.length;
  for (; i < b.length && b[i]! >= 48 && b[i]! <= 57; i++) n = n * 10 + b[i]! - 48;
  return i < b.length ? `${id}@${n}` : null;
}

function open(): Promise<void> {
  return new Promise((resolve) => {
    let head = "";
    let snapshot = false;
    let settled = false;
    /** the unfinished end of the last read (a frame may straddle two reads) */
    let carry: Buffer | null = null;
    const done = () => {
      if (settled) return;
      settled = true;
      resolve();
    };
    const onBytes = (chunk: Buffer) => {
      const t = now();
      if (!snapshot) {
        head += chunk.toString("latin1");
        if (!head.startsWith("HTTP/1.1 200")) {
          if (head.includes("\r\n")) {
            errors++;
            s.destroy();
            done();
          }
          return;
        }
        if (!head.includes("event: snapshot\n")) return;
        snapshot = true;
        head = "";
        done();
        return; // the snapshot's read: no board frame is due before it is complete
      }
      const b: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      let pos = 0;
      let end = 0;
      for (;;) {
        const at = b.indexOf(BOARD, pos);
        if (at < 0) break;
        const key = boardKey(b, at);
        if (key === null) break;
        let list = received.get(key);
        if (!list) received.set(key, (list = []));
        list.push(t);
        pos = end = at + BOARD.length;
      }
      const tail = b.lastIndexOf(FRAME_END);
      const keep = Math.max(end, tail >= 0 ? tail + 2 : 0);
      // copied: `chunk` is the shared read buffer, overwritten by the next read
      carry = keep < b.length ? Buffer.from(b.subarray(keep)) : null;
    };
    const s: Socket = connect({ port, host: "127.0.0.1", onread: { buffer: READ_BUF, callback: (n) => (onBytes(READ_BUF.subarray(0, n)), true) } });
    s.setNoDelay(true);
    s.on("connect", () => s.write(`GET /api/watch/${tournamentId} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`));
    s.on("error", () => {
      errors++;
      done();
    });
    s.on("close", () => {
      if (!closing) unexpectedCloses++;
      done();
    });
    sockets.push(s);
  });
}

process.on("message", (msg: { open?: number; report?: boolean; cpu?: boolean }) => {
  // this process's CPU so far (µs), so the bench can tell the clients' cost from the server's
  if (msg.cpu) send(process.cpuUsage());
  if (msg.open !== undefined) {
    const n = msg.open;
    void (async () => {
      // in batches, so the server's accept queue is never the bottleneck being measured
      for (let i = 0; i < n; i += 200) await Promise.all(Array.from({ length: Math.min(200, n - i) }, open));
      send({ opened: sockets.length, errors });
    })();
  }
  if (msg.report) {
    closing = true;
    for (const s of sockets) s.destroy();
    // exit once the report is written: at 10,000 viewers it is megabytes, and an exit on a timer
    // cut it off mid-write under load (the parent then waited for ever)
    process.send!({ received: [...received], errors: errors + unexpectedCloses }, () => process.exit(0));
  }
});
