/**
 * The plain route handlers' side of the server (the CSV downloads, `POST /api/adjudicate`): they
 * call the same services as the tRPC procedures and answer errors through the same mapping
 * (`forClient`, server/errors.ts): a DomainError gets its code's HTTP status and its sentence
 * (`Retry-After` for a rate limit), anything unexpected a 500 with the generic sentence, logged.
 * Route files only wire these (app/ never touches the database: these open it).
 */
import { getDb, type Db } from "@/db/client";
import { isUuid } from "./edge";
import { DomainError, forClient } from "./errors";
import { bearerAuth } from "./api-auth";
import { requireTournamentRole } from "./services/tournaments/access";
import { ledgerCsv } from "./services/tournaments/fees";
import { pairingsCsv, standingsCsv } from "./services/tournaments/views";

/** The answer for an error a route's work threw: `{ "error": sentence }`, or the sentence as text. */
export function errorResponse(err: unknown, as: "json" | "text" = "json"): Response {
  const c = forClient(err);
  const headers = new Headers();
  if (c.retryAfterSeconds !== undefined) headers.set("retry-after", String(c.retryAfterSeconds));
  if (as === "json") return Response.json({ error: c.message }, { status: c.status, headers });
  headers.set("content-type", "text/plain; charset=utf-8");
  return new Response(`${c.message}\n`, { status: c.status, headers });
}


/** `?round=N` on pairings.csv: a whole number from 1 to 100 (the most rounds an event may have). */
function roundParam(req: Request): number | undefined {
  const raw = new URL(req.url).searchParams.get("round");
  if (raw === null || raw === "") return undefined;
  if (!/^[0-9]{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > 100) throw new DomainError("INVALID", "round must be a round number from 1 to 100.", "round");
  return Number(raw);
}

/**
 * `GET /tournaments/[id]/<kind>.csv`: the tournament's standings or pairings as a spreadsheet-safe
 * CSV download (`pairings.csv?round=N`: one round). An id that is not a uuid is a 404 before the database is asked (the procedures'
 * own uuid check; `[0-9a-f-]{36}` once let 36 hyphens through to PostgreSQL, a 500).
 * `openDb` is the app's database; tests give theirs.
 */
export function tournamentCsvRoute(kind: "standings" | "pairings", openDb: () => Promise<Db> = getDb) {
  return async (req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> => {
    try {
      const { id } = await ctx.params;
      if (!isUuid(id)) throw new DomainError("NOT_FOUND", "That tournament does not exist.");
      // Only the pairings take a round; the standings ignore the parameter.
      const round = kind === "pairings" ? roundParam(req) : undefined;
      const db = await openDb();
      const body = kind === "pairings" ? await pairingsCsv(db, id, round) : await standingsCsv(db, id);
      const name = round === undefined ? `${kind}-${id}` : `${kind}-round-${round}-${id}`;
      return new Response(body, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}.csv"` } });
    } catch (err) {
      return errorResponse(err, "text");
    }
  };
}

/** Who sent a request: an API token's user, else the session cookie's (Auth.js loads only then). */
async function requestUser(req: Request, openDb: () => Promise<Db>): Promise<{ id: string } | null> {
  const byToken = await bearerAuth(req.headers, openDb);
  if (byToken) return byToken.user;
  if (!req.headers.get("cookie")) return null;
  const { userFromRequest } = await import("./auth");
  return userFromRequest(req);
}

/**
 * `GET /tournaments/[id]/ledger.csv`: the fee ledger (services/tournaments/fees.ts) for the event's
 * staff only, as the `tournaments.desk.ledger` query: signed out is a 401, anyone else a 403 —
 * fee records are private. `userOf` is the request's user; tests give theirs.
 */
export function ledgerCsvRoute(openDb: () => Promise<Db> = getDb, userOf: (req: Request) => Promise<{ id: string } | null> = (req) => requestUser(req, openDb)) {
  return async (req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> => {
    try {
      const { id } = await ctx.params;
      if (!isUuid(id)) throw new DomainError("NOT_FOUND", "That tournament does not exist.");
      const user = await userOf(req);
      if (!user) throw new DomainError("UNAUTHENTICATED", "Sign in to download the fee ledger.");
      const db = await openDb();
      await requireTournamentRole(db, id, user.id, ["judge"]);
      const body = await ledgerCsv(db, id);
      return new Response(body, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="ledger-${id}.csv"`, "cache-control": "private, no-store" } });
    } catch (err) {
      return errorResponse(err, "text");
    }
  };
}
