/**
 * The device's write queue (app/_offline/queue.ts) against a small model of the server: each target
 * holds a value and a version; a write applies only on the version it was based on, and the server
 * remembers the client ids it applied (as the real one does for moves), so "applied twice" is
 * observable. IndexedDB is fake-indexeddb here (Node has none); the browser's real one is used by
 * tests/e2e/offline.spec.ts.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { WriteQueue, type NewWrite, type QueuedWrite, type SendOutcome } from "@/app/_offline/queue";

type Row = { value: string; version: number };

function server(initial: Record<string, Row> = {}) {
  const rows = new Map(Object.entries(initial));
  const applied: string[] = [];
  const failOnce = new Set<string>();
  const loseAnswerOnce = new Set<string>();
  const send = async (w: QueuedWrite): Promise<SendOutcome> => {
    const row = rows.get(w.target) ?? { value: "", version: 0 };
    const value = String(w.input);
    if (failOnce.delete(w.clientId)) return { kind: "retry", message: "The server answered 500." };
    if ((w.baseVersion ?? 0) !== row.version) {
      // stale base: already ours (an answer lost after applying) counts as applied, else a conflict
      return row.value === value ? { kind: "applied" } : { kind: "conflict", theirs: row.value, theirsVersion: row.version };
    }
    rows.set(w.target, { value, version: row.version + 1 });
    applied.push(w.clientId);
    if (loseAnswerOnce.delete(w.clientId)) throw new Error("connection reset");
    return { kind: "applied" };
  };
  return { rows, applied, failOnce, loseAnswerOnce, send };
}

let n = 0;
async function fresh() {
  n++;
  return { queue: await WriteQueue.open(`test-queue-${n}`), name: `test-queue-${n}` };
}
const write = (clientId: string, target: string, value: string, baseVersion: number | null = 0): NewWrite => ({
  clientId,
  kind: "result",
  target,
  scope: "tournament:t",
  label: value,
  input: value,
  baseVersion,
});

describe("write queue", () => {
  it("sends writes in the order they were made, and empties", async () => {
    const { queue } = await fresh();
    const s = server();
    await queue.add(write("a", "t1", "A"));
    await queue.add(write("b", "t2", "B"));
    await queue.add(write("c", "t3", "C"));
    expect(await queue.lastSyncedAt()).toBeNull();
    const report = await queue.flush(s.send, () => 1234);
    expect(report).toEqual({ applied: 3, conflicts: 0, stopped: null, left: 0 });
    expect(s.applied).toEqual(["a", "b", "c"]);
    expect(await queue.all()).toEqual([]);
    expect(await queue.lastSyncedAt()).toBe(1234);
  });

  it("keeps its writes when reopened (a reload), and the same client id is queued once", async () => {
    const { queue, name } = await fresh();
    await queue.add(write("a", "t1", "A"));
    await queue.add(write("a", "t1", "A"));
    await queue.add(write("b", "t1", "B", 1));
    const again = await WriteQueue.open(name);
    expect((await again.all()).map((w) => [w.clientId, w.state])).toEqual([
      ["a", "pending"],
      ["b", "pending"],
    ]);
  });

  it("stops at a 500 in the middle, keeps the order, and applies nothing twice on the retry", async () => {
    const { queue } = await fresh();
    const s = server();
    for (const [id, t] of [["a", "t1"], ["b", "t2"], ["c", "t3"], ["d", "t4"]]) await queue.add(write(id, t, id.toUpperCase()));
    s.failOnce.add("b");
    const first = await queue.flush(s.send);
    expect(first.applied).toBe(1);
    expect(first.stopped).toEqual({ clientId: "b", message: "The server answered 500." });
    expect(first.left).toBe(3);
    expect(s.applied).toEqual(["a"]);
    expect((await queue.all()).find((w) => w.clientId === "b")?.lastError).toBe("The server answered 500.");
    expect(await queue.lastSyncedAt()).toBeNull();
    const second = await queue.flush(s.send);
    expect(second).toEqual({ applied: 3, conflicts: 0, stopped: null, left: 0 });
    expect(s.applied).toEqual(["a", "b", "c", "d"]);
  });

  it("a write applied whose answer was lost is not applied again", async () => {
    const { queue } = await fresh();
    const s = server();
    await queue.add(write("a", "t1", "A"));
    await queue.add(write("b", "t2", "B"));
    s.loseAnswerOnce.add("a");
    const first = await queue.flush(s.send);
    expect(first.stopped?.clientId).toBe("a");
    expect(s.applied).toEqual(["a"]);
    const second = await queue.flush(s.send);
    expect(second.applied).toBe(2);
    expect(s.applied).toEqual(["a", "b"]);
    expect(s.rows.get("t1")).toEqual({ value: "A", version: 1 });
  });

  it("a write the server can no longer accept is kept as a conflict with both values, and later writes to it wait", async () => {
    const { queue } = await fresh();
    const s = server({ t1: { value: "Theirs", version: 3 } });
    await queue.add(write("a", "t1", "Mine", 2));
    await queue.add(write("b", "t1", "Mine again", 3));
    await queue.add(write("c", "t2", "Other"));
    const report = await queue.flush(s.send);
    expect(report).toEqual({ applied: 1, conflicts: 1, stopped: null, left: 1 });
    expect(s.applied).toEqual(["c"]);
    const [a, b] = await queue.all();
    expect(a).toMatchObject({ clientId: "a", state: "conflict", conflict: { mine: "Mine", theirs: "Theirs", theirsVersion: 3 } });
    expect(b).toMatchObject({ clientId: "b", state: "pending" });
    // never resent on its own
    await queue.flush(s.send);
    expect(s.rows.get("t1")).toEqual({ value: "Theirs", version: 3 });
  });

  it("a person decides a conflict: mine is sent on top of theirs, theirs drops the write", async () => {
    const { queue } = await fresh();
    const s = server({ t1: { value: "Theirs", version: 3 }, t2: { value: "Theirs 2", version: 1 } });
    await queue.add(write("a", "t1", "Mine", 2));
    await queue.add(write("b", "t2", "Mine 2", 0));
    await queue.flush(s.send);
    await queue.resolve("a", "mine");
    await queue.resolve("b", "theirs");
    const report = await queue.flush(s.send);
    expect(report.applied).toBe(1);
    expect(s.rows.get("t1")).toEqual({ value: "Mine", version: 4 });
    expect(s.rows.get("t2")).toEqual({ value: "Theirs 2", version: 1 });
    expect(await queue.all()).toEqual([]);
  });

  it("two flushes at once send each write once", async () => {
    const { queue } = await fresh();
    const s = server();
    for (const id of ["a", "b", "c"]) await queue.add(write(id, id, id));
    await Promise.all([queue.flush(s.send), queue.flush(s.send)]);
    expect(s.applied).toEqual(["a", "b", "c"]);
  });

  it("a send that throws is a retry, not a loss", async () => {
    const { queue } = await fresh();
    await queue.add(write("a", "t1", "A"));
    const report = await queue.flush(async () => {
      throw new Error("Failed to fetch");
    });
    expect(report.stopped).toEqual({ clientId: "a", message: "Failed to fetch" });
    expect(await queue.all()).toHaveLength(1);
  });
});
