/**
 * `/api/v1/…`: a read-only REST view of public data (tournaments, standings, pairings, ratings,
 * game records) and its OpenAPI document (`/api/openapi.json`), both generated from the tRPC
 * procedures marked with `.meta(REST.…)` (server/routers/rest-routes.ts): same input and output
 * zod schemas, same services, same error mapping — nothing is written twice (docs/api.md "REST").
 *
 * The document comes from trpc-to-openapi's `generateOpenApiDocument` (tRPC 11, zod 4 through
 * zod-openapi). Its request handler is not used: it sets `coerce` on the procedure's own input
 * schemas in place (trpc-to-openapi 3.3.0, utils/zod.js `coerceSchema`), so after one REST call
 * the tRPC face would coerce too (`Boolean("false")` is true). Routing a GET to its procedure is a
 * few lines here instead: the path template's `{name}` segments and the query string become the
 * input (`12` and `true`/`false` in a query are read as a number and a boolean), then the
 * procedure runs through a tRPC caller — every middleware, the zod schemas, the output picking.
 *
 * Auth: an optional `Authorization: Bearer` API token (server/api-auth.ts); a refused token is
 * 401. Requests with a token count against the token's API allowance (in the procedure builder),
 * requests without one against their address's (`takeApiAllowance`). Errors are
 * `{ "error": sentence, "code": tRPC code }` with the code's HTTP status (`forClient`).
 */
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { TRPCError } from "@trpc/server";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { getDb, type Db } from "@/db/client";
import { bearerAuth } from "./api-auth";
import { clientAddress } from "./edge";
import { DomainError, forClient, isDomainError } from "./errors";
import { takeApiAllowance } from "./rate-limit";
import { appRouter } from "./routers/_app";
import { createCallerFactory, type Context, type Meta } from "./trpc";

export const REST_PREFIX = "/api/v1";

interface Route {
  procedure: string;
  template: string;
  pattern: RegExp;
  params: string[];
}

let routes: Route[] | null = null;

/** Every query marked for REST, with its path template compiled (once). */
export function restRoutes(): Route[] {
  if (routes) return routes;
  routes = [];
  for (const [procedure, p] of Object.entries(appRouter._def.procedures)) {
    const def = (p as unknown as { _def: { type: string; meta?: Meta } })._def;
    const openapi = def.meta?.openapi;
    if (!openapi || def.type !== "query" || openapi.method !== "GET") continue;
    const params: string[] = [];
    const source = openapi.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => {
      params.push(name);
      return "([^/]+)";
    });
    routes.push({ procedure, template: openapi.path, pattern: new RegExp(`^${source}/?$`), params });
  }
  return routes;
}

/** A query string value as input: whole numbers and true/false as JSON would read them, else the text. */
function queryValue(v: string): unknown {
  if (/^-?\d{1,15}$/.test(v)) return Number(v);
  if (v === "true" || v === "false") return v === "true";
  return v;
}

const createCaller = createCallerFactory(appRouter);

function errorJson(err: unknown): Response {
  if (err instanceof TRPCError && !isDomainError(err.cause) && err.code !== "INTERNAL_SERVER_ERROR") {
    // tRPC's own refusals (an input schema's BAD_REQUEST, FORBIDDEN…): already for the client
    return Response.json({ error: err.message, code: err.code }, { status: getHTTPStatusCodeFromError(err) });
  }
  const c = forClient(err instanceof TRPCError && isDomainError(err.cause) ? err.cause : err);
  const headers = new Headers();
  if (c.retryAfterSeconds !== undefined) headers.set("retry-after", String(c.retryAfterSeconds));
  return Response.json({ error: c.message, code: c.trpc }, { status: c.status, headers });
}

/** The `/api/v1/[...path]` route: GET, and HEAD (GET's status and headers, no body). `openDb` is the app's database; tests give theirs. */
export function restHandler(openDb: () => Promise<Db> = getDb) {
  const serve = restAnswer(openDb);
  return async (req: Request): Promise<Response> => {
    const res = await serve(req);
    return req.method === "HEAD" ? new Response(null, { status: res.status, headers: res.headers }) : res;
  };
}

function restAnswer(openDb: () => Promise<Db>) {
  return async (req: Request): Promise<Response> => {
    try {
      const url = new URL(req.url);
      const rel = url.pathname.startsWith(REST_PREFIX) ? url.pathname.slice(REST_PREFIX.length) : url.pathname;
      let match: { route: Route; values: string[] } | null = null;
      for (const route of restRoutes()) {
        const m = route.pattern.exec(rel);
        if (m) {
          match = { route, values: m.slice(1) };
          break;
        }
      }
      if (!match) throw new DomainError("NOT_FOUND", `No such API route: ${rel}. The routes are listed in /api/openapi.json.`);
      if (req.method !== "GET" && req.method !== "HEAD") return Response.json({ error: "The REST view is read-only: use GET.", code: "METHOD_NOT_SUPPORTED" }, { status: 405, headers: { allow: "GET, HEAD" } });
      const auth = await bearerAuth(req.headers, openDb);
      const address = clientAddress(req);
      if (!auth) takeApiAllowance({ address }); // a token's calls are counted in the procedure builder
      const input: Record<string, unknown> = {};
      for (const [k, v] of url.searchParams) input[k] = queryValue(v);
      match.route.params.forEach((name, i) => {
        try {
          input[name] = decodeURIComponent(match.values[i]!);
        } catch {
          throw new DomainError("INVALID", `The ${name} in the path is not well-formed.`);
        }
      });
      const ctx: Context = { db: await openDb(), user: auth?.user ?? null, token: auth?.token ?? null, clientAddress: address };
      const caller = createCaller(ctx) as unknown as Record<string, unknown>;
      const fn = match.route.procedure.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], caller) as (input: unknown) => Promise<unknown>;
      return Response.json(await fn(input));
    } catch (err) {
      return errorJson(err);
    }
  };
}

let doc: OpenAPIObject | null = null;

/** The OpenAPI 3.1 document of the REST view (built once; the server's address from the request). */
export function openApiDocument(origin: string): OpenAPIObject {
  doc ??= generateOpenApiDocument(appRouter, {
    title: "Equalis public API (read-only REST view)",
    description:
      "Public data of tournaments, standings, pairings, ratings and game records. Generated from the tRPC procedures (docs/api.md). An optional personal API token goes in `Authorization: Bearer eqt_…`; everything else (writes, adjudication) is on /api/trpc and /api/adjudicate.",
    version: "1",
    baseUrl: REST_PREFIX,
    securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "A personal API token (eqt_…), made on the profile page" } },
  });
  return { ...doc, servers: [{ url: `${origin}${REST_PREFIX}` }] };
}
