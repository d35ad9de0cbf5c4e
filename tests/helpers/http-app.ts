/**
 * The app's faces over real HTTP on a test's database: a node:http server that does what the app's
 * server (server/main.ts) does — `admitRequest` first (the malformed-path refusal and the
 * forwarding headers, with the proxy trust the test gives), then the hot procedures through tRPC's
 * Node adapter (server/trpc-node.ts), every other procedure through the fetch handler Next's route
 * uses (server/trpc-http.ts), `/api/v1` (server/rest.ts), `POST /api/adjudicate` and the OpenAPI
 * document — each with the app's own context builder (`contextFor`). `extra` serves any other path
 * a test needs (null: 404).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Db } from "@/db/client";
import { adjudicateHttp } from "@/server/adjudicate-http";
import type { ProxyTrust } from "@/server/client-address";
import { contextFor } from "@/server/context";
import { admitRequest } from "@/server/front";
import { openApiDocument, restHandler } from "@/server/rest";
import { trpcHttpHandler } from "@/server/trpc-http";
import { hotProcedurePath, trpcNodeHandler } from "@/server/trpc-node";

/** A fetch Request from node:http's request (headers and body), for the fetch-style handlers. */
export async function toFetch(req: IncomingMessage, base: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
  return new Request(new URL(req.url ?? "/", base), { method: req.method, headers, body });
}

export interface AppServer {
  base: string;
  close(): Promise<void>;
}

export async function startAppServer(db: () => Db, opts: { trust: ProxyTrust; extra?: (req: Request) => Promise<Response | null> }): Promise<AppServer> {
  const openDb = async () => db();
  const noAfter = () => {};
  const hot = trpcNodeHandler((req, after) => contextFor(req, after, openDb));
  const trpc = trpcHttpHandler((req) => contextFor(req, noAfter, openDb));
  const rest = restHandler(openDb);
  const adjudicate = adjudicateHttp(openDb);
  let base = "";
  const server: Server = createServer((req, res) => {
    if (!admitRequest(req, res, opts.trust)) return;
    const path = hotProcedurePath(req.method, req.url);
    const answer = async () => {
      if (path !== null) return hot(req, res, path);
      const r = await toFetch(req, base);
      const url = new URL(r.url);
      const out = url.pathname.startsWith("/api/trpc/")
        ? await trpc(r)
        : url.pathname.startsWith("/api/v1/")
          ? await rest(r)
          : url.pathname === "/api/adjudicate"
            ? await adjudicate(r)
            : url.pathname === "/api/openapi.json"
              ? Response.json(openApiDocument(url.origin))
              : ((await opts.extra?.(r)) ?? new Response("no", { status: 404 }));
      res.writeHead(out.status, Object.fromEntries(out.headers));
      res.end(Buffer.from(await out.arrayBuffer()));
    };
    answer().catch((err: unknown) => {
      console.error(err);
      res.writeHead(599).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
