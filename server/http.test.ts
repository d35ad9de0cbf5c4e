/**
 * One error mapping for every face: a DomainError thrown under a plain route handler gets the same
 * HTTP status as under a tRPC procedure (the table in server/errors.ts), with its sentence;
 * anything unexpected is a 500 with the generic sentence and nothing of its cause.
 */
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { TRPCError } from "@trpc/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DOMAIN_ERROR_CODES, DomainError, UNEXPECTED_MESSAGE, type DomainErrorCode } from "./errors";
import { errorResponse, tournamentCsvRoute } from "./http";
import { log } from "./log";
import { RateLimited } from "./rate-limit";

afterEach(() => vi.restoreAllMocks());

/** A driver's failure as postgres.js reports it: SQL text and values in the message. */
const driverError = () => Object.assign(new Error(`insert into "users" ("email") values ('secret@example.test') — connection refused`), { code: "ECONNREFUSED" });

describe("errorResponse", () => {
  it("gives every domain error code the HTTP status tRPC gives it, and the service's sentence", async () => {
    for (const code of Object.keys(DOMAIN_ERROR_CODES) as DomainErrorCode[]) {
      const viaTrpc = getHTTPStatusCodeFromError(new TRPCError({ code: DOMAIN_ERROR_CODES[code].trpc }));
      expect(DOMAIN_ERROR_CODES[code].status, code).toBe(viaTrpc);
      const res = errorResponse(new DomainError(code, `The ${code} sentence.`));
      expect(res.status, code).toBe(viaTrpc);
      expect(await res.json()).toEqual({ error: `The ${code} sentence.` });
    }
  });

  it("a rate limit is a 429 with Retry-After; text too, when asked", async () => {
    const res = errorResponse(new RateLimited(7), "text");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
    expect(await res.text()).toMatch(/try again in 7 s\.\n$/);
  });

  it("text PostgreSQL cannot store (NUL) is the client's fault: 400, wherever the driver nests it", async () => {
    const res = errorResponse(new Error("query failed", { cause: Object.assign(new Error("invalid byte sequence"), { code: "22021" }) }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Text cannot contain NUL (\\0) characters." });
  });

  it("anything else is a 500 with the generic sentence, logged on the server only", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const res = errorResponse(driverError());
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ error: UNEXPECTED_MESSAGE });
    expect(body).not.toMatch(/secret|insert|users/);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});

describe("tournamentCsvRoute", () => {
  const params = (id: string) => ({ params: Promise.resolve({ id }) });

  it("an id that is not a uuid is a 404 before the database is opened", async () => {
    const openDb = vi.fn(async () => {
      throw new Error("must not be opened");
    });
    for (const id of ["-".repeat(36), "0".repeat(36), "x", ""]) {
      const res = await tournamentCsvRoute("standings", openDb)(new Request("http://localhost/x"), params(id));
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("That tournament does not exist.\n");
    }
    expect(openDb).not.toHaveBeenCalled();
  });

  it("a database that fails is a 500 with the generic sentence, never the driver's message", async () => {
    vi.spyOn(log, "error").mockImplementation(() => {});
    for (const kind of ["standings", "pairings"] as const) {
      const res = await tournamentCsvRoute(kind, async () => Promise.reject(driverError()))(new Request("http://localhost/x"), params("3767e010-f774-43a3-b555-0123456789ab"));
      expect(res.status).toBe(500);
      const body = await res.text();
      expect(body).toBe(`${UNEXPECTED_MESSAGE}\n`);
    }
  });
});
