import { describe, expect, it } from "vitest";
import { hotProcedurePath } from "./trpc-node";

describe("hotProcedurePath (which requests skip Next)", () => {
  it("takes the live procedures, alone or batched together", () => {
    expect(hotProcedurePath("POST", "/api/trpc/matches.move")).toBe("matches.move");
    expect(hotProcedurePath("GET", "/api/trpc/matches.get?input=%7B%7D")).toBe("matches.get");
    expect(hotProcedurePath("GET", "/api/trpc/matches.live?input=x")).toBe("matches.live");
    expect(hotProcedurePath("GET", "/api/trpc/matches.get,matches.scorekeeper.get?batch=1")).toBe("matches.get,matches.scorekeeper.get");
    expect(hotProcedurePath("GET", "/api/trpc/matches.get%2Cmatches.move?batch=1")).toBe("matches.get,matches.move");
  });

  it("leaves everything else to Next: other procedures, mixed batches, other paths and methods, bad escapes", () => {
    expect(hotProcedurePath("GET", "/api/trpc/matches.mine")).toBeNull();
    expect(hotProcedurePath("GET", "/api/trpc/matches.get,accounts.me?batch=1")).toBeNull();
    expect(hotProcedurePath("GET", "/play/abc")).toBeNull();
    expect(hotProcedurePath("GET", "/api/trpcx/matches.get")).toBeNull();
    expect(hotProcedurePath("PUT", "/api/trpc/matches.move")).toBeNull();
    expect(hotProcedurePath("GET", "/api/trpc/matches.get%E0%A4%A")).toBeNull();
    expect(hotProcedurePath("GET", `/api/trpc/${Array(11).fill("matches.get").join(",")}?batch=1`)).toBeNull();
  });
});
