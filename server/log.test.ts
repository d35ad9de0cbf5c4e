import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, runWithRequestLog, setLogUser, withRequestLog } from "./log";

/** A logger writing into an array of parsed lines (each line must be JSON to get in). */
function captured() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger(stream, "info"), lines };
}

describe("server log", () => {
  it("writes one JSON object per line with level, time, message and the request's id and user", async () => {
    const { log, lines } = captured();
    log.info("outside any request");
    await runWithRequestLog("req-123", async () => {
      log.info("before the session is read");
      setLogUser("user-9");
      await Promise.resolve();
      log.warn({ matchId: "m1" }, "inside");
    });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ level: "info", msg: "outside any request", service: "equalis" });
    expect(lines[0]).not.toHaveProperty("requestId");
    expect(typeof lines[0]!.time).toBe("string");
    expect(lines[1]).toMatchObject({ requestId: "req-123", msg: "before the session is read" });
    expect(lines[1]).not.toHaveProperty("userId");
    expect(lines[2]).toMatchObject({ level: "warn", requestId: "req-123", userId: "user-9", matchId: "m1" });
  });

  it("redacts cookies, authorisation, passwords, tokens and racks, at the top level and one down", () => {
    const { log, lines } = captured();
    log.info(
      {
        password: "hunter2-pass",
        token: "eq_secret_token",
        rack: ["1", "+", "7"],
        req: { headers: { cookie: "authjs.session-token=abc", authorization: "Bearer eq_abc", host: "x" } },
        player: { bag: ["9", "9"], racks: [["1"]], name: "Ann" },
        input: { newPassword: "n3w-pass-word", email: "ann@example.test" },
      },
      "with secrets",
    );
    const text = JSON.stringify(lines[0]);
    for (const secret of ["hunter2-pass", "eq_secret_token", "authjs.session-token", "Bearer eq_abc", "n3w-pass-word", '"9"']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ password: "[redacted]", rack: "[redacted]", player: { name: "Ann", bag: "[redacted]" }, input: { email: "ann@example.test" } });
    expect((lines[0]!.req as { headers: Record<string, string> }).headers).toEqual({ cookie: "[redacted]", authorization: "[redacted]", host: "x" });
  });

  it("a route handler wrapped with withRequestLog answers with the id it logged under", async () => {
    let seen: string | undefined;
    const { log, lines } = captured();
    const handler = withRequestLog(async () => {
      log.info("handling");
      seen = lines.at(-1)!.requestId as string;
      return Response.json({ ok: true });
    });
    const given = await handler(new Request("http://localhost/api/health", { headers: { "x-request-id": "from-proxy-1" } }));
    expect(given.headers.get("x-request-id")).toBe("from-proxy-1");
    expect(seen).toBe("from-proxy-1");
    const made = await handler(new Request("http://localhost/api/health", { headers: { "x-request-id": "bad id with spaces and <script>" } }));
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen).toBe(made.headers.get("x-request-id"));
  });
});
