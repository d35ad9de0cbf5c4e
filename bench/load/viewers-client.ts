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

// a board frame's first fields, as JSON.stringify writes them (server/services/boards/watch.ts)
const BOARD = /event: board\ndata: \{"seq":\d+,"board":\{"matchId":"([0-9a-f-]+)","table":\d+,"status":"\w+","version":(\d+)/g;

function open(): Promise<void> {
  return new Promise((resolve) => {
    let buf = "";
    let snapshot = false;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      resolve();
    };
    const s = connect(port, "127.0.0.1");
    s.setNoDelay(true);
    s.setEncoding("latin1");
    s.on("connect", () => s.write(`GET /api/watch/${tournamentId} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`));
    s.on("data", (chunk: string) => {
      const t = now();
      buf += chunk;
      if (!snapshot) {
        if (!buf.startsWith("HTTP/1.1 200")) {
          if (buf.includes("\r\n")) {
            errors++;
            s.destroy();
            done();
          }
          return;
        }
        if (!buf.includes("event: snapshot\n")) return;
        snapshot = true;
        done();
      }
      BOARD.lastIndex = 0;
      let m: RegExpExecArray | null;
      let end = 0;
      while ((m = BOARD.exec(buf))) {
        const key = `${m[1]}@${m[2]}`;
        let list = received.get(key);
        if (!list) received.set(key, (list = []));
        list.push(t);
        end = BOARD.lastIndex;
      }
      // keep only an unfinished tail (a frame may straddle two reads)
      const tail = buf.lastIndexOf("\n\n");
      buf = buf.slice(Math.max(end, tail >= 0 ? tail + 2 : 0));
    });
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
