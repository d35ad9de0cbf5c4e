/**
 * `GET /tournaments/[id]/tsh.t` and `GET /tournaments/[id]/ratings-submission.csv`: the event as a
 * TSH division file and as a ratings submission (server/services/tournaments/tsh.ts,
 * docs/records.md "TSH files"). Directors only — the files carry every player's entry rating — so
 * unlike the public CSVs (server/http.ts) these read the session: no user is a 401, anyone else a
 * 403, each with its sentence. `openDb` and `userOf` are the app's; tests give theirs.
 */
import { getDb, type Db } from "@/db/client";
import { isUuid } from "./edge";
import { DomainError } from "./errors";
import { errorResponse } from "./http";
import { requireTournamentRole } from "./services/tournaments/access";
import { eventTsh, ratingsSubmission } from "./services/tournaments/tsh";
import type { SessionUser } from "./trpc";

type UserOf = (req: Request) => Promise<Pick<SessionUser, "id"> | null>;

// Auth.js needs Next's runtime: loaded only when a request comes in (as server/context.ts does).
const sessionUser: UserOf = async (req) => (await import("./auth")).userFromRequest(req);

const KINDS = {
  tsh: { build: eventTsh, type: "text/plain; charset=utf-8", file: (id: string) => `${id}.t` },
  ratings: { build: ratingsSubmission, type: "text/csv; charset=utf-8", file: (id: string) => `ratings-submission-${id}.csv` },
} as const;

export function tshRoute(kind: keyof typeof KINDS, openDb: () => Promise<Db> = getDb, userOf: UserOf = sessionUser) {
  return async (req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> => {
    try {
      const { id } = await ctx.params;
      if (!isUuid(id)) throw new DomainError("NOT_FOUND", "That tournament does not exist.");
      const user = await userOf(req);
      if (!user) throw new DomainError("UNAUTHENTICATED", "Sign in as a director of this tournament to download its files.");
      const db = await openDb();
      await requireTournamentRole(db, id, user.id, ["director"]);
      const k = KINDS[kind];
      const body = await k.build(db, id);
      return new Response(body, { headers: { "content-type": k.type, "content-disposition": `attachment; filename="${k.file(id)}"`, "cache-control": "private, no-store" } });
    } catch (err) {
      return errorResponse(err, "text");
    }
  };
}
